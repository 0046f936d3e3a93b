import { describe, expect, it } from 'vitest';
import { openForge } from '../../src/archive/forge.js';
import {
  forgeRecords,
  forgeSkeletalFiles,
  type ForgeRecordItem,
  type ForgeRecordsOptions,
  type ForgeSkeletalFile,
} from '../../src/archive/forge-records.js';
import { formatAddress } from '../../src/io/address.js';
import type { ArchiveSource } from '../../src/archive/source.js';
import { bytesSource } from '../../src/archive/source.js';
import { bikeEntry, componentEntry, filler, MESH, riderEntry } from './forge-fixtures.js';
import { handArchive } from './forge-hand.js';

// Four data files: the rider (its Skeleton, then a mesh record), the bike and skater (two
// Skeletons), the component, and a mesh only. Entry 2's TOC block is corrupted: a v27 one-block
// set is header 15, count 4, sizes 8, so its checksum is at TOC set + 27 and its bytes from + 31.
const entries = [
  riderEntry(filler(300, 1)),
  bikeEntry(),
  componentEntry(),
  { id: 0x5555n, name: 'PROP_Crate.Mesh', type: MESH, resources: [{ classHash: MESH, id: 0xe1n, name: 'Crate', body: filler(100) }] },
];

// The profile is named, so opening reads the tables alone (detection would read data files too).
async function collect(source: ArchiveSource, from = 0): Promise<ForgeSkeletalFile[]> {
  const forge = await openForge(source, { profile: 'wildlands' });
  const files: ForgeSkeletalFile[] = [];
  for await (const file of forgeSkeletalFiles(forge, forge.entries.slice(from))) files.push(file);
  return files;
}

const shape = (file: ForgeSkeletalFile) =>
  'records' in file
    ? { entry: file.entry.number, resourceCount: file.resourceCount, records: file.records.map((r) => [r.index, r.resource.name]) }
    : 'refusal' in file
      ? { entry: file.entry.number, refusal: [file.refusal.offset, file.refusal.path] }
      : { entry: file.entry.number, failed: String(file.failed) };

describe('forgeSkeletalFiles', () => {
  it('yields each data file in order with its skeletal records, and a refused one with its refusal, the next still read', async () => {
    const { bytes, tocSets } = handArchive(entries, { version: 27 });
    bytes[tocSets[2]! + 31]! ^= 0xff;
    expect((await collect(bytesSource(bytes))).map(shape)).toEqual([
      { entry: 0, resourceCount: 2, records: [[0, 'Rider']] },
      {
        entry: 1,
        resourceCount: 2,
        records: [
          [0, 'Bike'],
          [1, 'Skater'],
        ],
      },
      { entry: 2, refusal: [tocSets[2]! + 27, 'entries[2].toc.blocks[0].checksum'] },
      { entry: 3, resourceCount: 1, records: [] },
    ]);
  });

  it('ends with the failure when the source itself fails, reading nothing after it', async () => {
    const { bytes, dataFiles } = handArchive(entries, { version: 27 });
    const source = bytesSource(bytes);
    const offsets: number[] = [];
    const failing: ArchiveSource = {
      size: source.size,
      read: (offset, length) => {
        // The tables are read first; then the second data file's read fails.
        if (offset === dataFiles[1]!.offset) return Promise.reject(new Error('disk gone'));
        offsets.push(offset);
        return source.read(offset, length);
      },
    };
    const files = await collect(failing);
    expect(files.map(shape)).toEqual([
      { entry: 0, resourceCount: 2, records: [[0, 'Rider']] },
      { entry: 1, failed: 'Error: disk gone' },
    ]);
    expect(offsets).toContain(dataFiles[0]!.offset);
    expect(offsets).not.toContain(dataFiles[2]!.offset);
    expect(offsets).not.toContain(dataFiles[3]!.offset);
  });
});

/** An item as plain data: its kind, its address in words, and what it names. */
function itemShape(item: ForgeRecordItem): unknown {
  const where = formatAddress(item.address);
  switch (item.kind) {
    case 'selection':
      return { selection: item.entries.map((e) => e.number), skippedByType: item.skippedByType, where };
    case 'refusal':
      return { refusal: [item.refusal.offset, item.refusal.path], where, addressed: item.refusal.address === item.address };
    case 'record':
      return { record: [item.entry.number, item.index, item.resource.name], where };
    case 'dataFile':
      return { dataFile: item.entry.number, resourceCount: item.resourceCount, where };
    case 'failed':
      return { failed: String(item.error), where };
  }
}

