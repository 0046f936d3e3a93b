import type { Resource } from '../formats/resource.js';
import { skeletonFromAnvilnext, skeletonFromScimitar } from './from-records.js';
import type { Skeleton } from './skeleton.js';

/** The dialect-free skeleton of a decoded Skeleton resource. */
export function skeletonFromResource(resource: Extract<Resource, { kind: 'Skeleton' }>): Skeleton {
  return resource.dialect === 'anvilnext' ? skeletonFromAnvilnext(resource.record) : skeletonFromScimitar(resource.record);
}
