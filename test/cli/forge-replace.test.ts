/**
 * `forge replace` and `forge pack` as a modder runs them, on archives assembled by hand
 * (test/archive/forge-hand.ts) and written by the project: what changes is only what the test put
 * in, at the offsets the test works out; every other byte is the original's; refusals write nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { bikeEntry, BIKE, COMPONENT_BODY, componentEntry, filler, RIDER, riderEntry, SKELETON } from '../archive/forge-fixtures.js';
import { writeForge, type ForgeWriterEntry } from '../../src/archive/forge-writer.js';
import { compressLzo1xBlock } from '../../src/archive/lzo1x-compress.js';
import { runCli } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-forge-replace-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
function folder(): string {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  return dir;
}
const le32 = (v: number): number[] => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
const i32At = (b: Uint8Array, at: number): number => new DataView(b.buffer, b.byteOffset).getInt32(at, true);
const i64At = (b: Uint8Array, at: number): number => Number(new DataView(b.buffer, b.byteOffset).getBigInt64(at, true));

/**
 * The rider with one more word in its trailing u32 array (the body's last field: in the sample a
 * count of 3 at offset 0xFEF and the words 0, 1, 2 after it, as `inspect --hex` shows): the count
 * becomes 4 and a word is added, so the body keeps its class and id, is 4 bytes longer, and reads to
 * its exact end like the sample.
 */
function longerRider(): Uint8Array {
  const count = 0xfef;
  expect([RIDER.length, i32At(RIDER, count)]).toEqual([count + 16, 3]);
  return Uint8Array.from([...RIDER.subarray(0, count), ...le32(4), ...RIDER.subarray(count + 4), ...le32(0xdeadbeef)]);
}

