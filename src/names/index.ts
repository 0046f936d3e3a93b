/** Bone and class name identity: CRC-32 hashing, the name dictionary, name lists and hash cracking. */
export {
  CRC32_FINAL_XOR,
  CRC32_INITIAL_STATE,
  crc32,
  crc32BackwardLinearTable,
  crc32Finalize,
  crc32ForwardLinearTable,
  crc32StepByte,
  crc32UnstepByte,
  crc32Unupdate,
  crc32Update,
  formatHash,
  nameBytes,
  parseHash,
} from './crc32.js';
export { CLASS_NAMES, NameDictionary, builtInDictionary, builtInNames, classDictionary } from './dictionary.js';
export { parseNameList } from './name-list.js';
export {
  crackHashes,
  defaultVocabulary,
  planCrack,
  splitNameIntoWords,
  type CrackMatch,
  type CrackOptions,
  type CrackPlan,
  type CrackProgress,
  type CrackResult,
} from './crack.js';
export { defaultFamilies, expectedChanceMatches, familySize, type NameFamily } from './families.js';
export {
  searchFamilies,
  type FamilyMatch,
  type FamilySearchOptions,
  type FamilySearchProgress,
  type FamilySearchResult,
} from './family-search.js';
export {
  DEFAULT_LIKELY_THRESHOLD,
  resolveRigNames,
  type NameCandidate,
  type NameConfidence,
  type ResolveRigOptions,
  type RigHierarchy,
  type RigName,
} from './rig-names.js';
