/**
 * The `.forge` archive, read through an {@link ArchiveSource}: the header, the data header, the
 * index-block chain with its index and name tables (their shape fixed by the archive version), and
 * the profile its data files are read with (named, or found by reading the first data files under
 * each one). Only the tables and the data files asked for are read, never the archive whole.
 */
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';
import { readChunk, refuse } from './forge-chunk.js';
import { readAt, readRecords } from './profile/read.js';
import {
  forgeHeader,
  forgeTables,
  indexBlock,
  INDEX_BLOCK_BYTES,
  type DataHeaderRecord,
  type ForgeTables,
  type NameEntryRecord,
} from './profile/tables.js';
import type { BookkeepingEntry, ForgeProfile } from './profile/profiles.js';
import type { TocRecordKind } from './profile/framing.js';
import type { ArchiveSource } from './source.js';

/** An archive version: 25 and 26 before AC Unity, 27 from it; later titles write higher ones, whose tables read as 27's. */
export type ForgeVersion = number;

/** One index block of the chain, as read. */
export interface ForgeIndexBlock {
  /** Archive offset of the 48-byte block. */
  offset: number;
  /** Entries in this block (its index and name tables hold as many). */
  entryCount: number;
  /** Archive offset of its index table as stored (the table is read at `offset + 48`, where every reader finds it). */
  indexTableOffset: number;
  /** Archive offset of the next block, −1 at the chain's end. */
  nextOffset: number;
  /** The two entry numbers as stored (Blacksmith `IndexStart`, `IndexEnd`). */
  firstEntry: number;
  lastEntry: number;
  /** Archive offset of its name table. */
  nameTableOffset: number;
  /** Where the name table ends, as stored. */
  nameTableEnd: number;
}

/** One entry (a data file) of the archive. */
export interface ForgeEntry {
  /** Position in the archive's entry list, over all index blocks. */
  number: number;
  /** Which index block and which slot in it. */
  block: number;
  slot: number;
  /** Archive offset as the index gives it: the data file, or in versions 25 and 26 its 440-byte FILEDATA header. */
  offset: number;
  /** Where the data file's bytes start: `offset`, or `offset + 440` in versions 25 and 26. */
  dataOffset: number;
  /** The data file's size as the index gives it: it ends exactly at `dataOffset + size`. */
  size: number;
  /** The entry's id (u32 in versions 25 and 26, u64 from 27). */
  id: bigint;
  /** Archive offsets of the entry's index-table and name-table records (what a rewrite patches). */
  indexRecordOffset: number;
  nameRecordOffset: number;
  /** The name table's size field. */
  nameTableSize: number;
  /** The class hash of the data file's first resource, from the name table. */
  resourceType: number;
  /** The name table's timestamp. */
  timestamp: number;
  /** The 128-byte NUL-padded name, up to its first NUL (UTF-8, invalid bytes replaced). */
  name: string;
  /** The archive's own bookkeeping entry this is (by id, under the profile), read raw and never as a data file; else null. */
  bookkeeping: BookkeepingEntry | null;
}

/** What reading the tables noticed without refusing anything: counts that disagree, a table where only some readers look. */
export interface ForgeFinding {
  offset: number;
  path: string;
  message: string;
}

/** How the profile was chosen: named, or found by reading the first data files. */
export interface ForgeProfileChoice {
  /** `named` by the caller; `detected` (one profile reads the first data files best, or several read them alike); `framing` (none reads them, but its framing fits them); `none` (no profile reads this version). */
  how: 'named' | 'detected' | 'framing' | 'none';
  /** The other profiles that read the probed data files exactly as the chosen one did. */
  alike: string[];
  /** Data files read to decide. */
  probed: number;
}

