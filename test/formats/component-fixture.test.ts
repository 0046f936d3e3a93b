import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/io/errors.js';
import { readResource, writeResource } from '../../src/formats/resource.js';
import { Bytes } from '../helpers/bytes.js';

/** A SkeletonComponent from the seed: base, main, addons, ExpressionPack, tracks, WindForce. */
function component(addons: bigint[], tracks: number): Uint8Array {
  const b = new Bytes();
  b.u64(0x77n).u32(0x71fda747);
  b.u8(1, 2, 3, 4); // four base bytes
  b.u8(4).u8(0).u64(0x1000n); // main Skeleton
  b.u32(addons.length);
  for (const id of addons) b.u8(4).u8(0).u64(id);
  b.u8(3).u8(0).u64(0n); // ExpressionPack null: 03 and nine zero bytes
  b.u32(tracks);
  for (let i = 0; i < tracks; i++)
    b.u64(BigInt(0x90 + i))
      .u32(0xa8037d53)
      .u8(i, 0, 0, 0, 0, 0, 0, 1);
  b.u64(0x99n)
    .u32(0xe7f9a244)
    .u8(...new Array(12).fill(0));
  return b.build();
}

describe('SkeletonComponent from hand-assembled bytes', () => {
  it('is 56 bytes of body with no addons or tracks (the NPC example)', () => {
    const bytes = component([], 0);
    expect(bytes.length - 12).toBe(56);
    const resource = readResource(bytes)!.resource;
    if (resource.kind !== 'SkeletonComponent') throw new Error(resource.kind);
    expect(resource.record.mainSkeleton).toEqual({ mode: 4, flag: 0, id: 0x1000n });
    expect(resource.record.addons).toEqual([]);
    expect(resource.record.expressionPack).toEqual({ mode: 3, flag: 0, id: 0n });
  });

  it('is 116 bytes of body with two addons and two tracks (a bike-sized example) and decodes them', () => {
    const bytes = component([0x2000n, 0x2001n], 2);
    expect(bytes.length - 12).toBe(116);
    const resource = readResource(bytes)!.resource;
    if (resource.kind !== 'SkeletonComponent') throw new Error(resource.kind);
    const r = resource.record;
    expect(r.id).toBe(0x77n);
    expect([...r.base]).toEqual([1, 2, 3, 4]);
    expect(r.addons).toEqual([
      { mode: 4, flag: 0, id: 0x2000n },
      { mode: 4, flag: 0, id: 0x2001n },
    ]);
    expect(r.trackDefinitions.map((t) => t.id)).toEqual([0x90n, 0x91n]);
    expect([...r.trackDefinitions[1]!.data]).toEqual([1, 0, 0, 0, 0, 0, 0, 1]);
    expect(r.windForce.id).toBe(0x99n);
    expect(writeResource(resource)).toEqual(bytes);
  });

  it('with five addons writes back identically', () => {
    const bytes = component([1n, 2n, 3n, 4n, 5n], 3);
    expect(bytes.length - 12).toBe(56 + 50 + 60);
    expect(writeResource(readResource(bytes)!.resource)).toEqual(bytes);
  });

  it('refuses a body longer than the length rule with the offset of the first extra byte', () => {
    const good = component([7n], 1);
    const bytes = new Uint8Array(good.length + 2);
    bytes.set(good);
    try {
      readResource(bytes);
      throw new Error('not refused');
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as ParseError).offset).toBe(good.length);
    }
  });

  it('refuses a wrong WindForce class', () => {
    const bytes = component([], 0);
    bytes[bytes.length - 16] ^= 0xff; // WindForce: u64 id, class, 12 bytes
    expect(() => readResource(bytes)).toThrow(/windForce\.classHash/);
  });
});
