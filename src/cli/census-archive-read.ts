/**
 * One batch of an archive's data files into a census, in the main thread or a worker (kept apart
 * from census-archives.ts so a worker loads no more than it reads with): each data file is read,
 * its checksums checked and its blocks decompressed, and each Skeleton and SkeletonComponent
 * record is counted as a file of the census, named `archive: entry N "name": resource I "name"`.
 */
import { forgeClassName, forgeEntryLabel, forgeResourceLabel } from '../archive/forge-select.js';
import type { Forge, ForgeEntry } from '../archive/forge.js';
import { forgeSkeletalFiles } from '../archive/forge-records.js';
import type { CensusAccumulator } from '../analysis/census.js';
import { CLASS } from '../formats/classes.js';
import type { Dialect } from '../formats/dialect.js';
import { describeHeader } from '../formats/resource.js';
import type { ParseError } from '../io/errors.js';

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

/**
 * Why a Skeleton or SkeletonComponent record is refused when no layout reads its body's header:
 * the record says what it is, so such a body is a refusal, never a silent skip.
 */
export function unreadRecordMessage(classHash: number, body: Uint8Array, dialect?: Dialect): string {
  return `the record's class is ${forgeClassName(classHash)}, but its body is not one we read (${describeHeader(body, dialect)})`;
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
  /** Data files refused (each also in the census as a refused archive file). */
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

/** A refusal as the census and the archive report keep it; `census` counts it as a refused archive file, with its offset and path. */
export function recordArchiveRefusal(
  census: CensusAccumulator,
  counts: ArchiveBatchCounts,
  archive: string,
  entry: Pick<ForgeEntry, 'number' | 'name'> | null,
  error: ParseError,
): void {
  const where = entry === null ? archive : `${archive}: ${forgeEntryLabel(entry)}`;
  const { offset, path, expected, actual } = error;
  census.addArchiveRefusal(where, { offset, path, expected, actual, message: `refused at ${error.message}` });
  counts.refusals.push({
    entry: entry?.number ?? null,
    entryName: entry?.name ?? null,
    offset: error.offset,
    path: error.path,
    message: error.message,
  });
}

/**
 * Reads each entry's data file and counts its Skeleton and SkeletonComponent records into the
 * census; a data file refused is one refused archive file of the census and one refusal of the counts,
 * and the next is read. Rejects only on what is not a refusal (the source failing).
 */
export async function addArchiveEntries(
  census: CensusAccumulator,
  archive: string,
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  entries: readonly ForgeEntry[],
  dialect?: Dialect,
): Promise<ArchiveBatchCounts> {
  const counts = emptyBatchCounts();
  for await (const file of forgeSkeletalFiles(forge, entries)) {
    const entry = file.entry;
    if ('failed' in file) throw file.failed;
    if ('refusal' in file) {
      recordArchiveRefusal(census, counts, archive, entry, file.refusal);
      continue;
    }
    counts.dataFiles++;
    counts.resources += file.resourceCount;
    for (const { index, resource } of file.records) {
      const cls = resource.classHash >>> 0;
      if (cls === CLASS.Skeleton) counts.skeletons++;
      else counts.components++;
      const label = forgeResourceLabel(archive, entry, index, resource.name);
      census.addFile(label, resource.body, () => unreadRecordMessage(cls, resource.body, dialect));
    }
  }
  return counts;
}
