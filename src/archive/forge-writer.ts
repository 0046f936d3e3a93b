/**
 * Writes `.forge` archives in any profile's framing, as the public readers of its titles read them:
 * the header, the data header filled in (entry count, most entries per block, index-block count,
 * first block), each index block followed by its index table (F + 48) and its name table, then the
 * data files back to back, each ending exactly where its index size says (versions 25 and 26: after
 * a 440-byte FILEDATA header outside that size), and the archive's end padded. Every structure is
 * written through the same declarations the reader reads with.
 */
import { u16 } from '../grammar/index.js';
import { countedBy } from '../grammar/signed.js';
import { ByteWriter } from '../io/writer.js';
import { forgeChecksum } from './forge-data-file.js';
import { recordHeader, setHeader, type RecordSubHeader, type SizePair, type TocRecordKind } from './profile/framing.js';
import { forgeProfileByName, tocRecordCodec, type ForgeProfile, type ForgeProfileName } from './profile/profiles.js';
import { encode } from './profile/read.js';
import { forgeHeader, forgeTables, indexBlock, INDEX_BLOCK_BYTES } from './profile/tables.js';

/** One resource record to write. */
export interface ForgeWriterResource {
  classHash: number;
  id: bigint;
  name: string;
  body: Uint8Array;
  /** The record flag and its sub-header (flag 0 by default). */
  subHeader?: RecordSubHeader;
  /** What the TOC record holds after id and size (the AC2 i16, the words or the flags); the profile's empty value by default. */
  tocRest?: unknown;
}

/** One entry (data file) to write. */
export interface ForgeWriterEntry {
  id: bigint;
  name: string;
  resourceType: number;
  timestamp?: number;
  resources: ForgeWriterResource[];
  /** The data file's bytes as they are, for an entry written raw (a bookkeeping entry); `resources` is then ignored. */
  raw?: Uint8Array;
}

/** How a data file's sets are framed: what `forge replace` keeps of the data file it rewrites. */
export interface ForgeSetFraming {
  /** Uncompressed bytes per block (0x8000 by default; at most 0xFFFF with 16-bit size pairs). */
  blockSize?: number;
  /** The method byte of every set (0 by default). */
  method?: number;
  /** The set version (1 by default). */
  setVersion?: number;
  /** Compresses one block, or returns undefined to store it; a result of the block's own length is stored (equal sizes mean stored). */
  compress?: (block: Uint8Array) => Uint8Array | undefined;
}

/** How to write an archive. */
export interface ForgeWriterOptions extends ForgeSetFraming {
  /** The profile whose framing the data files get (by default `ac1` for versions 25 and 26, `unity` for 27). */
  profile?: ForgeProfile | ForgeProfileName;
  /** The archive version (25, 26, 27 or later). */
  version: number;
  entries: ForgeWriterEntry[];
  /** Most entries per index block (5000 by default); smaller makes a chain of several blocks. */
  maxEntriesPerBlock?: number;
  /** The TOC record reading to write (the profile's by default). */
  tocRecord?: TocRecordKind;
  /** Data files start at multiples of this (1 by default: back to back); padding lies between them, outside their sizes. */
  align?: number;
  /** The archive's size is padded to a multiple of this (32,768 by default, as WildlandsToolkit does). */
  endAlign?: number;
}

/** The profile a writer uses: named, given, or the default of the version. */
export function writerProfile(options: Pick<ForgeWriterOptions, 'profile' | 'version'>): ForgeProfile {
  const p = options.profile ?? (options.version >= 27 ? 'unity' : 'ac1');
  if (typeof p !== 'string') return p;
  const found = forgeProfileByName(p);
  if (found === undefined) throw new Error(`unknown archive profile "${p}"`);
  return found;
}

/** The empty value of a TOC record's remainder in each reading. */
function emptyTocRest(kind: TocRecordKind): Record<string, unknown> {
  if (kind === 'u32-id-i16') return { extra: 0 };
  if (kind === 'u64-id-counted-words') return { words: [] };
  if (kind === 'u64-id-flags') return { flags: 0 };
  return {};
}

