/**
 * The archive commands on archives assembled by hand (test/archive/forge-hand.ts works out every
 * offset from docs/archives.md): what the test put in is what `forge list`, `forge extract`, `census`,
 * `validate` and `inspect` must give back, and hostile copies are refused at the offset the test
 * computed while the rest is still read.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handArchive, type HandEntry, type HandOptions } from '../archive/forge-hand.js';
import { bikeEntry, COMPONENT, componentEntry, filler, MESH, RIDER, riderEntry, SKATER, SKELETON } from '../archive/forge-fixtures.js';
import { runCli } from '../helpers/cli.js';
import { ac1File, breakpointFile, unityFile, wildlandsFile } from '../helpers/sibling-fixtures.js';
import { lzoCompress, lzoPython } from '../helpers/lzo-reference.js';

const other = filler;

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-forge-cli-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
function archiveFile(bytes: Uint8Array, name = `a${serial++}.forge`): string {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/**
 * Four data files: two typed Skeleton (the rider and the bike, the first with a mesh record
 * after it, the second with the skater after it), one typed SkeletonComponent, one typed as a
 * mesh that hides a Skeleton behind its mesh. Skeletons in data files the index types Skeleton:
 * rider, bike, skater = 3; with the hidden one, 4. SkeletonComponents: 1.
 */
const ENTRIES: HandEntry[] = [
  riderEntry(other(300, 1)),
  bikeEntry(),
  componentEntry(),
  {
    id: 0x4444n,
    name: 'PROP_Crate.Mesh',
    type: MESH,
    resources: [
      { classHash: MESH, id: 0xd1n, name: 'Crate', body: other(5000, 2) },
      { classHash: SKELETON, id: 0xd2n, name: 'Hidden', body: RIDER },
    ],
  },
];

const hex = (v: number | bigint, digits: number): string => `0x${v.toString(16).toUpperCase().padStart(digits, '0')}`;
const CLASS_NAMES: Record<number, string | null> = { [SKELETON]: 'Skeleton', [COMPONENT]: 'SkeletonComponent', [MESH]: null };

const variants: [string, HandOptions][] = [
  ['version 27, stored blocks', { version: 27 }],
  ['version 25, stored blocks', { version: 25 }],
];
if (lzoPython !== undefined) {
  // The reference liblzo2 compresses the blocks, so the bodies pass through our LZO1X decoder.
  const compress = (data: Uint8Array): Uint8Array => lzoCompress([data])[0]!;
  variants.push(['version 27, blocks compressed by liblzo2', { version: 27, compress }]);
  variants.push(['version 25, blocks compressed by liblzo2', { version: 25, compress }]);
}

