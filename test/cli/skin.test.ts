/**
 * `anvil-skel skin bind | capture | palette` end to end, on files written to a temporary folder:
 * the hand-built rig of test/analysis/skinning.test.ts as a real scimitar Skeleton, its MeshBones
 * and palettes as JSON, captured frames as explicit register bytes.
 *   bone 0 root at the origin; bone 1 local (1, 2, 3) turned 90° about z; bone 2 local (1, 0, 0).
 *   IB1 = (Rz−90, (−2, 1, −3)), IB2 = (Rz−90, (−3, 1, −3)) (worked out in that file's header).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVILNEXT_READING_DEFAULTS } from '../../src/formats/anvilnext/reading.js';
import { writeResource } from '../../src/formats/resource.js';
import type { Transform } from '../../src/math/transform.js';
import type { Quat } from '../../src/math/vector.js';
import { buildSkeleton } from '../../src/model/build.js';
import { anvilnextRecordFromSkeleton, scimitarRecordFromSkeleton } from '../../src/model/from-records.js';
import { runCli } from '../helpers/cli.js';

const S = Math.SQRT1_2;
const t = (position: [number, number, number], rotation: Quat = [0, 0, 0, 1]): Transform => ({ position: [...position, 0], rotation });
const BONES = [
  { nameHash: 0xa0, parent: -1, local: t([0, 0, 0]) },
  { nameHash: 0xa1, parent: 0, local: t([1, 2, 3], [0, 0, S, S]) },
  { nameHash: 0xa2, parent: 1, local: t([1, 0, 0]) },
];
const ROWS = [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
const meshBones = (scale: number) => [
  { bone: '0xA0', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
  { bone: '0xA1', matrix: [...ROWS, -2 * scale, scale, -3 * scale, 1] },
  { bone: '0xA2', matrix: [...ROWS, -3 * scale, scale, -3 * scale, 1] },
];

const hex = (text: string): Uint8Array =>
  Uint8Array.from(
    text
      .replace(/\s+/g, '')
      .match(/../g)!
      .map((b) => parseInt(b, 16)),
  );
// f32 little-endian: 1 = 0000803f, 5 = 0000a040, 0.0014 = 3480b73a.
const ID = '0000803f 00000000 00000000 00000000  00000000 0000803f 00000000 00000000  00000000 00000000 0000803f 00000000';
const MOVED_5_X = '0000803f 00000000 00000000 0000a040  00000000 0000803f 00000000 00000000  00000000 00000000 0000803f 00000000';
const UP_1_4_MM = '0000803f 00000000 00000000 00000000  00000000 0000803f 00000000 3480b73a  00000000 00000000 0000803f 00000000';
/** c0–c38 zero (624 bytes), then the entries from c39. */
const dump = (...entries: string[]): Uint8Array => hex('00'.repeat(624) + entries.join(''));

let dir: string;
const at = (name: string): string => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'anvil-skin-'));
  const rig = buildSkeleton({ dialect: 'scimitar', id: 0x100n, bones: BONES });
  await writeFile(at('rig.Skeleton'), writeResource({ kind: 'Skeleton', dialect: 'scimitar', record: scimitarRecordFromSkeleton(rig) }));
  // An anvilnext rig whose own transform moves the root to (5, 0, 0) at run time.
  const own = buildSkeleton({ dialect: 'anvilnext', id: 0x200n, ownTransform: t([5, 0, 0]), bones: BONES });
  await writeFile(
    at('own.Skeleton'),
    writeResource({
      kind: 'Skeleton',
      dialect: 'anvilnext',
      record: anvilnextRecordFromSkeleton(own),
      reading: ANVILNEXT_READING_DEFAULTS,
    }),
  );
  await writeFile(at('exact.json'), JSON.stringify(meshBones(1)));
  await writeFile(at('scaled.json'), JSON.stringify(meshBones(1.06)));
  await writeFile(at('palette.json'), '[0, 1, 2]');
  await writeFile(at('bind.bin'), dump(ID, ID, ID));
  await writeFile(at('moved.bin'), dump(ID, ID, UP_1_4_MM));
  await writeFile(at('shifted.bin'), dump(MOVED_5_X, MOVED_5_X, MOVED_5_X));
  await writeFile(at('short.bin'), dump(ID, ID, ID).subarray(0, 767));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lanes(bytes: Uint8Array): number[] {
  return Array.from(new Float32Array(bytes.slice().buffer));
}

