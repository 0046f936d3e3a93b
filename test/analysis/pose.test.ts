import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePoseArray, encodePoseArray, encodePoseRecords, POSE_RECORD_BYTES } from '../../src/analysis/pose-array.js';
import { createPoseScanner, findPoseArray } from '../../src/analysis/pose-find.js';
import { samplingLattice } from '../../src/analysis/pose-match.js';
import { runtimeLocalTransforms, runtimeWorldTransforms, worldFromLocals } from '../../src/analysis/runtime-pose.js';
import { composeTransforms, quatLaneDifference, quatNormalize, vec3Distance, type Quat, type Transform } from '../../src/math/index.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { dumpWith, makeSkeleton, randomBytes, rotZ, splitAt, transform, xorshift } from './fixtures.js';

function expectTransform(actual: Transform, expected: Transform): void {
  expect(vec3Distance(actual.position, expected.position)).toBeLessThan(1e-9);
  expect(quatLaneDifference(actual.rotation, expected.rotation)).toBeLessThan(1e-9);
}

/** The seed's bike: stored root local −90° about z, own transform +90° about z. */
const OWN = transform([0, 0, 0], rotZ(90));
function bike(): Skeleton {
  return makeSkeleton(
    [
      { parent: -1, local: transform([0, 0, 0], rotZ(-90)) },
      { parent: 0, local: transform([0, 0.2, 0.5], rotZ(90)) },
      { parent: 1, local: transform([0.7, 0, -0.2]) },
      { parent: 1, local: transform([-0.6, 0, -0.2], [0.1, 0, 0, 1]) },
    ].map((s) => ({ ...s, local: { ...s.local, rotation: quatNormalize(s.local.rotation) } })),
    { ownTransform: OWN },
  );
}

/** The bike's array with the root record replaced by another transform. */
function withRoot(skeleton: Skeleton, root: Transform): Uint8Array {
  const locals = runtimeLocalTransforms(skeleton);
  locals[0] = root;
  return encodePoseRecords(locals);
}

const OFFSET = 4 * 2501; // 4-aligned, not 8- or 16-aligned
const SIZE = 64 * 1024;
const CUTS = [4000, OFFSET + 70, OFFSET + 101, 30_000]; // the array crosses two cuts, one mid-word

describe('runtime pose', () => {
  it('rider: own transform as the root local; the runtime world root is the own transform', () => {
    const own = transform([0, 0, 0.964], rotZ(90));
    const rider = makeSkeleton(
      [
        { parent: -1, local: own },
        { parent: 0, local: transform([0.1, 0, 0.2]) },
      ],
      { ownTransform: own },
    );
    const world = runtimeWorldTransforms(rider);
    expectTransform(world[0]!, own);
    // (0, 0, 0.964) + the quarter turn of (0.1, 0, 0.2), which is (0, 0.1, 0.2); the turn carries over.
    expectTransform(world[1]!, transform([0, 0.1, 1.164], rotZ(90)));
  });

  it('bike: the own transform replaces the root local and is applied exactly once', () => {
    const skeleton = bike();
    const locals = runtimeLocalTransforms(skeleton);
    expectTransform(locals[0]!, OWN);
    expectTransform(locals[1]!, skeleton.bones[1]!.local);
    const world = runtimeWorldTransforms(skeleton);
    expectTransform(world[0]!, OWN);
    // Bone 1: the own quarter turn takes (0, 0.2, 0.5) to (−0.2, 0, 0.5) and adds its own quarter
    // turn: a half turn (0, 0, 1, 0). Bone 2: the half turn takes (0.7, 0, −0.2) to (−0.7, 0, −0.2).
    // (Composing the stored root local −90° as well would have cancelled the own transform's turn.)
    expectTransform(world[1]!, transform([-0.2, 0, 0.5], [0, 0, 1, 0]));
    expectTransform(world[2]!, transform([-0.9, 0, 0.3], [0, 0, 1, 0]));
  });

  it('keeps the stored root local without an own transform, and survives cycles and bad parents', () => {
    const skeleton = makeSkeleton([{ parent: -1, local: transform([1, 2, 3]) }]);
    expectTransform(runtimeWorldTransforms(skeleton)[0]!, transform([1, 2, 3]));
    const locals = [transform([1, 0, 0]), transform([0, 1, 0]), transform([0, 0, 1])];
    const world = worldFromLocals([1, 0, 7], locals);
    expect(world).toHaveLength(3);
    expectTransform(world[2]!, locals[2]!);
  });
});

