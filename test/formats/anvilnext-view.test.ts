/**
 * The anvilnext view finds each pointer's bone by its id: by a search when the ids increase, by a
 * map otherwise. Both must give the same bones, worked out by hand here: a pointer to an id that
 * several bones hold names the last of them, and one to an id no bone holds names none.
 */
import { describe, expect, it } from 'vitest';
import type { AnvilnextSkeleton } from '../../src/formats/anvilnext/index.js';
import { skeletonFromAnvilnext } from '../../src/model/from-records.js';

const ref = (id: bigint) => ({ kind: 'ref' as const, id });
const none = { kind: 'null' as const };

/** A record of bones given as [id, parent id or null, mirror id or null]. */
function record(bones: [bigint, bigint | null, bigint | null][]): AnvilnextSkeleton {
  return {
    id: 1n,
    skeletonType: 0,
    ownPosition: [0, 0, 0, 0],
    ownRotation: [0, 0, 0, 1],
    bones: bones.map(([id, parent, mirror], index) => ({
      id,
      nameHash: index,
      parent: parent === null ? none : ref(parent),
      mirror: mirror === null ? none : ref(mirror),
      globalPosition: [0, 0, 0, 0],
      globalRotation: [0, 0, 0, 1],
      localPosition: [0, 0, 0, 0],
      localRotation: [0, 0, 0, 1],
      packedWord: index,
    })),
  } as unknown as AnvilnextSkeleton;
}

const parentsAndMirrors = (r: AnvilnextSkeleton) => {
  const model = skeletonFromAnvilnext(r);
  return { parents: model.bones.map((b) => b.parent), mirrors: model.bones.map((b) => b.mirror) };
};

describe('the anvilnext view’s pointers', () => {
  it('finds parents and mirrors among increasing ids, near and far, and none for an unknown id', () => {
    const r = record([
      [10n, null, 10n],
      [11n, 10n, 11n],
      [15n, 11n, 20n],
      [20n, 10n, 15n],
      [21n, 15n, 99n],
      [0xffffffffffffff00n, 5n, null],
    ]);
    expect(parentsAndMirrors(r)).toEqual({ parents: [-1, 0, 1, 0, 2, -1], mirrors: [0, 1, 3, 2, null, null] });
  });

  it('finds a parent stored after its child, and a parent that is not an ancestor of the bone before', () => {
    // Bones 1 and 2 name each other as parents (1's is stored after it): the walk up from the bone
    // before must not go round that loop. Bone 3's parent is bone 4, stored after it; bone 5's is
    // bone 1, which is not on the chain up from bone 4.
    const r = record([
      [10n, null, 10n],
      [11n, 12n, 11n],
      [12n, 11n, 12n],
      [13n, 14n, 13n],
      [14n, 10n, 14n],
      [15n, 11n, 15n],
      [16n, 99n, 16n],
    ]);
    expect(parentsAndMirrors(r).parents).toEqual([-1, 2, 1, 4, 0, 1, -1]);
  });

  it('finds mirrors of chains stored in the same order, a chain of another length, and a guess past the last bone', () => {
    // Left chain 1–3 mirrors the right chain 4–6 (each 3 ahead, the distance the first search
    // found); bone 7 mirrors bone 9, 2 ahead (the guess of 3 ahead misses); bone 8 is its own;
    // bone 9 names 7 back; bone 10's mirror id is held by bone 2, far behind, while the guess
    // (2 ahead) is past the last bone.
    const r = record([
      [10n, null, 10n],
      [11n, 10n, 14n],
      [12n, 11n, 15n],
      [13n, 12n, 16n],
      [14n, 10n, 11n],
      [15n, 14n, 12n],
      [16n, 15n, 13n],
      [17n, 10n, 19n],
      [18n, 10n, 18n],
      [19n, 10n, 17n],
      [20n, 10n, 12n],
    ]);
    expect(parentsAndMirrors(r).mirrors).toEqual([0, 4, 5, 6, 1, 2, 3, 9, 8, 7, 2]);
  });

  it('finds a mirror that does not name back the bone that named it', () => {
    // Bone 1 names bone 3 as its mirror, but bone 3 names bone 2, and bone 2 names bone 3.
    const r = record([
      [10n, null, 10n],
      [11n, 10n, 13n],
      [12n, 10n, 13n],
      [13n, 10n, 12n],
    ]);
    expect(parentsAndMirrors(r).mirrors).toEqual([0, 3, 3, 2]);
  });

  it('finds the same bones among ids out of order', () => {
    const r = record([
      [20n, null, 20n],
      [15n, 20n, 11n],
      [11n, 15n, 15n],
      [10n, 20n, 99n],
    ]);
    expect(parentsAndMirrors(r)).toEqual({ parents: [-1, 0, 1, 0], mirrors: [0, 2, 1, null] });
  });

  it('names the last bone of a repeated id', () => {
    const r = record([
      [10n, null, 12n],
      [12n, 10n, 12n],
      [12n, 12n, 10n],
      [13n, 12n, 13n],
    ]);
    expect(parentsAndMirrors(r)).toEqual({ parents: [-1, 0, 2, 2], mirrors: [2, 2, 0, 3] });
  });
});
