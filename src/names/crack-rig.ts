/**
 * What `crack` does with a rig, as a workflow: its unknown hashes searched against the name
 * families (and, when given one, a vocabulary), and every hash weighed with the rig's evidence.
 */
import { crackHashes, planCrack, type CrackProgress } from './crack.js';
import type { NameDictionary } from './dictionary.js';
import { defaultFamilies, familySize } from './families.js';
import { searchFamilies, type FamilyMatch, type FamilySearchProgress } from './family-search.js';
import { resolveRigNames, type RigHierarchy, type RigName } from './rig-names.js';

/** The family id of the matches a vocabulary search finds. */
export const VOCABULARY_FAMILY = 'vocabulary';

/** How {@link crackRigNames} searches and weighs. */
export interface CrackRigOptions {
  /** Names that make a hash known. */
  dictionary: NameDictionary;
  /** A candidate whose chance count is below this is likely. */
  threshold: number;
  /** Most vocabulary matches kept per hash. */
  limit: number;
  /** Also build names from these words (after the families were searched to the end). */
  vocabulary?: { words: string[]; maxWords: number; separators: string[] } | null;
  /** Asked now and then; returning true ends the searches early with what was found. */
  shouldStop?: () => boolean;
  /** Called as the family search advances, with the count of unknown hashes searched. */
  onFamilyProgress?: (progress: FamilySearchProgress, hashes: number) => void;
  /** Called as the vocabulary search advances. */
  onVocabularyProgress?: (progress: CrackProgress) => void;
}

/** What {@link crackRigNames} found, and how much of the search it covered. */
export interface CrackRigResult {
  /** Every hash of the rig, weighed. */
  results: RigName[];
  /** The distinct hashes no dictionary name has: those searched. */
  unknown: number;
  /** Names of every family together. */
  searched: number;
  /** False when `shouldStop` ended a search early. */
  complete: boolean;
  /** Ids of the families not searched to the end (empty when only the vocabulary search was cut). */
  unfinished: string[];
  /** The hashes by confidence (`none`: no match). */
  tally: { known: number; likely: number; possible: number; none: number };
}

/** Searches the rig's unknown hashes against the default families (and the vocabulary), and weighs every hash. */
export function crackRigNames(rig: RigHierarchy, options: CrackRigOptions): CrackRigResult {
  const { dictionary, vocabulary, shouldStop = () => false } = options;
  const unknown = [...new Set(rig.hashes.map((h) => h >>> 0))].filter((hash) => dictionary.lookup(hash).length === 0);
  const families = defaultFamilies();
  const onFamily = options.onFamilyProgress;
  const onProgress = onFamily === undefined ? undefined : (p: FamilySearchProgress) => onFamily(p, unknown.length);
  const search = searchFamilies(unknown, families, { shouldStop, onProgress });
  const matches: FamilyMatch[] = [...search.matches];
  const extraFamilySizes = new Map<string, number>();
  let complete = search.complete;
  if (vocabulary && complete && unknown.length > 0) {
    extraFamilySizes.set(VOCABULARY_FAMILY, planCrack(unknown.length, vocabulary).candidates);
    const found = crackHashes(unknown, { ...vocabulary, limit: options.limit, shouldStop, onProgress: options.onVocabularyProgress });
    for (const result of found)
      for (const match of result.matches) matches.push({ hash: result.hash, name: match.name, family: VOCABULARY_FAMILY });
    complete = !shouldStop();
  }
  const results = resolveRigNames(rig, { dictionary, families, matches, extraFamilySizes, threshold: options.threshold });
  const tally = { known: 0, likely: 0, possible: 0, none: 0 };
  for (const result of results) tally[result.confidence ?? 'none']++;
  return {
    results,
    unknown: unknown.length,
    searched: families.reduce((sum, family) => sum + familySize(family), 0),
    complete,
    unfinished: families.filter((family) => !search.finished.includes(family.id)).map((family) => family.id),
    tally,
  };
}