function tocRestField(kind: TocRecordKind, rest: unknown): Record<string, unknown> {
  if (rest === undefined || rest === null) return emptyTocRest(kind);
  const name = Object.keys(emptyTocRest(kind))[0];
  return name === undefined ? {} : { [name]: rest };
}

/** A set of `raw` in the profile's framing: header, block count, size pairs, then each block's checksum and stored bytes. */
export function writeForgeSet(raw: Uint8Array, profile: ForgeProfile, framing: ForgeSetFraming = {}): Uint8Array {
  const blockSize = framing.blockSize ?? 0x8000;
  const setVersion = framing.setVersion ?? 1;
  const wide = profile.widePairs.value;
  const pair = wide !== null && setVersion >= wide.fromSetVersion ? wide.sizePair : profile.sizePair.value;
  const blocks: { raw: Uint8Array; stored: Uint8Array }[] = [];
  for (let at = 0; at < raw.length; at += blockSize) {
    const block = raw.subarray(at, at + blockSize);
    const packed = framing.compress?.(block);
    blocks.push({ raw: block, stored: packed !== undefined && packed.length !== block.length ? packed : block });
  }
  const w = new ByteWriter(raw.length + 64);
  const largest = (pick: (b: { raw: Uint8Array; stored: Uint8Array }) => number): number =>
    Math.min(0xffff, Math.max(0, ...blocks.map(pick)));
  w.raw(
    encode(setHeader, {
      setVersion,
      method: framing.method ?? 0,
      largestUncompressed: largest((b) => b.raw.length),
      largestCompressed: largest((b) => b.stored.length),
    }),
  );
  w.raw(encode(profile.blockCount.value, blocks.length));
  for (const b of blocks) w.raw(encode(pair, { uncompressed: b.raw.length, compressed: b.stored.length } satisfies SizePair));
  for (const b of blocks) {
    w.u32(forgeChecksum(b.stored));
    w.raw(b.stored);
  }
  return w.finish();
}

/** The decompressed bytes of a data file's two sets: the TOC (and what follows it), and the resource records. */
export function forgeDataFileStreams(
  entry: Pick<ForgeWriterEntry, 'resources'>,
  profile: ForgeProfile,
  options: { version: number; tocRecord?: TocRecordKind; afterToc?: Uint8Array; beforeRecords?: Uint8Array },
): { toc: Uint8Array; records: Uint8Array } {
  const kind = options.tocRecord ?? profile.tocRecord.value;
  const encoder = new TextEncoder();
  const records = new ByteWriter(1024);
  const beforeCodec = profile.beforeRecords.value;
  if (beforeCodec !== null) records.raw(encode(beforeCodec, options.beforeRecords ?? new Uint8Array(0)));
  const tocRecords: Record<string, unknown>[] = [];
  for (const r of entry.resources) {
    const record = encode(recordHeader, {
      classHash: r.classHash,
      size: r.body.length,
      name: encoder.encode(r.name),
      subHeader: r.subHeader ?? { flag: 0, extra: null },
    });
    const length = record.length + r.body.length;
    const id = kind === 'u32-id' || kind === 'u32-id-i16' ? Number(r.id) : r.id;
    tocRecords.push({ id, size: length, ...tocRestField(kind, r.tocRest) });
    records.raw(record);
    records.raw(r.body);
  }
  const toc = new ByteWriter(2 + tocRecords.length * 16);
  toc.raw(encode(countedBy(u16, tocRecordCodec(kind) as never, 'TocRecord'), tocRecords as never));
  const afterCodec = profile.afterTocInVersion26.value;
  if (afterCodec !== null && options.version === 26) toc.raw(encode(afterCodec, options.afterToc ?? new Uint8Array(0)));
  return { toc: toc.finish(), records: records.finish() };
}

