import { defineLayout } from '../layout.js';
import * as compiled from './compiled.js';
import { anvilnextDeclaration } from './layout.js';
import { ANVILNEXT_READING_DEFAULTS, type AnvilnextReading } from './reading.js';
import type { SkeletonComponentCodec } from './component.js';
import type { AnvilnextSkeletonCodec } from './skeleton.js';

export * from './reading.js';
export * from './common.js';
export * from './bone.js';
export * from './skeleton.js';
export * from './component.js';
export * from './variant.js';

/** The main title's layout, reading through its generated readers. */
export const anvilnextLayout = defineLayout(anvilnextDeclaration, compiled);

/** The seed's Skeleton codec for a reading, through its generated reader (built once per reading). */
export function anvilnextSkeletonCodec(reading: AnvilnextReading = ANVILNEXT_READING_DEFAULTS): AnvilnextSkeletonCodec {
  return anvilnextLayout.codec('Skeleton', reading as unknown as Record<string, string>) as unknown as AnvilnextSkeletonCodec;
}

/**
 * A reading from `key=value` pairs over the defaults (`--reading` on the commands); throws a
 * `RangeError` naming an unknown key or value.
 */
export function parseAnvilnextReading(pairs: readonly string[]): AnvilnextReading {
  return anvilnextLayout.parseReading(pairs) as AnvilnextReading;
}

/** The SkeletonComponent, read through its generated reader (`compiled.ts`) when no field path is kept. */
export const skeletonComponent = anvilnextLayout.codec('SkeletonComponent') as unknown as SkeletonComponentCodec;
