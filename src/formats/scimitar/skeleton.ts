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
  withIdScope,
  type Infer,
} from '../../grammar/index.js';
import { CLASS, UNNAMED_CLASS } from '../classes.js';
import { scimitarBoneElement, scimitarBoneStruct, SWS_VARIANT, type ScimitarVariant } from './bone.js';

/** The Skeleton structure of a layout of the `scimitar` family. */
export function scimitarSkeletonStruct(variant: ScimitarVariant) {
  const l = variant.label;
  const poseBone = struct(
    'SkeletonPoseBone',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.SkeletonPoseBone, 'SkeletonPoseBone'), l('Proven'), ''),
      boneName: field(u32, l('Proven'), 'bone name CRC'),
      position: field(vec4, l('Proven'), 'position'),
      rotation: field(vec4, l('Proven'), 'rotation'),
    },
    'A pose bone.',
  );

  const pose = struct(
    'SkeletonPose',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.SkeletonPose, 'SkeletonPose'), l('Proven'), ''),
      unknown: field(u32, 'Unknown', 'u32'),
      bones: field(counted(poseBone, { elementName: 'SkeletonPoseBone' }), l('Proven'), 'u32 count of pose bones'),
    },
    'A pose.',
  );

  const poseGroup = struct(
    'SkeletonPoseGroup',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.SkeletonPoseGroup, 'SkeletonPoseGroup'), l('Proven'), ''),
      poses: field(counted(pose, { elementName: 'SkeletonPose' }), l('Proven'), 'u32 count of poses'),
    },
    'A pose group.',
  );

  const ikData = struct(
    'IKData',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.IKData, 'IKData'), l('Proven'), ''),
      boneNames: field(counted(u32, { elementName: 'bone name CRC' }), l('Proven'), 'u32 count of bone name CRCs'),
    },
    'Inline IK data.',
  );

  const comData = struct(
    'COMData',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.COMData, 'COMData'), l('Proven'), ''),
      value0: field(vec4, l('Proven'), 'f32 × 4'),
      value1: field(vec4, l('Proven'), 'f32 × 4'),
    },
    'Inline centre-of-mass data.',
  );

  const mirrorPair = struct(
    'MirrorPair',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(UNNAMED_CLASS.MirrorPair), l('Proven'), 'mirror pair'),
      boneNameA: field(u32, l('Proven'), 'bone name CRC'),
      boneNameB: field(u32, l('Proven'), 'bone name CRC'),
      byte0: field(u8, l('Proven'), 'u8'),
      byte1: field(u8, l('Proven'), 'u8'),
    },
    'A mirror pair.',
  );

  const mirrorData = struct(
    'SkeletonMirrorData',
    {
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.SkeletonMirrorData, 'SkeletonMirrorData'), l('Proven'), ''),
      pairs: field(counted(mirrorPair, { elementName: 'MirrorPair' }), l('Proven'), 'u32 count of pairs'),
    },
    'The mirror data; the Skeleton ends with it.',
  );

  return struct(
    'Skeleton',
    {
      ...(variant.title === 'sws' ? { managed: field(constU8(1, 'managed'), l('Proven'), '') } : {}),
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.Skeleton, 'Skeleton'), l('Proven'), ''),
      unknown0: field(u32, 'Unknown', variant.title === 'sws' ? '0 or 2' : '0 in the files public readers describe; kept'),
      bones: field(
        counted(scimitarBoneElement(scimitarBoneStruct(variant)), { elementName: 'Bone' }),
        l('Proven'),
        'bone count n, then n Bone records, each parent before its children',
      ),
      root: field(scopedReference(pointer({ id: u32, allowNull: false }), 'earlier', 'bone'), l('Proven'), "tag 2 and the first bone's id"),
      unknown1: field(u32, 'Unknown', ''),
      poseGroups: field(counted(poseGroup, { elementName: 'SkeletonPoseGroup' }), l('Proven'), 'u32 count of pose groups'),
      ikData: field(pointer({ id: u32, allowReference: false, inline: ikData }), l('Proven'), 'tag 3 none, or 0 and inline IK data'),
      comData: field(
        pointer({ id: u32, allowReference: false, inline: comData }),
        l('Proven'),
        'tag 3 none, or 0 and inline centre-of-mass data',
      ),
      unknown2: field(u32, 'Unknown', ''),
      mirrorData: field(mirrorData, l('Proven'), 'the body ends here'),
    },
    'A Shaun White Skateboarding Skeleton resource (32-bit ids).',
  );
}

/** The seed's SWS Skeleton declaration, with its id scope (no generated reader). */
export const scimitarSkeletonDeclaration = withIdScope(scimitarSkeletonStruct(SWS_VARIANT)) as ReturnType<typeof scimitarSkeletonStruct>;
/** A decoded Skeleton record of the `scimitar` family, every stored field but the constants. */
export type ScimitarSkeleton = Infer<ReturnType<typeof scimitarSkeletonStruct>>;
