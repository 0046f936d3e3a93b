/**
 * anvil-skeleton: read, check and write the Skeleton resources of the Anvil/Scimitar engine
 * family, in Node and in the browser. Everything is exported by name so the surface stays what is
 * listed here. The glTF exporter (`anvil-skeleton/gltf`), the grammar for declaring structures
 * (`anvil-skeleton/grammar`) and the sample corpus (`anvil-skeleton/samples`) have entries of
 * their own, so this one never loads glTF-Transform.
 *
 * @packageDocumentation
 */

// Reading and writing whole resources.
export {
  classifyHeader,
  describeHeader,
  readResource,
  readResourceAs,
  resourceSpansUntilRefusal,
  writeResource,
  type HeaderClass,
  type ReadResourceOptions,
  type ReadResult,
  type Resource,
  type ResourceKind,
} from './formats/resource.js';
export { DIALECTS, LAYOUT_NAMES, type Dialect, type LayoutName } from './formats/dialect.js';
export { isAutoDialect, type ComponentResource, type SkeletonResource } from './formats/resource.js';

// The registry of layouts, and what a layout declares (to register one of your own).
export {
  BUILT_IN_LAYOUT_SET,
  defaultLayouts,
  findLayout,
  LayoutSet,
  layoutByName,
  layoutNames,
  layouts,
  parseReading,
  readingWithDefaults,
  registerLayout,
} from './formats/registry.js';
export {
  defineLayout,
  publicReadingLabel,
  type Layout,
  type LayoutBone,
  type LayoutBoneModifier,
  type LayoutDeclaration,
  type LayoutFamily,
  type LayoutSkeleton,
  type LayoutSource,
  type Reading,
  type ReadingChoices,
  type SkeletonRecord,
  type StoredBoneTransforms,
} from './formats/layout.js';
export { anvilnextFamilyDeclaration, type AnvilnextFamilyOptions } from './formats/anvilnext/family.js';
export { SEED_VARIANT, type AnvilnextVariant } from './formats/anvilnext/variant.js';
export { scimitarFamilyDeclaration, type ScimitarFamilyOptions } from './formats/scimitar/family.js';
export { SWS_VARIANT, type ScimitarVariant } from './formats/scimitar/bone.js';
export { probeResource, type ProbeCandidate, type ProbeResult } from './analysis/probe.js';
export { fileProbeText, layoutRows, layoutRowsText, type FileProbe, type LayoutRow } from './export/probe-report.js';
export { resourceFieldInfo, type FieldInfo } from './formats/field-info.js';
export { ANVILNEXT_READING_CHOICES, ANVILNEXT_READING_DEFAULTS, type AnvilnextReading } from './formats/anvilnext/reading.js';
export { parseAnvilnextReading } from './formats/anvilnext/index.js';
export { EncodeError, ParseError, Refusal, type ParseErrorDetails } from './io/errors.js';
export type { PathSegment } from './io/format.js';
export {
  formatAddress,
  refusalReport,
  readFailureReport,
  type AddressedRefusal,
  type ProblemReport,
  type ReadFailureReport,
  type EntryAddress,
  type RefusalReport,
  type ResourceAddress,
  type ResourcePlace,
} from './io/address.js';
export type { Span } from './grammar/codec.js';
export type { PointerValue } from './grammar/pointer.js';

// The decoded records, as the layouts store them.
export type { AnvilnextBone } from './formats/anvilnext/bone.js';
export type { ResourceReference } from './formats/anvilnext/common.js';
export { expectedComponentBodySize, SKELETON_COMPONENT_HEADER_SIZE, type SkeletonComponent } from './formats/anvilnext/component.js';
export type { AnvilnextPoseBone, AnvilnextSkeleton } from './formats/anvilnext/skeleton.js';
export type { ScimitarBone } from './formats/scimitar/bone.js';
export type { ScimitarSkeleton } from './formats/scimitar/skeleton.js';

