/**
 * `view` on `.forge` archives assembled by hand (test/archive/forge-hand.ts, every offset from
 * docs/archives.md): the records the test put in are listed under the census's names and served byte for
 * byte, a data file with a broken checksum is a refusal at the offset worked out here, and
 * `--every-data-file` reads the data file the index types otherwise.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viewStartupLine } from '../../src/cli/actions/view.js';
import { listViewInputs, readViewInputs, startViewServer } from '../../src/node.js';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { BIKE, filler, MESH, RIDER, riderEntry, SKATER, SKELETON } from '../archive/forge-fixtures.js';
import { raw } from '../helpers/raw-http.js';
import { runCli } from '../helpers/cli.js';

/**
 * Two data files typed Skeleton (the rider with a mesh record after it, the bike), one typed as a
 * mesh that hides the skater behind its mesh record, and a fourth typed Skeleton whose TOC the
 * test breaks.
 */
const ENTRIES: HandEntry[] = [
  riderEntry(filler(300)),
  { id: 0x2222n, name: 'CHR_Bike.Skeleton', type: SKELETON, resources: [{ classHash: SKELETON, id: 0xb1n, name: 'Bike', body: BIKE }] },
  {
    id: 0x3333n,
    name: 'PROP_Crate.Mesh',
    type: MESH,
    resources: [
      { classHash: MESH, id: 0xc1n, name: 'Crate', body: filler(500) },
      { classHash: SKELETON, id: 0xc2n, name: 'Hidden', body: SKATER },
    ],
  },
  {
    id: 0x4444n,
    name: 'CHR_Broken.Skeleton',
    type: SKELETON,
    resources: [{ classHash: SKELETON, id: 0xd1n, name: 'Broken', body: RIDER }],
  },
];

/**
 * The fourth data file's TOC set, by hand (v27, docs/archive-ac3.md): header 0x15 + data header 44 = 65, one
 * index block of 48 + 4 × (20 + 192) = 896 bytes, so data files from 961. A data file is its TOC
 * set (31-byte set header + u16 count + 14 bytes a resource) then its resources set (31 + per record
 * 12 + name + NUL + body): rider 31 + 2 + 28 + 31 + (12 + 5 + 1 + 4095) + (12 + 10 + 1 + 300) = 4528,
 * bike 31 + 2 + 14 + 31 + (12 + 4 + 1 + 1221) = 1316, crate 31 + 2 + 28 + 31 + (12 + 5 + 1 + 500) +
 * (12 + 6 + 1 + 2744) = 3373; so 961 + 4528 + 1316 + 3373 = 10178. Its block checksum sits at +27
 * (magic 8, version 2, method 1, two u16 sizes, u32 count, two i32 sizes), its data at +31.
 */
const BROKEN_TOC = 10178;
const BROKEN_CHECKSUM = BROKEN_TOC + 27; // 10205 = 0x27DD

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-view-archive-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function brokenArchive(): Uint8Array {
  const layout = handArchive(ENTRIES, { version: 27 });
  expect(layout.tocSets[3]).toBe(BROKEN_TOC); // the assembler lays it out where docs/archives.md says
  const bytes = layout.bytes;
  bytes[BROKEN_TOC + 31] ^= 0xff; // the first byte of its TOC data: the stored checksum no longer matches
  return bytes;
}

const label = (archive: string, entry: number, entryName: string, resource: number, name: string): string =>
  `${archive}: entry ${entry} ${JSON.stringify(entryName)}: resource ${resource} ${JSON.stringify(name)}`;

