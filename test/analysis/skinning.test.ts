/**
 * Skinning against values worked out by hand. The hand-built rig (column form, v' = M · v):
 *   bone 0 (hash 0xA0): root, identity at the origin;
 *   bone 1 (hash 0xA1): local (1, 2, 3), a quarter turn about z (Rz90: x → y, y → −x);
 *   bone 2 (hash 0xA2): local (1, 0, 0), no turn.
 * Globals: G1 = (Rz90, (1, 2, 3)); G2 = G1 ∘ L2 = (Rz90, (1, 2, 3) + Rz90 (1, 0, 0)) = (Rz90, (1, 3, 3)).
 * Inverse binds: Gk⁻¹ = (Rz−90, −Rz−90 · p), Rz−90 (x, y, z) = (y, −x, z), so IB1 translates by
 * −(2, −1, 3) = (−2, 1, −3) and IB2 by −(3, −1, 3) = (−3, 1, −3). In row-vector storage the 3×3 part
 * of Rz−90 is its transpose, Rz90's column form, rows (0, −1, 0), (1, 0, 0), (0, 0, 1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  captureReport,
  constantsBytesNeeded,
  decodePaletteConstants,
  encodePaletteConstants,
  meshBindReport,
  paletteMatrices,
  palettePairs,
  parseMeshBones,
  parsePalette,
  SkinningInputError,
  type MeshBone,
} from '../../src/analysis/skinning.js';
import { readResource } from '../../src/formats/resource.js';
import type { Transform } from '../../src/math/transform.js';
import type { Quat } from '../../src/math/vector.js';
import { buildSkeleton } from '../../src/model/build.js';
import { skeletonFromResource } from '../../src/model/read.js';
import type { Skeleton } from '../../src/model/skeleton.js';

const S = Math.SQRT1_2;
const QUARTER_Z: Quat = [0, 0, S, S];
const t = (position: [number, number, number], rotation: Quat = [0, 0, 0, 1]): Transform => ({ position: [...position, 0], rotation });

function rig(ownTransform: Transform | null = null, dialect: 'scimitar' | 'anvilnext' = 'scimitar'): Skeleton {
  return buildSkeleton({
    dialect,
    id: 0x100n,
    ownTransform,
    bones: [
      { nameHash: 0xa0, parent: -1, local: t([0, 0, 0]) },
      { nameHash: 0xa1, parent: 0, local: t([1, 2, 3], QUARTER_Z) },
      { nameHash: 0xa2, parent: 1, local: t([1, 0, 0]) },
    ],
  });
}

const IDENTITY_ROWS = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
/** The MeshBones JSON of the rig, translations times `scale` (1: the exact inverse binds). */
function meshBonesJson(scale = 1): unknown {
  return [
    { bone: '0xA0', matrix: [...IDENTITY_ROWS, 0, 0, 0, 1] },
    { bone: '0xA1', matrix: [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, -2 * scale, 1 * scale, -3 * scale, 1] },
    { bone: '0xA2', matrix: [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, -3 * scale, 1 * scale, -3 * scale, 1] },
  ];
}

const hex = (text: string): Uint8Array =>
  Uint8Array.from(
    text
      .replace(/\s+/g, '')
      .match(/../g)!
      .map((b) => parseInt(b, 16)),
  );
// f32 little-endian: 1 = 0000803f, 5 = 0000a040, 0.0014 = 3480b73a, 0 = 00000000.
const ID_ENTRY = `0000803f 00000000 00000000 00000000
                  00000000 0000803f 00000000 00000000
                  00000000 00000000 0000803f 00000000`;
const MOVED_5_X_ENTRY = `0000803f 00000000 00000000 0000a040
                         00000000 0000803f 00000000 00000000
                         00000000 00000000 0000803f 00000000`;
const X_1_4_MM_ENTRY = `0000803f 00000000 00000000 3480b73a
                        00000000 0000803f 00000000 00000000
                        00000000 00000000 0000803f 00000000`;
