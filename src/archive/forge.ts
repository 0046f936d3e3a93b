/**
 * The `.forge` archive, read through an {@link ArchiveSource}: the header, the data header, the
 * index-block chain, the index and name tables, and on request one entry's data file (its TOC and
 * resources sets, checksums, decompression and resource records). Every structure follows
 * FORGE.md's "our reading" (public reading: the fields between the known ones are unnamed by
 * public readers, the project fixes them there). Only the tables and the data files asked for are
 * read, never the archive whole.
 */
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';
import { readChunk, refuse } from './forge-chunk.js';
import type { ArchiveSource } from './source.js';

/** The archive versions FORGE.md gives: 25 (AC1 era), 26, 27 (Unity and later). */
export type ForgeVersion = 25 | 26 | 27;

/** One index block of the chain, as read. */
export interface ForgeIndexBlock {
  /** Archive offset of the 48-byte block. */
  offset: number;
  /** Entries in this block (its index and name tables hold as many). */
  entryCount: number;
  /** Archive offset of its index table. */
  indexTableOffset: number;
  /** Archive offset of the next block, −1 at the chain's end. */
  nextOffset: number;
  /** First and last entry number, as stored. */
  firstEntry: number;
  lastEntry: number;
  /** Archive offset of its name table. */
  nameTableOffset: number;
}

/** One entry (a data file) of the archive. */
export interface ForgeEntry {
  /** Position in the archive's entry list, over all index blocks. */
  number: number;
  /** Which index block and which slot in it. */
  block: number;
  slot: number;
  /** Archive offset and size of the data file (padding included). */
  offset: number;
  size: number;
  /** The entry's id (u32 in version 25 and 26, u64 in 27). */
  id: bigint;
  /** The name table's size field. */
  nameTableSize: number;
  /** The class hash of the data file's first resource, from the name table. */
  resourceType: number;
  /** The name table's timestamp. */
  timestamp: number;
  /** The 128-byte NUL-padded name, up to its first NUL (UTF-8, invalid bytes replaced). */
  name: string;
}

/** An opened archive: its tables, read; data files are read on request by {@link readDataFile}. */
export interface Forge {
  /** The source the archive is read through. */
  source: ArchiveSource;
  version: ForgeVersion;
  /** Archive offset of the data header. */
  dataHeaderOffset: number;
  /** The data header's total entry count, as stored. */
  declaredEntryCount: number;
  /** The data header's most entries per index block, as stored. */
  maxEntriesPerBlock: number;
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
}

const MAGIC = [0x73, 0x63, 0x69, 0x6d, 0x69, 0x74, 0x61, 0x72, 0x00]; // "scimitar\0"
const INDEX_BLOCK_BYTES = 48;

/**
 * Reads the archive's header, data header, index-block chain and its index and name tables.
 * Throws a ParseError (offset and path) for a wrong magic or version or a data header outside the
 * archive. A fault in the chain (a pointer outside the archive, a chain that loops, a count larger
 * than the bytes that would hold it: e.g. `indexBlocks[2].entryCount`) ends the chain and is listed
 * in `refusals`, the blocks before it read; an entry whose data file lies outside the archive is
 * listed there too and the rest are read.
 */
