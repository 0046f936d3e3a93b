import { DIALECTS, type SkeletonBone } from '../../model/skeleton.js';
import { bonesWord, isBoneIndex, offenderList } from './report.js';
import type { Check } from './types.js';

/**
 * Number of bones in each bone's subtree, excluding itself, from the parent indices alone.
 * Walks each bone's ancestor chain once, marking visited bones, so out-of-range parents end a chain
 * and a cycle is walked once (its bones then count each other): never loops, never throws.
 */
export function countDescendants(bones: readonly SkeletonBone[]): number[] {
  const count = bones.length;
  const descendants = new Array<number>(count).fill(0);
  const seenBy = new Int32Array(count).fill(-1);
  for (let bone = 0; bone < count; bone++) {
    seenBy[bone] = bone;
    let ancestor: unknown = bones[bone]?.parent;
    while (isBoneIndex(ancestor, count) && seenBy[ancestor] !== bone) {
      seenBy[ancestor] = bone;
      descendants[ancestor]!++;
      ancestor = bones[ancestor]?.parent;
    }
  }
  return descendants;
}

export const descendantCount: Check = {
  id: 'descendant-count',
  title: 'Stored descendant count = subtree size',
  statement: "Every bone's stored descendant count is the number of bones in its subtree, excluding itself.",
  confidence: 'Observed',
  confidenceByDialect: { anvilnext: 'Observed', scimitar: 'Proven' },
  dialects: DIALECTS,
  run(subject) {
    const list = offenderList(descendantCount, subject);
    const bones = subject.skeleton.bones;
    const counted = countDescendants(bones);
    bones.forEach((bone, index) => {
      const stored: unknown = bone?.descendants;
      if (stored === counted[index]) return;
      list.add({
        bone: index,
        measured: typeof stored === 'number' ? Math.abs(stored - counted[index]!) : undefined,
        expected: String(counted[index]),
        actual: String(stored),
        message: `stores ${String(stored)} descendants; its subtree holds ${counted[index]}`,
      });
    });
    return list.result({
      held: `the stored descendant count of each of ${bonesWord(bones.length)} matches its subtree`,
      failed: `${list.count} of ${bones.length} bones store a descendant count other than their subtree size`,
    });
  },
};
