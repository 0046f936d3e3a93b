import { WebIO } from '@gltf-transform/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../src/export/base64.js';
import { buildBoneMesh } from '../../src/export/bone-mesh.js';
import { buildGltfDocument, exportGlb } from '../../src/export/index.js';
import { makeUnique } from '../../src/export/node-names.js';
import { quatNormalize, type Quat, type Vec3 } from '../../src/math/index.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { humanoid, makeSkeleton, oneBone, stacked, type BoneSpec } from './fixtures.js';
import { expectedWorldPositions, loadWithThree, maxDistance, validate } from './helpers.js';

/** Twice the area of each triangle, computed in float32 positions as a viewer sees them. */
function triangleAreas(positions: Float32Array, triangles: ArrayLike<number>): number[] {
  const areas: number[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!].map((i) => [
      positions[3 * i]!,
      positions[3 * i + 1]!,
      positions[3 * i + 2]!,
    ]);
    const u = [b![0]! - a![0]!, b![1]! - a![1]!, b![2]! - a![2]!];
    const v = [c![0]! - a![0]!, c![1]! - a![1]!, c![2]! - a![2]!];
    areas.push(Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!));
  }
  return areas;
}

async function meshOf(skeleton: Skeleton) {
  const doc = await new WebIO().readBinary(await exportGlb(skeleton));
  const primitive = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
  return {
    positions: primitive.getAttribute('POSITION')!.getArray() as Float32Array,
    joints: primitive.getAttribute('JOINTS_0')!.getArray()!,
    weights: primitive.getAttribute('WEIGHTS_0')!.getArray()!,
    indices: primitive.getIndices()!.getArray()!,
  };
}

describe('the bone mesh', () => {
  it.each([
    ['humanoid', humanoid],
    ['one bone', oneBone],
    ['bones at identical positions', stacked],
  ] as const)('%s: finite, non-degenerate, every vertex wholly one bone, every bone drawn', async (_name, make) => {
    const skeleton = make();
    const { positions, joints, weights, indices } = await meshOf(skeleton);
    expect(positions.every(Number.isFinite)).toBe(true);
    expect(Math.min(...triangleAreas(positions, indices))).toBeGreaterThan(0);
    for (let v = 0; v < positions.length / 3; v++) {
      expect([weights[4 * v], weights[4 * v + 1], weights[4 * v + 2], weights[4 * v + 3]]).toEqual([1, 0, 0, 0]);
      expect([joints[4 * v + 1], joints[4 * v + 2], joints[4 * v + 3]]).toEqual([0, 0, 0]);
    }
    const drawn = new Set(Array.from({ length: positions.length / 3 }, (_, v) => joints[4 * v]));
    expect(drawn.size).toBe(skeleton.bones.length);
  });

  it('draws an octahedron from a bone to each child, in bind pose world space', () => {
    const geometry = buildBoneMesh(
      [
        [0, 0, 0],
        [0, 2, 0],
      ],
      [-1, 0],
    );
    // The root's octahedron from (0,0,0) to (0,2,0), the leaf's diamond at (0,2,0).
    expect(geometry.joints).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(geometry.positions.slice(0, 6))).toEqual([0, 0, 0, 0, 2, 0]);
    // Outward winding: each face's normal points away from the bone's axis.
    const p = (i: number): Vec3 => [geometry.positions[3 * i]!, geometry.positions[3 * i + 1]!, geometry.positions[3 * i + 2]!];
    for (let t = 0; t < 24; t += 3) {
      const [a, b, c] = [p(geometry.triangles[t]!), p(geometry.triangles[t + 1]!), p(geometry.triangles[t + 2]!)];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
      const centroid = [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3 - 0.2, (a[2] + b[2] + c[2]) / 3];
      expect(n[0]! * centroid[0]! + n[1]! * centroid[1]! + n[2]! * centroid[2]!).toBeGreaterThan(0);
    }
  });

  it('uses 16-bit joints past 256 bones and stays valid', async () => {
    const specs: BoneSpec[] = Array.from({ length: 300 }, (_, i) => ({ parent: i - 1, position: [i === 0 ? 0 : 0.01, 0, 0] }));
    const skeleton = makeSkeleton(specs, { dialect: 'scimitar' });
    const { joints } = await meshOf(skeleton);
    expect(joints).toBeInstanceOf(Uint16Array);
    const report = await validate(await exportGlb(skeleton));
    expect(report.problems).toEqual([]);
  });
});