/** An opened archive: its tables, read; data files are read on request by {@link readDataFile}. */
export interface Forge {
  /** The source the archive is read through. */
  source: ArchiveSource;
  version: ForgeVersion;
  /** The table structures of this version. */
  tables: ForgeTables;
  /** Archive offset of the data header. */
  dataHeaderOffset: number;
  /** The data header as read. */
  dataHeader: DataHeaderRecord;
  /** The data header's total entry count, as stored. */
  declaredEntryCount: number;
  /** The data header's most entries per index block, as stored. */
  maxEntriesPerBlock: number;
  /** The data header's number of index blocks, as stored (checked against the chain). */
  declaredIndexBlockCount: number;
  indexBlocks: ForgeIndexBlock[];
  /** Every entry whose data file lies inside the archive, in chain order. */
  entries: ForgeEntry[];
  /**
   * Refusals inside the tables, each with archive offset and path: an entry whose data file lies
   * outside the archive (the others are read), or a fault in the index-block chain (a loop, a
   * pointer outside the archive, a count larger than its bytes), which ends the chain there (the
   * blocks before it are read).
   */
  refusals: ParseError[];
  /** What the tables hold that readers would not all agree on, reported, never refused. */
  findings: ForgeFinding[];
  /** The profile data files are read with; null when none fits (then every data file is refused, naming the version). */
  profile: ForgeProfile | null;
  /** How it was chosen. */
  profileChoice: ForgeProfileChoice;
  /** The TOC record reading in use (the profile's, or the one the caller chose among its choices). */
  tocRecord: TocRecordKind | null;
}

/**
 * Reads the archive's header, data header, index-block chain and its index and name tables, under
 * no profile yet (see `openForge` in `forge-open.ts`, which also chooses one). Throws a ParseError
 * (offset and path) for a wrong magic, a version below 25, or a data header outside the archive. A
 * fault in the chain (a pointer outside the archive, a chain that loops, a count larger than the
 * bytes that would hold it: e.g. `indexBlocks[2].entryCount`) ends the chain and is listed in
 * `refusals`, the blocks before it read; an entry whose data file lies outside the archive is listed
 * there too and the rest are read.
 */
