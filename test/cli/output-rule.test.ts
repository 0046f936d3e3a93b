/**
 * The output rule, command by command: a file already at an output path is replaced only when it
 * holds what that output writes (JSON for --json, text for Markdown and names, a glTF or GLB for
 * export, the same resource for import, a pose array for pose build…). Anything else there (an
 * archive, an unrelated Skeleton, random bytes, a directory) is refused with exit 2, named with
 * its path and what it is, and left byte for byte as it was; `--force` replaces a file of another
 * kind, never a directory and never an input. Every tree is built here in a temp folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResource } from '../../src/formats/resource.js';
import type { Transform } from '../../src/math/transform.js';
import { buildSkeleton } from '../../src/model/build.js';
import { scimitarRecordFromSkeleton } from '../../src/model/from-records.js';
import { crc32 } from '../../src/names/crc32.js';
import { bikeEntry, componentEntry } from '../archive/forge-fixtures.js';
import { handArchive } from '../archive/forge-hand.js';
import { runCli } from '../helpers/cli.js';

const RIDER = resolve('samples/anvilnext/MAD_CHR_Skel_U.Skeleton');
const BIKE = resolve('samples/anvilnext/MAD_CHR_Skel_Bike_U.Skeleton');
const SKATER = resolve('samples/scimitar/SWS_Skater.Skeleton');
const COMPONENT = resolve('samples/anvilnext/MAD_CHR_Rider.SkeletonComponent');
const CLI = resolve('dist/cli.js');

let root: string;
let serial = 0;
/** Inputs the commands read, made once: an export of the rider, a small rig with its MeshBones, an archive. */
let fixtures: string;
const fixture = (name: string): string => join(fixtures, name);

/** A fresh, empty folder for one run. */
function freshDir(): string {
  const dir = join(root, `case${serial++}`);
  mkdirSync(dir);
  return dir;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'anvil-output-rule-'));
  fixtures = join(root, 'fixtures');
  mkdirSync(fixtures);
  expect((await runCli(['export', RIDER, '-o', fixture('rider.glb')])).code).toBe(0);
  // The skin rig: three bones, a MeshBone for each, one palette of all three (test/cli/skin.test.ts works it out).
  const t = (position: [number, number, number]): Transform => ({ position: [...position, 0], rotation: [0, 0, 0, 1] });
  const rig = buildSkeleton({
    dialect: 'scimitar',
    id: 0x100n,
    bones: [
      { nameHash: 0xa0, parent: -1, local: t([0, 0, 0]) },
      { nameHash: 0xa1, parent: 0, local: t([1, 2, 3]) },
    ],
  });
  writeFileSync(fixture('rig.Skeleton'), writeResource({ kind: 'Skeleton', dialect: 'scimitar', record: scimitarRecordFromSkeleton(rig) }));
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const moved = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, -2, -3, 1];
  writeFileSync(
    fixture('meshbones.json'),
    JSON.stringify([
      { bone: '0xA0', matrix: identity },
      { bone: '0xA1', matrix: moved },
    ]),
  );
  writeFileSync(fixture('palette.json'), '[0, 1]');
  writeFileSync(fixture('a.forge'), handArchive([bikeEntry(), componentEntry()], { version: 27 }).bytes);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The palette file's size with the defaults: 16 bytes a register, registers c0 to c39 + 96. */
const PALETTE_BYTES = 16 * (39 + 96);

/** Bytes of no kind we write: not UTF-8 (0xFF), a NUL, not a whole number of pose records nor a palette's size. */
const RANDOM_BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 151 + 7) & 0xff));
/** An archive as far as its first bytes go: the magic, then anything. */
const ARCHIVE_BYTES = Buffer.concat([Buffer.from('scimitar\0', 'latin1'), Buffer.from([27, 0, 0, 0]), RANDOM_BYTES]);

interface Victim {
  name: string;
  /** Puts it at the path. */
  make: (path: string) => void;
  /** What the refusal must call it. */
  said: string;
}