describe('hierarchies the export must handle or refuse', () => {
  it('several roots go under one Armature node that the skin names as its skeleton', async () => {
    const skeleton = makeSkeleton([
      { parent: -1, position: [0, 0, 1] },
      { parent: 0, position: [0, 0, 0.5] },
      { parent: -1, position: [1, 0, 0] },
      { parent: 2, position: [0, 1, 0] },
    ]);
    const glb = await exportGlb(skeleton);
    expect((await validate(glb)).problems).toEqual([]);
    const doc = await new WebIO().readBinary(glb);
    const armature = doc.getRoot().listSkins()[0]!.getSkeleton()!;
    expect(armature.getName()).toBe('Armature');
    expect(armature.listChildren().map((node) => node.getName())).toEqual(
      doc
        .getRoot()
        .listNodes()
        .filter((_n, i) => i === 0 || i === 2)
        .map((n) => n.getName()),
    );
    const rig = await loadWithThree(glb);
    expect(maxDistance(rig.worldPositions, expectedWorldPositions(skeleton, 'bind', 'y-up'))).toBeLessThan(1e-6);
  });

  it('children listed before their parents', async () => {
    const skeleton = makeSkeleton([
      { parent: -1, position: [0, 0, 1] },
      { parent: 0, position: [0, 0, 0.5] },
    ]);
    // Reorder: bone 0 is the child of bone 1 (the root).
    const [root, child] = skeleton.bones;
    child!.parent = -1;
    child!.global = child!.local = root!.global;
    root!.parent = 1;
    root!.local = { position: [0, 0, 0.5, 0], rotation: [0, 0, 0, 1] };
    root!.global = { position: [0, 0, 1.5, 0], rotation: [0, 0, 0, 1] };
    const glb = await exportGlb(skeleton);
    expect((await validate(glb)).problems).toEqual([]);
    const rig = await loadWithThree(glb);
    expect(maxDistance(rig.worldPositions, expectedWorldPositions(skeleton, 'bind', 'y-up'))).toBeLessThan(1e-6);
  });

  it('refuses what cannot be a node tree: no bones, a parent out of range, a cycle, NaN', () => {
    const empty = makeSkeleton([]);
    expect(() => buildGltfDocument(empty)).toThrow(/no bones/);
    const outOfRange = humanoid();
    outOfRange.bones[3]!.parent = 99;
    expect(() => buildGltfDocument(outOfRange)).toThrow(/parent 99/);
    const cycle = humanoid();
    cycle.bones[1]!.parent = 3;
    expect(() => buildGltfDocument(cycle)).toThrow(/cycle/);
    const nan = humanoid();
    nan.bones[2]!.local.position[0] = Number.NaN;
    expect(() => buildGltfDocument(nan)).toThrow(/bone 2's local transform is not finite/);
    expect(() => buildGltfDocument(humanoid(), { pose: 'rest' as never })).toThrow(/unknown pose/);
    expect(() => buildGltfDocument(humanoid(), { axes: 'x-up' as never })).toThrow(/unknown axes/);
  });
});

describe('helpers', () => {
  it('base64 matches Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
  });

  it('unique names keep first occurrences and never collide', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'a.1', 'a.2', 'b', 'a.1.1'), { maxLength: 12 }), (wanted) => {
        const names = makeUnique(wanted);
        expect(new Set(names).size).toBe(names.length);
        wanted.forEach((name, i) => {
          if (wanted.indexOf(name) === i) expect(names[i]).toBe(name);
          else expect(names[i]!.startsWith(`${name}.`)).toBe(true);
        });
      }),
    );
  });
});

/** Random trees: parents before children, random turns (some off unit length), some zero-length bones. */
const arbitrarySkeleton = fc
  .array(
    fc.record({
      parentPick: fc.nat(),
      position: fc.tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      ),
      zero: fc.boolean(),
      rotation: fc.tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
      ),
      stretch: fc.double({ min: 0.98, max: 1.02, noNaN: true }),
    }),
    { minLength: 1, maxLength: 24 },
  )
  .map((records) => {
    const skeleton = makeSkeleton(
      records.map((r, i) => ({
        parent: i === 0 ? -1 : r.parentPick % i,
        position: (r.zero ? [0, 0, 0] : r.position) as Vec3,
        rotation: quatNormalize(r.rotation as Quat),
      })),
      { dialect: 'anvilnext' },
    );
    records.forEach((r, i) => {
      skeleton.bones[i]!.local.rotation = skeleton.bones[i]!.local.rotation.map((c) => c * r.stretch) as Quat;
    });
    return skeleton;
  });

describe('property: any tree exports valid and viewers agree', () => {
  it('validator silent, three.js positions match', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrarySkeleton, fc.constantFrom('y-up' as const, 'z-up' as const), async (skeleton, axes) => {
        const glb = await exportGlb(skeleton, { axes });
        const report = await validate(glb);
        expect(report.problems).toEqual([]);
        const rig = await loadWithThree(glb);
        expect(rig.bones).toHaveLength(skeleton.bones.length);
        expect(maxDistance(rig.worldPositions, expectedWorldPositions(skeleton, 'bind', axes))).toBeLessThan(1e-4);
      }),
      { numRuns: 40 },
    );
  });
});

describe('unique node names at scale', () => {
  it('renames 50,000 bones of one name in linear time, each name unique', () => {
    const names = makeUnique(new Array<string>(50_000).fill('Bone'));
    expect(new Set(names).size).toBe(50_000);
    expect(names.slice(0, 3)).toEqual(['Bone', 'Bone.1', 'Bone.2']);
    expect(names[49_999]).toBe('Bone.49999');
  });
});
