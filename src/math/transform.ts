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
  const xx = x * x,
    yy = y * y,
    zz = z * z;
  const xy = x * y,
    xz = x * z,
    yz = y * z;
  const wx = w * x,
    wy = w * y,
    wz = w * z;
  return [
    1 - 2 * (yy + zz),
    2 * (xy + wz),
    2 * (xz - wy),
    0,
    2 * (xy - wz),
    1 - 2 * (xx + zz),
    2 * (yz + wx),
    0,
    2 * (xz + wy),
    2 * (yz - wx),
    1 - 2 * (xx + yy),
    0,
    t.position[0],
    t.position[1],
    t.position[2],
    1,
  ];
}