const fileVictim = (name: string, bytes: () => Buffer, said: string): Victim => ({
  name,
  make: (path) => writeFileSync(path, bytes()),
  said,
});

/** Every victim but the Skeleton, which each command picks (one that is not the resource it writes). */
const VICTIMS: Victim[] = [
  fileVictim('an archive', () => ARCHIVE_BYTES, 'exists and is a .forge archive, not'),
  fileVictim('random binary bytes', () => RANDOM_BYTES, 'exists and is binary data of unknown kind, not'),
];
const skeletonVictim = (path: string): Victim =>
  fileVictim(`a Skeleton of the samples (${path.split('/').pop()!})`, () => readFileSync(path), 'exists and is the Skeleton 0x');

interface WritingCommand {
  name: string;
  /** The command line writing into `dir`, and the one file of it each case looks at. */
  line: (dir: string) => { args: string[]; target: string };
  /** The exit status of a run that writes. */
  ok: number;
  /** A Skeleton unrelated to what the command writes. */
  otherSkeleton: string;
  /** Puts an existing file of the output's own kind at the path (an earlier output, or one made by hand). */
  earlier: (path: string) => Promise<void> | void;
  /** Whether the file at the path is what this command writes. */
  isOutput: (bytes: Buffer) => boolean;
}

const text = (bytes: Buffer): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes);
const parses = (bytes: Buffer): boolean => {
  try {
    JSON.parse(text(bytes));
    return true;
  } catch {
    return false;
  }
};
/** A GLB that holds a rig: the magic, its own length, and more than a header. */
const isGlb = (bytes: Buffer): boolean =>
  bytes.subarray(0, 4).toString('latin1') === 'glTF' && bytes.readUInt32LE(8) === bytes.length && bytes.length > 1000;
/** A GLB of nothing but its 12-byte header: magic, version 2, length 12. */
const emptyGlb = (path: string): void => {
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12, 8);
  writeFileSync(path, header);
};
const sameBytesAs = (file: string) => (bytes: Buffer) => bytes.equals(readFileSync(file));

const KNOWN_HASH = `0x${crc32('Reference').toString(16).padStart(8, '0')}`;

