/**
 * The matrix conventions pinned by hand-worked values. The running example is a quarter turn about
 * z followed by a translation of (1, 2, 3). In column form (v' = M · v) the turn is
 *   Rz90 = [[0, −1, 0], [1, 0, 0], [0, 0, 1]]   (x → y, y → −x),
 * so column-major (m[4 · column + row]) the matrix is
 *   [0, 1, 0, 0,  −1, 0, 0, 0,  0, 0, 1, 0,  1, 2, 3, 1].
 * In row-vector form (v' = v · M) the matrix is the transpose: row 0 is the image of x, (0, 1, 0),
 * row 1 the image of y, (−1, 0, 0), and the last row the translation; row-major that is the same
 * sixteen numbers.
 */
import { describe, expect, it } from 'vitest';
import {
  leastSquaresScale,
  mat3MaxDifference,
  mat4FromRegisterRows,
  mat4FromRowVectorStorage,
  mat4Identity,
  mat4InvertAffine,
  mat4Multiply,
  mat4ToRegisterRows,
  mat4Translation,
  PALETTE_REGISTER_LAYOUT,
} from '../../src/math/matrix.js';
import { transformToMat4 } from '../../src/math/transform.js';
import type { Mat4 } from '../../src/math/vector.js';

const S = Math.SQRT1_2;
const TURN_THEN_123: Mat4 = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];

/** M · (x, y, z, 1) written out from the column-major layout, independent of the code under test. */
function apply(m: readonly number[], p: readonly [number, number, number]): number[] {
  return [0, 1, 2].map((row) => m[row]! * p[0] + m[4 + row]! * p[1] + m[8 + row]! * p[2] + m[12 + row]!);
}

function expectClose(actual: readonly number[], expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => expect(value, `lane ${i} of [${actual.join(', ')}]`).toBeCloseTo(expected[i]!, 12));
}

describe('row-vector storage and column form', () => {
  it('reads the stored row-major row-vector numbers as the column form, translation in the last row', () => {
    // Row-vector rows: x → (0, 1, 0), y → (−1, 0, 0), z → z, translation (1, 2, 3).
    const stored = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];
    const m = mat4FromRowVectorStorage(stored);
    expect(m).toEqual(TURN_THEN_123);
    expect(mat4Translation(m)).toEqual([1, 2, 3]);
    // (1, 0, 0) turns to (0, 1, 0), then moves to (1, 3, 3); the origin moves to (1, 2, 3).
    expectClose(apply(m, [1, 0, 0]), [1, 3, 3]);
    expectClose(apply(m, [0, 0, 0]), [1, 2, 3]);
  });

  it('agrees with transformToMat4 for the quaternion (0, 0, √½, √½) and position (1, 2, 3)', () => {
    expectClose(transformToMat4({ position: [1, 2, 3, 0], rotation: [0, 0, S, S] }), TURN_THEN_123);
  });
});

describe('products and inverses', () => {
  it('multiplies in column form: (turn, (1, 2, 3)) · (identity, (1, 0, 0)) moves by the turned (1, 0, 0)', () => {
    const moveX: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1];
    // The turn of (1, 0, 0) is (0, 1, 0): translation (1, 2, 3) + (0, 1, 0) = (1, 3, 3).
    expect(mat4Multiply(TURN_THEN_123, moveX)).toEqual([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 3, 3, 1]);
    // The other order applies (turn, (1, 2, 3)) first, then adds (1, 0, 0): translation (2, 2, 3).
    expect(mat4Multiply(moveX, TURN_THEN_123)).toEqual([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 2, 2, 3, 1]);
  });

  it('inverts an affine matrix: the inverse of (turn, (1, 2, 3)) is (Rz−90, (−2, 1, −3))', () => {
    // Rz−90 (x, y, z) = (y, −x, z); −Rz−90 · (1, 2, 3) = −(2, −1, 3) = (−2, 1, −3).
    expectClose(mat4InvertAffine(TURN_THEN_123)!, [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, -2, 1, -3, 1]);
    expectClose(mat4Multiply(mat4InvertAffine(TURN_THEN_123)!, TURN_THEN_123), mat4Identity());
  });

  it('inverts a scaled matrix: diag(2, 4, 5) with translation (2, 4, 5) gives diag(½, ¼, ⅕) and (−1, −1, −1)', () => {
    expectClose(
      mat4InvertAffine([2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 5, 0, 2, 4, 5, 1])!,
      [0.5, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 0.2, 0, -1, -1, -1, 1],
    );
  });

  it('gives null, never NaN, for a singular or non-finite matrix', () => {
    expect(mat4InvertAffine([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1])).toBeNull();
    expect(mat4InvertAffine([1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeNull(); // two columns on the x axis
    expect(mat4InvertAffine([NaN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeNull();
  });

  it('measures the 3×3 parts apart, ignoring the translation, and keeps a NaN', () => {
    // Identity against the turn: the diagonal 1 vs 0 and the off-diagonal 0 vs ±1 differ by 1.
    expect(mat3MaxDifference(mat4Identity(), TURN_THEN_123)).toBe(1);
    expect(mat3MaxDifference(TURN_THEN_123, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 9, 9, 9, 1])).toBe(0);
    expect(mat3MaxDifference(mat4Identity(), [NaN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeNaN();
  });
});

describe('palette registers', () => {
  it('reads three registers as the rows of the column form, translation in the w lanes', () => {
    expect(PALETTE_REGISTER_LAYOUT).toBe('column-form-rows');
    // Row 0 of the column form is (0, −1, 0 | 1), row 1 (1, 0, 0 | 2), row 2 (0, 0, 1 | 3).
    const registers = [0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3];
    expect(mat4ToRegisterRows(TURN_THEN_123)).toEqual(registers);
    expect(mat4FromRegisterRows(registers)).toEqual(TURN_THEN_123);
    expect(mat4FromRegisterRows([9, ...registers], 1)).toEqual(TURN_THEN_123);
  });
});

describe('least-squares scale', () => {
  it('finds s = Σ o·e / Σ e·e and the root-mean-square residual', () => {
    // (1, 0, 0) seen as (1, 0, 0) and (0, 1, 0) seen as (0, 3, 0): s = (1 + 3) / (1 + 1) = 2; the
    // residuals |(1, 0, 0) − (2, 0, 0)| and |(0, 3, 0) − (0, 2, 0)| are both 1, so the RMS is 1.
    expect(
      leastSquaresScale(
        [
          [1, 0, 0],
          [0, 3, 0],
        ],
        [
          [1, 0, 0],
          [0, 1, 0],
        ],
      ),
    ).toEqual({ scale: 2, residual: 1 });
    // Translations off by exactly 1.06 give 1.06 and no residual.
    const fit = leastSquaresScale(
      [
        [-2.12, 1.06, -3.18],
        [0, 0, 0],
      ],
      [
        [-2, 1, -3],
        [0, 0, 0],
      ],
    )!;
    expect(fit.scale).toBeCloseTo(1.06, 12);
    expect(fit.residual).toBeCloseTo(0, 12);
  });

  it('gives null when every expected vector is zero (the scale is undetermined)', () => {
    expect(leastSquaresScale([[1, 2, 3]], [[0, 0, 0]])).toBeNull();
    expect(leastSquaresScale([], [])).toBeNull();
  });
});
