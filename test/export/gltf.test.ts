import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import {
  GLTF_EXPORT_DEFAULTS,
  buildGltfDocument,
  exportGlb,
  exportGltfEmbedded,
  exportGltfSeparate,
  type GltfPose,
} from '../../src/export/index.js';
import { quatLaneDifference, quatLength, type AxisConvention } from '../../src/math/index.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { bike, humanoid, makeSkeleton, oneBone, rider, stacked, unnormalized } from './fixtures.js';
import {
  expectedWorldPositions,
  loadWithThree,
  maxDistance,
  outputMatrix,
  rotationToOutputAxes,
  runtimeLocals,
  toOutputAxes,
  validate,
} from './helpers.js';

const FIXTURES: [string, () => Skeleton][] = [
  ['humanoid', () => humanoid()],
  ['rider (own transform = root local)', rider],
  ['bike (root local −90°, own +90°)', bike],
  ['one bone', oneBone],
  ['bones at identical positions', stacked],
  ['non-normalized quaternions', unnormalized],
];
const AXES: AxisConvention[] = ['y-up', 'z-up'];
const POSES: GltfPose[] = ['bind', 'runtime'];
const VARIANTS = FIXTURES.flatMap(([name, make]) =>
  AXES.flatMap((axes) => POSES.flatMap((pose) => [true, false].map((mesh) => ({ name, make, axes, pose, mesh })))),
);
const label = '$name, $axes, $pose, mesh $mesh';
/** −0 → 0: the export writes plain zeros (JSON has no −0 anyway). */
const plain = (v: readonly number[]): number[] => v.map((c) => c + 0);

describe('Khronos glTF validator: 0 errors and 0 warnings', () => {
  it.each(VARIANTS)(`glb: ${label}`, async ({ make, axes, pose, mesh }) => {
    const report = await validate(await exportGlb(make(), { axes, pose, mesh }));
    expect(report.problems).toEqual([]);
    expect([report.errors, report.warnings]).toEqual([0, 0]);
  });

  it.each(VARIANTS)(`embedded gltf: ${label}`, async ({ make, axes, pose, mesh }) => {
    const report = await validate(await exportGltfEmbedded(make(), { axes, pose, mesh }));
    expect(report.problems).toEqual([]);
    expect([report.errors, report.warnings]).toEqual([0, 0]);
  });

  it.each(FIXTURES)('separate gltf + bin: %s', async (_name, make) => {
    const { json, bin } = await exportGltfSeparate(make(), {}, 'my skeleton.bin');
    const report = await validate(json, { 'my skeleton.bin': bin });
    expect(report.problems).toEqual([]);
    expect([report.errors, report.warnings]).toEqual([0, 0]);
  });

  it('reports nothing at all for a meshed export, beyond the unused-skin note of a mesh-less one', async () => {
    expect((await validate(await exportGlb(humanoid()))).infos).toEqual([]);
    const bare = await validate(await exportGlb(humanoid(), { mesh: false }));
    expect(bare.infos.every((info) => info.startsWith('UNUSED_OBJECT'))).toBe(true);
  });
});

describe('three.js GLTFLoader sees the rig', () => {
  it.each(VARIANTS)(`bones and world positions: ${label}`, async ({ make, axes, pose, mesh }) => {
    const skeleton = make();
    const rig = await loadWithThree(await exportGlb(skeleton, { axes, pose, mesh }));
    expect(rig.hasSkinnedMesh).toBe(mesh);
    expect(rig.bones).toHaveLength(skeleton.bones.length);
    expect(maxDistance(rig.worldPositions, expectedWorldPositions(skeleton, pose, axes))).toBeLessThan(1e-4);
  });
});

