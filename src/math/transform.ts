import { quatConjugate, quatMultiply, quatRotate } from './quaternion.js';
import type { Mat4, Quat, Vec4 } from './vector.js';

/** A rigid transform as the formats store it: position (w lane 0) and unit rotation xyzw. */
export interface Transform {
  /** x, y, z and a fourth lane the formats store as 0. */
  position: Vec4;
  /** Unit quaternion x, y, z, w. */
  rotation: Quat;
}

/**
 * parent ∘ local: rotation q_parent · q_local, position p_parent + q_parent · p_local, as a new
 * transform (the fourth position lane 0, as the formats store it). Never throws.
 */
export function composeTransforms(parent: Readonly<Transform>, local: Readonly<Transform>): Transform {
  const r = quatRotate(parent.rotation, local.position);
  return {
    position: [parent.position[0] + r[0], parent.position[1] + r[1], parent.position[2] + r[2], 0],
    rotation: quatMultiply(parent.rotation, local.rotation),
  };
}

/** The inverse of a rigid transform with a unit rotation, as a new transform. Never throws. */
export function invertTransform(t: Readonly<Transform>): Transform {
  const inverseRotation = quatConjugate(t.rotation);
  const p = quatRotate(inverseRotation, t.position);
  return { position: [-p[0], -p[1], -p[2], 0], rotation: inverseRotation };
}

/** Column-major 4×4 matrix of a rigid transform (scale 1). */
export function transformToMat4(t: Readonly<Transform>): Mat4 {
  const [x, y, z, w] = t.rotation;
  const xx = x * x, yy = y * y, zz = z * z;
  const xy = x * y, xz = x * z, yz = y * z;
  const wx = w * x, wy = w * y, wz = w * z;
  return [
    1 - 2 * (yy + zz), 2 * (xy + wz), 2 * (xz - wy), 0,
    2 * (xy - wz), 1 - 2 * (xx + zz), 2 * (yz + wx), 0,
    2 * (xz + wy), 2 * (yz - wx), 1 - 2 * (xx + yy), 0,
    t.position[0], t.position[1], t.position[2], 1,
  ];
}

/** Column-major product a · b. */
export function mat4Multiply(a: Readonly<Mat4>, b: Readonly<Mat4>): Mat4 {
  const out = new Array<number>(16).fill(0) as Mat4;
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row]! * b[col * 4 + k]!;
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

/** Inverse of a general 4×4 column-major matrix; null when singular. */
export function mat4Invert(m: Readonly<Mat4>): Mat4 | null {
  const a = m;
  const b00 = a[0] * a[5] - a[1] * a[4];
  const b01 = a[0] * a[6] - a[2] * a[4];
  const b02 = a[0] * a[7] - a[3] * a[4];
  const b03 = a[1] * a[6] - a[2] * a[5];
  const b04 = a[1] * a[7] - a[3] * a[5];
  const b05 = a[2] * a[7] - a[3] * a[6];
  const b06 = a[8] * a[13] - a[9] * a[12];
  const b07 = a[8] * a[14] - a[10] * a[12];
  const b08 = a[8] * a[15] - a[11] * a[12];
  const b09 = a[9] * a[14] - a[10] * a[13];
  const b10 = a[9] * a[15] - a[11] * a[13];
  const b11 = a[10] * a[15] - a[11] * a[14];
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (det === 0 || !Number.isFinite(det)) return null;
  const d = 1 / det;
  return [
    (a[5] * b11 - a[6] * b10 + a[7] * b09) * d,
    (a[2] * b10 - a[1] * b11 - a[3] * b09) * d,
    (a[13] * b05 - a[14] * b04 + a[15] * b03) * d,
    (a[10] * b04 - a[9] * b05 - a[11] * b03) * d,
    (a[6] * b08 - a[4] * b11 - a[7] * b07) * d,
    (a[0] * b11 - a[2] * b08 + a[3] * b07) * d,
    (a[14] * b02 - a[12] * b05 - a[15] * b01) * d,
    (a[8] * b05 - a[10] * b02 + a[11] * b01) * d,
    (a[4] * b10 - a[5] * b08 + a[7] * b06) * d,
    (a[1] * b08 - a[0] * b10 - a[3] * b06) * d,
    (a[12] * b04 - a[13] * b02 + a[15] * b00) * d,
    (a[9] * b02 - a[8] * b04 - a[11] * b00) * d,
    (a[5] * b07 - a[4] * b09 - a[6] * b06) * d,
    (a[0] * b09 - a[1] * b07 + a[2] * b06) * d,
    (a[13] * b01 - a[12] * b03 - a[14] * b00) * d,
    (a[8] * b03 - a[9] * b01 + a[10] * b00) * d,
  ];
}
