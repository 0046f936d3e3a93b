import { constU32, counted, field, rawBytes, struct, u64, type Infer } from '../../grammar/index.js';
import { CLASS } from '../classes.js';
import { resourceReference } from './common.js';

const animTrackDefinition = struct(
  'AnimTrackDefinition',
  {
    id: field(u64, 'Observed', 'u64'),
    classHash: field(constU32(CLASS.AnimTrackDefinition, 'AnimTrackDefinition'), 'Observed', 'AnimTrackDefinition'),
    data: field(rawBytes(8), 'Observed', '8 bytes, kept raw'),
  },
  '20-byte element of the track definitions.',
);

const windForce = struct(
  'WindForce',
  {
    id: field(u64, 'Observed', 'u64'),
    classHash: field(constU32(CLASS.WindForce, 'WindForce'), 'Observed', 'WindForce'),
    data: field(rawBytes(12), 'Observed', '12 bytes, kept raw'),
  },
  'Embedded WindForce object, 24 bytes.',
);

/** The SkeletonComponent as declared (no generated reader: see `index.ts` for the one that reads through it). */
export const skeletonComponentDeclaration = struct(
  'SkeletonComponent',
  {
    id: field(u64, 'Inferred', 'object id (our reading)'),
    classHash: field(constU32(CLASS.SkeletonComponent, 'SkeletonComponent'), 'Observed', 'SkeletonComponent'),
    base: field(rawBytes(4), 'Observed', 'four base bytes, kept raw'),
    mainSkeleton: field(resourceReference, 'Observed', 'main Skeleton reference'),
    addons: field(
      counted(resourceReference, { elementName: 'ResourceReference' }),
      'Observed',
      'addon Skeleton references (mode byte 04): the MAD_CHR_SkelAddon_* rigs',
    ),
    expressionPack: field(resourceReference, 'Observed', 'ExpressionPack reference (null as 03 and nine zero bytes)'),
    trackDefinitions: field(
      counted(animTrackDefinition, { elementName: 'AnimTrackDefinition' }),
      'Observed',
      '20-byte AnimTrackDefinition objects',
    ),
    windForce: field(windForce, 'Observed', 'embedded WindForce; the resource ends here'),
  },
  'A SkeletonComponent: body length 56 + 10 × addons + 20 × track definitions.',
);

/** The SkeletonComponent declaration's codec type. */
export type SkeletonComponentCodec = typeof skeletonComponentDeclaration;
/** A decoded `anvilnext` SkeletonComponent record, every stored field but the constants. */
export type SkeletonComponent = Infer<typeof skeletonComponentDeclaration>;

const fieldSize = (name: string): number => skeletonComponentDeclaration.fields.find((f) => f.name === name)!.codec.fixedSize!;

/**
 * Bytes of a SkeletonComponent's object header (u64 id, u32 class), from the declaration; the body
 * after it is {@link expectedComponentBodySize}.
 */
export const SKELETON_COMPONENT_HEADER_SIZE = fieldSize('id') + fieldSize('classHash');

// The body's fixed part (the seed's 56) is the declaration's smallest size less the header; each
// addon adds one resource reference (10), each track one AnimTrackDefinition (20).
const FIXED_BODY = skeletonComponentDeclaration.minSize - SKELETON_COMPONENT_HEADER_SIZE;
const ADDON_SIZE = resourceReference.fixedSize!;
const TRACK_SIZE = animTrackDefinition.fixedSize!;

/** The body length the seed's rule predicts for a component: 56 + 10 × addons + 20 × tracks, sizes taken from the declaration. Never throws. */
export function expectedComponentBodySize(addons: number, tracks: number): number {
  return FIXED_BODY + ADDON_SIZE * addons + TRACK_SIZE * tracks;
}
