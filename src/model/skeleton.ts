/**
 * The dialect-free skeleton: index-aligned bones with parent indices, name hashes and the four
 * stored transforms. Built from decoded records by the factories in this folder; every other
 * layer (analysis, export, viewer) works on this shape.
 */
import type { Transform } from '../math/transform.js';

import type { Dialect } from '../formats/dialect.js';

export type { Dialect } from '../formats/dialect.js';
export { DIALECTS } from '../formats/dialect.js';

/** One bone of a {@link Skeleton}, the same in either layout. */
export interface SkeletonBone {
  /** Position in the bone list. */
  index: number;
  /** Object id: u64 in `anvilnext`, u32 in `scimitar`. */
  id: bigint;
  /** CRC-32 of the bone's name. */
  nameHash: number;
  /** Index of the parent bone, −1 for the root. */
  parent: number;
  /**
   * `anvilnext`: the bone the second pointer names (itself on a chain);
   * `scimitar`: the other bone of its mirror pair. Null when there is none.
   */
  mirror: number | null;
  /** Stored global bind transform (excludes the own transform). */
  global: Transform;
  /** Stored local bind transform, relative to the parent. */
  local: Transform;
  /** Descendant count as stored (packed word high half, or the descendant byte). */
  descendants: number;
  /** The bone's list position as stored (packed word low half, or the index byte). */
  storedIndex: number;
}

/**
 * The dialect-free skeleton: index-aligned bones with parent indices, name hashes and the stored
 * transforms, built from either layout by {@link skeletonFromResource}.
 */
export interface Skeleton {
  /** The layout the skeleton was read from or is meant for. */
  dialect: Dialect;
  /** The Skeleton object's id. */
  id: bigint;
  /** SkeletonType enum (`anvilnext`), null where the layout has none. */
  skeletonType: number | null;
  /** The bones in list order; a parent comes before its children in a well-formed skeleton. */
  bones: SkeletonBone[];
  /** The Skeleton's own transform (`anvilnext`), null where the layout has none. */
  ownTransform: Transform | null;
}

/** Width in hex digits of an object id of the dialect. */
export function idHexWidth(dialect: Dialect): number {
  return dialect === 'anvilnext' ? 16 : 8;
}
