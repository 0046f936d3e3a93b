import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/io/errors.js';
import { readResource, writeResource } from '../../src/formats/resource.js';
import { skeletonFromAnvilnext } from '../../src/model/from-records.js';
import { Bytes, f32 } from '../helpers/bytes.js';
import { refusal } from '../helpers/refusal.js';

const SKELETON = 0x24aecb7c;
const BONE = 0x95741049;
const HIPS = 0xded10611;
const SPINE = 0x12345678;
const S = Math.SQRT1_2;

/** One Bone, row by row from the `anvilnext` Bone table. */
function bone(
  b: Bytes,
  id: bigint,
  name: number,
  parent: bigint | null,
  mirror: bigint | null,
  t: number[][],
  packed: number,
  words: number[] = [],
): void {
  b.u8(0).u64(id).u32(BONE).u32(name);
  if (parent === null) b.u8(3);
  else b.u8(2).u64(parent);
  if (mirror === null) b.u8(3);
  else b.u8(2).u64(mirror);
  b.u8(3); // BoneDisplayData null
  for (const v of t) b.f32(...v);
  b.u8(9); // a byte
  b.u32(5); // an enum
  b.u32(0); // BoneModifier array: empty
  b.u32(words.length);
  for (const w of words) b.u32(w);
  b.u32(7);
  b.f32(1);
  b.u32(packed);
}

const rootT = [
  [0, 0, 0.964, 0],
  [0, 0, S, S],
  [0, 0, 0.964, 0],
  [0, 0, S, S],
];
const childT = [
  [0, 0.1, 1.064, 0],
  [0, 0, S, S],
  [0.1, 0, 0, 0],
  [0, 0, 0, 1],
];

/** A two-bone Skeleton with every portion populated, byte by byte from docs/format-anvilnext.md. */
function handSkeleton(): { bytes: Uint8Array; offsets: Record<string, number> } {
  const b = new Bytes();
  const offsets: Record<string, number> = {};
  b.u64(0x1122334455667788n).u32(SKELETON);
  b.u8(1); // managed prefix
  b.u32(14); // SkeletonType
  offsets.boneCount = b.length;
  b.u32(2);
  offsets.bone0 = b.length;
  bone(b, 0x100n, HIPS, null, 0x100n, rootT, (1 << 16) | 0);
  offsets.bone1 = b.length;
  bone(b, 0x101n, SPINE, 0x100n, 0x101n, childT, (0 << 16) | 1, [42, 43]);
  offsets.root = b.length;
  b.u8(2).u64(0x100n); // root back-reference
  b.f32(0, 0, 0.964, 0).f32(0, 0, S, S); // own transform
  b.u8(3).u8(0).u64(0n); // BodyPartMapping null
  offsets.poseGroups = b.length;
  b.u32(1); // one pose group
  b.u64(0x200n).u32(0xc8f8abff).u32(1); // group: one pose
  b.u64(0x201n).u32(0x209cf072).u32(77).u32(1); // pose: unknown 77, one pose bone
  b.u64(0x202n)
    .u32(0x071cee50)
    .u8(...Array.from({ length: 16 }, (_, i) => i)); // pose bone, 16 raw bytes
  b.u8(0).u64(0x300n).u32(0x9a33101e); // IKData inline
  b.u8(4).u8(1).u64(0xabcdefn); // LookAt by id
  b.u8(3); // ReflexSystem null
  b.f32(0.5, -2); // two floats
  b.u32(3).u8(0xaa, 0xbb, 0xcc); // Reflex3SkeletonConstraints, 3 bytes
  b.u32(2).u32(10).u32(20); // trailing words
  return { bytes: b.build(), offsets };
}

