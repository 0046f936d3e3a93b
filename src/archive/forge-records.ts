/**
 * The Skeleton and SkeletonComponent records of an archive, one data file at a time: what the
 * census, `validate`, `view` and the viewer's page read from an archive. Browser-safe.
 */
import type { ResourceAddress } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readDataFile, readDataFileNow, type ForgeResource } from './forge-data-file.js';
import { bookkeepingEntryCount, forgeEntriesToRead, isSkeletalClass } from './forge-select.js';

/** What {@link forgeRecords} reads an archive with. */
export interface ForgeRecordsOptions {
  /** The archive's name in every address (its path as given, or the name the page was given). */
  name: string;
  /** Read every data file, whatever type the index gives it (default: only Skeleton and SkeletonComponent ones). */
  everyDataFile?: boolean;
  /**
   * Read exactly these entries, in this order: a share of the archive handed to another thread.
   * The archive's own refusals are then not yielded (whoever shared it out has them).
   */
  entries?: readonly ForgeEntry[];
}

/**
 * One item of {@link forgeRecords}, each with its address:
 * - `selection`, first: the entries that will be read, and how many data files their type left unread;
 * - `refusal`: a refused index entry or table (`entry` null, the address the archive) or a refused
 *   data file (the address its entry), the ParseError placed at that address;
 * - `record`: a Skeleton or SkeletonComponent record (the address its entry and resource);
 * - `dataFile`: a data file read, after its records, with how many records it holds of every class;
 * - `failed`, last of all: what made the source fail (a read error, a file that shrank).
 */
export type ForgeRecordItem =
  | { kind: 'selection'; address: ResourceAddress; entries: readonly ForgeEntry[]; skippedByType: number }
  | { kind: 'refusal'; address: ResourceAddress; entry: ForgeEntry | null; refusal: ParseError }
  | { kind: 'record'; address: ResourceAddress; entry: ForgeEntry; index: number; resource: ForgeResource }
  | { kind: 'dataFile'; address: ResourceAddress; entry: ForgeEntry; resourceCount: number }
  | { kind: 'failed'; address: ResourceAddress; entry: ForgeEntry; error: unknown };

/** The address of an entry's data file in the archive `name`. */
function entryAddress(name: string, entry: Pick<ForgeEntry, 'number' | 'name'>): ResourceAddress {
  return { file: name, archive: true, entry: { number: entry.number, name: entry.name } };
}

/**
 * Reads the chosen entries' data files in index order (those whose type may hold a Skeleton, or
 * every data file, or the `entries` given) and yields the selection, the archive's refusals, each
 * skeletal record and each data file read. A refused data file is yielded and the next is read; a
 * source that fails ends the sequence with that failure. Never throws.
 */
export async function* forgeRecords(
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord' | 'entries' | 'refusals'>,
  options: ForgeRecordsOptions,
): AsyncGenerator<ForgeRecordItem, void, undefined> {
  const archive: ResourceAddress = { file: options.name, archive: true };
  const share = options.entries;
  const entries = share ?? forgeEntriesToRead(forge.entries, options.everyDataFile === true);
  // Counted over the whole index only for the whole archive: a share (a census hands out batches
  // of 16 data files) skips nothing, and counting at every share made a census quadratic in the
  // archive's entries.
  const skippedByType = share === undefined ? forge.entries.length - entries.length - bookkeepingEntryCount(forge.entries) : 0;
  yield { kind: 'selection', address: archive, entries, skippedByType };
  // An index entry refused (its data file outside the archive), or the chain ended: its path names the block and slot.
  if (share === undefined)
    for (const refusal of forge.refusals) yield { kind: 'refusal', address: archive, entry: null, refusal: refusal.at(archive) };
  for (const entry of entries) {
    const address = entryAddress(options.name, entry);
    let resources: ForgeResource[];
    try {
      resources = (readDataFileNow(forge, entry) ?? (await readDataFile(forge, entry))).resources;
    } catch (error) {
      if (error instanceof ParseError) {
        yield { kind: 'refusal', address, entry, refusal: error.at(address) };
        continue;
      }
      yield { kind: 'failed', address, entry, error };
      return;
    }
    for (const [index, resource] of resources.entries()) {
      if (!isSkeletalClass(resource.classHash)) continue;
      yield { kind: 'record', address: { ...address, resource: { index, name: resource.name } }, entry, index, resource };
    }
    yield { kind: 'dataFile', address, entry, resourceCount: resources.length };
  }
}

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
 * Reads each entry's data file in order and yields what it gave, a data file at a time: a refused
 * data file is yielded with its ParseError and the next is read; a source that fails ends the
 * sequence with that failure. Never throws. {@link forgeRecords} gives the same one record at a
 * time, with addresses.
 */
export async function* forgeSkeletalFiles(
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  entries: readonly ForgeEntry[],
): AsyncGenerator<ForgeSkeletalFile, void, undefined> {
  let records: { index: number; resource: ForgeResource }[] = [];
  for await (const item of forgeRecords({ ...forge, entries: [], refusals: [] }, { name: '', entries })) {
    if (item.kind === 'record') records.push({ index: item.index, resource: item.resource });
    else if (item.kind === 'dataFile') {
      yield { entry: item.entry, resourceCount: item.resourceCount, records };
      records = [];
    } else if (item.kind === 'refusal') yield { entry: item.entry!, refusal: item.refusal };
    else if (item.kind === 'failed') yield { entry: item.entry, failed: item.error };
  }
}