describe.each(variants)('an archive of %s', (_, options) => {
  const layout = handArchive(ENTRIES, options);
  const path = archiveFile(layout.bytes);

  it('forge list --resources --json names every entry and every resource as put in', async () => {
    const run = await runCli(['forge', 'list', path, '--resources', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.version).toBe(options.version);
    // The hand archives' framing: AC1's at version 25, Wildlands' at set version 2 at 27 (read alike by Blacksmith's two).
    expect([json.profile, json.profileChoice.how]).toEqual([options.version === 25 ? 'ac1' : 'wildlands', 'detected']);
    // Version 25 ids are u32: the test's ids fit.
    expect(json.entries).toEqual(
      ENTRIES.map((e, n) => ({
        number: n,
        id: hex(e.id, 16),
        name: e.name,
        type: hex(e.type, 8),
        typeName: CLASS_NAMES[e.type],
        offset: layout.dataFiles[n]!.offset,
        // Versions 25 and 26: the data file after its 440-byte FILEDATA header.
        dataOffset: layout.dataFiles[n]!.offset + (options.version === 25 ? 440 : 0),
        size: layout.dataFiles[n]!.size,
        bookkeeping: null,
        resources: e.resources.map((r, index) => ({
          index,
          class: hex(r.classHash, 8),
          className: CLASS_NAMES[r.classHash],
          id: hex(r.id, 16),
          name: r.name,
          size: r.body.length,
        })),
        refusal: null,
      })),
    );
    expect(json.refusals).toEqual([]);
  });

  it('forge extract writes the Skeleton and SkeletonComponent bodies byte for byte, and with --class all every body', async () => {
    const out = join(temp, `out${serial++}`);
    const run = await runCli(['forge', 'extract', path, '-o', out]);
    expect(run.code).toBe(0);
    const expected = new Map<string, Uint8Array>();
    for (const e of ENTRIES)
      for (const r of e.resources) {
        const cls = CLASS_NAMES[r.classHash];
        if (cls !== null) expected.set(`${e.name}/${r.name}.${cls}`, r.body);
      }
    expect(filesUnder(out).sort()).toEqual([...expected.keys()].sort());
    for (const [file, body] of expected) expect(new Uint8Array(readFileSync(join(out, file)))).toEqual(new Uint8Array(body));

    const all = join(temp, `out${serial++}`);
    expect((await runCli(['forge', 'extract', path, '-o', all, '--class', 'all'])).code).toBe(0);
    expect(new Uint8Array(readFileSync(join(all, 'PROP_Crate.Mesh', `Crate.${hex(MESH, 8)}`)))).toEqual(other(5000, 2));
    expect(filesUnder(all)).toHaveLength(7); // 2 + 2 + 1 + 2 records
  });

  it('census counts the Skeletons the test put in, skipping the data file typed as a mesh', async () => {
    const run = await runCli(['census', path, '--json', '--jobs', '1']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.skeletons.total).toBe(3);
    expect(json.skeletons.byDialect).toEqual({ anvilnext: 2, scimitar: 1 });
    expect(json.components.total).toBe(1);
    expect(json.archives).toEqual([
      expect.objectContaining({
        archive: path,
        version: options.version,
        entries: 4,
        dataFilesRead: 3,
        dataFilesSkipped: 1,
        resources: 5,
        skeletons: 3,
        skeletonComponents: 1,
        refused: 0,
      }),
    ]);
    const every = JSON.parse((await runCli(['census', path, '--json', '--every-data-file'])).stdout);
    expect(every.skeletons.total).toBe(4);
    expect(every.archives[0]).toMatchObject({ dataFilesRead: 4, dataFilesSkipped: 0, resources: 7 });
  });
});

/** The resource files forge extract wrote (its manifest for forge pack, forge-manifest.json, left out). */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p !== join(dir, 'forge-manifest.json')) found.push(relative(dir, p).replaceAll('\\', '/'));
    }
  };
  walk(dir);
  return found;
}

describe('forge extract makes names from the archive safe', () => {
  const body = (seed: number): Uint8Array => other(20, seed);
  const entries: HandEntry[] = [
    { id: 1n, name: '../x', type: MESH, resources: [{ classHash: SKELETON, id: 1n, name: '../../escape', body: body(1) }] },
    { id: 2n, name: '/abs', type: MESH, resources: [{ classHash: SKELETON, id: 2n, name: '/etc/passwd', body: body(2) }] },
    { id: 3n, name: 'a\u0000b', type: MESH, resources: [{ classHash: SKELETON, id: 3n, name: 'n\u0000ul', body: body(3) }] },
    {
      id: 4n,
      name: 'C:\\x',
      type: MESH,
      resources: [
        { classHash: SKELETON, id: 4n, name: 'C:\\Windows', body: body(4) },
        { classHash: SKELETON, id: 5n, name: 'dup', body: body(5) },
        { classHash: SKELETON, id: 6n, name: 'DUP', body: body(6) },
      ],
    },
    { id: 5n, name: '..', type: MESH, resources: [{ classHash: SKELETON, id: 7n, name: '.', body: body(7) }] },
  ];
  it('never writes outside DIR: separators, dots, NUL and drive colons become _, collisions get ~2', async () => {
    const path = archiveFile(handArchive(entries, { version: 27 }).bytes);
    const parent = join(temp, `safe${serial++}`);
    mkdirSync(parent);
    const out = join(parent, 'out');
    const run = await runCli(['forge', 'extract', path, '-o', out]);
    expect(run.code).toBe(0);
    // Worked out from the rule: each of / \ : NUL becomes _, each dot of a run of two or more too, then dots at either end.
    expect(filesUnder(out).sort()).toEqual(
      [
        '___x/______escape.Skeleton', // "../x" → ".._x" → "___x"; "../../escape" → ".._.._escape" → "______escape"
        '_abs/_etc_passwd.Skeleton',
        'a/n_ul.Skeleton', // the name table's name ends at its first NUL ("a"); a record's name is counted, so its NUL stays
        'C__x/C__Windows.Skeleton',
        'C__x/dup.Skeleton',
        'C__x/DUP~2.Skeleton', // "DUP" meets "dup" case-insensitively
        '__/_.Skeleton', // ".." and "." are all dots: each becomes _
      ].sort(),
    );
    expect(readdirSync(parent)).toEqual(['out']);
    expect(new Uint8Array(readFileSync(join(out, 'C__x/DUP~2.Skeleton')))).toEqual(body(6));
    expect(run.stderr).toContain('"DUP" written as "DUP~2.Skeleton"');
    expect(run.stderr).toContain('entry 0 "../x": written as folder "___x"');
  });
});