describe('anvilnext Skeleton from a hand-assembled fixture', () => {
  it('decodes every portion to the stored values', () => {
    const { bytes } = handSkeleton();
    const result = readResource(bytes);
    expect(result).not.toBeNull();
    const resource = result!.resource;
    expect(resource.kind).toBe('Skeleton');
    expect(resource.dialect).toBe('anvilnext');
    if (resource.kind !== 'Skeleton' || resource.dialect !== 'anvilnext') return;
    const r = resource.record;
    expect(r.id).toBe(0x1122334455667788n);
    expect(r.managed).toBe(1);
    expect(r.skeletonType).toBe(14);
    expect(r.bones).toHaveLength(2);
    expect(r.bones[0]!.id).toBe(0x100n);
    expect(r.bones[0]!.nameHash).toBe(HIPS);
    expect(r.bones[0]!.parent).toEqual({ kind: 'null' });
    expect(r.bones[0]!.mirror).toEqual({ kind: 'ref', id: 0x100n });
    expect(r.bones[0]!.displayData).toEqual({ kind: 'null' });
    expect(r.bones[0]!.globalRotation).toEqual([0, 0, f32(S), f32(S)]);
    expect(r.bones[0]!.unknownByte).toBe(9);
    expect(r.bones[0]!.enumValue).toBe(5);
    expect(r.bones[0]!.modifiers).toEqual([]);
    expect(r.bones[0]!.constantWord).toBe(7);
    expect(r.bones[0]!.constantFloat).toBe(1);
    expect(r.bones[0]!.packedWord).toBe(0x10000);
    expect(r.bones[1]!.parent).toEqual({ kind: 'ref', id: 0x100n });
    expect(r.bones[1]!.words).toEqual([42, 43]);
    expect(r.bones[1]!.localPosition).toEqual([f32(0.1), 0, 0, 0]);
    expect(r.root).toEqual({ kind: 'ref', id: 0x100n });
    expect(r.ownPosition).toEqual([0, 0, f32(0.964), 0]);
    expect(r.bodyPartMapping).toEqual({ mode: 3, flag: 0, id: 0n });
    expect(r.poseGroups).toHaveLength(1);
    expect(r.poseGroups[0]!.id).toBe(0x200n);
    expect(r.poseGroups[0]!.poses[0]!.unknown).toBe(77);
    expect(r.poseGroups[0]!.poses[0]!.bones[0]!.id).toBe(0x202n);
    expect([...r.poseGroups[0]!.poses[0]!.bones[0]!.body]).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(r.ikData).toEqual({ kind: 'inline', value: { id: 0x300n } });
    expect(r.lookAt).toEqual({ mode: 4, flag: 1, id: 0xabcdefn });
    expect(r.reflexSystem).toEqual({ kind: 'null' });
    expect(r.float0).toBe(0.5);
    expect(r.float1).toBe(-2);
    expect([...r.reflexConstraints!]).toEqual([0xaa, 0xbb, 0xcc]);
    expect(r.trailingWords).toEqual([10, 20]);
  });

  it('builds the model with parents, mirrors, descendants and the own transform', () => {
    const { bytes } = handSkeleton();
    const resource = readResource(bytes)!.resource;
    if (resource.kind !== 'Skeleton' || resource.dialect !== 'anvilnext') throw new Error('not anvilnext');
    const model = skeletonFromAnvilnext(resource.record);
    expect(model.bones.map((b) => b.parent)).toEqual([-1, 0]);
    expect(model.bones.map((b) => b.mirror)).toEqual([0, 1]);
    expect(model.bones.map((b) => b.descendants)).toEqual([1, 0]);
    expect(model.bones.map((b) => b.storedIndex)).toEqual([0, 1]);
    expect(model.ownTransform).toEqual({ position: [0, 0, f32(0.964), 0], rotation: [0, 0, f32(S), f32(S)] });
    expect(model.skeletonType).toBe(14);
  });

  it('writes the decoded record back to the identical bytes', () => {
    const { bytes } = handSkeleton();
    const result = readResource(bytes)!;
    expect(writeResource(result.resource)).toEqual(bytes);
  });

  it('refuses every truncation with a ParseError, never another exception', () => {
    const { bytes } = handSkeleton();
    for (let n = 0; n < bytes.length; n++) {
      const cut = bytes.subarray(0, n);
      let error: unknown;
      let result: unknown;
      try {
        result = readResource(cut);
      } catch (e) {
        error = e;
      }
      // Headers shorter than the class offset are not recognised as Skeletons at all.
      if (n < 12) {
        expect(error).toBeUndefined();
        expect(result).toBeNull();
      } else expect(error, `cut at ${n}`).toBeInstanceOf(ParseError);
    }
  });

  it('refuses a trailing byte at the end offset', () => {
    const { bytes } = handSkeleton();
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    const e = refusal(longer);
    expect(e.offset).toBe(bytes.length);
    expect(e.message).toContain('expected the end of the data');
  });

  it('refuses a wrong Bone class hash, naming the bone', () => {
    const { bytes, offsets } = handSkeleton();
    const bad = bytes.slice();
    bad[offsets.bone1! + 9] ^= 0xff;
    const e = refusal(bad);
    expect(e.path).toBe('bones[1].classHash');
    expect(e.offset).toBe(offsets.bone1! + 9);
    expect(e.expected).toContain('0x95741049');
  });

  it('refuses an unknown pointer tag', () => {
    const { bytes, offsets } = handSkeleton();
    const bad = bytes.slice();
    bad[offsets.bone1! + 17] = 7; // parent tag
    const e = refusal(bad);
    expect(e.path).toBe('bones[1].parent');
    expect(e.actual).toBe('tag 7 (0x7)');
  });

  it('refuses a parent that is not a bone read before', () => {
    const { bytes, offsets } = handSkeleton();
    const bad = bytes.slice();
    bad[offsets.bone1! + 18] = 0x01; // parent id 0x101: the bone itself
    const e = refusal(bad);
    expect(e.path).toBe('bones[1].parent');
    expect(e.offset).toBe(offsets.bone1! + 18);
    expect(e.expected).toBe('the id of a bone read before');
  });

  it('refuses a mirror reference that names no bone of the skeleton', () => {
    const { bytes, offsets } = handSkeleton();
    const bad = bytes.slice();
    bad[offsets.bone0! + 19] = 0x55; // bone 0's mirror id → 0x155
    const e = refusal(bad);
    expect(e.path).toBe('bones[0].mirror');
    expect(e.actual).toContain('names no bone');
  });

  it('refuses a non-empty BoneModifier array', () => {
    const { bytes, offsets } = handSkeleton();
    const bad = bytes.slice();
    const modifiersAt = offsets.bone0! + 1 + 8 + 4 + 4 + 1 + 9 + 1 + 64 + 1 + 4;
    bad[modifiersAt] = 1;
    const e = refusal(bad);
    expect(e.path).toBe('bones[0].modifiers');
    expect(e.offset).toBe(modifiersAt);
  });

  it('refuses a count the remaining bytes cannot hold before allocating', () => {
    const { bytes, offsets } = handSkeleton();
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(offsets.boneCount!, 0xffffffff, true);
    const e = refusal(bad);
    expect(e.path).toBe('bones');
    expect(e.actual).toBe('count 4294967295 (0xFFFFFFFF)');
  });
});
