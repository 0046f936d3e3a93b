import { quatLength } from '../../math/quaternion.js';
import type { Quat } from '../../math/vector.js';
import { LAYOUT_FAMILIES } from '../../model/skeleton.js';
import { bonesWord, formatNumber, formatTuple, offenderList, worst } from './report.js';
import { UNIT_LENGTH_TOLERANCE } from './tolerances.js';
import type { Check } from './types.js';

/** | ‖q‖ − 1 |, NaN for a missing or non-finite quaternion. */
export function unitLengthError(q: Quat | undefined): number {
  if (q === undefined || q === null || q.length !== 4) return NaN;
  return Math.abs(quatLength(q) - 1);
}

/** Checks the local and global rotation of every bone, and the own transform's (as bone −1). */
export const unitRotations: Check = {
  id: 'unit-rotations',
  title: 'Rotations are unit quaternions',
  statement: 'Every stored rotation is a unit xyzw quaternion (| ‖q‖ − 1 | ≤ 1e-3).',
  confidence: 'Observed',
  failure:
    'every bone whose local or global rotation has a length off 1 by more than 1e-3, and the own transform (as the Skeleton): which rotation, its lanes and by how much.',
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(unitRotations, subject);
    const { bones, ownTransform } = subject.skeleton;
    const check = (bone: number, parts: [string, Quat | undefined][]): void => {
      const errors = parts.map(([, q]) => unitLengthError(q));
      const measured = worst(...errors);
      if (measured <= UNIT_LENGTH_TOLERANCE) return;
      const bad = parts.map((part, i) => [part, errors[i]!] as const).filter(([, e]) => !(e <= UNIT_LENGTH_TOLERANCE));
      list.add({
        bone,
        measured,
        expected: 'length 1',
        actual: bad.map(([[label, q]]) => `${label} ${formatTuple(q)}`).join('; '),
        message: bad.map(([[label], e]) => `${label} rotation length is off 1 by ${formatNumber(e)}`).join('; '),
      });
    };
    bones.forEach((bone, index) => {
      // The common case costs two lengths and no allocation; the detailed report only on failure.
      const local = bone?.local?.rotation;
      const global = bone?.global?.rotation;
      if (
        local?.length === 4 &&
        global?.length === 4 &&
        unitLengthError(local) <= UNIT_LENGTH_TOLERANCE &&
        unitLengthError(global) <= UNIT_LENGTH_TOLERANCE
      )
        return;
      check(index, [
        ['local', local],
        ['global', global],
      ]);
    });
    if (ownTransform !== null && ownTransform !== undefined) check(-1, [['own transform', ownTransform.rotation]]);
    return list.result(() => ({
      held: `every rotation of ${bonesWord(bones.length)}${ownTransform ? ' and the own transform' : ''} has unit length within ${UNIT_LENGTH_TOLERANCE}`,
      failed: `${list.count} bone(s) have a rotation whose length is not 1 within ${UNIT_LENGTH_TOLERANCE}`,
    }));
  },
};