describe('forge extract never follows a link out of DIR, and forge list filters', () => {
  const path = archiveFile(handArchive(ENTRIES, { version: 27 }).bytes);

  it('an entry folder that is already a link to elsewhere is refused, the other entries written', async () => {
    const parent = join(temp, `link${serial++}`);
    const out = join(parent, 'out');
    const elsewhere = join(parent, 'elsewhere');
    mkdirSync(out, { recursive: true });
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(out, 'CHR_Bike.Skeleton'));
    const run = await runCli(['forge', 'extract', path, '-o', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/entry 1 "CHR_Bike.Skeleton": .*is not a folder \(a link is never followed\)/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(join(out, 'CHR_Rider.Skeleton', 'Rider.Skeleton'))).toBe(true);
  });

  it('--class filters entries by their type, --name by a glob; with --resources, resources by class', async () => {
    const byType = JSON.parse((await runCli(['forge', 'list', path, '--json', '--class', 'Skeleton'])).stdout);
    expect(byType.entries.map((e: { name: string }) => e.name)).toEqual(['CHR_Rider.Skeleton', 'CHR_Bike.Skeleton']);
    const byName = JSON.parse((await runCli(['forge', 'list', path, '--json', '--name', '*rider*'])).stdout);
    expect(byName.entries.map((e: { number: number }) => e.number)).toEqual([0, 2]);
    // With --resources the class is the records': the mesh-typed entry 3 holds a Skeleton too.
    const records = JSON.parse((await runCli(['forge', 'list', path, '--json', '--resources', '--class', 'Skeleton'])).stdout);
    expect(
      records.entries.map((e: { number: number; resources: { name: string }[] }) => [e.number, e.resources.map((r) => r.name)]),
    ).toEqual([
      [0, ['Rider']],
      [1, ['Bike', 'Skater']],
      [3, ['Hidden']],
    ]);
    expect((await runCli(['forge', 'list', path, '--class', 'Skelton'])).code).toBe(2);
  });
});

