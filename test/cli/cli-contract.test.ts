/**
 * The CLI's contract (docs/cli.md), run as a user runs the commands: JSON parsed, exit codes read, stderr
 * read. Each case is one break a first pass over the CLI found (issue 26), on files this test writes.
 */
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { breakpointFile, HIPS_HASH, unityFile, wildlandsFile } from '../helpers/sibling-fixtures.js';
import { writeResource } from '../../src/formats/resource.js';
import { buildSkeleton } from '../../src/model/build.js';
import { scimitarRecordFromSkeleton } from '../../src/model/from-records.js';
import { readFileSync } from 'node:fs';
import { Progress } from '../../src/cli/progress.js';
import { runCli, type CliRun } from '../helpers/cli.js';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { BIKE, filler, RIDER, riderEntry, SKELETON } from '../archive/forge-fixtures.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-cli-contract-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
/** A path in a folder of its own. */
const fresh = (name: string): string => {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  return join(dir, name);
};
const write = (name: string, bytes: Uint8Array | string): string => {
  const path = fresh(name);
  writeFileSync(path, bytes);
  return path;
};

/** The bytes an annotated dump shows: each line is `0xOFFSET  XX XX …  label`. */
function dumpedBytes(dump: string): { offset: number; length: number }[] {
  return dump
    .split('\n')
    .filter((line) => /^0x[0-9A-F]{8} {2}/.test(line))
    .map((line) => {
      const [offset, bytes] = [line.slice(0, 10), line.slice(12)];
      return { offset: Number(offset), length: (/^((?:[0-9A-F]{2} )*[0-9A-F]{2})/.exec(bytes)?.[1] ?? '').split(' ').length };
    });
}

describe('inspect --hex detects the layout as inspect does', () => {
  const cases: [string, Uint8Array][] = [
    ['anvilnext/wildlands', wildlandsFile()],
    ['anvilnext/breakpoint', breakpointFile(true)],
  ];
  it.each(cases)('a valid %s Skeleton is dumped to its end, every byte once, exit 0', async (layout, bytes) => {
    const file = write('Hero.Skeleton', bytes);
    const json = await runCli(['inspect', '--json', file]);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'Skeleton', dialect: layout });
    const run = await runCli(['inspect', '--hex', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('refused');
    // Every byte of the file, in order, with no gap: the layout that read it to its end labelled them.
    let next = 0;
    for (const line of dumpedBytes(run.stdout)) {
      expect(line.offset).toBe(next);
      next += line.length;
    }
    expect(next).toBe(bytes.length);
    // Neither sibling stores BoneDisplayData: the dump names none (anvilnext's reading would).
    expect(run.stdout).not.toContain('displayData');
  });

  it('under a forced layout that refuses it, the dump stops at that layout’s refusal', async () => {
    const file = write('Hero.Skeleton', wildlandsFile());
    const run = await runCli(['inspect', '--hex', '--dialect', 'anvilnext', file]);
    expect(run.code).toBe(1);
    // Bone 0 starts at 21 (u64 id, u32 class, u8 managed, u32 type, u32 count); its tag, id, class, name
    // and two 9-byte pointers take 27 bytes, so the main title's BoneDisplayData tag is at 48.
    expect(run.stdout).toContain('refused: offset 0x30 (48): bones[0].displayData');
    expect(run.stderr).toContain(`${file}: offset 0x30 (48): bones[0].displayData`);
  });
});

/** stdout as the one JSON object JSON mode promises (throws when it is anything else). */
const parsed = (run: CliRun): Record<string, unknown> & { error?: Record<string, unknown> } => JSON.parse(run.stdout);

/** The rider cut to 100 bytes: its header names a Skeleton, but the bone count at 0x11 asks for more bones than 79 bytes hold. */
const CUT = RIDER.subarray(0, 100);
const CUT_REFUSAL = 'offset 0x11 (17): bones: expected a count the remaining 79 bytes can hold';
const cutFile = write('Cut.Skeleton', CUT);
/** Entry 0: the rider; entry 1: the cut rider, alone. */
const CUT_ENTRIES: HandEntry[] = [
  riderEntry(filler(300, 1)),
  { id: 0x77n, name: 'CHR_Cut.Skeleton', type: SKELETON, resources: [{ classHash: SKELETON, id: 0x78n, name: 'Cut', body: CUT }] },
];
const archive = write('DataPC.forge', handArchive(CUT_ENTRIES, { version: 27 }).bytes);
const cutLabel = `${archive}: entry 1 "CHR_Cut.Skeleton": resource 0 "Cut"`;
const riderLabel = `${archive}: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"`;
/** A MeshBones file of the rider's root only: a valid input for skin bind. */
const meshBones = write(
  'meshbones.json',
  JSON.stringify([{ bone: '0x2C52CBB0', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }]),
);
/** A dump of filler bytes holding no pose array. */
const dump = write('game.dmp', filler(4096, 5));