const UP_1_4_MM_ENTRY = `0000803f 00000000 00000000 00000000
                         00000000 0000803f 00000000 3480b73a
                         00000000 00000000 0000803f 00000000`;
/** A dump: c0–c38 zero (39 × 16 = 624 bytes), then the entries from c39. */
const dump = (...entries: string[]): Uint8Array => hex('00'.repeat(624) + entries.join(''));

/**
 * A written palette's f32 lanes against a literal dump's: equal within 1e-6 (the products carry
 * rounding like −2.2e-16 where the hand value is 0, which an f32 keeps).
 */
function expectSameLanes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.byteLength).toBe(expected.byteLength);
  const lanes = (bytes: Uint8Array): number[] => Array.from(new Float32Array(bytes.slice().buffer));
  const want = lanes(expected);
  lanes(actual).forEach((value, i) =>
    expect(Math.abs(value - want[i]!), `lane ${i} (register c${i >> 2}): ${value} vs ${want[i]}`).toBeLessThan(1e-6),
  );
}

const entries = (value: unknown): MeshBone[] => parseMeshBones(value);

function refusal(run: () => unknown): { item: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SkinningInputError);
    return { item: (error as SkinningInputError).item, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
}

describe('skin bind: MeshBones against the inverse global binds', () => {
  it('counts a mesh whose matrices are the exact inverse binds, scale 1', () => {
    const report = meshBindReport(rig(), entries(meshBonesJson()));
    expect(report).toMatchObject({ meshBones: 3, rotationMatches: 3, translationMatches: 3, scaleBones: 3 });
    expect(report.scale).toBeCloseTo(1, 12);
    expect(report.residual).toBeCloseTo(0, 12);
    expect(report.bones[1]!.inverseBindTranslation.map((v) => v + 0)).toEqual([-2, 1, -3].map((v) => expect.closeTo(v, 12)));
  });

  it('finds the seed scale case, translations off by 1.06, within 1e-4; only the root at the origin still matches', () => {
    const report = meshBindReport(rig(), entries(meshBonesJson(1.06)));
    expect(report).toMatchObject({ meshBones: 3, rotationMatches: 3, translationMatches: 1 });
    expect(Math.abs(report.scale! - 1.06)).toBeLessThan(1e-4);
    expect(report.residual).toBeCloseTo(0, 9);
    // Bone 1's translation is 1.06 · (−2, 1, −3): 0.06 · √14 away from the inverse bind's.
    expect(report.bones[1]!.translationError).toBeCloseTo(0.06 * Math.sqrt(14), 9);
    expect(report.bones.map((b) => b.translationMatches)).toEqual([true, false, false]);
  });

  it('finds a bone by its hash, not its position, and counts a rotation that is not the inverse bind', () => {
    const [root, one, two] = meshBonesJson() as { bone: string; matrix: number[] }[];
    // Bone 1 with no turn but the right translation: the 3×3 differs by 1 (diagonal 1 vs 0).
    const unturned = { bone: one!.bone, matrix: [...IDENTITY_ROWS, -2, 1, -3, 1] };
    const report = meshBindReport(rig(), entries([two, unturned, root]));
    expect(report.bones.map((b) => b.bone)).toEqual([2, 1, 0]);
    expect(report.bones.map((b) => b.rotationMatches)).toEqual([true, false, true]);
    expect(report.bones[1]!.rotationError).toBeCloseTo(1, 12);
    expect(report).toMatchObject({ rotationMatches: 2, translationMatches: 3, scaleBones: 2 });
    expect(report.scale).toBeCloseTo(1, 12);
  });

  it('gives a null scale, not NaN, when no fitted bone has an inverse bind translation', () => {
    const report = meshBindReport(rig(), entries([(meshBonesJson() as unknown[])[0]]));
    expect(report).toMatchObject({ meshBones: 1, rotationMatches: 1, translationMatches: 1, scale: null, residual: null });
  });

  describe('the bundled scimitar skater', () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../samples/scimitar/SWS_Skater.Skeleton', import.meta.url)));
    const result = readResource(bytes)!;
    if (result.resource.kind !== 'Skeleton') throw new Error('the sample is a Skeleton');
    const skater = skeletonFromResource(result.resource);

    /**
     * A MeshBone written from first principles, not by the code under test: for a global (R, p),
     * the inverse in column form is (Rᵀ, −Rᵀ p); its row-vector form is the transpose, so the stored
     * 3×3 is R itself (row-major, R[i][j] at 4i + j) and the last row is −pᵀ R times the mesh scale;
     * each lane rounded to f32 as a file holds it.
     */
    function meshBoneOf(global: Transform, hash: number, scale: number): unknown {
      const [x, y, z, w] = global.rotation;
      const R = [
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
      ];
      const p = global.position;
      const last = [0, 1, 2].map((j) => -scale * (p[0] * R[0]![j]! + p[1] * R[1]![j]! + p[2] * R[2]![j]!));
      const rows = [...R[0]!, 0, ...R[1]!, 0, ...R[2]!, 0, ...last, 1];
      return { bone: `0x${hash.toString(16)}`, matrix: rows.map(Math.fround) };
    }

    it('matches every bone of a mesh written at scale 1', () => {
      const report = meshBindReport(skater, entries(skater.bones.map((b) => meshBoneOf(b.global, b.nameHash, 1))));
      expect(report).toMatchObject({ meshBones: 23, rotationMatches: 23, translationMatches: 23 });
      expect(Math.abs(report.scale! - 1)).toBeLessThan(1e-4);
    });

    it('finds 1.06 within 1e-4 on a mesh off by 1.06; only Reference, at the origin, keeps its translation', () => {
      const report = meshBindReport(skater, entries(skater.bones.map((b) => meshBoneOf(b.global, b.nameHash, 1.06))));
      expect(report).toMatchObject({ meshBones: 23, rotationMatches: 23, translationMatches: 1 });
      expect(report.bones.filter((b) => b.translationMatches).map((b) => b.bone)).toEqual([0]);
      expect(Math.abs(report.scale! - 1.06)).toBeLessThan(1e-4);
      expect(report.residual!).toBeLessThan(1e-5);
    });
  });
});