describe('round trip through glTF-Transform', () => {
  it.each(FIXTURES.flatMap(([name, make]) => AXES.flatMap((axes) => POSES.map((pose) => ({ name, make, axes, pose })))))(
    'node locals equal the skeleton locals: $name, $axes, $pose',
    async ({ make, axes, pose }) => {
      const skeleton = make();
      const doc = await new WebIO().readBinary(await exportGlb(skeleton, { axes, pose }));
      const nodes = doc.getRoot().listNodes();
      const locals = pose === 'runtime' ? runtimeLocals(skeleton) : skeleton.bones.map((bone) => bone.local);
      skeleton.bones.forEach((bone, i) => {
        const node = nodes[i]!;
        expect(node.getExtras()['index']).toBe(i);
        expect(node.getTranslation()).toEqual(plain(toOutputAxes(locals[i]!.position, axes)));
        expect(quatLaneDifference(node.getRotation(), rotationToOutputAxes(locals[i]!.rotation, axes))).toBeLessThan(1e-12);
        expect(Math.abs(quatLength(node.getRotation()) - 1)).toBeLessThan(1e-12);
        expect(node.getScale()).toEqual([1, 1, 1]);
        const parent = node.getParentNode();
        expect(parent === null ? -1 : nodes.indexOf(parent)).toBe(bone.parent);
      });
      if (pose === 'runtime' && skeleton.ownTransform !== null) {
        expect(nodes[0]!.getTranslation()).toEqual(plain(toOutputAxes(skeleton.ownTransform.position, axes)));
        expect(quatLaneDifference(nodes[0]!.getRotation(), rotationToOutputAxes(skeleton.ownTransform.rotation, axes))).toBeLessThan(1e-12);
      }
    },
  );

  it.each(AXES.flatMap((axes) => POSES.map((pose) => ({ axes, pose }))))(
    'skin: all bones in order, inverse binds of the stored globals ($axes, $pose)',
    async ({ axes, pose }) => {
      const skeleton = unnormalized();
      const doc = await new WebIO().readBinary(await exportGlb(skeleton, { axes, pose }));
      const [skin] = doc.getRoot().listSkins();
      const nodes = doc.getRoot().listNodes();
      expect(skin!.listJoints()).toEqual(nodes.slice(0, skeleton.bones.length));
      expect(skin!.getSkeleton()).toBe(nodes[0]);
      const ibm = skin!.getInverseBindMatrices()!.getArray()!;
      // three.js inverts the stored global's matrix for the expectation (the exporter uses src/math).
      skeleton.bones.forEach((bone, i) => {
        const expected = outputMatrix(bone.global, axes).invert().toArray();
        expected.forEach((value, k) => expect(ibm[16 * i + k]).toBeCloseTo(value, 5));
      });
      const scene = doc.getRoot().getDefaultScene()!;
      expect(scene.listChildren()[0]).toBe(nodes[0]);
    },
  );

  it('rider: runtime and bind exports agree, the root is the own transform', async () => {
    for (const pose of POSES) {
      const doc = await new WebIO().readBinary(await exportGlb(rider(), { pose }));
      const root = doc.getRoot().listNodes()[0]!;
      expect(root.getTranslation()).toEqual([0, 0.964, 0]); // (0, 0, 0.964) in y-up: (x, z, −y)
    }
  });

  it('bike: the runtime root turns +90° (own transform), the bind root the stored −90°', async () => {
    // ±90° about engine z is (0, 0, ±S, S); engine z is glTF y in y-up, so (0, ±S, 0, S) there.
    const S = Math.SQRT1_2;
    const quarter = (degrees: 90 | -90, axes: AxisConvention): [number, number, number, number] => {
      const s = degrees > 0 ? S : -S;
      return axes === 'y-up' ? [0, s, 0, S] : [0, 0, s, S];
    };
    for (const axes of AXES) {
      const runtime = await new WebIO().readBinary(await exportGlb(bike(), { pose: 'runtime', axes }));
      const bind = await new WebIO().readBinary(await exportGlb(bike(), { pose: 'bind', axes }));
      const runtimeRoot = runtime.getRoot().listNodes()[0]!;
      const bindRoot = bind.getRoot().listNodes()[0]!;
      expect(quatLaneDifference(runtimeRoot.getRotation(), quarter(90, axes))).toBeLessThan(1e-12);
      expect(quatLaneDifference(bindRoot.getRotation(), quarter(-90, axes))).toBeLessThan(1e-12);
      expect(runtimeRoot.getTranslation()).toEqual(axes === 'y-up' ? [0, 0.4, 0] : [0, 0, 0.4]); // own at (0, 0, 0.4)
    }
    // The own transform's quarter turn takes the bike's front (+x in bone space) to the game's +y,
    // which y-up glTF calls −z.
    const rig = await loadWithThree(await exportGlb(bike(), { pose: 'runtime' }));
    const [frame, frontWheel] = rig.worldPositions;
    expect(frontWheel![2] - frame![2]).toBeLessThan(-0.5);
  });
});

