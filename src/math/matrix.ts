/**
 * Float64 4×4 affine matrices and the two ways the engine lays them out.
 *
 * We compute in **column form**: a point is a column vector, `M · v`, so `A · B` applies B first.
 * A {@link Mat4} holds a column-form matrix column-major (`m[4 · column + row]`), as glTF does;
 * the translation is `m[12..14]`.
 *
 * - **Row-vector storage** (a MeshBone matrix): sixteen numbers row-major of the row-vector matrix
 *   (`v' = v · M`), translation in its last row. The row-vector matrix is the transpose of the
 *   column form, so its row-major numbers are exactly the column form's column-major numbers: the
 *   same sixteen numbers in the same order. {@link mat4FromRowVectorStorage} names that reading.
 * - **Column-form registers** (a `g_Bones` palette entry): three float4 registers, register k the
 *   k-th row of the column form's upper 3×4 (lanes x, y, z, w = columns 0–3, the translation in
 *   w); the fourth row is (0, 0, 0, 1) and is not stored. See {@link PALETTE_REGISTER_LAYOUT}.
 */
import type { Mat4, Vec3 } from './vector.js';

/**
 * Our reading of a palette entry's three registers: `rows of the column form`, register k holding
 * row k of the 3×4 column-form matrix (x, y, z, w = columns 0, 1, 2, 3; translation in w). This is
 * the only reading under which three float4 registers hold an affine transform whole (three rows
 * of the row-vector form would drop its translation row), and it is the layout a vertex shader
 * applies with one four-lane dot product per output lane.
 */
export const PALETTE_REGISTER_LAYOUT = 'column-form-rows' as const;

/** Registers a palette entry takes in {@link PALETTE_REGISTER_LAYOUT}. */
export const REGISTERS_PER_MATRIX = 3;

/** The identity, as a new matrix. */
export function mat4Identity(): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

/**
 * The column-form matrix of sixteen numbers stored row-major in row-vector form (translation in
 * the last row), as a new {@link Mat4}: the same numbers, since the two forms are transposes.
 * Never throws; the caller has checked there are sixteen.
 */
export function mat4FromRowVectorStorage(stored: readonly number[]): Mat4 {
  return stored.slice(0, 16) as Mat4;
}

/** The product a · b in column form (b applied first), as a new matrix. Never throws. */
export function mat4Multiply(a: Readonly<Mat4>, b: Readonly<Mat4>): Mat4 {
  const out = new Array<number>(16);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[4 * k + row]! * b[4 * column + k]!;
      out[4 * column + row] = sum;
    }
  }
  return out as Mat4;
}

/**
 * The inverse of an affine matrix (its fourth row taken as 0, 0, 0, 1): the inverse of the 3×3
 * part by cofactors, and translation −A⁻¹ · t. Null when the 3×3 part is singular (|det| below
 * 1e-12) or any lane is not finite, so no NaN ever leaves it.
 */
export function mat4InvertAffine(m: Readonly<Mat4>): Mat4 | null {
  if (!m.every(Number.isFinite)) return null;
  const [a, d, g, , b, e, h, , c, f, i, , tx, ty, tz] = m;
  // Rows of the 3×3 part: (a b c), (d e f), (g h i).
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!(Math.abs(det) >= 1e-12)) return null;
  const r = 1 / det;
  const i00 = A * r,
    i01 = -(b * i - c * h) * r,
    i02 = (b * f - c * e) * r;
  const i10 = B * r,
    i11 = (a * i - c * g) * r,
    i12 = -(a * f - c * d) * r;
  const i20 = C * r,
    i21 = -(a * h - b * g) * r,
    i22 = (a * e - b * d) * r;
  return [
    i00,
    i10,
    i20,
    0,
    i01,
    i11,
    i21,
    0,
    i02,
    i12,
    i22,
    0,
    -(i00 * tx + i01 * ty + i02 * tz),
    -(i10 * tx + i11 * ty + i12 * tz),
    -(i20 * tx + i21 * ty + i22 * tz),
    1,
  ];
}

/** The translation (column 3 of the column form), as a new vector. */
export function mat4Translation(m: Readonly<Mat4>): Vec3 {
  return [m[12], m[13], m[14]];
}

/**
 * Largest absolute difference between the 3×3 linear parts of two matrices (rotation and any
 * scale); NaN when a lane is NaN, so a NaN never passes a `<=` test.
 */
export function mat3MaxDifference(a: Readonly<Mat4>, b: Readonly<Mat4>): number {
  let worst = 0;
  for (const k of [0, 1, 2, 4, 5, 6, 8, 9, 10]) {
    const difference = Math.abs(a[k]! - b[k]!);
    if (Number.isNaN(difference)) return NaN;
    if (difference > worst) worst = difference;
  }
  return worst;
}

/**
 * The twelve register lanes of a matrix in {@link PALETTE_REGISTER_LAYOUT}: row 0 (x, y, z, w),
 * row 1, row 2 of the column form, as a new array. Never throws.
 */
export function mat4ToRegisterRows(m: Readonly<Mat4>): number[] {
  const lanes: number[] = [];
  for (let row = 0; row < 3; row++) lanes.push(m[row]!, m[4 + row]!, m[8 + row]!, m[12 + row]!);
  return lanes;
}

/**
 * The matrix held by twelve register lanes in {@link PALETTE_REGISTER_LAYOUT} (the fourth row
 * 0, 0, 0, 1), as a new matrix; `lanes` from `offset` must hold twelve numbers.
 */
export function mat4FromRegisterRows(lanes: ArrayLike<number>, offset = 0): Mat4 {
  const m = mat4Identity();
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 4; column++) m[4 * column + row] = lanes[offset + 4 * row + column]!;
  }
  return m;
}

/**
 * The least-squares scale s with observed ≈ s · expected over paired 3-vectors:
 * s = Σ o·e / Σ e·e, and the residual, the root mean square of |o − s · e|. Null when no pair has a
 * non-zero expected vector (the scale is then undetermined). Never throws.
 */
export function leastSquaresScale(
  observed: readonly Readonly<Vec3>[],
  expected: readonly Readonly<Vec3>[],
): { scale: number; residual: number } | null {
  let dot = 0;
  let norm = 0;
  const n = Math.min(observed.length, expected.length);
  for (let k = 0; k < n; k++) {
    const o = observed[k]!;
    const e = expected[k]!;
    dot += o[0] * e[0] + o[1] * e[1] + o[2] * e[2];
    norm += e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
  }
  if (!(norm > 0) || !Number.isFinite(dot)) return null;
  const scale = dot / norm;
  let squares = 0;
  for (let k = 0; k < n; k++) {
    const o = observed[k]!;
    const e = expected[k]!;
    const dx = o[0] - scale * e[0];
    const dy = o[1] - scale * e[1];
    const dz = o[2] - scale * e[2];
    squares += dx * dx + dy * dy + dz * dz;
  }
  return { scale, residual: Math.sqrt(squares / n) };
}
