/**
 * The census of a `.forge` archive, browser-safe: its tables are read, the data files that can
 * hold a Skeleton are chosen, and every Skeleton and SkeletonComponent record is a file of the
 * census, addressed `archive: entry N "name": resource I "name"`; beside the census, the archive
 * gets a line of counts of its own. The pieces (open, count a share of the entries, finish the
 * line) are exported too, so that a caller with threads can share an archive's data files out.
 */
import { forgeRecords } from '../../archive/forge-records.js';
import { openForge, type Forge, type ForgeEntry } from '../../archive/forge.js';
import { ForgeOptionsConflict, ForgeProfileAmbiguity, type OpenForgeOptions } from '../../archive/forge-open.js';
import { bookkeepingEntryCount, forgeClassName } from '../../archive/forge-select.js';
import type { ArchiveSource } from '../../archive/source.js';
import { CLASS } from '../../formats/classes.js';
import type { LayoutName } from '../../formats/dialect.js';
import { describeHeader } from '../../formats/resource.js';
import { formatAddress, refusalReport, type ResourceAddress } from '../../io/address.js';
import { ParseError } from '../../io/errors.js';
import type { CensusAccumulator } from '../census.js';
import type { CensusReport } from './report.js';

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

/** One archive's line of the census. */
export interface ArchiveCensus {
  /** The archive's path, as given. */
  archive: string;
  /** Its version, or null when its tables were refused. */
  version: number | null;
  /** The profile its data files were read with (null: none fits, or its tables were refused). */
  profile: string | null;
  /** How the profile was chosen: how, the profiles that read it alike, the data files probed. */
  profileChoice: { how: string; alike: string[]; probed: number } | null;
  /** Bookkeeping entries (the archive's own records), listed and never read as data files. */
  bookkeepingEntries: number;
  /** Entries (data files) its index lists, refused ones included. */
  entries: number;
  /** Data files read (their type says they can hold a Skeleton, or `everyDataFile`). */
  dataFilesRead: number;
  /** Data files not read because the index gives them a type that is not Skeleton or SkeletonComponent. */
  dataFilesSkipped: number;
  /** Resource records in the data files read, of every class. */
  resources: number;
  /** Skeleton records found. */
  skeletons: number;
  /** SkeletonComponent records found. */
  skeletonComponents: number;
  /** Refusals: the archive's tables, index entries, and data files. */
  refused: number;
  /** The first refusals (at most {@link ARCHIVE_REFUSALS_KEPT}), each with entry, archive offset and path. */
  refusals: ArchiveRefusalReport[];
}

/** The census report, with a line per `.forge` archive when any was read (`census --json`). */
export type CensusRunReport = CensusReport & { archives?: ArchiveCensus[] };

/** Refusals kept per archive in the report (all are counted, and all are in the census's own refusal list). */
export const ARCHIVE_REFUSALS_KEPT = 100;

/**
 * Why a Skeleton or SkeletonComponent record is refused when no layout reads its body's header:
 * the record says what it is, so such a body is a refusal, never a silent skip. Never throws.
 */
export function unreadRecordMessage(classHash: number, body: Uint8Array, dialect?: LayoutName): string {
  return `the record's class is ${forgeClassName(classHash)}, but its body is not one we read (${describeHeader(body, dialect)})`;
}

/** What a share of an archive's data files held. */
export interface ArchiveBatchCounts {
  /** Data files read. */
  dataFiles: number;
  /** Resource records in them, of every class. */
  resources: number;
  /** Skeleton records among them. */
  skeletons: number;
  /** SkeletonComponent records among them. */
  components: number;
  /** Refusals (each also in the census as a refused archive file). */
  refusals: ArchiveRefusalReport[];
}

/** Empty counts. Never throws. */
export function emptyBatchCounts(): ArchiveBatchCounts {
  return { dataFiles: 0, resources: 0, skeletons: 0, components: 0, refusals: [] };
}

