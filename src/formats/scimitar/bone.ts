import {
  constU32,
  constU8,
  counted,
  f32,
  field,
  pointer,
  registersId,
  scopedReference,
  struct,
  u32,
  u8,
  vec4,
  type Infer,
} from '../../grammar/index.js';
import { CLASS, UNNAMED_CLASS } from '../classes.js';

/** `03` none, or `02` + u32 id of a bone of this skeleton (possibly later in the list). */
const anyBoneReference = scopedReference(pointer({ id: u32 }), 'any', 'bone');

const constraintTarget = struct(
  'ConstraintTarget',
  {
    tag: field(constU8(0, 'inline object'), 'Proven', ''),
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.ConstraintTarget, 'ConstraintTarget'), 'Proven', ''),
    bone: field(anyBoneReference, 'Proven', 'bone reference'),
    weight: field(f32, 'Proven', 'f32'),
  },
  'Target of an orientation constraint.',
);

const orientationConstraint = struct(
  'OrientationConstraint',
  {
    tag: field(constU8(0, 'inline object'), 'Proven', ''),
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(UNNAMED_CLASS.OrientationConstraint), 'Proven', 'orientation constraint'),
    bone: field(anyBoneReference, 'Proven', 'bone reference (itself)'),
    flag0: field(u8, 'Proven', 'u8'),
    targets: field(counted(constraintTarget, { elementName: 'ConstraintTarget' }), 'Proven', 'u32 count of targets'),
    flag1: field(u8, 'Proven', 'u8'),
    rotation: field(vec4, 'Proven', 'a quaternion'),
  },
  'One orientation constraint of a bone.',
);

const initialTransforms = struct(
  'BoneInitialTransforms',
  {
    tag: field(constU8(0, 'inline object'), 'Proven', ''),
    id: field(u32, 'Proven', ''),
    classHash: field(constU32(CLASS.BoneInitialTransforms, 'BoneInitialTransforms'), 'Proven', ''),
    globalPosition: field(vec4, 'Proven', 'x, y, z, 0'),
    globalRotation: field(vec4, 'Proven', 'unit quaternion x, y, z, w'),
    localPosition: field(vec4, 'Proven', 'x, y, z, 0'),
    localRotation: field(vec4, 'Proven', 'unit quaternion x, y, z, w'),
  },
  'The four bind transforms of a bone (73 bytes).',
);

export const scimitarBone = struct(
  'Bone',
  {
    tag: field(constU8(0, 'pointer tag'), 'Proven', 'pointer tag'),
    managed: field(constU8(1, 'managed'), 'Proven', 'managed'),
    id: field(u32, 'Proven', 'id'),
    classHash: field(constU32(CLASS.Bone, 'Bone'), 'Proven', 'Bone'),
    nameHash: field(u32, 'Observed', "CRC-32 of the bone's name, the key Animation mappings use"),
    parent: field(
      scopedReference(pointer({ id: u32 }), 'earlier', 'bone'),
      'Proven',
      'tag 3 none (the root), or 2 and the id of a bone read before',
    ),
    initialTransforms: field(
      initialTransforms,
      'Proven',
      'BoneInitialTransforms: global position, global rotation, local position, local rotation',
    ),
    constraints: field(
      counted(orientationConstraint, { elementName: 'OrientationConstraint' }),
      'Proven',
      'u32 count of orientation constraints',
    ),
    index: field(u8, 'Proven', "the bone's position in the list"),
    descendants: field(u8, 'Proven', 'its descendant count'),
  },
  "One element of the Skeleton's bone array.",
);

/** One decoded `scimitar` Bone record, every stored field but the constants. */
export type ScimitarBone = Infer<typeof scimitarBone>;

export const scimitarBoneElement = registersId(scimitarBone, (bone) => bone.id, 'bone');
