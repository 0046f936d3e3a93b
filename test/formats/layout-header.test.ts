/**
 * Each layout's header, derived from its declarations, against the tables the formats come from:
 * where the id and the class lie, how wide the id is, and the bytes the header fixes.
 */
import { describe, expect, it } from 'vitest';
import { layoutByName } from '../../src/formats/registry.js';
import { detectByHeader, headerId } from '../../src/formats/header.js';

describe('the object header of each layout, as its declarations give it', () => {
  // anvilnext (the seed): u64 id at 0, class at 8. Unity (public reading): 01, then the u64 id,
  // the class at 9. scimitar (the seed): the managed byte 1, a u32 id at 1, the class at 5.
  // AC1 (public reading): a u32 id at 0, the class at 4.
  it.each([
    ['anvilnext', 0, 8, 8, []],
    ['anvilnext/wildlands', 0, 8, 8, []],
    ['anvilnext/breakpoint', 0, 8, 8, []],
    ['anvilnext/unity', 1, 8, 9, [[0, 1]]],
    ['scimitar', 1, 4, 5, [[0, 1]]],
    ['scimitar/ac1', 0, 4, 4, []],
  ] as const)('%s: id at %i (%i bytes), class at %i', (name, idOffset, idBytes, classOffset, constants) => {
    const layout = layoutByName(name);
    expect(layout.header).toMatchObject({ idOffset, idBytes, classOffset, size: classOffset + 4 });
    expect(layout.header.constants.map((c) => [c.offset, c.value])).toEqual(constants);
    expect([layout.classOffset, layout.idHexWidth]).toEqual([classOffset, idBytes * 2]);
  });

  it('detects by the fixed bytes and the class, and reads the id at its place', () => {
    const unity = layoutByName('anvilnext/unity').header;
    // 01, u64 id 0x1122334455667788, class Skeleton (7C CB AE 24).
    const bytes = Uint8Array.from([1, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x7c, 0xcb, 0xae, 0x24]);
    expect(detectByHeader(unity, bytes)).toBe('Skeleton');
    expect(headerId(unity, bytes)).toBe(0x1122334455667788n);
    expect(detectByHeader(unity, Uint8Array.from([2, ...bytes.subarray(1)]))).toBeNull(); // not 01
    expect(detectByHeader(unity, bytes.subarray(0, 12))).toBeNull(); // the class cut short
    // The main title's SkeletonComponent (class 71 FD A7 47 at 8) is one of its kinds; Unity has none.
    const component = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0x47, 0xa7, 0xfd, 0x71]);
    expect(detectByHeader(layoutByName('anvilnext').header, component)).toBe('SkeletonComponent');
    expect(detectByHeader(layoutByName('anvilnext/wildlands').header, component)).toBeNull();
  });
});