describe('view on a .forge archive', () => {
  // Named so its extension says nothing: the magic alone makes it an archive.
  const dir = join(temp, 'folder');
  mkdirSync(dir);
  const archive = join(dir, 'pack.bin');
  writeFileSync(archive, brokenArchive());
  writeFileSync(join(dir, 'Loose.Skeleton'), BIKE);

  it('lists the two Skeletons of data files typed Skeleton under the census names, and the refusal with its offset', async () => {
    const inputs = await readViewInputs([archive], { maxSize: 1 << 20 });
    expect(inputs.map((i) => i.name)).toEqual([
      label(archive, 0, 'CHR_Rider.Skeleton', 0, 'Rider'),
      label(archive, 1, 'CHR_Bike.Skeleton', 0, 'Bike'),
      `${archive}: entry 3 "CHR_Broken.Skeleton"`,
    ]);
    expect(inputs[2]!.bytes).toBeNull();
    expect(inputs[2]!.refused).toBe(true);
    expect(inputs[2]!.note).toMatch(/^refused at offset 0x27DD \(10205\): entries\[3\]\.toc\.blocks\[0\]\.checksum: expected the Adler-32/);
    expect(BROKEN_CHECKSUM).toBe(0x27dd);
    // The census words the same refusal the same way (its stderr line is `name: note`).
    const census = await runCli(['census', archive]);
    expect(census.stderr).toContain(`${inputs[2]!.name}: ${inputs[2]!.note!}`);
    // Only the bodies are kept: each a copy of its own size, not a view of the data file.
    expect(inputs[0]!.bytes!.buffer.byteLength).toBe(4095);
    expect(inputs[1]!.bytes!.buffer.byteLength).toBe(1221);
  });

  it('serves each record body byte for byte as /api/input/<id>, and says the refusal in the listing', async () => {
    const inputs = await readViewInputs([archive], { maxSize: 1 << 20 });
    const server = await startViewServer({ port: 0, app: [], inputs, config: {} });
    try {
      const get = (path: string) => raw(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
      const listing = JSON.parse((await get('/api/inputs')).body.toString()) as {
        files: { id: string; name: string; size: number | null; note: string | null; refused?: boolean }[];
      };
      expect(listing.files.map((f) => [f.id, f.size, f.refused ?? false])).toEqual([
        ['0', 4095, false],
        ['1', 1221, false],
        ['2', null, true],
      ]);
      expect(Buffer.compare((await get('/api/input/0')).body, RIDER)).toBe(0);
      expect(Buffer.compare((await get('/api/input/1')).body, BIKE)).toBe(0);
      expect((await get('/api/input/2')).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('--every-data-file reads the data file typed as a mesh too, and lists the Skeleton behind its mesh', async () => {
    const inputs = await readViewInputs([archive], { maxSize: 1 << 20, everyDataFile: true });
    expect(inputs.map((i) => i.name)).toEqual([
      label(archive, 0, 'CHR_Rider.Skeleton', 0, 'Rider'),
      label(archive, 1, 'CHR_Bike.Skeleton', 0, 'Bike'),
      label(archive, 2, 'PROP_Crate.Mesh', 1, 'Hidden'),
      `${archive}: entry 3 "CHR_Broken.Skeleton"`,
    ]);
    expect(Buffer.compare(inputs[2]!.bytes!, SKATER)).toBe(0);
    // Each record's place (entry number, resource index), the page's target when it writes a copy; a refusal has none.
    expect(inputs.map((i) => i.place)).toEqual([
      { entry: 0, resource: 0 },
      { entry: 1, resource: 0 },
      { entry: 2, resource: 1 },
      undefined,
    ]);
  });

  it('finds the archive in a folder by its magic; the startup line counts the files and those from archives', async () => {
    const inputs = await readViewInputs([dir], { maxSize: 1 << 20 });
    // Walk order is by name: Loose.Skeleton before pack.bin (L < p). Both are named as files found
    // in a folder are, relative to it.
    expect(inputs.map((i) => i.name)).toEqual([
      'Loose.Skeleton',
      label('pack.bin', 0, 'CHR_Rider.Skeleton', 0, 'Rider'),
      label('pack.bin', 1, 'CHR_Bike.Skeleton', 0, 'Bike'),
      'pack.bin: entry 3 "CHR_Broken.Skeleton"',
    ]);
    expect(viewStartupLine(inputs, 'http://127.0.0.1:1/')).toBe(
      'anvil-skel view: 4 files (3 from archives) at http://127.0.0.1:1/ (Ctrl-C to stop)\n',
    );
  });

  it('an archive whose header is refused is one entry with the offset; a record over --max-size is listed without bytes', async () => {
    const bytes = handArchive(ENTRIES, { version: 27 }).bytes;
    new DataView(bytes.buffer).setUint32(9, 24, true); // the version, after the 9-byte magic: below any reader's
    const bad = join(temp, 'bad.forge');
    writeFileSync(bad, bytes);
    const inputs = await readViewInputs([bad], { maxSize: 1 << 20 });
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.name).toBe(bad);
    expect(inputs[0]!.note).toMatch(/^refused at offset 0x9 \(9\): header\.version: expected an archive version of 25 or more, got 24/);
    // A limit between the bike (1221) and the rider (4095): the rider is listed, not kept. Sizes in
    // KiB to one decimal: 4095 / 1024 = 3.999 → 4.0, 1500 / 1024 = 1.46 → 1.5.
    const limited = await readViewInputs([archive], { maxSize: 1500 });
    expect(limited[0]!.bytes).toBeNull();
    expect(limited[0]!.note).toMatch(/^Skeleton record of 4\.0 KiB, larger than the 1\.5 KiB limit/);
    expect(limited[1]!.bytes!.length).toBe(1221);
  });

  it('listed by its tables: every entry at once, no data file read; /api/entry/<k>/<n> reads one, its records byte for byte, or its refusal', async () => {
    const listing = await listViewInputs([dir], { maxSize: 1 << 20 });
    try {
      expect(listing.inputs.map((i) => i.name)).toEqual(['Loose.Skeleton']);
      expect(listing.archives).toHaveLength(1);
      const archive = listing.archives[0]!;
      expect(archive.name).toBe('pack.bin');
      // The four entries as the test wrote them: the index's type, the data file sizes worked out above.
      expect(archive.entries).toEqual([
        { number: 0, name: 'CHR_Rider.Skeleton', type: SKELETON, size: 4528, skeletal: true },
        { number: 1, name: 'CHR_Bike.Skeleton', type: SKELETON, size: 1316, skeletal: true },
        { number: 2, name: 'PROP_Crate.Mesh', type: MESH, size: 3373, skeletal: false },
        { number: 3, name: 'CHR_Broken.Skeleton', type: SKELETON, size: brokenArchive().length - BROKEN_TOC, skeletal: true },
      ]);
      expect(archive.refusals).toEqual([]);
      expect(viewStartupLine(listing.inputs, 'http://127.0.0.1:1/', listing.archives)).toBe(
        'anvil-skel view: 1 file, 1 archive of 4 entries at http://127.0.0.1:1/ (Ctrl-C to stop)\n',
      );
      const server = await startViewServer({ port: 0, app: [], inputs: listing.inputs, archives: listing.archives, config: {} });
      try {
        const get = (path: string) => raw(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
        const listed = JSON.parse((await get('/api/inputs')).body.toString()) as {
          archives: { id: string; archive: string; archiveName: string; entries: unknown[] }[];
        };
        expect(listed.archives.map((a) => [a.id, a.archive, a.archiveName, a.entries.length])).toEqual([['0', '0', 'pack.bin', 4]]);
        type Answer = {
          note: string | null;
          refused: boolean;
          resources?: number;
          records: { index: number; name: string; size: number; body: string }[];
        };
        const entry = async (n: number): Promise<Answer> => JSON.parse((await get(`/api/entry/0/${n}`)).body.toString()) as Answer;
        const rider = await entry(0);
        expect(rider.records.map((r) => [r.index, r.name, r.size])).toEqual([
          [0, label('pack.bin', 0, 'CHR_Rider.Skeleton', 0, 'Rider'), 4095],
        ]);
        expect(Buffer.compare(Buffer.from(rider.records[0]!.body, 'base64'), RIDER)).toBe(0);
        // The mesh's data file read when asked (it is listed, not read at start): the skater behind its mesh.
        const crate = await entry(2);
        expect(crate.records.map((r) => [r.index, r.name])).toEqual([[1, label('pack.bin', 2, 'PROP_Crate.Mesh', 1, 'Hidden')]]);
        expect(Buffer.compare(Buffer.from(crate.records[0]!.body, 'base64'), SKATER)).toBe(0);
        // Every resource of a data file read is counted (the census's archive line says so): the
        // rider and the mesh record after it, the crate's mesh and skater; a refused data file says none.
        expect([rider.resources, crate.resources]).toEqual([2, 2]);
        const broken = await entry(3);
        expect(broken.records).toEqual([]);
        expect(broken.refused).toBe(true);
        expect(broken.resources).toBeUndefined();
        expect(broken.note).toMatch(/^refused at offset 0x27DD \(10205\): entries\[3\]\.toc\.blocks\[0\]\.checksum: expected the Adler-32/);
        // Not listed: 404, as for any other path.
        expect((await get('/api/entry/0/4')).status).toBe(404);
        expect((await get('/api/entry/1/0')).status).toBe(404);
      } finally {
        await server.close();
      }
    } finally {
      await listing.close();
    }
  });
});