describe('skin bind', () => {
  it('counts the matches of an exact mesh and finds the scale of one off by 1.06', async () => {
    const exact = await runCli(['skin', 'bind', '--json', at('rig.Skeleton'), at('exact.json')]);
    expect(exact.code).toBe(0);
    expect(JSON.parse(exact.stdout)).toMatchObject({ meshBones: 3, rotationMatches: 3, translationMatches: 3 });
    const scaled = await runCli(['skin', 'bind', '--json', at('rig.Skeleton'), at('scaled.json')]);
    const report = JSON.parse(scaled.stdout) as { translationMatches: number; scale: number; bones: { nameHash: string; bone: number }[] };
    // Only the root, at the origin, keeps its translation under the scale.
    expect(report.translationMatches).toBe(1);
    expect(Math.abs(report.scale - 1.06)).toBeLessThan(1e-4);
    expect(report.bones.map((b) => [b.nameHash, b.bone])).toEqual([
      ['0x000000A0', 0],
      ['0x000000A1', 1],
      ['0x000000A2', 2],
    ]);
    const text = await runCli(['skin', 'bind', at('rig.Skeleton'), at('scaled.json')]);
    expect(text.stdout).toContain('translation equals the inverse global bind translation: 1 of 3');
    expect(text.stdout).toMatch(/translation scale: 1\.0600\d\d/);
  });

  it('refuses bad MeshBones naming the file and the item, exit 1; a missing file is a usage error', async () => {
    await writeFile(at('short-matrix.json'), JSON.stringify([{ bone: '0xA0', matrix: [1, 0, 0] }]));
    const short = await runCli(['skin', 'bind', at('rig.Skeleton'), at('short-matrix.json')]);
    expect(short.code).toBe(1);
    expect(short.stderr).toBe(
      `anvil-skel: ${at('short-matrix.json')}: meshBones[0].matrix: expected 16 numbers (row-major, row-vector form), got an array of 3\n`,
    );
    await writeFile(at('unknown.json'), JSON.stringify([...meshBones(1), { bone: '0x12345678', matrix: meshBones(1)[0]!.matrix }]));
    const unknown = await runCli(['skin', 'bind', '--json', at('rig.Skeleton'), at('unknown.json')]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.message).toBe(
      `${at('unknown.json')}: meshBones[3].bone: 0x12345678 names no bone of the skeleton (3 bones)`,
    );
    await writeFile(at('broken.json'), '[{');
    expect((await runCli(['skin', 'bind', at('rig.Skeleton'), at('broken.json')])).stderr).toMatch(/broken\.json: not JSON/);
    expect((await runCli(['skin', 'bind', at('rig.Skeleton'), at('absent.json')])).code).toBe(2);
  });
});