describe('JSON mode prints one JSON object, and a refusal is a refusal naming its file', () => {
  it('pose find --json with no array in the dump prints an error object, exit 1', async () => {
    const run = await runCli(['pose', 'find', '--json', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', dump]);
    expect(run.code).toBe(1);
    const json = parsed(run);
    expect(json.error?.kind).toBe('failed');
    expect(json.error?.message).toContain(`in ${dump}`);
    expect(run.stderr).toBe(`anvil-skel: ${json.error?.message}\n`);
  });

  const refusingCommands: [string, (skeleton: string, address: string[]) => string[]][] = [
    ['pose show', (skeleton, address) => ['pose', 'show', '--json', skeleton, ...address]],
    ['pose find', (skeleton, address) => ['pose', 'find', '--json', skeleton, dump, ...address]],
    ['skin bind', (skeleton, address) => ['skin', 'bind', '--json', skeleton, meshBones, ...address]],
  ];
  it.each(refusingCommands)(
    '%s --json on a refused Skeleton: {"file", "error": {"kind": "refused", …}}, the file named, exit 1',
    async (_, args) => {
      for (const [skeleton, address, file] of [
        [cutFile, [], cutFile],
        [archive, ['--entry', '1'], cutLabel],
      ] as const) {
        const run = await runCli(args(skeleton, [...address]));
        expect(run.code).toBe(1);
        const json = parsed(run);
        expect(json.file).toBe(file);
        expect(json.error).toMatchObject({ kind: 'refused', offset: 17, path: 'bones' });
        expect(json.error?.message).toMatch(new RegExp(`^${escape(`${file}: ${CUT_REFUSAL}`)}`));
        expect(run.stderr).toBe(`anvil-skel: ${json.error?.message}\n`);
      }
    },
  );

  it('pose build names the refused file on its one stderr line', async () => {
    const run = await runCli(['pose', 'build', cutFile, '-o', fresh('pose.bin')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^anvil-skel: ${escape(`${cutFile}: ${CUT_REFUSAL}`)}[^\n]*\n$`));
  });

  it('skin bind refuses MeshBones that are not JSON as a refusal of that file', async () => {
    const notJson = write('broken.json', '[{');
    const run = await runCli(['skin', 'bind', '--json', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', notJson]);
    expect(run.code).toBe(1);
    const json = parsed(run);
    expect(json.file).toBe(notJson);
    expect(json.error?.kind).toBe('refused');
    expect(json.error?.message).toMatch(new RegExp(`^${escape(notJson)}: not JSON: `));
  });

  it('inspect --json of a resource inside an archive gives the archive label as file; a loose file its path', async () => {
    const inside = parsed(await runCli(['inspect', '--json', archive, '--entry', '0']));
    expect(inside.file).toBe(riderLabel);
    expect(inside.kind).toBe('Skeleton');
    const loose = parsed(await runCli(['inspect', '--json', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton']));
    expect(loose.file).toBe('samples/anvilnext/MAD_CHR_Skel_U.Skeleton');
    expect({ ...inside, file: null }).toEqual({ ...loose, file: null });
    const refused = await runCli(['inspect', '--json', archive, '--entry', '1']);
    expect(refused.code).toBe(1);
    expect(parsed(refused).file).toBe(cutLabel);
    expect(parsed(refused).error?.message).toMatch(new RegExp(`^${escape(`${cutLabel}: ${CUT_REFUSAL}`)}`));
  });
});

describe('usage errors are usage errors: exit 2, one line, no stack', () => {
  const oneLine = (run: CliRun): void => {
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')).toHaveLength(2); // one line and its newline
    expect(run.stderr).not.toMatch(/EISDIR|\n\s+at /);
  };

  it('pose find with a folder for the dump', async () => {
    const folder = fresh('dumps');
    mkdirSync(folder);
    const run = await runCli(['pose', 'find', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', folder]);
    oneLine(run);
    expect(run.stderr).toBe(`anvil-skel: pose find: the dump ${folder} is a directory; give a memory dump file\n`);
    const json = await runCli(['pose', 'find', '--json', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', folder]);
    expect(json.code).toBe(2);
    expect(parsed(json).error?.kind).toBe('usage');
  });

  it('--names given a Skeleton, an archive or a binary file: named, with what it is', async () => {
    const binary = write('names.bin', Uint8Array.from([0x4c, 0x65, 0x66, 0x74, 0, 0xff]));
    for (const [file, what] of [
      ['samples/anvilnext/MAD_CHR_Skel_U.Skeleton', 'is a Skeleton resource (anvilnext), not a list of names'],
      ['samples/anvilnext/MAD_CHR_Rider.SkeletonComponent', 'is a SkeletonComponent resource (anvilnext), not a list of names'],
      [archive, 'is a .forge archive, not a list of names'],
      [binary, 'is not text (a NUL byte at offset 4), not a list of names'],
    ]) {
      for (const args of [
        ['inspect', '--names', file!, 'samples/scimitar/SWS_Skater.Skeleton'],
        ['validate', '--names', file!, 'samples/scimitar/SWS_Skater.Skeleton'],
        ['pose', 'show', '--names', file!, 'samples/scimitar/SWS_Skater.Skeleton'],
      ]) {
        const run = await runCli(args);
        oneLine(run);
        expect(run.stderr).toBe(`anvil-skel: names file ${JSON.stringify(file)} ${what} (one name per line)\n`);
      }
    }
    // A name list is still a name list: its names resolve.
    const list = write('names.txt', '# mine\nReference\n');
    expect((await runCli(['inspect', '--names', list, 'samples/scimitar/SWS_Skater.Skeleton'])).code).toBe(0);
  });
});

/** A folder holding what a user's folder holds besides resources: a README, a JSON file, an archive. */
function mixedFolder(): string {
  const dir = fresh('mixed');
  mkdirSync(dir);
  writeFileSync(join(dir, 'README.md'), '# my rigs\n');
  writeFileSync(join(dir, 'meshbones.json'), '[]\n');
  copyFileSync(archive, join(dir, 'DataPC.forge'));
  copyFileSync('samples/scimitar/SWS_Skater.Skeleton', join(dir, 'SWS_Skater.Skeleton'));
  return dir;
}

/** The rider is 4,095 bytes, the skater 2,744: under --max-size 3000 the rider is too large. */
const MAX = ['--max-size', '3000'];
function oversizeFolder(): { dir: string; rider: string; skater: string } {
  const dir = fresh('big');
  mkdirSync(dir);
  const rider = join(dir, 'MAD_CHR_Skel_U.Skeleton');
  const skater = join(dir, 'SWS_Skater.Skeleton');
  copyFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton', rider);
  copyFileSync('samples/scimitar/SWS_Skater.Skeleton', skater);
  return { dir, rider, skater };
}
const TOO_LARGE = /^Skeleton of 4\.0 KiB, larger than the 2\.9 KiB limit; not read/;

describe('folders: what is not a resource is skipped, as every command skips it', () => {
  it('probe DIR probes the Skeleton and skips the README, the JSON and the archive, exit 0; -v lists them', async () => {
    const dir = mixedFolder();
    const json = await runCli(['probe', '--json', dir]);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { file: string; match: string }[]).map((p) => [p.file, p.match])).toEqual([
      [join(dir, 'SWS_Skater.Skeleton'), 'scimitar'],
    ]);
    expect(json.stderr).toBe('probe: 3 files skipped: not a Skeleton or SkeletonComponent by header, or not read (-v lists them)\n');
    const verbose = await runCli(['probe', '-v', dir]);
    expect(verbose.code).toBe(0);
    const skipped = verbose.stdout.split('\n').filter((line) => line.startsWith('skip  '));
    expect(skipped).toEqual([
      `skip  ${join(dir, 'DataPC.forge')}  (a .forge archive (probe reads loose resources))`,
      expect.stringMatching(new RegExp(`^skip {2}${escape(join(dir, 'README.md'))} {2}\\(not a Skeleton or SkeletonComponent \\(`)),
      expect.stringMatching(new RegExp(`^skip {2}${escape(join(dir, 'meshbones.json'))} {2}\\(not a Skeleton or SkeletonComponent \\(`)),
    ]);
    expect(verbose.stdout).toContain(`${join(dir, 'SWS_Skater.Skeleton')}: read exactly by scimitar\n`);
    expect(verbose.stdout.trimEnd().split('\n').at(-1)).toBe('3 files skipped: not a Skeleton or SkeletonComponent by header, or not read');
    // Named, a file of another class is still probed: each layout says where it stops, and no layout reads it.
    expect((await runCli(['probe', join(dir, 'README.md')])).code).toBe(1);
  });

  it('a Skeleton over --max-size found in a folder is skipped with its reason; named, it fails', async () => {
    const { dir, rider, skater } = oversizeFolder();
    // census: listed among the paths skipped unread, not a refusal; the skater is counted.
    const census = await runCli(['census', dir, ...MAX, '--json', '-']);
    expect(census.code).toBe(0);
    const report = JSON.parse(census.stdout);
    expect(report.refusals).toEqual([]);
    expect(report.skippedPaths).toEqual([{ path: rider, reason: expect.stringMatching(TOO_LARGE) }]);
    expect(report.skeletons.total).toBe(1);
    // validate: a skipped file with its reason.
    const validate = await runCli(['validate', dir, ...MAX, '--json']);
    expect(validate.code).toBe(0);
    const files = JSON.parse(validate.stdout).files as { file: string; status: string; reason?: string }[];
    expect(files.find((f) => f.file === rider)).toEqual({ file: rider, status: 'skipped', reason: expect.stringMatching(TOO_LARGE) });
    expect(files.find((f) => f.file === skater)?.status).toBe('valid');
    const verbose = await runCli(['validate', '-v', dir, ...MAX]);
    expect(verbose.stdout).toMatch(new RegExp(`^skip {2}${escape(rider)} {2}\\(Skeleton of 4\\.0 KiB`, 'm'));
    // probe: skipped, and the skater alone is probed.
    const probe = await runCli(['probe', '--json', dir, ...MAX]);
    expect(probe.code).toBe(0);
    expect(JSON.parse(probe.stdout).map((p: { file: string }) => p.file)).toEqual([skater]);
    // Named on the command line, the same file fails in each.
    for (const args of [
      ['census', rider, ...MAX],
      ['validate', rider, ...MAX],
      ['probe', rider, ...MAX],
    ]) {
      const run = await runCli(args);
      expect(run.code, args[0]).toBe(1);
      // census and validate name it on stderr; probe's verdict line says it was not read.
      expect(run.stderr + run.stdout, args[0]).toContain(`${rider}: `);
      expect(run.stderr + run.stdout, args[0]).toContain('larger than the 2.9 KiB limit');
    }
  });

  it('assemble skips a Skeleton over --max-size found in its search folder, saying why, and finds it missing', async () => {
    const dir = fresh('rig');
    mkdirSync(dir);
    copyFileSync('samples/anvilnext/MAD_CHR_Rider.SkeletonComponent', join(dir, 'MAD_CHR_Rider.SkeletonComponent'));
    const rider = join(dir, 'MAD_CHR_Skel_U.Skeleton');
    copyFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton', rider);
    const run = await runCli(['assemble', join(dir, 'MAD_CHR_Rider.SkeletonComponent'), ...MAX, '--json']);
    expect(run.code).toBe(1); // the main skeleton is missing
    const report = JSON.parse(run.stdout);
    expect(report.mainSkeleton.file).toBeNull();
    expect(report.failures).toEqual([]);
    expect(run.stderr).toMatch(
      new RegExp(`^anvil-skel: skipped ${escape(rider)}: Skeleton of 4\\.0 KiB, larger than the 2\\.9 KiB limit`, 'm'),
    );
  });

  it('crack --skeletons reads the Skeletons inside an archive as it reads the loose file', async () => {
    const fromArchive = await runCli(['crack', '--skeletons', archive, '--json']);
    const fromFile = await runCli(['crack', '--skeletons', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', '--json']);
    const hashes = (run: CliRun): string[] => (JSON.parse(run.stdout) as { hash: string }[]).map((r) => r.hash);
    // The rider's 31 bones (its bone count at 0x11): the archive's other Skeleton, the cut rider, is refused and named.
    expect(hashes(fromFile).length).toBeGreaterThan(0);
    expect(hashes(fromArchive)).toEqual(hashes(fromFile));
    expect(fromArchive.stdout).toBe(fromFile.stdout);
    expect(fromArchive.stderr).toContain(`anvil-skel: ${cutLabel}: ${CUT_REFUSAL}`);
    expect(fromArchive.code).toBe(1);
    // In a folder too, and with the refused record the only failure.
    const dir = mixedFolder();
    const inFolder = await runCli(['crack', '--skeletons', dir, '--json']);
    expect(hashes(inFolder)).toEqual(expect.arrayContaining(hashes(fromFile)));
  });

  it('crack --skeletons that finds no Skeleton fails (exit 1) and says so', async () => {
    const dir = fresh('text');
    mkdirSync(dir);
    writeFileSync(join(dir, 'README.md'), '# nothing here\n');
    const run = await runCli(['crack', '0x2C52CBB0', '--skeletons', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`anvil-skel: crack: no Skeleton found under --skeletons ${dir}\n`);
  });
});

describe('the census names what it counted, carries archive refusals whole, and says it in good grammar', () => {
  it('names every layout counted, in the text summary and the Markdown headline', async () => {
    const dir = fresh('layouts');
    mkdirSync(dir);
    copyFileSync('samples/scimitar/SWS_Skater.Skeleton', join(dir, 'SWS_Skater.Skeleton'));
    copyFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton', join(dir, 'MAD_CHR_Skel_U.Skeleton'));
    writeFileSync(join(dir, 'Unity.Skeleton'), unityFile());
    writeFileSync(join(dir, 'Wildlands1.Skeleton'), wildlandsFile());
    writeFileSync(join(dir, 'Wildlands2.Skeleton'), wildlandsFile());
    const text = await runCli(['census', dir]);
    expect(text.code).toBe(0);
    // Registry order: anvilnext, scimitar, then the siblings met; each fixture has two bones, the rider 31, the skater 23.
    expect(text.stdout).toContain(
      `Census of ${dir}: 5 files, 5 Skeletons (1 anvilnext, 1 scimitar, 1 anvilnext/unity, 2 anvilnext/wildlands), 0 SkeletonComponents, 0 other files skipped.\n`,
    );
    expect(text.stdout).toContain('they hold 60 bones (31 anvilnext, 23 scimitar, 2 anvilnext/unity, 4 anvilnext/wildlands).');
    const markdown = await runCli(['census', dir, '--markdown', '-']);
    expect(markdown.stdout).toContain(
      '5 files: 5 Skeletons (1 `anvilnext`, 1 `scimitar`, 1 `anvilnext/unity`, 2 `anvilnext/wildlands`), 0 SkeletonComponents, 0 of other classes skipped.\n',
    );
  });

  it('says what the root-local denominator is', async () => {
    const run = await runCli(['census', 'samples']);
    // The seven anvilnext Skeletons of the samples store an own transform and a root reference; the skater does not.
    expect(run.stdout).toContain(
      "In 6 of the 7 Skeletons that store an own transform and a root local (the anvilnext family's, read to their end, with bones and a root reference), the stored root local already equals the own transform.\n",
    );
  });

  it('a refused archive table or data file is a refusal of kind archive, with the offset and path archives[] gives', async () => {
    const dir = fresh('archives');
    mkdirSync(dir);
    // One entry, v27: the data file's TOC set at 325 and its block checksum at 352 (test/cli/archive-address.test.ts works it out).
    const { bytes, tocSets } = handArchive([riderEntry(filler(300, 1))], { version: 27 });
    expect(tocSets[0]).toBe(325);
    bytes[325 + 31]! ^= 0xff;
    const broken = join(dir, 'Broken.forge');
    writeFileSync(broken, bytes);
    // The magic and nothing after it: the 21-byte header does not fit, refused at offset 0.
    const bad = join(dir, 'Bad.forge');
    writeFileSync(bad, 'scimitar\0\x1b\0\0\0garbage');
    copyFileSync('samples/scimitar/SWS_Skater.Skeleton', join(dir, 'SWS_Skater.Skeleton'));
    const run = await runCli(['census', dir, '--json', '-']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.refusals).toEqual([
      expect.objectContaining({ file: bad, kind: 'archive', dialect: null, offset: 0, path: 'header' }),
      expect.objectContaining({
        file: `${broken}: entry 0 "CHR_Rider.Skeleton"`,
        kind: 'archive',
        dialect: null,
        offset: 352,
        path: 'entries[0].toc.blocks[0].checksum',
      }),
    ]);
    for (const refusal of report.refusals as { file: string; offset: number; path: string; message: string }[]) {
      const line = (report.archives as { archive: string; refusals: { offset: number; path: string; message: string }[] }[]).find((a) =>
        refusal.file.startsWith(a.archive),
      )!.refusals[0]!;
      expect([refusal.offset, refusal.path, refusal.message]).toEqual([line.offset, line.path, `refused at ${line.message}`]);
    }
    // Counted as what they are: two refusals in archives, no unreadable file, no Skeleton file.
    expect(report).toMatchObject({ files: 3, unreadable: 0, archiveRefused: 2, skeletons: { total: 1, refused: 0 } });
    const text = await runCli(['census', dir]);
    expect(text.stdout).toContain(
      `Census of ${dir}: 3 files, 1 Skeleton (1 scimitar), 0 SkeletonComponents, 0 other files skipped, 2 refused in archives (tables or data files).\n`,
    );
    expect(text.stdout).toContain('2 archive tables or data files refused; each is named on stderr with its archive offset.\n');
    expect(text.stdout).not.toContain('unreadable');
    const markdown = (await runCli(['census', dir, '--markdown', '-'])).stdout;
    expect(markdown).toContain('## Archive refusals\n\n- `' + bad + '`: refused at offset 0x0 (0): header: ');
    expect(markdown).not.toContain('## Files no layout read');
  });

  it('sorts refusals by file, an archive’s entries by number (2 before 10), then by offset', async () => {
    // Twelve entries, each one Skeleton: the bike, but the cut rider at entries 2 and 10.
    const entries: HandEntry[] = Array.from({ length: 12 }, (_, n) => ({
      id: BigInt(0x100 + n),
      name: `E${n}.Skeleton`,
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: BigInt(0x200 + n), name: `S${n}`, body: n === 2 || n === 10 ? CUT : BIKE }],
    }));
    const many = write('Many.forge', handArchive(entries, { version: 27 }).bytes);
    const report = JSON.parse((await runCli(['census', many, cutFile, '--json', '-'])).stdout);
    const archived = [`${many}: entry 2 "E2.Skeleton": resource 0 "S2"`, `${many}: entry 10 "E10.Skeleton": resource 0 "S10"`];
    // As strings, "entry 10" sorts before "entry 2"; the loose file sorts by its path against the archive's.
    expect(report.refusals.map((r: { file: string }) => r.file)).toEqual(cutFile < many ? [cutFile, ...archived] : [...archived, cutFile]);
  });

  it('says 1 SkeletonComponent, 1 bone name hash, no "All 0 Skeletons"', async () => {
    const component = await runCli(['census', 'samples/anvilnext/MAD_NPC_Generic.SkeletonComponent']);
    expect(component.stdout).toContain(', 0 Skeletons, 1 SkeletonComponent, 0 other files skipped.\nNo Skeleton was read.\n');
    expect(component.stdout).toContain('\n1 SkeletonComponent: 1 read exactly;');
    expect(component.stdout).not.toMatch(/All 0|SkeletonComponents:|0 of 0/);
    const markdown = (await runCli(['census', 'samples/anvilnext/MAD_NPC_Generic.SkeletonComponent', '--markdown', '-'])).stdout;
    expect(markdown).not.toMatch(/All 0|0 of 0/);
    // One scimitar Skeleton of one bone, Hips (in the built-in dictionary).
    const one = buildSkeleton({
      dialect: 'scimitar',
      id: 0x42n,
      bones: [{ nameHash: HIPS_HASH, parent: -1, local: { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] } }],
    });
    const file = write('One.Skeleton', writeResource({ kind: 'Skeleton', dialect: 'scimitar', record: scimitarRecordFromSkeleton(one) }));
    const text = (await runCli(['census', file])).stdout;
    expect(text).toContain(`Census of ${file}: 1 file, 1 Skeleton (1 scimitar), 0 SkeletonComponents, 0 other files skipped.\n`);
    expect(text).toContain('The 1 Skeleton consumes exactly with the checked grammar, with no refusal; it holds 1 bone (1 scimitar).\n');
    expect(text).toContain('1 of 1 bone name hash resolves through the name dictionary.\n');
  });

  it('groups the thousands of a progress line as the summary does', () => {
    let drawn = '';
    const tty = process.stderr.isTTY;
    const ci = process.env.CI;
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      drawn += String(chunk);
      return true;
    });
    try {
      Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
      delete process.env.CI;
      const progress = new Progress('census', 2920, process.stderr);
      progress.update(2920);
    } finally {
      write.mockRestore();
      Object.defineProperty(process.stderr, 'isTTY', { value: tty, configurable: true });
      if (ci !== undefined) process.env.CI = ci;
    }
    expect(drawn).toContain(' 2,920/2,920 files, ');
  });
});

/** A key list as help gives it: `{"a","b":[{"c"}]}` or `[{ "name", "hash" }]`; null for a key with no nested list. */
type KeyShape = { keys: Map<string, KeyShape | null> } | { items: KeyShape | null };

/** Parses the first `{…}` or `[…]` of `text` (keys quoted or bare, `...` for an unlisted item). */
function keyShape(text: string): KeyShape {
  const start = text.search(/[{[]/);
  const tokens = text.slice(start).match(/\.\.\.|"[^"]*"|[A-Za-z_]\w*|[{}[\],:]/g)!;
  let at = 0;
  const value = (): KeyShape | null => {
    const token = tokens[at++];
    if (token === '...') return null;
    if (token === '[') {
      const items = tokens[at] === ']' ? null : value();
      expect(tokens[at++]).toBe(']');
      return { items };
    }
    expect(token).toBe('{');
    const keys = new Map<string, KeyShape | null>();
    while (tokens[at] !== '}') {
      const key = tokens[at++]!.replace(/"/g, '');
      keys.set(key, tokens[at] === ':' ? (at++, value()) : null);
      if (tokens[at] === ',') at++;
    }
    at++;
    return { keys };
  };
  return value()!;
}

/** Holds a printed JSON value to the shape help gives: every key help lists printed, none other; nested lists likewise. */
function expectShape(printed: unknown, shape: KeyShape | null, where: string): void {
  if (shape === null || printed === null) return;
  if ('items' in shape) {
    expect(Array.isArray(printed), where).toBe(true);
    (printed as unknown[]).forEach((item, i) => expectShape(item, shape.items, `${where}[${i}]`));
    return;
  }
  expect(Object.keys(printed as object).sort(), where).toEqual([...shape.keys.keys()].sort());
  for (const [key, nested] of shape.keys) expectShape((printed as Record<string, unknown>)[key], nested, `${where}.${key}`);
}

/** The `--json` option's description in a command's --help. */
async function helpShape(command: string[]): Promise<KeyShape> {
  const help = (await runCli([...command, '--help'])).stdout.replace(/\n\s+/g, ' ');
  const line = /--json(?: \[file\])? +(print[^]*?)(?= {2}-|$)/.exec(help);
  expect(line, `${command.join(' ')} --help describes --json`).not.toBeNull();
  return keyShape(line![1]!);
}

describe('help gives the keys --json prints', () => {
  // The skin tests' three-bone rig (bone 1 at (1, 2, 3) turned 90° about z, bone 2 at (1, 0, 0) under it) and its
  // MeshBones (test/cli/skin.test.ts works out the inverse binds); a frame whose third entry is moved 1.4 mm, so a pair is off.
  const S = Math.SQRT1_2;
  const rig = write(
    'Rig.Skeleton',
    writeResource({
      kind: 'Skeleton',
      dialect: 'scimitar',
      record: scimitarRecordFromSkeleton(
        buildSkeleton({
          dialect: 'scimitar',
          id: 0x100n,
          bones: [
            { nameHash: 0xa0, parent: -1, local: { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] } },
            { nameHash: 0xa1, parent: 0, local: { position: [1, 2, 3, 0], rotation: [0, 0, S, S] } },
            { nameHash: 0xa2, parent: 1, local: { position: [1, 0, 0, 0], rotation: [0, 0, 0, 1] } },
          ],
        }),
      ),
    }),
  );
  const ROWS = [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
  const rigMeshBones = write(
    'rig-meshbones.json',
    JSON.stringify([
      { bone: '0xA0', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
      { bone: '0xA1', matrix: [...ROWS, -2, 1, -3, 1] },
      { bone: '0xA2', matrix: [...ROWS, -3, 1, -3, 1] },
    ]),
  );
  const palette = write('palette.json', '[0, 1, 2]');
  // c0–c38 zero, then three identity entries, the last moved 0.0014 along y (f32 0x3AB78034 in its second row's w).
  const frame = new Float32Array(4 * (39 + 9));
  for (let entry = 0; entry < 3; entry++) for (let row = 0; row < 3; row++) frame[4 * (39 + 3 * entry + row) + row] = 1;
  frame[4 * (39 + 6 + 1) + 3] = 0.0014;
  const constants = write('frame1.bin', new Uint8Array(frame.buffer));

  it('skin bind and skin capture', async () => {
    const bind = await runCli(['skin', 'bind', '--json', rig, rigMeshBones]);
    expect(bind.code).toBe(0);
    expectShape(JSON.parse(bind.stdout), await helpShape(['skin', 'bind']), 'skin bind');
    const capture = await runCli(['skin', 'capture', '--json', rig, rigMeshBones, '--palette', palette, '--constants', constants]);
    expect(capture.code).toBe(0);
    const report = JSON.parse(capture.stdout);
    expect(report.frames[0].offenders.length).toBeGreaterThan(0);
    expectShape(report, await helpShape(['skin', 'capture']), 'skin capture');
  });

  it('forge list, with and without --resources, a refused data file among them: every key, always', async () => {
    const shape = await helpShape(['forge', 'list']);
    const { bytes } = handArchive([riderEntry(filler(300, 1))], { version: 27 });
    bytes[325 + 31]! ^= 0xff; // the rider's block checksum (as above)
    const broken = write('Broken.forge', bytes);
    for (const args of [[archive], [archive, '--resources'], [broken, '--resources'], [broken]]) {
      const run = await runCli(['forge', 'list', '--json', ...args]);
      const json = JSON.parse(run.stdout);
      expectShape(json, shape, `forge list ${args.join(' ')}`);
      if (!args.includes('--resources')) for (const entry of json.entries) expect(entry).toMatchObject({ resources: null, refusal: null });
    }
    const refused = JSON.parse((await runCli(['forge', 'list', '--json', broken, '--resources'])).stdout);
    expect(refused.entries[0]).toMatchObject({ resources: null, refusal: { entry: 0, offset: 352 } });
    expect(refused.refusals).toEqual([refused.entries[0].refusal]);
  });

  it('pose find and pose show', async () => {
    const array = fresh('rider.pose');
    expect((await runCli(['pose', 'build', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', '-o', array])).code).toBe(0);
    const found = write('found.dmp', Uint8Array.from([...filler(1000, 7), ...readFileSync(array)]));
    const find = await runCli(['pose', 'find', '--json', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton', found]);
    expect(find.code).toBe(0);
    expectShape(JSON.parse(find.stdout), await helpShape(['pose', 'find']), 'pose find');
    const show = await runCli(['pose', 'show', '--json', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton']);
    expectShape(JSON.parse(show.stdout), await helpShape(['pose', 'show']), 'pose show');
  });

  it('census and validate help give the label as the reports print it; only pose find speaks of finding no array', async () => {
    const label = `'archive: entry N "name": resource I "name"'`;
    for (const command of ['census', 'validate']) {
      const help = (await runCli([command, '--help'])).stdout;
      expect(help, command).toContain(label);
      expect(help, command).not.toContain('entry N: resource I');
    }
    // The label help gives is the one printed: census --json of the archive names its rider so.
    const report = JSON.parse((await runCli(['census', archive, '--json', '-'])).stdout);
    expect(report.refusals[0].file).toMatch(/^.+: entry \d+ ".*": resource \d+ ".*"$/);
    for (const sub of ['build', 'show']) expect((await runCli(['pose', sub, '--help'])).stdout, sub).not.toMatch(/no array/);
    expect((await runCli(['pose', 'find', '--help'])).stdout).toContain('no array was found');
  });

  it('hash, unhash and crack', async () => {
    expectShape(JSON.parse((await runCli(['hash', '--json', 'Hips'])).stdout), await helpShape(['hash']), 'hash');
    expectShape(JSON.parse((await runCli(['unhash', '--json', '0xDED10611'])).stdout), await helpShape(['unhash']), 'unhash');
    expectShape(JSON.parse((await runCli(['crack', '--json', '0xDED10611'])).stdout), await helpShape(['crack']), 'crack');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
