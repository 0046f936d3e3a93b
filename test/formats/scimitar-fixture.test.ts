import type { ScimitarBone } from '../../src/formats/scimitar/bone.js';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/io/errors.js';
import { readResource, writeResource } from '../../src/formats/resource.js';
import { skeletonFromScimitar } from '../../src/model/from-records.js';
import { Bytes, f32 } from '../helpers/bytes.js';
import { refusal } from '../helpers/refusal.js';

const LEFT = 0xaaaa0001;
const RIGHT = 0xaaaa0002;
const ROOT = 0xaaaa0000;

/** One Bone, offset by offset from the seed's scimitar Bone table. */
function bone(
  b: Bytes,
  id: number,
  name: number,
  parent: number | null,
  transformsId: number,
  t: number[][],
  index: number,
  below: number,
  constraint?: { id: number; self: number; target: number; targetId: number },
): void {
  b.u8(0).u8(1).u32(id).u32(0x95741049).u32(name); // 0x0 tag, 0x1 managed, 0x2 id, 0x6 class, 0xA name
  if (parent === null) b.u8(3);
  else b.u8(2).u32(parent); // 0xE parent: 1 or 5 bytes
  b.u8(0).u32(transformsId).u32(0x6350e5a6); // BoneInitialTransforms: 73 bytes
  for (const v of t) b.f32(...v);
  if (constraint) {
    b.u32(1);
    b.u8(0).u32(constraint.id).u32(0x75116750).u8(2).u32(constraint.self).u8(1);
    b.u32(1).u8(0).u32(constraint.targetId).u32(0xdf638110).u8(2).u32(constraint.target).f32(0.25);
    b.u8(0).f32(0, 0, 0, 1);
  } else {
    b.u32(0);
  }
  b.u8(index).u8(below);
}

const I = [0, 0, 0, 1];
function handSkeleton(): { bytes: Uint8Array; at: Record<string, number> } {
  const b = new Bytes();
  const at: Record<string, number> = {};
  b.u8(1).u32(0x500).u32(0x24aecb7c).u32(2); // 0x0 managed, 0x1 id, 0x5 class, 0x9 unknown (2)
  at.count = b.length;
  b.u32(3); // 0xD bone count
  at.bone0 = b.length;
  bone(b, 0x10, ROOT, null, 0x20, [[0, 0, 1, 0], I, [0, 0, 1, 0], I], 0, 2);
  at.bone1 = b.length;
  bone(b, 0x11, LEFT, 0x10, 0x21, [[0, 0.2, 1, 0], I, [0, 0.2, 0, 0], I], 1, 0, { id: 0x30, self: 0x11, target: 0x12, targetId: 0x31 });
  at.bone2 = b.length;
  bone(b, 0x12, RIGHT, 0x10, 0x22, [[0, -0.2, 1, 0], I, [0, -0.2, 0, 0], I], 2, 0);
  at.root = b.length;
  b.u8(2).u32(0x10); // root
  b.u32(0xdeadbeef); // unknown
  b.u32(1); // pose groups
  b.u32(0x40).u32(0xc8f8abff).u32(1); // group, one pose
  b.u32(0x41).u32(0x209cf072).u32(9).u32(1); // pose, u32, one pose bone
  b.u32(0x42).u32(0x071cee50).u32(LEFT).f32(1, 2, 3, 0).f32(0, 0, 0, 1); // pose bone
  b.u8(0).u32(0x50).u32(0x9a33101e).u32(2).u32(LEFT).u32(RIGHT); // IK data
  at.com = b.length;
  b.u8(0).u32(0x51).u32(0x9a67179a).f32(0.1, 0.2, 0.3, 0).f32(4, 5, 6, 7); // centre of mass
  b.u32(123); // unknown
  b.u32(0x60).u32(0xe96b19a5).u32(1); // mirror data, one pair
  b.u32(0x61).u32(0xe03ca1fd).u32(LEFT).u32(RIGHT).u8(1).u8(0);
  return { bytes: b.build(), at };
}

