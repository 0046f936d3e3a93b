/**
 * Checks on the `anvilnext` record's stored fields that the dialect-free model does not carry:
 * the root back-reference, null pointers and constants the seed reports in every checked file.
 */
import type { AnvilnextSkeleton } from '../../formats/anvilnext/skeleton.js';
import { hex } from '../../io/format.js';
import { offenderList, withRecord } from './report.js';
import type { Check } from './types.js';

/** SkeletonType values the seed reports: 0–8 and 14. */
export const KNOWN_SKELETON_TYPES: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 14];

function isAnvilnextRecord(record: unknown): record is AnvilnextSkeleton {
  const r = record as Partial<AnvilnextSkeleton> | undefined;
  return r !== undefined && r !== null && Array.isArray(r.bones) && 'ownPosition' in r;
}

export const rootPointerNamesBone0: Check = {
  id: 'root-pointer-bone-0',
  title: 'Root pointer names bone 0',
  statement: "The Skeleton's root pointer, when present, is a back-reference to bone 0.",
  confidence: 'Proven',
  dialects: ['anvilnext'],
  run(subject) {
    return withRecord(rootPointerNamesBone0, subject, isAnvilnextRecord, (record) => {
      const list = offenderList(rootPointerNamesBone0, subject);
      const root = record.root;
      const bone0 = record.bones[0];
      if (root.kind === 'ref' && (!bone0 || root.id !== bone0.id)) {
        const index = record.bones.findIndex((b) => b.id === root.id);
        list.add({
          bone: index,
          expected: bone0 ? `id ${hex(bone0.id, 16)} (bone 0)` : 'a bone 0',
          actual: `id ${hex(root.id, 16)}`,
          message: `the root pointer names bone ${index}, not bone 0`,
        });
      }
      return list.result(() => ({
        held: root.kind === 'null' ? 'the root pointer is null' : 'the root pointer names bone 0',
        failed: 'the root pointer names a bone other than bone 0',
      }));
    });
  },
};

export const nullPointers: Check = {
  id: 'null-display-reflex',
  title: 'BoneDisplayData and ReflexSystem are null',
  statement: 'Every bone has a null BoneDisplayData, and the Skeleton a null ReflexSystem.',
  confidence: 'Observed',
  dialects: ['anvilnext'],
  run(subject) {
    return withRecord(nullPointers, subject, isAnvilnextRecord, (record) => {
      const list = offenderList(nullPointers, subject);
      record.bones.forEach((bone, index) => {
        if (bone.displayData.kind !== 'null')
          list.add({
            bone: index,
            expected: 'null (03)',
            actual: 'a reference (02)',
            message: `bone ${index} has a BoneDisplayData reference`,
          });
      });
      if (record.reflexSystem.kind !== 'null')
        list.add({ bone: -1, expected: 'null (03)', actual: 'a reference (02)', message: 'the ReflexSystem pointer is not null' });
      return list.result(() => ({
        held: 'every BoneDisplayData and the ReflexSystem are null',
        failed: `${list.count} pointer(s) not null`,
      }));
    });
  },
};

export const boneConstants: Check = {
  id: 'bone-constants',
  title: 'Bone constant word 7 and float 1.0',
  statement: "Every bone's constant word is 7 and its float is 1.0.",
  confidence: 'Observed',
  dialects: ['anvilnext'],
  run(subject) {
    return withRecord(boneConstants, subject, isAnvilnextRecord, (record) => {
      const list = offenderList(boneConstants, subject);
      record.bones.forEach((bone, index) => {
        if (bone.constantWord !== 7)
          list.add({
            bone: index,
            expected: '7',
            actual: String(bone.constantWord),
            message: `bone ${index} constant word is ${bone.constantWord}`,
          });
        if (bone.constantFloat !== 1)
          list.add({
            bone: index,
            measured: Math.abs(bone.constantFloat - 1),
            expected: '1',
            actual: String(bone.constantFloat),
            message: `bone ${index} float is ${bone.constantFloat}`,
          });
      });
      return list.result(() => ({ held: 'every bone stores 7 and 1.0', failed: `${list.count} constant(s) differ` }));
    });
  },
};

export const skeletonTypeKnown: Check = {
  id: 'skeleton-type-known',
  title: 'SkeletonType is 0–8 or 14',
  statement: 'The SkeletonType enum is one of the values that occur: 0–8 and 14.',
  confidence: 'Proven',
  dialects: ['anvilnext'],
  run(subject) {
    return withRecord(skeletonTypeKnown, subject, isAnvilnextRecord, (record) => {
      const list = offenderList(skeletonTypeKnown, subject);
      if (!KNOWN_SKELETON_TYPES.includes(record.skeletonType)) {
        list.add({
          bone: -1,
          expected: '0–8 or 14',
          actual: String(record.skeletonType),
          message: `SkeletonType ${record.skeletonType} is not one that occurs`,
        });
      }
      return list.result(() => ({
        held: `SkeletonType ${record.skeletonType} occurs`,
        failed: `SkeletonType ${record.skeletonType} is new`,
      }));
    });
  },
};

export const ANVILNEXT_RECORD_CHECKS: readonly Check[] = [rootPointerNamesBone0, nullPointers, boneConstants, skeletonTypeKnown];
