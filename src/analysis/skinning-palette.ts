/**
 * The `g_Bones` register block: where each palette entry's three float4 registers sit (from
 * register `base`, three an entry, 16 bytes a register, f32 little-endian) and how its matrix is
 * written to and read from them (src/math/matrix.ts, `PALETTE_REGISTER_LAYOUT`).
 */
import { mat4FromRegisterRows, mat4InvertAffine, mat4ToRegisterRows, REGISTERS_PER_MATRIX } from '../math/matrix.js';
import type { Mat4 } from '../math/vector.js';
import { SkinningInputError } from './skinning-input.js';
import { SKINNING_DEFAULTS } from './skinning-options.js';

/** Bytes of one float4 register. */
export const REGISTER_BYTES = 16;

/** Register and byte placement of a palette: `base`, and the registers `count` the array holds. */
export interface PaletteLayout {
  /** First register of `g_Bones` (default 39). */
  base?: number;
  /** Registers of `g_Bones` (default 96). */
  count?: number;
}

function layoutOf(options: PaletteLayout): { base: number; count: number } {
  const base = options.base ?? SKINNING_DEFAULTS.base;
  const count = options.count ?? SKINNING_DEFAULTS.count;
  if (!Number.isInteger(base) || base < 0) throw new RangeError(`base register must be an integer 0 or more, not ${base}`);
  if (!Number.isInteger(count) || count < REGISTERS_PER_MATRIX)
    throw new RangeError(`register count must be an integer 3 or more, not ${count}`);
  return { base, count };
}

/** The registers `c<first>–c<last>` of palette entry k. */
function entryRegisters(base: number, k: number): string {
  const first = base + REGISTERS_PER_MATRIX * k;
  return `c${first}–c${first + REGISTERS_PER_MATRIX - 1}`;
}

/** Bytes a constants dump needs to hold `entries` palette entries from register `base`: 16 × (base + 3 × entries). */
export function constantsBytesNeeded(entries: number, base: number = SKINNING_DEFAULTS.base): number {
  return REGISTER_BYTES * (base + REGISTERS_PER_MATRIX * entries);
}

/**
 * A constant-buffer dump holding the palette, as a capture exports it: f32 little-endian, register
 * r at byte 16 · r, 16 × (base + count) bytes, registers before `base` and past the palette zero.
 * Throws RangeError when the palette needs more than `count` registers or a lane does not fit an f32.
 */
export function encodePaletteConstants(matrices: readonly Readonly<Mat4>[], options: PaletteLayout = {}): Uint8Array {
  const { base, count } = layoutOf(options);
  if (REGISTERS_PER_MATRIX * matrices.length > count)
    throw new RangeError(
      `${matrices.length} palette entries need ${REGISTERS_PER_MATRIX * matrices.length} registers; g_Bones holds ${count}`,
    );
  const bytes = new Uint8Array(REGISTER_BYTES * (base + count));
  const view = new DataView(bytes.buffer);
  matrices.forEach((m, k) => {
    mat4ToRegisterRows(m).forEach((lane, j) => {
      if (!Number.isFinite(Math.fround(lane)))
        throw new RangeError(`palette entry ${k} (${entryRegisters(base, k)}): ${lane} does not fit an f32`);
      view.setFloat32(constantsBytesNeeded(k, base) + 4 * j, lane, true);
    });
  });
  return bytes;
}

/**
 * The `entries` palette matrices of a constants dump (f32 LE, register r at byte 16 · r, the palette
 * from register `base`), reading only the 16 × (base + 3 × entries) bytes it needs. Throws
 * {@link SkinningInputError}: `constants` when the dump is shorter than that, `palette entry k (cA–cB)`
 * for a lane that is not finite or a matrix whose 3×3 part is singular (it could not be inverted).
 */
export function decodePaletteConstants(bytes: Uint8Array, entries: number, options: Pick<PaletteLayout, 'base'> = {}): Mat4[] {
  const { base } = layoutOf({ base: options.base });
  const needed = constantsBytesNeeded(entries, base);
  if (bytes.byteLength < needed)
    throw new SkinningInputError(
      'constants',
      `${bytes.byteLength} bytes, shorter than the ${needed} that 16 × (${base} + 3 × ${entries}) registers need (the palette from c${base}, three registers an entry)`,
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, needed);
  const matrices: Mat4[] = [];
  for (let k = 0; k < entries; k++) {
    const lanes: number[] = [];
    for (let j = 0; j < 4 * REGISTERS_PER_MATRIX; j++) {
      const at = constantsBytesNeeded(k, base) + 4 * j;
      const value = view.getFloat32(at, true);
      if (!Number.isFinite(value))
        throw new SkinningInputError(
          `palette entry ${k} (${entryRegisters(base, k)})`,
          `register c${base + REGISTERS_PER_MATRIX * k + (j >> 2)}.${'xyzw'[j & 3]} (byte ${at}) is ${value}, not a finite number`,
        );
      lanes.push(value);
    }
    const m = mat4FromRegisterRows(lanes);
    if (mat4InvertAffine(m) === null)
      throw new SkinningInputError(
        `palette entry ${k} (${entryRegisters(base, k)})`,
        'its 3×3 part is singular, so it holds no bone matrix',
      );
    matrices.push(m);
  }
  return matrices;
}
