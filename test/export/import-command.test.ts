/**
 * `anvil-skel import` as a user runs it: export, edit in glTF space (with glTF-Transform, as another
 * program would), import, validate. Expected bytes are the sample's own; the edit's engine-space
 * vector is worked out by hand from the documented axis rule.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleCorpus } from '../../src/samples.js';
import { runCli } from '../helpers/cli.js';

const RIDER = sampleCorpus().find((file) => file.path.endsWith('MAD_CHR_Skel_U.Skeleton'))!.bytes;
const SKATER = sampleCorpus().find((file) => file.path.endsWith('SWS_Skater.Skeleton'))!.bytes;
const LEFT_FORE_ARM = '0x89B93A80';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'anvil-import-'));
  await writeFile(join(dir, 'rider.Skeleton'), RIDER);
  await writeFile(join(dir, 'skater.Skeleton'), SKATER);
  vi.stubEnv('ANVIL_SKEL_NAMES', '');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

const at = (name: string) => join(dir, name);

/** Exports the rider to rider.glb, then moves LeftForeArm's node by `move` (glTF space) or scales it. */
async function editedRider(edit: { move?: [number, number, number]; scale?: [number, number, number] }): Promise<string> {
  expect((await runCli(['export', at('rider.Skeleton'), '-o', at('rider.glb')])).code).toBe(0);
  const io = new WebIO();
  const doc = await io.readBinary(new Uint8Array(await readFile(at('rider.glb'))));
  const node = doc
    .getRoot()
    .listNodes()
    .find((n) => (n.getExtras() as { nameHash?: string }).nameHash === LEFT_FORE_ARM)!;
  if (edit.move) {
    const t = node.getTranslation();
    node.setTranslation([t[0] + edit.move[0], t[1] + edit.move[1], t[2] + edit.move[2]]);
  }
  if (edit.scale) node.setScale(edit.scale);
  await writeFile(at('edited.glb'), await io.writeBinary(doc));
  return at('edited.glb');
}

describe('anvil-skel import', () => {
  it('export, then import with no edit: the original bytes (.gltf with a separate .bin, both layouts)', async () => {
    for (const [name, bytes] of [
      ['rider', RIDER],
      ['skater', SKATER],
    ] as const) {
      expect((await runCli(['export', at(`${name}.Skeleton`), '-o', at(`${name}.gltf`), '--separate', '--axes', 'z-up'])).code).toBe(0);
      const run = await runCli(['import', at(`${name}.Skeleton`), at(`${name}.gltf`), '-o', at(`${name}-back.Skeleton`)]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('no bone moved; identical to the original (axes z-up)');
      expect(Buffer.from(await readFile(at(`${name}-back.Skeleton`))).equals(Buffer.from(bytes))).toBe(true);
      // Run again onto the same output: an earlier output is replaced (it is no input).
      const again = await runCli(['import', at(`${name}.Skeleton`), at(`${name}.gltf`), '-o', at(`${name}-back.Skeleton`)]);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
    }
  });

  it('an edit in glTF space: the JSON report in engine axes, and validate holds on the written file', async () => {
    const edited = await editedRider({ move: [0.1, 0.2, -0.05] });
    const run = await runCli(['import', '--json', at('rider.Skeleton'), edited, '-o', at('out.Skeleton')]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      axes: string;
      identical: boolean;
      changes: { index: number; name: string; translation: number[]; rotationDegrees: number }[];
      globalsRecomputed: number[];
    };
    expect(report.axes).toBe('y-up');
    expect(report.identical).toBe(false);
    // glTF (a, b, c) is engine (a, −c, b) under y-up: (0.1, 0.2, −0.05) → (0.1, 0.05, 0.2).
    expect(report.changes.map((c) => [c.index, c.name])).toEqual([[9, 'LeftForeArm']]);
    report.changes[0]!.translation.forEach((d, k) => expect(d).toBeCloseTo([0.1, 0.05, 0.2][k]!, 6));
    expect(report.changes[0]!.rotationDegrees).toBe(0);
    // Below LeftForeArm (bone 9): LeftHand and its four finger bones (the sample's table).
    expect(report.globalsRecomputed).toEqual([10, 11, 12, 13, 14]);
    const validate = await runCli(['validate', '--roundtrip', '--strict', at('out.Skeleton')]);
    expect(validate.code).toBe(0);
  });

  it('a refusal names the node, exits 1, and writes nothing', async () => {
    const edited = await editedRider({ scale: [2, 2, 2] });
    const run = await runCli(['import', '--json', at('rider.Skeleton'), edited, '-o', at('out.Skeleton')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("node 'LeftForeArm'");
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { kind: 'refused', reason: 'scale' } });
    expect(existsSync(at('out.Skeleton'))).toBe(false);
  });

  it('never writes over an input, and a missing buffer is named', async () => {
    const edited = await editedRider({});
    const over = await runCli(['import', at('rider.Skeleton'), edited, '-o', at('rider.Skeleton')]);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('is the input file');
    expect(Buffer.from(await readFile(at('rider.Skeleton'))).equals(Buffer.from(RIDER))).toBe(true);
    expect((await runCli(['import', at('rider.Skeleton'), edited, '-o', edited])).code).toBe(2);

    expect((await runCli(['export', at('rider.Skeleton'), '-o', at('sep.gltf'), '--separate'])).code).toBe(0);
    await rm(at('sep.bin'));
    const missing = await runCli(['import', at('rider.Skeleton'), at('sep.gltf'), '-o', at('out.Skeleton')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("the resource 'sep.bin'");
  });

  it('usage errors: no -o, unknown axes, a missing glTF', async () => {
    const edited = await editedRider({});
    expect((await runCli(['import', at('rider.Skeleton'), edited])).stderr).toContain('missing -o');
    const axes = await runCli(['import', '--axes', 'x-up', at('rider.Skeleton'), edited, '-o', at('o.Skeleton')]);
    expect([axes.code, axes.stderr.includes("--axes must be y-up or z-up, not 'x-up'")]).toEqual([2, true]);
    const none = await runCli(['import', at('rider.Skeleton'), at('nothing.glb'), '-o', at('o.Skeleton')]);
    expect([none.code, none.stderr.includes('no such file')]).toEqual([2, true]);
  });

  it('--help has examples and the exit status', async () => {
    let help = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      help += String(chunk);
      return true;
    });
    try {
      const { main } = await import('../../src/cli/main.js');
      expect(await main(['import', '--help'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(help).toContain('Examples:');
    expect(help).toContain('Exit status:');
  });
});
