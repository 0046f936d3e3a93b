/**
 * `assemble` on a temporary copy of the bundled samples. The expected rig is worked out from the
 * rig descriptions in src/samples/rigs.ts by the rule: the rider's 31 bones (Reference, the six
 * upper-chain bones, 2 × 8 arm bones, 2 × 4 leg bones), then each addon's bones whose names the
 * rig does not hold yet, in the component's order (Head, UpperBody, LowerBody, Outfit, Hair).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readResourceHeader } from '../../src/cli/input-file.js';
import { readResource, writeResource } from '../../src/formats/resource.js';
import { runCli } from '../helpers/cli.js';
import { validate } from '../export/helpers.js';

const HEAD = '0x3A1F000000100000';
const UPPER = '0x3A1F000000110000';
const LOWER = '0x3A1F000000120000';
const OUTFIT = '0x3A1F000000130000';
const HAIR = '0x3A1F000000140000';

const MAIN_NAMES = [
  'Reference',
  'Hips',
  'Spine',
  'Spine1',
  'Spine2',
  'Neck',
  'Head',
  ...['Left', 'Right'].flatMap((s) =>
    ['Shoulder', 'Arm', 'ForeArm', 'Hand', 'HandThumb1', 'HandThumb2', 'HandIndex1', 'HandIndex2'].map((p) => s + p),
  ),
  ...['Left', 'Right'].flatMap((s) => ['UpLeg', 'Leg', 'Foot', 'ToeBase'].map((p) => s + p)),
];

/** [name, parent name, source] of each appended bone, in order. */
const ADDED: [string, string, string][] = [
  ['Jaw', 'Head', HEAD],
  ['LeftEye', 'Head', HEAD],
  ['LeftEyelid', 'Head', HEAD],
  ['LeftBrow', 'Head', HEAD],
  ['RightEye', 'Head', HEAD],
  ['RightEyelid', 'Head', HEAD],
  ['RightBrow', 'Head', HEAD],
  ['LeftArmRoll', 'LeftArm', UPPER],
  ['LeftForeArmRoll', 'LeftArm', UPPER],
  ['RightArmRoll', 'RightArm', UPPER],
  ['RightForeArmRoll', 'RightArm', UPPER],
  ['LeftUpLegRoll', 'LeftUpLeg', LOWER],
  ['LeftLegRoll', 'LeftUpLeg', LOWER],
  ['RightUpLegRoll', 'RightUpLeg', LOWER],
  ['RightLegRoll', 'RightUpLeg', LOWER],
  ['Backpack', 'Spine2', OUTFIT],
  ['Backpack_Strap_L', 'Backpack', OUTFIT],
  ['Backpack_Strap_R', 'Backpack', OUTFIT],
  ['Prop_Back', 'Spine2', OUTFIT],
  ['Hair_Root', 'Head', HAIR],
  ['Hair_Ponytail1', 'Hair_Root', HAIR],
  ['Hair_Ponytail2', 'Hair_Ponytail1', HAIR],
  ['Hair_Ponytail3', 'Hair_Ponytail2', HAIR],
];

interface Report {
  boneCount: number;
  bones: { index: number; nameHash: string; name: string | null; parent: number; source: string }[];
  joined: number;
  added: number;
  addons: { id: string; joined: number; added: number }[];
  missing: string[];
  conflicts: { bone: number; name: string | null; addon: string; kind: string; error: number | null }[];
}

let dir: string;
let component: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'anvil-assemble-'));
  cpSync('samples', join(dir, 'samples'), { recursive: true });
  component = join(dir, 'samples/anvilnext/MAD_CHR_Rider.SkeletonComponent');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function assembled(args: string[] = []): Promise<{ code: number; report: Report; stderr: string }> {
  const run = await runCli(['assemble', component, '--json', '--names', join(dir, 'samples/names.txt'), ...args]);
  return { code: run.code, report: JSON.parse(run.stdout) as Report, stderr: run.stderr };
}

