import { LAYOUT_FAMILIES, type SkeletonBone } from '../../model/skeleton.js';
import { bonesWord, isBoneIndex, offenderList } from './report.js';
import type { Check } from './types.js';

/**
 * Number of bones in each bone's subtree, excluding itself, from the parent indices alone, in
 * time linear in the bone count whatever the tree's depth (a hostile chain of 100,000 bones must
 * not take minutes). Leaves are settled first and pass their counts up (a topological order), so
 * out-of-range parents end a chain, and bones on a cycle, which never settle, count only the
 * acyclic subtrees hanging from them: never loops, never throws.
 */
export function countDescendants(bones: readonly SkeletonBone[]): number[] {
  const count = bones.length;
  const descendants = new Array<number>(count).fill(0);
  const parentOf = new Int32Array(count).fill(-1);
  const unsettledChildren = new Int32Array(count);
  for (let bone = 0; bone < count; bone++) {
    const parent: unknown = bones[bone]?.parent;
    if (isBoneIndex(parent, count) && parent !== bone) {
      parentOf[bone] = parent;
      unsettledChildren[parent]!++;
    }
  }
  const ready: number[] = [];
  for (let bone = 0; bone < count; bone++) if (unsettledChildren[bone] === 0) ready.push(bone);
  while (ready.length > 0) {
    const bone = ready.pop()!;
    const parent = parentOf[bone]!;
    if (parent < 0) continue;
    descendants[parent]! += descendants[bone]! + 1;
    if (--unsettledChildren[parent]! === 0) ready.push(parent);
  }
  return descendants;
}

export const descendantCount: Check = {
  id: 'descendant-count',
  title: 'Stored descendant count = subtree size',
  statement: "Every bone's stored descendant count is the number of bones in its subtree, excluding itself.",
  confidence: 'Observed',
  failure: "every bone whose stored descendant count is not its subtree's size: the count stored and the size counted from the parents.",
  confidenceByDialect: { anvilnext: 'Observed', scimitar: 'Proven' },
  dialects: LAYOUT_FAMILIES,
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
    return list.result(() => ({
      held: `the stored descendant count of each of ${bonesWord(bones.length)} matches its subtree`,
      failed: `${list.count} of ${bones.length} bones store a descendant count other than their subtree size`,
    }));
  },
};
