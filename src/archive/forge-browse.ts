/**
 * An archive browsed by its tables alone, as a viewer lists it: every entry at once (number, name,
 * class, size, whether it holds skeletal data), the tables' refusals, and one entry's data file
 * read only when asked, its Skeleton and SkeletonComponent records named as the census names them.
 * The `view` command's server and the page (for an archive opened in it) both list archives
 * through here. Browser-safe.
 */
import { refusalReport, formatAddress, type RefusalReport } from '../io/address.js';
import { formatSize } from '../io/format.js';
import { CLASS } from '../formats/classes.js';
import type { Forge } from './forge.js';
import { forgeRecords } from './forge-records.js';
import { forgeEntriesToRead } from './forge-select.js';

/** One entry of an archive's table, as a listing gives it. */
export interface ForgeTableEntry {
  /** Its number in the archive's entry list. */
  number: number;
  name: string;
  /** The class hash the index gives it (its first resource's). */
  type: number;
  /** Its data file's size in the archive. */
  size: number;
  /** Whether its data file is read for skeletal records (typed Skeleton or SkeletonComponent, or every data file). */
  skeletal: boolean;
}

/** One skeletal record of a data file read: its body (a copy), or none when over the size limit (`note` says so). */
export interface ForgeBrowsedRecord {
  /** Its index among the data file's resources. */
  index: number;
  /** Its address in words, as the census names it. */
  name: string;
  classHash: number;
  bytes: Uint8Array | null;
  note: string | null;
}

/** What reading one entry's data file gives: its skeletal records, or why it gave none. */
export interface ForgeEntryRecords {
  records: ForgeBrowsedRecord[];
  /** The data file's refusal (offset and path) or failure, else null. */
  note: string | null;
  refused: boolean;
  /** The refusal as the census reports it, when refused. */
  refusal?: RefusalReport;
  /** Resource records of every class in the data file, when it was read (the census's archive line counts them). */
  resources?: number;
}

/** How an archive is browsed. */
export interface ForgeBrowseOptions {
  /** The archive's name in addresses (as the census names it). */
  name: string;
  /** Read every data file for skeletal records, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
  /** Largest record body kept, in bytes; a larger one is listed without bytes. */
  maxSize: number;
  /** A failure that is not a refusal (the file shrank, a read error) in words; its message by default. */
  failureReason?: (error: unknown) => string;
}

/** An archive listed by its tables, with a reader of one entry's data file. */
export interface ForgeBrowse {
  /** Every entry of the index, bookkeeping entries aside, in order. */
  entries: ForgeTableEntry[];
  /** The tables' own refusals (an entry outside the archive, the chain cut), each with its offset and path. */
  refusals: RefusalReport[];
  /** Reads the data file of the entry numbered so; rejects for a number not listed. */
  readEntry(number: number): Promise<ForgeEntryRecords>;
}

/** Lists `forge` by its tables (nothing past them is read until `readEntry`). */
export function browseForge(forge: Forge, options: ForgeBrowseOptions): ForgeBrowse {
  const skeletal = new Set(forgeEntriesToRead(forge.entries, options.everyDataFile === true));
  const byNumber = new Map(forge.entries.map((e) => [e.number, e]));
  const reason = options.failureReason ?? ((error: unknown) => (error as Error).message);
  return {
    entries: forge.entries
      .filter((e) => e.bookkeeping === null)
      .map((e) => ({ number: e.number, name: e.name, type: e.resourceType >>> 0, size: e.size, skeletal: skeletal.has(e) })),
    refusals: forge.refusals.map((r) => refusalReport(r.at({ file: options.name, archive: true }))),
    async readEntry(number) {
      const entry = byNumber.get(number);
      if (entry === undefined) throw new Error(`no entry ${number}`);
      const read: ForgeEntryRecords = { records: [], note: null, refused: false };
      for await (const item of forgeRecords(forge, { name: options.name, entries: [entry] })) {
        if (item.kind === 'dataFile') read.resources = item.resourceCount;
        if (item.kind === 'record') {
          const kept = keptRecordBody(item.resource.classHash, item.resource.body, options.maxSize);
          read.records.push({ index: item.index, name: formatAddress(item.address), classHash: item.resource.classHash >>> 0, ...kept });
        } else if (item.kind === 'refusal') {
          read.refusal = refusalReport(item.refusal);
          read.note = read.refusal.message;
          read.refused = true;
        } else if (item.kind === 'failed') read.note = `cannot read the archive: ${reason(item.error)}`;
      }
      return read;
    },
  };
}

/**
 * A record's body as kept: a copy (the body is a view of the whole data file, which is let go),
 * or none when it is larger than `maxSize`, the note saying so.
 */
export function keptRecordBody(
  classHash: number,
  body: Uint8Array,
  maxSize: number,
): { bytes: Uint8Array; note: null } | { bytes: null; note: string } {
  if (body.length <= maxSize) return { bytes: body.slice(), note: null };
  const what = classHash >>> 0 === CLASS.Skeleton ? 'Skeleton' : 'SkeletonComponent';
  return {
    bytes: null,
    note: `${what} record of ${formatSize(body.length)}, larger than the ${formatSize(maxSize)} limit; not kept (raise it with --max-size)`,
  };
}
