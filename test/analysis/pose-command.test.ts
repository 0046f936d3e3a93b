import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodePoseArray } from '../../src/analysis/pose-array.js';
import { UsageError } from '../../src/cli/errors.js';
import { OutputRefusedError, UnsafeOutputError } from '../../src/node/output-file.js';
import { buildProgram } from '../../src/cli/main.js';
import type { ResourceReadChoices } from '../../src/node/resource-input.js';
import { dumpWith, makeSkeleton, rotZ, transform } from './fixtures.js';

const OWN = transform([0, 0, 0.964], rotZ(90));
const SKELETON = makeSkeleton(
  [
    { parent: -1, local: transform([0, 0, 0], rotZ(-90)) },
    { parent: 0, local: transform([0.1, 0.2, 0.3], rotZ(30)) },
    { parent: 1, local: transform([0.4, 0, 0]) },
  ],
  { ownTransform: OWN },
);

const loads: ResourceReadChoices[] = [];
vi.mock('../../src/node/resource-input.js', async (original) => ({
  ...(await original<object>()),
  readNamedSkeleton: async (path: string, _address: unknown, options: ResourceReadChoices) => {
    loads.push(options);
    return { skeleton: SKELETON, label: path };
  },
}));

let dir: string;
let out: string[];
let err: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'anvil-pose-'));
  await writeFile(join(dir, 'rider.skeleton'), 'stub');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  out = [];
  err = [];
  loads.length = 0;
  process.exitCode = undefined;
});

/** Runs `anvil-skel pose …` as main does: exit code, stdout and stderr. */
async function cli(...args: string[]): Promise<number> {
  const program = buildProgram();
  program.configureOutput({ writeOut: (s) => out.push(s), writeErr: (s) => err.push(s) });
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    await program.parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    // main maps the output rule's refusals to usage errors (cli/library-errors.ts).
    if (error instanceof UsageError || error instanceof OutputRefusedError || error instanceof UnsafeOutputError) return 2;
    err.push(String(error));
    return 1;
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = undefined;
  }
}

describe('pose build', () => {
  it('writes the pose array atomically', async () => {
    const target = join(dir, 'pose.bin');
    expect(await cli('pose', 'build', join(dir, 'rider.skeleton'), '-o', target, '--dialect', 'anvilnext')).toBe(0);
    expect(new Uint8Array(await readFile(target))).toEqual(encodePoseArray(SKELETON));
    expect(loads).toMatchObject([{ dialect: 'anvilnext', maxSize: 256 * 1024 * 1024 }]);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses to overwrite the input, and an unknown dialect, with exit 2', async () => {
    const input = join(dir, 'rider.skeleton');
    expect(await cli('pose', 'build', input, '-o', input)).toBe(2);
    expect(await readFile(input, 'utf8')).toBe('stub');
    expect(await cli('pose', 'build', input, '-o', join(dir, 'x.bin'), '--dialect', 'frostbite')).toBe(2);
  });
});

describe('pose find', () => {
  it('prints the JSON result, streaming in chunks', async () => {
    const dump = join(dir, 'found.dump');
    await writeFile(dump, dumpWith(encodePoseArray(SKELETON), 3 * 1024 * 1024 - 60, 4 * 1024 * 1024));
    expect(await cli('pose', 'find', join(dir, 'rider.skeleton'), dump, '--json', '--chunk-mib', '1')).toBe(0);
    expect(JSON.parse(out.join(''))).toEqual({ offset: 3 * 1024 * 1024 - 60, root: 'replace', bones: 3, matched: 3, maxError: 0 });
    expect(await cli('pose', 'find', join(dir, 'rider.skeleton'), dump)).toBe(0);
    expect(out.join('')).toMatch(/offset 0x2FFFC4 \(3145668\): 3 bones, 3 matched, root replace \(bone 0 \((?:0x[0-9A-F]{8}|\w+)\)\)/);
  });

  it('exits 1 with a message when the array is not there', async () => {
    const dump = join(dir, 'empty.dump');
    await writeFile(dump, dumpWith(new Uint8Array(0), 0, 100_000));
    expect(await cli('pose', 'find', join(dir, 'rider.skeleton'), dump, '--json')).toBe(1);
    // JSON mode still prints one object: the error, as the exit status says.
    expect(JSON.parse(out.join(''))).toEqual({
      error: { kind: 'failed', message: expect.stringMatching(/^no runtime pose array of the 3-bone skeleton /) },
    });
    expect(err.join('')).toMatch(/no runtime pose array of the 3-bone skeleton/);
  });
});

describe('pose show', () => {
  it('prints the runtime local and world pose as JSON', async () => {
    expect(await cli('pose', 'show', join(dir, 'rider.skeleton'), '--json')).toBe(0);
    const shown = JSON.parse(out.join('')) as { bones: { bone: number; local: { position: number[] }; world: { position: number[] } }[] };
    expect(shown.bones).toHaveLength(3);
    expect(shown.bones[0]!.local.position[2]).toBeCloseTo(0.964, 9);
    expect(shown.bones[0]!.world.position[2]).toBeCloseTo(0.964, 9);
  });

  it('prints a table', async () => {
    expect(await cli('pose', 'show', join(dir, 'rider.skeleton'))).toBe(0);
    const text = out.join('');
    expect(text).toMatch(/own transform p\( 0\.0000, 0\.0000, 0\.9640\) q\( 0\.0000, 0\.0000, 0\.7071, 0\.7071\) replaces the root local/);
    expect(text.trim().split('\n')).toHaveLength(5);
  });
});
