/**
 * Checks on the `scimitar` record's references that the dialect-free model does not carry: the
 * root names the first bone, constraints name their own bone, mirror pairs name bones.
 */
import { firstBoneWithName } from '../../formats/scimitar/bone-names.js';
import type { ScimitarSkeleton } from '../../formats/scimitar/skeleton.js';
import { hex } from '../../io/format.js';
import { heldWithoutSummary, offenderList, withRecord } from './report.js';
import type { Check } from './types.js';

function isScimitarRecord(record: unknown): record is ScimitarSkeleton {
  const r = record as Partial<ScimitarSkeleton> | undefined;
  return r !== undefined && r !== null && Array.isArray(r.bones) && 'mirrorData' in r;
}

export const rootNamesFirstBone: Check = {
  id: 'root-reference-first-bone',
  title: "Root reference is the first bone's id",
  statement: "The Skeleton's root reference is tag 2 and the first bone's id.",
  confidence: 'Proven',
  failure: "the Skeleton: the root reference found (the id it names, or its kind when it names none) and the first bone's id.",
  dialects: ['scimitar'],
  run(subject) {
    return withRecord(rootNamesFirstBone, subject, isScimitarRecord, (record) => {
      const first = record.bones[0];
      const holds = record.root.kind === 'ref' && first !== undefined && record.root.id === first.id;
      if (holds && subject.summaries === false) return heldWithoutSummary(rootNamesFirstBone, subject);
      const list = offenderList(rootNamesFirstBone, subject);
      if (record.root.kind !== 'ref' || !first || record.root.id !== first.id) {
        const actual = record.root.kind === 'ref' ? `id ${hex(record.root.id)}` : record.root.kind;
        list.add({
          bone: -1,
          expected: first ? `id ${hex(first.id)}` : 'a first bone',
          actual,
          message: `the root reference is ${actual}, not the first bone`,
        });
      }
      return list.result(() => ({
        held: 'the root reference names the first bone',
        failed: 'the root reference does not name the first bone',
      }));
    });
  },
};

export const constraintNamesItself: Check = {
  id: 'constraint-bone-itself',
  title: 'Orientation constraints name their own bone',
  statement: "Each orientation constraint's bone reference is the bone that holds it.",
  confidence: 'Proven',
  failure: 'every bone holding a constraint that names another bone: the constraint by number, the id it names and the id of the bone.',
  dialects: ['scimitar'],
  run(subject) {
    return withRecord(constraintNamesItself, subject, isScimitarRecord, (record) => {
      if (subject.summaries === false && constraintsNameTheirBones(record.bones)) return heldWithoutSummary(constraintNamesItself, subject);
      const list = offenderList(constraintNamesItself, subject);
      let total = 0;
      record.bones.forEach((bone, index) => {
        (bone.constraints ?? []).forEach((constraint, c) => {
          total++;
          if (constraint.bone.kind !== 'ref' || constraint.bone.id !== bone.id) {
            const actual = constraint.bone.kind === 'ref' ? `id ${hex(constraint.bone.id)}` : constraint.bone.kind;
            list.add({ bone: index, expected: `id ${hex(bone.id)}`, actual, message: `constraint ${c} of bone ${index} names ${actual}` });
          }
        });
      });
      return list.result(() => ({
        held: `all ${total} constraint(s) name their own bone`,
        failed: `${list.count} of ${total} constraint(s) name another bone`,
      }));
    });
  },
};

export const mirrorPairsNameBones: Check = {
  id: 'mirror-pairs-name-bones',
  title: 'Mirror pairs name bones of the skeleton',
  statement: 'Both bone name CRCs of every mirror pair are names of bones of the skeleton.',
  confidence: 'Observed',
  failure: 'the Skeleton, once for each name of a mirror pair that no bone has: the pair by number and the name hash.',
  dialects: ['scimitar'],
  run(subject) {
    return withRecord(mirrorPairsNameBones, subject, isScimitarRecord, (record) => {
      const boneNamed = firstBoneWithName(record.bones, 2 * record.mirrorData.pairs.length);
      const named = (hash: number): boolean => boneNamed(hash) !== undefined;
      if (subject.summaries === false && record.mirrorData.pairs.every((pair) => named(pair.boneNameA) && named(pair.boneNameB)))
        return heldWithoutSummary(mirrorPairsNameBones, subject);
      const list = offenderList(mirrorPairsNameBones, subject);
      record.mirrorData.pairs.forEach((pair, p) => {
        for (const hash of [pair.boneNameA, pair.boneNameB]) {
          if (!named(hash))
            list.add({
              bone: -1,
              expected: 'a bone name of the skeleton',
              actual: hex(hash),
              message: `mirror pair ${p} names ${hex(hash)}, which no bone has`,
            });
        }
      });
      return list.result(() => ({
        held: `all ${record.mirrorData.pairs.length} mirror pair(s) name bones`,
        failed: `${list.count} mirror pair name(s) match no bone`,
      }));
    });
  },
};

/** Whether every constraint of every bone names the bone that holds it: the check's held test, with no list or closure. */
function constraintsNameTheirBones(bones: ScimitarSkeleton['bones']): boolean {
  for (const bone of bones) {
    const constraints = bone.constraints;
    if (constraints === undefined) continue;
    for (const constraint of constraints) if (constraint.bone.kind !== 'ref' || constraint.bone.id !== bone.id) return false;
  }
  return true;
}

export const SCIMITAR_RECORD_CHECKS: readonly Check[] = [rootNamesFirstBone, constraintNamesItself, mirrorPairsNameBones];
