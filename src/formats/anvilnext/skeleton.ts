import {
  constU8,
  constU32,
  counted,
  f32,
  field,
  flaggedLengthPrefixedBytes,
  i32LengthBytes,
  lengthPrefixedBytes,
  mapCodec,
  pointer,
  rawBytes,
  scopedReference,
  struct,
  u32,
  u64,
  u8,
  vec4,
  withIdScope,
  type Codec,
  type Infer,
} from '../../grammar/index.js';
import { CLASS, REFLEX3_CONSTRAINTS_CLASS } from '../classes.js';
import { anvilnextBoneElement, anvilnextBoneStruct } from './bone.js';
import { referencePointer, resourceReferenceStruct } from './common.js';
import { ANVILNEXT_READING_DEFAULTS, type AnvilnextReading } from './reading.js';
import { SEED_VARIANT, type AnvilnextVariant } from './variant.js';

/** One decoded pose-bone element of an `anvilnext` Skeleton. */
export interface AnvilnextPoseBone {
  /** Null under the `raw` reading, where the 16 bytes stand alone. */
  id: bigint | null;
  /** The custom 16-byte body, packing unknown: kept raw. */
  body: Uint8Array;
}

/** SkeletonType values the seed reports: 0–8 and 14. */
export const KNOWN_SKELETON_TYPES: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 14];

function poseBoneCodec(variant: AnvilnextVariant, reading: Pick<AnvilnextReading, 'poseBoneHeader'>): Codec<AnvilnextPoseBone> {
  const l = variant.label;
  const body = field(rawBytes(16), l('Observed'), 'custom 16-byte body not described by its registry list; kept raw');
  if (reading.poseBoneHeader === 'raw') {
    return mapCodec(
      struct('SkeletonPoseBone', { body }, 'Pose-bone element (reading poseBoneHeader=raw).'),
      (v) => ({ id: null, body: v.body }),
      (v) => ({ body: v.body }),
    );
  }
  // This reading stores an id: a pose bone without one (null, as the raw reading decodes it) is
  // refused on write, not written as id 0, which would read back as another value.
  return mapCodec(
    struct(
      'SkeletonPoseBone',
      {
        id: field(u64, l('Inferred'), 'object id (our reading)'),
        classHash: field(constU32(CLASS.SkeletonPoseBone, 'SkeletonPoseBone'), l('Inferred'), 'our reading, as in scimitar'),
        body,
      },
      'Pose-bone element (reading poseBoneHeader=id-class).',
    ),
    (v) => ({ id: v.id, body: v.body }),
    (v) => ({ id: v.id as bigint, body: v.body }),
  );
}

/** Breakpoint's Reflex3 constraints (public reading): `03`, or `00`, u64 id, the class, an i32 length L and L bytes kept raw. */
function reflex3Constraints(variant: AnvilnextVariant) {
  const l = variant.label;
  const inline = struct(
    'Reflex3Constraints',
    {
      id: field(u64, l('Inferred'), 'object id'),
      classHash: field(constU32(REFLEX3_CONSTRAINTS_CLASS, 'Reflex3Constraints'), l('Proven'), 'Reflex3 constraints'),
      blob: field(i32LengthBytes, 'Unknown', 'i32 byte length L, then L bytes kept raw (when L ≥ 8: u32 0x12341234, a u32 version)'),
    },
    'Inline Reflex3 constraints: the blob is kept raw.',
  );
  return pointer({ id: u64, allowReference: false, inline });
}

/**
 * The Skeleton structure of a layout of the `anvilnext` family under a reading. Every field the
 * variant does not have is left out; the order is the seed's.
 */
