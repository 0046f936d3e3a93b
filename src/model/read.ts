import { defaultLayouts, type LayoutSet } from '../formats/registry.js';
import type { SkeletonResource } from '../formats/resource.js';
import type { Skeleton } from './skeleton.js';

/**
 * The dialect-free skeleton of a decoded Skeleton resource: bones in list order with parent indices
 * (−1 for the root), mirrors, name hashes and the stored transforms. It shares the record's transform
 * tuples (copy before changing one alone). Never throws on a record {@link readResource} returned;
 * throws a RangeError for a layout that is not in `set` (the default set when absent).
 */
export function skeletonFromResource(resource: SkeletonResource, set: LayoutSet = defaultLayouts()): Skeleton {
  return set.get(resource.dialect).view(resource.record);
}
