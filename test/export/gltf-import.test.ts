/**
 * Applying an edited glTF armature back onto its Skeleton. Expectations come from outside the
 * importer: the original bytes (an unedited round trip), the axis rule as the export documents it
 * written out here by hand, three.js' quaternions for the composed transforms, and transform field
 * offsets worked out from docs/format-*.md.
 */
import { WebIO, type Document, type Node } from '@gltf-transform/core';
import fc from 'fast-check';
import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { checkSkeletonResource, isBlockingFailure } from '../../src/analysis/check-resource.js';
import { ANVILNEXT_READING_CHOICES, type AnvilnextReading } from '../../src/formats/anvilnext/reading.js';
import { readResource, writeResource, type Resource } from '../../src/formats/resource.js';
import {
  applyArmature,
  ArmatureImportError,
  exportGlb,
  exportGltfEmbedded,
  exportGltfSeparate,
  type ArmatureRefusalReason,
} from '../../src/gltf.js';
import type { AxisConvention } from '../../src/math/axes.js';
import { anvilnextRecordFromSkeleton, scimitarRecordFromSkeleton } from '../../src/model/from-records.js';
import { skeletonFromResource } from '../../src/model/read.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { NameDictionary } from '../../src/names/dictionary.js';
import { inventoryCorpus, sampleCorpus, sampleNames } from '../../src/samples.js';
import { unnormalized } from './fixtures.js';

type SkeletonResource = Extract<Resource, { kind: 'Skeleton' }>;
const AXES: AxisConvention[] = ['y-up', 'z-up'];
const io = new WebIO();

function read(bytes: Uint8Array, reading?: AnvilnextReading): SkeletonResource {
  const resource = readResource(bytes, reading ? { reading } : {})!.resource;
  if (resource.kind !== 'Skeleton') throw new Error('not a Skeleton');
  return resource;
}

const SAMPLES = sampleCorpus()
  .filter((file) => file.path.endsWith('.Skeleton'))
  .map((file) => ({ path: file.path, bytes: file.bytes }));
const names = new NameDictionary(sampleNames());
const boneName = (bone: { nameHash: number }) => names.resolve(bone.nameHash);
const model = (resource: SkeletonResource): Skeleton => skeletonFromResource(resource);
const bytesOf = (resource: SkeletonResource) => writeResource(resource);

/** Every combination of the anvilnext reading options (the registered layout variants). */
const READINGS: AnvilnextReading[] = ANVILNEXT_READING_CHOICES.reflexConstraints.flatMap((reflexConstraints) =>
  ANVILNEXT_READING_CHOICES.poseBoneHeader.map((poseBoneHeader) => ({ reflexConstraints, poseBoneHeader })),
);

/** A few inventory-generator skeletons of either layout, rigs these tests were not written around. */
function inventorySkeletons(): { path: string; bytes: Uint8Array }[] {
  const found: { path: string; bytes: Uint8Array }[] = [];
  let anvilnext = 0;
  for (const file of inventoryCorpus({ seed: 11 })) {
    if (file.path.endsWith('.SkeletonComponent')) continue;
    const isAnvilnext = file.path.startsWith('anvilnext/');
    if (isAnvilnext && anvilnext >= 6) continue;
    if (isAnvilnext) anvilnext++;
    found.push({ path: file.path, bytes: file.bytes });
    if (!isAnvilnext && found.length >= 12) break;
  }
  return found;
}