/** One data file's bytes (those its index size counts): the profile's preamble, the TOC set, the resources set. */
export function writeForgeDataFile(
  entry: Pick<ForgeWriterEntry, 'resources'>,
  profile: ForgeProfile,
  options: ForgeSetFraming & {
    version: number;
    tocRecord?: TocRecordKind;
    preamble?: unknown;
    afterToc?: Uint8Array;
    beforeRecords?: Uint8Array;
    /** The TOC set's framing when it differs from the resources set's (the options' own). */
    tocFraming?: ForgeSetFraming;
  },
): Uint8Array {
  // A data file of no resource is empty (ACExplorer reads a data file of size 0 so): two empty
  // sets would have a largest stored block of 0, which its reader takes for a flagged set.
  if (entry.resources.length === 0) return new Uint8Array(0);
  const { toc, records } = forgeDataFileStreams(entry, profile, options);
  const out = new ByteWriter(toc.length + records.length + 128);
  const preambleCodec = profile.preamble.value;
  if (preambleCodec !== null) out.raw(encode(preambleCodec, options.preamble ?? emptyPreamble(profile)));
  out.raw(writeForgeSet(toc, profile, options.tocFraming ?? options));
  out.raw(writeForgeSet(records, profile, options));
  return out.finish();
}

function emptyPreamble(profile: ForgeProfile): unknown {
  // The AC2 family's preamble is a list of 8-byte items; the AC3 family's a byte run.
  return profile.name === 'ac2' ? [] : new Uint8Array(0);
}

/** The 440-byte FILEDATA header of versions 25 and 26, for a data file of `size` bytes. */
function fileDataHeaderBytes(entry: Pick<ForgeWriterEntry, 'id' | 'name' | 'timestamp'>, size: number): Uint8Array {
  const tables = forgeTables(25);
  const name = new Uint8Array(128);
  name.set(new TextEncoder().encode(entry.name).subarray(0, 127));
  return encode(tables.fileDataHeader!, {
    magic: new TextEncoder().encode('FILEDATA'),
    name,
    comment: new Uint8Array(255),
    fileId: Number(BigInt.asIntN(32, entry.id)),
    rawSize: size,
    dataFileId: entry.id,
    unknown: new Uint8Array(24),
    timestamp: entry.timestamp ?? 0,
    tail: new Uint8Array(5),
  });
}

/** Where WildlandsToolkit's writer puts the data header (its header size), and the words it writes after the 21-byte header. */
const DATA_HEADER_OFFSET = 1050;

/** An entry to write with its data file made only when the writer reaches it, so one data file is in memory at a time. */
export interface ForgeLazyEntry {
  id: bigint;
  name: string;
  resourceType: number;
  timestamp?: number;
  /** The data file's bytes (those its index size counts), asked for once, in entry order. */
  dataFile(): Uint8Array;
}

/** One write of an archive: `bytes` at `offset`. */
export interface ForgeWrite {
  offset: number;
  bytes: Uint8Array;
}

/** How to write an archive whose data files are made one at a time. */
export type ForgeStreamWriterOptions = Omit<ForgeWriterOptions, 'entries'> & { entries: readonly ForgeLazyEntry[] };

/**
 * A whole archive as writes at offsets: each data file as soon as it is made (in entry order, at
 * increasing offsets after the tables' room), then the header, the data header and the index
 * blocks with their tables at the start, and last the end padding. Returns the archive's size.
 * The tables' room depends on the entry count alone, so no data file is held back. Throws an
 * Error (EncodeError) for a value a field cannot hold.
 */
