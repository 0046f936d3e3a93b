/**
 * The input contract every command keeps, on directory trees like the ones users point the tool
 * at: inputs never change, every path is accounted for, nothing is read whole that is not a
 * resource, nothing is read that is not a regular file, links are followed once, and outputs
 * never land on or inside an input. Each tree is built here in a temp folder.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';
const SKATER = 'samples/scimitar/SWS_Skater.Skeleton';
const CLI = resolve('dist/cli.js');
const STACK_TRACE = /\n\s+at .+:\d+:\d+/;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'anvil-walk-'));
});

afterEach(() => {
  // A mode-000 folder would stop the clean-up.
  for (const entry of walkAll(dir)) if (entry.dir) chmodSync(entry.path, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

function walkAll(root: string): { path: string; dir: boolean }[] {
  const out: { path: string; dir: boolean }[] = [];
  const visit = (path: string): void => {
    let entries;
    try {
      chmodSync(path, 0o755);
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return;
    }
    out.push({ path, dir: true });
    for (const e of entries) {
      const child = join(path, e.name);
      if (e.isDirectory()) visit(child);
      else out.push({ path: child, dir: false });
    }
  };
  visit(root);
  return out;
}

/** Every regular file's bytes under a tree, by path: to prove a command changed none of them. */
function fingerprint(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string): void => {
    for (const e of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, e.name);
      if (e.isDirectory()) visit(child);
      else if (e.isFile()) out[child] = createHash('sha256').update(readFileSync(child)).digest('hex');
    }
  };
  visit(root);
  return out;
}

/** A copy of the bundled samples (12 files: 7 anvilnext resources, 1 scimitar, README, names.txt … see below). */
function samplesCopy(): string {
  const target = join(dir, 'samples');
  cpSync('samples', target, { recursive: true });
  return target;
}

// The reports are checked field by field below; their shapes are the commands' JSON contracts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function json(stdout: string): any {
  return JSON.parse(stdout);
}

