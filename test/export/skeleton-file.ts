/**
 * A minimal scimitar Skeleton resource, assembled field by field (layout: src/formats/scimitar),
 * so the export command can be run end to end on a real file.
 */
import { CLASS } from '../../src/formats/classes.js';
import { composeTransforms, quatFromAxisAngle, type Quat, type Transform, type Vec3 } from '../../src/math/index.js';
import { Bytes } from '../helpers/bytes.js';

export interface FileBone {
  nameHash: number;
  parent: number;
  position: Vec3;
  rotation?: Quat;
}

/** A pelvis with a spine and two legs; the pelvis turned +90° about z. */
export const FILE_BONES: readonly FileBone[] = [
  { nameHash: 0x1000_0001, parent: -1, position: [0, 0, 1], rotation: quatFromAxisAngle([0, 0, 1], Math.PI / 2) },
  { nameHash: 0x1000_0002, parent: 0, position: [0, 0, 0.3] },
  { nameHash: 0x1000_0003, parent: 0, position: [0, 0.1, -0.05] },
  { nameHash: 0x1000_0004, parent: 2, position: [0, 0, -0.9] },
  { nameHash: 0x1000_0005, parent: 0, position: [0, -0.1, -0.05] },
  { nameHash: 0x1000_0006, parent: 4, position: [0, 0, -0.9] },
];

export function scimitarSkeletonFile(bones: readonly FileBone[] = FILE_BONES): Uint8Array {
  const b = new Bytes();
  const boneId = (i: number): number => 0x100 + i;
  b.u8(1).u32(0x500).u32(CLASS.Skeleton).u32(2); // managed, id, class, unknown0
  b.u32(bones.length);
  const globals: Transform[] = [];
  bones.forEach((bone, i) => {
    const local: Transform = { position: [...bone.position, 0], rotation: bone.rotation ?? [0, 0, 0, 1] };
    const global = bone.parent === -1 ? local : composeTransforms(globals[bone.parent]!, local);
    globals.push(global);
    b.u8(0).u8(1).u32(boneId(i)).u32(CLASS.Bone).u32(bone.nameHash);
    if (bone.parent === -1) b.u8(3);
    else b.u8(2).u32(boneId(bone.parent));
    b.u8(0)
      .u32(0x200 + i)
      .u32(CLASS.BoneInitialTransforms);
    b.f32(...global.position)
      .f32(...global.rotation)
      .f32(...local.position)
      .f32(...local.rotation);
    b.u32(0); // no constraints
    b.u8(i).u8(descendants(bones, i));
  });
  b.u8(2).u32(boneId(0)); // root
  b.u32(0); // unknown1
  b.u32(0); // no pose groups
  b.u8(3).u8(3); // no IK data, no centre-of-mass data
  b.u32(0); // unknown2
  b.u32(0x600).u32(CLASS.SkeletonMirrorData).u32(0); // no mirror pairs
  return b.build();
}

function descendants(bones: readonly FileBone[], i: number): number {
  return bones.reduce((count, bone, j) => count + (bone.parent === i ? 1 + descendants(bones, j) : 0), 0);
}
