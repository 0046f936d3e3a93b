import type { Resource } from '../formats/resource.js';
import { skeletonFromAnvilnext, skeletonFromScimitar } from './from-records.js';
import type { Skeleton } from './skeleton.js';

/**
 * The dialect-free skeleton of a decoded Skeleton resource: bones in list order with parent indices
 * (−1 for the root), mirrors, name hashes and the stored transforms. It shares the record's transform
 * tuples (copy before changing one alone). Never throws on a record {@link readResource} returned.
 */
export function skeletonFromResource(resource: Extract<Resource, { kind: 'Skeleton' }>): Skeleton {
  return resource.dialect === 'anvilnext' ? skeletonFromAnvilnext(resource.record) : skeletonFromScimitar(resource.record);
}
