/**
 * The census counted on a handful of files built here, whose every count is worked out by hand
 * below (not read back from a generator tuned to produce it).
 */
import { describe, expect, it } from 'vitest';
import { CensusAccumulator, type CensusReport } from '../../src/analysis/census.js';
import { NULL_RESOURCE, RESOURCE_MODE, skeletonComponent, type SkeletonComponent } from '../../src/formats/anvilnext/index.js';
import { writeResource } from '../../src/formats/resource.js';
import { encodeAll } from '../../src/grammar/decode.js';
import type { Quat, Transform } from '../../src/math/index.js';
import { buildSkeleton, type BoneDescription } from '../../src/model/build.js';
import { anvilnextRecordFromSkeleton } from '../../src/model/from-records.js';
import { crc32 } from '../../src/names/crc32.js';
import { builtInDictionary } from '../../src/names/dictionary.js';

const S = Math.SQRT1_2;
const at = (z: number, rotation: Quat = [0, 0, 0, 1]): Transform => ({ position: [0, 0, z, 0], rotation });

function skeletonFile(
  id: bigint,
  skeletonType: number,
  own: Transform,
  bones: { name: string; parent: number; local: Transform; mirror?: number }[],
): Uint8Array {
  const described: BoneDescription[] = bones.map((b, index) => ({
    nameHash: crc32(b.name),
    parent: b.parent,
    local: b.local,
    mirror: b.mirror ?? index,
  }));
  const skeleton = buildSkeleton({ dialect: 'anvilnext', id, skeletonType, ownTransform: own, bones: described });
  return writeResource({
    kind: 'Skeleton',
    dialect: 'anvilnext',
    record: anvilnextRecordFromSkeleton(skeleton),
    reading: { reflexConstraints: 'u32-length', poseBoneHeader: 'id-class' },
  });
}

function componentFile(id: bigint, addons: number, tracks: number): Uint8Array {
  const record: SkeletonComponent = {
    id,
    base: new Uint8Array(4),
    mainSkeleton: { mode: RESOURCE_MODE.byId, flag: 0, id: 1n },
    addons: Array.from({ length: addons }, (_, i) => ({ mode: RESOURCE_MODE.byId, flag: 0, id: 10n + BigInt(i) })),
    expressionPack: { ...NULL_RESOURCE },
    trackDefinitions: Array.from({ length: tracks }, (_, i) => ({ id: id + BigInt(i + 1), data: new Uint8Array(8) })),
    windForce: { id: id + 0x40n, data: new Uint8Array(12) },
  };
  return encodeAll(skeletonComponent, record);
}

// A: three bones; the root local equals the own transform lane for lane.
const A = skeletonFile(0x100n, 2, at(1), [
  { name: 'Hips', parent: -1, local: at(1) },
  { name: 'LeftArm', parent: 0, local: at(0.5), mirror: 2 },
  { name: 'RightArm', parent: 0, local: at(0.5), mirror: 1 },
]);
// B: two bones; the own rotation is −(root local rotation): the same turn, so it counts as equal.
const B = skeletonFile(0x200n, 2, at(1, [0, 0, -S, -S]), [
  { name: 'Hips', parent: -1, local: at(1, [0, 0, S, S]) },
  { name: 'NoSuchBoneAnywhere', parent: 0, local: at(0.2) },
]);
// C: one bone whose root local has no turn while the own transform turns a quarter: not equal.
const C = skeletonFile(0x300n, 14, at(1, [0, 0, S, S]), [{ name: 'Spine', parent: -1, local: at(1) }]);
const withAddons = componentFile(0x400n, 2, 1);
const bare = componentFile(0x500n, 0, 0);

describe('census of hand-built files', () => {
  it('writes components of the length the seed gives: 12-byte header + 56 + 10 × addons + 20 × tracks', () => {
    expect(withAddons.length).toBe(12 + 56 + 10 * 2 + 20 * 1); // 108
    expect(bare.length).toBe(12 + 56); // 68
  });

  const census = new CensusAccumulator({ names: builtInDictionary() });
  census.addFile('a', A);
  census.addFile('b', B);
  census.addFile('c', C);
  census.addFile('cut', A.subarray(0, A.length - 1)); // one byte short: refused
  census.addFile('long', Buffer.concat([bare, Buffer.from([0])])); // one byte over: refused
  census.addFile('addons', withAddons);
  census.addFile('bare', bare);
  census.addFile('notes.txt', new TextEncoder().encode('not a resource\n'));
  const report: CensusReport = census.report();

  it('counts files by kind and outcome', () => {
    expect(report.files).toBe(8);
    expect(report.skipped).toBe(1); // the text
    expect(report.skeletons).toMatchObject({ total: 4, exact: 3, refused: 1 }); // A, B, C; the cut A
    expect(report.components).toMatchObject({ total: 3, exact: 2, refused: 1 }); // addons, bare; the long one
    expect(report.refusals.map((r) => r.file).sort()).toEqual(['cut', 'long']);
    expect(report.ok).toBe(false);
  });

  it('counts bones, names and SkeletonTypes of the Skeletons read to their end only', () => {
    expect(report.bones).toBe(3 + 2 + 1);
    expect(report.bonesByDialect).toEqual({ anvilnext: 6, scimitar: 0 });
    // Hips, LeftArm, RightArm, Hips, Spine resolve; NoSuchBoneAnywhere does not.
    expect(report.names).toEqual({ resolved: 5, total: 6 });
    expect(report.skeletonTypes).toEqual({ '2': 2, '14': 1 });
  });

  it('compares the root local with the own transform up to the sign of the rotation', () => {
    expect(report.rootLocalCompared).toBe(3);
    expect(report.rootLocalEqualsOwn).toBe(2); // A and B, not C
    expect(report.checks['root-local-equals-own']).toMatchObject({ held: 2, noted: 1 });
  });

  it('counts the components’ addons and track definitions', () => {
    expect(report.components.addons).toEqual({ '0': 1, '2': 1 });
    expect(report.components.tracks).toEqual({ '0': 1, '1': 1 });
  });
});