export function anvilnextSkeletonStruct(variant: AnvilnextVariant, reading: Partial<AnvilnextReading>) {
  const l = variant.label;
  const poseBoneHeader = reading.poseBoneHeader ?? ANVILNEXT_READING_DEFAULTS.poseBoneHeader;
  const reflexChoice = reading.reflexConstraints ?? ANVILNEXT_READING_DEFAULTS.reflexConstraints;
  const resourceReference = resourceReferenceStruct(l);
  const pose = struct(
    'SkeletonPose',
    {
      id: field(u64, l('Inferred'), 'object id (our reading)'),
      classHash: field(constU32(CLASS.SkeletonPose, 'SkeletonPose'), l('Inferred'), 'our reading, as in scimitar'),
      unknown: field(u32, 'Unknown', 'our reading, as in scimitar'),
      bones: field(
        counted(poseBoneCodec(variant, { poseBoneHeader }), { elementName: 'SkeletonPoseBone' }),
        l('Proven'),
        'counted SkeletonPoseBone objects',
      ),
    },
    'Element of a pose group.',
  );
  const poseGroup = struct(
    'SkeletonPoseGroup',
    {
      id: field(u64, l('Inferred'), 'object id (our reading)'),
      classHash: field(constU32(CLASS.SkeletonPoseGroup, 'SkeletonPoseGroup'), l('Inferred'), 'our reading, as in scimitar'),
      poses: field(counted(pose, { elementName: 'SkeletonPose' }), l('Proven'), 'counted SkeletonPose objects'),
    },
    "Element of the Skeleton's pose groups.",
  );
  const ikData = struct(
    'IKData',
    {
      id: field(u64, l('Inferred'), 'object id (our reading)'),
      classHash: field(constU32(CLASS.IKData, 'IKData'), l('Proven'), 'no stored fields follow'),
    },
    'Inline IKData object: no stored fields.',
  );
  const bone = anvilnextBoneStruct(variant);
  const unity = variant.header === 'unity';
  return struct(
    'Skeleton',
    {
      ...(unity
        ? {
            leading: field(
              constU8(1, 'managed'),
              l('Observed'),
              'a leading byte, 01 in the files public readers describe (and what detection looks for)',
            ),
          }
        : {}),
      id: field(u64, l('Inferred'), 'object id (our reading: resource framing is id, then class)'),
      classHash: field(constU32(CLASS.Skeleton, 'Skeleton'), l('Proven'), 'Skeleton'),
      ...(unity ? { headerWord: field(u32, 'Unknown', 'four bytes of unknown meaning; kept') } : {}),
      ...(unity ? {} : { managed: field(u8, l('Proven'), 'managed prefix: one byte') }),
      ...(unity
        ? {}
        : {
            skeletonType: field(
              u32,
              l('Proven'),
              'SkeletonType enum (type 0x9C78EB24); 0–8 and 14 occur',
              variant === SEED_VARIANT ? { check: 'skeleton-type-known', oneOf: KNOWN_SKELETON_TYPES } : undefined,
            ),
          }),
      bones: field(
        counted(anvilnextBoneElement(bone), { elementName: 'Bone' }),
        l('Proven'),
        'tagged Bone objects 0x95741049, each parent before its children',
      ),
      root: field(scopedReference(pointer({ id: u64 }), 'earlier', 'bone'), l('Proven'), 'null 03, or 02 + u64 back-reference (to bone 0)'),
      ownPosition: field(vec4, l('Proven'), 'own transform: position x, y, z, 0'),
      ownRotation: field(vec4, l('Proven'), 'own transform: rotation x, y, z, w'),
      bodyPartMapping: field(resourceReference, l('Proven'), 'BodyPartMapping resource reference'),
      poseGroups: field(
        counted(poseGroup, { elementName: 'SkeletonPoseGroup' }),
        l('Proven'),
        'SkeletonPoseGroup → SkeletonPose → SkeletonPoseBone',
      ),
      ikData: field(
        pointer({ id: u64, allowReference: false, inline: ikData }),
        l('Proven'),
        'null, or inline IKData 0x9A33101E with no stored fields',
      ),
      lookAt: field(resourceReference, l('Proven'), 'LookAt resource reference'),
      reflexSystem: field(
        referencePointer,
        l('Proven'),
        'ReflexSystem, null (03) in all checked files',
        variant === SEED_VARIANT ? { check: 'null-display-reflex', pointer: 'null' } : undefined,
      ),
      float0: field(f32, l('Proven'), 'meaning unknown'),
      float1: field(f32, l('Proven'), variant.tail === 'unity' ? 'meaning unknown; the resource ends here' : 'meaning unknown'),
      ...(variant.tail === 'seed'
        ? {
            reflexConstraints: field(
              reflexChoice === 'u32-length' ? lengthPrefixedBytes : flaggedLengthPrefixedBytes,
              l('Proven'),
              `optional byte-buffer Reflex3SkeletonConstraints (our reading: reflexConstraints=${reflexChoice})`,
            ),
          }
        : {}),
      ...(variant.tail === 'breakpoint'
        ? { reflex3Constraints: field(reflex3Constraints(variant), l('Proven'), 'Reflex3 constraints: null 03, or inline 00 + object') }
        : {}),
      ...(variant.tail !== 'unity'
        ? { trailingWords: field(counted(u32, { elementName: 'u32' }), l('Proven'), 'counted u32 array; the resource ends here') }
        : {}),
    },
    'A Skeleton resource: the object header, then the ordered body portions.',
  );
}

/** The seed's Skeleton declaration under a reading, with its id scope (no generated reader). */
export function anvilnextSkeletonDeclaration(reading: Partial<AnvilnextReading> = ANVILNEXT_READING_DEFAULTS) {
  const skeleton = anvilnextSkeletonStruct(SEED_VARIANT, reading);
  return withIdScope(skeleton) as typeof skeleton;
}

export type AnvilnextSkeletonCodec = ReturnType<typeof anvilnextSkeletonDeclaration>;
/** A decoded Skeleton record of the `anvilnext` family: every stored field but the constants (fields a title lacks are absent). */
export type AnvilnextSkeleton = Infer<AnvilnextSkeletonCodec>;