describe('skin palette: S = P · IB as registers', () => {
  it('writes identity registers for the bind pose of exact inverse binds, from c39, the array padded to c39 + 96', () => {
    const bytes = encodePaletteConstants(paletteMatrices(rig(), entries(meshBonesJson()), [0, 1, 2], 'bind'));
    // 16 × (39 + 96) = 2160 bytes; the three entries take bytes 624–767, the rest stays zero.
    expect(bytes.byteLength).toBe(2160);
    expectSameLanes(bytes.subarray(0, 768), dump(ID_ENTRY, ID_ENTRY, ID_ENTRY));
    expect(bytes.subarray(768).every((b) => b === 0)).toBe(true);
  });

  it('writes the runtime pose: an own transform moving the root by (5, 0, 0) moves every entry by it', () => {
    const own = t([5, 0, 0]);
    const bytes = encodePaletteConstants(paletteMatrices(rig(own, 'anvilnext'), entries(meshBonesJson()), [0, 1, 2], 'runtime'), {
      count: 9,
    });
    expectSameLanes(bytes, dump(MOVED_5_X_ENTRY, MOVED_5_X_ENTRY, MOVED_5_X_ENTRY));
  });

  it('writes (1 − s) · p_G for a mesh at scale s in its bind pose: −0.06 · (1, 2, 3) for bone 1', () => {
    const [s0, s1, s2] = paletteMatrices(rig(), entries(meshBonesJson(1.06)), [0, 1, 2]);
    const translation = (m: readonly number[]): number[] => [m[12]!, m[13]!, m[14]!];
    expect(translation(s0!)).toEqual([0, 0, 0]);
    translation(s1!).forEach((v, i) => expect(v).toBeCloseTo([-0.06, -0.12, -0.18][i]!, 12));
    translation(s2!).forEach((v, i) => expect(v).toBeCloseTo([-0.06, -0.18, -0.18][i]!, 12));
  });

  it('honours base and count, and refuses a palette that does not fit', () => {
    const m = paletteMatrices(rig(), entries(meshBonesJson()), [1]);
    expectSameLanes(encodePaletteConstants(m, { base: 0, count: 3 }), hex(ID_ENTRY));
    expect(() => encodePaletteConstants([...m, ...m], { base: 0, count: 3 })).toThrow(RangeError);
    expect(() => paletteMatrices(rig(), entries(meshBonesJson()), [3])).toThrow(/palette\[0\]: 3 is not a MeshBone index/);
  });
});

