/**
 * The listing and extraction plans of an archive built by hand: entry 0 the rider (Skeleton, mesh),
 * 1 the bike and skater (two Skeletons), 2 a mesh entry named `props/crate` whose two records are
 * named `Lid` and `lid` (one name to a case-insensitive file system). Rows, names and the manifest's
 * file list are written out here from those entries.
 */
import { describe, expect, it } from 'vitest';
import { openForge } from '../../src/archive/forge.js';
import { readDataFile } from '../../src/archive/forge-data-file.js';
import {
  forgeExtractManifestEntry,
  forgeExtractSelection,
  forgeListing,
  forgeListingText,
  forgeRawEntryName,
  planForgeExtraction,
  type ForgeListStep,
} from '../../src/archive/forge-listing.js';
import { bytesSource } from '../../src/archive/source.js';
import { bikeEntry, filler, MESH, riderEntry, SKELETON } from './forge-fixtures.js';
import { handArchive } from './forge-hand.js';

const crate = {
  id: 0x5555n,
  name: 'props/crate',
  type: MESH,
  resources: [
    { classHash: MESH, id: 0xe1n, name: 'Lid', body: filler(10) },
    { classHash: MESH, id: 0xe2n, name: 'lid', body: filler(12) },
  ],
};
const open = async (corrupt?: (bytes: Uint8Array, tocSets: number[]) => void) => {
  const { bytes, tocSets } = handArchive([riderEntry(filler(30, 1)), bikeEntry(), crate], { version: 27 });
  corrupt?.(bytes, tocSets);
  return openForge(bytesSource(bytes), { profile: 'wildlands' });
};
const steps = async (forge: Awaited<ReturnType<typeof open>>, options: Parameters<typeof forgeListing>[1]) => {
  const all: ForgeListStep[] = [];
  for await (const step of forgeListing(forge, options)) all.push(step);
  return all;
};

describe('forgeListing', () => {
  it('lists entries by the index type without resources, and by the records’ classes with them', async () => {
    const forge = await open();
    const byType = await steps(forge, { classes: new Set([SKELETON]), resources: false });
    expect(byType.map((s) => s.row?.name ?? null)).toEqual(['CHR_Rider.Skeleton', 'CHR_Bike.Skeleton', null]);
    expect(byType[0]!.row!.resources).toBeNull();

    const byRecord = await steps(forge, { classes: new Set([MESH]), resources: true });
    expect(byRecord.map((s) => s.row?.resources?.map((r) => [r.index, r.name, r.class]) ?? null)).toEqual([
      [[1, 'Rider_Mesh', '0x415D9568']],
      null,
      [
        [0, 'Lid', '0x415D9568'],
        [1, 'lid', '0x415D9568'],
      ],
    ]);
    expect((await steps(forge, { classes: null, name: 'chr_*', resources: false })).map((s) => s.entry.number)).toEqual([0, 1]);
  });

  it('lists a refused data file with its refusal and reads the next', async () => {
    const forge = await open((bytes, sets) => void (bytes[sets[1]! + 31]! ^= 0xff));
    const listed = await steps(forge, { classes: null, resources: true });
    expect(listed.map((s) => s.refusal?.path ?? null)).toEqual([null, 'entries[1].toc.blocks[0].checksum', null]);
    expect(listed[1]!.row!.refusal).toMatchObject({ entry: 1, path: 'entries[1].toc.blocks[0].checksum' });
    expect(listed[2]!.row!.resources).toHaveLength(2);
    const text = forgeListingText(
      'a.forge',
      forge,
      listed.map((s) => s.row!),
      1,
    );
    expect(text.split('\n').at(-2)).toBe('3 entries listed, 1 refused');
    expect(text).toContain('      refused: offset ');
  });
});

describe('extraction plans', () => {
  it('names each resource safely and uniquely, the folder too, and lists only what was written in the manifest', async () => {
    const forge = await open();
    const selection = forgeExtractSelection(forge, null);
    expect(selection.entries.map((e) => e.number)).toEqual([0, 1, 2]);
    expect(selection.keepRaw).toBe(true);
    const entry = forge.entries[2]!;
    const plan = planForgeExtraction(entry, await readDataFile(forge, entry), null, selection.folders);
    expect(plan.folder).toBe('props_crate');
    expect(plan.renamedFolder).toBe(true);
    expect(plan.files.map((f) => [f.index, f.name, f.renamed])).toEqual([
      [0, 'Lid.0x415D9568', false],
      [1, 'lid~2.0x415D9568', true],
    ]);
    expect(forgeExtractManifestEntry(plan, new Set([1])).resources.map((r) => r.file)).toEqual([null, 'lid~2.0x415D9568']);
    // A second entry of the same safe name gets its own folder.
    expect(planForgeExtraction(entry, plan.dataFile, null, selection.folders).folder).toBe('props_crate~2');
  });

  it('chooses nothing of a data file the class filter keeps none of, and names raw bookkeeping files by number', async () => {
    const forge = await open();
    const entry = forge.entries[1]!;
    const plan = planForgeExtraction(
      entry,
      await readDataFile(forge, entry),
      new Set([MESH]),
      forgeExtractSelection(forge, new Set([MESH])).folders,
    );
    expect(plan.files).toEqual([]);
    expect(plan.folder).toBe('CHR_Bike.Skeleton');
    expect(forgeRawEntryName({ number: 7, name: 'a/b' })).toBe('7-a_b.raw');
  });
});
