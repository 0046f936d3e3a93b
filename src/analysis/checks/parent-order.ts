import { LAYOUT_FAMILIES } from '../../model/skeleton.js';
import { bonesWord, offenderList } from './report.js';
import type { Check } from './types.js';

/**
 * Parent index in range and smaller than the bone's own index. A parent after its child, or a
 * parent out of range, is reported here; a cycle always contains such a bone, so it is found too.
 */
export const parentOrder: Check = {
  id: 'parent-order',
  title: 'Each parent comes before its child',
  statement: 'Every parent index is a bone before its child (the format stores each parent before its children).',
  confidence: 'Proven',
  failure:
    'every bone whose parent is not a bone of the skeleton, is the bone itself, or comes after it: the parent found and the range expected.',
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(parentOrder, subject);
    const bones = subject.skeleton.bones;
    const count = bones.length;
    bones.forEach((bone, index) => {
      const parent: unknown = bone?.parent;
      if (parent === -1) return; // parentless: single-root's concern
      if (typeof parent !== 'number' || !Number.isInteger(parent) || parent < -1 || parent >= count) {
        list.add({
          bone: index,
          expected: `-1 or 0..${count - 1}`,
          actual: String(parent),
          message: `parent ${String(parent)} is not a bone of the skeleton`,
        });
      } else if (parent >= index) {
        list.add({
          bone: index,
          expected: `< ${index}`,
          actual: String(parent),
          message: parent === index ? `bone ${index} is its own parent` : `parent ${parent} comes after bone ${index}`,
        });
      }
    });
    return list.result(() => ({
      held: `every parent of ${bonesWord(count)} comes before its child`,
      failed: `${list.count} of ${count} bones have a parent out of range or after them`,
    }));
  },
};