describe('an unedited round trip gives back the original bytes', () => {
  it.each(SAMPLES.flatMap((s) => AXES.map((axes) => ({ ...s, axes }))))('$path, $axes, .glb', async ({ bytes, axes }) => {
    const resource = read(bytes);
    const result = await applyArmature(resource, await exportGlb(model(resource), { axes, boneName }));
    expect(Buffer.from(result.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(result.changes).toEqual([]);
    expect(result.axes).toBe(axes);
  });

  it.each(SAMPLES.flatMap((s) => AXES.map((axes) => ({ ...s, axes }))))(
    '$path, $axes, .gltf embedded and separate',
    async ({ bytes, axes }) => {
      const resource = read(bytes);
      const embedded = new TextEncoder().encode(await exportGltfEmbedded(model(resource), { axes }));
      expect(Buffer.from((await applyArmature(resource, embedded)).bytes).equals(Buffer.from(bytes))).toBe(true);
      const { json, bin } = await exportGltfSeparate(model(resource), { axes, mesh: false }, 'rig.bin');
      const separate = await applyArmature(resource, { json: new TextEncoder().encode(json), resources: { 'rig.bin': bin } });
      expect(Buffer.from(separate.bytes).equals(Buffer.from(bytes))).toBe(true);
    },
  );

  it.each(inventorySkeletons().flatMap((s) => AXES.map((axes) => ({ ...s, axes }))))('inventory $path, $axes', async ({ bytes, axes }) => {
    const resource = read(bytes);
    const result = await applyArmature(resource, await exportGlb(model(resource), { axes }));
    expect(Buffer.from(result.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(READINGS)('every anvilnext reading variant: $reflexConstraints, $poseBoneHeader', async (reading) => {
    // The rider has pose groups and Reflex constraints, the portions the readings frame differently.
    const rider = read(SAMPLES.find((s) => s.path.endsWith('MAD_CHR_Skel_U.Skeleton'))!.bytes);
    const variantBytes = writeResource({ ...rider, reading } as SkeletonResource);
    const resource = read(variantBytes, reading);
    for (const axes of AXES) {
      const result = await applyArmature(resource, await exportGlb(model(resource), { axes }));
      expect(Buffer.from(result.bytes).equals(Buffer.from(variantBytes))).toBe(true);
    }
  });

  it('stored rotations that are not unit (the export normalizes them) keep their bits', async () => {
    const skeleton = unnormalized();
    for (const resource of [
      { kind: 'Skeleton', dialect: 'anvilnext', record: anvilnextRecordFromSkeleton(skeleton), reading: READINGS[0]! },
      { kind: 'Skeleton', dialect: 'scimitar', record: scimitarRecordFromSkeleton({ ...skeleton, dialect: 'scimitar' }) },
    ] as SkeletonResource[]) {
      const bytes = writeResource(resource);
      const decoded = read(bytes);
      const result = await applyArmature(decoded, await exportGlb(model(decoded)));
      expect(Buffer.from(result.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('an editor writing single precision, negated quaternions and no extras still gives the original bytes', async () => {
    for (const { bytes } of SAMPLES) {
      const resource = read(bytes);
      const doc = await io.readBinary(await exportGlb(model(resource), { boneName }));
      for (const node of doc.getRoot().listNodes()) {
        // f32 rounding as an editor storing floats would, q → −q (the same turn), and the extras lost.
        node.setTranslation(node.getTranslation().map((c) => Math.fround(c)) as [number, number, number]);
        node.setRotation(node.getRotation().map((c) => -Math.fround(c)) as [number, number, number, number]);
        node.setExtras({});
      }
      for (const scene of doc.getRoot().listScenes()) scene.setExtras({});
      const result = await applyArmature(resource, await io.writeBinary(doc), { boneName });
      expect(Buffer.from(result.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(result.matchedBy).toEqual({ extras: 0, name: model(resource).bones.length });
    }
  });

  it('matches by hash, never by position in the node list (nodes written in reverse order)', async () => {
    for (const { bytes } of SAMPLES) {
      const resource = read(bytes);
      const json = JSON.parse(await exportGltfEmbedded(model(resource))) as GltfJson;
      const reversed = reverseNodes(json);
      const result = await applyArmature(resource, new TextEncoder().encode(JSON.stringify(reversed)));
      expect(Buffer.from(result.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });
});

interface GltfJson {
  nodes: { children?: number[]; [key: string]: unknown }[];
  scenes: { nodes: number[] }[];
  skins: { joints: number[]; skeleton?: number }[];
}

/** The same document with its nodes array reversed and every node reference renumbered. */
function reverseNodes(json: GltfJson): GltfJson {
  const n = json.nodes.length;
  const map = (i: number) => n - 1 - i;
  return {
    ...json,
    nodes: [...json.nodes].reverse().map((node) => (node.children ? { ...node, children: node.children.map(map) } : node)),
    scenes: json.scenes.map((scene) => ({ ...scene, nodes: scene.nodes.map(map) })),
    skins: json.skins.map((skin) => ({
      ...skin,
      joints: skin.joints.map(map),
      ...(skin.skeleton !== undefined ? { skeleton: map(skin.skeleton) } : {}),
    })),
  };
}

// ---- an edit made in glTF space ------------------------------------------------------------

/** The bones the edit touches, by the CRC-32 of their names (both samples have them). */
const LEFT_FORE_ARM = 0x89b93a80;
const RIGHT_ARM = 0x6bb3f727;
/** The translation added to LeftForeArm's node, in glTF space. */
const MOVE_GLTF: [number, number, number] = [0.1, 0.2, -0.05];

/**
 * The same vector in engine axes, by hand. `y-up` maps engine (x, y, z) to glTF (x, z, −y), so
 * glTF (a, b, c) is engine (a, −c, b): (0.1, 0.2, −0.05) → (0.1, 0.05, 0.2). `z-up` keeps it.
 */
const MOVE_ENGINE: Record<AxisConvention, [number, number, number]> = { 'y-up': [0.1, 0.05, 0.2], 'z-up': [0.1, 0.2, -0.05] };
/** glTF +y is engine +z under `y-up` (engine z ↦ glTF y), and engine +y under `z-up`. */
const TURN_AXIS_ENGINE: Record<AxisConvention, [number, number, number]> = { 'y-up': [0, 0, 1], 'z-up': [0, 1, 0] };

function nodeByHash(doc: Document, hash: number): Node {
  const wanted = `0x${hash.toString(16).toUpperCase().padStart(8, '0')}`;
  const node = doc
    .getRoot()
    .listNodes()
    .find((n) => (n.getExtras() as { nameHash?: string }).nameHash === wanted);
  if (!node) throw new Error(`no node ${wanted}`);
  return node;
}

/** The edit: LeftForeArm moved by MOVE_GLTF, RightArm turned 90° about glTF +y (in its parent's frame). */
async function editedGlb(skeleton: Skeleton, axes: AxisConvention): Promise<Uint8Array> {
  const doc = await io.readBinary(await exportGlb(skeleton, { axes }));
  const moved = nodeByHash(doc, LEFT_FORE_ARM);
  const t = moved.getTranslation();
  moved.setTranslation([t[0] + MOVE_GLTF[0], t[1] + MOVE_GLTF[1], t[2] + MOVE_GLTF[2]]);
  const turned = nodeByHash(doc, RIGHT_ARM);
  const r = turned.getRotation();
  const q = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), Math.PI / 2).multiply(new Quaternion(r[0], r[1], r[2], r[3]));
  turned.setRotation([q.x, q.y, q.z, q.w]);
  return io.writeBinary(doc);
}

const f32 = (bytes: Uint8Array, offset: number): number => new DataView(bytes.buffer, bytes.byteOffset).getFloat32(offset, true);
const vec4At = (bytes: Uint8Array, offset: number): number[] => [0, 1, 2, 3].map((k) => f32(bytes, offset + 4 * k));
const quatDistance = (a: readonly number[], b: readonly number[]) =>
  Math.min(Math.max(...a.map((c, k) => Math.abs(c - b[k]!))), Math.max(...a.map((c, k) => Math.abs(c + b[k]!))));

/**
 * Where each bone's four transforms start (global position; global rotation +16, local position
 * +32, local rotation +48), from docs/format-*.md. anvilnext Bone: tag 1 + id 8 + class 4 + name
 * 4, then three pointers (03 alone, or 02 + u64 id). scimitar Bone: tag 1 + managed 1 + id 4 +
 * class 4 + name 4, the parent (03, or 02 + u32), then BoneInitialTransforms' tag 1 + id 4 + class 4.
 * A bone's record is found by its header bytes: tag, id and the Bone class 0x95741049.
 */
function transformOffsets(bytes: Uint8Array, resource: SkeletonResource): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const ids = model(resource).bones.map((b) => b.id);
  let from = 0;
  return ids.map((id) => {
    const header =
      resource.dialect === 'anvilnext'
        ? [0, ...Array.from({ length: 8 }, (_, k) => Number((id >> BigInt(8 * k)) & 0xffn)), 0x49, 0x10, 0x74, 0x95]
        : [0, 1, ...Array.from({ length: 4 }, (_, k) => Number((id >> BigInt(8 * k)) & 0xffn)), 0x49, 0x10, 0x74, 0x95];
    let start = from;
    while (!header.every((byte, k) => bytes[start + k] === byte)) start++;
    from = start + header.length;
    let at = start + header.length + 4; // after the name hash
    if (resource.dialect === 'anvilnext') {
      for (let pointer = 0; pointer < 3; pointer++) at += bytes[at] === 0x02 ? 9 : 1;
      return at;
    }
    at += bytes[at] === 0x02 ? 5 : 1;
    expect(view.getUint32(at + 5, true)).toBe(0x6350e5a6); // BoneInitialTransforms' class: the offsets are right
    return at + 9;
  });
}

describe('an edit made in glTF space', () => {
  const cases = SAMPLES.filter((s) => /MAD_CHR_Skel_U|SWS_Skater/.test(s.path)).flatMap((s) => AXES.map((axes) => ({ ...s, axes })));

  it.each(cases)('$path, $axes: the engine-space locals worked out by hand', async ({ bytes, axes }) => {
    const resource = read(bytes);
    const skeleton = model(resource);
    const result = await applyArmature(resource, await editedGlb(skeleton, axes));
    const out = result.bytes;
    const offsets = transformOffsets(bytes, resource);
    const movedIndex = skeleton.bones.findIndex((b) => b.nameHash === LEFT_FORE_ARM);
    const turnedIndex = skeleton.bones.findIndex((b) => b.nameHash === RIGHT_ARM);

    // LeftForeArm: the old local position plus the vector in engine axes; its rotation untouched.
    const oldPosition = vec4At(bytes, offsets[movedIndex]! + 32);
    const newPosition = vec4At(out, offsets[movedIndex]! + 32);
    [0, 1, 2].forEach((k) => expect(newPosition[k]).toBeCloseTo(oldPosition[k]! + MOVE_ENGINE[axes][k]!, 6));
    expect(newPosition[3]).toBe(oldPosition[3]);
    expect(out.subarray(offsets[movedIndex]! + 48, offsets[movedIndex]! + 64)).toEqual(
      bytes.subarray(offsets[movedIndex]! + 48, offsets[movedIndex]! + 64),
    );

    // RightArm: 90° about the engine axis glTF +y stands for, applied before (outside) the old local.
    const [x, y, z, w] = vec4At(bytes, offsets[turnedIndex]! + 48);
    const expected = new Quaternion()
      .setFromAxisAngle(new Vector3(...TURN_AXIS_ENGINE[axes]), Math.PI / 2)
      .multiply(new Quaternion(x, y, z, w).normalize());
    expect(quatDistance(vec4At(out, offsets[turnedIndex]! + 48), [expected.x, expected.y, expected.z, expected.w])).toBeLessThan(1e-6);
    expect(out.subarray(offsets[turnedIndex]! + 32, offsets[turnedIndex]! + 48)).toEqual(
      bytes.subarray(offsets[turnedIndex]! + 32, offsets[turnedIndex]! + 48),
    );

    // The report says the same, in engine axes.
    expect(result.changes.map((c) => c.index)).toEqual([movedIndex, turnedIndex].sort((a, b) => a - b));
    const move = result.changes.find((c) => c.index === movedIndex)!;
    move.translation.forEach((d, k) => expect(d).toBeCloseTo(MOVE_ENGINE[axes][k]!, 6));
    expect(move.rotationDegrees).toBe(0);
    expect(result.changes.find((c) => c.index === turnedIndex)!.rotationDegrees).toBeCloseTo(90, 4);
  });

  it.each(cases)('$path, $axes: globals compose, and every byte outside the changed transforms is kept', async ({ bytes, axes }) => {
    const resource = read(bytes);
    const skeleton = model(resource);
    const result = await applyArmature(resource, await editedGlb(skeleton, axes));
    const out = result.bytes;
    expect(out.length).toBe(bytes.length);
    const offsets = transformOffsets(bytes, resource);
    const movedIndex = skeleton.bones.findIndex((b) => b.nameHash === LEFT_FORE_ARM);
    const turnedIndex = skeleton.bones.findIndex((b) => b.nameHash === RIGHT_ARM);

    // Which bones' globals may change: the two edited bones and every bone below them.
    const below = (bone: number, top: number): boolean => bone === top || (bone !== -1 && below(skeleton.bones[bone]!.parent, top));
    const moved = skeleton.bones.map((_b, i) => below(i, movedIndex) || below(i, turnedIndex));
    expect(moved.filter(Boolean).length).toBeGreaterThan(2); // the edit reaches bones below the edited two

    // Every byte that differs lies in a field the edit may change: an edited bone's local lanes, or
    // the global position or rotation of a moved bone.
    const allowed = new Uint8Array(bytes.length);
    skeleton.bones.forEach((_b, i) => {
      if (moved[i]) allowed.fill(1, offsets[i]!, offsets[i]! + 32);
      if (i === movedIndex || i === turnedIndex) allowed.fill(1, offsets[i]! + 32, offsets[i]! + 64);
    });
    const stray = [...out].map((byte, i) => (byte !== bytes[i] && allowed[i] === 0 ? i : -1)).filter((i) => i >= 0);
    expect(stray).toEqual([]);
    // Bones the edit did not reach keep all 64 bytes of their transforms.
    skeleton.bones.forEach((_b, i) => {
      if (!moved[i]) expect(out.subarray(offsets[i]!, offsets[i]! + 64)).toEqual(bytes.subarray(offsets[i]!, offsets[i]! + 64));
    });

    // Every stored global is its parent's global composed with its local (three.js' quaternions).
    skeleton.bones.forEach((bone, i) => {
      const gp = vec4At(out, offsets[i]!);
      const gr = vec4At(out, offsets[i]! + 16);
      const lp = vec4At(out, offsets[i]! + 32);
      const lr = vec4At(out, offsets[i]! + 48);
      if (bone.parent === -1) {
        expect(gp.slice(0, 3)).toEqual(lp.slice(0, 3));
        expect(gr).toEqual(lr);
        return;
      }
      const pp = vec4At(out, offsets[bone.parent]!);
      const pr = vec4At(out, offsets[bone.parent]! + 16);
      const parentTurn = new Quaternion(pr[0], pr[1], pr[2], pr[3]);
      const position = new Vector3(lp[0], lp[1], lp[2]).applyQuaternion(parentTurn).add(new Vector3(pp[0], pp[1], pp[2]));
      const rotation = parentTurn.clone().multiply(new Quaternion(lr[0], lr[1], lr[2], lr[3]));
      const tolerance = moved[i] ? 1e-6 : 1e-3; // exact where recomputed; the sample's own precision elsewhere
      expect(Math.max(...position.toArray().map((c, k) => Math.abs(c - gp[k]!)))).toBeLessThan(tolerance);
      expect(quatDistance(gr, [rotation.x, rotation.y, rotation.z, rotation.w])).toBeLessThan(tolerance);
    });

    // And the named checks hold on the written file.
    const checks = checkSkeletonResource(read(out), (hash) => names.resolve(hash));
    expect(checks.filter((check) => isBlockingFailure(check, false)).map((c) => c.id)).toEqual([]);
    expect(checks.find((c) => c.id === 'global-composition')!.status).toBe('held');
  });
});

// ---- refusals --------------------------------------------------------------------------------

const rider = () => read(SAMPLES.find((s) => s.path.endsWith('MAD_CHR_Skel_U.Skeleton'))!.bytes);

async function riderDoc(options: Parameters<typeof exportGlb>[1] = {}): Promise<{ resource: SkeletonResource; doc: Document }> {
  const resource = rider();
  return { resource, doc: await io.readBinary(await exportGlb(model(resource), { boneName, ...options })) };
}

async function refusal(resource: Resource, gltf: Uint8Array, options = {}): Promise<ArmatureImportError> {
  try {
    await applyArmature(resource, gltf, { boneName, ...options });
  } catch (error) {
    if (error instanceof ArmatureImportError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('refused with a message naming the node or bone', () => {
  const expectRefusal = (error: ArmatureImportError, reason: ArmatureRefusalReason, ...parts: string[]) => {
    expect(error.reason).toBe(reason);
    for (const part of parts) expect(error.message).toContain(part);
  };

  it('a node scale other than 1', async () => {
    const { resource, doc } = await riderDoc();
    nodeByHash(doc, LEFT_FORE_ARM).setScale([1, 1.5, 1]);
    expectRefusal(await refusal(resource, await io.writeBinary(doc)), 'scale', "node 'LeftForeArm'", 'scale (1, 1.5, 1)');
  });

  it('a bone reparented', async () => {
    const { resource, doc } = await riderDoc();
    nodeByHash(doc, RIGHT_ARM).addChild(nodeByHash(doc, LEFT_FORE_ARM)); // glTF-Transform moves it from its old parent
    expectRefusal(
      await refusal(resource, await io.writeBinary(doc)),
      'hierarchy',
      'bone 9 (LeftForeArm) was reparented',
      'LeftArm',
      'RightArm',
    );
  });

  it('a bone added', async () => {
    const { resource, doc } = await riderDoc();
    const extra = doc.createNode('LeftHandPinky1');
    nodeByHash(doc, 0xb675f36c).addChild(extra); // LeftHand
    doc.getRoot().listSkins()[0]!.addJoint(extra);
    expectRefusal(await refusal(resource, await io.writeBinary(doc)), 'hierarchy', 'bone added', "node 'LeftHandPinky1'");
  });

  it('a bone removed', async () => {
    const { resource, doc } = await riderDoc({ mesh: false });
    nodeByHash(doc, 0x42be0fcb).dispose(); // RightToeBase, a leaf
    expectRefusal(await refusal(resource, await io.writeBinary(doc)), 'hierarchy', 'bone removed', 'bone 30 (RightToeBase)');
  });

  it('a glTF without the skin', async () => {
    const { resource, doc } = await riderDoc();
    for (const skin of doc.getRoot().listSkins()) skin.dispose();
    expectRefusal(await refusal(resource, await io.writeBinary(doc)), 'no-skin', 'no skin');
  });

  it('a node whose hash matches no bone', async () => {
    const { resource, doc } = await riderDoc();
    const node = nodeByHash(doc, LEFT_FORE_ARM);
    node.setExtras({ ...node.getExtras(), nameHash: '0x12345678' });
    expectRefusal(await refusal(resource, await io.writeBinary(doc)), 'unknown-node', "node 'LeftForeArm'", '0x12345678 names no bone');
  });

  it('a --pose runtime export', async () => {
    const resource = rider();
    expectRefusal(
      await refusal(resource, await exportGlb(model(resource), { pose: 'runtime' })),
      'runtime-pose',
      '--pose runtime',
      '--pose bind',
    );
  });

  it('axes other than those the export recorded', async () => {
    const resource = rider();
    expectRefusal(await refusal(resource, await exportGlb(model(resource), { axes: 'z-up' }), { axes: 'y-up' }), 'axes', '--axes z-up');
  });

  it('a glTF exported from another skeleton', async () => {
    const bike = read(SAMPLES.find((s) => s.path.endsWith('MAD_CHR_Skel_Bike_U.Skeleton'))!.bytes);
    expectRefusal(await refusal(rider(), await exportGlb(model(bike))), 'other-skeleton', '0x3A1F000000010000');
  });

  it('a node above the root that moves it', async () => {
    const { resource, doc } = await riderDoc({ mesh: false });
    const holder = doc.createNode('Armature').setTranslation([0, 1, 0]);
    const root = nodeByHash(doc, 0x2c52cbb0); // Reference
    const scene = doc.getRoot().listScenes()[0]!;
    scene.removeChild(root);
    holder.addChild(root);
    scene.addChild(holder);
    expectRefusal(await refusal(resource, await io.writeBinary(doc)), 'transform', "node 'Armature'", 'bone 0 (Reference)');
    holder.setTranslation([0, 0, 0]); // an identity holder (an editor's armature object) is fine
    expect(Buffer.from((await applyArmature(resource, await io.writeBinary(doc))).bytes).equals(Buffer.from(writeResource(resource)))).toBe(
      true,
    );
  });

  it('bytes that are not glTF, and a SkeletonComponent', async () => {
    expectRefusal(await refusal(rider(), new Uint8Array([1, 2, 3, 4])), 'not-gltf');
    const component = readResource(sampleCorpus().find((f) => f.path.endsWith('MAD_CHR_Rider.SkeletonComponent'))!.bytes)!.resource;
    expectRefusal(await refusal(component, await exportGlb(model(rider()))), 'not-a-skeleton', 'SkeletonComponent');
  });

  it('never changes the resource it was given', async () => {
    const resource = rider();
    const before = bytesOf(resource);
    await applyArmature(resource, await editedGlb(model(resource), 'y-up'));
    expect(bytesOf(resource)).toEqual(before);
  });
});

describe('any bone moved by any vector', () => {
  it('moves by exactly that vector in engine axes and changes no other local (property)', async () => {
    const resources = [...SAMPLES, ...inventorySkeletons().slice(0, 4)].map((s) => read(s.bytes));
    const glbs = await Promise.all(resources.map((r) => exportGlb(model(r), { mesh: false })));
    await fc.assert(
      fc.asyncProperty(
        fc.nat(resources.length - 1),
        fc.nat(),
        fc.tuple(...[0, 1, 2].map(() => fc.double({ min: -2, max: 2, noNaN: true }))),
        async (which, pick, move) => {
          const resource = resources[which]!;
          const skeleton = model(resource);
          const bone = pick % skeleton.bones.length;
          const doc = await io.readBinary(glbs[which]!);
          const node = doc
            .getRoot()
            .listNodes()
            .find((n) => (n.getExtras() as { index?: number }).index === bone)!;
          const t = node.getTranslation();
          node.setTranslation([t[0] + move[0]!, t[1] + move[1]!, t[2] + move[2]!]);
          const result = await applyArmature(resource, await io.writeBinary(doc));
          const after = model(result.resource);
          // y-up: glTF (a, b, c) is engine (a, −c, b).
          const engine = [move[0]!, -move[2]!, move[1]!];
          [0, 1, 2].forEach((k) => {
            const before = skeleton.bones[bone]!.local.position[k]!;
            const expected = before + engine[k]!;
            const got = after.bones[bone]!.local.position[k]!;
            // A lane within 1e-6 of the old one keeps its bits; else the f32 nearest the sum.
            const scale = Math.max(1, Math.abs(expected));
            const moved = Math.abs(got - expected) <= 4e-7 * scale;
            const size = Math.abs(engine[k]!);
            // Near the threshold the glTF's own f32 rounding of the node decides which side a move
            // falls on (a move of 1.0000000000000002e-6 may arrive as 1e-6 or less): either is right.
            if (size > 0.5e-6 * scale && size < 2e-6 * scale) expect(got === before || moved, `lane ${k}`).toBe(true);
            else if (size <= 1e-6 * scale) expect(Math.abs(got - expected)).toBeLessThanOrEqual(1e-6);
            else expect(moved, `lane ${k}: ${got} for ${expected}`).toBe(true);
          });
          after.bones.forEach((b, i) => {
            if (i === bone) return;
            expect(b.local.position).toEqual(skeleton.bones[i]!.local.position);
            expect(b.local.rotation).toEqual(skeleton.bones[i]!.local.rotation);
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('a .gltf whose buffer is missing', () => {
  it('is refused naming the buffer, not with a reader error', async () => {
    const resource = rider();
    const { json } = await exportGltfSeparate(model(resource), {}, 'rig.bin');
    const error = await refusal(resource, new TextEncoder().encode(json));
    expect(error.reason).toBe('not-gltf');
    expect(error.message).toContain("buffers[0] is the external file 'rig.bin'");
  });
});