describe('encodePoseArray', () => {
  it('writes 48 bytes a bone: position (x,y,z,0), rotation, scale (1,1,1,0), f32 LE', () => {
    const skeleton = bike();
    const bytes = encodePoseArray(skeleton);
    expect(bytes.byteLength).toBe(4 * POSE_RECORD_BYTES);
    const records = decodePoseArray(bytes);
    expect(records[0]!.rotation.map((v) => Math.fround(v))).toEqual(OWN.rotation.map((v) => Math.fround(v)));
    expect(records[2]!.position).toEqual([0.7, 0, -0.2, 0].map(Math.fround));
    for (const record of records) expect(record.scale).toEqual([1, 1, 1, 0]);
    expect(new DataView(bytes.buffer).getUint32(32, true)).toBe(0x3f800000);
  });
});

describe('findPoseArray', () => {
  const skeleton = bike();

  it('bike, own transform replacing the root: `replace` at the exact offset across chunk boundaries', async () => {
    const dump = dumpWith(encodePoseArray(skeleton), OFFSET, SIZE);
    const result = await findPoseArray(skeleton, splitAt(dump, CUTS));
    expect(result).toMatchObject({ offset: OFFSET, root: 'replace', rootKinds: ['replace'], bones: 4, matched: 4, matches: 1, alsoAt: [] });
    expect(result!.maxError).toBeLessThan(1e-6);
    // aligned cuts inside the array: scanned in place, the array found through the seam
    for (const cut of [OFFSET + 4, OFFSET + 96, OFFSET + 188]) {
      expect(await findPoseArray(skeleton, splitAt(dump, [cut - 1000, cut]))).toMatchObject({ offset: OFFSET, root: 'replace' });
    }
  });

  it('bike, composed root (identity): `compose`', async () => {
    const composed = composeTransforms(OWN, skeleton.bones[0]!.local);
    expect(quatLaneDifference(composed.rotation, [0, 0, 0, 1])).toBeLessThan(1e-12);
    const dump = dumpWith(withRoot(skeleton, composed), OFFSET, SIZE);
    expect(await findPoseArray(skeleton, splitAt(dump, CUTS))).toMatchObject({ offset: OFFSET, root: 'compose', matched: 4 });
  });

  it('bike, stored root local: `stored`; an unrelated root: `unknown` with the other bones matched', async () => {
    const stored = dumpWith(withRoot(skeleton, skeleton.bones[0]!.local), OFFSET, SIZE);
    expect(await findPoseArray(skeleton, splitAt(stored, CUTS))).toMatchObject({ offset: OFFSET, root: 'stored', matched: 4 });
    const other = dumpWith(withRoot(skeleton, transform([5, 5, 5])), OFFSET, SIZE);
    expect(await findPoseArray(skeleton, [other])).toMatchObject({ offset: OFFSET, root: 'unknown', matched: 3 });
  });

  it('bike, no array in the dump: null', async () => {
    expect(await findPoseArray(skeleton, splitAt(randomBytes(SIZE, 3), CUTS))).toBeNull();
    expect(await findPoseArray(skeleton, [])).toBeNull();
    expect(await findPoseArray(skeleton, [new Uint8Array(100)])).toBeNull();
  });

  it('reads a random-access source in chunks', async () => {
    const dump = dumpWith(encodePoseArray(skeleton), OFFSET, SIZE);
    const reads: number[] = [];
    const source = {
      size: dump.byteLength,
      read: async (offset: number, length: number) => {
        reads.push(offset);
        return dump.slice(offset, offset + length);
      },
    };
    expect(await findPoseArray(skeleton, source, { chunkBytes: 1000 })).toMatchObject({ offset: OFFSET, root: 'replace' });
    expect(reads.length).toBe(Math.ceil(SIZE / 1000));
  });

  it('accepts lanes within 1e-4 and q ↔ −q, rejects beyond', async () => {
    const bytes = encodePoseArray(skeleton);
    const view = new DataView(bytes.buffer);
    const lane = (bone: number, i: number): number => bone * POSE_RECORD_BYTES + i * 4;
    view.setFloat32(lane(2, 0), view.getFloat32(lane(2, 0), true) + 8e-5, true);
    for (let i = 4; i < 8; i++) view.setFloat32(lane(3, i), -view.getFloat32(lane(3, i), true), true);
    const result = await findPoseArray(skeleton, [dumpWith(bytes, OFFSET, SIZE)]);
    expect(result).toMatchObject({ offset: OFFSET, matched: 4 });
    expect(result!.maxError).toBeCloseTo(8e-5, 6);
    view.setFloat32(lane(2, 1), 2e-4, true);
    expect(await findPoseArray(skeleton, [dumpWith(bytes, OFFSET, SIZE)])).toBeNull();
    view.setFloat32(lane(2, 1), 0, true);
    view.setFloat32(lane(1, 0), NaN, true);
    expect(await findPoseArray(skeleton, [dumpWith(bytes, OFFSET, SIZE)])).toBeNull();
  });

  it('requires the exact scale lanes', async () => {
    const bytes = encodePoseArray(skeleton);
    new DataView(bytes.buffer).setFloat32(3 * POSE_RECORD_BYTES + 36, 1.0000001, true);
    expect(await findPoseArray(skeleton, [dumpWith(bytes, OFFSET, SIZE)])).toBeNull();
  });

  it('reports the first of several matches and where the others are', async () => {
    const bytes = encodePoseArray(skeleton);
    const dump = dumpWith(bytes, 40_000, SIZE);
    dump.set(bytes, 1_000);
    dump.set(bytes, 20_004);
    expect(await findPoseArray(skeleton, splitAt(dump, [20_100]))).toMatchObject({ offset: 1_000, matches: 3, alsoAt: [20_004, 40_000] });
  });

  it('finds a one-bone skeleton by its root record only', async () => {
    const one = makeSkeleton([{ parent: -1, local: transform([0, 0, 0.964], rotZ(90)) }], {
      ownTransform: transform([0, 0, 0.964], rotZ(90)),
    });
    const dump = dumpWith(encodePoseArray(one), 12, 4096);
    expect(await findPoseArray(one, splitAt(dump, [13, 30, 31, 33]))).toMatchObject({
      offset: 12,
      root: 'replace',
      rootKinds: ['replace', 'stored'],
      matched: 1,
    });
    const wrong = dumpWith(encodePoseRecords([transform([1, 1, 1])]), 12, 4096);
    expect(await findPoseArray(one, [wrong])).toBeNull();
  });

  it('returns null for a skeleton without bones', async () => {
    const empty: Skeleton = { ...bike(), bones: [] };
    expect(await findPoseArray(empty, [randomBytes(1000, 1)])).toBeNull();
  });

  it('covers every residue with its sampling lattice', () => {
    for (const records of [1, 2, 3, 7, 64]) {
      const { stride, offsets } = samplingLattice(records);
      expect(stride).toBeGreaterThanOrEqual(3);
      expect(stride).toBeLessThanOrEqual(3 * records);
      offsets.forEach((e, residue) => expect((residue + e) % stride).toBe(0));
    }
  });
});

