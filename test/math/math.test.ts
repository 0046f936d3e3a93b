/**
 * The math helpers against values worked out by hand (right-handed axes, Hamilton quaternions
 * x, y, z, w). S = sin 45° = cos 45° = √½, so a quarter turn about z is (0, 0, S, S).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertPosition, convertRotation, convertTransform } from '../../src/math/axes.js';
import {
  quatConjugate,
  quatFromAxisAngle,
  quatLaneDifference,
  quatLaneDifferenceOf,
  quatLanesWithin,
  quatLength,
  quatMultiply,
  quatNormalize,
  quatRotate,
} from '../../src/math/quaternion.js';
import { composeTransforms, invertTransform, transformToMat4, type Transform } from '../../src/math/transform.js';
import { maxLaneDifference, vec3Distance, vec3Sub, type Quat } from '../../src/math/vector.js';

const S = Math.SQRT1_2;
const IDENTITY: Quat = [0, 0, 0, 1];
const QUARTER_Z: Quat = [0, 0, S, S];

function expectClose(actual: readonly number[], expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => expect(value, `lane ${i} of [${actual.join(', ')}]`).toBeCloseTo(expected[i]!, 12));
}

describe('vectors', () => {
  it('subtracts and measures distance', () => {
    expect(vec3Sub([1, 2, 3], [4, 6, 3])).toEqual([-3, -4, 0]);
    expect(vec3Distance([1, 2, 3, 0], [4, 6, 3, 0])).toBe(5); // a 3-4-5 triangle
    expect(maxLaneDifference([1, 2, 3], [1, 2.5, 2])).toBe(1);
  });
});

describe('quaternions', () => {
  it('multiplies as Hamilton did: i·j = k, j·i = −k, i·i = −1', () => {
    expect(quatMultiply([1, 0, 0, 0], [0, 1, 0, 0])).toEqual([0, 0, 1, 0]);
    expect(quatMultiply([0, 1, 0, 0], [1, 0, 0, 0])).toEqual([0, 0, -1, 0]);
    expect(quatMultiply([1, 0, 0, 0], [1, 0, 0, 0])).toEqual([0, 0, 0, -1]);
  });

  it('gives the identity for q · q⁻¹ (the conjugate of a unit quaternion)', () => {
    const q: Quat = [0.5, 0.5, 0.5, 0.5];
    expect(quatConjugate(q)).toEqual([-0.5, -0.5, -0.5, 0.5]);
    expectClose(quatMultiply(q, quatConjugate(q)), IDENTITY);
    expectClose(quatMultiply(quatConjugate(q), q), IDENTITY);
  });

  it('measures and normalises: |(1, 2, 2, 4)| = 5', () => {
    expect(quatLength([1, 2, 2, 4])).toBe(5);
    expectClose(quatNormalize([1, 2, 2, 4]), [0.2, 0.4, 0.4, 0.8]);
    expect(quatNormalize([0, 0, 0, 0])).toEqual(IDENTITY);
  });

  it('builds a turn from axis and angle: (axis · sin ½θ, cos ½θ)', () => {
    expectClose(quatFromAxisAngle([0, 0, 1], Math.PI / 2), QUARTER_Z);
    expectClose(quatFromAxisAngle([1, 0, 0], Math.PI), [1, 0, 0, 0]);
    expectClose(quatFromAxisAngle([0, 1, 0], 0), IDENTITY);
  });

  it('rotates: a quarter turn about z takes x to y and y to −x', () => {
    expectClose(quatRotate(QUARTER_Z, [1, 0, 0]), [0, 1, 0]);
    expectClose(quatRotate(QUARTER_Z, [0, 1, 0, 0]), [-1, 0, 0]);
    expectClose(quatRotate(QUARTER_Z, [0, 0, 2]), [0, 0, 2]);
    // A third of a turn about (1, 1, 1) cycles the axes: x → y → z → x.
    expectClose(quatRotate([0.5, 0.5, 0.5, 0.5], [1, 0, 0]), [0, 1, 0]);
    expectClose(quatRotate([0.5, 0.5, 0.5, 0.5], [0, 0, 1]), [1, 0, 0]);
  });

  it('compares lane by lane with q and −q equal', () => {
    expect(quatLaneDifference(QUARTER_Z, [0, 0, -S, -S])).toBe(0);
    // Against the identity: same sign differs by S in z (and 1 − S in w); flipped by 1 + S in w.
    expect(quatLaneDifference(QUARTER_Z, IDENTITY)).toBeCloseTo(S, 12);
    expect(quatLaneDifferenceOf(0, 0, 0, 1, 0.1, 0, 0, -1)).toBeCloseTo(0.1, 12);
    expect(quatLaneDifference([NaN, 0, 0, 1], IDENTITY)).toBeNaN();
  });

  it('tells a lane difference within a tolerance as the difference does, sign, NaN and infinities included', () => {
    // q against −q: the flipped lanes are 0; 0.1 apart in x: within 0.1, not within 0.05.
    expect(quatLanesWithin(0, 0, S, S, 0, 0, -S, -S, 0)).toBe(true);
    expect(quatLanesWithin(0, 0, 0, 1, 0.1, 0, 0, -1, 0.1)).toBe(true);
    expect(quatLanesWithin(0, 0, 0, 1, 0.1, 0, 0, -1, 0.05)).toBe(false);
    expect(quatLanesWithin(NaN, 0, 0, 1, 0, 0, 0, 1, 1)).toBe(false);
    // ∞ − ∞ is NaN and ∞ + ∞ is ∞: neither sign is within any tolerance.
    expect(quatLanesWithin(Infinity, 0, 0, 1, Infinity, 0, 0, 1, 1e9)).toBe(false);
    const lane = fc.oneof(fc.double({ min: -2, max: 2, noNaN: true }), fc.constantFrom(NaN, Infinity, -Infinity, 0, -0, 1e-3, -1e-3));
    fc.assert(
      fc.property(fc.array(lane, { minLength: 8, maxLength: 8 }), fc.constantFrom(0, 1e-3, 0.5, 2), (l, tolerance) => {
        const [ax, ay, az, aw, bx, by, bz, bw] = l as [number, number, number, number, number, number, number, number];
        expect(quatLanesWithin(ax, ay, az, aw, bx, by, bz, bw, tolerance)).toBe(
          quatLaneDifferenceOf(ax, ay, az, aw, bx, by, bz, bw) <= tolerance,
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('transforms', () => {
  const quarter: Transform = { position: [1, 0, 0, 0], rotation: QUARTER_Z };

  it('composes parent ∘ local: the local offset turns with the parent', () => {
    // One unit along the parent's x, which the quarter turn points along world y.
    const child = composeTransforms(quarter, { position: [1, 0, 0, 0], rotation: IDENTITY });
    expectClose(child.position, [1, 1, 0, 0]);
    expectClose(child.rotation, QUARTER_Z);
    // Two quarter turns about z are a half turn: (0, 0, sin 90°, cos 90°).
    expectClose(composeTransforms(quarter, quarter).rotation, [0, 0, 1, 0]);
    expectClose(composeTransforms(quarter, quarter).position, [1, 1, 0, 0]);
  });

  it('inverts: the inverse of (x + 1, quarter turn) is (y + 1, quarter turn back)', () => {
    const inverse = invertTransform(quarter);
    expectClose(inverse.position, [0, 1, 0, 0]);
    expectClose(inverse.rotation, [0, 0, -S, S]);
    const identity = composeTransforms(quarter, inverse);
    expectClose(identity.position, [0, 0, 0, 0]);
    expectClose(identity.rotation, IDENTITY);
  });

  it('writes a column-major matrix: columns are the images of x, y, z, then the translation', () => {
    const m = transformToMat4({ position: [1, 2, 3, 0], rotation: QUARTER_Z });
    expectClose(m, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]);
  });
});

describe('axes', () => {
  it('maps engine z-up to glTF y-up as (x, z, −y), and leaves z-up alone', () => {
    expect(convertPosition([1, 2, 3, 0], 'y-up')).toEqual([1, 3, -2]);
    expect(convertPosition([1, 2, 3, 0], 'z-up')).toEqual([1, 2, 3]);
  });

  it('turns a quarter turn about engine z into one about glTF y', () => {
    const converted = convertRotation(QUARTER_Z, 'y-up');
    expectClose(converted, [0, S, 0, S]);
    // Engine x → engine y becomes glTF x → glTF −z, which a quarter turn about y does.
    expectClose(quatRotate(converted, [1, 0, 0]), [0, 0, -1]);
    expect(convertRotation(QUARTER_Z, 'z-up')).toEqual(QUARTER_Z);
  });

  it('converts a whole transform, keeping the fourth position lane 0', () => {
    const t = convertTransform({ position: [1, 2, 3, 0], rotation: QUARTER_Z }, 'y-up');
    expect(t.position).toEqual([1, 3, -2, 0]);
    expectClose(t.rotation, [0, S, 0, S]);
  });
});
