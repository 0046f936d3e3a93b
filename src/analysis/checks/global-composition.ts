import { quatLaneDifference, quatLaneDifferenceOf } from '../../math/quaternion.js';
import { composeTransforms, type Transform } from '../../math/transform.js';
import { vec3Distance } from '../../math/vector.js';
import { LAYOUT_FAMILIES, type SkeletonBone } from '../../model/skeleton.js';
import { bonesWord, formatNumber, formatTransform, isBoneIndex, offenderList, worst } from './report.js';
import { COMPOSITION_TOLERANCE } from './tolerances.js';
import type { Check } from './types.js';

/** How far a stored transform is from an expected one: position distance, rotation lane difference. */
export interface TransformError {
  position: number;
  rotation: number;
}

export function transformError(expected: Transform, actual: Transform): TransformError {
  return { position: vec3Distance(expected.position, actual.position), rotation: quatLaneDifference(expected.rotation, actual.rotation) };
}

function within(error: TransformError, tolerance: number): boolean {
  return error.position <= tolerance && error.rotation <= tolerance; // false on NaN
}

/** The global the bone's parent global and local imply; null when the parent is not a bone. */
export function expectedGlobal(bones: readonly SkeletonBone[], index: number): Transform | null {
  const bone = bones[index]!;
  if (bone.parent === -1) return bone.local;
  if (!isBoneIndex(bone.parent, bones.length) || bone.parent === index) return null;
  return composeTransforms(bones[bone.parent]!.global, bone.local);
}

/**
 * Compares each stored global with the parent's stored global ∘ the bone's local. A bone whose
 * global is off also puts its children off (their stored globals were made from the right one):
 * such children are reported too, with a note naming the parent as the likely origin.
 */
export const globalComposition: Check = {
  id: 'global-composition',
  title: 'Stored global = parent global ∘ local',
  statement:
    "On every bone with a parent the stored global equals the parent's global composed with the bone's local " +
    '(rotation q_parent · q_local, position p_parent + q_parent · p_local) to within 1e-3; a root global equals its local.',
  confidence: 'Proven',
  failure:
    "every bone whose stored global is off its parent's global ∘ its local by more than 1e-3: the position distance and the largest rotation lane " +
    'difference, the expected and the stored transform, and the parent as the likely origin when the bone only inherits its error.',
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(globalComposition, subject);
    const bones = subject.skeleton.bones;
    let skipped = 0;
    let worstSeen = 0;
    for (let index = 0; index < bones.length; index++) {
      // Fast path: the composition error in scalars, no allocation; the detailed report only on failure.
      const quick = quickCompositionError(bones, index);
      if (quick <= COMPOSITION_TOLERANCE) {
        if (quick > worstSeen) worstSeen = quick;
        continue;
      }
      let expected: Transform | null;
      let error: TransformError;
      try {
        expected = expectedGlobal(bones, index);
        if (expected === null) {
          skipped++;
          continue;
        }
        error = transformError(expected, bones[index]!.global);
      } catch {
        list.add({ bone: index, message: 'the transforms of the bone are missing or malformed' });
        continue;
      }
      const measured = worst(error.position, error.rotation);
      if (measured > worstSeen) worstSeen = measured;
      if (within(error, COMPOSITION_TOLERANCE)) continue;
      const bone = bones[index]!;
      const what = bone.parent === -1 ? 'root global differs from its local' : `global differs from bone ${bone.parent}'s global ∘ local`;
      list.add({
        bone: index,
        measured,
        expected: formatTransform(expected),
        actual: formatTransform(bone.global),
        message:
          `${what}: position by ${formatNumber(error.position)}, rotation lanes by ${formatNumber(error.rotation)}` +
          inheritedNote(bones, index),
      });
    }
    const skippedNote = skipped > 0 ? `; ${bonesWord(skipped)} with no valid parent skipped (see parent-order)` : '';
    return list.result(() => ({
      held: `${bonesWord(bones.length)} compose within ${COMPOSITION_TOLERANCE} (worst ${formatNumber(worstSeen)})${skippedNote}`,
      failed: `${list.count} of ${bones.length} bones do not compose within ${COMPOSITION_TOLERANCE}${skippedNote}`,
    }));
  },
};

