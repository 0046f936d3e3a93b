import { LAYOUT_FAMILIES } from '../../model/skeleton.js';
import { bonesWord, offenderList } from './report.js';
import type { Check } from './types.js';

export const storedIndex: Check = {
  id: 'stored-index',
  title: 'Stored index = list position',
  statement: "Every bone's stored index equals its position in the bone list.",
  confidence: 'Observed',
  failure: 'every bone whose stored index is not its list position: the index stored and the position.',
  confidenceByDialect: { anvilnext: 'Observed', scimitar: 'Proven' },
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(storedIndex, subject);
    const bones = subject.skeleton.bones;
    bones.forEach((bone, index) => {
      const stored: unknown = bone?.storedIndex;
      if (stored === index) return;
      list.add({
        bone: index,
        measured: typeof stored === 'number' ? Math.abs(stored - index) : undefined,
        expected: String(index),
        actual: String(stored),
        message: `stored index ${String(stored)} at list position ${index}`,
      });
    });
    return list.result(() => ({
      held: `the stored index of each of ${bonesWord(bones.length)} is its list position`,
      failed: `${list.count} of ${bones.length} bones store an index other than their list position`,
    }));
  },
};
