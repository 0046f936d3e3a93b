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
  unknownLayout,
  type Confidence,
  type Infer,
} from '../../grammar/index.js';
import { CLASS, UNNAMED_CLASS } from '../classes.js';

/** How a title of the `scimitar` family differs from the seed's SWS layout. */
export interface ScimitarVariant {
  /** `sws`: the seed's layout; `ac1`: no managed byte in the header or bones, a counted extras array instead of constraints. */
  title: 'sws' | 'ac1';
  /** The confidence a field the seed labels `seed` carries in this layout. */
  label(seed: Confidence): Confidence;
}

/** The seed's own SWS layout. */
export const SWS_VARIANT: ScimitarVariant = { title: 'sws', label: (seed) => seed };

/** The Bone structure of a layout of the `scimitar` family. */
export function scimitarBoneStruct(variant: ScimitarVariant) {
  const l = variant.label;
  /** `03` none, or `02` + u32 id of a bone of this skeleton (possibly later in the list). */
  const anyBoneReference = scopedReference(pointer({ id: u32 }), 'any', 'bone');

  const constraintTarget = struct(
    'ConstraintTarget',
    {
      tag: field(constU8(0, 'inline object'), l('Proven'), ''),
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.ConstraintTarget, 'ConstraintTarget'), l('Proven'), ''),
      bone: field(anyBoneReference, l('Proven'), 'bone reference'),
      weight: field(f32, l('Proven'), 'f32'),
    },
    'Target of an orientation constraint.',
  );

  const orientationConstraint = struct(
    'OrientationConstraint',
    {
      tag: field(constU8(0, 'inline object'), l('Proven'), ''),
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(UNNAMED_CLASS.OrientationConstraint), l('Proven'), 'orientation constraint'),
      bone: field(anyBoneReference, l('Proven'), 'bone reference (itself)'),
      flag0: field(u8, l('Proven'), 'u8'),
      targets: field(counted(constraintTarget, { elementName: 'ConstraintTarget' }), l('Proven'), 'u32 count of targets'),
      flag1: field(u8, l('Proven'), 'u8'),
      rotation: field(vec4, l('Proven'), 'a quaternion'),
    },
    'One orientation constraint of a bone.',
  );

  const initialTransforms = struct(
    'BoneInitialTransforms',
    {
      tag: field(constU8(0, 'inline object'), l('Proven'), ''),
      id: field(u32, l('Proven'), ''),
      classHash: field(constU32(CLASS.BoneInitialTransforms, 'BoneInitialTransforms'), l('Proven'), ''),
      globalPosition: field(vec4, l('Proven'), 'x, y, z, 0'),
      globalRotation: field(vec4, l('Proven'), 'unit quaternion x, y, z, w'),
      localPosition: field(vec4, l('Proven'), 'x, y, z, 0'),
      localRotation: field(vec4, l('Proven'), 'unit quaternion x, y, z, w'),
    },
    'The four bind transforms of a bone (73 bytes).',
  );

  const bone = struct(
    'Bone',
    {
      tag: field(constU8(0, 'pointer tag'), l('Proven'), 'pointer tag'),
      ...(variant.title === 'sws' ? { managed: field(constU8(1, 'managed'), l('Proven'), 'managed') } : {}),
      id: field(u32, l('Proven'), 'id'),
      classHash: field(constU32(CLASS.Bone, 'Bone'), l('Proven'), 'Bone'),
      nameHash: field(u32, l('Observed'), "CRC-32 of the bone's name, the key Animation mappings use"),
      parent: field(
        scopedReference(pointer({ id: u32 }), 'earlier', 'bone'),
        l('Proven'),
        'tag 3 none (the root), or 2 and the id of a bone read before',
      ),
      initialTransforms: field(
        initialTransforms,
        l('Proven'),
        'BoneInitialTransforms: global position, global rotation, local position, local rotation',
      ),
      ...(variant.title === 'sws'
        ? {
            constraints: field(
              counted(orientationConstraint, { elementName: 'OrientationConstraint' }),
              l('Proven'),
              'u32 count of orientation constraints',
            ),
          }
        : {}),
      ...(variant.title === 'ac1'
        ? {
            extras: field(
              counted(unknownLayout('bone extra'), { mustBeEmpty: true, elementName: 'bone extra' }),
              l('Proven'),
              'u32 count of extras, 0: their layout is unknown, so any other count is refused',
            ),
          }
        : {}),
      index: field(u8, l('Proven'), "the bone's position in the list"),
      descendants: field(u8, l('Proven'), 'its descendant count'),
    },
    "One element of the Skeleton's bone array.",
  );
  return bone;
}

/** The seed's SWS Bone. */
export const scimitarBone = scimitarBoneStruct(SWS_VARIANT);

/** One decoded `scimitar` Bone record, every stored field but the constants (`constraints` in SWS, `extras` in AC1). */
export type ScimitarBone = Infer<ReturnType<typeof scimitarBoneStruct>>;

/** Bones join the resource's id scope as they are read. */
export function scimitarBoneElement(bone: ReturnType<typeof scimitarBoneStruct>) {
  return registersId(bone, (b) => b.id, 'bone');
}