async function records(source: ArchiveSource, options: Partial<ForgeRecordsOptions> = {}): Promise<unknown[]> {
  const forge = await openForge(source, { profile: 'wildlands' });
  const items: unknown[] = [];
  for await (const item of forgeRecords(forge, { name: 'a.forge', ...options })) items.push(itemShape(item));
  return items;
}

describe('forgeRecords', () => {
  it('yields the selection, then a refused data file with its entry address and the next data file still read', async () => {
    const { bytes, tocSets } = handArchive(entries, { version: 27 });
    // Entry 1's TOC checksum (a v27 one-block set: the checksum at TOC set + 27, its bytes from + 31).
    bytes[tocSets[1]! + 31]! ^= 0xff;
    expect(await records(bytesSource(bytes))).toEqual([
      // The crate's data file is typed Mesh: not read, one skipped by type.
      { selection: [0, 1, 2], skippedByType: 1, where: 'a.forge' },
      { record: [0, 0, 'Rider'], where: 'a.forge: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"' },
      { dataFile: 0, resourceCount: 2, where: 'a.forge: entry 0 "CHR_Rider.Skeleton"' },
      {
        refusal: [tocSets[1]! + 27, 'entries[1].toc.blocks[0].checksum'],
        where: 'a.forge: entry 1 "CHR_Bike.Skeleton"',
        addressed: true,
      },
      {
        record: [2, 0, 'RiderComponent'],
        where: 'a.forge: entry 2 "CHR_Rider.SkeletonComponent": resource 0 "RiderComponent"',
      },
      { dataFile: 2, resourceCount: 1, where: 'a.forge: entry 2 "CHR_Rider.SkeletonComponent"' },
    ]);
  });

  it('reads every data file with everyDataFile, and exactly the entries of a share, in its order', async () => {
    const { bytes } = handArchive(entries, { version: 27 });
    const every = await records(bytesSource(bytes), { everyDataFile: true });
    expect(every[0]).toEqual({ selection: [0, 1, 2, 3], skippedByType: 0, where: 'a.forge' });
    expect(every.at(-1)).toEqual({ dataFile: 3, resourceCount: 1, where: 'a.forge: entry 3 "PROP_Crate.Mesh"' });
    const forge = await openForge(bytesSource(bytes), { profile: 'wildlands' });
    const share = [forge.entries[2]!, forge.entries[0]!];
    const items: unknown[] = [];
    for await (const item of forgeRecords(forge, { name: 'a.forge', entries: share })) items.push(itemShape(item));
    expect(
      items.filter((i) => (i as { dataFile?: number }).dataFile !== undefined).map((i) => (i as { dataFile: number }).dataFile),
    ).toEqual([2, 0]);
  });

  it('reads a share without walking the whole index (a census hands out thousands of shares)', async () => {
    const { bytes } = handArchive(entries, { version: 27 });
    const forge = await openForge(bytesSource(bytes), { profile: 'wildlands' });
    const share = [forge.entries[0]!];
    // Every use of the index throws: a share must be read from its own entries alone.
    const index = new Proxy([] as typeof forge.entries, {
      get: () => {
        throw new Error('the whole index was read');
      },
    });
    const items: unknown[] = [];
    for await (const item of forgeRecords({ ...forge, entries: index }, { name: 'a.forge', entries: share })) items.push(itemShape(item));
    expect(items).toEqual([
      { selection: [0], skippedByType: 0, where: 'a.forge' },
      { record: [0, 0, 'Rider'], where: 'a.forge: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"' },
      { dataFile: 0, resourceCount: 2, where: 'a.forge: entry 0 "CHR_Rider.Skeleton"' },
    ]);
  });

  it('ends with the failure, at its entry, when the source fails mid-way, reading nothing after it', async () => {
    const { bytes, dataFiles } = handArchive(entries, { version: 27 });
    const source = bytesSource(bytes);
    const failing: ArchiveSource = {
      size: source.size,
      read: (offset, length) => (offset === dataFiles[1]!.offset ? Promise.reject(new Error('disk gone')) : source.read(offset, length)),
    };
    expect(await records(failing)).toEqual([
      { selection: [0, 1, 2], skippedByType: 1, where: 'a.forge' },
      { record: [0, 0, 'Rider'], where: 'a.forge: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"' },
      { dataFile: 0, resourceCount: 2, where: 'a.forge: entry 0 "CHR_Rider.Skeleton"' },
      { failed: 'Error: disk gone', where: 'a.forge: entry 1 "CHR_Bike.Skeleton"' },
    ]);
  });
});
