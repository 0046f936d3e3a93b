/**
 * The structures of one data file, declared once with the grammar: what comes before its first
 * set, a set's header, block count and size pairs, a flagged set's blocks, the TOC records of each
 * title family, and a resource record's header. A profile picks among them; the same declarations
 * read, write and document (public reading: ACExplorer, WildlandsToolkit, Blacksmith).
 */
import { field, rawBytes, struct, u16, u32, u64, u8, type Codec, type Confidence, type Infer, i32 } from '../../grammar/index.js';
import { i32LengthBytes } from '../../grammar/combinators.js';
import { constBytes, countedBy, i16 } from '../../grammar/signed.js';
import { formatValue } from '../../io/format.js';
import type { TocRecordKind } from './names.js';

const PR: Confidence = 'public reading';

/** The eight bytes every set starts with. */
export const SET_MAGIC = [0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10] as const;

/** A set's header (15 bytes): its block count and size pairs follow, in the profile's widths. */
export const setHeader = struct(
  'SetHeader',
  {
    magic: field(constBytes(SET_MAGIC, 'the set magic'), PR, 'all readers'),
    setVersion: field(u16, PR, 'set version (WildlandsToolkit: 1 for 16-bit size pairs, 2 and up for 32-bit ones)'),
    method: field(u8, PR, "the compression method of the set's blocks (see the method table)"),
    largestUncompressed: field(u16, PR, 'the largest uncompressed block (WildlandsToolkit `MaxUncompressedBlockSize`)'),
    largestCompressed: field(
      u16,
      PR,
      'the largest stored block; 0 announces a flagged set in ACExplorer (WildlandsToolkit `MaxCompressedBlockSize`)',
    ),
  },
  'The start of a set of blocks: a data file holds two, the TOC and the resources.',
);
export type SetHeaderRecord = Infer<typeof setHeader>;

/** A block's two sizes: equal sizes mean a stored block. */
export interface SizePair {
  uncompressed: number;
  compressed: number;
}

/** Size pairs of two u16 (ACExplorer in every title; WildlandsToolkit at set version 1). */
export const sizePair16 = struct(
  'SizePair (16-bit)',
  {
    uncompressed: field(u16, PR, "the block's size once decompressed"),
    compressed: field(u16, PR, "the block's stored size; equal to the other: a stored block"),
  },
  'One block of a set: sizes as two u16.',
);

/** Size pairs of two i32 (WildlandsToolkit from set version 2, Blacksmith always). */
export const sizePair32 = struct(
  'SizePair (32-bit)',
  {
    uncompressed: field(i32, PR, "the block's size once decompressed"),
    compressed: field(i32, PR, "the block's stored size; equal to the other: a stored block"),
  },
  'One block of a set: sizes as two i32.',
);

/** One block's stored bytes follow this checksum. */
export const blockChecksum = field(
  u32,
  PR,
  'Adler-32 of the stored bytes with both sums starting at 0 (WildlandsToolkit `Checksum` checks it; ACExplorer skips it)',
);

/** A flagged set's block kind byte: 0 stored, 1 compressed (ACExplorer). */
export const FLAGGED_STORED = 0;
export const FLAGGED_COMPRESSED = 1;

/** A compressed block of a flagged set, after its kind byte 01. */
export const flaggedCompressedBlock = struct(
  'FlaggedCompressedBlock',
  {
    compressedSize: field(u32, PR, 'the stored bytes that follow'),
    uncompressedSize: field(u32, PR, 'their size once decompressed'),
    unknown: field(u32, 'Unknown', 'unnamed (ACExplorer skips it); kept'),
  },
  'In a flagged set (largest stored block 0), a block of kind 01: these three words, then the compressed bytes. A block of kind 00 is a size (u16 before AC Unity, u32 from it) and that many stored bytes.',
);

/** AC2 family, before the first set: u32 n, then n × 8 bytes (ACExplorer). */
export const preambleAc2: Codec<Uint8Array[]> = countedBy(u32, rawBytes(8), '8 bytes');
/** AC3 family, before the first set: u32 n, then n bytes (ACExplorer). */
export const preambleAc3: Codec<Uint8Array> = {
  ...i32LengthBytes,
  typeName: 'u32 byte count n, then n bytes',
};

/** After the TOC in archive version 26 (AC4 multiplayer), and before the first resource record in the AC2 family: u32 n, then n bytes (ACExplorer). */
export const countedBytes: Codec<Uint8Array> = preambleAc3;

/** AC1's TOC record (8 bytes). */
export const tocRecordAc1 = struct(
  'TocRecord (AC1)',
  {
    id: field(u32, PR, "the resource's id"),
    size: field(u32, PR, 'the whole resource record: header, name, flag and body'),
  },
  'One resource of the data file, as the TOC lists it.',
);

