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
import { blockMethod, describeUnsupportedMethod, SUPPORTED_METHODS } from './decompress.js';
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

function refuse(offset: number, path: readonly PathSegment[], expected: string, actual: string): never {
  throw new ParseError({ offset, path, expected, actual });
}

/** Little-endian reads from bytes that were read at archive offset `base`. */
class Chunk {
  readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    readonly base: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  i32(at: number): number {
    return this.view.getInt32(at - this.base, true);
  }
  u32(at: number): number {
    return this.view.getUint32(at - this.base, true);
  }
  u64(at: number): bigint {
    return this.view.getBigUint64(at - this.base, true);
  }
  /** An i64 as a number; values beyond 2^53 become MAX_SAFE_INTEGER, which every bound check refuses. */
  i64(at: number): number {
    const value = this.view.getBigInt64(at - this.base, true);
    return value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
  }
}

/** Reads `length` bytes at `offset`; a range outside the archive is refused at `pointerAt`, the field that points there. */
async function readChunk(
  source: ArchiveSource,
  offset: number,
  length: number,
  path: readonly PathSegment[],
  what: string,
  pointerAt: number,
): Promise<Chunk> {
  if (offset < 0 || length < 0 || offset + length > source.size) {
    refuse(pointerAt, path, `${what} (${length} bytes) inside the ${source.size}-byte archive`, `offset ${offset}`);
  }
  return new Chunk(await source.read(offset, length), offset);
}

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

/** One resource record of a data file. */
export interface ForgeResource {
  /** The record's class hash (e.g. 0x24AECB7C for a Skeleton). */
  classHash: number;
  /** The id from the TOC (u32 in version 25, u64 later). */
  id: bigint;
  /** The size the TOC gives. */
  tocSize: number;
  /** The record's name (UTF-8, invalid bytes replaced). */
  name: string;
  /** The record's body size. */
  size: number;
  /** Where the body starts in the decompressed resources set. */
  bodyOffset: number;
  /** The body's bytes. */
  body: Uint8Array;
}

/** One set's header and blocks, as read. */
export interface ForgeSet {
  /** Archive offset of the set's magic. */
  offset: number;
  setVersion: number;
  method: number;
  /** Per block: uncompressed size, compressed size, archive offset of its stored bytes. */
  blocks: { uncompressedSize: number; compressedSize: number; dataOffset: number }[];
}

/** A data file read: its two sets and its resources. */
export interface ForgeDataFile {
  entry: ForgeEntry;
  toc: ForgeSet;
  resourcesSet: ForgeSet;
  resources: ForgeResource[];
}

const SET_MAGIC = [0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10];

