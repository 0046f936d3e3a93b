/**
 * One entry's data file of a `.forge` archive, read under the archive's profile: what comes before
 * its first set, its TOC and resources sets (or one flagged set), every block's checksum and
 * decompression, the TOC and the resource records. Every structure is a declaration of
 * `profile/framing.ts`.
 */
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';
import { countedBy } from '../grammar/signed.js';
import { u16, u8, type Codec } from '../grammar/index.js';
import { decoderOfRule, describeUnsupportedMethod, supportedMethods } from './decompress.js';
import { Chunk, readChunk, refuse } from './forge-chunk.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readAt } from './profile/read.js';
import {
  flaggedCompressedBlock,
  FLAGGED_COMPRESSED,
  FLAGGED_STORED,
  recordHeader,
  setHeader,
  type RecordSubHeader,
  type SizePair,
  type TocRecord,
  type TocRecordKind,
} from './profile/framing.js';
import { profileReadsVersion, tocRecordCodec, type ForgeProfile } from './profile/profiles.js';
import type { FileDataHeaderRecord } from './profile/tables.js';

/** One resource record of a data file. */
export interface ForgeResource {
  /** The record's class hash (e.g. 0x24AECB7C for a Skeleton). */
  classHash: number;
  /** The id from the TOC (u32 before Unity's TOC, u64 from it). */
  id: bigint;
  /** The size the TOC gives (the whole record). */
  tocSize: number;
  /** The record's name (UTF-8, invalid bytes replaced). */
  name: string;
  /** The body's size. */
  size: number;
  /** The record flag and what flag 1 brings. */
  subHeader: RecordSubHeader;
  /** Where the record starts in the data file's decompressed bytes. */
  recordOffset: number;
  /** Where the body starts there. */
  bodyOffset: number;
  /** The body's bytes. */
  body: Uint8Array;
}

/** One block of a set, as read. */
export interface ForgeBlock {
  uncompressedSize: number;
  compressedSize: number;
  /** Archive offset of its stored bytes. */
  dataOffset: number;
  /** Archive offset of its sizes (its size pair, or a flagged block's size words). */
  sizesOffset: number;
  /** Flagged sets: 0 stored, 1 compressed; framed sets: null. */
  kind: 0 | 1 | null;
  /** Flagged compressed blocks: the word after the sizes, kept. */
  unknown: number | null;
}

/** One set's header and blocks, as read. */
export interface ForgeSet {
  /** Archive offset of the set's magic. */
  offset: number;
  setVersion: number;
  method: number;
  largestUncompressed: number;
  largestCompressed: number;
  /** A flagged set (largest stored block 0): blocks of kind 00 and 01 up to the data file's end. */
  flagged: boolean;
  blocks: ForgeBlock[];
  /** Where its bytes start in the data file's decompressed bytes, and how many it gives. */
  streamOffset: number;
  streamLength: number;
  /** Archive offset one past its last byte. */
  end: number;
}

/** A data file read: its framing, its sets, its TOC and its resources. */
export interface ForgeDataFile {
  entry: ForgeEntry;
  /** The profile it was read with. */
  profile: ForgeProfile;
  /** Versions 25 and 26: the 440-byte header before it. */
  fileDataHeader: FileDataHeaderRecord | null;
  /** What came before the first set, as the profile's codec read it (null: nothing). */
  preamble: unknown;
  /** The TOC set, and the resources set (null when one flagged set holds both); both null for an empty data file (size 0). */
  toc: ForgeSet | null;
  resourcesSet: ForgeSet | null;
  /** The decompressed bytes of every set, joined. */
  stream: Uint8Array;
  /** The TOC, in the profile's record reading. */
  tocRecords: TocRecord[];
  tocRecordKind: TocRecordKind;
  /** Version 26: the counted bytes after the TOC; the AC2 family: those before the first record. */
  afterToc: Uint8Array | null;
  beforeRecords: Uint8Array | null;
  /** Where the TOC (and the bytes after it) end in `stream`. */
  tocEnd: number;
  /** Where the records start in `stream`, and where the last one ends. */
  recordsOffset: number;
  recordsEnd: number;
  resources: ForgeResource[];
}