// The dialect-free model.
export type { Skeleton, SkeletonBone } from './model/skeleton.js';
export { skeletonFromResource } from './model/read.js';
export { buildSkeleton, type BoneDescription, type SkeletonDescription } from './model/build.js';
export { anvilnextRecordFromSkeleton, recordFromSkeleton, scimitarRecordFromSkeleton } from './model/from-records.js';
export { descendantCounts, globalsFromLocals } from './model/hierarchy.js';
export { composeTransforms, invertTransform, type Transform } from './math/transform.js';
export type { Quat, Vec3, Vec4 } from './math/vector.js';

// Bone and class names.
export { crc32, formatHash, parseHash } from './names/crc32.js';
export { builtInDictionary, builtInNames, classDictionary, NameDictionary } from './names/dictionary.js';
export { parseNameList } from './names/name-list.js';
export { crackHashes, defaultVocabulary, type CrackMatch, type CrackOptions, type CrackProgress, type CrackResult } from './names/crack.js';
export { defaultFamilies, expectedChanceMatches, familySize, type NameFamily } from './names/families.js';
export {
  searchFamilies,
  type FamilyMatch,
  type FamilySearchOptions,
  type FamilySearchProgress,
  type FamilySearchResult,
} from './names/family-search.js';
export {
  DEFAULT_LIKELY_THRESHOLD,
  resolveRigNames,
  type NameCandidate,
  type NameConfidence,
  type ResolveRigOptions,
  type RigHierarchy,
  type RigName,
} from './names/rig-names.js';

export { parseRigHierarchy, rigHierarchyOf, RigHierarchyError } from './analysis/rig-hierarchy.js';
export { crackSummaryText, formatExpectedChance, likelyNamesFile, rigNamesJson, rigNamesText } from './export/rig-names-report.js';
export { crackRigNames, VOCABULARY_FAMILY, type CrackRigOptions, type CrackRigResult } from './names/crack-rig.js';

// The named checks.
export { anyFailed, checkById, CHECKS, runChecks, type RunChecksOptions } from './analysis/checks/index.js';
export type { Check, CheckConfidence, CheckResult, CheckStatus, CheckSubject, Offender } from './analysis/checks/types.js';
export { checkSkeletonResource, isBlockingFailure, type CheckResourceOptions } from './analysis/check-resource.js';
export { validateResourceBytes, type ResourceValidation, type ValidateOptions } from './analysis/validate-resource.js';
export {
  validateForgeRecords,
  validateResourceRecord,
  type FileValidation,
  type FileValidationOptions,
  type ForgeValidationOptions,
} from './analysis/file-validation.js';
export { checkFailureLines, offenderLine, provenFailureLines } from './export/check-lines.js';
export { ValidationTally, validationLine, validationSummaryText, type ValidationSummary } from './export/validate-report.js';

// The census.
export { CensusAccumulator, type CensusOptions } from './analysis/census.js';
export type { NameResolver } from './analysis/census/tally.js';
export type { CensusReport, CheckReport, ComponentResolution, LayoutReport, PortionCount } from './analysis/census/report.js';
export type {
  CensusRefusal,
  CensusRefusalPlace,
  CensusState,
  CheckExample,
  CheckTally,
  ComponentReferences,
  HeldFailed,
  LayoutState,
  ProvenFailure,
} from './analysis/census/state.js';
export type { CensusLayout } from './analysis/census/portions.js';
export { censusMarkdown, type CensusMarkdownOptions } from './export/census-markdown.js';
export { censusSummaryText } from './export/census-text.js';
// The census in words once, as plain data: what censusMarkdown writes and the viewer's Census tab draws.
export {
  censusDocument,
  type CensusBlock,
  type CensusDocument,
  type CensusDocumentOptions,
  type CensusHeading,
  type CensusList,
  type CensusParagraph,
  type CensusPart,
  type CensusTable,
} from './export/census-document.js';
// The census of an archive: its records counted under their addresses, and its line of counts.
export {
  censusArchive,
  openArchiveCensus,
  censusArchiveEntries,
  finishArchiveCensus,
  emptyArchiveCensus,
  emptyBatchCounts,
  addBatchCounts,
  recordArchiveRefusal,
  unreadRecordMessage,
  ARCHIVE_REFUSALS_KEPT,
  type ArchiveBatchCounts,
  type ArchiveCensus,
  type ArchiveRefusalReport,
  type CensusArchiveOptions,
  type CensusRunReport,
  type OpenedArchiveCensus,
} from './analysis/census/archive.js';
export { archiveCensusText } from './export/census-text.js';
export { archiveCensusMarkdown } from './export/census-markdown.js';

