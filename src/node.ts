/**
 * `anvil-skeleton/node`: the library's workflows that need Node: files and folders on disk, and
 * threads. An archive file opened for positional reads (for `openForge` and `censusArchive`), the
 * walk over the paths a command is given, one file read as the commands read it, one named
 * resource read from a file or from inside an archive, and the census of files, folders and
 * archives with a pool of worker threads, whose report is the CLI's `census --json`; `validate`
 * over the same inputs, one verdict at a time; `assemble`; the rig of the Skeletons under some
 * paths and a hierarchy file (for `crack`); the MeshBones, palette and constants files of the
 * skinning workflows; the search of a memory dump for a pose array; the web viewer's listing
 * of files and archives (bodies read when asked) and its loopback server; the output rule every
 * command that writes follows (never destroy a file it did not write), with its atomic writes;
 * `forge extract` into a folder and `forge pack` of one; and an edited glTF read for `import`.
 *
 * @packageDocumentation
 */
export { openArchiveFile, type ArchiveFileSource } from './node/archive-file-source.js';
export { NoInputError, walkInputs, type InputFile, type InputProblem, type InputWalk } from './node/files.js';
export { readInputFile, readInputHead, type InputHeadRead, type InputRead, type InputReadOptions } from './node/input-file.js';
export { DEFAULT_MAX_SIZE, NAMES_ENV_VAR, parseFileSize } from './node/limits.js';
export { loadNameDictionary, nameListFiles, readNameListFile } from './node/name-lists.js';
export {
  runCensus,
  ArchiveProfileChoiceError,
  CENSUS_FILES_PER_THREAD,
  type CensusProgress,
  type RunCensusOptions,
} from './node/census.js';
export { defaultCensusJobs } from './node/census-pool.js';
export { validateInputs, type ValidateInputsOptions } from './node/validate.js';
export {
  assembleInputs,
  NoComponentError,
  type AssembleInputsOptions,
  type AssembleInputsResult,
  type AssemblyFailure,
} from './node/assemble.js';
export { readRigHierarchyFile, readSkeletonRig, type SkeletonRig, type SkeletonRigOptions } from './node/skeleton-rig.js';
export {
  readCaptureFrames,
  readMeshBonesFile,
  readPaletteFile,
  refusedInSkinFiles,
  SkinFileRefusal,
  type SkinInputFiles,
} from './node/skin-files.js';
export { findPoseArrayInFile, poseDumpError, type FindPoseInFileOptions } from './node/pose-dump.js';
export {
  loadResourceFile,
  readArchiveResource,
  readNamedResource,
  readNamedSkeleton,
  readResourceFile,
  ResourceInputError,
  skeletonOfBytes,
  type ArchiveAddressChoice,
  type NamedResourceBytes,
  type ResourceReadChoices,
} from './node/resource-input.js';
export {
  listViewInputs,
  readViewInputs,
  readListedFile,
  ListedFileError,
  type ListedFile,
  type ViewArchive,
  type ViewArchiveEntry,
  type ViewEntryRead,
  type ViewInput,
  type ViewListing,
  type ViewListOptions,
} from './node/view-listing.js';
export {
  startViewServer,
  byteRange,
  VIEW_CSP,
  VIEW_HOST,
  type AppFile,
  type ViewServer,
  type ViewServerOptions,
} from './node/view-server.js';
export { loadViewerApp, ViewerNotBuiltError } from './node/view-app.js';
export {
  existingOutput,
  outputRefusal,
  OutputRefusedError,
  refuseUnsafeOutputs,
  UnsafeOutputError,
  writeFileAtomic,
  writeFilesAtomic,
  writeStreamAtomic,
  type ExistingOutput,
  type OutputFile,
  type OutputSink,
  type PlannedOutput,
  type WriteOptions,
} from './node/output-file.js';
export { extractForgeArchive, type ExtractForgeOptions } from './node/forge-extract.js';
export {
  forgeFolderManifest,
  ForgePackError,
  packForgeFolder,
  packForgeFolderTo,
  type ForgeFolderOptions,
  type PositionalSink,
} from './node/forge-pack.js';
export { ForgeReplaceError, replaceInForgeFile, type ForgeReplaceFileOptions, type ForgeReplaceResult } from './node/forge-replace.js';
export {
  GltfExportChoiceError,
  gltfExportFiles,
  gltfExportOutputs,
  planGltfExport,
  type GltfExportChoices,
  type GltfExportPlan,
} from './node/gltf-export.js';
export { readGltfFile } from './node/gltf-file.js';
export { importArmatureFile, type ArmatureImportFileOptions, type ArmatureImportFileOutcome } from './node/armature-import-file.js';
export { readFilePrefix } from './node/file-prefix.js';
export { writeSampleCorpus, type SampleCorpusOptions } from './node/sample-corpus.js';
export { probeFiles, type FileProbes } from './node/probe-files.js';
