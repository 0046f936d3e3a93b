/**
 * Skinning input: the MeshBones and palette JSON as the skin commands take them, parsed and
 * checked item by item, so a bad input is refused naming the item rather than reaching a report.
 */
import { describeValue } from '../io/format.js';
import type { Skeleton } from '../model/skeleton.js';
import { formatHash, parseHash } from '../names/crc32.js';
import { SKINNING_DEFAULTS } from './skinning-options.js';
import { REGISTERS_PER_MATRIX } from '../math/matrix.js';

/**
 * Bad skinning input: `item` names what is wrong (`meshBones[3].matrix`, `palette[5]`, `palette
 * entry 2 (c45–c47)`, `constants`, `frames[1]: palette entry 0`, `skeleton.bones[4].global`), and
 * the message starts with it.
 */
export class SkinningInputError extends Error {
  override name = 'SkinningInputError';
  /** The item refused: a JSON path or a palette entry with its registers. */
  readonly item: string;
  constructor(item: string, detail: string) {
    super(`${item}: ${detail}`);
    this.item = item;
  }

  /**
   * The input at fault, of those named: an item under `skeleton.` is the Skeleton's, `frames[k]`
   * the k-th constants file's, any other the MeshBones file's (or `other` when given: the palette).
   */
  blame<T>(inputs: { skeleton: T; meshBones: T; frames?: readonly T[] }, other?: T): T {
    const frame = /^frames\[(\d+)\]/.exec(this.item);
    if (this.item.startsWith('skeleton.')) return inputs.skeleton;
    if (frame !== null) return inputs.frames?.[Number(frame[1])] ?? inputs.meshBones;
    return other ?? inputs.meshBones;
  }
}

/** One MeshBone of a mesh: the bone's name hash and its matrix. */
export interface MeshBone {
  /** CRC-32 name hash of the bone it binds. */
  nameHash: number;
  /** Sixteen numbers, row-major, row-vector form (translation in lanes 12–14), as stored. */
  matrix: number[];
}

const quote = (value: unknown): string => {
  const text = typeof value === 'number' ? String(value) : describeValue(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * The MeshBones of a parsed JSON document `[ { "bone": "0x<hash>", "matrix": [16 numbers] } ]`,
 * in mesh-bone order. Throws {@link SkinningInputError} naming the item: not an array, an entry
 * that is not an object, a hash that is neither a `0x` string nor an integer of 32 bits, a matrix
 * that is not 16 finite numbers, or one whose last column (lanes 3, 7, 11, 15) is not 0, 0, 0, 1
 * (an affine matrix in row-vector form; a transposed matrix fails here).
 */
export function parseMeshBones(json: unknown): MeshBone[] {
  if (!Array.isArray(json))
    throw new SkinningInputError('meshBones', `expected a JSON array of { "bone", "matrix" } objects, got ${quote(json)}`);
  return json.map((entry: unknown, index) => {
    const at = `meshBones[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new SkinningInputError(at, `expected an object { "bone", "matrix" }, got ${quote(entry)}`);
    const { bone, matrix } = entry as { bone?: unknown; matrix?: unknown };
    const nameHash =
      typeof bone === 'string'
        ? parseHash(bone)
        : typeof bone === 'number' && Number.isInteger(bone) && bone >= 0 && bone <= 0xffffffff
          ? bone
          : null;
    if (nameHash === null) throw new SkinningInputError(`${at}.bone`, `expected a name hash such as "0x2C52CBB0", got ${quote(bone)}`);
    if (!Array.isArray(matrix) || matrix.length !== 16)
      throw new SkinningInputError(`${at}.matrix`, `expected 16 numbers (row-major, row-vector form), got ${quote(matrix)}`);
    const bad = matrix.findIndex((value: unknown) => typeof value !== 'number' || !Number.isFinite(value));
    if (bad >= 0) throw new SkinningInputError(`${at}.matrix[${bad}]`, `expected a finite number, got ${quote(matrix[bad])}`);
    const numbers = matrix as number[];
    const lastColumn = [numbers[3]!, numbers[7]!, numbers[11]!, numbers[15]!];
    if (lastColumn.some((value, k) => Math.abs(value - (k === 3 ? 1 : 0)) > 1e-6))
      throw new SkinningInputError(
        `${at}.matrix`,
        `lanes 3, 7, 11, 15 are ${lastColumn.join(', ')}, not 0, 0, 0, 1: not an affine matrix in row-vector form (its translation belongs in the last row, lanes 12–14)`,
      );
    return { nameHash: nameHash >>> 0, matrix: [...numbers] };
  });
}

/** Palette entries that fit in `count` registers, three each. */
function maxPaletteEntries(count: number): number {
  return Math.floor(count / REGISTERS_PER_MATRIX);
}

/**
 * A draw range's palette from a parsed JSON document: an array of MeshBone indices, at most
 * ⌊count / 3⌋ (32 for the default 96 registers). Throws {@link SkinningInputError} naming the item:
 * not an array, empty, too long, or an entry that is not an index into the `meshBoneCount`
 * MeshBones.
 */
export function parsePalette(json: unknown, meshBoneCount: number, options: { count?: number } = {}): number[] {
  const count = options.count ?? SKINNING_DEFAULTS.count;
  const most = maxPaletteEntries(count);
  if (!Array.isArray(json)) throw new SkinningInputError('palette', `expected a JSON array of MeshBone indices, got ${quote(json)}`);
  if (json.length === 0) throw new SkinningInputError('palette', 'is empty: a draw range names at least one MeshBone');
  if (json.length > most)
    throw new SkinningInputError('palette', `holds ${json.length} entries; ${count} registers hold at most ${most} (three each)`);
  return json.map((value: unknown, index) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= meshBoneCount)
      throw new SkinningInputError(
        `palette[${index}]`,
        `${quote(value)} is not a MeshBone index (the MeshBones hold ${meshBoneCount}${meshBoneCount > 0 ? `: 0–${meshBoneCount - 1}` : ''})`,
      );
    return value;
  });
}

/**
 * The skeleton bone each MeshBone binds, by name hash (the first bone carrying it). Throws
 * {@link SkinningInputError} at `meshBones[i].bone` for a hash no bone of the skeleton carries.
 */
export function meshBoneBones(skeleton: Skeleton, meshBones: readonly MeshBone[]): number[] {
  const byHash = new Map<number, number>();
  for (const bone of skeleton.bones) if (!byHash.has(bone.nameHash)) byHash.set(bone.nameHash, bone.index);
  return meshBones.map((meshBone, index) => {
    const bone = byHash.get(meshBone.nameHash);
    if (bone === undefined)
      throw new SkinningInputError(
        `meshBones[${index}].bone`,
        `${formatHash(meshBone.nameHash)} names no bone of the skeleton (${skeleton.bones.length} bones)`,
      );
    return bone;
  });
}
