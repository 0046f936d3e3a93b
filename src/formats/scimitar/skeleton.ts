import {
  constU32,
  constU8,
  counted,
  field,
  pointer,
  scopedReference,
  struct,
  u32,
  u8,
  vec4,
  withCompiledReader,
  withIdScope,
  type Infer,
} from '../../grammar/index.js';
import { CLASS, UNNAMED_CLASS } from '../classes.js';
import { scimitarBoneElement } from './bone.js';
import { scimitarSkeletonReader } from './compiled.js';

const poseBone = struct(
  'SkeletonPoseBone',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.SkeletonPoseBone, 'SkeletonPoseBone'), 'Proven', ''),
    boneName: field(u32, 'Proven', 'bone name CRC'),
    position: field(vec4, 'Proven', 'position'),
    rotation: field(vec4, 'Proven', 'rotation'),
  },
  'A pose bone.',
);

const pose = struct(
  'SkeletonPose',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.SkeletonPose, 'SkeletonPose'), 'Proven', ''),
    unknown: field(u32, 'Unknown', 'u32'),
    bones: field(counted(poseBone, { elementName: 'SkeletonPoseBone' }), 'Proven', 'u32 count of pose bones'),
  },
  'A pose.',
);

const poseGroup = struct(
  'SkeletonPoseGroup',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.SkeletonPoseGroup, 'SkeletonPoseGroup'), 'Proven', ''),
    poses: field(counted(pose, { elementName: 'SkeletonPose' }), 'Proven', 'u32 count of poses'),
  },
  'A pose group.',
);

const ikData = struct(
  'IKData',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.IKData, 'IKData'), 'Proven', ''),
    boneNames: field(counted(u32, { elementName: 'bone name CRC' }), 'Proven', 'u32 count of bone name CRCs'),
  },
  'Inline IK data.',
);

const comData = struct(
  'COMData',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.COMData, 'COMData'), 'Proven', ''),
    value0: field(vec4, 'Proven', 'f32 × 4'),
    value1: field(vec4, 'Proven', 'f32 × 4'),
  },
  'Inline centre-of-mass data.',
);

const mirrorPair = struct(
  'MirrorPair',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(UNNAMED_CLASS.MirrorPair), 'Proven', 'mirror pair'),
    boneNameA: field(u32, 'Proven', 'bone name CRC'),
    boneNameB: field(u32, 'Proven', 'bone name CRC'),
    byte0: field(u8, 'Proven', 'u8'),
    byte1: field(u8, 'Proven', 'u8'),
  },
  'A mirror pair.',
);

const mirrorData = struct(
  'SkeletonMirrorData',
  {
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.SkeletonMirrorData, 'SkeletonMirrorData'), 'Proven', ''),
    pairs: field(counted(mirrorPair, { elementName: 'MirrorPair' }), 'Proven', 'u32 count of pairs'),
  },
  'The mirror data; the Skeleton ends with it.',
);

const skeleton = struct(
  'Skeleton',
  {
    managed: field(constU8(1, 'managed'), 'Proven', ''),
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.Skeleton, 'Skeleton'), 'Proven', ''),
    unknown0: field(u32, 'Unknown', '0 or 2'),
    bones: field(
      counted(scimitarBoneElement, { elementName: 'Bone' }),
      'Proven',
      'bone count n, then n Bone records, each parent before its children',
    ),
    root: field(scopedReference(pointer({ id: u32, allowNull: false }), 'earlier', 'bone'), 'Proven', "tag 2 and the first bone's id"),
    unknown1: field(u32, 'Unknown', ''),
    poseGroups: field(counted(poseGroup, { elementName: 'SkeletonPoseGroup' }), 'Proven', 'u32 count of pose groups'),
    ikData: field(pointer({ id: u32, allowReference: false, inline: ikData }), 'Proven', 'tag 3 none, or 0 and inline IK data'),
    comData: field(
      pointer({ id: u32, allowReference: false, inline: comData }),
      'Proven',
      'tag 3 none, or 0 and inline centre-of-mass data',
    ),
    unknown2: field(u32, 'Unknown', ''),
    mirrorData: field(mirrorData, 'Proven', 'the body ends here'),
  },
  'A Shaun White Skateboarding Skeleton resource (32-bit ids).',
);

/** The Skeleton, read through its generated reader (`compiled.ts`) when no field path is kept. */
export const scimitarSkeleton = withCompiledReader(withIdScope(skeleton), scimitarSkeletonReader) as typeof skeleton;
/** A decoded `scimitar` Skeleton record, every stored field but the constants. */
export type ScimitarSkeleton = Infer<typeof scimitarSkeleton>;
