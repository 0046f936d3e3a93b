import { constU32, counted, field, rawBytes, struct, u64, withCompiledReader, type Infer } from '../../grammar/index.js';
import { CLASS } from '../classes.js';
import { resourceReference } from './common.js';
import { skeletonComponentReader } from './compiled.js';

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

/**
 * Bytes of a SkeletonComponent's object header (u64 id, u32 class); the body after it is 56 + 10 × addons + 20 × tracks.
 */
export const SKELETON_COMPONENT_HEADER_SIZE = 12;

const skeletonComponentDeclaration = struct(
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

/** The SkeletonComponent, read through its generated reader (`compiled.ts`) when no field path is kept. */
export const skeletonComponent = withCompiledReader(
  skeletonComponentDeclaration,
  skeletonComponentReader,
) as typeof skeletonComponentDeclaration;

/** A decoded `anvilnext` SkeletonComponent record, every stored field but the constants. */
export type SkeletonComponent = Infer<typeof skeletonComponent>;

/** The body length the seed's rule predicts for a component: 56 + 10 × addons + 20 × tracks. Never throws. */
export function expectedComponentBodySize(addons: number, tracks: number): number {
  return 56 + 10 * addons + 20 * tracks;
}
