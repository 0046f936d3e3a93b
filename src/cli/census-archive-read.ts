/**
 * One batch of an archive's data files into a census, in the main thread or a census worker (kept
 * apart from census-archives.ts so a worker loads no more than it counts with): each Skeleton and
 * SkeletonComponent record of the data files read is counted as a file of the census, named
 * `archive: entry N "name": resource I "name"`.
 */
import { forgeClassName, forgeEntryLabel, forgeResourceLabel } from '../archive/forge-select.js';
import type { Forge, ForgeEntry } from '../archive/forge.js';
import type { CensusAccumulator } from '../analysis/census.js';
import { CLASS } from '../formats/classes.js';
import type { Dialect } from '../formats/dialect.js';
import { describeHeader } from '../formats/resource.js';
import { readArchiveEntries, type DataFileOutcome, type RefusalPlace } from './census-archive-outcomes.js';

/** A refusal inside an archive: the entry, and the archive offset and field path of the ParseError. */
export interface ArchiveRefusalReport {
  /** The entry's number, or null for the archive's own tables. */
  entry: number | null;
  /** The entry's name, or null for the archive's own tables. */
  entryName: string | null;
  /** Archive offset (exact in stored blocks; a compressed block's start inside one). */
  offset: number;
  /** Field path, e.g. `entries[3].resources[2].size`. */
  path: string;
  /** The whole message. */
  message: string;
}

/** What a batch of data files held. */
export interface ArchiveBatchCounts {
  /** Data files read. */
  dataFiles: number;
  /** Resource records in them, of every class. */
  resources: number;
  /** Skeleton and SkeletonComponent records among them. */
  skeletons: number;
  components: number;
  /** Data files refused (each also in the census as an unreadable file). */
  refusals: ArchiveRefusalReport[];
}

/** Empty counts. */
export function emptyBatchCounts(): ArchiveBatchCounts {
  return { dataFiles: 0, resources: 0, skeletons: 0, components: 0, refusals: [] };
}

/** Adds `b` into `a`. */
export function addBatchCounts(a: ArchiveBatchCounts, b: ArchiveBatchCounts): void {
  a.dataFiles += b.dataFiles;
  a.resources += b.resources;
  a.skeletons += b.skeletons;
  a.components += b.components;
  a.refusals.push(...b.refusals);
}

/** A refusal as the census and the archive report keep it; `census` counts it as an unreadable file. */
export function recordArchiveRefusal(
  census: CensusAccumulator,
  counts: ArchiveBatchCounts,
  archive: string,
  entry: Pick<ForgeEntry, 'number' | 'name'> | null,
  error: RefusalPlace,
): void {
  const where = entry === null ? archive : `${archive}: ${forgeEntryLabel(entry)}`;
  census.addUnreadable(where, `refused at ${error.message}`);
  counts.refusals.push({
    entry: entry?.number ?? null,
    entryName: entry?.name ?? null,
    offset: error.offset,
    path: error.path,
    message: error.message,
  });
}

/**
 * Counts read data files into the census: each Skeleton and SkeletonComponent record is a file of
 * it, named `archive: entry N "name": resource I "name"`; a refused data file is one unreadable
 * file and one refusal of the counts.
 */
export function countArchiveEntries(
  census: CensusAccumulator,
  archive: string,
  outcomes: readonly DataFileOutcome[],
  dialect?: Dialect,
): ArchiveBatchCounts {
  const counts = emptyBatchCounts();
  for (const outcome of outcomes) {
    const entry = outcome.entry;
    if ('refusal' in outcome) {
      recordArchiveRefusal(census, counts, archive, entry, outcome.refusal);
      continue;
    }
    counts.dataFiles++;
    counts.resources += outcome.resources;
    for (const record of outcome.skeletal) {
      const cls = record.classHash;
      if (cls === CLASS.Skeleton) counts.skeletons++;
      else counts.components++;
      const label = forgeResourceLabel(archive, entry, record.index, record.name);
      // The record says what it is; a body whose header no layout reads is a refusal, never a silent skip.
      census.addFile(
        label,
        record.body,
        () => `the record's class is ${forgeClassName(cls)}, but its body is not one we read (${describeHeader(record.body, dialect)})`,
      );
    }
  }
  return counts;
}

/** Reads each entry's data file and counts it into the census, in this thread: {@link readArchiveEntries}, then {@link countArchiveEntries}. */
export async function addArchiveEntries(
  census: CensusAccumulator,
  archive: string,
  forge: Pick<Forge, 'source' | 'version'>,
  entries: readonly ForgeEntry[],
  dialect?: Dialect,
): Promise<ArchiveBatchCounts> {
  return countArchiveEntries(census, archive, await readArchiveEntries(forge, entries), dialect);
}
