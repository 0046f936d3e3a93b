/**
 * The baseline the scimitar parse throughput is measured against: one hand-written loop of plain
 * DataView calls that reads every field of the seed's two scimitar tables (the Skeleton and the
 * Bone, with the objects they hold), checks the class hashes, tags and the exact end, and keeps
 * nothing but a bone count and a sum of the bones' bind-transform floats. No field paths, no
 * records, no id scope: what a reader that only wants the numbers would write.
 */

const CLASS = {
  Skeleton: 0x24aecb7c,
  Bone: 0x95741049,
  BoneInitialTransforms: 0x6350e5a6,
  OrientationConstraint: 0x75116750,
  ConstraintTarget: 0xdf638110,
  SkeletonPoseGroup: 0xc8f8abff,
  SkeletonPose: 0x209cf072,
  SkeletonPoseBone: 0x071cee50,
  IKData: 0x9a33101e,
  COMData: 0x9a67179a,
  SkeletonMirrorData: 0xe96b19a5,
  MirrorPair: 0xe03ca1fd,
} as const;

export interface BaselineResult {
  bones: number;
  /** Sum of the 16 bind-transform floats of every bone, in bone order. */
  transformSum: number;
  /** Every other value read, summed: keeps each read observable. */
  checksum: number;
}

function fail(what: string, at: number): never {
  throw new Error(`baseline scimitar reader: ${what} at offset ${at}`);
}

/** Reads one scimitar Skeleton resource; throws on anything the seed's tables do not allow. */
export function readScimitarBaseline(bytes: Uint8Array): BaselineResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  let sink = 0; // every value read lands somewhere, so no read can be left out
  const u8 = (): number => view.getUint8(at++);
  const u32 = (): number => {
    const v = view.getUint32(at, true);
    at += 4;
    return v;
  };
  const f32 = (): number => {
    const v = view.getFloat32(at, true);
    at += 4;
    return v;
  };
  const cls = (expected: number): void => {
    if (u32() !== expected) fail(`class 0x${expected.toString(16)}`, at - 4);
  };
  const reference = (allowNull: boolean): void => {
    const tag = u8();
    if (tag === 2) sink += u32();
    else if (tag !== 3 || !allowNull) fail('a reference tag', at - 1);
  };

  if (u8() !== 1) fail('managed byte 1', 0);
  sink += u32(); // id
  cls(CLASS.Skeleton);
  sink += u32(); // unknown (0 or 2)
  const boneCount = u32();
  let transformSum = 0;
  for (let b = 0; b < boneCount; b++) {
    if (u8() !== 0 || u8() !== 1) fail('bone tag 0 and managed 1', at - 2);
    sink += u32(); // id
    cls(CLASS.Bone);
    sink += u32(); // name CRC
    reference(true); // parent
    if (u8() !== 0) fail('BoneInitialTransforms tag 0', at - 1);
    sink += u32();
    cls(CLASS.BoneInitialTransforms);
    for (let i = 0; i < 16; i++) transformSum += f32();
    const constraints = u32();
    for (let c = 0; c < constraints; c++) {
      if (u8() !== 0) fail('constraint tag 0', at - 1);
      sink += u32();
      cls(CLASS.OrientationConstraint);
      reference(true);
      sink += u8();
      const targets = u32();
      for (let t = 0; t < targets; t++) {
        if (u8() !== 0) fail('target tag 0', at - 1);
        sink += u32();
        cls(CLASS.ConstraintTarget);
        reference(true);
        sink += f32();
      }
      sink += u8();
      sink += f32() + f32() + f32() + f32();
    }
    sink += u8(); // index
    sink += u8(); // descendants
  }
  reference(false); // root: tag 2 and the first bone's id
  sink += u32(); // unknown
  const groups = u32();
  for (let g = 0; g < groups; g++) {
    sink += u32();
    cls(CLASS.SkeletonPoseGroup);
    const poses = u32();
    for (let p = 0; p < poses; p++) {
      sink += u32();
      cls(CLASS.SkeletonPose);
      sink += u32();
      const poseBones = u32();
      for (let i = 0; i < poseBones; i++) {
        sink += u32();
        cls(CLASS.SkeletonPoseBone);
        sink += u32();
        for (let k = 0; k < 8; k++) sink += f32();
      }
    }
  }
  const ik = u8();
  if (ik === 0) {
    sink += u32();
    cls(CLASS.IKData);
    const names = u32();
    for (let i = 0; i < names; i++) sink += u32();
  } else if (ik !== 3) fail('IK tag 0 or 3', at - 1);
  const com = u8();
  if (com === 0) {
    sink += u32();
    cls(CLASS.COMData);
    for (let k = 0; k < 8; k++) sink += f32();
  } else if (com !== 3) fail('COM tag 0 or 3', at - 1);
  sink += u32(); // unknown
  sink += u32();
  cls(CLASS.SkeletonMirrorData);
  const pairs = u32();
  for (let p = 0; p < pairs; p++) {
    sink += u32();
    cls(CLASS.MirrorPair);
    sink += u32() + u32() + u8() + u8();
  }
  if (at !== bytes.length) fail(`the end (${bytes.length - at} bytes more)`, at);
  return { bones: boneCount, transformSum, checksum: sink };
}
