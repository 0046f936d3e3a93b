import type { Vec4 } from '../../math/vector.js';
import { LAYOUT_FAMILIES } from '../../model/skeleton.js';
import { bonesWord, formatNumber, offenderList, worst } from './report.js';
import { POSITION_W_TOLERANCE } from './tolerances.js';
import type { Check } from './types.js';

function wError(p: Vec4 | undefined): number {
  if (p === undefined || p === null || p.length < 4) return NaN;
  return Math.abs(p[3]);
}

/** Checks the local and global position of every bone, and the own transform's (as bone −1). */
export const positionWZero: Check = {
  id: 'position-w-zero',
  title: 'Positions have fourth lane zero',
  statement: 'Every stored position is a vec4 whose fourth lane is 0.',
  confidence: 'Observed',
  failure:
    'every bone whose local or global position has a fourth lane other than 0, and the own transform (as the Skeleton): which position and its w.',
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(positionWZero, subject);
    const { bones, ownTransform } = subject.skeleton;
    const check = (bone: number, parts: [string, Vec4 | undefined][]): void => {
      const errors = parts.map(([, p]) => wError(p));
      const measured = worst(...errors);
      if (measured <= POSITION_W_TOLERANCE) return;
      const bad = parts.map((part, i) => [part, errors[i]!] as const).filter(([, e]) => !(e <= POSITION_W_TOLERANCE));
      list.add({
        bone,
        measured,
        expected: 'w = 0',
        actual: bad.map(([[label, p]]) => `${label} w = ${p === undefined || p === null ? 'missing' : formatNumber(p[3])}`).join('; '),
        message: bad.map(([[label], e]) => `${label} position has w off 0 by ${formatNumber(e)}`).join('; '),
      });
    };
    bones.forEach((bone, index) => {
      // The common case costs two comparisons and no allocation; the detailed report only on failure.
      const local = bone?.local?.position;
      const global = bone?.global?.position;
      if (local?.length === 4 && global?.length === 4 && wError(local) <= POSITION_W_TOLERANCE && wError(global) <= POSITION_W_TOLERANCE)
        return;
      check(index, [
        ['local', local],
        ['global', global],
      ]);
    });
    if (ownTransform !== null && ownTransform !== undefined) check(-1, [['own transform', ownTransform.position]]);
    return list.result(() => ({
      held: `every position of ${bonesWord(bones.length)}${ownTransform ? ' and the own transform' : ''} has w = 0`,
      failed: `${list.count} bone(s) have a position whose fourth lane is not 0`,
    }));
  },
};
