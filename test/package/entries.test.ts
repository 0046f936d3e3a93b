/**
 * The package's entries export what the API names, and nothing else: a name added or lost is a
 * change of the public surface, made on purpose here or not at all.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as gltf from '../../src/gltf.js';
import * as grammar from '../../src/grammar.js';
import * as samples from '../../src/samples.js';
import * as node from '../../src/node.js';

const VALUES: Record<string, readonly string[]> = {
  root: [
    // reading and writing
    'readResource',
    'readResourceAs',
    'resourceSpansUntilRefusal',
    'resourceFieldInfo',
    'writeResource',
    'classifyHeader',
    'describeHeader',
    'ParseError',
    'EncodeError',
    'Refusal',
    'formatAddress',
    'refusalReport',
    'DIALECTS',
    'isAutoDialect',
    // the registry of layouts
    'findLayout',
    'layoutByName',
    'layoutNames',
    'layouts',
    'parseReading',
    'readingWithDefaults',
    'registerLayout',
    'LayoutSet',
    'BUILT_IN_LAYOUT_SET',
    'defaultLayouts',
    'defineLayout',
    'publicReadingLabel',
    'anvilnextFamilyDeclaration',
    'SEED_VARIANT',
    'scimitarFamilyDeclaration',
    'SWS_VARIANT',
    'probeResource',
    'ANVILNEXT_READING_CHOICES',
    'ANVILNEXT_READING_DEFAULTS',
    'parseAnvilnextReading',
    'expectedComponentBodySize',
    'SKELETON_COMPONENT_HEADER_SIZE',
    // model
    'skeletonFromResource',
    'buildSkeleton',
    'anvilnextRecordFromSkeleton',
    'recordFromSkeleton',
    'scimitarRecordFromSkeleton',
    'descendantCounts',
    'globalsFromLocals',
    'composeTransforms',
    'invertTransform',
    // names
    'crc32',
    'formatHash',
    'parseHash',
    'NameDictionary',
    'builtInDictionary',
    'builtInNames',
    'classDictionary',
    'parseNameList',
    'crackHashes',
    'defaultVocabulary',
    'defaultFamilies',
    'familySize',
    'expectedChanceMatches',
    'searchFamilies',
    'resolveRigNames',
    'DEFAULT_LIKELY_THRESHOLD',
    // checks
    'runChecks',
    'checkSkeletonResource',
    'CHECKS',
    'checkById',
    'anyFailed',
    'isBlockingFailure',
    'validateResourceBytes',
    // census
    'CensusAccumulator',
    'censusMarkdown',
    'censusSummaryText',
    'censusDocument',
    // the census of an archive
    'censusArchive',
    'openArchiveCensus',
    'censusArchiveEntries',
    'finishArchiveCensus',
    'emptyArchiveCensus',
    'emptyBatchCounts',
    'addBatchCounts',
    'recordArchiveRefusal',
    'unreadRecordMessage',
    'ARCHIVE_REFUSALS_KEPT',
    'archiveCensusText',
    'archiveCensusMarkdown',
    // assembly
    'assemble',
    'ASSEMBLE_DEFAULTS',
    // runtime pose and pose array
    'runtimeLocalTransforms',
    'runtimeWorldTransforms',
    'worldFromLocals',
    'encodePoseArray',
    'encodePoseRecords',
    'decodePoseArray',
    'POSE_RECORD_BYTES',
    'findPoseArray',
    'createPoseScanner',
    'POSE_ROOT_KINDS',
    // skinning
    'captureReport',
    'constantsBytesNeeded',
    'decodePaletteConstants',
    'encodePaletteConstants',
    'meshBindReport',
    'meshBoneBones',
    'paletteMatrices',
    'palettePairs',
    'parseMeshBones',
    'parsePalette',
    'REGISTER_BYTES',
    'SkinningInputError',
    'SKIN_POSES',
    'SKINNING_DEFAULTS',
    'PALETTE_REGISTER_LAYOUT',
    'REGISTERS_PER_MATRIX',
    // views
    'skeletonToJson',
    'componentToJson',
    'toJsonText',
    'skeletonText',
    'componentText',
    'annotatedHexDump',
    // .forge archives
    'blobSource',
    'bytesSource',
    'checkRange',
    'openForge',
    // archive profiles, detection, rewriting and packing
    'ForgeProfileAmbiguity',
    'ForgeOptionsConflict',
    'probeForgeProfiles',
    'FORGE_PROFILES',
    'forgeProfileByName',
    'TOC_RECORD_KINDS',
    'replaceResources',
    'ReplacementRefusal',
    'checkManifest',
    'FORGE_MANIFEST_FILE',
    'packArchive',
    'readDataFile',
    'forgeClassName',
    'forgeEntryLabel',
    'forgeEntryMayHoldSkeleton',
    'forgeEntriesToRead',
    'forgeSkeletalFiles',
    'forgeRecords',
    'forgeNameMatcher',
    'forgeResourceLabel',
    'isForgeHeader',
    'isSkeletalClass',
    'parseForgeClasses',
    'safeForgeName',
  ],
  gltf: [
    'exportGlb',
    'exportGltfEmbedded',
    'exportGltfSeparate',
    'GLTF_GENERATOR',
    'GLTF_EXPORT_DEFAULTS',
    'GLTF_POSES',
    'AXIS_CONVENTIONS',
    'applyArmature',
    'ArmatureImportError',
    'UNCHANGED_TOLERANCE',
  ],
  grammar: [
    'u8',
    'u16',
    'u32',
    'u64',
    'f32',
    'vec4',
    'i32',
    'u8OneOf',
    'rawBytes',
    'constU8',
    'constU32',
    'PrimitiveKind',
    'struct',
    'field',
    'counted',
    'keyedUnion',
    'isKeyedUnion',
    'pointer',
    'NULL_POINTER',
    'POINTER_TAG',
    'withIdScope',
    'registersId',
    'scopedReference',
    'IdScope',
    'mapCodec',
    'unknownLayout',
    'lengthPrefixedBytes',
    'flaggedLengthPrefixedBytes',
    'decodeAll',
    'encodeAll',
    'ByteReader',
    'ByteWriter',
    'ParseError',
    'EncodeError',
    'Refusal',
  ],
  samples: [
    'sampleCorpus',
    'sampleNames',
    'sampleSkeletons',
    'inventoryCorpus',
    'inventoryFileCount',
    'INVENTORY_DEFAULT_SEED',
    'INVENTORY_TARGETS',
    'riderRig',
    'bikeRig',
    'addonRigs',
    'skaterRig',
    'rigToSkeleton',
  ],
  node: [
    'openArchiveFile',
    'walkInputs',
    'NoInputError',
    'readInputFile',
    'DEFAULT_MAX_SIZE',
    'runCensus',
    'ArchiveProfileChoiceError',
    'CENSUS_FILES_PER_THREAD',
    'defaultCensusJobs',
  ],
};

/** Helpers being deleted, test hooks and compiler internals: never part of any entry. */
const NEVER = [
  'mat4Multiply',
  'mat4Invert',
  'quatAngleBetween',
  'ZERO_POSITION',
  'IDENTITY_QUAT',
  'vec3Length',
  'unpackBoneWord',
  'compileReaderModule',
  'decodeFast',
  'decodeTracked',
  'withCompiledReader',
  'refuseAgain',
  'emptyCensusState',
  'mergeCensusState',
  'buildGltfDocument',
];

const MODULES: Record<string, object> = { root, gltf, grammar, samples, node };

describe('package entries', () => {
  for (const [entry, names] of Object.entries(VALUES)) {
    it(`${entry} exports exactly its listed values`, () => {
      expect(Object.keys(MODULES[entry]!).sort()).toEqual([...names].sort());
      for (const name of NEVER) expect(Object.keys(MODULES[entry]!)).not.toContain(name);
    });
  }

  it('one ParseError class for every entry, so instanceof holds across them', () => {
    expect(grammar.ParseError).toBe(root.ParseError);
  });

  it('package.json maps each entry to its built module and declarations, and declares no side effects', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, { types: string; import: string } | string>;
      sideEffects: unknown;
    };
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.exports).toEqual({
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
      './gltf': { types: './dist/gltf.d.ts', import: './dist/gltf.js' },
      './grammar': { types: './dist/grammar.d.ts', import: './dist/grammar.js' },
      './samples': { types: './dist/samples.d.ts', import: './dist/samples.js' },
      './node': { types: './dist/node.d.ts', import: './dist/node.js' },
      './package.json': './package.json',
    });
  });
});
