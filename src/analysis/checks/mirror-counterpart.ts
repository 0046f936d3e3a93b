import { findLayout } from '../../formats/registry.js';
import { LAYOUT_FAMILIES } from '../../model/skeleton.js';
import { counterpartName } from '../../names/side.js';
import { bonesWord, boneNameOf, isBoneIndex, offenderList } from './report.js';
import type { Check } from './types.js';

/**
 * Both dialects: a bone's mirror, when it has one, is a bone of the skeleton.
 * `anvilnext` also: the mirror is the bone itself or, where both names are known, the bone named as
 * its Left/Right counterpart (a name without a side is its own counterpart). Unknown names pass.
 * The seed states the naming rule for `anvilnext` only, so `scimitar` pairs are checked for range.
 */
export const mirrorCounterpart: Check = {
  id: 'mirror-counterpart',
  title: 'Mirror is itself or the Left/Right counterpart',
  statement:
    "A bone's mirror is itself or a bone whose name, where both are known, is the Left/Right counterpart " +
    '(anvilnext); scimitar mirror pairs name bones of the skeleton.',
  confidence: 'Inferred',
  failure:
    'every bone whose mirror is not a bone of the skeleton or, in the anvilnext family with both names known, neither the bone itself nor ' +
    'the bone of its Left/Right counterpart name: the mirror found and the name expected (unknown names pass).',
  dialects: LAYOUT_FAMILIES,
  run(subject) {
    const list = offenderList(mirrorCounterpart, subject);
    const { bones, dialect } = subject.skeleton;
    const checkNames = findLayout(dialect)?.family === 'anvilnext';
    let unknownNames = 0;
    let mirrored = 0;
    bones.forEach((bone, index) => {
      const mirror: unknown = bone?.mirror;
      if (mirror === null || mirror === undefined) return;
      mirrored++;
      if (!isBoneIndex(mirror, bones.length)) {
        list.add({
          bone: index,
          expected: `0..${bones.length - 1}`,
          actual: String(mirror),
          message: `mirror ${String(mirror)} is not a bone of the skeleton`,
        });
        return;
      }
      if (!checkNames || mirror === index) return;
      const name = boneNameOf(subject, index);
      const mirrorName = boneNameOf(subject, mirror);
      if (name === null || mirrorName === null) {
        unknownNames++;
        return;
      }
      const expected = counterpartName(name);
      if (expected === mirrorName) return;
      list.add({
        bone: index,
        expected: expected === name ? `bone ${index} itself (${name} has no side)` : expected,
        actual: `bone ${mirror} ${mirrorName}`,
        message: `mirror is bone ${mirror} '${mirrorName}', not '${expected}'`,
      });
    });
    return list.result(() => {
      const notes = [
        `${bonesWord(mirrored)} with a mirror`,
        checkNames && unknownNames > 0 ? `${unknownNames} name pair(s) unknown, passed` : '',
        checkNames ? '' : 'range checked only (no naming rule for this dialect)',
      ]
        .filter(Boolean)
        .join('; ');
      return {
        held: `every mirror names a bone of the skeleton${checkNames ? ' and is itself or its counterpart' : ''} (${notes})`,
        failed: `${list.count} bone(s) have a mirror that is out of range or not their counterpart (${notes})`,
      };
    });
  },
};