describe('hostile copies are refused at the offset, and the rest is read', () => {
  // Five Skeleton data files, one index block each, so a chain and five entries to break.
  const five: HandEntry[] = Array.from({ length: 5 }, (_, i) => ({
    id: BigInt(100 + i),
    name: `S${i}`,
    type: SKELETON,
    resources: [{ classHash: SKELETON, id: BigInt(200 + i), name: `skel${i}`, body: RIDER }],
  }));
  const fresh = () => handArchive(five, { version: 27, perBlock: 1 });
  const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);
  const census = async (bytes: Uint8Array) => {
    const run = await runCli(['census', archiveFile(bytes), '--json']);
    return { run, json: JSON.parse(run.stdout) };
  };

  it('a looping chain: block 3 points back to block 1; blocks 0 to 3 are read', async () => {
    const { bytes, blocks } = fresh();
    view(bytes).setBigInt64(blocks[3]! + 16, BigInt(blocks[1]!), true); // the next pointer, at +16
    const path = archiveFile(bytes);
    const run = await runCli(['forge', 'list', path, '--json']);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json.entries.map((e: { name: string }) => e.name)).toEqual(['S0', 'S1', 'S2', 'S3']);
    expect(json.refusals).toEqual([expect.objectContaining({ offset: blocks[3]! + 16, path: 'indexBlocks[3].next' })]);
    expect(run.stderr).toMatch(/loop/);
    const { run: c, json: report } = await census(bytes);
    expect(c.code).toBe(1);
    expect(report.skeletons.total).toBe(4);
    expect(report.archives[0].refusals).toEqual([expect.objectContaining({ entry: null, offset: blocks[3]! + 16 })]);
  });

  it('a bad checksum: entry 2 refused at its TOC checksum, the other four read', async () => {
    const { bytes, tocSets } = fresh();
    // A v27 one-block set: header 15, count 4, sizes 8: the checksum at +27, the data from +31.
    bytes[tocSets[2]! + 31] ^= 0xff;
    const path = archiveFile(bytes);
    const run = await runCli(['forge', 'list', path, '--resources', '--json']);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json.entries[2].refusal).toMatchObject({ entry: 2, offset: tocSets[2]! + 27, path: 'entries[2].toc.blocks[0].checksum' });
    expect(json.entries.filter((e: { resources?: unknown[] }) => e.resources?.length === 1)).toHaveLength(4);
    const { run: c, json: report } = await census(bytes);
    expect(c.code).toBe(1);
    expect(report.skeletons.total).toBe(4);
    expect(report.archives[0].refusals).toEqual([
      expect.objectContaining({ entry: 2, entryName: 'S2', offset: tocSets[2]! + 27, path: 'entries[2].toc.blocks[0].checksum' }),
    ]);
    expect(c.stderr).toContain(`entry 2 "S2"`);
    const out = join(temp, `out${serial++}`);
    const ex = await runCli(['forge', 'extract', path, '-o', out]);
    expect(ex.code).toBe(1);
    expect(filesUnder(out).sort()).toEqual(['S0/skel0.Skeleton', 'S1/skel1.Skeleton', 'S3/skel3.Skeleton', 'S4/skel4.Skeleton']);
  });

  it('an inflated count: block 4 claims 2^31 − 1 entries; blocks 0 to 3 are read', async () => {
    const { bytes, blocks } = fresh();
    view(bytes).setInt32(blocks[4]!, 0x7fffffff, true);
    const json = JSON.parse((await runCli(['forge', 'list', archiveFile(bytes), '--json'])).stdout);
    expect(json.entries).toHaveLength(4);
    expect(json.refusals).toEqual([expect.objectContaining({ offset: blocks[4]!, path: 'indexBlocks[4].entryCount' })]);
  });

  it('a truncated file: cut inside the last data file; the four before are read', async () => {
    const { bytes, dataFiles, tocSets } = fresh();
    const cut = bytes.subarray(0, dataFiles[4]!.offset + 100);
    const { run, json } = await census(cut);
    expect(run.code).toBe(1);
    expect(json.skeletons.total).toBe(4);
    // The index entry of the fifth data file (its size field, 16 bytes into the 20-byte entry at T = F + 48) is refused.
    const t4 = fresh().blocks[4]! + 48;
    expect(json.archives[0].refusals).toEqual([
      expect.objectContaining({ entry: null, offset: t4 + 16, path: 'indexBlocks[4].entries[0].size' }),
    ]);
    expect(tocSets).toHaveLength(5);
  });
});