describe('assemble on the bundled rider', () => {
  it('gives the main bones, then each addon’s new bones under the bone of its parent’s name', async () => {
    const { code, report } = await assembled();
    expect(code).toBe(0);
    expect(report.boneCount).toBe(31 + 23);
    expect(report.bones.slice(0, 31).map((b) => [b.name, b.source])).toEqual(MAIN_NAMES.map((n) => [n, 'main']));
    expect(report.bones.slice(31).map((b) => [b.name, report.bones[b.parent]!.name, b.source])).toEqual(ADDED);
    expect(new Set(report.bones.map((b) => b.name)).size).toBe(54);
    // Joined: each addon's repeated chain (Reference up to its attach bone), plus the limbs UpperBody and LowerBody repeat.
    expect(report.addons.map((a) => [a.joined, a.added])).toEqual([
      [7, 7],
      [5 + 4, 4],
      [2 + 2, 4],
      [5, 4],
      [7, 4],
    ]);
    expect([report.joined, report.added, report.missing, report.conflicts]).toEqual([32, 23, [], []]);
  });

  it('prints a summary per addon', async () => {
    const run = await runCli(['assemble', component]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`addon ${HEAD} `);
    expect(run.stdout).toMatch(/MAD_CHR_SkelAddon_Head\.Skeleton: 7 joined, 7 added/);
    expect(run.stdout).toContain('54 bones: 31 main, 23 added; 32 joined; 0 conflicts; 0 missing');
  });

  it('reports a removed addon as missing, exit 1 unless --allow-missing', async () => {
    rmSync(join(dir, 'samples/anvilnext/addons/MAD_CHR_SkelAddon_Outfit.Skeleton'));
    const { code, report } = await assembled();
    expect(code).toBe(1);
    expect(report.missing).toEqual([OUTFIT]);
    expect(report.boneCount).toBe(54 - 4);
    expect(report.bones.map((b) => b.name)).not.toContain('Backpack');
    expect((await assembled(['--allow-missing'])).code).toBe(0);
    const text = await runCli(['assemble', component]);
    expect(text.stdout).toContain(`missing: addon ${OUTFIT}`);
  });

  it('reports a planted transform disagreement at the joined bone', async () => {
    const path = join(dir, 'samples/anvilnext/addons/MAD_CHR_SkelAddon_Head.Skeleton');
    const resource = readResource(new Uint8Array(readFileSync(path)))!.resource;
    if (resource.kind !== 'Skeleton' || resource.dialect !== 'anvilnext') throw new Error('not an anvilnext Skeleton');
    // Bone 5 of the Head addon is Neck (Reference, Hips, Spine, Spine1, Spine2, Neck); move it 0.01 up.
    resource.record.bones[5]!.localPosition[2] += 0.01;
    writeFileSync(path, writeResource(resource));
    const { code, report } = await assembled();
    expect(code).toBe(0);
    expect(report.conflicts).toHaveLength(1);
    const conflict = report.conflicts[0]!;
    // The rig's Neck is bone 5 too (the main skeleton's order).
    expect([conflict.bone, conflict.name, conflict.addon, conflict.kind]).toEqual([5, 'Neck', HEAD, 'transform']);
    expect(conflict.error).toBeCloseTo(0.01, 5);
  });

  it('finds the Skeletons through --search when the component lies elsewhere', async () => {
    const alone = join(dir, 'alone');
    cpSync(component, join(alone, 'rider.SkeletonComponent'));
    component = join(alone, 'rider.SkeletonComponent');
    const without = await assembled();
    expect(without.code).toBe(1);
    expect(without.report.boneCount).toBe(0);
    expect(without.report.missing).toHaveLength(6);
    // Without its main skeleton there is no rig: a failure even with --allow-missing.
    expect((await assembled(['--allow-missing'])).code).toBe(1);
    const found = await assembled(['--search', join(dir, 'samples')]);
    expect([found.code, found.report.boneCount]).toEqual([0, 54]);
  });

  it('exports the rig to a .glb the Khronos validator accepts, each node naming its source', async () => {
    const out = join(dir, 'rider.glb');
    const run = await runCli(['assemble', component, '-o', out, '--names', join(dir, 'samples/names.txt')]);
    expect(run.code).toBe(0);
    const glb = new Uint8Array(readFileSync(out));
    const summary = await validate(glb);
    expect(summary.problems).toEqual([]);
    expect(summary.errors).toBe(0);
    // GLB: 12-byte header, then the JSON chunk (u32 length, u32 type, the text).
    const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as {
      nodes: { name: string; extras?: { source?: string } }[];
      skins: { joints: number[] }[];
    };
    expect(json.skins[0]!.joints).toHaveLength(54);
    const bones = json.nodes.slice(0, 54);
    expect(bones.slice(0, 31).every((n) => n.extras?.source === 'main')).toBe(true);
    expect(bones.slice(31).map((n) => [n.name, n.extras?.source])).toEqual(ADDED.map(([name, , source]) => [name, source]));
  });

  it('writes the JSON report with -o FILE.json', async () => {
    const out = join(dir, 'rider.json');
    expect((await runCli(['assemble', component, '-o', out])).code).toBe(0);
    expect((JSON.parse(readFileSync(out, 'utf8')) as Report).boneCount).toBe(54);
  });

  it('refuses an unknown output type, an output inside the searched folder, and a file that is no component', async () => {
    expect((await runCli(['assemble', component, '-o', join(dir, 'rig.txt')])).code).toBe(2);
    expect((await runCli(['assemble', component, '-o', join(dir, 'samples/anvilnext/addons/rig.glb')])).code).toBe(2);
    const skeleton = await runCli(['assemble', join(dir, 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton')]);
    expect(skeleton.code).toBe(1);
    expect(skeleton.stderr).toContain('not a SkeletonComponent');
    expect(skeleton.stderr).not.toMatch(/\n\s+at /);
  });

  it('indexes the search paths by header: a Skeleton no component names is never read whole', async () => {
    // An anvilnext Skeleton header (u64 id, class 0x24AECB7C at 8) on 6,000 bytes of garbage, over the
    // 5,000-byte limit: reading it whole would be a refusal, and decoding it too.
    const decoy = new Uint8Array(6000).fill(0xee);
    decoy.set([1, 0, 0, 0, 0, 0, 0, 0, 0x7c, 0xcb, 0xae, 0x24]);
    writeFileSync(join(dir, 'samples/anvilnext/decoy.Skeleton'), decoy);
    const { code, report, stderr } = await assembled(['--max-size', '5000']);
    expect([code, report.boneCount, stderr]).toEqual([0, 54, '']);
  });

  it('assembles every component of a folder, with a summary', async () => {
    const run = await runCli(['assemble', join(dir, 'samples/anvilnext')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 components: 2 assembled, 2 without conflict, 2 with every Skeleton found');
  });
});

describe('readResourceHeader', () => {
  it('reads the class and the id at each layout’s offset from the first bytes', () => {
    const anvilnext = join(dir, 'a.bin');
    // u64 id 0x1122334455667788 little-endian, then the Skeleton class 0x24AECB7C.
    writeFileSync(anvilnext, Uint8Array.from([0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x7c, 0xcb, 0xae, 0x24, 0, 0, 0, 0]));
    // Wildlands and Breakpoint store the header as the main title does: all three fit, with the same id.
    expect(readResourceHeader(anvilnext)).toEqual({
      kind: 'resource',
      candidates: ['anvilnext', 'anvilnext/wildlands', 'anvilnext/breakpoint'].map((dialect) => ({
        header: { kind: 'Skeleton', dialect },
        id: 0x1122334455667788n,
      })),
    });
    const unity = join(dir, 'u.bin');
    // Unity: u8 1, then u64 id 0x0102030405060708, then the class at 9.
    writeFileSync(unity, Uint8Array.from([1, 8, 7, 6, 5, 4, 3, 2, 1, 0x7c, 0xcb, 0xae, 0x24, 0, 0, 0]));
    expect(readResourceHeader(unity)).toEqual({
      kind: 'resource',
      candidates: [{ header: { kind: 'Skeleton', dialect: 'anvilnext/unity' }, id: 0x0102030405060708n }],
    });
    const ac1 = join(dir, 'ac1.bin');
    // AC1: u32 id 0x00C0FFEE, then the class at 4.
    writeFileSync(ac1, Uint8Array.from([0xee, 0xff, 0xc0, 0x00, 0x7c, 0xcb, 0xae, 0x24, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(readResourceHeader(ac1)).toEqual({
      kind: 'resource',
      candidates: [{ header: { kind: 'Skeleton', dialect: 'scimitar/ac1' }, id: 0x00c0ffeen }],
    });
    const scimitar = join(dir, 's.bin');
    // u8 1, u32 id 0x5E001000, class at 5.
    writeFileSync(scimitar, Uint8Array.from([1, 0x00, 0x10, 0x00, 0x5e, 0x7c, 0xcb, 0xae, 0x24, 0, 0, 0, 0, 0, 0, 0]));
    expect(readResourceHeader(scimitar)).toEqual({
      kind: 'resource',
      candidates: [{ header: { kind: 'Skeleton', dialect: 'scimitar' }, id: 0x5e001000n }],
    });
    expect(readResourceHeader(join(dir, 'samples/README.md')).kind).toBe('other');
    expect(readResourceHeader(join(dir, 'nothing-here')).kind).toBe('unreadable');
  });
});