describe('forge replace', () => {
  // Three data files in Wildlands' framing at set version 2 (one block a set, stored): the rider
  // (with a mesh record), the bike (with the skater), the component. Layout worked out in forge-hand.ts.
  const entries: HandEntry[] = [riderEntry(filler(300, 1)), bikeEntry(), componentEntry()];
  const layout = handArchive(entries, { version: 27 });

  it('rebuilds the rider data file only: 4 bytes longer, every later offset 4 bytes on, every other byte as it was', async () => {
    const dir = folder();
    const archive = join(dir, 'Data.forge');
    writeFileSync(archive, layout.bytes);
    const edited = join(dir, 'Rider.Skeleton');
    writeFileSync(edited, longerRider());
    const out = join(dir, 'Out.forge');
    const run = await runCli(['forge', 'replace', archive, edited, '-o', out, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    const [rider, bike, component] = layout.dataFiles;
    expect(report.replaced).toEqual([
      expect.objectContaining({
        entry: 0,
        resource: 0,
        resourceName: 'Rider',
        className: 'Skeleton',
        oldSize: RIDER.length,
        newSize: RIDER.length + 4,
        label: edited,
      }),
    ]);
    expect(report.rebuilt).toEqual([
      {
        entry: 0,
        entryName: 'CHR_Rider.Skeleton',
        oldOffset: rider!.offset,
        newOffset: rider!.offset,
        oldSize: rider!.size,
        newSize: rider!.size + 4,
        blocks: 'stored',
      },
    ]);
    expect(report).toMatchObject({ moved: 2, oldArchiveSize: layout.bytes.length, newArchiveSize: layout.bytes.length + 4 });

    const bytes = new Uint8Array(readFileSync(out));
    expect(bytes.length).toBe(layout.bytes.length + 4);
    // The tables: one index block at F = 0x15 + 44 = 0x41, its index table at 0x71 (20 bytes an
    // entry: offset, id, size at +16), its name table at 0x71 + 3 × 20 = 0xAD (192 an entry, size at +0).
    const table = 0x71;
    const names = table + 3 * 20;
    const changed = new Set<number>();
    const field = (at: number, n: number): void => {
      for (let k = 0; k < n; k++) changed.add(at + k);
    };
    field(table + 16, 4); // the rider's index size
    field(names, 4); // and its name-table size
    field(table + 20, 8); // the bike's offset
    field(table + 40, 8); // the component's offset
    for (let at = 0; at < rider!.offset; at++) if (!changed.has(at)) expect(bytes[at], `byte ${at}`).toBe(layout.bytes[at]);
    expect([i32At(bytes, table + 16), i32At(bytes, names), i64At(bytes, table + 20), i64At(bytes, table + 40)]).toEqual([
      rider!.size + 4,
      rider!.size + 4,
      bike!.offset + 4,
      component!.offset + 4,
    ]);
    // The bike's and the component's data files: the same bytes, 4 bytes on.
    for (const d of [bike!, component!]) {
      expect(Buffer.compare(bytes.subarray(d.offset + 4, d.offset + 4 + d.size), layout.bytes.subarray(d.offset, d.offset + d.size))).toBe(
        0,
      );
    }
    // Read back: the rider's body is the file put in, the rest as written.
    const extracted = join(dir, 'x');
    expect((await runCli(['forge', 'extract', out, '-o', extracted, '--class', 'all'])).code).toBe(0);
    expect(Buffer.compare(readFileSync(join(extracted, 'CHR_Rider.Skeleton', 'Rider.Skeleton')), Buffer.from(longerRider()))).toBe(0);
    expect(Buffer.compare(readFileSync(join(extracted, 'CHR_Bike.Skeleton', 'Bike.Skeleton')), Buffer.from(BIKE))).toBe(0);
    // forge list of the result: the original's but for the rider's size and the later offsets.
    const before = JSON.parse((await runCli(['forge', 'list', archive, '--resources', '--json'])).stdout);
    const after = JSON.parse((await runCli(['forge', 'list', out, '--resources', '--json'])).stdout);
    before.archive = out;
    before.entries[0].size += 4;
    before.entries[0].resources[0].size += 4;
    for (const e of before.entries.slice(1)) {
      e.offset += 4;
      e.dataOffset += 4;
    }
    expect(after).toEqual(before);
    // The census holds what it held.
    // Its reports name the records by archive: the same once the archive's name is the same.
    const censusBefore = JSON.parse((await runCli(['census', archive, '--json'])).stdout.replaceAll(archive, 'ARCHIVE'));
    const censusAfter = JSON.parse((await runCli(['census', out, '--json'])).stdout.replaceAll(out, 'ARCHIVE'));
    expect(censusAfter.checks).toEqual(censusBefore.checks);
    expect(censusAfter.skeletons).toEqual(censusBefore.skeletons);
  });

  it('compresses an LZO1X archive again, and addresses a resource by --entry and --resource', async () => {
    const dir = folder();
    const archive = join(dir, 'Lzo.forge');
    const written: ForgeWriterEntry[] = [
      { id: 0x11n, name: 'A', resourceType: SKELETON, resources: [{ classHash: SKELETON, id: 0xa1n, name: 'Rider', body: RIDER }] },
      { id: 0x20n, name: 'B', resourceType: SKELETON, resources: [{ classHash: SKELETON, id: 0xb1n, name: 'Bike', body: BIKE }] },
    ];
    writeFileSync(archive, writeForge({ profile: 'unity', version: 27, entries: written, compress: compressLzo1xBlock }));
    const edited = join(dir, 'Rider.Skeleton');
    writeFileSync(edited, longerRider());
    const out = join(dir, 'Out.forge');
    const run = await runCli(['forge', 'replace', archive, edited, '--entry', 'A', '--resource', 'Rider', '-o', out, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).rebuilt[0].blocks).toBe('LZO1X');
    const x = join(dir, 'x');
    expect((await runCli(['forge', 'extract', out, '-o', x])).code).toBe(0);
    expect(Buffer.compare(readFileSync(join(x, 'A', 'Rider.Skeleton')), Buffer.from(longerRider()))).toBe(0);
    expect(Buffer.compare(readFileSync(join(x, 'B', 'Bike.Skeleton')), Buffer.from(BIKE))).toBe(0);
    // The rebuilt blocks are compressed (smaller than they hold).
    const list = JSON.parse((await runCli(['forge', 'list', out, '--json'])).stdout);
    expect(list.entries[0].size).toBeLessThan(RIDER.length);
  });

  describe('refuses, writing nothing', () => {
    const setup = (): { dir: string; archive: string; out: string } => {
      const dir = folder();
      const archive = join(dir, 'Data.forge');
      writeFileSync(archive, layout.bytes);
      return { dir, archive, out: join(dir, 'Out.forge') };
    };
    const refused = async (args: string[], out: string, code: number, message: RegExp): Promise<void> => {
      const run = await runCli(['forge', 'replace', ...args, '-o', out]);
      expect(run.code).toBe(code);
      expect(run.stderr).toMatch(message);
      expect(existsSync(out)).toBe(false);
    };

    it('a resource of an id the archive does not hold, and one of another class or id than the resource addressed', async () => {
      const { dir, archive, out } = setup();
      const other = Uint8Array.from(RIDER);
      other[0] ^= 0xff; // the u64 id at offset 0
      writeFileSync(join(dir, 'Other.Skeleton'), other);
      await refusedAt(join(dir, 'Other.Skeleton'));
      async function refusedAt(file: string): Promise<void> {
        // The id the body's header gives: the rider's 0x3A1F000000010000 with its first byte flipped.
        await refused([archive, file], out, 1, /holds no Skeleton of id 0x3A1F0000000100FF to replace/);
      }
      // The bike addressed, the rider given: class Skeleton both, ids differ.
      writeFileSync(join(dir, 'Rider.Skeleton'), RIDER);
      await refused(
        [archive, join(dir, 'Rider.Skeleton'), '--entry', '1', '--resource', '0'],
        out,
        1,
        /a resource replaces only one of its own class and id/,
      );
      // A SkeletonComponent for the rider's Skeleton.
      writeFileSync(join(dir, 'Component.SkeletonComponent'), COMPONENT_BODY);
      await refused(
        [archive, join(dir, 'Component.SkeletonComponent'), '--entry', '0', '--resource', '0'],
        out,
        1,
        /SkeletonComponent .* Skeleton/,
      );
    });

    it('a body that no layout reads to its exact end', async () => {
      const { dir, archive, out } = setup();
      writeFileSync(join(dir, 'Cut.Skeleton'), RIDER.subarray(0, 1000));
      await refused([archive, join(dir, 'Cut.Skeleton')], out, 1, /no layout reads it to its exact end/);
    });

    it('-o onto the archive, through a link, or onto a file it is given', async () => {
      const { dir, archive } = setup();
      writeFileSync(join(dir, 'Rider.Skeleton'), RIDER);
      const same = await runCli(['forge', 'replace', archive, join(dir, 'Rider.Skeleton'), '-o', archive]);
      expect(same.code).toBe(2);
      symlinkSync(archive, join(dir, 'link.forge'));
      const linked = await runCli(['forge', 'replace', archive, join(dir, 'Rider.Skeleton'), '-o', join(dir, 'link.forge')]);
      expect(linked.code).toBe(2);
      expect(linked.stderr).toMatch(/input/);
      const onInput = await runCli(['forge', 'replace', archive, join(dir, 'Rider.Skeleton'), '-o', join(dir, 'Rider.Skeleton')]);
      expect(onInput.code).toBe(2);
      expect(Buffer.compare(readFileSync(archive), Buffer.from(layout.bytes))).toBe(0);
      expect(Buffer.compare(readFileSync(join(dir, 'Rider.Skeleton')), Buffer.from(RIDER))).toBe(0);
    });

    it('a data file of Oodle blocks, whose method cannot be written', async () => {
      const dir = folder();
      const archive = join(dir, 'Odyssey.forge');
      // A one-block "compressed" set: any stream of another length than its data is a compressed block.
      const pretend = (block: Uint8Array): Uint8Array => Uint8Array.from([...block, 0]);
      const written: ForgeWriterEntry[] = [
        { id: 0x11n, name: 'A', resourceType: SKELETON, resources: [{ classHash: SKELETON, id: 0xa1n, name: 'Rider', body: RIDER }] },
      ];
      writeFileSync(archive, writeForge({ profile: 'origins-odyssey', version: 28, entries: written, method: 8, compress: pretend }));
      writeFileSync(join(dir, 'Rider.Skeleton'), RIDER);
      await refused([archive, join(dir, 'Rider.Skeleton'), '--forge-profile', 'origins-odyssey'], join(dir, 'Out.forge'), 1, /Oodle/);
    });
  });
});

describe('forge pack', () => {
  const written = (): ForgeWriterEntry[] => [
    {
      id: 0x11n,
      name: 'CHR_Rider.Skeleton',
      resourceType: SKELETON,
      timestamp: 1234,
      resources: [
        { classHash: SKELETON, id: 0xa1n, name: 'Rider', body: RIDER },
        { classHash: 0x415d9568, id: 0xa2n, name: 'Rider_Mesh', body: filler(3000, 4) },
      ],
    },
    {
      id: 0x20n,
      name: 'CHR_Bike.Skeleton',
      resourceType: SKELETON,
      resources: [{ classHash: SKELETON, id: 0xb1n, name: 'Bike', body: BIKE }],
    },
  ];
  it.each([
    ['unity', 27, 1, true],
    ['wildlands', 27, 2, false],
    ['ac1', 25, 1, true],
    ['ac2', 26, 1, false],
  ] as const)(
    'forge extract --class all, then forge pack, gives back the archive the project wrote (%s, version %s)',
    async (profile, version, setVersion, lzo) => {
      const dir = folder();
      const archive = join(dir, 'In.forge');
      const bytes = writeForge({
        profile,
        version,
        setVersion,
        entries: written(),
        compress: lzo ? compressLzo1xBlock : undefined,
        blockSize: 2048,
      });
      writeFileSync(archive, bytes);
      const x = join(dir, 'x');
      expect((await runCli(['forge', 'extract', archive, '-o', x, '--class', 'all', '--forge-profile', profile])).code).toBe(0);
      const out = join(dir, 'Packed.forge');
      const run = await runCli(['forge', 'pack', x, '-o', out]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(Buffer.compare(readFileSync(out), Buffer.from(bytes))).toBe(0);
    },
  );

  it('keeps the bookkeeping entries raw with --class all, and puts them back as they were', async () => {
    const dir = folder();
    const archive = join(dir, 'In.forge');
    // Id 16 (GlobalMetaFile) and 145 (PrefetchingFileInfos): their bytes are no data file, written as they are.
    const entries: ForgeWriterEntry[] = [
      ...written(),
      { id: 16n, name: 'GlobalMetaFile', resourceType: 0, resources: [], raw: filler(77, 9) },
      { id: 145n, name: 'PrefetchingFileInfos', resourceType: 0, resources: [], raw: filler(40, 8) },
    ];
    const bytes = writeForge({ profile: 'wildlands', version: 27, entries });
    writeFileSync(archive, bytes);
    const x = join(dir, 'x');
    expect((await runCli(['forge', 'extract', archive, '-o', x, '--class', 'all'])).code).toBe(0);
    expect(Buffer.compare(readFileSync(join(x, '_bookkeeping', '2-GlobalMetaFile.raw')), Buffer.from(filler(77, 9)))).toBe(0);
    const out = join(dir, 'Packed.forge');
    expect((await runCli(['forge', 'pack', x, '-o', out])).code).toBe(0);
    expect(Buffer.compare(readFileSync(out), Buffer.from(bytes))).toBe(0);
  });

  it('refuses a manifest whose resources were not all extracted, and a folder with no manifest and no profile', async () => {
    const dir = folder();
    const archive = join(dir, 'In.forge');
    writeFileSync(archive, writeForge({ profile: 'unity', version: 27, entries: written() }));
    const x = join(dir, 'x');
    expect((await runCli(['forge', 'extract', archive, '-o', x])).code).toBe(0); // Skeletons only
    const partial = await runCli(['forge', 'pack', x, '-o', join(dir, 'P.forge')]);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toMatch(/1 resource of the manifest missing \(CHR_Rider\.Skeleton\/Rider_Mesh \(not extracted\)\)/);
    expect(existsSync(join(dir, 'P.forge'))).toBe(false);
    rmSync(join(x, 'forge-manifest.json'));
    const none = await runCli(['forge', 'pack', x, '-o', join(dir, 'P.forge')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/name the profile to write with --forge-profile/);
  });

  it('packs a folder without a manifest: a folder per entry, ids from the bodies, read back by the same profile', async () => {
    const dir = folder();
    const src = join(dir, 'mods');
    mkdirSync(join(src, 'CHR_Rider.Skeleton'), { recursive: true });
    writeFileSync(join(src, 'CHR_Rider.Skeleton', 'Rider.Skeleton'), RIDER);
    mkdirSync(join(src, 'CHR_Bike.Skeleton'));
    writeFileSync(join(src, 'CHR_Bike.Skeleton', 'Bike.Skeleton'), BIKE);
    const out = join(dir, 'Mods.forge');
    expect((await runCli(['forge', 'pack', src, '-o', out, '--forge-profile', 'wildlands'])).code).toBe(0);
    const list = JSON.parse((await runCli(['forge', 'list', out, '--resources', '--json', '--forge-profile', 'wildlands'])).stdout);
    // Folders in name order; each resource's id is its body's (the u64 at offset 0).
    const idOf = (b: Uint8Array) =>
      `0x${new DataView(b.buffer, b.byteOffset).getBigUint64(0, true).toString(16).toUpperCase().padStart(16, '0')}`;
    expect(
      list.entries.map((e: { name: string; id: string; resources: { id: string; size: number }[] }) => [
        e.name,
        e.id,
        e.resources[0]!.id,
        e.resources[0]!.size,
      ]),
    ).toEqual([
      ['CHR_Bike.Skeleton', idOf(BIKE), idOf(BIKE), BIKE.length],
      ['CHR_Rider.Skeleton', idOf(RIDER), idOf(RIDER), RIDER.length],
    ]);
    expect(list.refusals).toEqual([]);
  });
});
