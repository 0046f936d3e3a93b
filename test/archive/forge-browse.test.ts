/**
 * An archive browsed by its tables (src/archive/forge-browse.ts): one entry's data file read when
 * asked gives its skeletal records and the count of its resources of every class, which the
 * census's archive line counts. The archive is built by hand: entry 0 the rider (a Skeleton and a
 * mesh), entry 1 the bike and the skater (two Skeletons).
 */
import { describe, expect, it } from 'vitest';
import { openForge } from '../../src/archive/forge.js';
import { browseForge } from '../../src/archive/forge-browse.js';
import { bytesSource } from '../../src/archive/source.js';
import { bikeEntry, filler, riderEntry, SKELETON } from './forge-fixtures.js';
import { handArchive } from './forge-hand.js';

describe('browseForge', () => {
  it("reads one entry's data file: its skeletal records, and its resources of every class counted", async () => {
    const { bytes } = handArchive([riderEntry(filler(30, 1)), bikeEntry()], { version: 27 });
    const browse = browseForge(await openForge(bytesSource(bytes), { profile: 'wildlands' }), { name: 'a.forge', maxSize: 1 << 20 });
    expect(browse.entries.map((e) => [e.number, e.name, e.skeletal])).toEqual([
      [0, 'CHR_Rider.Skeleton', true],
      [1, 'CHR_Bike.Skeleton', true],
    ]);
    const rider = await browse.readEntry(0);
    // Two resources (the Skeleton and its mesh), one of them skeletal.
    expect(rider.resources).toBe(2);
    expect(rider.records.map((r) => [r.index, r.classHash, r.name])).toEqual([
      [0, SKELETON, 'a.forge: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"'],
    ]);
    const bike = await browse.readEntry(1);
    // Two resources, both skeletal.
    expect(bike.resources).toBe(2);
    expect(bike.records.map((r) => r.index)).toEqual([0, 1]);
  });
});
