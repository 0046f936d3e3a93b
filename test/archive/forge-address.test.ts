/**
 * Addressing a resource inside an archive built by hand: entry 0 the rider (its Skeleton, then a
 * mesh record), 1 the bike and the skater (two Skeletons), 2 the component, 3 and 4 two mesh-only
 * entries of the same name. Every message below is written out here from the entries' numbers and
 * names; the refused data file's offset is its TOC checksum (set + 27 in a v27 one-block set).
 */
import { describe, expect, it } from 'vitest';
import {
  archiveRefusalReport,
  findForgeEntry,
  ForgeAddressError,
  forgeEntryAddress,
  locateForgeResource,
  readForgeResource,
} from '../../src/archive/forge-address.js';
import { openForge } from '../../src/archive/forge.js';
import { bytesSource } from '../../src/archive/source.js';
import { ParseError } from '../../src/io/errors.js';
import { bikeEntry, componentEntry, filler, MESH, RIDER, riderEntry } from './forge-fixtures.js';
import { handArchive } from './forge-hand.js';

const crate = (id: bigint) => ({
  id,
  name: 'PROP_Crate.Mesh',
  type: MESH,
  resources: [{ classHash: MESH, id: id + 1n, name: 'Crate', body: filler(100) }],
});
const entries = [riderEntry(filler(300, 1)), bikeEntry(), componentEntry(), crate(0x5550n), crate(0x6660n)];
const open = async (corrupt?: (bytes: Uint8Array, tocSets: number[]) => void) => {
  const { bytes, tocSets } = handArchive(entries, { version: 27 });
  corrupt?.(bytes, tocSets);
  return { forge: await openForge(bytesSource(bytes), { profile: 'wildlands' }), tocSets };
};

/** The ForgeAddressError a promise or call rejects with, for its kind and message. */
async function addressError(run: () => unknown): Promise<{ problem: string; message: string; usage: boolean }> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof ForgeAddressError)) throw error;
    return { problem: error.problem, message: error.message, usage: error.isUsage };
  }
  throw new Error('no ForgeAddressError');
}

describe('addressing a resource in an archive', () => {
  it('finds an entry by name or number, and the single Skeleton of its data file without --resource', async () => {
    const { forge } = await open();
    const found = await readForgeResource(forge, 'a.forge', 'CHR_Rider.Skeleton', undefined);
    expect(found.address).toEqual({
      file: 'a.forge',
      archive: true,
      entry: { number: 0, name: 'CHR_Rider.Skeleton' },
      resource: { index: 0, name: 'Rider' },
    });
    expect(found.bytes).toEqual(RIDER);
    expect(found.header.kind).toBe('Skeleton');
    expect((await locateForgeResource(forge, 'a.forge', '1', 'Skater')).index).toBe(1);
    expect((await locateForgeResource(forge, 'a.forge', '1', '0xB2')).index).toBe(1);
    expect((await locateForgeResource(forge, 'a.forge', '1', '0')).resource.name).toBe('Bike');
  });

  it('words each wrong address once, telling the caller’s mistake from what the archive holds', async () => {
    const { forge } = await open();
    expect(await addressError(() => findForgeEntry(forge.entries, 'PROP_Crate.Mesh', 'a.forge'))).toEqual({
      problem: 'entry-ambiguous',
      message: 'a.forge: 2 entries are named "PROP_Crate.Mesh" (numbers 3, 4); give --entry a number',
      usage: true,
    });
    expect(await addressError(() => findForgeEntry(forge.entries, '9', 'a.forge'))).toEqual({
      problem: 'entry-unknown',
      message: 'a.forge: no entry numbered or named "9" (forge list shows them)',
      usage: true,
    });
    expect(await addressError(() => locateForgeResource(forge, 'a.forge', '1', undefined))).toEqual({
      problem: 'resource-needed',
      message:
        'a.forge: entry 1 "CHR_Bike.Skeleton": holds 2 Skeletons and SkeletonComponents; choose one with --resource (index, hex id or name; forge list --resources shows them)',
      usage: true,
    });
    expect(await addressError(() => locateForgeResource(forge, 'a.forge', '1', 'Nobody'))).toEqual({
      problem: 'resource-unknown',
      message: 'a.forge: entry 1 "CHR_Bike.Skeleton": no resource with index, id or name "Nobody"',
      usage: true,
    });
    expect(await addressError(() => locateForgeResource(forge, 'a.forge', '3', undefined))).toEqual({
      problem: 'no-skeletal',
      message:
        'a.forge: entry 3 "PROP_Crate.Mesh": holds no Skeleton or SkeletonComponent (1 resource: 0x415D9568; forge list --resources shows them)',
      usage: false,
    });
    const notOurs = await addressError(() => readForgeResource(forge, 'a.forge', '0', 'Rider_Mesh'));
    expect(notOurs.problem).toBe('not-a-resource');
    expect(notOurs.message).toMatch(
      /^a\.forge: entry 0 "CHR_Rider\.Skeleton": resource 1 "Rider_Mesh": not a Skeleton or SkeletonComponent \(/,
    );
    expect(notOurs.usage).toBe(false);
  });

  it('places a refused data file’s ParseError at its entry, the offset the archive’s', async () => {
    const { forge, tocSets } = await open((bytes, sets) => void (bytes[sets[1]! + 31]! ^= 0xff));
    const error = await locateForgeResource(forge, 'a.forge', '1', 'Bike').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    const refusal = error as ParseError;
    expect(refusal.address).toEqual(forgeEntryAddress('a.forge', { number: 1, name: 'CHR_Bike.Skeleton' }));
    expect(refusal.offset).toBe(tocSets[1]! + 27);
    expect(refusal.cause).toBeInstanceOf(ParseError);
  });

  it('reports a refusal of the archive’s tables as `archive refused at`', () => {
    const refusal = new ParseError({ offset: 9, path: ['header', 'version'], expected: 'a version', actual: '99' });
    expect(archiveRefusalReport(refusal)).toEqual({
      offset: 9,
      path: 'header.version',
      expected: 'a version',
      actual: '99',
      message: 'archive refused at offset 0x9 (9): header.version: expected a version, got 99',
    });
  });
});
