/**
 * Files of the sibling titles' layouts, assembled byte by byte from the exact bytes of each sibling
 * layout as its page gives them (docs/format-anvilnext-*.md, docs/format-scimitar-ac1.md; sources in
 * docs/sources.md, "Sibling titles' Skeletons"), for the tests of those layouts, `probe` and the census.
 */
import { Bytes } from './bytes.js';

const SKELETON = 0x24aecb7c;
const BONE = 0x95741049;
export const ROOT_HASH = 0x2c52cbb0; // CRC-32 of "Reference"
export const HIPS_HASH = 0xded10611; // CRC-32 of "Hips"

/**
 * The 4 × vec4 of a bone: global position, global rotation, local position, local rotation. No
 * rotation anywhere, so a child's global position is its parent's plus its local one.
 */
function transforms(b: Bytes, globalZ: number, localZ: number): Bytes {
  return b.f32(0, 0, globalZ, 0).f32(0, 0, 0, 1).f32(0, 0, localZ, 0).f32(0, 0, 0, 1);
}

/** A Bone of the anvilnext family without BoneDisplayData (Unity, Wildlands; Breakpoint with `second`). */
function familyBone(
  b: Bytes,
  id: bigint,
  name: number,
  parent: bigint | null,
  z: [number, number],
  packed: number,
  second?: number,
): Bytes {
  b.u8(0).u64(id).u32(BONE).u32(name);
  if (parent === null) b.u8(3);
  else b.u8(2).u64(parent);
  b.u8(2).u64(id); // mirror: itself
  transforms(b, ...z);
  b.u8(0x11); // the byte after the transforms
  if (second !== undefined) b.u8(second);
  b.u32(5); // the enum
  b.u32(0).u32(0); // no BoneModifier, no u32
  return b.u32(7).f32(1).u32(packed);
}

/** After the bones, up to the two f32: as the main title stores them. */
function familyTail(b: Bytes, bone0: bigint): Bytes {
  b.u8(2).u64(bone0); // root → bone 0
  b.f32(0, 0, 1, 0).f32(0, 0, 0, 1); // own position, own rotation
  b.u8(3).u8(0, 0, 0, 0, 0, 0, 0, 0, 0); // BodyPartMapping: null
  b.u32(0); // no pose group
  b.u8(3); // IKData: null
  b.u8(3).u8(0, 0, 0, 0, 0, 0, 0, 0, 0); // LookAt: null
  b.u8(3); // ReflexSystem: null
  return b.f32(0.25).f32(0.5);
}

const twoBones = (b: Bytes, second?: number): Bytes => {
  // Bone 0: the root, one descendant (packed 0x0001_0000); bone 1 under it at index 1 (packed 1).
  familyBone(b, 0x101n, ROOT_HASH, null, [1, 1], 0x0001_0000, second);
  return familyBone(b, 0x102n, HIPS_HASH, 0x101n, [1.5, 0.5], 0x0000_0001, second);
};

export function wildlandsFile(): Uint8Array {
  const b = new Bytes().u64(0x100n).u32(SKELETON).u8(1).u32(3).u32(2);
  twoBones(b);
  familyTail(b, 0x101n);
  return b.u32(0).u32(0).build(); // no Reflex3SkeletonConstraints, no trailing u32
}

export function unityFile(): Uint8Array {
  const b = new Bytes().u8(1).u64(0x100n).u32(SKELETON).u32(0xaabbccdd).u32(2);
  twoBones(b);
  return familyTail(b, 0x101n).build(); // the file ends after the two f32
}

export function breakpointFile(inlineReflex3: boolean): Uint8Array {
  const b = new Bytes().u64(0x100n).u32(SKELETON).u8(1).u32(0).u32(2);
  twoBones(b, 0x22);
  familyTail(b, 0x101n);
  if (inlineReflex3) b.u8(0).u64(0x900n).u32(0x8e3fb47a).u32(12).u32(0x12341234).u32(3).u32(0xdeadbeef);
  else b.u8(3);
  return b.u32(1).u32(0x77).build(); // one trailing u32
}

export function ac1File(extras = 0): Uint8Array {
  const b = new Bytes().u32(0x500).u32(SKELETON).u32(0).u32(2);
  const bone = (id: number, name: number, parent: number | null, z: [number, number], index: number, descendants: number) => {
    b.u8(0).u32(id).u32(BONE).u32(name);
    if (parent === null) b.u8(3);
    else b.u8(2).u32(parent);
    b.u8(0)
      .u32(id + 0x80)
      .u32(0x6350e5a6); // BoneInitialTransforms, inline
    transforms(b, ...z);
    b.u32(extras).u8(index).u8(descendants);
  };
  bone(0x501, ROOT_HASH, null, [1, 1], 0, 1);
  bone(0x502, HIPS_HASH, 0x501, [1.5, 0.5], 1, 0);
  b.u8(2).u32(0x501); // root → the first bone
  b.u32(0); // unknown1
  b.u32(0); // no pose group
  b.u8(3).u8(3); // IK data, centre of mass: none
  b.u32(0); // unknown2
  return b.u32(0x600).u32(0xe96b19a5).u32(0).build(); // mirror data, no pairs
}
