/**
 * Records of one class from an archive built by hand: entry 0 the rider (its Skeleton, then a mesh
 * record), 1 the bike and skater (two Skeletons), 2 the component. Entry 1's data file is refused by
 * its TOC checksum (set + 27 in a v27 one-block set) in the second case.
 */
import { describe, expect, it } from 'vitest';
import { ForgeClassRecords } from '../../src/archive/forge-class-records.js';
import { openForge } from '../../src/archive/forge.js';
import { bytesSource } from '../../src/archive/source.js';
import type { ParseError } from '../../src/io/errors.js';
import { bikeEntry, COMPONENT, componentEntry, filler, riderEntry, SKELETON } from './forge-fixtures.js';
import { handArchive } from './forge-hand.js';

const open = async (corrupt?: (bytes: Uint8Array, sets: number[]) => void) => {
  const { bytes, tocSets } = handArchive([riderEntry(filler(30, 1)), bikeEntry(), componentEntry()], { version: 27 });
  corrupt?.(bytes, tocSets);
  return { forge: await openForge(bytesSource(bytes), { profile: 'wildlands' }), tocSets };
};

describe('ForgeClassRecords', () => {
  it('hands each record of the class, from the data files the index types so, or from every one', async () => {
    const { forge } = await open();
    const records = new ForgeClassRecords(forge, 'a.forge', () => expect.fail('no refusal'));
    const seen: [number, number, string][] = [];
    expect(await records.eachRecord(SKELETON, false, (entry, index, r) => seen.push([entry.number, index, r.name]))).toBe(3);
    expect(seen).toEqual([
      [0, 0, 'Rider'],
      [1, 0, 'Bike'],
      [1, 1, 'Skater'],
    ]);
    // The component's data file is typed SkeletonComponent: read only when every data file is.
    expect(await records.eachRecord(COMPONENT, false, () => undefined)).toBe(1);
    expect(await records.eachRecord(COMPONENT, true, () => undefined)).toBe(1);
    const first = await records.dataFile(forge.entries[1]!);
    expect(await records.dataFile(forge.entries[1]!)).toBe(first);
  });

  it('tells of a refused data file, placed at its entry, and reads the next', async () => {
    const { forge, tocSets } = await open((bytes, sets) => void (bytes[sets[1]! + 31]! ^= 0xff));
    const refusals: ParseError[] = [];
    const records = new ForgeClassRecords(forge, 'a.forge', (r) => refusals.push(r));
    expect(await records.eachRecord(SKELETON, false, () => undefined)).toBe(1);
    expect(refusals.map((r) => [r.offset, r.address])).toEqual([
      [tocSets[1]! + 27, { file: 'a.forge', archive: true, entry: { number: 1, name: 'CHR_Bike.Skeleton' } }],
    ]);
    expect(await records.dataFile(forge.entries[1]!)).toBeNull();
  });
});
