import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/names/crc32.js';
import { sampleSkeletons } from '../../src/samples/corpus.js';
import { runCli } from '../helpers/cli.js';

const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';
const SKATER = 'samples/scimitar/SWS_Skater.Skeleton';

describe('inspect --json', () => {
  it('gives the contract fields for an anvilnext rider', async () => {
    const run = await runCli(['inspect', '--json', RIDER]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    const model = sampleSkeletons()[RIDER.replace('samples/', '')]!;
    expect(json.kind).toBe('Skeleton');
    expect(json.dialect).toBe('anvilnext');
    expect(json.size).toBe(readFileSync(RIDER).length);
    expect(json.id).toBe('0x3A1F000000010000');
    expect(json.skeletonType).toBe(1);
    expect(json.boneCount).toBe(model.bones.length);
    expect(json.ownTransform.position).toEqual([0, 0, Math.fround(0.964), 0]);
    const hips = json.bones.find((b: { name: string }) => b.name === 'Hips');
    expect(hips.nameHash).toBe(`0x${crc32('Hips').toString(16).toUpperCase().padStart(8, '0')}`);
    expect(hips.parent).toBe(0);
    expect(json.bones[0].parent).toBe(-1);
    const left = json.bones.findIndex((b: { name: string }) => b.name === 'LeftHand');
    const right = json.bones.findIndex((b: { name: string }) => b.name === 'RightHand');
    expect(json.bones[left].mirror).toBe(right);
    expect(json.bones[0].descendants).toBe(model.bones.length - 1);
    expect(json.bones[0].id).toMatch(/^0x[0-9A-F]{16}$/);
    for (const [i, b] of json.bones.entries()) {
      expect(b.localPosition).toEqual(model.bones[i]!.local.position.map((v) => Math.fround(v) + 0)); // JSON has no −0
      expect(b.globalRotation).toEqual(model.bones[i]!.global.rotation.map((v) => Math.fround(v) + 0));
    }
  });

  it('gives scimitar mirrors from the mirror pairs and 8-digit ids', async () => {
    const json = JSON.parse((await runCli(['inspect', '--json', SKATER])).stdout);
    expect(json.dialect).toBe('scimitar');
    expect(json.ownTransform).toBeNull();
    expect(json.skeletonType).toBeNull();
    expect(json.id).toMatch(/^0x[0-9A-F]{8}$/);
    const names = json.bones.map((b: { name: string }) => b.name);
    expect(json.bones[names.indexOf('LeftFoot')].mirror).toBe(names.indexOf('RightFoot'));
    expect(json.bones[names.indexOf('Hips')].mirror).toBeNull();
  });

  it('gives a component its main id, addon ids, track count and body size', async () => {
    const json = JSON.parse((await runCli(['inspect', '--json', 'samples/anvilnext/MAD_CHR_Rider.SkeletonComponent'])).stdout);
    expect(json.kind).toBe('SkeletonComponent');
    expect(json.mainSkeleton).toBe('0x3A1F000000010000');
    expect(json.addons).toHaveLength(5);
    expect(json.trackCount).toBe(2);
    expect(json.bodySize).toBe(56 + 50 + 40);
    expect(json.lengthRule.holds).toBe(true);
  });

  it('prints a bone table with names', async () => {
    const run = await runCli(['inspect', RIDER]);
    expect(run.stdout).toContain('Skeleton (anvilnext)');
    expect(run.stdout).toMatch(/LeftForeArm\s+0x/);
  });
});

describe('validate', () => {
  function corpusWithBadFiles(): { dir: string; truncated: string; flipped: string } {
    const dir = mkdtempSync(join(tmpdir(), 'anvil-validate-'));
    mkdirSync(join(dir, 'nested'));
    const rider = readFileSync(RIDER);
    writeFileSync(join(dir, 'good.bin'), rider);
    const truncated = join(dir, 'nested', 'truncated.bin');
    writeFileSync(truncated, rider.subarray(0, 200));
    const flipped = join(dir, 'flipped.bin');
    const bad = Buffer.from(rider);
    bad[12 + 1 + 4 + 4 + 9] ^= 0x40; // first bone's class hash
    writeFileSync(flipped, bad);
    writeFileSync(join(dir, 'notes.txt'), 'not a resource');
    return { dir, truncated, flipped };
  }

  it('passes the bundled samples with --roundtrip', async () => {
    const run = await runCli(['validate', '--roundtrip', 'samples']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/10 valid \(8 Skeletons, 2 SkeletonComponents, re-encoded byte for byte\), 0 failed/);
  });

  it('reports every bad file with offset and path, keeps going, and exits 1', async () => {
    const { dir, truncated, flipped } = corpusWithBadFiles();
    const run = await runCli(['validate', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${truncated}: offset 0x11 (17): bones: expected a count the remaining 179 bytes can hold`);
    expect(run.stderr).toContain(`${flipped}: offset 0x1E (30): bones[0].classHash: expected 0x95741049 (Bone), got`);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.stdout).toContain('4 files: 1 valid');
    expect(run.stdout).toContain('2 failed, 1 skipped');
  });

  it('lists every file in the JSON report', async () => {
    const { dir } = corpusWithBadFiles();
    const run = await runCli(['validate', '--json', dir]);
    const json = JSON.parse(run.stdout);
    expect(json.summary).toMatchObject({ files: 4, valid: 1, refused: 2, skipped: 1 });
    const refused = json.files.filter((f: { status: string }) => f.status === 'refused');
    expect(
      refused.every((f: { error: { offset: number; path: string } }) => typeof f.error.offset === 'number' && f.error.path.length > 0),
    ).toBe(true);
  });

  it('exits 2 on a usage error', async () => {
    expect((await runCli(['validate', '/no/such/path'])).code).toBe(2);
    expect((await runCli(['validate', '--dialect', 'other', 'samples'])).code).toBe(2);
    expect((await runCli(['validate', '--reading', 'poseBoneHeader=nope', 'samples'])).code).toBe(2);
    expect((await runCli(['no-such-command'])).code).toBe(2);
    const missing = await runCli(['inspect', '/no/such/file.Skeleton']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('anvil-skel: no such file: /no/such/file.Skeleton\n');
  });

  it('honours --dialect: a scimitar file named explicitly and read as anvilnext fails, saying the layout does not match', async () => {
    const run = await runCli(['validate', '--dialect', 'anvilnext', '--json', SKATER]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.summary).toMatchObject({ files: 1, notResources: 1, skipped: 0, failed: 1 });
    expect(report.files[0].reason).toBe('the layout does not match: its header is that of a scimitar Skeleton, not of anvilnext');
  });
});