export function* forgeWrites(options: ForgeStreamWriterOptions): Generator<ForgeWrite, number, undefined> {
  const { version, entries } = options;
  const tables = forgeTables(version);
  const perBlock = options.maxEntriesPerBlock ?? 5000;
  const indexBytes = tables.indexEntry.fixedSize!;
  const nameBytes = tables.nameEntry.fixedSize!;
  const fileDataBytes = tables.fileDataHeader?.fixedSize ?? 0;
  const groups: ForgeLazyEntry[][] = [];
  for (let i = 0; i < entries.length; i += perBlock) groups.push(entries.slice(i, i + perBlock));
  const d = DATA_HEADER_OFFSET;
  const blockOffsets: number[] = [];
  let at = d + tables.dataHeader.fixedSize!;
  for (const group of groups) {
    blockOffsets.push(at);
    at += INDEX_BLOCK_BYTES + group.length * (indexBytes + nameBytes);
  }
  const align = options.align ?? 1;
  const fileOffsets: number[] = [];
  const fileSizes: number[] = [];
  for (const e of entries) {
    const file = e.dataFile();
    at = Math.ceil(at / align) * align;
    fileOffsets.push(at);
    fileSizes.push(file.length);
    if (fileDataBytes > 0) yield { offset: at, bytes: fileDataHeaderBytes(e, file.length) };
    yield { offset: at + fileDataBytes, bytes: file };
    at += fileDataBytes + file.length;
  }
  const endAlign = options.endAlign ?? 0x8000;
  const total = Math.ceil(at / endAlign) * endAlign;

  const head = new Uint8Array(d);
  head.set(encode(forgeHeader, { version, dataHeaderOffset: d }));
  // WildlandsToolkit's writer: an i64 16 and a byte 1 after the header.
  new DataView(head.buffer).setBigInt64(0x15, 16n, true);
  head[0x1d] = 1;
  yield { offset: 0, bytes: head };
  const unknown = new Uint8Array(tables.dataHeader.fields[1]!.codec.fixedSize!);
  if (version >= 27) {
    // WildlandsToolkit writes 2 at +4 and −1 at +20.
    unknown[0] = 2;
    unknown.fill(0xff, 16, 24);
  }
  yield {
    offset: d,
    bytes: encode(tables.dataHeader, {
      entryCount: entries.length,
      unknown,
      maxEntriesPerBlock: perBlock,
      indexBlockCount: groups.length,
      firstIndexBlock: blockOffsets[0] ?? -1,
    }),
  };
  let number = 0;
  for (const [b, group] of groups.entries()) {
    const f = blockOffsets[b]!;
    const table = f + INDEX_BLOCK_BYTES;
    const names = table + group.length * indexBytes;
    // The block, its index table and its name table are contiguous: one write.
    const block = new Uint8Array(INDEX_BLOCK_BYTES + group.length * (indexBytes + nameBytes));
    block.set(
      encode(indexBlock, {
        entryCount: group.length,
        unknown4: Uint8Array.of(2, 0, 0, 0),
        indexTable: table,
        next: blockOffsets[b + 1] ?? -1,
        firstEntry: 0,
        lastEntry: group.length,
        nameTable: names,
        nameTableEnd: names + group.length * nameBytes,
      }),
    );
    group.forEach((e, k) => {
      const i = number + k;
      const size = fileSizes[i]!;
      block.set(
        encode(tables.indexEntry, { offset: fileOffsets[i]!, id: tables.wideIds ? e.id : Number(e.id), size }),
        table - f + k * indexBytes,
      );
      const name = new Uint8Array(128);
      name.set(new TextEncoder().encode(e.name).subarray(0, 127));
      const tail = new Uint8Array(nameBytes - 172);
      if (version >= 27) {
        // WildlandsToolkit writes 4 at +172 and +184.
        tail[0] = 4;
        tail[12] = 4;
      }
      block.set(
        encode(tables.nameEntry, {
          size,
          umacHash: 0n,
          engineVersion: 0,
          resourceType: e.resourceType >>> 0,
          revisionData: 0,
          revisionAttributes: 0,
          nextFileCount: k + 1 < group.length ? k + 1 : -1,
          previousFileCount: k - 1,
          parent: 0,
          timestamp: e.timestamp ?? 0,
          name,
          tail,
        }),
        names - f + k * nameBytes,
      );
    });
    yield { offset: f, bytes: block };
    number += group.length;
  }
  if (total > at) yield { offset: at, bytes: new Uint8Array(total - at) };
  return total;
}

/** Every write of `writes` placed in one array of the archive's size (what the generator returns). */
export function assembleWrites(writes: Generator<ForgeWrite, number, undefined>): Uint8Array {
  const parts: ForgeWrite[] = [];
  let step = writes.next();
  while (step.done !== true) {
    parts.push(step.value);
    step = writes.next();
  }
  const out = new Uint8Array(step.value);
  for (const part of parts) out.set(part.bytes, part.offset);
  return out;
}

/** A whole archive in the profile's framing. Throws an Error (EncodeError) for a value a field cannot hold. */
export function writeForge(options: ForgeWriterOptions): Uint8Array {
  const profile = writerProfile(options);
  return assembleWrites(
    forgeWrites({
      ...options,
      entries: options.entries.map((e) => ({ ...e, dataFile: () => e.raw ?? writeForgeDataFile(e, profile, options) })),
    }),
  );
}