/** Adler-32 with both sums starting at 0 (not zlib's 1), as FORGE.md fixes the block checksum. */
export function forgeChecksum(bytes: Uint8Array): number {
  let a = 0;
  let b = 0;
  // Reduce every few thousand bytes: the sums stay small integers, exact in a double.
  for (let i = 0; i < bytes.length;) {
    const stop = Math.min(bytes.length, i + 3800);
    for (; i < stop; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Reads one set at `at` in `file` (our reading: the set version alone decides u16 or i32 counts and sizes) (archive offset `file.base`); returns it, its decompressed bytes and where it ends. */
function readSet(
  file: Chunk,
  at: number,
  path: readonly PathSegment[],
): { set: ForgeSet; data: Uint8Array; end: number; map: (pos: number) => number } {
  const end = file.base + file.bytes.length;
  const need = (from: number, n: number, field: string): void => {
    if (from + n > end) refuse(from, [...path, field], `${n} bytes inside the ${end - file.base}-byte data file`, `${end - from} left`);
  };
  need(at, 15, 'header');
  for (let i = 0; i < 8; i++) {
    if (file.bytes[at - file.base + i] !== SET_MAGIC[i])
      refuse(at + i, [...path, 'magic'], 'the set magic 33 AA FB 57 99 FA 04 10', `byte ${file.bytes[at - file.base + i]}`);
  }
  const setVersion = file.view.getUint16(at + 8 - file.base, true);
  if (setVersion < 1 || setVersion > 3) refuse(at + 8, [...path, 'setVersion'], 'set version 1, 2 or 3', String(setVersion));
  const method = file.bytes[at + 10 - file.base]!;
  // +11 and +13: the two largest block sizes, kept as read.
  let p = at + 15;
  let count: number;
  if (setVersion === 1) {
    need(p, 2, 'blockCount');
    count = file.view.getUint16(p - file.base, true);
    p += 2;
  } else {
    need(p, 4, 'blockCount');
    count = file.u32(p);
    p += 4;
  }
  const pairBytes = setVersion === 1 ? 4 : 8;
  // Each block needs its size pair and a 4-byte checksum at least.
  if (count * (pairBytes + 4) > end - p)
    refuse(
      p - (setVersion === 1 ? 2 : 4),
      [...path, 'blockCount'],
      `a count whose size table and checksums fit in the ${end - p} bytes left`,
      String(count),
    );
  const blocks: ForgeSet['blocks'] = [];
  let total = 0;
  const decoder = blockMethod(method);
  const expansion = decoder?.maxExpansion ?? 255;
  for (let i = 0; i < count; i++) {
    const q = p + i * pairBytes;
    const uncompressedSize = setVersion === 1 ? file.view.getUint16(q - file.base, true) : file.i32(q);
    const compressedSize = setVersion === 1 ? file.view.getUint16(q + 2 - file.base, true) : file.i32(q + 4);
    if (uncompressedSize < 0 || compressedSize < 0)
      refuse(q, [...path, 'blocks', i, 'sizes'], 'sizes ≥ 0', `${uncompressedSize}, ${compressedSize}`);
    // A method's stream yields at most `expansion` bytes per input byte (LZO: 255, a length
    // extension's zero bytes), so a larger declared size is refused before anything is allocated.
    if (uncompressedSize !== compressedSize && uncompressedSize > compressedSize * expansion) {
      refuse(
        q,
        [...path, 'blocks', i, 'uncompressedSize'],
        `at most ${expansion} × the ${compressedSize} compressed bytes`,
        String(uncompressedSize),
      );
    }
    blocks.push({ uncompressedSize, compressedSize, dataOffset: 0 });
    total += uncompressedSize;
  }
  p += count * pairBytes;
  const data = new Uint8Array(total);
  let written = 0;
  const starts: number[] = [];
  for (let i = 0; i < count; i++) {
    const block = blocks[i]!;
    const blockPath = [...path, 'blocks', i];
    need(p, 4 + block.compressedSize, `blocks[${i}]`);
    const stored = file.bytes.subarray(p + 4 - file.base, p + 4 - file.base + block.compressedSize);
    const checksum = file.u32(p);
    const actual = forgeChecksum(stored);
    if (checksum !== actual) {
      refuse(
        p,
        [...blockPath, 'checksum'],
        `the Adler-32 (sums from 0) of its bytes, 0x${actual.toString(16).toUpperCase()}`,
        `0x${checksum.toString(16).toUpperCase()}`,
      );
    }
    block.dataOffset = p + 4;
    starts.push(written);
    if (block.uncompressedSize === block.compressedSize) {
      data.set(stored, written);
    } else {
      if (decoder === undefined) refuse(at + 10, [...path, 'method'], SUPPORTED_METHODS, describeUnsupportedMethod(method));
      // Straight into the set's buffer: no per-block output to allocate and copy.
      decoder.decode(stored, data.subarray(written, written + block.uncompressedSize), { baseOffset: p + 4, path: blockPath });
    }
    written += block.uncompressedSize;
    p += 4 + block.compressedSize;
  }
  // A position in the decompressed set as an archive offset: exact in a stored block, else the block's start.
  const map = (pos: number): number => {
    for (let i = count - 1; i >= 0; i--) {
      if (pos >= starts[i]!) {
        const block = blocks[i]!;
        return block.uncompressedSize === block.compressedSize
          ? block.dataOffset + Math.min(pos - starts[i]!, block.compressedSize)
          : block.dataOffset;
      }
    }
    return at;
  };
  return { set: { offset: at, setVersion, method, blocks }, data, end: p, map };
}

/**
 * Reads one entry's data file (only its bytes): the TOC and resources sets, every block's
 * checksum, decompression, and the resource records with their bodies. Throws a ParseError with
 * the archive offset (exact inside stored blocks, the block's start inside compressed ones) and a
 * path such as `entries[3].resources[2].size` for a wrong magic, checksum or count, a block that
 * decompresses to more or fewer bytes than declared, an unsupported method (named), a record
 * longer than its set, or a record with a sub-header (flag 1, whose bytes are unknown).
 */
export async function readDataFile(forge: Pick<Forge, 'source' | 'version'>, entry: ForgeEntry): Promise<ForgeDataFile> {
  const root: PathSegment[] = ['entries', entry.number];
  const file = await readChunk(forge.source, entry.offset, entry.size, root, 'the data file', entry.offset);
  // Version 25: a 440-byte "FILEDATA" header, kept, before the sets.
  const start = entry.offset + (forge.version === 25 ? 440 : 0);
  if (start > entry.offset + entry.size)
    refuse(entry.offset, root, 'a data file of at least the 440-byte FILEDATA header', `${entry.size} bytes`);
  const toc = readSet(file, start, [...root, 'toc']);
  const res = readSet(file, toc.end, [...root, 'resourcesSet']);
  // The rest of the data file is padding; our reading does not check it.

  const tv = new DataView(toc.data.buffer, toc.data.byteOffset, toc.data.byteLength);
  const tocPath = [...root, 'toc'];
  if (toc.data.length < 2) refuse(toc.map(0), [...tocPath, 'count'], 'a u16 resource count', `${toc.data.length} bytes`);
  const count = tv.getUint16(0, true);
  const wide = forge.version !== 25;
  const minRecord = wide ? 14 : 8;
  if (count * minRecord > toc.data.length - 2)
    refuse(
      toc.map(0),
      [...tocPath, 'count'],
      `a count whose ${minRecord}-byte records fit in the ${toc.data.length - 2} bytes`,
      String(count),
    );
  const tocRecords: { id: bigint; size: number }[] = [];
  let q = 2;
  for (let i = 0; i < count; i++) {
    if (q + minRecord > toc.data.length)
      refuse(toc.map(q), [...tocPath, 'resources', i], `${minRecord} bytes`, `${toc.data.length - q} left`);
    if (wide) {
      const id = tv.getBigUint64(q, true);
      const size = tv.getUint32(q + 8, true);
      const k = tv.getUint16(q + 12, true);
      q += 14;
      if (q + 2 * k > toc.data.length)
        refuse(toc.map(q - 2), [...tocPath, 'resources', i, 'k'], `${k} words inside the TOC`, `${toc.data.length - q} bytes left`);
      q += 2 * k; // the k words, kept
      tocRecords.push({ id, size });
    } else {
      tocRecords.push({ id: BigInt(tv.getUint32(q, true)), size: tv.getUint32(q + 4, true) });
      q += 8;
    }
  }

  const rv = new DataView(res.data.buffer, res.data.byteOffset, res.data.byteLength);
  const decoder = new TextDecoder('utf-8');
  const resources: ForgeResource[] = [];
  let r = 0;
  for (let i = 0; i < count; i++) {
    const path = [...root, 'resources', i];
    const left = res.data.length - r;
    const short = (field: string, n: number): never =>
      refuse(res.map(r), [...path, field], `${n} bytes inside the resources set (decompressed offset ${r})`, `${res.data.length - r} left`);
    if (left < 12) short('header', 12);
    const classHash = rv.getUint32(r, true);
    const size = rv.getUint32(r + 4, true);
    const nameLength = rv.getUint32(r + 8, true);
    r += 12;
    if (nameLength + 1 > res.data.length - r) short('name', nameLength + 1);
    const name = decoder.decode(res.data.subarray(r, r + nameLength));
    r += nameLength;
    // Our reading: flag 1 announces a sub-header of unknown bytes, so the record cannot be delimited.
    const flag = res.data[r]!;
    if (flag !== 0) refuse(res.map(r), [...path, 'flag'], `flag 0 (a sub-header, flag 1, is not read) for "${name}"`, String(flag));
    r += 1;
    if (size > res.data.length - r) short('size', size);
    resources.push({
      classHash,
      id: tocRecords[i]!.id,
      tocSize: tocRecords[i]!.size,
      name,
      size,
      bodyOffset: r,
      body: res.data.subarray(r, r + size),
    });
    r += size;
  }
  return { entry, toc: toc.set, resourcesSet: res.set, resources };
}