// Assembling a character's rig from its SkeletonComponent.
export {
  assemble,
  ASSEMBLE_DEFAULTS,
  type AddonAssembly,
  type AssembledBone,
  type AssembleOptions,
  type Assembly,
  type AssemblyAddonInput,
  type AssemblyConflict,
  type AssemblyConflictKind,
  type BoneSource,
} from './analysis/assemble.js';
export {
  anvilnextSkeletonId,
  assembleComponent,
  assembleComponents,
  cachedSkeletonLookup,
  SkeletonIndex,
  type AssemblyProblem,
  type ComponentAssembly,
  type ComponentSource,
  type FoundSkeleton,
  type SkeletonDuplicate,
  type SkeletonLookup,
} from './analysis/assemble-components.js';
export {
  assemblyJson,
  assemblyRunSummary,
  assemblyRunSummaryText,
  assemblySummaryText,
  describeAssemblyConflict,
  type AssemblyJson,
  type AssemblyRunSummary,
} from './export/assembly-report.js';

// The runtime pose and the engine's pose array.
export { runtimeLocalTransforms, runtimeWorldTransforms, worldFromLocals } from './analysis/runtime-pose.js';
export { runtimePoseJson, runtimePoseText, type RuntimePoseJson, type TransformJson } from './export/runtime-pose-report.js';
export { decodePoseArray, encodePoseArray, encodePoseRecords, POSE_RECORD_BYTES, type PoseRecord } from './analysis/pose-array.js';
export {
  createPoseScanner,
  findPoseArray,
  POSE_ROOT_KINDS,
  type FindPoseOptions,
  type PoseFindResult,
  type PoseRootKind,
  type PoseScanner,
  type PoseSource,
  type RandomAccessSource,
} from './analysis/pose-find.js';

// Skinning: MeshBone inverse binds, the g_Bones palette, locals recovered from captures.
export {
  captureReport,
  constantsBytesNeeded,
  decodePaletteConstants,
  encodePaletteConstants,
  meshBindReport,
  meshBoneBones,
  paletteMatrices,
  palettePairs,
  parseMeshBones,
  parsePalette,
  REGISTER_BYTES,
  SkinningInputError,
  type CaptureFrame,
  type CaptureOffender,
  type CaptureReport,
  type MeshBindReport,
  type MeshBone,
  type MeshBoneBinding,
  type PaletteLayout,
} from './analysis/skinning.js';
export { SKIN_POSES, SKINNING_DEFAULTS, type SkinPose } from './analysis/skinning-options.js';
export { captureJson, captureText, meshBindJson, meshBindText } from './export/skinning-report.js';
export { PALETTE_REGISTER_LAYOUT, REGISTERS_PER_MATRIX } from './math/matrix.js';
export type { Mat4 } from './math/vector.js';

// JSON, text and hex views.
export {
  componentToJson,
  skeletonToJson,
  toJsonText,
  type BoneJson,
  type BoneModifierJson,
  type BoneNameResolver,
  type ComponentJson,
  type ResourceReferenceJson,
  type SkeletonJson,
  type StoredValueJson,
} from './export/json.js';
export { componentText, skeletonText } from './export/text.js';
export { annotatedHexDump, hexDumpSpans } from './export/hexdump.js';
export { resourceCheckFailures, resourceHexDump, resourceReport } from './export/inspect-report.js';
export { armatureImportJson, armatureImportText } from './export/armature-import-report.js';

// What an output holds, and whether bytes already at its path may be replaced by it.
export {
  ARCHIVE_OUTPUT,
  compareWithOutput,
  describeOutputBytes,
  describeOutputKind,
  GLTF_OUTPUT,
  gltfBufferOutput,
  JSON_OUTPUT,
  OUTPUT_HEAD_BYTES,
  paletteOutput,
  POSE_ARRAY_OUTPUT,
  rawOutput,
  resourceOutput,
  TEXT_OUTPUT,
  type ExistingFileBytes,
  type OutputKind,
} from './export/output-kind.js';