describe('findPoseArray property', () => {
  const unitQuat = (next: () => number): Quat =>
    quatNormalize([next() / 2 ** 32 - 0.5, next() / 2 ** 32 - 0.5, next() / 2 ** 32 - 0.5, next() / 2 ** 32]);
  const randomSkeleton = (bones: number, seed: number, withOwn: boolean): Skeleton => {
    const next = xorshift(seed);
    const pos = (): [number, number, number] => [next() / 2 ** 31 - 1, next() / 2 ** 31 - 1, next() / 2 ** 31 - 1];
    const specs = Array.from({ length: bones }, (_, i) => ({ parent: i === 0 ? -1 : next() % i, local: transform(pos(), unitQuat(next)) }));
    return makeSkeleton(specs, { ownTransform: withOwn ? transform(pos(), unitQuat(next)) : null });
  };

  it('finds random skeletons at random 4-aligned offsets of random dumps, in random chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 0x7fffffff }),
        fc.boolean(),
        fc.integer({ min: 0, max: 12_000 }),
        fc.integer({ min: 0, max: 4_000 }),
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 20_000 }),
            fc.integer({ min: 1, max: 5_000 }).map((n) => 4 * n),
          ),
          { maxLength: 6 },
        ),
        async (bones, seed, withOwn, slot, tail, cutList) => {
          const skeleton = randomSkeleton(bones, seed, withOwn);
          const bytes = encodePoseArray(skeleton);
          const offset = slot * 4;
          const size = offset + bytes.byteLength + tail;
          const dump = dumpWith(bytes, offset, size, seed ^ 0x5bd1e995);
          const cuts = [...new Set(cutList.filter((c) => c < size))].sort((a, b) => a - b);
          const result = await findPoseArray(skeleton, splitAt(dump, cuts));
          expect(result).not.toBeNull();
          expect(result!.offset).toBe(offset);
          expect(result!.matched).toBe(bones);
          expect(result!.rootKinds[0]).toBe(withOwn ? 'replace' : 'stored');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a scanner sees the same result whatever the chunking', () => {
    const skeleton = randomSkeleton(20, 99, true);
    const dump = dumpWith(encodePoseArray(skeleton), 5_004, 20_000, 4);
    const scanner = createPoseScanner(skeleton);
    for (let at = 0; at < dump.byteLength; at += 333) scanner.push(dump.slice(at, at + 333));
    expect(scanner.result()?.offset).toBe(5_004);
    expect(scanner.bytesScanned).toBe(20_000);
  });
});