export async function openForge(source: ArchiveSource): Promise<Forge> {
  const header = await readChunk(source, 0, 0x15, ['header'], 'the 21-byte header', 0);
  for (let i = 0; i < MAGIC.length; i++) {
    if (header.bytes[i] !== MAGIC[i]) refuse(i, ['header', 'magic'], '"scimitar\\0"', `byte ${header.bytes[i]} at ${i}`);
  }
  const version = header.i32(0x09);
  if (version !== 25 && version !== 26 && version !== 27) refuse(0x09, ['header', 'version'], 'version 25, 26 or 27', String(version));
  const wide = version === 27;
  const dataHeaderOffset = header.i64(0x0d);
  // Our reading (FORGE.md): the data header at the i64 at 0x0D, its fields at +0, +24 and +36 in
  // v27 (44 bytes), +0, +20 and +32 in v25/v26 (40 bytes); the fields between are kept, not read.
  const dataHeaderBytes = wide ? 44 : 40;
  const dataHeader = await readChunk(source, dataHeaderOffset, dataHeaderBytes, ['header', 'dataHeaderOffset'], 'the data header', 0x0d);
  const d = dataHeaderOffset;
  const declaredEntryCount = dataHeader.i32(d);
  const maxEntriesPerBlock = dataHeader.i32(d + (wide ? 24 : 20));
  let next = dataHeader.i64(d + (wide ? 36 : 32));
  let nextAt = d + (wide ? 36 : 32);
  let nextPath: PathSegment[] = ['dataHeader', 'firstIndexBlock'];
  const indexEntryBytes = wide ? 20 : 16;
  const nameEntryBytes = wide ? 192 : 188;
  const nameAt = wide ? 44 : 40;
  const timestampAt = wide ? 40 : 36;
  const indexBlocks: ForgeIndexBlock[] = [];
  const entries: ForgeEntry[] = [];
  const refusals: ParseError[] = [];
  const seen = new Set<number>();
  const decoder = new TextDecoder('utf-8');

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
      const block = await readChunk(source, next, INDEX_BLOCK_BYTES, blockPath, 'an index block', nextAt);
      const f = next;
      const info: ForgeIndexBlock = {
        offset: f,
        entryCount: block.i32(f),
        indexTableOffset: block.i64(f + 8),
        nextOffset: block.i64(f + 16),
        firstEntry: block.i32(f + 24),
        lastEntry: block.i32(f + 28),
        nameTableOffset: block.i64(f + 32),
      };
      const n = info.entryCount;
      if (n < 0 || n * indexEntryBytes > source.size) {
        refuse(f, [...blockPath, 'entryCount'], `a count whose ${indexEntryBytes}-byte entries fit in the archive`, String(n));
      }
      const table = await readChunk(
        source,
        info.indexTableOffset,
        n * indexEntryBytes,
        [...blockPath, 'indexTable'],
        `an index table of ${n} entries`,
        f + 8,
      );
      const names = await readChunk(
        source,
        info.nameTableOffset,
        n * nameEntryBytes,
        [...blockPath, 'nameTable'],
        `a name table of ${n} entries`,
        f + 32,
      );
      for (let slot = 0; slot < n; slot++) {
        const at = info.indexTableOffset + slot * indexEntryBytes;
        const offset = table.i64(at);
        const id = wide ? table.u64(at + 8) : BigInt(table.u32(at + 8));
        const size = table.i32(at + (wide ? 16 : 12));
        const entryPath: PathSegment[] = [...blockPath, 'entries', slot];
        if (offset < 0 || offset > source.size) {
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
        if (size < 0 || offset + size > source.size) {
          refusals.push(
            new ParseError({
              offset: at + (wide ? 16 : 12),
              path: [...entryPath, 'size'],
              expected: `a data file ending inside the ${source.size}-byte archive`,
              actual: `${size} bytes at ${offset}`,
            }),
          );
          continue;
        }
        const m = info.nameTableOffset + slot * nameEntryBytes;
        const raw = names.bytes.subarray(m - names.base + nameAt, m - names.base + nameAt + 128);
        const nul = raw.indexOf(0);
        entries.push({
          number: entries.length + refusals.length,
          block: b,
          slot,
          offset,
          size,
          id,
          nameTableSize: names.i32(m),
          resourceType: names.u32(m + 16),
          timestamp: names.u32(m + timestampAt),
          name: decoder.decode(nul < 0 ? raw : raw.subarray(0, nul)),
        });
      }
      indexBlocks.push(info);
      nextAt = f + 16;
      nextPath = [...blockPath, 'next'];
      next = info.nextOffset;
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    refusals.push(error);
  }
  return { source, version, dataHeaderOffset, declaredEntryCount, maxEntriesPerBlock, indexBlocks, entries, refusals };
}

export { forgeChecksum, readDataFile, type ForgeDataFile, type ForgeResource, type ForgeSet } from './forge-data-file.js';
