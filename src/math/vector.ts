/** Small pure Float64 helpers for the fixed-size tuples the formats store. */

/** Three numbers: x, y, z. */
export type Vec3 = [number, number, number];
/** Four numbers: a position (x, y, z, 0) or anything stored as four f32 lanes. */
export type Vec4 = [number, number, number, number];
/** Unit quaternion, x, y, z, w (the order the formats store). */
export type Quat = [number, number, number, number];
/** Column-major 4×4 matrix, as glTF stores it. */
export type Mat4 = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

export function vec3Sub(a: Readonly<Vec3 | Vec4>, b: Readonly<Vec3 | Vec4>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

/** Distance between the xyz parts of two positions. */
export function vec3Distance(a: Readonly<Vec3 | Vec4>, b: Readonly<Vec3 | Vec4>): number {
  // sqrt of the sum, not Math.hypot: several times faster at the scale of bone positions.
  const dx = a[0] - b[0];
  const dy = a[1] - b[1];
  const dz = a[2] - b[2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Largest absolute lane difference between two tuples of equal length. */
export function maxLaneDifference(a: readonly number[], b: readonly number[]): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}
