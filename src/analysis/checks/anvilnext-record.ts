/**
 * Checks on the records of the `anvilnext` family that the dialect-free model does not carry: the
 * root back-reference. The null pointers and constants the seed reports are declared with their
 * fields and checked by `declared.ts`.
 */
import type { AnvilnextSkeleton } from '../../formats/anvilnext/skeleton.js';
import { hex } from '../../io/format.js';
import { offenderList, withRecord } from './report.js';
import type { Check } from './types.js';

export { KNOWN_SKELETON_TYPES } from '../../formats/anvilnext/skeleton.js';

function isAnvilnextRecord(record: unknown): record is AnvilnextSkeleton {
  const r = record as Partial<AnvilnextSkeleton> | undefined;
  return r !== undefined && r !== null && Array.isArray(r.bones) && 'ownPosition' in r;
}

export const rootPointerNamesBone0: Check = {
  id: 'root-pointer-bone-0',
  title: 'Root pointer names bone 0',
  statement: "The Skeleton's root pointer, when present, is a back-reference to bone 0.",
  confidence: 'Proven',
  failure: 'the bone the root pointer names instead of bone 0: the id it names and the id of bone 0.',
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

export const ANVILNEXT_RECORD_CHECKS: readonly Check[] = [rootPointerNamesBone0];