describe('scimitar Skeleton from a hand-assembled fixture', () => {
  it('is detected as scimitar and decodes every field', () => {
    const { bytes } = handSkeleton();
    const resource = readResource(bytes)!.resource;
    if (resource.kind !== 'Skeleton' || resource.dialect !== 'scimitar') throw new Error(`got ${resource.dialect}`);
    const r = resource.record;
    expect(r.id).toBe(0x500);
    expect(r.unknown0).toBe(2);
    expect(r.bones.map((x: ScimitarBone) => x.id)).toEqual([0x10, 0x11, 0x12]);
    expect(r.bones.map((x: ScimitarBone) => x.nameHash)).toEqual([ROOT, LEFT, RIGHT]);
    expect(r.bones[0]!.parent).toEqual({ kind: 'null' });
    expect(r.bones[2]!.parent).toEqual({ kind: 'ref', id: 0x10 });
    expect(r.bones[1]!.initialTransforms.id).toBe(0x21);
    expect(r.bones[1]!.initialTransforms.globalPosition).toEqual([0, f32(0.2), 1, 0]);
    expect(r.bones[1]!.initialTransforms.localPosition).toEqual([0, f32(0.2), 0, 0]);
    const c = r.bones[1]!.constraints[0]!;
    expect(c.id).toBe(0x30);
    expect(c.bone).toEqual({ kind: 'ref', id: 0x11 });
    expect(c.flag0).toBe(1);
    expect(c.targets).toEqual([{ id: 0x31, bone: { kind: 'ref', id: 0x12 }, weight: 0.25 }]);
    expect(c.rotation).toEqual([0, 0, 0, 1]);
    expect(r.bones.map((x: ScimitarBone) => [x.index, x.descendants])).toEqual([
      [0, 2],
      [1, 0],
      [2, 0],
    ]);
    expect(r.root).toEqual({ kind: 'ref', id: 0x10 });
    expect(r.unknown1).toBe(0xdeadbeef);
    expect(r.poseGroups[0]!.poses[0]!.unknown).toBe(9);
    expect(r.poseGroups[0]!.poses[0]!.bones[0]).toEqual({ id: 0x42, boneName: LEFT, position: [1, 2, 3, 0], rotation: [0, 0, 0, 1] });
    expect(r.ikData).toEqual({ kind: 'inline', value: { id: 0x50, boneNames: [LEFT, RIGHT] } });
    expect(r.comData).toEqual({ kind: 'inline', value: { id: 0x51, value0: [f32(0.1), f32(0.2), f32(0.3), 0], value1: [4, 5, 6, 7] } });
    expect(r.unknown2).toBe(123);
    expect(r.mirrorData.pairs).toEqual([{ id: 0x61, boneNameA: LEFT, boneNameB: RIGHT, byte0: 1, byte1: 0 }]);
  });

  it('builds the model with mirror pairs resolved to bone indices', () => {
    const resource = readResource(handSkeleton().bytes)!.resource;
    if (resource.kind !== 'Skeleton' || resource.dialect !== 'scimitar') throw new Error('not scimitar');
    const model = skeletonFromScimitar(resource.record);
    expect(model.id).toBe(0x500n);
    expect(model.ownTransform).toBeNull();
    expect(model.bones.map((b) => b.parent)).toEqual([-1, 0, 0]);
    expect(model.bones.map((b) => b.mirror)).toEqual([null, 2, 1]);
    expect(model.bones.map((b) => b.descendants)).toEqual([2, 0, 0]);
  });

  it('writes back the identical bytes', () => {
    const { bytes } = handSkeleton();
    expect(writeResource(readResource(bytes)!.resource)).toEqual(bytes);
  });

  it('refuses every truncation with a ParseError', () => {
    const { bytes } = handSkeleton();
    for (let n = 9; n < bytes.length; n++) {
      expect(() => readResource(bytes.subarray(0, n)), `cut at ${n}`).toThrow(ParseError);
    }
  });

  it('refuses a wrong BoneInitialTransforms class, naming the path', () => {
    const { bytes, at } = handSkeleton();
    const bad = bytes.slice();
    bad[at.bone2! + 0x13 + 5] ^= 1; // tag 0x0..0xD, parent 5 bytes → transforms at 0x13; class at +5
    const e = refusal(bad);
    expect(e.path).toBe('bones[2].initialTransforms.classHash');
    expect(e.offset).toBe(at.bone2! + 0x13 + 5);
  });

  it('refuses a wrong managed byte on a bone', () => {
    const { bytes, at } = handSkeleton();
    const bad = bytes.slice();
    bad[at.bone1! + 1] = 0;
    const e = refusal(bad);
    expect(e.path).toBe('bones[1].managed');
    expect(e.actual).toBe('0 (0x0)');
  });

  it('refuses a constraint target that names no bone', () => {
    const { bytes, at } = handSkeleton();
    const bad = bytes.slice();
    // bone1: 0x13 + 73 = 92 → count (4) → constraint: tag, id, class, bone ref (5), flag, count (4), target: tag, id, class, bone ref
    const targetRef = at.bone1! + 0x13 + 73 + 4 + 1 + 4 + 4 + 5 + 1 + 4 + 1 + 4 + 4;
    expect(bad[targetRef]).toBe(2);
    bad[targetRef + 1] = 0x77;
    const e = refusal(bad);
    expect(e.path).toBe('bones[1].constraints[0].targets[0].bone');
    expect(e.offset).toBe(targetRef + 1);
  });

  it('refuses an inline pointer tag where only null or inline is allowed', () => {
    const { bytes, at } = handSkeleton();
    const bad = bytes.slice();
    bad[at.com!] = 2;
    const e = refusal(bad);
    expect(e.path).toBe('comData');
    expect(e.expected).toBe('a pointer tag 03 or 00');
  });

  it('refuses a bone count larger than the bytes can hold', () => {
    const { bytes, at } = handSkeleton();
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(at.count!, 100_000, true);
    const e = refusal(bad);
    expect(e.path).toBe('bones');
    expect(e.offset).toBe(at.count);
  });
});
