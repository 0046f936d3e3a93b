import { describe, expect, it } from 'vitest';
import { openForge } from '../../src/archive/forge.js';
import { forgeSkeletalFiles, type ForgeSkeletalFile } from '../../src/archive/forge-records.js';
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