/** The AC2 family's TOC record (10 bytes). */
export const tocRecordAc2 = struct(
  'TocRecord (AC2 family)',
  {
    id: field(u32, PR, "the resource's id"),
    size: field(u32, PR, 'the whole resource record'),
    extra: field(i16, PR, 'an i16 (ACExplorer reads it and leaves it unnamed); kept'),
  },
  'One resource of the data file, as the TOC lists it.',
);

/** The AC3 family's and AC Unity's TOC record, as ACExplorer reads it: k u16 words follow. */
export const tocRecordCountedWords = struct(
  'TocRecord (u64 id, k words)',
  {
    id: field(u64, PR, "the resource's id"),
    size: field(u32, PR, 'the whole resource record'),
    words: field(
      countedBy(u16, u16, 'u16'),
      PR,
      'u16 k, then k u16 words (ACExplorer; WildlandsToolkit reads the u16 as flags and no words)',
    ),
  },
  'One resource of the data file, as ACExplorer reads the TOC from AC3 on.',
);

/** Wildlands' TOC record, as WildlandsToolkit reads it: a fixed 14 bytes. */
export const tocRecordFlags = struct(
  'TocRecord (u64 id, u16 flags)',
  {
    id: field(u64, PR, "the resource's id"),
    size: field(u32, PR, 'the whole resource record (WildlandsToolkit: its header is this size less the body size)'),
    flags: field(u16, PR, 'a u16 (WildlandsToolkit writes 0; ACExplorer reads it as a word count)'),
  },
  'One resource of the data file, as WildlandsToolkit reads the TOC: fixed 14-byte records.',
);

/** A TOC record of any family, as the reader gives it. */
export interface TocRecord {
  id: bigint;
  size: number;
  /** The bytes after id and size, as their codec reads them (the AC2 i16, the words or the flags). */
  rest: unknown;
}

/** The flag byte after a resource record's name, and what it announces (ACExplorer): 0, or 1 with a sub-header. */
export interface RecordSubHeader {
  flag: 0 | 1;
  /** Flag 1: three bytes, then n 12-byte entries. */
  extra: { head: Uint8Array; entries: Uint8Array[] } | null;
}

const twelve = rawBytes(12);

/**
 * The record flag: 0, or 1 then three bytes, u32 n and n × 12 bytes (ACExplorer; WildlandsToolkit
 * skips it by the TOC size). Any other flag is refused, as ACExplorer does.
 */
export const recordSubHeader: Codec<RecordSubHeader> = {
  typeName: 'u8 flag: 0, or 1 then 3 bytes, u32 n, n × 12 bytes',
  fixedSize: null,
  minSize: 1,
  sizeText: '1, or 8 + 12 × n',
  read(r, ctx) {
    const at = r.pos;
    const flag = r.u8();
    if (flag === 0) return { flag: 0, extra: null };
    if (flag !== 1) r.fail('a record flag 0 or 1', formatValue(flag), at);
    const head = r.raw(3);
    const entries = countedBy(u32, twelve, '12 bytes').read(r, ctx);
    return { flag: 1, extra: { head, entries } };
  },
  write(w, v, ctx) {
    if (v.flag === 0 || v.extra === null) {
      w.u8(0);
      return;
    }
    w.u8(1);
    if (v.extra.head.length !== 3) w.refuse('3 bytes', `${v.extra.head.length} bytes`);
    w.raw(v.extra.head);
    countedBy(u32, twelve, '12 bytes').write(w, v.extra.entries, ctx);
  },
};

/** A resource record's header; the body of `size` bytes follows it. */
export const recordHeader = struct(
  'ResourceRecord',
  {
    classHash: field(u32, PR, "the resource's class (0x24AECB7C: Skeleton)"),
    size: field(u32, PR, "the body's size"),
    name: field(i32LengthBytes, PR, "the resource's name (UTF-8), after its byte length"),
    subHeader: field(recordSubHeader, PR, 'the record flag and, for flag 1, what follows it'),
  },
  'One resource of the data file: this header, then the body of `size` bytes (the bytes the Skeleton layouts read). In AC Unity a body starts 01, the u64 id and the class again.',
);
export type RecordHeaderRecord = Infer<typeof recordHeader>;

/** The TOC record codecs a profile may choose, by name. */
export const TOC_RECORDS = {
  'u32-id': tocRecordAc1,
  'u32-id-i16': tocRecordAc2,
  'u64-id-counted-words': tocRecordCountedWords,
  'u64-id-flags': tocRecordFlags,
} as const satisfies Record<TocRecordKind, unknown>;
export type { TocRecordKind } from './names.js';