/** Adds `b` into `a`. Never throws. */
export function addBatchCounts(a: ArchiveBatchCounts, b: ArchiveBatchCounts): void {
  a.dataFiles += b.dataFiles;
  a.resources += b.resources;
  a.skeletons += b.skeletons;
  a.components += b.components;
  a.refusals.push(...b.refusals);
}

/**
 * A refusal of an archive as the census and the archive's line keep it: `census` counts it as one
 * refused archive file at `address` (the archive for its tables and index, an entry for its data
 * file), with its offset and path. Never throws.
 */
export function recordArchiveRefusal(
  census: CensusAccumulator,
  counts: ArchiveBatchCounts,
  address: ResourceAddress,
  error: ParseError,
): void {
  census.addArchiveRefusal(formatAddress(address), refusalReport(error));
  counts.refusals.push({
    entry: address.entry?.number ?? null,
    entryName: address.entry?.name ?? null,
    offset: error.offset,
    path: error.path,
    message: error.message,
  });
}

/** How the census reads an archive's records. */
export interface CensusArchiveOptions {
  /** Read every record with this layout instead of detecting it. */
  dialect?: LayoutName;
  /** Read every data file, whatever type the index gives it. */
  everyDataFile?: boolean;
  /** How the archive is opened: its profile, detected by default. */
  forge?: OpenForgeOptions;
  /** Data files done so far, of `total`. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Counts the Skeleton and SkeletonComponent records of `entries` (a share of the archive `name`)
 * into `census`; a refused data file is one refused archive file of the census and one refusal of
 * the counts, and the next is read. `onDataFile` is told of each data file done. Rejects only on
 * what is not a refusal (the source failing).
 */
export async function censusArchiveEntries(
  census: CensusAccumulator,
  name: string,
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord' | 'entries' | 'refusals'>,
  entries: readonly ForgeEntry[],
  options: { dialect?: LayoutName; onDataFile?: () => void } = {},
): Promise<ArchiveBatchCounts> {
  const counts = emptyBatchCounts();
  for await (const item of forgeRecords(forge, { name, entries })) {
    switch (item.kind) {
      case 'failed':
        throw item.error;
      case 'refusal':
        recordArchiveRefusal(census, counts, item.address, item.refusal);
        options.onDataFile?.();
        break;
      case 'dataFile':
        counts.dataFiles++;
        counts.resources += item.resourceCount;
        options.onDataFile?.();
        break;
      case 'record': {
        const cls = item.resource.classHash >>> 0;
        if (cls === CLASS.Skeleton) counts.skeletons++;
        else counts.components++;
        const body = item.resource.body;
        census.addFile(formatAddress(item.address), body, () => unreadRecordMessage(cls, body, options.dialect));
        break;
      }
      case 'selection':
        break;
    }
  }
  return counts;
}

/** An archive whose tables were read: its census line so far, its counts, and the entries to read. */
export interface OpenedArchiveCensus {
  /** The archive's line, its data-file counts still to be filled in by {@link finishArchiveCensus}. */
  line: ArchiveCensus;
  /** The archive's counts so far (its own refusals); add each share's counts into it. */
  counts: ArchiveBatchCounts;
  /** The archive, or null when its tables were refused or could not be read (then counted already). */
  forge: Forge | null;
  /** The entries whose data files the census reads, in index order. */
  entries: readonly ForgeEntry[];
}

/** An archive's line before anything is read: every count zero, no version (as for an archive not read). Never throws. */
export function emptyArchiveCensus(name: string): ArchiveCensus {
  return {
    archive: name,
    version: null,
    profile: null,
    profileChoice: null,
    bookkeepingEntries: 0,
    entries: 0,
    dataFilesRead: 0,
    dataFilesSkipped: 0,
    resources: 0,
    skeletons: 0,
    skeletonComponents: 0,
    refused: 0,
    refusals: [],
  };
}

/**
 * The census's start on an archive: its line, and, when it can be opened, the archive and the
 * entries to read. Tables refused are one refused archive file of the census; a source that
 * cannot be read, one unreadable file. Rejects with ForgeProfileAmbiguity or ForgeOptionsConflict
 * (profiles that read the archive differently, or options that contradict the profile: the caller
 * must choose).
 */
export async function openArchiveCensus(
  census: CensusAccumulator,
  name: string,
  source: ArchiveSource,
  options: Pick<CensusArchiveOptions, 'everyDataFile' | 'forge'> = {},
): Promise<OpenedArchiveCensus> {
  const line = emptyArchiveCensus(name);
  const counts = emptyBatchCounts();
  const archive: ResourceAddress = { file: name, archive: true };
  let forge: Forge;
  try {
    forge = await openForge(source, options.forge);
  } catch (error) {
    if (error instanceof ForgeProfileAmbiguity || error instanceof ForgeOptionsConflict) throw error;
    if (error instanceof ParseError) recordArchiveRefusal(census, counts, archive, error.at(archive));
    else census.addUnreadable(name, error instanceof Error ? error.message : String(error));
    return { line, counts, forge: null, entries: [] };
  }
  line.version = forge.version;
  line.profile = forge.profile?.name ?? null;
  line.profileChoice = forge.profileChoice;
  line.bookkeepingEntries = bookkeepingEntryCount(forge.entries);
  line.entries = forge.entries.length + forge.refusals.length;
  let entries: readonly ForgeEntry[] = [];
  // Only the selection and the archive's own refusals, which come first: the data files are read by shares.
  let ahead = 1 + forge.refusals.length;
  for await (const item of forgeRecords(forge, { name, everyDataFile: options.everyDataFile })) {
    if (item.kind === 'selection') {
      entries = item.entries;
      line.dataFilesSkipped = item.skippedByType;
    } else if (item.kind === 'refusal') recordArchiveRefusal(census, counts, item.address, item.refusal);
    if (--ahead === 0) break;
  }
  return { line, counts, forge, entries };
}

/** Fills the line's counts in from the archive's counts (refusals sorted, the first kept). Never throws. */
export function finishArchiveCensus(opened: Pick<OpenedArchiveCensus, 'line' | 'counts'>): ArchiveCensus {
  const { line, counts } = opened;
  line.dataFilesRead = counts.dataFiles;
  line.resources = counts.resources;
  line.skeletons = counts.skeletons;
  line.skeletonComponents = counts.components;
  line.refused = counts.refusals.length;
  line.refusals = [...counts.refusals]
    .sort((x, y) => (x.entry ?? -1) - (y.entry ?? -1) || x.offset - y.offset)
    .slice(0, ARCHIVE_REFUSALS_KEPT);
  return line;
}

/**
 * The census of one archive, in this thread: its tables read from `source`, each chosen data
 * file's Skeleton and SkeletonComponent records counted into `census` under their addresses, and
 * the archive's line returned. A refusal (of the tables, an index entry or a data file) is one
 * refused archive file of the census, and the rest is read. Rejects when the source fails while
 * data files are read, and with ForgeProfileAmbiguity or ForgeOptionsConflict (see
 * {@link openArchiveCensus}).
 */
export async function censusArchive(
  census: CensusAccumulator,
  name: string,
  source: ArchiveSource,
  options: CensusArchiveOptions = {},
): Promise<ArchiveCensus> {
  const opened = await openArchiveCensus(census, name, source, options);
  if (opened.forge !== null) {
    const total = opened.entries.length;
    let done = 0;
    const onDataFile = (): void => options.onProgress?.(++done, total);
    addBatchCounts(
      opened.counts,
      await censusArchiveEntries(census, name, opened.forge, opened.entries, { dialect: options.dialect, onDataFile }),
    );
  }
  return finishArchiveCensus(opened);
}