export async function readForgeTables(source: ArchiveSource): Promise<Omit<Forge, 'profile' | 'profileChoice' | 'tocRecord'>> {
  const headerChunk = await readChunk(source, 0, forgeHeader.fixedSize!, ['header'], 'the 21-byte header', 0);
  const header = readAt(forgeHeader, headerChunk.bytes, 0, 0, ['header']).value;
  const version = header.version;
  if (version < 25) refuse(0x09, ['header', 'version'], 'an archive version of 25 or more', String(version));
  const tables = forgeTables(version);
  const d = header.dataHeaderOffset;
  const dataHeaderChunk = await readChunk(source, d, tables.dataHeader.fixedSize!, ['header', 'dataHeaderOffset'], 'the data header', 0x0d);
  const dataHeader = readAt(tables.dataHeader, dataHeaderChunk.bytes, d, d, ['dataHeader']).value;
  const firstAt = d + tables.dataHeader.fixedSize! - 8;
  const indexBytes = tables.indexEntry.fixedSize!;
  const nameBytes = tables.nameEntry.fixedSize!;
  const indexBlocks: ForgeIndexBlock[] = [];
  const entries: ForgeEntry[] = [];
  const refusals: ParseError[] = [];
  const findings: ForgeFinding[] = [];
  const seen = new Set<number>();
  const decoder = new TextDecoder('utf-8');
  const fileDataBytes = tables.fileDataHeader?.fixedSize ?? 0;
  let next = dataHeader.firstIndexBlock;
  let nextAt = firstAt;
  let nextPath: PathSegment[] = ['dataHeader', 'firstIndexBlock'];
  let refusedEntries = 0;

  // A refusal inside the chain ends it there: the entries of the blocks before are still read.
  try {
    while (next !== -1) {
      const b = indexBlocks.length;
      if (seen.has(next)) refuse(nextAt, nextPath, 'an index block not already in the chain', `a loop back to offset ${next}`);
      if (next < 0 || next + INDEX_BLOCK_BYTES > source.size) {
        refuse(nextAt, nextPath, `an index block inside the ${source.size}-byte archive, or -1`, `offset ${next}`);
      }
      seen.add(next);
      const blockPath: PathSegment[] = ['indexBlocks', b];
      const f = next;
      const blockChunk = await readChunk(source, f, INDEX_BLOCK_BYTES, blockPath, 'an index block', nextAt);
      const block = readAt(indexBlock, blockChunk.bytes, f, f, blockPath).value;
      const n = block.entryCount;
      if (n < 0 || n * indexBytes > source.size) {
        refuse(f, [...blockPath, 'entryCount'], `a count whose ${indexBytes}-byte entries fit in the archive`, String(n));
      }
      // Every reader that follows the chain reads the index table right after the block.
      const tableAt = f + INDEX_BLOCK_BYTES;
      if (block.indexTable !== tableAt) {
        findings.push({
          offset: f + 8,
          path: `indexBlocks[${b}].indexTable`,
          message: `the index table is stored at ${block.indexTable}, not right after its block (${tableAt}), where WildlandsToolkit and Blacksmith read it; read there`,
        });
      }
      const table = await readChunk(source, tableAt, n * indexBytes, [...blockPath, 'indexTable'], `an index table of ${n} entries`, f);
      const names = await readChunk(
        source,
        block.nameTable,
        n * nameBytes,
        [...blockPath, 'nameTable'],
        `a name table of ${n} entries`,
        f + 32,
      );
      const indexRecords = readRecords(tables.indexEntry, table.bytes, tableAt, tableAt, n, (slot) => [...blockPath, 'entries', slot]);
      const nameRecords = readRecords(tables.nameEntry, names.bytes, block.nameTable, block.nameTable, n, (slot) => [
        ...blockPath,
        'names',
        slot,
      ]);
      for (let slot = 0; slot < n; slot++) {
        const at = tableAt + slot * indexBytes;
        const entryPath: PathSegment[] = [...blockPath, 'entries', slot];
        const index = indexRecords[slot]!;
        const number = entries.length + refusedEntries;
        const { offset, size } = index;
        if (offset < 0 || offset > source.size) {
          refusedEntries++;
          refusals.push(
            new ParseError({
              offset: at,
              path: [...entryPath, 'offset'],
              expected: `a data file inside the ${source.size}-byte archive`,
              actual: `offset ${offset}`,
            }),
          );
          continue;
        }
        const dataOffset = offset + fileDataBytes;
        if (size < 0 || dataOffset + size > source.size) {
          refusedEntries++;
          refusals.push(
            new ParseError({
              offset: at + indexBytes - 4,
              path: [...entryPath, 'size'],
              expected: `a data file ending inside the ${source.size}-byte archive`,
              actual:
                fileDataBytes > 0 ? `${size} bytes after the ${fileDataBytes}-byte header at ${offset}` : `${size} bytes at ${offset}`,
            }),
          );
          continue;
        }
        const m = block.nameTable + slot * nameBytes;
        const nameEntry: NameEntryRecord = nameRecords[slot]!;
        const raw = nameEntry.name;
        const nul = raw.indexOf(0);
        entries.push({
          number,
          block: b,
          slot,
          offset,
          dataOffset,
          size,
          id: BigInt(index.id),
          indexRecordOffset: at,
          nameRecordOffset: m,
          nameTableSize: nameEntry.size,
          resourceType: nameEntry.resourceType,
          timestamp: nameEntry.timestamp,
          name: decoder.decode(nul < 0 ? raw : raw.subarray(0, nul)),
          bookkeeping: null,
        });
      }
      indexBlocks.push({
        offset: f,
        entryCount: n,
        indexTableOffset: block.indexTable,
        nextOffset: block.next,
        firstEntry: block.firstEntry,
        lastEntry: block.lastEntry,
        nameTableOffset: block.nameTable,
        nameTableEnd: block.nameTableEnd,
      });
      nextAt = f + 16;
      nextPath = [...blockPath, 'next'];
      next = block.next;
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    refusals.push(error);
  }
  if (dataHeader.indexBlockCount !== indexBlocks.length) {
    findings.push({
      offset: firstAt - 4,
      path: 'dataHeader.indexBlockCount',
      message: `the data header counts ${dataHeader.indexBlockCount} index block(s), the chain holds ${indexBlocks.length} (WildlandsToolkit reads only as many as the count)`,
    });
  }
  const listed = entries.length + refusedEntries;
  if (dataHeader.entryCount !== listed) {
    findings.push({
      offset: d,
      path: 'dataHeader.entryCount',
      message: `the data header counts ${dataHeader.entryCount} entries, the index blocks hold ${listed}`,
    });
  }
  return {
    source,
    version,
    tables,
    dataHeaderOffset: d,
    dataHeader,
    declaredEntryCount: dataHeader.entryCount,
    maxEntriesPerBlock: dataHeader.maxEntriesPerBlock,
    declaredIndexBlockCount: dataHeader.indexBlockCount,
    indexBlocks,
    entries,
    refusals,
    findings,
  };
}

export { forgeChecksum, readDataFile, readDataFileNow, type ForgeDataFile, type ForgeResource, type ForgeSet } from './forge-data-file.js';
export { openForge, type OpenForgeOptions } from './forge-open.js';
