import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerExportCommand } from '../../src/cli/commands/export.js';
import { readNamedSkeleton } from '../../src/node/resource-input.js';
import { FILE_BONES, scimitarSkeletonFile } from './skeleton-file.js';
import { expectedWorldPositions, loadWithThree, maxDistance, validate } from './helpers.js';

let dir: string;
let input: string;
let stdout: string[];
let stderr: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'anvil-export-file-'));
  input = join(dir, 'rider.Skeleton');
  await writeFile(input, scimitarSkeletonFile());
  stdout = [];
  stderr = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0);
  vi.stubEnv('ANVIL_SKEL_NAMES', '');
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function run(...args: string[]): Promise<void> {
  const program = new Command().exitOverride();
  registerExportCommand(program);
  await program.parseAsync(['export', ...args], { from: 'user' });
}

describe('anvil-skel export on a real Skeleton file', () => {
  it.each(['y-up', 'z-up'] as const)('writes a .glb that validates and that three.js shows at the stored pose (%s)', async (axes) => {
    const out = join(dir, `rider-${axes}.glb`);
    await run(input, '-o', out, '--axes', axes);
    expect(process.exitCode).toBe(0);
    const glb = new Uint8Array(await readFile(out));
    expect(stdout).toEqual([`wrote ${out}: ${FILE_BONES.length} bones, ${glb.byteLength.toLocaleString('en-US')} bytes\n`]);
    expect((await validate(glb)).problems).toEqual([]);
    const { skeleton } = await readNamedSkeleton(input, {}, {}, 'test');
    const rig = await loadWithThree(glb);
    expect(rig.bones).toHaveLength(FILE_BONES.length);
    expect(maxDistance(rig.worldPositions, expectedWorldPositions(skeleton, 'bind', axes))).toBeLessThan(1e-4);
  });

  it('refuses a damaged file with exit 1 and writes nothing', async () => {
    const bytes = scimitarSkeletonFile();
    await writeFile(input, bytes.subarray(0, bytes.length - 3));
    await run(input, '-o', join(dir, 'out.glb'));
    expect(process.exitCode).toBe(1);
    expect(stderr.join('')).toMatch(/^.*rider\.Skeleton: offset /);
    expect(await readdir(dir)).toEqual(['rider.Skeleton']);
  });
});