/** When the bone's global agrees with its parent's *expected* global, the parent is the origin. */
function inheritedNote(bones: readonly SkeletonBone[], index: number): string {
  try {
    return inheritedNoteUnchecked(bones, index);
  } catch {
    return '';
  }
}

function inheritedNoteUnchecked(bones: readonly SkeletonBone[], index: number): string {
  const parent = bones[index]!.parent;
  if (!isBoneIndex(parent, bones.length) || parent === index) return '';
  const parentExpected = expectedGlobal(bones, parent);
  if (parentExpected === null) return '';
  const parentError = transformError(parentExpected, bones[parent]!.global);
  if (within(parentError, COMPOSITION_TOLERANCE)) return '';
  const viaExpected = transformError(composeTransforms(parentExpected, bones[index]!.local), bones[index]!.global);
  return within(viaExpected, COMPOSITION_TOLERANCE)
    ? `; consistent with bone ${parent}'s expected global, so bone ${parent} is the likely origin`
    : '';
}

/**
 * max(position distance, rotation lane difference) between the stored global and parent ∘ local,
 * computed without allocating; NaN when the bone cannot be checked this way (the slow path
 * then reports it properly).
 */
function quickCompositionError(bones: readonly SkeletonBone[], index: number): number {
  const bone = bones[index];
  const parentIndex = bone?.parent;
  const local = bone?.local;
  const global = bone?.global;
  if (
    !local ||
    !global ||
    local.position?.length !== 4 ||
    local.rotation?.length !== 4 ||
    global.position?.length !== 4 ||
    global.rotation?.length !== 4
  )
    return NaN;
  const lp = local.position;
  const lq = local.rotation;
  let px: number, py: number, pz: number, qx: number, qy: number, qz: number, qw: number;
  if (parentIndex === -1) {
    px = lp[0];
    py = lp[1];
    pz = lp[2];
    qx = lq[0];
    qy = lq[1];
    qz = lq[2];
    qw = lq[3];
  } else {
    if (!isBoneIndex(parentIndex, bones.length) || parentIndex === index) return NaN;
    const parent = bones[parentIndex]!.global;
    if (!parent || parent.position?.length !== 4 || parent.rotation?.length !== 4) return NaN;
    const pr = parent.rotation;
    const ax = pr[0],
      ay = pr[1],
      az = pr[2],
      aw = pr[3];
    // p = p_parent + q_parent · p_local (t = 2 q × v; v' = v + w t + q × t)
    const tx = 2 * (ay * lp[2] - az * lp[1]);
    const ty = 2 * (az * lp[0] - ax * lp[2]);
    const tz = 2 * (ax * lp[1] - ay * lp[0]);
    px = parent.position[0] + lp[0] + aw * tx + (ay * tz - az * ty);
    py = parent.position[1] + lp[1] + aw * ty + (az * tx - ax * tz);
    pz = parent.position[2] + lp[2] + aw * tz + (ax * ty - ay * tx);
    // q = q_parent · q_local
    const bx = lq[0],
      by = lq[1],
      bz = lq[2],
      bw = lq[3];
    qx = aw * bx + ax * bw + ay * bz - az * by;
    qy = aw * by - ax * bz + ay * bw + az * bx;
    qz = aw * bz + ax * by - ay * bx + az * bw;
    qw = aw * bw - ax * bx - ay * by - az * bz;
  }
  const gp = global.position;
  const gq = global.rotation;
  const dx = px - gp[0];
  const dy = py - gp[1];
  const dz = pz - gp[2];
  const position = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const rotation = quatLaneDifferenceOf(qx, qy, qz, qw, gq[0], gq[1], gq[2], gq[3]);
  return Number.isNaN(position) || Number.isNaN(rotation) ? NaN : Math.max(position, rotation);
}