describe('skin capture: locals recovered as IB_p · S_p⁻¹ · S_c · IB_c⁻¹', () => {
  const skeleton = rig();
  const exact = entries(meshBonesJson());
  const palette = [0, 1, 2];

  it('pairs each entry with its parent entry in the draw', () => {
    expect(palettePairs(skeleton, exact, palette)).toEqual([
      { parentEntry: 0, childEntry: 1 },
      { parentEntry: 1, childEntry: 2 },
    ]);
    // Bone 2's parent, bone 1, is not drawn: no pair.
    expect(palettePairs(skeleton, exact, [2, 0])).toEqual([]);
  });

  it('counts the frame where bone 2 moved 1.4 mm as outside 1e-3 exactly at the pair (1, 2)', () => {
    // Frame 0: the bind pose (every S the identity). Frame 1: bone 2's local x is 1.0014, so
    // P2 = (Rz90, (1, 3.0014, 3)) and S2 = P2 · IB2 = (I, (0, 0.0014, 0)). Frame 2: the whole rig
    // moved by (5, 0, 0), every S a translation by it; locals are unchanged.
    const frames = [
      dump(ID_ENTRY, ID_ENTRY, ID_ENTRY),
      dump(ID_ENTRY, ID_ENTRY, UP_1_4_MM_ENTRY),
      dump(MOVED_5_X_ENTRY, MOVED_5_X_ENTRY, MOVED_5_X_ENTRY),
    ];
    const report = captureReport(
      skeleton,
      exact,
      palette,
      frames.map((bytes) => decodePaletteConstants(bytes, 3)),
    );
    expect(report).toMatchObject({ pairs: 6, within: 5, tolerance: 1e-3 });
    expect(report.frames.map((f) => [f.pairs, f.within, f.offenders.length])).toEqual([
      [2, 2, 0],
      [2, 1, 1],
      [2, 2, 0],
    ]);
    const [offender] = report.frames[1]!.offenders;
    expect(offender).toMatchObject({ parent: 1, child: 2, parentEntry: 1, childEntry: 2, stored: [1, 0, 0] });
    // G1⁻¹ takes (1, 3.0014, 3) to Rz−90 (0, 1.0014, 0) = (1.0014, 0, 0); 0.0014 is an f32 here.
    expect(offender!.error).toBeCloseTo(0.0014, 7);
    expect(offender!.recovered[0]).toBeCloseTo(1.0014, 7);
    expect(report.maxError).toBeCloseTo(0.0014, 7);
    expect(report.frames[0]!.maxError).toBeCloseTo(0, 6);
  });

  it('blames only the moved bone when its child follows it: bone 1 moved 1.4 mm, bone 2 carried along', () => {
    // Bone 1's local x is 1.0014: P1 = (Rz90, (1.0014, 2, 3)), P2 = P1 ∘ L2 = (Rz90, (1.0014, 3, 3)).
    // S1 = P1 · IB1 = (I, (1.0014, 2, 3) + Rz90 (−2, 1, −3)) = (I, (0.0014, 0, 0)), and S2 the same.
    // Pair (0, 1) recovers (1.0014, 2, 3), off by 0.0014; pair (1, 2) recovers IB1 · IB2⁻¹ = L2.
    const report = captureReport(skeleton, exact, palette, [decodePaletteConstants(dump(ID_ENTRY, X_1_4_MM_ENTRY, X_1_4_MM_ENTRY), 3)]);
    expect(report).toMatchObject({ pairs: 2, within: 1 });
    expect(report.frames[0]!.offenders.map((o) => [o.parent, o.child])).toEqual([[0, 1]]);
    expect(report.frames[0]!.offenders[0]!.error).toBeCloseTo(0.0014, 7);
  });

  it('recovers the locals of a mesh at scale 1.06 as exactly: the scale cancels in the product', () => {
    // S1 = (I, −0.06 · (1, 2, 3)), S2 = (I, −0.06 · (1, 3, 3)), S0 the identity (written above).
    const scaled = entries(meshBonesJson(1.06));
    const matrices = decodePaletteConstants(encodePaletteConstants(paletteMatrices(skeleton, scaled, palette)), 3);
    const report = captureReport(skeleton, scaled, palette, [matrices]);
    expect(report).toMatchObject({ pairs: 2, within: 2 });
    expect(report.maxError!).toBeLessThan(1e-6);
    // The same registers read against the exact inverse binds put bone 1 off by 0.06 · |(1, 2, 3)| turned.
    const wrong = captureReport(skeleton, exact, palette, [matrices]);
    expect(wrong.frames[0]!.offenders.map((o) => o.child)).toEqual([1, 2]);
  });

  it('reports no pair, and a null maxError, for a draw without parent and child', () => {
    expect(captureReport(skeleton, exact, [2, 0], [decodePaletteConstants(dump(ID_ENTRY, ID_ENTRY), 2)])).toEqual({
      pairs: 0,
      within: 0,
      maxError: null,
      tolerance: 1e-3,
      frames: [{ pairs: 0, within: 0, maxError: null, offenders: [] }],
    });
  });
});

