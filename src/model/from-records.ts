/**
 * Factories from decoded records to the dialect-free skeleton, and back for writing, by layout.
 *
 * A model built from a record shares the record's transform tuples (the decoder made them fresh,
 * and copying every one again showed in the census profile); copy them before changing one side
 * alone. Records built from a model get copies.
 */
import type { AnvilnextSkeleton } from '../formats/anvilnext/index.js';
import type { SkeletonRecord } from '../formats/layout.js';
import { defaultLayouts, layoutByName, type LayoutSet } from '../formats/registry.js';
import type { ScimitarSkeleton } from '../formats/scimitar/index.js';
import type { Skeleton } from './skeleton.js';

/** The model of an `anvilnext` Skeleton record. Never throws on a record the layout read. */
export function skeletonFromAnvilnext(record: AnvilnextSkeleton): Skeleton {
  return layoutByName('anvilnext').view(record as unknown as SkeletonRecord);
}

/** The model of a `scimitar` Skeleton record. Never throws on a record the layout read. */
export function skeletonFromScimitar(record: ScimitarSkeleton): Skeleton {
  return layoutByName('scimitar').view(record as unknown as SkeletonRecord);
}

/**
 * A Skeleton record of the named layout for a model, ready for {@link writeResource}, with the
 * declared values where the model is silent and `overrides` on top. Throws a RangeError for an
 * unknown layout or a stored index or descendant count past its field; a model the layout cannot
 * hold (a parent or mirror that is not a bone index) makes {@link writeResource} throw. The layout
 * is looked up in `set` (the default set when absent).
 */
export function recordFromSkeleton(
  dialect: string,
  skeleton: Skeleton,
  overrides: Readonly<Record<string, unknown>> = {},
  set: LayoutSet = defaultLayouts(),
): SkeletonRecord {
  return set.get(dialect).record(skeleton, overrides);
}

/**
 * An `anvilnext` Skeleton record for a model, ready for {@link writeResource}, with the seed's usual
 * values where the model is silent and `overrides` on top. Throws a RangeError for a stored index or
 * descendant count past 16 bits; a model the layout
 * cannot hold (a parent or mirror that is not a bone index) makes {@link writeResource} throw.
 */
export function anvilnextRecordFromSkeleton(skeleton: Skeleton, overrides: Partial<AnvilnextSkeleton> = {}): AnvilnextSkeleton {
  return recordFromSkeleton('anvilnext', skeleton, overrides) as unknown as AnvilnextSkeleton;
}

/**
 * A `scimitar` Skeleton record for a model, ready for {@link writeResource}: mirror pairs from the
 * model's mirrors, ids of the bind-transform objects allocated after the largest bone id, `overrides`
 * on top. Never throws itself; a stored index or descendant count past 255 makes {@link writeResource} throw.
 */
export function scimitarRecordFromSkeleton(skeleton: Skeleton, overrides: Partial<ScimitarSkeleton> = {}): ScimitarSkeleton {
  return recordFromSkeleton('scimitar', skeleton, overrides) as unknown as ScimitarSkeleton;
}
