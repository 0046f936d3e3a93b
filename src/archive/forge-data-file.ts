/**
 * One entry's data file of a `.forge` archive, read under the archive's profile: what comes before
 * its first set, its TOC and resources sets (or one flagged set), every block's checksum and
 * decompression, the TOC and the resource records. Every structure is a declaration of
 * `profile/framing.ts`.
 */
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';
import { countedBy } from '../grammar/signed.js';
import { u16, type Codec } from '../grammar/index.js';
import { checkChunkRange, Chunk, refuse } from './forge-chunk.js';
import { archiveOffsetOf, checkBlocks, decodeSet, readSetLayout, readStream, STREAM_LIMIT, type ForgeSet } from './forge-sets.js';
export { forgeChecksum, type ForgeBlock, type ForgeSet } from './forge-sets.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readAt } from './profile/read.js';
import { recordHeader, type RecordSubHeader, type TocRecord, type TocRecordKind } from './profile/framing.js';
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
  const place = dataFilePlace(forge, entry);
  const bytes = await forge.source.read(place.offset, place.length);
  return dataFileOf(forge, entry, place, bytes, options);
}

/**
 * {@link readDataFile} without a promise, when the archive's source reads at once (it has
 * `readNow`: a file in Node, bytes in memory); undefined when it cannot. Throws what readDataFile
 * rejects with.
 */
export function readDataFileNow(
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  entry: ForgeEntry,
  options: ReadDataFileOptions = {},
): ForgeDataFile | undefined {
  const source = forge.source;
  if (source.readNow === undefined) return undefined;
  const place = dataFilePlace(forge, entry);
  return dataFileOf(forge, entry, place, source.readNow(place.offset, place.length), options);
}

/** Where an entry's data file lies and the profile that reads it; throws the refusals of {@link readDataFile} that come before any read. */
function dataFilePlace(
  forge: Pick<Forge, 'source' | 'version' | 'tables' | 'profile'>,
  entry: ForgeEntry,
): { profile: ForgeProfile; offset: number; length: number } {
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
  const length = (forge.tables.fileDataHeader?.fixedSize ?? 0) + entry.size;
  checkChunkRange(forge.source, entry.offset, length, root, 'the data file', entry.indexRecordOffset);
  return { profile, offset: entry.offset, length };
}

function dataFileOf(
  forge: Pick<Forge, 'version' | 'tables' | 'tocRecord'>,
  entry: ForgeEntry,
  place: { profile: ForgeProfile; offset: number },
  bytes: Uint8Array,
  options: ReadDataFileOptions,
): ForgeDataFile {
  return readDataFileBytes(place.profile, forge.tables, entry, new Chunk(bytes, place.offset), {
    tocRecord: options.tocRecord ?? forge.tocRecord ?? place.profile.tocRecord.value,
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

/** A TOC record as read (its id, its size and at most one field more) in the reading the data file keeps. */
function tocRecordOf(record: Record<string, unknown>): TocRecord {
  let rest: unknown = null;
  // The first field besides id and size, without copying the record (a census reads a TOC per data file).
  for (const key in record) {
    if (key !== 'id' && key !== 'size') {
      rest = record[key] ?? null;
      break;
    }
  }
  return { id: BigInt(record.id as number | bigint), size: record.size as number, rest };
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
  const tocRecords: TocRecord[] = tocRead.value.map(tocRecordOf);
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
    return read.value.map(tocRecordOf);
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
}