describe('bad input is refused naming the item', () => {
  it('refuses a matrix that is not 16 finite numbers, a bad hash, and a transposed matrix', () => {
    const good = meshBonesJson() as { bone: string; matrix: number[] }[];
    expect(refusal(() => parseMeshBones({}))).toMatchObject({ item: 'meshBones' });
    expect(refusal(() => parseMeshBones([good[0], { bone: '0xA1', matrix: good[1]!.matrix.slice(1) }]))).toEqual({
      item: 'meshBones[1].matrix',
      message: 'meshBones[1].matrix: expected 16 numbers (row-major, row-vector form), got an array of 15',
    });
    const withString = [...good[0]!.matrix];
    withString[4] = 'x' as unknown as number;
    expect(refusal(() => parseMeshBones([{ bone: '0xA0', matrix: withString }]))).toEqual({
      item: 'meshBones[0].matrix[4]',
      message: 'meshBones[0].matrix[4]: expected a finite number, got the string "x"',
    });
    expect(refusal(() => parseMeshBones([{ bone: '0xA0', matrix: [...good[0]!.matrix.slice(0, 15), null] }])).item).toBe(
      'meshBones[0].matrix[15]',
    );
    expect(refusal(() => parseMeshBones([{ bone: 'hips', matrix: good[0]!.matrix }])).item).toBe('meshBones[0].bone');
    expect(refusal(() => parseMeshBones([7])).item).toBe('meshBones[0]');
    // Translation (1, 2, 3) in the last column instead of the last row.
    const transposed = [1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1];
    expect(refusal(() => parseMeshBones([{ bone: '0xA0', matrix: transposed }])).message).toMatch(
      /^meshBones\[0\]\.matrix: lanes 3, 7, 11, 15 are 1, 2, 3, 1, not 0, 0, 0, 1/,
    );
  });

  it('refuses a MeshBone hash that no bone carries', () => {
    const bones = entries([...(meshBonesJson() as unknown[]), { bone: '0xDEADBEEF', matrix: [...IDENTITY_ROWS, 0, 0, 0, 1] }]);
    expect(refusal(() => meshBindReport(rig(), bones))).toEqual({
      item: 'meshBones[3].bone',
      message: 'meshBones[3].bone: 0xDEADBEEF names no bone of the skeleton (3 bones)',
    });
  });

  it('refuses a skeleton whose transforms are not finite rather than report NaN', () => {
    const broken = rig();
    broken.bones[1]!.global.position[0] = NaN;
    broken.bones[2]!.local.position[1] = Infinity;
    expect(refusal(() => meshBindReport(broken, entries(meshBonesJson()))).item).toBe('skeleton.bones[1].global');
    expect(refusal(() => paletteMatrices(broken, entries(meshBonesJson()), [1])).item).toBe('skeleton.bones[1].global');
    const frame = decodePaletteConstants(dump(ID_ENTRY, ID_ENTRY, ID_ENTRY), 3);
    expect(refusal(() => captureReport(broken, entries(meshBonesJson()), [0, 1, 2], [frame])).item).toBe('skeleton.bones[2].local');
  });

  it('refuses a palette index outside the MeshBones, an empty palette and one longer than 32', () => {
    expect(refusal(() => parsePalette([0, 3], 3))).toEqual({
      item: 'palette[1]',
      message: 'palette[1]: 3 is not a MeshBone index (the MeshBones hold 3: 0–2)',
    });
    expect(refusal(() => parsePalette([0, -1], 3)).item).toBe('palette[1]');
    expect(refusal(() => parsePalette([1.5], 3)).item).toBe('palette[0]');
    expect(refusal(() => parsePalette([], 3)).item).toBe('palette');
    expect(refusal(() => parsePalette(new Array(33).fill(0), 3)).message).toBe(
      'palette: holds 33 entries; 96 registers hold at most 32 (three each)',
    );
    expect(parsePalette(new Array(32).fill(2), 3)).toHaveLength(32);
    expect(refusal(() => parsePalette([0, 1], 3, { count: 3 })).item).toBe('palette');
  });

  it('refuses a constants dump shorter than 16 × (base + 3 × palette length) bytes', () => {
    // 16 × (39 + 3 × 3) = 768: one byte short is refused, exactly 768 is read.
    expect(constantsBytesNeeded(3)).toBe(768);
    const full = dump(ID_ENTRY, ID_ENTRY, ID_ENTRY);
    expect(refusal(() => decodePaletteConstants(full.subarray(0, 767), 3))).toEqual({
      item: 'constants',
      message:
        'constants: 767 bytes, shorter than the 768 that 16 × (39 + 3 × 3) registers need (the palette from c39, three registers an entry)',
    });
    expect(decodePaletteConstants(full, 3)).toHaveLength(3);
    expect(decodePaletteConstants(hex(ID_ENTRY), 1, { base: 0 })).toHaveLength(1);
  });

  it('refuses a register lane that is not finite, and an entry that holds no matrix', () => {
    // c40 is entry 0's second register; its y lane is the f32 NaN 0x7FC00000 (bytes 0000c07f).
    const nan = `0000803f 00000000 00000000 00000000  00000000 0000c07f 00000000 00000000  00000000 00000000 0000803f 00000000`;
    expect(refusal(() => decodePaletteConstants(dump(nan), 1))).toEqual({
      item: 'palette entry 0 (c39–c41)',
      message: 'palette entry 0 (c39–c41): register c40.y (byte 644) is NaN, not a finite number',
    });
    expect(refusal(() => decodePaletteConstants(dump(ID_ENTRY, '00'.repeat(48)), 2))).toEqual({
      item: 'palette entry 1 (c42–c44)',
      message: 'palette entry 1 (c42–c44): its 3×3 part is singular, so it holds no bone matrix',
    });
  });

  it('refuses a frame with fewer matrices than the palette, and a singular S handed in directly', () => {
    const matrices = decodePaletteConstants(dump(ID_ENTRY, ID_ENTRY, ID_ENTRY), 3);
    expect(refusal(() => captureReport(rig(), entries(meshBonesJson()), [0, 1, 2], [matrices.slice(0, 2)])).item).toBe('frames[0]');
    const zero = new Array(16).fill(0) as (typeof matrices)[0];
    expect(refusal(() => captureReport(rig(), entries(meshBonesJson()), [0, 1, 2], [matrices, [zero, ...matrices.slice(1)]])).item).toBe(
      'frames[1]: palette entry 0',
    );
  });
});