describe('inspect and validate inside an archive', () => {
  const path = archiveFile(handArchive(ENTRIES, { version: 27 }).bytes);

  it('inspect --entry NAME --resource NAME gives what inspecting the loose file gives', async () => {
    const inside = await runCli(['inspect', path, '--entry', 'CHR_Bike.Skeleton', '--resource', 'Skater', '--json']);
    expect(inside.code).toBe(0);
    const loose = await runCli(['inspect', 'samples/scimitar/SWS_Skater.Skeleton', '--json']);
    // The same resource; only `file` differs: the archive label, the loose file's path.
    expect(JSON.parse(inside.stdout)).toEqual({
      ...JSON.parse(loose.stdout),
      file: `${path}: entry 1 "CHR_Bike.Skeleton": resource 1 "Skater"`,
    });
    // By number and index; an entry with one Skeleton needs no --resource.
    const byNumber = await runCli(['inspect', path, '--entry', '0', '--json']);
    expect(JSON.parse(byNumber.stdout).size).toBe(RIDER.length);
    const ambiguous = await runCli(['inspect', path, '--entry', '1']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/holds 2 Skeletons/);
    // An entry of two mesh records holds nothing inspect reads: it says so, naming their class.
    const meshes = archiveFile(
      handArchive(
        [
          {
            id: 1n,
            name: 'PROP_Box.Mesh',
            type: MESH,
            resources: [
              { classHash: MESH, id: 2n, name: 'Box', body: other(100, 4) },
              { classHash: MESH, id: 3n, name: 'Lid', body: other(50, 5) },
            ],
          },
        ],
        { version: 27 },
      ).bytes,
    );
    const none = await runCli(['inspect', meshes, '--entry', '0']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('entry 0 "PROP_Box.Mesh": holds no Skeleton or SkeletonComponent (2 resources: 0x415D9568;');
    expect((await runCli(['inspect', path])).code).toBe(2);
  });

  it('validate checks each Skeleton and SkeletonComponent of the typed data files', async () => {
    const run = await runCli(['validate', path, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.summary).toMatchObject({ files: 4, valid: 4, skeletons: 3, components: 1, failed: 0 });
    expect(json.files.map((f: { file: string }) => f.file)).toContain(`${path}: entry 1 "CHR_Bike.Skeleton": resource 1 "Skater"`);
    // The mesh-typed entry 3 hides a fourth Skeleton behind its first resource: read only when asked.
    const hidden = `${path}: entry 3 "PROP_Crate.Mesh": resource 1 "Hidden"`;
    expect(json.files.map((f: { file: string }) => f.file)).not.toContain(hidden);
    const every = JSON.parse((await runCli(['validate', path, '--json', '--every-data-file'])).stdout);
    expect(every.summary).toMatchObject({ files: 5, valid: 5, skeletons: 4, components: 1, failed: 0 });
    expect(every.files).toContainEqual(expect.objectContaining({ file: hidden, status: 'valid' }));
  });
});

describe('Skeletons of every registered layout inside an archive', () => {
  it('are counted per layout as the test put them in: one each of Unity, Wildlands, Breakpoint and AC1', async () => {
    const bodies = [unityFile(), wildlandsFile(), breakpointFile(false), ac1File()];
    // Ids from 1: id 0 is a bookkeeping entry in Wildlands' reading.
    const entries: HandEntry[] = bodies.map((body, i) => ({
      id: BigInt(i + 1),
      name: `E${i}`,
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: BigInt(i), name: `S${i}`, body }],
    }));
    const json = JSON.parse((await runCli(['census', archiveFile(handArchive(entries, { version: 27 }).bytes), '--json'])).stdout);
    expect(json.skeletons).toMatchObject({ total: 4, exact: 4, refused: 0 });
    expect(json.skeletons.byDialect).toMatchObject({
      'anvilnext/unity': 1,
      'anvilnext/wildlands': 1,
      'anvilnext/breakpoint': 1,
      'scimitar/ac1': 1,
    });
  });
});

