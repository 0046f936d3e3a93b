import { quatLaneDifference } from '../../math/quaternion.js';
import { composeTransforms, type Transform } from '../../math/transform.js';
import { vec3Distance } from '../../math/vector.js';
import { DIALECTS, type SkeletonBone } from '../../model/skeleton.js';
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
  dialects: DIALECTS,
  run(subject) {
    const list = offenderList(globalComposition, subject);
    const bones = subject.skeleton.bones;
    let skipped = 0;
    let worstSeen = 0;
    for (let index = 0; index < bones.length; index++) {
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
    return list.result({
      held: `${bonesWord(bones.length)} compose within ${COMPOSITION_TOLERANCE} (worst ${formatNumber(worstSeen)})${skippedNote}`,
      failed: `${list.count} of ${bones.length} bones do not compose within ${COMPOSITION_TOLERANCE}${skippedNote}`,
    });
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
  return within(viaExpected, COMPOSITION_TOLERANCE) ? `; consistent with bone ${parent}'s expected global, so bone ${parent} is the likely origin` : '';
}
