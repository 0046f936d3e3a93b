import { LAYOUT_FAMILIES } from '../../model/skeleton.js';
import { bonesWord, offenderList } from './report.js';
import type { Check } from './types.js';

export const singleRoot: Check = {
  id: 'single-root',
  title: 'Exactly one root, bone 0',
  statement: 'Every Skeleton has exactly one parentless bone, bone 0, the root.',
  confidence: 'Proven',
  failure: 'bone 0 when it has a parent, every other parentless bone, or the Skeleton when it has no bones at all.',
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(singleRoot, subject);
    const bones = subject.skeleton.bones;
    if (bones.length === 0) {
      list.add({ bone: -1, expected: 'one bone', actual: 'no bones', message: 'the skeleton has no bones, so no root' });
    }
    let roots = 0;
    bones.forEach((bone, index) => {
      const parent = bone?.parent;
      if (parent === -1) roots++;
      if (index === 0 && parent !== -1) {
        list.add({
          bone: 0,
          expected: 'parent -1',
          actual: `parent ${String(parent)}`,
          message: `bone 0 has parent ${String(parent)}; the root must be bone 0`,
        });
      } else if (index !== 0 && parent === -1) {
        list.add({ bone: index, expected: 'a parent', actual: 'parent -1', message: `bone ${index} is parentless; only bone 0 may be` });
      }
    });
    return list.result(() => ({
      held: `bone 0 is the only parentless bone of ${bonesWord(bones.length)}`,
      failed: `${roots} parentless bone(s) of ${bones.length}; ${list.count} offender(s)`,
    }));
  },
};
