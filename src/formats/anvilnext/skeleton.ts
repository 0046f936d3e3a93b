import {
  constU32,
  counted,
  f32,
  field,
  flaggedLengthPrefixedBytes,
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
  withCompiledReader,
  withIdScope,
  type Codec,
  type CompiledReader,
  type Infer,
} from '../../grammar/index.js';
import { CLASS } from '../classes.js';
import { anvilnextBoneElement } from './bone.js';
import { referencePointer, resourceReference } from './common.js';
import * as compiledReaders from './compiled.js';
import { ANVILNEXT_READING_DEFAULTS, readingKey, type AnvilnextReading } from './reading.js';

/** One decoded pose-bone element of an `anvilnext` Skeleton. */
export interface AnvilnextPoseBone {
  /** Null under the `raw` reading, where the 16 bytes stand alone. */
  id: bigint | null;
  /** The custom 16-byte body, packing unknown: kept raw. */
  body: Uint8Array;
}

const poseBoneWithHeader = struct(
  'SkeletonPoseBone',
  {
    id: field(u64, 'Inferred', 'object id (our reading)'),
    classHash: field(constU32(CLASS.SkeletonPoseBone, 'SkeletonPoseBone'), 'Inferred', 'our reading, as in scimitar'),
    body: field(rawBytes(16), 'Observed', 'custom 16-byte body not described by its registry list; kept raw'),
  },
  'Pose-bone element (reading poseBoneHeader=id-class).',
);

const poseBoneRaw = struct(
  'SkeletonPoseBone',
  { body: field(rawBytes(16), 'Observed', 'custom 16-byte body not described by its registry list; kept raw') },
  'Pose-bone element (reading poseBoneHeader=raw).',
);

function poseBoneCodec(reading: AnvilnextReading): Codec<AnvilnextPoseBone> {
  if (reading.poseBoneHeader === 'raw') {
    return mapCodec(
      poseBoneRaw,
      (v) => ({ id: null, body: v.body }),
      (v) => ({ body: v.body }),
    );
  }
  // This reading stores an id: a pose bone without one (null, as the raw reading decodes it) is
  // refused on write, not written as id 0, which would read back as another value.
  return mapCodec(
    poseBoneWithHeader,
    (v) => ({ id: v.id, body: v.body }),
    (v) => ({ id: v.id as bigint, body: v.body }),
  );
}

function buildSkeletonCodec(reading: AnvilnextReading) {
  const pose = struct(
    'SkeletonPose',
    {
      id: field(u64, 'Inferred', 'object id (our reading)'),
      classHash: field(constU32(CLASS.SkeletonPose, 'SkeletonPose'), 'Inferred', 'our reading, as in scimitar'),
      unknown: field(u32, 'Unknown', 'our reading, as in scimitar'),
      bones: field(counted(poseBoneCodec(reading), { elementName: 'SkeletonPoseBone' }), 'Proven', 'counted SkeletonPoseBone objects'),
    },
    'Element of a pose group.',
  );
  const poseGroup = struct(
    'SkeletonPoseGroup',
    {
      id: field(u64, 'Inferred', 'object id (our reading)'),
      classHash: field(constU32(CLASS.SkeletonPoseGroup, 'SkeletonPoseGroup'), 'Inferred', 'our reading, as in scimitar'),
      poses: field(counted(pose, { elementName: 'SkeletonPose' }), 'Proven', 'counted SkeletonPose objects'),
    },
    "Element of the Skeleton's pose groups.",
  );
  const ikData = struct(
    'IKData',
    {
      id: field(u64, 'Inferred', 'object id (our reading)'),
      classHash: field(constU32(CLASS.IKData, 'IKData'), 'Proven', 'no stored fields follow'),
    },
    'Inline IKData object: no stored fields.',
  );
  const skeleton = struct(
    'Skeleton',
    {
      id: field(u64, 'Inferred', 'object id (our reading: resource framing is id, then class)'),
      classHash: field(constU32(CLASS.Skeleton, 'Skeleton'), 'Proven', 'Skeleton'),
      managed: field(u8, 'Proven', 'managed prefix: one byte'),
      skeletonType: field(u32, 'Proven', 'SkeletonType enum (type 0x9C78EB24); 0–8 and 14 occur'),
      bones: field(
        counted(anvilnextBoneElement, { elementName: 'Bone' }),
        'Proven',
        'tagged Bone objects 0x95741049, each parent before its children',
      ),
      root: field(scopedReference(pointer({ id: u64 }), 'earlier', 'bone'), 'Proven', 'null 03, or 02 + u64 back-reference (to bone 0)'),
      ownPosition: field(vec4, 'Proven', 'own transform: position x, y, z, 0'),
      ownRotation: field(vec4, 'Proven', 'own transform: rotation x, y, z, w'),
      bodyPartMapping: field(resourceReference, 'Proven', 'BodyPartMapping resource reference'),
      poseGroups: field(
        counted(poseGroup, { elementName: 'SkeletonPoseGroup' }),
        'Proven',
        'SkeletonPoseGroup → SkeletonPose → SkeletonPoseBone',
      ),
      ikData: field(
        pointer({ id: u64, allowReference: false, inline: ikData }),
        'Proven',
        'null, or inline IKData 0x9A33101E with no stored fields',
      ),
      lookAt: field(resourceReference, 'Proven', 'LookAt resource reference'),
      reflexSystem: field(referencePointer, 'Proven', 'ReflexSystem, null (03) in all checked files'),
      float0: field(f32, 'Proven', 'meaning unknown'),
      float1: field(f32, 'Proven', 'meaning unknown'),
      reflexConstraints: field(
        reading.reflexConstraints === 'u32-length' ? lengthPrefixedBytes : flaggedLengthPrefixedBytes,
        'Proven',
        `optional byte-buffer Reflex3SkeletonConstraints (our reading: reflexConstraints=${reading.reflexConstraints})`,
      ),
      trailingWords: field(counted(u32, { elementName: 'u32' }), 'Proven', 'counted u32 array; the resource ends here'),
    },
    'A Skeleton resource: the object header, then the ordered body portions.',
  );
  const compiled = (compiledReaders as Record<string, CompiledReader | undefined>)[compiledSkeletonReaderName(reading)];
  return withCompiledReader(withIdScope(skeleton), compiled) as typeof skeleton;
}

/** The name `compiled.ts` gives the generated reader of a reading's Skeleton, e.g. `skeletonU32LengthIdClassReader`. */
export function compiledSkeletonReaderName(reading: AnvilnextReading): string {
  const words = readingKey(reading)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return `skeleton${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Reader`;
}

export type AnvilnextSkeletonCodec = ReturnType<typeof buildSkeletonCodec>;
/** A decoded `anvilnext` Skeleton record, every stored field but the constants. */
export type AnvilnextSkeleton = Infer<AnvilnextSkeletonCodec>;

const codecs = new Map<string, AnvilnextSkeletonCodec>();

/** The Skeleton codec for a reading (built once per reading). */
export function anvilnextSkeletonCodec(reading: AnvilnextReading = ANVILNEXT_READING_DEFAULTS): AnvilnextSkeletonCodec {
  const key = readingKey(reading);
  let codec = codecs.get(key);
  if (!codec) {
    codec = buildSkeletonCodec(reading);
    codecs.set(key, codec);
  }
  return codec;
}