describe('refusals blame the file at fault', () => {
  it('names the Skeleton when its bind is not finite', async () => {
    const broken = buildSkeleton({ dialect: 'scimitar', id: 0x300n, bones: BONES });
    broken.bones[2]!.global.position[2] = NaN;
    await writeFile(
      at('nan.Skeleton'),
      writeResource({ kind: 'Skeleton', dialect: 'scimitar', record: scimitarRecordFromSkeleton(broken) }),
    );
    const run = await runCli(['skin', 'bind', at('nan.Skeleton'), at('exact.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`^anvil-skel: ${at('nan.Skeleton').replace(/[.\\/]/g, '\\$&')}: skeleton\\.bones\\[2\\]\\.global: is not finite`),
    );
  });
});

describe('skin capture', () => {
  it('counts the pairs within 1e-3 in each frame, the 1.4 mm move outside exactly at bones (1, 2)', async () => {
    const run = await runCli([
      'skin',
      'capture',
      '--json',
      at('rig.Skeleton'),
      at('exact.json'),
      '--palette',
      at('palette.json'),
      '--constants',
      at('bind.bin'),
      at('moved.bin'),
      at('shifted.bin'),
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      pairs: number;
      within: number;
      maxError: number;
      frames: { file: string; pairs: number; within: number; offenders: { parent: number; child: number; error: number }[] }[];
    };
    expect(report).toMatchObject({ pairs: 6, within: 5 });
    expect(report.frames.map((f) => [f.file, f.pairs, f.within])).toEqual([
      [at('bind.bin'), 2, 2],
      [at('moved.bin'), 2, 1],
      [at('shifted.bin'), 2, 2],
    ]);
    expect(report.frames[1]!.offenders).toEqual([expect.objectContaining({ parent: 1, child: 2, parentEntry: 1, childEntry: 2 })]);
    expect(report.frames[1]!.offenders[0]!.error).toBeCloseTo(0.0014, 6);
    expect(report.maxError).toBeCloseTo(0.0014, 6);
  });

  it('recovers the locals of the mesh at 1.06 from the palette `skin palette` writes for it', async () => {
    const written = await runCli([
      'skin',
      'palette',
      at('rig.Skeleton'),
      at('scaled.json'),
      '--palette',
      at('palette.json'),
      '-o',
      at('scaled.bin'),
    ]);
    expect(written.code).toBe(0);
    const run = await runCli([
      'skin',
      'capture',
      '--json',
      at('rig.Skeleton'),
      at('scaled.json'),
      '--palette',
      at('palette.json'),
      '--constants',
      at('scaled.bin'),
    ]);
    expect(JSON.parse(run.stdout)).toMatchObject({ pairs: 2, within: 2 });
  });

  it('refuses a constants file shorter than 16 × (base + 3 × palette length), naming it', async () => {
    const run = await runCli([
      'skin',
      'capture',
      at('rig.Skeleton'),
      at('exact.json'),
      '--palette',
      at('palette.json'),
      '--constants',
      at('bind.bin'),
      at('short.bin'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `anvil-skel: ${at('short.bin')}: constants: 767 bytes, shorter than the 768 that 16 × (39 + 3 × 3) registers need (the palette from c39, three registers an entry)\n`,
    );
    expect(run.stdout).toBe('');
  });

  it('refuses a palette index outside the MeshBones, naming the palette file and entry', async () => {
    await writeFile(at('bad-palette.json'), '[0, 3]');
    const run = await runCli([
      'skin',
      'capture',
      at('rig.Skeleton'),
      at('exact.json'),
      '--palette',
      at('bad-palette.json'),
      '--constants',
      at('bind.bin'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`anvil-skel: ${at('bad-palette.json')}: palette[1]: 3 is not a MeshBone index (the MeshBones hold 3: 0–2)\n`);
  });

  it('reads the palette from --base, and refuses bad --base and --count values as usage errors', async () => {
    await writeFile(at('base0.bin'), hex(ID + ID + ID));
    const run = await runCli([
      'skin',
      'capture',
      '--json',
      '--base',
      '0',
      at('rig.Skeleton'),
      at('exact.json'),
      '--palette',
      at('palette.json'),
      '--constants',
      at('base0.bin'),
    ]);
    expect(JSON.parse(run.stdout)).toMatchObject({ pairs: 2, within: 2 });
    const common = [at('rig.Skeleton'), at('exact.json'), '--palette', at('palette.json'), '--constants', at('bind.bin')];
    expect((await runCli(['skin', 'capture', '--base', 'c39', ...common])).code).toBe(2);
    expect((await runCli(['skin', 'capture', '--count', '2', ...common])).code).toBe(2);
    // Three entries need 9 registers: --count 6 holds only two.
    const small = await runCli(['skin', 'capture', '--count', '6', ...common]);
    expect(small.code).toBe(1);
    expect(small.stderr).toContain('palette: holds 3 entries; 6 registers hold at most 2 (three each)');
  });
});

describe('skin palette', () => {
  it('writes identity registers for the bind pose of the exact mesh, 16 × (39 + 96) bytes', async () => {
    const run = await runCli([
      'skin',
      'palette',
      at('rig.Skeleton'),
      at('exact.json'),
      '--palette',
      at('palette.json'),
      '-o',
      at('out.bin'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`wrote 3 palette entries of the bind pose (registers c39–c47, 2,160 bytes) to ${at('out.bin')}\n`);
    const bytes = new Uint8Array(await readFile(at('out.bin')));
    expect(bytes.byteLength).toBe(2160);
    const want = lanes(dump(ID, ID, ID));
    lanes(bytes.subarray(0, 768)).forEach((v, i) => expect(Math.abs(v - want[i]!)).toBeLessThan(1e-6));
    expect(bytes.subarray(768).every((b) => b === 0)).toBe(true);
  });

  it('writes the runtime pose: the own transform moves every entry by (5, 0, 0)', async () => {
    const run = await runCli([
      'skin',
      'palette',
      '--pose',
      'runtime',
      '--count',
      '9',
      at('own.Skeleton'),
      at('exact.json'),
      '--palette',
      at('palette.json'),
      '-o',
      at('runtime.bin'),
    ]);
    expect(run.code).toBe(0);
    const want = lanes(dump(MOVED_5_X, MOVED_5_X, MOVED_5_X));
    const got = lanes(new Uint8Array(await readFile(at('runtime.bin'))));
    expect(got).toHaveLength(want.length);
    got.forEach((v, i) => expect(Math.abs(v - want[i]!), `lane ${i}`).toBeLessThan(1e-5));
  });

  it('never writes over an input or a Skeleton', async () => {
    const input = at('palette.json');
    expect((await runCli(['skin', 'palette', at('rig.Skeleton'), at('exact.json'), '--palette', input, '-o', input])).code).toBe(2);
    expect(await readFile(input, 'utf8')).toBe('[0, 1, 2]');
    expect(
      (await runCli(['skin', 'palette', at('rig.Skeleton'), at('exact.json'), '--palette', input, '-o', at('own.Skeleton')])).code,
    ).toBe(2);
    expect(
      (await runCli(['skin', 'palette', '--pose', 'world', at('rig.Skeleton'), at('exact.json'), '--palette', input, '-o', at('x.bin')]))
        .code,
    ).toBe(2);
  });

  it('has help with examples and the exit status', async () => {
    for (const sub of ['bind', 'capture', 'palette']) {
      let help = '';
      const run = await runCli(['skin', sub, '--help']).then((r) => ((help = r.stdout), r));
      expect(run.code).toBe(0);
      expect(help).toContain('Examples:');
      expect(help).toContain('Exit status:');
    }
  });
});
