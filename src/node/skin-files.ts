/**
 * The files a skinning workflow reads from disk: the MeshBones and palette JSON files and the
 * captured constant-buffer dumps. A bad one is a {@link SkinFileRefusal} naming the file at fault,
 * so a caller reports `<file>: <item>: <reason>` without knowing which input an item belongs to.
 */
import { decodePaletteConstants, constantsBytesNeeded, parseMeshBones, parsePalette, SkinningInputError } from '../analysis/skinning.js';
import type { MeshBone } from '../analysis/skinning-input.js';
import type { Mat4 } from '../math/vector.js';
import { readFilePrefix } from './file-prefix.js';

/** A skinning input refused: the file (or Skeleton label) at fault and why; the message reads `<file>: <reason>`. */
export class SkinFileRefusal extends Error {
  override name = 'SkinFileRefusal';
  constructor(
    /** The file, or the Skeleton's label, at fault. */
    readonly file: string,
    /** Why: the item refused and what is wrong with it. */
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** The inputs of a skinning workflow, to blame a refusal on: the Skeleton's label, the MeshBones file, the constants files. */
export interface SkinInputFiles {
  /** The Skeleton's file, or its archive, entry and resource. */
  skeleton: string;
  /** The MeshBones JSON file. */
  meshBones: string;
  /** The constants files, one a frame. */
  frames?: readonly string[];
}

/**
 * `run`'s result; a {@link SkinningInputError} it throws is restated as a {@link SkinFileRefusal}
 * of the input at fault: an item under `skeleton.` is the Skeleton's, `frames[k]` the k-th
 * constants file's, any other the MeshBones file's (or `file` when given).
 */
export function refusedInSkinFiles<T>(files: SkinInputFiles, run: () => T, file?: string): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof SkinningInputError)) throw error;
    throw new SkinFileRefusal(error.blame(files, file), error.message);
  }
}

async function readJsonFile(file: string, maxSize: number): Promise<unknown> {
  const bytes = await readFilePrefix(file, maxSize, maxSize);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch (error) {
    throw new SkinFileRefusal(file, `not JSON: ${(error as Error).message}`);
  }
}

/** The MeshBones of `files.meshBones`, a JSON file of at most `maxSize` bytes. */
export async function readMeshBonesFile(files: SkinInputFiles, maxSize: number): Promise<MeshBone[]> {
  const json = await readJsonFile(files.meshBones, maxSize);
  return refusedInSkinFiles(files, () => parseMeshBones(json));
}

/** The palette (MeshBone indices) of a JSON file, for `meshBones` MeshBones and a block of `registers` registers. */
export async function readPaletteFile(
  file: string,
  files: SkinInputFiles,
  meshBones: number,
  registers: number,
  maxSize: number,
): Promise<number[]> {
  const json = await readJsonFile(file, maxSize);
  return refusedInSkinFiles(files, () => parsePalette(json, meshBones, { count: registers }), file);
}

/** One frame of palette matrices from each constants file, each read only as far as `entries` entries from register `base`. */
export async function readCaptureFrames(
  files: SkinInputFiles,
  constants: readonly string[],
  entries: number,
  base: number,
): Promise<Mat4[][]> {
  const needed = constantsBytesNeeded(entries, base);
  const frames: Mat4[][] = [];
  for (const file of constants) {
    const bytes = await readFilePrefix(file, needed);
    frames.push(refusedInSkinFiles(files, () => decodePaletteConstants(bytes, entries, { base }), file));
  }
  return frames;
}