describe('document shape', () => {
  it('writes a hand-worked two-bone rig: y-up locals and inverse binds', async () => {
    const S = Math.SQRT1_2;
    // Root at (0, 0, 1) turned 90° about z; child one unit along the root's x. The quarter turn
    // points that x along engine y, so the child's global is (0, 1, 1) with the same turn.
    const skeleton = makeSkeleton([
      { parent: -1, position: [0, 0, 1], rotation: [0, 0, S, S] },
      { parent: 0, position: [1, 0, 0] },
    ]);
    skeleton.bones[1]!.global = { position: [0, 1, 1, 0], rotation: [0, 0, S, S] };
    const doc = await new WebIO().readBinary(await exportGlb(skeleton, { axes: 'y-up', mesh: false }));
    const [root, child] = doc.getRoot().listNodes();
    // (x, y, z) → (x, z, −y): the root sits at (0, 1, 0), the child's local is (1, 0, 0).
    expect(plain(root!.getTranslation())).toEqual([0, 1, 0]);
    expect(plain(child!.getTranslation())).toEqual([1, 0, 0]);
    expect(quatLaneDifference(root!.getRotation(), [0, S, 0, S])).toBeLessThan(1e-12);
    // A quarter turn about glTF y has columns x → (0, 0, −1), y → y, z → (1, 0, 0); its inverse is
    // the transpose, and the inverse translation −Rᵀp: root p = (0, 1, 0) → (0, −1, 0); child
    // p = (0, 1, −1) → Rᵀp = (1, 1, 0) → (−1, −1, 0). Column-major:
    const ibm = Array.from(doc.getRoot().listSkins()[0]!.getInverseBindMatrices()!.getArray()!);
    const expected = [
      [0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, -1, 0, 1],
      [0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, 0, -1, -1, 0, 1],
    ].flat();
    expected.forEach((value, k) => expect(ibm[k], `matrix entry ${k}`).toBeCloseTo(value, 6));
  });

  it('defaults come from GLTF_EXPORT_DEFAULTS', async () => {
    expect(GLTF_EXPORT_DEFAULTS).toEqual({ pose: 'bind', axes: 'y-up', mesh: true });
    const doc = buildGltfDocument(bike());
    expect(doc.getRoot().listMeshes()).toHaveLength(1);
    expect(doc.getRoot().getDefaultScene()!.getExtras()).toMatchObject({ pose: 'bind', axes: 'y-up' });
    // The stored −90° about engine z is −90° about glTF +y in y-up.
    expect(quatLaneDifference(doc.getRoot().listNodes()[0]!.getRotation(), [0, -Math.SQRT1_2, 0, Math.SQRT1_2])).toBeLessThan(1e-12);
  });

  it('names: resolved, else bone_0xXXXXXXXX, duplicates made unique', () => {
    const skeleton = humanoid('anvilnext');
    skeleton.bones[3]!.nameHash = 0xbeef;
    const names: Record<number, string> = { 0: 'Hips', 1: 'Spine', 2: 'Spine', 4: 'Spine.1', 5: 'Spine' };
    const doc = buildGltfDocument(skeleton, { boneName: (bone) => names[bone.index] ?? null });
    const nodeNames = doc
      .getRoot()
      .listNodes()
      .map((node) => node.getName());
    expect(nodeNames.slice(0, 6)).toEqual(['Hips', 'Spine', 'Spine.2', 'bone_0x0000BEEF', 'Spine.1', 'Spine.3']);
    expect(new Set(nodeNames).size).toBe(nodeNames.length);
    expect(doc.getRoot().listNodes()[3]!.getExtras()).toEqual({ nameHash: '0x0000BEEF', id: '0x1234567800000003', index: 3 });
  });

  it('ids are 8 hex digits in scimitar, 16 in anvilnext', () => {
    const scimitar = buildGltfDocument(humanoid('scimitar')).getRoot().listNodes()[2]!.getExtras();
    expect(scimitar['id']).toBe('0x40000002');
    expect(buildGltfDocument(rider()).getRoot().listNodes()[0]!.getExtras()['id']).toMatch(/^0x[0-9A-F]{16}$/);
  });

  it('no mesh: bones and skin only', () => {
    const root = buildGltfDocument(humanoid(), { mesh: false }).getRoot();
    expect(root.listMeshes()).toHaveLength(0);
    expect(root.listNodes()).toHaveLength(humanoid().bones.length);
    expect(root.listSkins()[0]!.listJoints()).toHaveLength(humanoid().bones.length);
  });

  it('z-up keeps the engine numbers', () => {
    const node = buildGltfDocument(rider(), { axes: 'z-up' }).getRoot().listNodes()[0]!;
    expect(node.getTranslation()).toEqual([0, 0, 0.964]);
    expect(buildGltfDocument(rider()).getRoot().listNodes()[0]!.getTranslation()).toEqual([0, 0.964, 0]);
  });

  it('the separate buffer is named by its (percent-encoded) file name', async () => {
    const { json } = await exportGltfSeparate(oneBone(), { mesh: false }, 'a b.bin');
    expect(JSON.parse(json).buffers[0].uri).toBe('a%20b.bin');
    await expect(exportGltfSeparate(oneBone(), {}, 'dir/a.bin')).rejects.toThrow(/plain file name/);
    await expect(exportGltfSeparate(oneBone(), {}, '')).rejects.toThrow(/plain file name/);
  });

  it('the embedded buffer is a base64 data URI', async () => {
    const json = JSON.parse(await exportGltfEmbedded(oneBone()));
    expect(json.buffers).toHaveLength(1);
    expect(json.buffers[0].uri).toMatch(/^data:application\/octet-stream;base64,[A-Za-z0-9+/]+=*$/);
  });
});
