import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerExportCommand } from '../../src/cli/commands/export.js';
import { UsageError } from '../../src/cli/errors.js';
import { OutputRefusedError, UnsafeOutputError } from '../../src/node/output-file.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { readNamedSkeleton } from '../../src/node/resource-input.js';
import { crc32 } from '../../src/names/crc32.js';
import { humanoid } from './fixtures.js';
import { loadWithThree, validate } from './helpers.js';

// The loader is replaced by model skeletons here, to reach every branch of the command; the run
// on a real Skeleton file is in export-command-file.test.ts.
vi.mock('../../src/node/resource-input.js', async (original) => ({
  ...(await original<object>()),
  readNamedSkeleton: vi.fn(),
}));
const load = vi.mocked(readNamedSkeleton);
const loaded = (skeleton: Skeleton) => async (path: string) => ({ skeleton, label: path });

let dir: string;
let input: string;
let stdout: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'anvil-export-'));
  input = join(dir, 'skeleton.bin.skel');
  await writeFile(input, 'stand-in resource');
  load.mockReset();
  load.mockImplementation(loaded(humanoid()));
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
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

describe('anvil-skel export', () => {
  it('writes a valid .glb and prints one line', async () => {
    const out = join(dir, 'out.glb');
    await run(input, '-o', out);
    const glb = new Uint8Array(await readFile(out));
    expect((await validate(glb)).problems).toEqual([]);
    expect((await loadWithThree(glb)).bones).toHaveLength(humanoid().bones.length);
    expect(stdout).toEqual([`wrote ${out}: 22 bones, ${glb.byteLength.toLocaleString('en-US')} bytes\n`]);
    expect(glb.byteLength).toBeGreaterThan(1000);
    expect(stdout[0]).toMatch(/, \d{1,3}(,\d{3})+ bytes\n$/);
    expect(process.exitCode).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['out.glb', 'skeleton.bin.skel']);
  });

  it('uses the library defaults (bind, y-up, mesh) and honours the options', async () => {
    const plain = join(dir, 'plain.glb');
    await run(input, '-o', plain);
    const scene = (await new WebIO().readBinary(new Uint8Array(await readFile(plain)))).getRoot().getDefaultScene()!;
    expect(scene.getExtras()).toMatchObject({ pose: 'bind', axes: 'y-up' });
    expect(load).toHaveBeenCalledWith(input, expect.anything(), expect.objectContaining({ dialect: undefined }), 'export');

    const custom = join(dir, 'custom.glb');
    await run(input, '-o', custom, '--pose', 'runtime', '--axes', 'z-up', '--no-mesh', '--dialect', 'scimitar');
    const doc = await new WebIO().readBinary(new Uint8Array(await readFile(custom)));
    expect(doc.getRoot().getDefaultScene()!.getExtras()).toMatchObject({ pose: 'runtime', axes: 'z-up' });
    expect(doc.getRoot().listMeshes()).toHaveLength(0);
    expect(load).toHaveBeenLastCalledWith(input, expect.anything(), expect.objectContaining({ dialect: 'scimitar' }), 'export');
  });

  it('.gltf embeds the buffer; --separate writes a .bin beside it', async () => {
    const embedded = join(dir, 'embedded.gltf');
    await run(input, '-o', embedded);
    expect((await validate(await readFile(embedded, 'utf8'))).problems).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['embedded.gltf', 'skeleton.bin.skel']);

    const separate = join(dir, 'rig one.gltf');
    await run(input, '-o', separate, '--separate');
    const json = await readFile(separate, 'utf8');
    const bin = new Uint8Array(await readFile(join(dir, 'rig one.bin')));
    expect(JSON.parse(json).buffers[0].uri).toBe('rig%20one.bin');
    expect((await validate(json, { 'rig one.bin': bin })).problems).toEqual([]);
    expect(stdout[1]).toMatch(/^wrote .*rig one\.gltf: 22 bones, [\d,]+ bytes \(\+ .*rig one\.bin, [\d,]+ bytes\)\n$/);
  });

  it('names bones from --names files', async () => {
    const names = join(dir, 'names.txt');
    await writeFile(names, '# rig\nPelvis\n');
    const skeleton = humanoid();
    skeleton.bones[0]!.nameHash = crc32('Pelvis');
    load.mockImplementation(loaded(skeleton));
    const out = join(dir, 'named.glb');
    await run(input, '-o', out, '--names', names);
    const doc = await new WebIO().readBinary(new Uint8Array(await readFile(out)));
    expect(doc.getRoot().listNodes()[0]!.getName()).toBe('Pelvis');
  });

  it.each([
    [['-o', 'x.glb', '--pose', 'rest'], /--pose must be bind or runtime/],
    [['-o', 'x.glb', '--axes', 'x-up'], /--axes must be y-up or z-up/],
    [[], /missing -o/],
    [['-o', 'x.fbx'], /\.glb or \.gltf/],
    [['-o', 'x.glb', '--separate'], /--separate applies to \.gltf/],
  ])('usage error: %j', async (args, message) => {
    const error = await run(input, ...args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
    expect(load).not.toHaveBeenCalled();
  });

  it('an unknown --dialect is a usage error naming the registered layouts (the shared resource option)', async () => {
    const error = await run(input, '-o', 'x.glb', '--dialect', 'frostbite').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/"frostbite".*|.*anvilnext\/unity.*/);
    expect((error as Error).message).toContain('scimitar/ac1');
  });

  it('never overwrites the input', async () => {
    const gltfInput = join(dir, 'model.gltf');
    await writeFile(gltfInput, 'original');
    // The output rule's refusals (the node entry's), which main turns into exit 2.
    const error = await run(gltfInput, '-o', gltfInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeOutputError);
    const binInput = join(dir, 'model.bin');
    await writeFile(binInput, 'original bin');
    expect(await run(binInput, '-o', gltfInput, '--separate').catch((e: unknown) => e)).toBeInstanceOf(OutputRefusedError);
    expect(await readFile(gltfInput, 'utf8')).toBe('original');
    expect(await readFile(binInput, 'utf8')).toBe('original bin');
  });

  it('writes nothing when loading or writing fails', async () => {
    load.mockImplementation(async () => {
      throw new Error('bad resource');
    });
    await expect(run(input, '-o', join(dir, 'never.glb'))).rejects.toThrow('bad resource');
    load.mockImplementation(loaded(humanoid()));
    // A folder that cannot be created (a file is in its place) is a usage error, before anything is written.
    await writeFile(join(dir, 'a-file'), 'x');
    await expect(run(input, '-o', join(dir, 'a-file', 'x.glb'))).rejects.toThrow(
      /a-file is a file, so the folder of the output cannot be created/,
    );
    expect((await readdir(dir)).sort()).toEqual(['a-file', 'skeleton.bin.skel']);
  });

  it('creates the missing folders of the output, as every command does', async () => {
    await run(input, '-o', join(dir, 'missing', 'deeper', 'x.glb'));
    expect((await validate(new Uint8Array(await readFile(join(dir, 'missing', 'deeper', 'x.glb'))))).problems).toEqual([]);
  });

  it('replaces an earlier output whole; a file of another kind only with --force', async () => {
    const out = join(dir, 'out.glb');
    await run(input, '-o', out, '--pose', 'runtime');
    const first = await readFile(out);
    await run(input, '-o', out);
    const second = new Uint8Array(await readFile(out));
    expect(Buffer.from(second).equals(first)).toBe(false);
    expect((await validate(second)).problems).toEqual([]);

    await writeFile(out, 'old');
    await expect(run(input, '-o', out)).rejects.toThrow(`export: -o '${out}' exists and is text, not a glTF or GLB`);
    expect(await readFile(out, 'utf8')).toBe('old');
    await run(input, '-o', out, '--force');
    expect((await validate(new Uint8Array(await readFile(out)))).problems).toEqual([]);
  });
});