/** Adler-32 with both sums starting at 0 (not zlib's 1): the block checksum WildlandsToolkit checks. */
export function forgeChecksum(bytes: Uint8Array): number {
  let a = 0;
  let b = 0;
  const n = bytes.length;
  for (let i = 0; i < n;) {
    // Reduced every 1,000 bytes, so b stays a 32-bit integer (below 65,520 × 1,000 + 255 × 1,000²
    // / 2 + 65,520), which the engine adds fastest; four bytes a step.
    const stop = Math.min(n, i + 1000);
    for (; i + 4 <= stop; i += 4) {
      a += bytes[i]!;
      b += a;
      a += bytes[i + 1]!;
      b += a;
      a += bytes[i + 2]!;
      b += a;
      a += bytes[i + 3]!;
      b += a;
    }
    for (; i < stop; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const kindByte: Codec<number> = u8;

/** Reads one set's header and block table (a framed set) or walks its blocks (a flagged set), without decoding. */
function readSetLayout(file: Chunk, at: number, path: readonly PathSegment[], profile: ForgeProfile, streamOffset: number): ForgeSet {
  const end = file.base + file.bytes.length;
  const head = readAt(setHeader, file.bytes, file.base, at, path);
  const h = head.value;
  let p = head.end;
  const blocks: ForgeBlock[] = [];
  let total = 0;
  const flaggedWidth = profile.flaggedSets.value;
  if (h.largestCompressed === 0 && flaggedWidth !== null) {
    // A flagged set runs to the data file's end: a kind byte per block, 00 stored, 01 compressed.
    for (let i = 0; p < end; i++) {
      const blockPath = [...path, 'blocks', i];
      const kind = readAt(kindByte, file.bytes, file.base, p, [...blockPath, 'kind']);
      p = kind.end;
      if (kind.value === FLAGGED_STORED) {
        const size = readAt(flaggedWidth, file.bytes, file.base, p, [...blockPath, 'size']);
        p = size.end;
        if (size.value > end - p)
          refuse(
            p - flaggedWidth.fixedSize!,
            [...blockPath, 'size'],
            `a stored block inside the ${end - p} bytes left`,
            `${size.value} bytes`,
          );
        blocks.push({
          uncompressedSize: size.value,
          compressedSize: size.value,
          dataOffset: p,
          sizesOffset: p - flaggedWidth.fixedSize!,
          kind: 0,
          unknown: null,
        });
        p += size.value;
        total += size.value;
      } else if (kind.value === FLAGGED_COMPRESSED) {
        const sizes = readAt(flaggedCompressedBlock, file.bytes, file.base, p, blockPath);
        p = sizes.end;
        const { compressedSize, uncompressedSize, unknown } = sizes.value;
        if (compressedSize > end - p)
          refuse(p - 12, [...blockPath, 'compressedSize'], `a block inside the ${end - p} bytes left`, `${compressedSize} bytes`);
        blocks.push({ uncompressedSize, compressedSize, dataOffset: p, sizesOffset: p - 12, kind: 1, unknown });
        p += compressedSize;
        total += uncompressedSize;
      } else {
        refuse(p - 1, [...blockPath, 'kind'], 'a flagged block of kind 00 (stored) or 01 (compressed)', String(kind.value));
      }
    }
    return { offset: at, ...h, flagged: true, blocks, streamOffset, streamLength: total, end: p };
  }
  const countCodec = profile.blockCount.value;
  const count = readAt(countCodec, file.bytes, file.base, p, [...path, 'blockCount']);
  const wide = profile.widePairs.value;
  const pair = wide !== null && h.setVersion >= wide.fromSetVersion ? wide.sizePair : profile.sizePair.value;
  const pairBytes = pair.fixedSize!;
  p = count.end;
  // Each block needs its size pair and a 4-byte checksum at least.
  if (count.value < 0 || count.value * (pairBytes + 4) > end - p) {
    refuse(
      count.end - countCodec.fixedSize!,
      [...path, 'blockCount'],
      `a count whose size table and checksums fit in the ${end - p} bytes left`,
      String(count.value),
    );
  }
  const pairs: SizePair[] = [];
  const pairsAt = p;
  for (let i = 0; i < count.value; i++) {
    const read = readAt(pair, file.bytes, file.base, p, [...path, 'blocks', i, 'sizes']);
    const { uncompressed, compressed } = read.value;
    if (uncompressed < 0 || compressed < 0) refuse(p, [...path, 'blocks', i, 'sizes'], 'sizes ≥ 0', `${uncompressed}, ${compressed}`);
    pairs.push(read.value);
    p = read.end;
  }
  for (let i = 0; i < pairs.length; i++) {
    const { uncompressed, compressed } = pairs[i]!;
    if (compressed + 4 > end - p) refuse(p, [...path, 'blocks', i], `${compressed + 4} bytes inside the data file`, `${end - p} left`);
    blocks.push({
      uncompressedSize: uncompressed,
      compressedSize: compressed,
      dataOffset: p + 4,
      sizesOffset: pairsAt + i * pairBytes,
      kind: null,
      unknown: null,
    });
    p += 4 + compressed;
    total += uncompressed;
  }
  return { offset: at, ...h, flagged: false, blocks, streamOffset, streamLength: total, end: p };
}

/** The most bytes one data file may decompress to: what one typed array holds. */
const STREAM_LIMIT = 0x7fffffff;

/**
 * Checks, before anything is allocated, that every compressed block of the set is of a method the
 * profile decodes and declares no more than that method can expand its stored bytes to. Returns
 * the set's decompressed size.
 */
function checkBlocks(file: Chunk, set: ForgeSet, path: readonly PathSegment[], profile: ForgeProfile): number {
  const rule = profile.methods[set.method];
  set.blocks.forEach((block, i) => {
    if (block.kind === 0 || (block.kind === null && block.uncompressedSize === block.compressedSize)) return;
    const stored = file.bytes.subarray(block.dataOffset - file.base, block.dataOffset - file.base + block.compressedSize);
    const decoder = rule === undefined ? undefined : decoderOfRule(rule, stored);
    if (decoder === undefined)
      refuse(set.offset + 10, [...path, 'method'], supportedMethods(profile), describeUnsupportedMethod(set.method, profile));
    // A method's stream yields at most `maxExpansion` bytes per input byte.
    if (block.uncompressedSize > block.compressedSize * decoder.maxExpansion) {
      refuse(
        block.sizesOffset,
        [...path, 'blocks', i, 'uncompressedSize'],
        `at most ${decoder.maxExpansion} × the ${block.compressedSize} compressed bytes`,
        String(block.uncompressedSize),
      );
    }
  });
  return set.streamLength;
}

/** Decodes a set's blocks, checked by checkBlocks, into `out` at the set's stream offset, verifying each checksum. */
function decodeSet(file: Chunk, set: ForgeSet, out: Uint8Array, path: readonly PathSegment[], profile: ForgeProfile): void {
  let written = set.streamOffset;
  const rule = profile.methods[set.method];
  set.blocks.forEach((block, i) => {
    const blockPath = [...path, 'blocks', i];
    const stored = file.bytes.subarray(block.dataOffset - file.base, block.dataOffset - file.base + block.compressedSize);
    if (block.kind === null) {
      const checksum = file.u32(block.dataOffset - 4);
      const actual = forgeChecksum(stored);
      if (checksum !== actual) {
        refuse(
          block.dataOffset - 4,
          [...blockPath, 'checksum'],
          `the Adler-32 (sums from 0) of its bytes, 0x${actual.toString(16).toUpperCase()}`,
          `0x${checksum.toString(16).toUpperCase()}`,
        );
      }
    }
    const target = out.subarray(written, written + block.uncompressedSize);
    if (block.kind === 0 || (block.kind === null && block.uncompressedSize === block.compressedSize)) {
      target.set(stored);
    } else {
      // The method and the declared size were checked (checkBlocks) before anything was allocated.
      const decoder = decoderOfRule(rule!, stored)!;
      decoder.decode(stored, target, { baseOffset: block.dataOffset, path: blockPath });
    }
    written += block.uncompressedSize;
  });
}

/** A position in the decompressed bytes as an archive offset: exact in a stored block, else the block's start. */
function archiveOffsetOf(sets: readonly ForgeSet[], pos: number): number {
  for (let s = sets.length - 1; s >= 0; s--) {
    const set = sets[s]!;
    if (pos < set.streamOffset) continue;
    let start = set.streamOffset;
    for (const block of set.blocks) {
      if (pos < start + block.uncompressedSize || block === set.blocks[set.blocks.length - 1]) {
        const stored = block.kind === 0 || (block.kind === null && block.uncompressedSize === block.compressedSize);
        return stored ? block.dataOffset + Math.min(pos - start, block.compressedSize) : block.dataOffset;
      }
      start += block.uncompressedSize;
    }
    return set.offset;
  }
  return sets[0]?.offset ?? 0;
}

/** Reads a codec from the decompressed bytes; a refusal names the archive offset. */
function readStream<T>(
  codec: Codec<T>,
  stream: Uint8Array,
  sets: readonly ForgeSet[],
  at: number,
  path: readonly PathSegment[],
  limit = stream.length,
): { value: T; end: number } {
  try {
    return readAt(codec, stream, 0, at, path, limit);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    throw new ParseError({
      offset: archiveOffsetOf(sets, error.offset),
      path: error.pathSegments,
      expected: error.expected,
      actual: `${error.actual} (decompressed offset ${error.offset})`,
    });
  }
}

/** How {@link readDataFile} reads: the profile's TOC record reading, or another of its choices. */
export interface ReadDataFileOptions {
  tocRecord?: TocRecordKind;
}

/**
 * Reads one entry's data file (only its bytes) under the archive's profile: the bytes before the
 * first set, the sets, every block's checksum, decompression, the TOC and the resource records with
 * their bodies. The data file must end exactly after its last set. Throws a ParseError with the
 * archive offset (exact inside stored blocks, the block's start inside compressed ones) and a path
 * such as `entries[3].resources[2].size` for a wrong magic, checksum or count, a block that
 * decompresses to more or fewer bytes than declared, a method the profile does not decode (named),
 * a record longer than its set, a record flag other than 0 or 1, bytes after the last set, or an
 * archive no profile reads (naming its version).
 */
export async function readDataFile(
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  entry: ForgeEntry,
  options: ReadDataFileOptions = {},
): Promise<ForgeDataFile> {
  const profile = forge.profile;
  const root: PathSegment[] = ['entries', entry.number];
  if (profile === null) {
    refuse(
      entry.dataOffset,
      root,
      `a data file one of the archive profiles reads`,
      `an archive of version ${forge.version}, whose first data files no profile reads`,
    );
  }
  if (!profileReadsVersion(profile, forge.version)) {
    refuse(
      entry.dataOffset,
      root,
      `an archive version the ${profile.name} profile reads (${profile.versions.value.join(', ')}${profile.laterVersions ? ' and later' : ''})`,
      `version ${forge.version}`,
    );
  }
  if (entry.bookkeeping !== null) {
    refuse(
      entry.dataOffset,
      root,
      'a data file',
      `the bookkeeping entry ${entry.bookkeeping.name} (${entry.bookkeeping.meaning}), read raw`,
    );
  }
  const headerBytes = forge.tables.fileDataHeader?.fixedSize ?? 0;
  const file = await readChunk(forge.source, entry.offset, headerBytes + entry.size, root, 'the data file', entry.indexRecordOffset);
  return readDataFileBytes(profile, forge.tables, entry, file, {
    tocRecord: options.tocRecord ?? forge.tocRecord ?? profile.tocRecord.value,
    version: forge.version,
  });
}

/**
 * A data file's framing under a profile, without decoding: the FILEDATA header, the preamble and
 * both sets' headers and block tables, which must end exactly at the data file's end. Detection
 * uses it to tell a framing that fits (a block then refused, e.g. by its checksum) from one that
 * does not. Throws a ParseError where the framing does not fit.
 */
export function dataFileLayout(
  profile: ForgeProfile,
  tables: Pick<Forge['tables'], 'fileDataHeader'>,
  entry: ForgeEntry,
  file: Chunk,
): { fileDataHeader: FileDataHeaderRecord | null; data: Chunk; preamble: unknown; toc: ForgeSet | null; resourcesSet: ForgeSet | null } {
  const root: PathSegment[] = ['entries', entry.number];
  let fileDataHeader: FileDataHeaderRecord | null = null;
  if (tables.fileDataHeader !== null) {
    fileDataHeader = readAt(tables.fileDataHeader, file.bytes, file.base, entry.offset, [...root, 'fileDataHeader']).value;
  }
  const data = new Chunk(file.bytes.subarray(entry.dataOffset - file.base), entry.dataOffset);
  if (entry.size === 0) return { fileDataHeader, data, preamble: null, toc: null, resourcesSet: null };
  let p = entry.dataOffset;
  let preamble: unknown = null;
  const preambleCodec = profile.preamble.value;
  if (preambleCodec !== null) {
    const read = readAt(preambleCodec, data.bytes, data.base, p, [...root, 'preamble']);
    preamble = read.value;
    p = read.end;
  }
  const toc = readSetLayout(data, p, [...root, 'toc'], profile, 0);
  const resourcesSet = toc.flagged ? null : readSetLayout(data, toc.end, [...root, 'resourcesSet'], profile, toc.streamLength);
  const last = resourcesSet ?? toc;
  const end = entry.dataOffset + entry.size;
  if (last.end !== end) {
    refuse(
      last.end,
      [...root, 'end'],
      `the data file to end after its ${resourcesSet === null ? 'flagged set' : 'second set'} (its size, ${entry.size}, says where)`,
      `${end - last.end} bytes more`,
    );
  }
  return { fileDataHeader, data, preamble, toc, resourcesSet };
}

/** {@link readDataFile} on bytes already read (from the entry's `offset`), for detection and rewriting. */
export function readDataFileBytes(
  profile: ForgeProfile,
  tables: Pick<Forge['tables'], 'fileDataHeader'>,
  entry: ForgeEntry,
  file: Chunk,
  options: { tocRecord: TocRecordKind; version: number },
): ForgeDataFile {
  const root: PathSegment[] = ['entries', entry.number];
  const { fileDataHeader, data, preamble, toc, resourcesSet } = dataFileLayout(profile, tables, entry, file);
  // An empty data file holds nothing (ACExplorer reads it so).
  if (toc === null) {
    const none = { toc: null, resourcesSet: null, stream: new Uint8Array(0), tocRecords: [], afterToc: null, beforeRecords: null };
    return {
      entry,
      profile,
      fileDataHeader,
      preamble: null,
      ...none,
      tocRecordKind: options.tocRecord,
      tocEnd: 0,
      recordsOffset: 0,
      recordsEnd: 0,
      resources: [],
    };
  }
  const sets = resourcesSet === null ? [toc] : [toc, resourcesSet];
  const total =
    checkBlocks(data, toc, [...root, 'toc'], profile) +
    (resourcesSet === null ? 0 : checkBlocks(data, resourcesSet, [...root, 'resourcesSet'], profile));
  if (total > STREAM_LIMIT) {
    const last = resourcesSet ?? toc;
    refuse(
      last.offset,
      [...root, resourcesSet === null ? 'toc' : 'resourcesSet'],
      `sets that decompress to at most ${STREAM_LIMIT} bytes`,
      `${total} bytes declared`,
    );
  }
  const stream = new Uint8Array(total);
  decodeSet(data, toc, stream, [...root, 'toc'], profile);
  if (resourcesSet !== null) decodeSet(data, resourcesSet, stream, [...root, 'resourcesSet'], profile);

  // The TOC: a u16 count, then the profile's records.
  const tocRecordKind = options.tocRecord;
  const recordCodec = tocRecordCodec(tocRecordKind) as Codec<Record<string, unknown>>;
  const tocLimit = profile.recordsStart.value === 'second-set' && resourcesSet !== null ? toc.streamLength : stream.length;
  const tocRead = readStream(countedBy(u16, recordCodec, 'TocRecord'), stream, sets, 0, [...root, 'toc', 'records'], tocLimit);
  const tocRecords: TocRecord[] = tocRead.value.map(({ id, size, ...rest }) => ({
    id: BigInt(id as number | bigint),
    size: size as number,
    rest: Object.values(rest)[0] ?? null,
  }));
  let q = tocRead.end;
  let afterToc: Uint8Array | null = null;
  const afterCodec = profile.afterTocInVersion26.value;
  if (afterCodec !== null && options.version === 26) {
    const read = readStream(afterCodec, stream, sets, q, [...root, 'afterToc'], tocLimit);
    afterToc = read.value;
    q = read.end;
  }
  const tocEnd = q;
  if (profile.recordsStart.value === 'second-set' && resourcesSet !== null) q = resourcesSet.streamOffset;
  let beforeRecords: Uint8Array | null = null;
  const beforeCodec = profile.beforeRecords.value;
  if (beforeCodec !== null) {
    const read = readStream(beforeCodec, stream, sets, q, [...root, 'beforeRecords']);
    beforeRecords = read.value;
    q = read.end;
  }
  const recordsOffset = q;
  const decoder = new TextDecoder('utf-8');
  const resources: ForgeResource[] = [];
  for (let i = 0; i < tocRecords.length; i++) {
    const path = [...root, 'resources', i];
    const recordOffset = q;
    const header = readStream(recordHeader, stream, sets, q, path);
    const { classHash, size, name, subHeader } = header.value;
    const bodyOffset = header.end;
    if (size > stream.length - bodyOffset) {
      throw new ParseError({
        offset: archiveOffsetOf(sets, bodyOffset),
        path: [...path, 'size'],
        expected: `${size} bytes inside the resources (decompressed offset ${bodyOffset})`,
        actual: `${stream.length - bodyOffset} left`,
      });
    }
    const toc = tocRecords[i]!;
    if (profile.tocSizeDelimits.value && toc.size !== bodyOffset + size - recordOffset) {
      throw new ParseError({
        offset: archiveOffsetOf(sets, recordOffset),
        path: [...path, 'tocSize'],
        expected: `a record of the ${toc.size} bytes its TOC record gives (the ${profile.name} profile delimits records by it)`,
        actual: `${bodyOffset + size - recordOffset} bytes`,
      });
    }
    resources.push({
      classHash,
      id: toc.id,
      tocSize: toc.size,
      name: decoder.decode(name),
      size,
      subHeader,
      recordOffset,
      bodyOffset,
      body: stream.subarray(bodyOffset, bodyOffset + size),
    });
    q = bodyOffset + size;
  }
  return {
    entry,
    profile,
    fileDataHeader,
    preamble,
    toc,
    resourcesSet,
    stream,
    tocRecords,
    tocRecordKind,
    afterToc,
    tocEnd,
    beforeRecords,
    recordsOffset,
    recordsEnd: q,
    resources,
  };
}

/**
 * Only the TOC of a data file (its first set decoded, the resources set left compressed): the
 * resources' ids and sizes, for finding a resource by id without decompressing every data file.
 * Null when the TOC does not end inside the first set (then the whole data file must be read);
 * throws a ParseError as readDataFileBytes does for what it reads.
 */
export function readTocOnly(
  profile: ForgeProfile,
  tables: Pick<Forge['tables'], 'fileDataHeader'>,
  entry: ForgeEntry,
  file: Chunk,
  options: { tocRecord: TocRecordKind },
): TocRecord[] | null {
  const root: PathSegment[] = ['entries', entry.number];
  const { data, toc, resourcesSet } = dataFileLayout(profile, tables, entry, file);
  if (toc === null) return [];
  if (resourcesSet === null) return null;
  const stream = new Uint8Array(checkBlocks(data, toc, [...root, 'toc'], profile));
  decodeSet(data, toc, stream, [...root, 'toc'], profile);
  const codec = countedBy(u16, tocRecordCodec(options.tocRecord) as Codec<Record<string, unknown>>, 'TocRecord');
  try {
    const read = readStream(codec, stream, [toc], 0, [...root, 'toc', 'records']);
    return read.value.map(({ id, size, ...rest }) => ({
      id: BigInt(id as number | bigint),
      size: size as number,
      rest: Object.values(rest)[0] ?? null,
    }));
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
}
