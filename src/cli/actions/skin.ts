/** What `skin bind`, `skin capture` and `skin palette` do (declared in commands/skin.ts). */
import { resolve } from 'node:path';
import {
  captureReport,
  constantsBytesNeeded,
  decodePaletteConstants,
  encodePaletteConstants,
  meshBindReport,
  meshBoneBones,
  paletteMatrices,
  parseMeshBones,
  parsePalette,
  REGISTER_BYTES,
  SkinningInputError,
  type MeshBone,
} from '../../analysis/skinning.js';
import { count } from '../../io/format.js';
import { captureJson, captureText, meshBindJson, meshBindText } from '../../export/skinning-report.js';
import type { Mat4 } from '../../math/vector.js';
import type { Skeleton } from '../../model/skeleton.js';
import { EXIT_OK, RefusedInputError } from '../errors.js';
import { loadNamedSkeleton } from '../forge-resource.js';
import { readFilePrefix } from '../../node/file-prefix.js';
import { nameListFiles } from '../name-lists.js';
import { paletteOutput } from '../../export/output-kind.js';
import { refuseUnsafeOutputs, writeFileAtomic } from '../../node/output-file.js';
import type { ArchiveAddressValues, ForceOptionValues, ResourceOptionValues } from '../options.js';
import type { NamesOptionValues } from '../names-option.js';
import type { SkinPose } from '../../analysis/skinning-options.js';

/** What every skin subcommand takes: `--layout`, `--reading`, `--max-size`, `--names`, and `--entry`/`--resource` for the Skeleton. */
export type SkinCommonOptions = ResourceOptionValues & NamesOptionValues & ArchiveAddressValues;

/** `skin bind`. */
export type SkinBindOptions = SkinCommonOptions & { json?: boolean };

/** `skin capture`. */
export type SkinCaptureOptions = SkinCommonOptions & { json?: boolean; palette: string; constants: string[]; base: number; count: number };

/** `skin palette`. */
export type SkinPaletteOptions = SkinCommonOptions &
  ForceOptionValues & { palette: string; output: string; pose: SkinPose; base: number; count: number };

type NameOf = (hash: number) => string | null;

/** The files a skin subcommand reads, to blame a library refusal on. */
interface InputFiles {
  skeleton: string;
  meshBones: string;
  frames?: readonly string[];
}

/**
 * A library refusal as a refusal of the file it came from, `<file>: <item>: <reason>` (exit 1): an
 * item under `skeleton.` is the Skeleton's, `frames[k]` the k-th constants file's, any other the
 * MeshBones file's (or `file` when given).
 */
function refusedIn<T>(files: InputFiles, run: () => T, file?: string): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof SkinningInputError)) throw error;
    throw new RefusedInputError(error.blame(files, file), error.message);
  }
}

async function readJson(file: string, maxSize: number): Promise<unknown> {
  const bytes = await readFilePrefix(file, maxSize, maxSize);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch (error) {
    throw new RefusedInputError(file, `not JSON: ${(error as Error).message}`);
  }
}

interface Loaded {
  skeleton: Skeleton;
  meshBones: MeshBone[];
  nameOf: NameOf;
  maxSize: number;
  files: InputFiles;
}

/** `files.skeleton` is the Skeleton's label: its file, or archive, entry and resource when read from a .forge archive. */
async function loadInputs(skeletonPath: string, meshBonesPath: string, options: SkinCommonOptions, command: string): Promise<Loaded> {
  const { skeleton, label, nameOf, read } = await loadNamedSkeleton(skeletonPath, options, command);
  const json = await readJson(meshBonesPath, read.maxSize);
  const files = { skeleton: label, meshBones: meshBonesPath };
  const meshBones = refusedIn(files, () => parseMeshBones(json));
  return { skeleton, meshBones, nameOf, maxSize: read.maxSize, files };
}

async function loadPalette(file: string, loaded: Loaded, registerCount: number): Promise<number[]> {
  const json = await readJson(file, loaded.maxSize);
  return refusedIn(loaded.files, () => parsePalette(json, loaded.meshBones.length, { count: registerCount }), file);
}

export async function bindCommand(skeletonPath: string, meshBonesPath: string, options: SkinBindOptions): Promise<void> {
  const loaded = await loadInputs(skeletonPath, meshBonesPath, options, 'skin bind');
  const { skeleton, meshBones, nameOf } = loaded;
  const report = refusedIn(loaded.files, () => meshBindReport(skeleton, meshBones));
  const where = { skeleton: loaded.files.skeleton, meshBones: meshBonesPath };
  if (options.json) process.stdout.write(`${JSON.stringify(meshBindJson(report, nameOf), null, 2)}\n`);
  else process.stdout.write(meshBindText(report, skeleton, nameOf, where));
  process.exitCode = EXIT_OK;
}

export async function captureCommand(skeletonPath: string, meshBonesPath: string, options: SkinCaptureOptions): Promise<void> {
  const loaded = await loadInputs(skeletonPath, meshBonesPath, options, 'skin capture');
  const { skeleton, meshBones, nameOf } = loaded;
  const palette = await loadPalette(options.palette, loaded, options.count);
  // A hash no bone carries is the MeshBones file's fault, found before any dump is read.
  refusedIn(loaded.files, () => meshBoneBones(skeleton, meshBones));
  const needed = constantsBytesNeeded(palette.length, options.base);
  const frames: Mat4[][] = [];
  for (const file of options.constants) {
    const bytes = await readFilePrefix(file, needed);
    frames.push(refusedIn(loaded.files, () => decodePaletteConstants(bytes, palette.length, { base: options.base }), file));
  }
  const report = refusedIn({ ...loaded.files, frames: options.constants }, () => captureReport(skeleton, meshBones, palette, frames));
  if (options.json) process.stdout.write(`${JSON.stringify(captureJson(report, skeleton, nameOf, options.constants), null, 2)}\n`);
  else process.stdout.write(captureText(report, skeleton, nameOf, options.constants, palette.length));
  process.exitCode = EXIT_OK;
}

export async function paletteCommand(skeletonPath: string, meshBonesPath: string, options: SkinPaletteOptions): Promise<void> {
  // What palette writes is 16 × (base + count) bytes, the registers below base zero: an earlier palette of the same registers.
  const output = {
    path: resolve(options.output),
    option: '-o',
    kind: paletteOutput(REGISTER_BYTES * (options.base + options.count), options.base),
  };
  const force = options.force === true;
  await refuseUnsafeOutputs(
    [output],
    [skeletonPath, meshBonesPath, options.palette, ...nameListFiles(options.names)],
    'skin palette',
    undefined,
    {
      force,
    },
  );
  const loaded = await loadInputs(skeletonPath, meshBonesPath, options, 'skin palette');
  const { skeleton, meshBones } = loaded;
  const palette = await loadPalette(options.palette, loaded, options.count);
  const matrices = refusedIn(loaded.files, () => paletteMatrices(skeleton, meshBones, palette, options.pose));
  let bytes: Uint8Array;
  try {
    bytes = encodePaletteConstants(matrices, { base: options.base, count: options.count });
  } catch (error) {
    throw new RefusedInputError(meshBonesPath, (error as Error).message);
  }
  await writeFileAtomic({ ...output, data: bytes }, { command: 'skin palette', force });
  const last = options.base + 3 * palette.length - 1;
  process.stdout.write(
    `wrote ${count(palette.length, 'palette entry', 'palette entries')} of the ${options.pose} pose (registers c${options.base}–c${last}, ${count(bytes.byteLength, 'byte')}) to ${options.output}\n`,
  );
  process.exitCode = EXIT_OK;
}