// .forge archives: read through a random-access source, only the tables and the data files asked for.
export { blobSource, bytesSource, checkRange, type ArchiveSource, type BlobLike } from './archive/source.js';
export {
  ForgeProfileAmbiguity,
  ForgeOptionsConflict,
  probeForgeProfiles,
  type ForgeProbe,
  type ForgeProfileTrial,
  type OpenForgeOptions,
} from './archive/forge-open.js';
export { FORGE_PROFILES, forgeProfileByName, type ForgeProfile, type ForgeProfileName } from './archive/profile/profiles.js';
export { TOC_RECORD_KINDS, type TocRecordKind } from './archive/profile/names.js';
export {
  replaceResources,
  ReplacementRefusal,
  type ByteSink,
  type RebuiltDataFile,
  type ReplacedResource,
  type ReplaceOptions,
  type ReplaceReport,
  type ResourceReplacement,
} from './archive/forge-rewrite.js';
export {
  checkManifest,
  FORGE_MANIFEST_FILE,
  packArchive,
  packArchiveWrites,
  type ForgeManifest,
  type ManifestEntry,
  type ManifestResource,
} from './archive/forge-pack.js';
export {
  assembleWrites,
  forgeWrites,
  type ForgeLazyEntry,
  type ForgeStreamWriterOptions,
  type ForgeWrite,
} from './archive/forge-writer.js';
export {
  openForge,
  readDataFile,
  type Forge,
  type ForgeDataFile,
  type ForgeEntry,
  type ForgeFinding,
  type ForgeIndexBlock,
  type ForgeProfileChoice,
  type ForgeResource,
  type ForgeSet,
  type ForgeVersion,
} from './archive/forge.js';
export { forgeSkeletalFiles, type ForgeSkeletalFile } from './archive/forge-records.js';
export { forgeRecords, type ForgeRecordItem, type ForgeRecordsOptions } from './archive/forge-records.js';
export {
  browseForge,
  keptRecordBody,
  type ForgeBrowse,
  type ForgeBrowseOptions,
  type ForgeBrowsedRecord,
  type ForgeEntryRecords,
  type ForgeTableEntry,
} from './archive/forge-browse.js';
export { formatSize } from './io/format.js';
export { ForgeClassRecords } from './archive/forge-class-records.js';
export {
  archiveRefusalReport,
  findForgeEntry,
  findForgeResource,
  ForgeAddressError,
  forgeEntryAddress,
  forgeResourceAddress,
  locateForgeResource,
  readForgeResource,
  type AddressedResource,
  type ForgeAddressProblem,
  type LocatedForgeResource,
} from './archive/forge-address.js';
export {
  forgeExtractManifestEntry,
  forgeExtractSelection,
  forgeListing,
  forgeListingText,
  forgeProfileLabel,
  forgeRawEntryName,
  listForge,
  planForgeExtraction,
  type ForgeExtractFile,
  type ForgeExtractPlan,
  type ForgeExtractSelection,
  type ForgeListOptions,
  type ForgeListProgress,
  type ForgeListRefusal,
  type ForgeListReport,
  type ForgeListResource,
  type ForgeListRow,
  type ForgeListStep,
} from './archive/forge-listing.js';
export {
  forgeExtractText,
  forgeListJson,
  forgePackSummary,
  forgePackText,
  forgeReplaceJson,
  forgeReplaceText,
  type ForgeExtractCounts,
  type ForgePackSummary,
} from './export/forge-report.js';
export { ForgePackLayoutError, manifestFromFolders, manifestWithProfile, type PackFolder } from './archive/forge-pack-folders.js';
export {
  forgeProbeReport,
  forgeProbeText,
  type ForgeProbeDataFile,
  type ForgeProbeReport,
  type ForgeProbeTrialReport,
} from './archive/forge-probe-report.js';
export {
  forgeClassName,
  forgeEntriesToRead,
  forgeEntryLabel,
  forgeEntryMayHoldSkeleton,
  forgeNameMatcher,
  forgeResourceLabel,
  isForgeHeader,
  isSkeletalClass,
  parseForgeClasses,
  safeForgeName,
} from './archive/forge-select.js';