describe('1. outputs never land on or inside an input', () => {
  it('refuses --json and --markdown onto a Skeleton inside the walked directory, and leaves every byte as it was', async () => {
    const samples = samplesCopy();
    const before = fingerprint(dir);
    for (const option of ['--json', '--markdown']) {
      const run = await runCli(['census', samples, option, join(samples, 'anvilnext', 'MAD_CHR_Skel_U.Skeleton')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${option} '${join(samples, 'anvilnext', 'MAD_CHR_Skel_U.Skeleton')}' is one of the input files`);
    }
    expect(fingerprint(dir)).toEqual(before);
  });

  it('refuses a report onto a hard link, outside the inputs, of a file found in an input directory', async () => {
    const samples = samplesCopy();
    const input = join(samples, 'anvilnext', 'MAD_CHR_Skel_U.Skeleton');
    const outside = join(dir, 'another-name.json');
    linkSync(input, outside);
    const before = fingerprint(dir);
    const run = await runCli(['census', samples, '--json', outside, '--force']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--json '${outside}' is one of the input files`);
    expect(fingerprint(dir)).toEqual(before);
  });

  it('refuses a new report file inside an input directory, and one reached through a link the walk follows', async () => {
    const samples = samplesCopy();
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'x.txt'), 'x');
    symlinkSync(outside, join(samples, 'linked'));
    expect((await runCli(['census', samples, '--json', join(samples, 'report.json')])).code).toBe(2);
    const run = await runCli(['census', samples, '--json', join(outside, 'report.json')]);
    expect(run.code).toBe(2);
    expect(existsSync(join(outside, 'report.json'))).toBe(false);
    expect(existsSync(join(samples, 'report.json'))).toBe(false);
  });

  it('refuses the same file for --json and --markdown (exit 2), even spelled two ways', async () => {
    const samples = samplesCopy();
    const run = await runCli(['census', samples, '--json', join(dir, 'r.txt'), '--markdown', join(dir, '.', 'r.txt')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--json and --markdown both name');
    expect(existsSync(join(dir, 'r.txt'))).toBe(false);
  });

  it('never writes a report over an existing Skeleton, even outside the inputs (a mistyped option value)', async () => {
    const samples = samplesCopy();
    const stray = join(dir, 'stray.Skeleton');
    writeFileSync(stray, readFileSync(RIDER));
    const run = await runCli(['census', join(samples, 'scimitar'), '--json', stray]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--json '${stray}' exists and is the Skeleton 0x`);
    expect(run.stderr).toContain('not JSON: left untouched');
    expect(readFileSync(stray)).toEqual(readFileSync(RIDER));
  });

  it('writes a report outside the inputs', async () => {
    const samples = samplesCopy();
    const run = await runCli(['census', samples, '--json', join(dir, 'report.json')]);
    expect(run.code).toBe(0);
    expect(json(readFileSync(join(dir, 'report.json'), 'utf8')).files).toBe(12);
  });
});

describe('2. header first: nothing is read whole that is not a resource, nothing read that is not a file', () => {
  it('classifies a 3 GiB sparse file of another class from its header: skipped, not unreadable', async () => {
    const big = join(dir, 'tree', 'huge.bin');
    mkdirSync(join(dir, 'tree'));
    const fd = openSync(big, 'w');
    writeSync(fd, Buffer.from('not a resource'), 0, 14, 3 * 1024 ** 3 - 14);
    closeSync(fd);
    const run = await runCli(['census', join(dir, 'tree'), '--json']);
    expect(run.code).toBe(0);
    const report = json(run.stdout);
    expect(report).toMatchObject({ files: 1, skipped: 1, unreadable: 0 });
    // Named explicitly, inspect says what it is from the first bytes (a whole read of 3 GiB would fail).
    const inspect = await runCli(['inspect', big]);
    expect(inspect.code).toBe(1);
    expect(inspect.stderr).toBe(
      `anvil-skel: ${big}: not a Skeleton or SkeletonComponent (class at offset 8 is 0x00000000, class at offset 5 is 0x00000000)\n`,
    );
  });

  it('refuses a resource over --max-size unread, with the sizes in the message', async () => {
    const samples = samplesCopy();
    const size = statSync(join(samples, RIDER.replace('samples/', ''))).size;
    const run = await runCli(['validate', '--json', '--max-size', '1KiB', join(samples, 'anvilnext', 'MAD_CHR_Skel_U.Skeleton')]);
    expect(run.code).toBe(1);
    const entry = json(run.stdout).files[0];
    expect(entry.status).toBe('unreadable');
    expect(entry.reason).toBe(
      `Skeleton of ${(size / 1024).toFixed(1)} KiB, larger than the 1 KiB limit; not read (raise it with --max-size)`,
    );
    expect((await runCli(['validate', '--max-size', 'lots', samples])).code).toBe(2);
    expect((await runCli(['validate', '--max-size', '3GiB', samples])).code).toBe(2);
  });

  it('never opens a FIFO for reading: skipped inside a directory, a failure when named', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    cpSync(SKATER, join(tree, 'skater.Skeleton'));
    const fifo = join(tree, 'pipe.Skeleton');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.status !== 0) return expect.fail(`mkfifo failed: ${made.stderr}`);
    const census = await runCli(['census', tree, '--json']);
    expect(census.code).toBe(0);
    expect(json(census.stdout)).toMatchObject({
      files: 1,
      skeletons: { exact: 1 },
      skippedPaths: [{ path: fifo, reason: 'is a FIFO; not read' }],
    });
    const validate = await runCli(['validate', '-v', tree]);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain(`skip  ${fifo}  (is a FIFO; not read)`);
    const named = await runCli(['validate', '--json', fifo]);
    expect(named.code).toBe(1);
    expect(json(named.stdout).files[0]).toMatchObject({ status: 'unreadable', reason: 'is a FIFO; not read' });
    const inspect = await runCli(['inspect', fifo]);
    expect(inspect.code).toBe(1);
    expect(inspect.stderr).toBe(`anvil-skel: ${fifo}: is a FIFO; not read\n`);
  });

  it('inspect /dev/zero answers at once: a character device is not read', async () => {
    const run = await runCli(['inspect', '/dev/zero']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('anvil-skel: /dev/zero: is a character device; not read\n');
  });
});

describe('3. one bad path never stops the others', () => {
  it('reports a missing path among several and runs the others (exit 1); alone it is a usage error (exit 2)', async () => {
    const samples = samplesCopy();
    const missing = join(dir, 'no-such-dir');
    const run = await runCli(['validate', '--json', samples, missing]);
    expect(run.code).toBe(1);
    const report = json(run.stdout);
    expect(report.summary).toMatchObject({ files: 13, valid: 10, unreadable: 1, skipped: 2 });
    expect(report.files.find((f: { file: string }) => f.file === missing)).toMatchObject({
      status: 'unreadable',
      reason: 'no such file or directory',
    });
    const census = await runCli(['census', samples, missing, '--json']);
    expect(census.code).toBe(1);
    expect(json(census.stdout).refusals).toEqual([
      expect.objectContaining({ file: missing, kind: 'unreadable', message: 'no such file or directory' }),
    ]);
    expect((await runCli(['validate', missing])).code).toBe(2);
  });

  // Root reads a mode-000 folder anyway, so the CLI runs as `nobody` when the suite runs as root.
  const asRoot = process.getuid?.() === 0;
  it.skipIf(!existsSync(CLI))('lists a mode-000 folder as unreadable, with a summary and JSON, as a non-root user', () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'locked'), { recursive: true });
    cpSync(SKATER, join(tree, 'skater.Skeleton'));
    cpSync(RIDER, join(tree, 'locked', 'rider.Skeleton'));
    chmodSync(join(tree, 'locked'), 0o000);
    chmodSync(dir, 0o755);
    const options = { encoding: 'utf8' as const, timeout: 20_000, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) };
    for (const command of ['validate', 'census']) {
      const run = spawnSync(process.execPath, [CLI, command, tree, '--json'], options);
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      const report = json(run.stdout);
      const locked = join(tree, 'locked');
      if (command === 'validate') {
        expect(report.summary).toMatchObject({ files: 2, valid: 1, unreadable: 1 });
        expect(report.files).toContainEqual(
          expect.objectContaining({ file: locked, status: 'unreadable', reason: 'cannot list the directory: permission denied' }),
        );
      } else {
        expect(report).toMatchObject({ files: 2, unreadable: 1, skeletons: { exact: 1 } });
        expect(report.refusals).toEqual([
          expect.objectContaining({ file: locked, kind: 'unreadable', message: 'cannot list the directory: permission denied' }),
        ]);
      }
    }
  });
});

describe('4. symbolic links are followed once, loops and dangling links reported', () => {
  it('follows links to files and to directories, reports a loop and a dangling link, and never fails on them', async () => {
    const real = join(dir, 'real');
    mkdirSync(join(real, 'sub'), { recursive: true });
    cpSync(SKATER, join(real, 'sub', 'skater.Skeleton'));
    cpSync(RIDER, join(real, 'rider.Skeleton'));
    const links = join(dir, 'links');
    mkdirSync(links);
    symlinkSync(join(real, 'rider.Skeleton'), join(links, 'a-file-link'));
    symlinkSync(join(real, 'sub'), join(links, 'b-dir-link'));
    symlinkSync(links, join(links, 'c-loop'));
    symlinkSync(join(dir, 'gone'), join(links, 'd-dangling'));
    const run = await runCli(['census', links, '--json']);
    expect(run.code).toBe(0);
    const report = json(run.stdout);
    expect(report).toMatchObject({ files: 2, skeletons: { exact: 2, byDialect: { anvilnext: 1, scimitar: 1 } } });
    expect(report.skippedPaths).toEqual([
      { path: join(links, 'c-loop'), reason: 'symlink loop: a link back to a directory being walked' },
      { path: join(links, 'd-dangling'), reason: 'dangling symlink (its target does not exist)' },
    ]);
  });

  it('says "symlink loop" for an explicitly named looping link', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    symlinkSync(b, a);
    symlinkSync(a, b);
    for (const command of ['validate', 'census', 'inspect']) {
      const run = await runCli([command, a]);
      expect(run.stderr, command).toContain('symlink loop');
      expect(run.stderr).not.toContain('no such file');
      expect(run.code).not.toBe(0);
    }
  });
});

describe('5. overlapping inputs count each real file once', () => {
  it('validate samples samples, and census samples samples/anvilnext, count as samples alone', async () => {
    const samples = samplesCopy();
    const twice = json((await runCli(['validate', '--json', samples, samples])).stdout);
    expect(twice.summary.files).toBe(12);
    const overlap = json((await runCli(['census', samples, join(samples, 'anvilnext'), '--json'])).stdout);
    const alone = json((await runCli(['census', samples, '--json'])).stdout);
    expect(overlap.files).toBe(12);
    expect(overlap.skeletons).toEqual(alone.skeletons);
    // A file named directly and found again in its directory, and a hard link, are one file.
    const hard = join(dir, 'hard.Skeleton');
    spawnSync('ln', [join(samples, 'scimitar', 'SWS_Skater.Skeleton'), hard]);
    const linked = json((await runCli(['census', hard, join(samples, 'scimitar'), '--json'])).stdout);
    expect(linked.files).toBe(1);
  });
});

describe('6. one rule for files that are not resources', () => {
  it('a named file of another class fails every command (exit 1, with the reason); found in a directory it is skipped (exit 0)', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    const notes = join(tree, 'notes.txt');
    writeFileSync(notes, 'just some notes here\n');
    cpSync(SKATER, join(tree, 'skater.Skeleton'));
    // Bytes 8–11 are 'e no' (0x65 0x20 0x6E 0x6F), bytes 5–8 'some' (0x73 0x6F 0x6D 0x65), read little-endian.
    const reason = 'not a Skeleton or SkeletonComponent (class at offset 8 is 0x6F6E2065, class at offset 5 is 0x656D6F73)';
    const validate = await runCli(['validate', notes]);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toContain(`${notes}: ${reason}`);
    const census = await runCli(['census', notes, '--json']);
    expect(census.code).toBe(1);
    expect(json(census.stdout).refusals).toEqual([expect.objectContaining({ file: notes, kind: 'not-a-resource', message: reason })]);
    const inspect = await runCli(['inspect', notes]);
    expect(inspect.code).toBe(1);
    expect(inspect.stderr).toBe(`anvil-skel: ${notes}: ${reason}\n`);
    expect((await runCli(['validate', tree])).code).toBe(0);
    expect((await runCli(['census', tree])).code).toBe(0);
  });

  it('a file too short for its class whose name says Skeleton is a refusal, not a silent skip', async () => {
    const short = join(dir, 'cut.Skeleton');
    writeFileSync(short, readFileSync(RIDER).subarray(0, 7));
    const validate = await runCli(['validate', '--json', dir]);
    expect(validate.code).toBe(1);
    expect(json(validate.stdout).files[0]).toMatchObject({
      status: 'refused',
      error: { offset: 7, message: 'ends at byte 7, before the class at offset 8' },
    });
    const census = await runCli(['census', dir, '--json']);
    expect(json(census.stdout).refusals).toEqual([
      expect.objectContaining({ file: short, kind: 'Skeleton', offset: 7, message: 'ends at byte 7, before the class at offset 8' }),
    ]);
    const inspect = await runCli(['inspect', short]);
    expect(inspect.stderr).toBe(`anvil-skel: ${short}: ends at byte 7, before the class at offset 8\n`);
    // The summary and the Markdown say so too, not "no refusals" alone.
    const text = await runCli(['census', dir]);
    expect(text.stdout).toContain('1 file failed before any layout read it');
    const markdown = await runCli(['census', dir, '--markdown']);
    expect(markdown.stdout).toContain(`## Files no layout read\n\n- \`${short}\`: ends at byte 7, before the class at offset 8\n`);
    // The same bytes under a name that claims nothing are simply another class.
    rmSync(short);
    writeFileSync(join(dir, 'cut.bin'), readFileSync(RIDER).subarray(0, 7));
    expect(json((await runCli(['census', dir, '--json'])).stdout)).toMatchObject({ skipped: 1, refusals: [] });
  });
});

/**
 * The rider with bone 3's stored global position x raised by 1: the Proven global-composition
 * check fails for bone 3. Bone records: bone 0 at 21 (117 bytes), then 125 bytes each, so bone 3
 * starts at 138 + 2 · 125 = 388 (0x184); its global position follows tag (1), id (8), class (4),
 * name hash (4), parent and mirror references (9 each) and the null display pointer (1): at +36.
 */
function brokenRider(): Buffer {
  const bytes = Buffer.from(readFileSync(RIDER));
  bytes.writeFloatLE(bytes.readFloatLE(388 + 36) + 1, 388 + 36);
  return bytes;
}

describe('7. the census names what failed', () => {
  it('prints the file, the bone and the offset of its record for a failed Proven check', async () => {
    const file = join(dir, 'broken.Skeleton');
    writeFileSync(file, brokenRider());
    const run = await runCli(['census', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}: check failed: global-composition (Proven)\n`);
    expect(run.stderr).toMatch(/\n {2}bone 3 \(\S+\) at offset 0x184 \(388\), bones\[3\]: /);
  });
});

describe('8. inspect --hex', () => {
  it('runs the checks like inspect', async () => {
    const file = join(dir, 'broken.Skeleton');
    writeFileSync(file, brokenRider());
    const run = await runCli(['inspect', '--hex', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^0x00000000 {2}/);
    expect(run.stderr).toMatch(/bone 3 \(\S+\) at offset 0x184 \(388\), bones\[3\]: /);
  });

  it('on a refused file prints the dump up to the refusal offset, then the refusal', async () => {
    // The first bone's class hash at 21 + 1 + 8 = 30, one bit flipped: the refusal is at 30.
    const bytes = Buffer.from(readFileSync(RIDER));
    bytes[30]! ^= 0x40;
    const file = join(dir, 'flipped.Skeleton');
    writeFileSync(file, bytes);
    const run = await runCli(['inspect', '--hex', file]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('refused: offset 0x1E (30): bones[0].classHash: expected 0x95741049 (Bone), got 0x95741009');
    const offsets = lines.slice(0, -1).map((line) => Number.parseInt(line.slice(2, 10), 16));
    expect(offsets[0]).toBe(0);
    // The last dumped line starts before 30 and no byte at or after 30 is shown.
    expect(Math.max(...offsets)).toBeLessThan(30);
    expect(lines.some((line) => line.includes('bones[0].id'))).toBe(true);
    expect(run.stderr).toBe(`${file}: offset 0x1E (30): bones[0].classHash: expected 0x95741049 (Bone), got 0x95741009\n`);
  });

  it('--json with --hex is a usage error', async () => {
    expect((await runCli(['inspect', '--json', '--hex', RIDER])).code).toBe(2);
  });
});

describe('9. --json the same way everywhere', () => {
  it('census --json with no value prints JSON on stdout; --json FILE still writes the file', async () => {
    const run = await runCli(['census', SKATER, '--json']);
    expect(json(run.stdout)).toMatchObject({ files: 1, skeletons: { exact: 1 } });
    expect(json((await runCli(['census', '--json', '-', SKATER])).stdout).files).toBe(1);
  });

  it('an error in JSON mode still gives stdout a JSON object with an error field, and the exit code says why', async () => {
    const usage = await runCli(['inspect', '--json', join(dir, 'missing.Skeleton')]);
    expect(usage.code).toBe(2);
    expect(json(usage.stdout)).toEqual({ error: { kind: 'usage', message: `no such file: ${join(dir, 'missing.Skeleton')}` } });
    const jobs = await runCli(['census', SKATER, '--jobs', '0', '--json']);
    expect(jobs.code).toBe(2);
    expect(json(jobs.stdout).error.kind).toBe('usage');
    const unknown = await runCli(['validate', '--json', '--no-such-option', SKATER]);
    expect(unknown.code).toBe(2);
    expect(json(unknown.stdout).error.message).toContain('--no-such-option');
    const wrongKind = await runCli(['pose', 'show', '--json', 'samples/anvilnext/MAD_NPC_Generic.SkeletonComponent']);
    expect(wrongKind.code).toBe(1);
    expect(json(wrongKind.stdout).error).toEqual({
      kind: 'failed',
      message: 'samples/anvilnext/MAD_NPC_Generic.SkeletonComponent: is a SkeletonComponent, not a Skeleton',
    });
  });
});

describe('12. messages', () => {
  it('says 1 file, 1 Skeleton, 1 byte: singular where there is one', async () => {
    const run = await runCli(['validate', SKATER]);
    expect(run.stdout).toBe('1 file: 1 valid (1 Skeleton, 0 SkeletonComponents), 0 failed, 0 skipped\n');
    const one = join(dir, 'one.bin');
    writeFileSync(one, Buffer.from([7]));
    expect((await runCli(['inspect', one])).stderr).toBe(`anvil-skel: ${one}: not a Skeleton or SkeletonComponent (only 1 byte)\n`);
  });

  it('under a forced wrong --dialect says that the layout does not match', async () => {
    const run = await runCli(['inspect', '--dialect', 'scimitar', RIDER]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `anvil-skel: ${RIDER}: the layout does not match: its header is that of an anvilnext Skeleton, not of scimitar\n`,
    );
  });

  it('sample onto a file is a usage error in words, not a raw ENOTDIR', async () => {
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'x');
    const run = await runCli(['sample', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`anvil-skel: sample: ${file} is a file, not a directory; name a directory to write the corpus into\n`);
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  it('groups numbers the same way in every command', async () => {
    const run = await runCli(['sample', join(dir, 'inv'), '--scale', 'inventory', '--seed', '3']);
    expect(run.stdout).toBe(`wrote 1,805 inventory-scale resources to ${join(dir, 'inv')}\n`);
  }, 60_000);
});

describe('13. pose subcommands take the options the others take', () => {
  it('accepts --reading and --names on build, find and show; refuses a bad --reading', async () => {
    const names = join(dir, 'names.txt');
    writeFileSync(names, 'Hips\n');
    const show = await runCli(['pose', 'show', '--reading', 'poseBoneHeader=id-class', '--names', names, RIDER]);
    expect(show.code).toBe(0);
    const build = await runCli([
      'pose',
      'build',
      '--names',
      names,
      '--reading',
      'poseBoneHeader=id-class',
      RIDER,
      '-o',
      join(dir, 'p.bin'),
    ]);
    expect(build.code).toBe(0);
    const find = await runCli(['pose', 'find', '--names', names, RIDER, join(dir, 'p.bin')]);
    expect(find.code).toBe(0);
    expect((await runCli(['pose', 'find', '--reading', 'nope=1', RIDER, join(dir, 'p.bin')])).code).toBe(2);
  });
});

describe('14. the package', () => {
  it('has a LICENSE matching package.json', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };
    expect(manifest.license).toBe('MIT');
    expect(readFileSync('LICENSE', 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });

  it('decides on every dependency with an install script, so npm ci prints no install-scripts warning', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts).toContain('esbuild');
    for (const name of withScripts) expect(manifest.allowScripts?.[name], name).toBeTypeOf('boolean');
  });
});
