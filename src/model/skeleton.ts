/**
 * The dialect-free skeleton: index-aligned bones with parent indices, name hashes and the four
 * stored transforms. Every layout presents its records in this shape (its `view`); every other
 * layer (analysis, export, viewer) works on it.
 */
import type { LayoutBone, LayoutSkeleton } from '../formats/layout.js';
import { findLayout } from '../formats/registry.js';

export type { LayoutName } from '../formats/dialect.js';
export { DIALECTS } from '../formats/dialect.js';

/** One bone of a {@link Skeleton}, the same in every layout. */
export type SkeletonBone = LayoutBone;

/**
 * The dialect-free skeleton: index-aligned bones with parent indices, name hashes and the stored
 * transforms, built from any layout by {@link skeletonFromResource}.
 */
export type Skeleton = LayoutSkeleton;

/** Width in hex digits of an object id of the layout (16 for u64 ids, 8 for u32); 16 for a layout not registered. */
export function idHexWidth(dialect: string): number {
  return findLayout(dialect)?.idHexWidth ?? 16;
}

/** The two families every layout derives from: a check that applies to a family applies to each of its layouts. */
export const LAYOUT_FAMILIES: readonly ('anvilnext' | 'scimitar')[] = ['anvilnext', 'scimitar'];
