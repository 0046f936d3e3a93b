import type { Quat, Vec3, Vec4 } from './vector.js';

/** Hamilton product a · b: applying b first, then a. */
export function quatMultiply(a: Readonly<Quat>, b: Readonly<Quat>): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

export function quatConjugate(q: Readonly<Quat>): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

export function quatLength(q: Readonly<Quat>): number {
  // sqrt of the sum, not Math.hypot: several times faster, and these lengths are near 1.
  return Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
}

export function quatNormalize(q: Readonly<Quat>): Quat {
  const n = quatLength(q);
  if (n === 0) return [0, 0, 0, 1];
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/** Rotates the xyz part of v by the unit quaternion q. */
export function quatRotate(q: Readonly<Quat>, v: Readonly<Vec3 | Vec4>): Vec3 {
  const [qx, qy, qz, qw] = q;
  const [vx, vy, vz] = v;
  // t = 2 · (q.xyz × v); v' = v + w·t + q.xyz × t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  return [vx + qw * tx + (qy * tz - qz * ty), vy + qw * ty + (qz * tx - qx * tz), vz + qw * tz + (qx * ty - qy * tx)];
}

/** Quaternion for a turn of `radians` about a unit axis. */
export function quatFromAxisAngle(axis: Readonly<Vec3>, radians: number): Quat {
  const s = Math.sin(radians / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(radians / 2)];
}

/**
 * Largest lane difference between two quaternions, treating q and −q as equal (they are the same
 * rotation). The stored data compares lane by lane, so tolerances are lane tolerances. NaN when
 * any lane is NaN, so a NaN never passes a `<=` test.
 */
export function quatLaneDifference(a: Readonly<Quat>, b: Readonly<Quat>): number {
  return quatLaneDifferenceOf(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
}

/**
 * `quatLaneDifference` on loose lanes: the one q/−q comparison, for hot loops that hold lanes in
 * locals or typed arrays and must not build a tuple per comparison.
 */
export function quatLaneDifferenceOf(
  ax: number,
  ay: number,
  az: number,
  aw: number,
  bx: number,
  by: number,
  bz: number,
  bw: number,
): number {
  const same = Math.max(Math.abs(ax - bx), Math.abs(ay - by), Math.abs(az - bz), Math.abs(aw - bw));
  const flipped = Math.max(Math.abs(ax + bx), Math.abs(ay + by), Math.abs(az + bz), Math.abs(aw + bw));
  return Math.min(same, flipped);
}

/**
 * Whether `quatLaneDifferenceOf(a…, b…) <= tolerance`, as plain comparisons: every lane of a − b
 * within the tolerance, or every lane of a + b (NaN in a lane fails both, as it fails the `<=`).
 * The one-pass checks call it on every bone; the difference itself goes through a call V8 does not
 * inline there, and passing eight doubles to a call that is not inlined boxes each of them.
 */
export function quatLanesWithin(
  ax: number,
  ay: number,
  az: number,
  aw: number,
  bx: number,
  by: number,
  bz: number,
  bw: number,
  tolerance: number,
): boolean {
  return (
    (Math.abs(ax - bx) <= tolerance &&
      Math.abs(ay - by) <= tolerance &&
      Math.abs(az - bz) <= tolerance &&
      Math.abs(aw - bw) <= tolerance) ||
    (Math.abs(ax + bx) <= tolerance && Math.abs(ay + by) <= tolerance && Math.abs(az + bz) <= tolerance && Math.abs(aw + bw) <= tolerance)
  );
}
