/**
 * The census of one archive in the library (browser-safe, one thread): an archive built by hand
 * with a refused data file, one skipped by type, and one whose tables are refused, counted with
 * expectations worked out from what the test put in.
 */
import { describe, expect, it } from 'vitest';
import { CensusAccumulator } from '../../src/analysis/census.js';
import { censusArchive } from '../../src/analysis/census/archive.js';
import { bytesSource } from '../../src/archive/source.js';
import { bikeEntry, componentEntry, filler, MESH, riderEntry } from '../archive/forge-fixtures.js';
import { handArchive } from '../archive/forge-hand.js';

// The rider (its Skeleton and a mesh record), the bike and skater (two Skeletons), the component, a mesh only.
const entries = [
  riderEntry(filler(300, 1)),
  bikeEntry(),
  componentEntry(),
  { id: 0x5555n, name: 'PROP_Crate.Mesh', type: MESH, resources: [{ classHash: MESH, id: 0xe1n, name: 'Crate', body: filler(100) }] },
];

describe('censusArchive', () => {
  it('counts each chosen data file, a refused one as one refused archive file at its entry, and gives the line', async () => {
    const { bytes, tocSets } = handArchive(entries, { version: 27 });
    // Entry 1's TOC checksum (a v27 one-block set: the checksum at TOC set + 27, its bytes from + 31).
    bytes[tocSets[1]! + 31]! ^= 0xff;
    const census = new CensusAccumulator();
    const progress: [number, number][] = [];
    const line = await censusArchive(census, 'a.forge', bytesSource(bytes), {
      forge: { profile: 'wildlands' },
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(line).toMatchObject({
      archive: 'a.forge',
      version: 27,
      profile: 'wildlands',
      entries: 4,
      bookkeepingEntries: 0,
      // The rider's and the component's data files; the bike's refused; the crate's typed Mesh.
      dataFilesRead: 2,
      dataFilesSkipped: 1,
      resources: 3,
      skeletons: 1,
      skeletonComponents: 1,
      refused: 1,
    });
    expect(line.refusals).toEqual([
      {
        entry: 1,
        entryName: 'CHR_Bike.Skeleton',
        offset: tocSets[1]! + 27,
        path: 'entries[1].toc.blocks[0].checksum',
        message: expect.stringMatching(/^offset 0x[0-9A-F]+ \(\d+\): entries\[1\]\.toc\.blocks\[0\]\.checksum: expected /),
      },
    ]);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const report = census.report();
    expect(report.files).toBe(3);
    expect(report.skeletons.exact).toBe(1);
    expect(report.components.exact).toBe(1);
    expect(report.archiveRefused).toBe(1);
    expect(report.refusals.map((r) => [r.file, r.kind, r.offset, r.message.startsWith('refused at offset ')])).toEqual([
      ['a.forge: entry 1 "CHR_Bike.Skeleton"', 'archive', tocSets[1]! + 27, true],
    ]);
  });

  it('names each record by its address, as the loose files of the census are named by their paths', async () => {
    const { bytes } = handArchive(entries, { version: 27 });
    const census = new CensusAccumulator();
    await censusArchive(census, 'a.forge', bytesSource(bytes), { forge: { profile: 'wildlands' } });
    const files = census.report().components.resolution.components.map((c) => c.file);
    expect(files).toEqual(['a.forge: entry 2 "CHR_Rider.SkeletonComponent": resource 0 "RiderComponent"']);
    expect(census.report().skeletons.exact).toBe(3);
  });

  it('counts an archive whose header is refused as one refused archive file, and gives a line with no version', async () => {
    const { bytes } = handArchive(entries, { version: 27 });
    const census = new CensusAccumulator();
    // 12 bytes: the magic and the version, and not the eight bytes of the data header's offset at 0x0D.
    const line = await censusArchive(census, 'cut.forge', bytesSource(bytes.subarray(0, 12)), { forge: { profile: 'wildlands' } });
    expect(line).toMatchObject({ archive: 'cut.forge', version: null, profile: null, entries: 0, dataFilesRead: 0, refused: 1 });
    expect(line.refusals[0]).toMatchObject({ entry: null, entryName: null });
    const report = census.report();
    expect([report.files, report.archiveRefused, report.refusals[0]?.file]).toEqual([1, 1, 'cut.forge']);
  });

  it('counts an index refused inside tables that open as a refusal of the archive itself, no data file read', async () => {
    const { bytes } = handArchive(entries, { version: 27 });
    const census = new CensusAccumulator();
    // 100 bytes: the header and the data header (0x15 + 44 = 0x41), and only part of the first index block.
    const line = await censusArchive(census, 'cut.forge', bytesSource(bytes.subarray(0, 100)), { forge: { profile: 'wildlands' } });
    expect(line).toMatchObject({ version: 27, entries: 1, dataFilesRead: 0, dataFilesSkipped: 0, refused: 1 });
    expect(line.refusals[0]).toMatchObject({ entry: null, entryName: null });
    expect(census.report().refusals.map((r) => [r.file, r.kind])).toEqual([['cut.forge', 'archive']]);
  });
});