const COMMANDS: WritingCommand[] = [
  {
    name: 'census --json FILE',
    line: (dir) => ({ args: ['census', SKATER, '--json', join(dir, 'report.json')], target: join(dir, 'report.json') }),
    ok: 0,
    otherSkeleton: RIDER,
    earlier: (path) => writeFileSync(path, '{"old": true}'),
    isOutput: (bytes) => parses(bytes) && (JSON.parse(text(bytes)) as { files?: number }).files === 1,
  },
  {
    name: 'census --markdown FILE',
    line: (dir) => ({ args: ['census', SKATER, '--markdown', join(dir, 'census.md')], target: join(dir, 'census.md') }),
    ok: 0,
    otherSkeleton: RIDER,
    earlier: (path) => writeFileSync(path, '# an earlier census\n'),
    isOutput: (bytes) => text(bytes).startsWith('#') && text(bytes).includes('|'),
  },
  {
    name: 'export -o out.glb',
    line: (dir) => ({ args: ['export', RIDER, '-o', join(dir, 'out.glb')], target: join(dir, 'out.glb') }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: emptyGlb,
    isOutput: isGlb,
  },
  {
    name: 'export -o out.gltf',
    line: (dir) => ({ args: ['export', RIDER, '-o', join(dir, 'out.gltf')], target: join(dir, 'out.gltf') }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: (path) => writeFileSync(path, '{"asset": {"version": "2.0"}}'),
    isOutput: (bytes) => parses(bytes) && Array.isArray((JSON.parse(text(bytes)) as { nodes?: unknown }).nodes),
  },
  {
    name: 'assemble -o rig.glb',
    line: (dir) => ({
      args: ['assemble', COMPONENT, '--search', resolve('samples/anvilnext'), '-o', join(dir, 'rig.glb')],
      target: join(dir, 'rig.glb'),
    }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: emptyGlb,
    isOutput: isGlb,
  },
  {
    name: 'assemble -o report.json',
    line: (dir) => ({
      args: ['assemble', COMPONENT, '--search', resolve('samples/anvilnext'), '-o', join(dir, 'report.json')],
      target: join(dir, 'report.json'),
    }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: (path) => writeFileSync(path, '[]'),
    isOutput: (bytes) => parses(bytes) && typeof (JSON.parse(text(bytes)) as { boneCount?: unknown }).boneCount === 'number',
  },
  {
    name: 'import -o out.Skeleton',
    line: (dir) => ({ args: ['import', RIDER, fixture('rider.glb'), '-o', join(dir, 'out.Skeleton')], target: join(dir, 'out.Skeleton') }),
    ok: 0,
    // The bike: another Skeleton, another object id.
    otherSkeleton: BIKE,
    // The same Skeleton (class and id) as the original: an earlier import of it.
    earlier: (path) => {
      const rider = readFileSync(RIDER);
      writeFileSync(path, Buffer.concat([rider.subarray(0, 16), Buffer.alloc(8)]));
    },
    isOutput: sameBytesAs(RIDER),
  },
  {
    name: 'pose build -o',
    line: (dir) => ({ args: ['pose', 'build', RIDER, '-o', join(dir, 'pose.bin')], target: join(dir, 'pose.bin') }),
    ok: 0,
    otherSkeleton: SKATER,
    // An earlier pose array, of another skeleton (another bone count).
    earlier: async (path) => {
      expect((await runCli(['pose', 'build', BIKE, '-o', path])).code).toBe(0);
    },
    // 31 bones of 48 bytes, each record's fourth position lane 0 and its scale (1, 1, 1, 0).
    isOutput: (bytes) =>
      bytes.length === 31 * 48 && bytes.readFloatLE(12) === 0 && bytes.readFloatLE(32) === 1 && bytes.readFloatLE(44) === 0,
  },
  {
    name: 'skin palette -o',
    line: (dir) => ({
      args: [
        'skin',
        'palette',
        fixture('rig.Skeleton'),
        fixture('meshbones.json'),
        '--palette',
        fixture('palette.json'),
        '-o',
        join(dir, 'p.bin'),
      ],
      target: join(dir, 'p.bin'),
    }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: async (path) => {
      const line = ['skin', 'palette', fixture('rig.Skeleton'), fixture('meshbones.json'), '--palette', fixture('palette.json')];
      expect((await runCli([...line, '--pose', 'runtime', '-o', path])).code).toBe(0);
      // An earlier palette of the same registers, changed by hand in one palette lane: still one.
      const bytes = readFileSync(path);
      bytes.writeFloatLE(2.5, 16 * 39);
      writeFileSync(path, bytes);
    },
    // The bind pose of bone 0 is the identity: c39.x = 1, and everything below c39 zero.
    isOutput: (bytes) =>
      bytes.length === PALETTE_BYTES && bytes.readFloatLE(16 * 39) === 1 && bytes.subarray(0, 16 * 39).every((b) => b === 0),
  },
  {
    name: 'crack --write-names',
    line: (dir) => ({ args: ['crack', KNOWN_HASH, '--write-names', join(dir, 'names.txt')], target: join(dir, 'names.txt') }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: (path) => writeFileSync(path, 'LeftArm\nRightArm\n'),
    isOutput: (bytes) => text(bytes).startsWith('# Likely bone names found by anvil-skel crack'),
  },
  {
    name: 'sample DIR',
    line: (dir) => ({ args: ['sample', join(dir, 'corpus')], target: join(dir, 'corpus', 'scimitar', 'SWS_Skater.Skeleton') }),
    ok: 0,
    otherSkeleton: RIDER,
    // The same resource (class and id) as the sample writes there: an earlier sample's.
    earlier: (path) => writeFileSync(path, readFileSync(SKATER).subarray(0, 40)),
    isOutput: sameBytesAs(SKATER),
  },
  {
    name: 'forge extract -o DIR',
    line: (dir) => ({
      args: ['forge', 'extract', fixture('a.forge'), '-o', join(dir, 'out')],
      target: join(dir, 'out', 'CHR_Bike.Skeleton', 'Bike.Skeleton'),
    }),
    ok: 0,
    otherSkeleton: SKATER,
    earlier: (path) => writeFileSync(path, readFileSync(BIKE).subarray(0, 40)),
    isOutput: sameBytesAs(BIKE),
  },
];

/** Lays out the command's folder (and the target's own folder), then puts the victim at the target. */
function prepare(command: WritingCommand): { dir: string; args: string[]; target: string } {
  const dir = freshDir();
  const { args, target } = command.line(dir);
  mkdirSync(resolve(target, '..'), { recursive: true });
  return { dir, args, target };
}

describe.each(COMMANDS)('$name', (command) => {
  const victims = [...VICTIMS, skeletonVictim(command.otherSkeleton)];

  it.each(victims.map((v) => [v.name, v] as const))(
    'refuses to replace %s (exit 2, named, bytes kept); --force replaces it',
    async (_, victim) => {
      const { args, target } = prepare(command);
      victim.make(target);
      const before = readFileSync(target);
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`'${target}' ${victim.said}`);
      expect(run.stderr).toContain('left untouched (--force replaces it)');
      expect(readFileSync(target).equals(before)).toBe(true);

      const forced = await runCli([...args, '--force']);
      expect(forced.stderr).not.toContain('left untouched');
      expect(forced.code).toBe(command.ok);
      expect(command.isOutput(readFileSync(target))).toBe(true);
    },
  );

  it('refuses a directory at the output path, even with --force, and leaves what it holds', async () => {
    const { args, target } = prepare(command);
    mkdirSync(target);
    writeFileSync(join(target, 'keep.txt'), 'kept');
    for (const line of [args, [...args, '--force']]) {
      const run = await runCli(line);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`'${target}' is a directory, not a file`);
      expect(statSync(target).isDirectory()).toBe(true);
      expect(readFileSync(join(target, 'keep.txt'), 'utf8')).toBe('kept');
    }
  });

  it('replaces an existing file of its own kind without --force', async () => {
    const { args, target } = prepare(command);
    await command.earlier(target);
    const before = readFileSync(target);
    expect(command.isOutput(before)).toBe(false);
    const run = await runCli(args);
    expect(run.stderr).not.toContain('left untouched');
    expect(run.code).toBe(command.ok);
    expect(command.isOutput(readFileSync(target))).toBe(true);
  });

  it('writes where nothing is, creating missing folders', async () => {
    const { args, target } = prepare(command);
    rmSync(resolve(target, '..'), { recursive: true, force: true });
    const run = await runCli(args);
    expect(run.code).toBe(command.ok);
    expect(command.isOutput(readFileSync(target))).toBe(true);
  });
});

describe('census with no input path', () => {
  it('census --json x.forge: refused (x.forge is no JSON report), the archive untouched, and the message says what was taken for what', async () => {
    const dir = freshDir();
    const archive = join(dir, 'x.forge');
    writeFileSync(archive, readFileSync(fixture('a.forge')));
    const before = readFileSync(archive);
    const run = await runCli(['census', '--json', archive]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`census: --json '${archive}' exists and is a .forge archive, not JSON: left untouched`);
    expect(run.stderr).toContain('no input path was given, so it was taken for the report of a census of the bundled samples at');
    expect(run.stdout).toBe('');
    expect(readFileSync(archive).equals(before)).toBe(true);
  });

  it('says on stderr which corpus was counted and which file is the report', async () => {
    const dir = freshDir();
    const report = join(dir, 'report.json');
    const markdown = join(dir, 'census.md');
    const run = await runCli(['census', '--json', report, '--markdown', markdown]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/census: no path given: counting the bundled samples at \S*samples; .*report\.json is the --json report/);
    expect(run.stderr).toContain(`${markdown} is the --markdown report`);
    expect((JSON.parse(readFileSync(report, 'utf8')) as { files: number }).files).toBe(12);
  });
});

describe('import -o: the same Skeleton is an earlier output, another one is not', () => {
  it('refuses an unrelated Skeleton (another object id) and replaces one of the same id', async () => {
    const dir = freshDir();
    const out = join(dir, 'out.Skeleton');
    cpSync(BIKE, out);
    const run = await runCli(['import', RIDER, fixture('rider.glb'), '-o', out]);
    expect(run.code).toBe(2);
    // The bike's id (0x3A1F000000020000) is not the rider's (0x3A1F000000010000).
    expect(run.stderr).toContain(
      `-o '${out}' exists and is the Skeleton 0x3A1F000000020000 (anvilnext), not the Skeleton 0x3A1F000000010000`,
    );
    expect(readFileSync(out).equals(readFileSync(BIKE))).toBe(true);

    // An edited copy of the rider (same class and id, another byte changed) is replaced by the import.
    const edited = readFileSync(RIDER);
    edited[edited.length - 1] ^= 0xff;
    writeFileSync(out, edited);
    const again = await runCli(['import', RIDER, fixture('rider.glb'), '-o', out]);
    expect(again.code).toBe(0);
    expect(readFileSync(out).equals(readFileSync(RIDER))).toBe(true);
  });
});

describe('pose build -o over a Skeleton', () => {
  it('is refused and the Skeleton kept; a pose array is replaced', async () => {
    const dir = freshDir();
    const out = join(dir, 'pose.bin');
    cpSync(SKATER, out);
    const run = await runCli(['pose', 'build', RIDER, '-o', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`pose build: -o '${out}' exists and is the Skeleton 0x000000005E001000 (scimitar), not a pose array`);
    expect(readFileSync(out).equals(readFileSync(SKATER))).toBe(true);
    // One record by hand: position (1, 2, 3, 0), rotation (0, 0, 0, 1), scale (1, 1, 1, 0).
    const record = Buffer.alloc(48);
    [1, 2, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0].forEach((v, i) => record.writeFloatLE(v, 4 * i));
    writeFileSync(out, record);
    expect((await runCli(['pose', 'build', RIDER, '-o', out])).code).toBe(0);
    expect(readFileSync(out).length).toBe(31 * 48);
  });
});

describe('export --separate: the .bin is replaced only as the buffer of the .gltf already there', () => {
  it('refuses a foreign .bin beside a new .gltf, and replaces an earlier export of both', async () => {
    const dir = freshDir();
    const gltf = join(dir, 'rig.gltf');
    const bin = join(dir, 'rig.bin');
    writeFileSync(bin, RANDOM_BYTES);
    const run = await runCli(['export', RIDER, '-o', gltf, '--separate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `the --separate buffer '${bin}' exists and is binary data of unknown kind, not the buffer the glTF ${gltf} names`,
    );
    expect(readFileSync(bin).equals(RANDOM_BYTES)).toBe(true);
    expect(existsSync(gltf)).toBe(false);

    rmSync(bin);
    expect((await runCli(['export', RIDER, '-o', gltf, '--separate'])).code).toBe(0);
    const first = readFileSync(bin);
    expect((await runCli(['export', RIDER, '-o', gltf, '--separate', '--axes', 'z-up'])).code).toBe(0);
    expect(readFileSync(bin).equals(first)).toBe(false);
  });
});

describe('--force never writes over an input', () => {
  it('still refuses an output that is the input file, or one inside the walked directory', async () => {
    const dir = freshDir();
    const skeleton = join(dir, 'rider.Skeleton');
    cpSync(RIDER, skeleton);
    const pose = await runCli(['pose', 'build', skeleton, '-o', skeleton, '--force']);
    expect(pose.code).toBe(2);
    expect(pose.stderr).toContain('is the input file');
    const census = await runCli(['census', dir, '--json', skeleton, '--force']);
    expect(census.code).toBe(2);
    expect(census.stderr).toContain('is one of the input files');
    const names = join(dir, 'names.txt');
    writeFileSync(names, 'Reference\n');
    const crack = await runCli(['crack', KNOWN_HASH, '--names', names, '--write-names', names, '--force']);
    expect(crack.code).toBe(2);
    expect(crack.stderr).toContain(`--write-names '${names}' is the input file ${names}`);
    expect(readFileSync(skeleton).equals(readFileSync(RIDER))).toBe(true);
    expect(readFileSync(names, 'utf8')).toBe('Reference\n');
  });
});

describe('one behaviour for missing folders', () => {
  it('creates them for every command, and refuses (exit 2) a path whose folder cannot be created', async () => {
    const dir = freshDir();
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'in the way');
    const lines: string[][] = [
      ['census', SKATER, '--json', join(blocker, 'r.json')],
      ['export', RIDER, '-o', join(blocker, 'r.glb')],
      ['pose', 'build', RIDER, '-o', join(blocker, 'p.bin')],
      ['crack', KNOWN_HASH, '--write-names', join(blocker, 'n.txt')],
      ['sample', join(blocker, 'corpus')],
    ];
    for (const line of lines) {
      const run = await runCli(line);
      expect(run.code, line.join(' ')).toBe(2);
      expect(run.stderr).toContain(`${blocker} is a file`);
    }
    expect(readFileSync(blocker, 'utf8')).toBe('in the way');
    expect(readdirSync(dir)).toEqual(['a-file']);
  });
});

describe('forge extract applies the rule file by file', () => {
  it('keeps a file of another kind (that entry not written, named, exit 2) and writes the other entries', async () => {
    const dir = freshDir();
    const out = join(dir, 'out');
    const victim = join(out, 'CHR_Bike.Skeleton', 'Skater.Skeleton');
    mkdirSync(join(out, 'CHR_Bike.Skeleton'), { recursive: true });
    writeFileSync(victim, ARCHIVE_BYTES);
    const run = await runCli(['forge', 'extract', fixture('a.forge'), '-o', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`entry 0 "CHR_Bike.Skeleton": not written: forge extract: '${victim}' exists and is a .forge archive`);
    expect(run.stdout).toContain('1 entry not written (a file of another kind is in the way; --force replaces it)');
    expect(readFileSync(victim).equals(ARCHIVE_BYTES)).toBe(true);
    // The bike shares the refused entry, so it is not written either; the component's entry is.
    expect(existsSync(join(out, 'CHR_Bike.Skeleton', 'Bike.Skeleton'))).toBe(false);
    expect(readFileSync(join(out, 'CHR_Rider.SkeletonComponent', 'RiderComponent.SkeletonComponent')).equals(readFileSync(COMPONENT))).toBe(
      true,
    );
  });
});

describe('validate --json on SIGINT', () => {
  let corpus: string;
  beforeAll(() => {
    corpus = join(root, 'inventory');
    const made = spawnSync(process.execPath, [CLI, 'sample', corpus, '--scale', 'inventory'], { encoding: 'utf8' });
    expect(made.status).toBe(0);
  }, 120_000);

  it('finishes the JSON document, marks it interrupted and exits 130', async () => {
    const child = spawn(process.execPath, [CLI, 'validate', corpus, '--json', '--roundtrip'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      // After the first file result is out.
      if (!sent && stdout.includes('"status"')) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((done) => child.on('close', (status) => done(status)));
    expect(sent).toBe(true);
    expect(code).toBe(130);
    const report = JSON.parse(stdout) as { files: { file: string }[]; summary: { files: number; interrupted?: boolean } };
    expect(report.summary.interrupted).toBe(true);
    expect(report.summary.files).toBe(report.files.length);
    expect(report.files.length).toBeGreaterThan(0);
    // The corpus is 1,805 resources and its README: the run stopped well before the end.
    expect(report.files.length).toBeLessThan(1806);
    expect(stderr).toContain('validate: interrupted after');
  }, 60_000);
});
