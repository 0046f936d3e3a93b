/**
 * The Skeleton and SkeletonComponent records of chosen data files, one data file at a time: what
 * the census, `validate` and both sides of the viewer read from an archive. Browser-safe.
 */
import { ParseError } from '../io/errors.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readDataFile, type ForgeResource } from './forge-data-file.js';
import { isSkeletalClass } from './forge-select.js';

/**
 * What one data file gave: its skeletal records (with their places among its records, and how
 * many records it holds of every class), the ParseError that refused it, or, last of all, what
 * made the source fail (a read error, a file that shrank), after which nothing more is read.
 */
export type ForgeSkeletalFile =
  | { entry: ForgeEntry; resourceCount: number; records: { index: number; resource: ForgeResource }[] }
  | { entry: ForgeEntry; refusal: ParseError }
  | { entry: ForgeEntry; failed: unknown };

/**
 * Reads each entry's data file in order and yields what it gave: a refused data file is yielded
 * with its ParseError and the next is read; a source that fails ends the sequence with that
 * failure. Never throws.
 */
export async function* forgeSkeletalFiles(
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  entries: readonly ForgeEntry[],
): AsyncGenerator<ForgeSkeletalFile, void, undefined> {
  for (const entry of entries) {
    let resources: ForgeResource[];
    try {
      resources = (await readDataFile(forge, entry)).resources;
    } catch (error) {
      if (error instanceof ParseError) {
        yield { entry, refusal: error };
        continue;
      }
      yield { entry, failed: error };
      return;
    }
    const records = resources.flatMap((resource, index) => (isSkeletalClass(resource.classHash) ? [{ index, resource }] : []));
    yield { entry, resourceCount: resources.length, records };
  }
}