describe('a record of our class whose body no layout reads', () => {
  it('is a failure of the census naming the record, not a silent skip', async () => {
    const junk: HandEntry = {
      id: 9n,
      name: 'CHR_Junk.Skeleton',
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: 10n, name: 'Junk', body: other(64, 9) }],
    };
    const path = archiveFile(handArchive([junk], { version: 27 }).bytes);
    const run = await runCli(['census', path, '--json']);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json.skeletons.total).toBe(0);
    expect(json.refusals).toEqual([
      expect.objectContaining({
        file: `${path}: entry 0 "CHR_Junk.Skeleton": resource 0 "Junk"`,
        kind: 'not-a-resource',
        message: expect.stringMatching(/^the record's class is Skeleton, but its body is not one we read/),
      }),
    ]);
  });
});

/** `count` one-record data files: every third typed as a mesh (i % 3 = 0), the rest Skeleton; odd i hold the rider, even i the skater. */
function manyEntries(count: number): HandEntry[] {
  // Entry ids from 0x10000: 0, 16, 145, 193 and 4090 are bookkeeping entries.
  return Array.from({ length: count }, (_, i) => ({
    id: BigInt(0x10000 + i),
    name: `S${i}`,
    type: i % 3 === 0 ? MESH : SKELETON,
    resources: [{ classHash: SKELETON, id: BigInt(i), name: `s${i}`, body: i % 2 ? RIDER : SKATER }],
  }));
}

describe('census --jobs', () => {
  it('gives the same counts with data files shared out to a worker thread', async () => {
    // 630 data files, 420 of them typed Skeleton (i % 3 ≠ 0): two threads (one per 200 data files read).
    const many = manyEntries(630);
    const path = archiveFile(handArchive(many, { version: 27 }).bytes);
    const one = JSON.parse((await runCli(['census', path, '--json', '--jobs', '1'])).stdout);
    const two = JSON.parse((await runCli(['census', path, '--json', '--jobs', '2'])).stdout);
    expect(one.skeletons.total).toBe(420);
    // Odd i hold the anvilnext rider, even i the scimitar skater: of the 420, i ≡ 1, 5 (mod 6) are odd: 210 each.
    expect(one.skeletons.byDialect).toEqual({ anvilnext: 210, scimitar: 210 });
    expect(two).toEqual(one);
  }, 60_000);

  it('gives the same report, refusals and all, with one, two and three threads', async () => {
    // 960 data files, 640 typed Skeleton (i % 3 ≠ 0): up to three threads, one per 200 data files.
    // The TOC block of three Skeleton-typed data files is corrupted (7, 400 and 958); a v27
    // one-block set is header 15, count 4, sizes 8, so each refusal is at the checksum, +27.
    const many = manyEntries(960);
    const { bytes, tocSets } = handArchive(many, { version: 27 });
    const broken = [7, 400, 958];
    for (const i of broken) bytes[tocSets[i]! + 31] ^= 0xff;
    const path = archiveFile(bytes);
    const runs = [];
    for (const jobs of ['1', '2', '3']) runs.push(await runCli(['census', path, '--json', '--jobs', jobs]));
    const [one, two, three] = runs.map((run) => JSON.parse(run.stdout));
    expect(runs.map((run) => run.code)).toEqual([1, 1, 1]);
    expect(one.skeletons.total).toBe(640 - 3);
    expect(one.archives[0].refusals).toEqual(
      broken.map((i) => expect.objectContaining({ entry: i, offset: tocSets[i]! + 27, path: `entries[${i}].toc.blocks[0].checksum` })),
    );
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    expect(runs[2]!.stderr.split('\n').filter((line) => line.includes('refused at'))).toHaveLength(3);
  }, 60_000);
});

describe('forge commands refuse what is not an archive', () => {
  it('a resource file fails (exit 1); a missing file is a usage error (exit 2)', async () => {
    const run = await runCli(['forge', 'list', 'samples/scimitar/SWS_Skater.Skeleton']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not a \.forge archive/);
    expect((await runCli(['forge', 'list', join(temp, 'missing.forge')])).code).toBe(2);
    expect(existsSync(join(temp, 'missing.forge'))).toBe(false);
  });
});
