/**
 * The scimitar family's neutral view finds parents by id (a search where the ids increase, as the
 * files store them, the last bone of an id otherwise) and mirrors from the pairs by name hash (the
 * first bone of a name; the first pair naming a bone wins). Hand-built records, hand-worked answers.
 */
import { describe, expect, it } from 'vitest';
import { scimitarView } from '../../src/formats/scimitar/view.js';

const T = { globalPosition: [0, 0, 0, 0], globalRotation: [0, 0, 0, 1], localPosition: [0, 0, 0, 0], localRotation: [0, 0, 0, 1] };
const ref = (id: number) => ({ kind: 'ref', id });
const none = { kind: 'null' };

function record(bones: { id: number; name: number; parent: number | null }[], pairs: [number, number][] = []) {
  return {
    id: 99,
    bones: bones.map((b, index) => ({
      id: b.id,
      nameHash: b.name,
      parent: b.parent === null ? none : ref(b.parent),
      initialTransforms: { ...T, id: 1000 + index },
      index,
      descendants: 0,
    })),
    mirrorData: { pairs: pairs.map(([boneNameA, boneNameB]) => ({ boneNameA, boneNameB })) },
  };
}

const view = (r: unknown) => scimitarView('scimitar', r);

describe('the scimitar view', () => {
  it('finds parents among increasing ids, and −1 for a missing id or a null pointer', () => {
    const v = view(
      record([
        { id: 5, name: 1, parent: null },
        { id: 7, name: 2, parent: 5 },
        { id: 9, name: 3, parent: 7 },
        { id: 12, name: 4, parent: 5 },
        { id: 20, name: 5, parent: 13 },
      ]),
    );
    expect(v.bones.map((b) => b.parent)).toEqual([-1, 0, 1, 0, -1]);
    expect(v.bones.map((b) => b.id)).toEqual([5n, 7n, 9n, 12n, 20n]);
    expect(v.id).toBe(99n);
    expect(v.bones.map((b) => b.mirror)).toEqual([null, null, null, null, null]);
  });

  it('finds parents among ids out of order, the last bone of a repeated id', () => {
    const v = view(
      record([
        { id: 30, name: 1, parent: null },
        { id: 10, name: 2, parent: 30 },
        { id: 20, name: 3, parent: 10 },
        { id: 10, name: 4, parent: 20 },
        { id: 40, name: 5, parent: 10 },
      ]),
    );
    expect(v.bones.map((b) => b.parent)).toEqual([-1, 0, 3, 2, 3]);
  });

  it('pairs mirrors by the first bone of each name, the first pair naming a bone winning', () => {
    const v = view(
      record(
        [
          { id: 1, name: 100, parent: null },
          { id: 2, name: 200, parent: 1 },
          { id: 3, name: 300, parent: 1 },
          { id: 4, name: 200, parent: 1 },
          { id: 5, name: 400, parent: 1 },
        ],
        [
          [200, 300],
          [300, 400],
          [500, 100],
          [400, 400],
        ],
      ),
    );
    expect(v.bones.map((b) => b.mirror)).toEqual([null, 2, 1, null, 2]);
  });

  it('pairs the mirrors of a large skeleton with many pairs the same way', () => {
    // 200 bones named 1000 + i, bone 150 named again as bone 10's name; pairs (10, 11), (12, 13), …
    const bones = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: i === 150 ? 1010 : 1000 + i, parent: i === 0 ? null : 1 }));
    const pairs = Array.from({ length: 40 }, (_, p): [number, number] => [1010 + 2 * p, 1011 + 2 * p]);
    const mirrors = view(record(bones, pairs)).bones.map((b) => b.mirror);
    expect(mirrors[10]).toBe(11);
    expect(mirrors[11]).toBe(10);
    expect(mirrors[88]).toBe(89);
    expect(mirrors[89]).toBe(88);
    expect(mirrors[90]).toBeNull();
    expect(mirrors[150]).toBeNull();
    expect(mirrors.filter((m) => m !== null)).toHaveLength(80);
  });
});
