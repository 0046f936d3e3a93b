/**
 * One archive per profile, assembled byte by byte from the public readers' tables (not with the
 * project's writer, nor with forge-hand.ts): every offset below is worked out by hand in the
 * comments and checked while the bytes are assembled (`Hand.at` throws when the bytes written so far
 * do not end where the comment says), so the layouts the tests expect are the hand's, not a reader's.
 *
 * Tables (all little-endian; D the data header, F an index block, T its index table, M its name table):
 *   0x00 "scimitar\0", 0x09 i32 version, 0x0D i64 D. Every fixture puts D at 0x15.
 *   D, v25/v26 (40 bytes): +0 i32 entry count, +4 20 kept bytes, +24 i32 most entries per block,
 *     +28 i32 index-block count, +32 i64 F. v27 on (44 bytes): +0, +4 24 kept, +28, +32, +36.
 *   F (48 bytes): +0 i32 n, +4 kept, +8 i64 T, +16 i64 next or −1, +24 i32, +28 i32, +32 i64 M, +40 i64.
 *   T = F + 48: v27 20 bytes an entry (i64 offset, u64 id, i32 size); v25/v26 16 (i64, u32, i32).
 *   M = T + n × 20 [16]: 192 [188] bytes an entry: +0 size, +4 u64, +12 i32, +16 u32 type, +20..+40
 *     five i32, +40 u32 timestamp, +44 128-byte name, +172 20 [16] kept bytes.
 *   v25/v26: the index offset points at a 440-byte FILEDATA header ("FILEDATA", name 128,
 *     comment 255, +391 i32 id, +395 i32 size, +399 u64 id, +407 24 kept, +431 u32 timestamp,
 *     +435 5 kept); the data file follows at offset + 440 and the index size does not count the header.
 *   A set: u64 magic 33 AA FB 57 99 FA 04 10, +8 u16 set version, +10 u8 method, +11 u16 largest
 *     uncompressed, +13 u16 largest stored (0: a flagged set), +15 the block count, then the size
 *     pairs, then per block a u32 checksum (Adler-32, sums from 0) and the stored bytes. With a u16
 *     count and u16 pairs one block's checksum is at +21 and its bytes at +25; with a 32-bit count
 *     and u16 pairs at +23 and +27; with a 32-bit count and i32 pairs at +27 and +31.
 *   A record: u32 class, u32 body size, u32 name length, the name, u8 flag (1: 3 bytes, u32 n,
 *     n × 12 bytes), the body: 13 + name + body bytes, or 20 + 12n + name + body with flag 1.
 */

export const SKELETON = 0x24aecb7c;
export const MESH = 0x415d9568;
const SET_MAGIC = [0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10] as const;

/** Little-endian assembly; `at` checks the hand's offsets as the bytes are written. */
export class Hand {
  private readonly out: number[] = [];
  /** Spans of free text (names, comments), which the exhaustive hostile tests only sample. */
  readonly textSpans: [number, number][] = [];
  get length(): number {
    return this.out.length;
  }
  /** Throws unless the bytes written so far end at `offset` (the comment's arithmetic was right). */
  at(offset: number, what: string): this {
    if (this.out.length !== offset) {
      throw new Error(`fixture: ${what} lands at 0x${this.out.length.toString(16)}, worked out as 0x${offset.toString(16)}`);
    }
    return this;
  }
  u8(...values: number[]): this {
    for (const v of values) this.out.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v, v >> 8);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  i64(v: bigint | number): this {
    const u = BigInt.asUintN(64, BigInt(v));
    return this.u32(Number(u & 0xffffffffn)).u32(Number(u >> 32n));
  }
  text(s: string, pad = s.length): this {
    if (s.length > pad) throw new Error('fixture: text longer than its field');
    for (const c of s) this.out.push(c.charCodeAt(0));
    return this.zeros(pad - s.length);
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.out.push(0);
    return this;
  }
  /** Text in a field of `pad` bytes, its span noted as free text. */
  freeText(s: string, pad: number): this {
    this.textSpans.push([this.out.length, this.out.length + pad]);
    return this.text(s, pad);
  }
  raw(bytes: readonly number[] | Uint8Array): this {
    for (const b of bytes) this.out.push(b);
    return this;
  }
  list(): number[] {
    return [...this.out];
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** Adler-32 with both sums starting at 0, as WildlandsToolkit checks a block (written out plainly). */
export function adler0(bytes: readonly number[] | Uint8Array): number {
  let a = 0;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return b * 65536 + a;
}

/** Rewrites the checksum at `checksumAt` for the `length` stored bytes at `dataAt` (after a test changed one of them). */
export function restamp(bytes: Uint8Array, checksumAt: number, dataAt: number, length: number): void {
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(checksumAt, adler0(bytes.subarray(dataAt, dataAt + length)), true);
}

/** An LZO1X stream of literals only, by hand: 17 + n, the n bytes, then the end marker 11 00 00 (n ≤ 238). */
export function lzo1xLiterals(bytes: readonly number[]): number[] {
  if (bytes.length < 4 || bytes.length > 238) throw new Error('fixture: a one-byte literal run holds 4..238 bytes');
  return [17 + bytes.length, ...bytes, 0x11, 0x00, 0x00];
}

interface Block {
  raw: readonly number[];
  /** The stored bytes when they differ from `raw` (a compressed block). */
  stored?: readonly number[];
}

/** A framed set: header, block count (2 or 4 bytes), size pairs (two u16 or two i32), checksum and bytes per block. */
export function framedSet(o: { setVersion: number; method: number; count: 2 | 4; pair: 2 | 4; blocks: readonly Block[] }): number[] {
  const stored = o.blocks.map((b) => b.stored ?? b.raw);
  const h = new Hand()
    .raw(SET_MAGIC)
    .u16(o.setVersion)
    .u8(o.method)
    .u16(Math.max(...o.blocks.map((b) => b.raw.length)))
    .u16(Math.max(...stored.map((s) => s.length)));
  if (o.count === 2) h.u16(o.blocks.length);
  else h.u32(o.blocks.length);
  o.blocks.forEach((b, i) => {
    if (o.pair === 2) h.u16(b.raw.length).u16(stored[i]!.length);
    else h.u32(b.raw.length).u32(stored[i]!.length);
  });
  for (const s of stored) h.u32(adler0(s)).raw(s);
  return h.list();
}

type FlaggedBlock = { stored: readonly number[] } | { compressed: readonly number[]; uncompressedSize: number; unknown: number };

/** A flagged set (largest stored block 0): per block 00, its size (u16 or u32) and bytes, or 01, u32 compressed, u32 uncompressed, u32, the bytes. */
export function flaggedSet(o: {
  setVersion: number;
  method: number;
  largestUncompressed: number;
  sizeWidth: 2 | 4;
  blocks: readonly FlaggedBlock[];
}): number[] {
  const h = new Hand().raw(SET_MAGIC).u16(o.setVersion).u8(o.method).u16(o.largestUncompressed).u16(0);
  for (const b of o.blocks) {
    if ('stored' in b) {
      h.u8(0);
      if (o.sizeWidth === 2) h.u16(b.stored.length);
      else h.u32(b.stored.length);
      h.raw(b.stored);
    } else {
      h.u8(1).u32(b.compressed.length).u32(b.uncompressedSize).u32(b.unknown).raw(b.compressed);
    }
  }
  return h.list();
}

/** A resource record: class, body size, name length, name, flag (and flag 1's 3 bytes, count and 12-byte entries), body. */
export function record(o: {
  classHash: number;
  name: string;
  body: readonly number[];
  flag1?: { head: readonly [number, number, number]; entries: readonly (readonly number[])[] };
}): number[] {
  const h = new Hand().u32(o.classHash).u32(o.body.length).u32(o.name.length).text(o.name);
  if (o.flag1 === undefined) h.u8(0);
  else {
    h.u8(1).raw(o.flag1.head).u32(o.flag1.entries.length);
    for (const e of o.flag1.entries) {
      if (e.length !== 12) throw new Error('fixture: a flag-1 entry is 12 bytes');
      h.raw(e);
    }
  }
  return h.raw(o.body).list();
}

const payload = (n: number, seed: number): number[] => Array.from({ length: n }, (_, i) => (seed + i * 7) & 0xff);
/** An AC1 body's start (the AC1 Skeleton layout's header): u32 id, u32 class. */
const u32IdClass = (id: number, cls: number, n: number): number[] => new Hand().u32(id).u32(cls).raw(payload(n, id)).list();
/** A Unity body's start (ACExplorer): 01, u64 id, u32 class. */
const managedIdClass = (id: number, cls: number, n: number): number[] => new Hand().u8(1).i64(id).u32(cls).raw(payload(n, id)).list();
/** A Wildlands or Blacksmith body's start: u64 id, u32 class. */
const idClass = (id: number, cls: number, n: number): number[] => new Hand().i64(id).u32(cls).raw(payload(n, id)).list();

const UMAC = 0x1122334455667788n;
const ENGINE = 0x0a0b0c0d;

function header(h: Hand, version: number): void {
  // 0x00 magic (9), 0x09 version, 0x0D D = 0x15.
  h.at(0, 'header').text('scimitar\0').u32(version).i64(0x15).at(0x15, 'D');
}

/** The data header at D = 0x15; the kept bytes hold a pattern, so a field read from them shows. */
function dataHeader(h: Hand, v27: boolean, o: { entries: number; maxPerBlock: number; blocks: number; first: number }): void {
  h.u32(o.entries);
  for (let i = 0; i < (v27 ? 24 : 20); i++) h.u8(0xa0 + i);
  h.u32(o.maxPerBlock).u32(o.blocks).i64(o.first);
}

function indexBlock(h: Hand, o: { n: number; t: number; next: number; first: number; last: number; m: number; mEnd: number }): void {
  h.u32(o.n).u32(2).i64(o.t).i64(o.next).u32(o.first).u32(o.last).i64(o.m).i64(o.mEnd);
}

function indexEntry(h: Hand, v27: boolean, offset: number, id: bigint, size: number): void {
  h.i64(offset);
  if (v27) h.i64(id);
  else h.u32(Number(id));
  h.u32(size);
}

function nameEntry(h: Hand, v27: boolean, o: { size: number; type: number; timestamp: number; name: string }): void {
  h.u32(o.size).i64(UMAC).u32(ENGINE).u32(o.type).u32(1).u32(2).u32(3).u32(4).u32(5).u32(o.timestamp).freeText(o.name, 128);
  for (let i = 0; i < (v27 ? 20 : 16); i++) h.u8(0xe0 + i);
}

function fileDataHeader(h: Hand, o: { name: string; id: bigint; size: number; timestamp: number }): void {
  const start = h.length;
  h.text('FILEDATA')
    .freeText(o.name, 128)
    .freeText('made by hand', 255)
    .u32(Number(o.id))
    .u32(o.size)
    .i64(o.id)
    .zeros(24)
    .u32(o.timestamp)
    .zeros(5);
  h.at(start + 440, 'the end of a FILEDATA header');
}

/** A bookkeeping entry's raw bytes: not a data file under any profile (it starts with its name, not a set). */
const bookkeepingBytes = (n: number): number[] => [...'KEEP'].map((c) => c.charCodeAt(0)).concat(payload(n - 4, 0x40));

export interface ProfileFixture {
  bytes: Uint8Array;
  /** Spans of free text: names and comments. */
  textSpans: [number, number][];
  /** The entries as the hand laid them out. */
  entries: {
    offset: number;
    dataOffset: number;
    size: number;
    id: bigint;
    name: string;
    type: number;
    timestamp: number;
    bookkeeping: string | null;
  }[];
}

// ───────────────────────────── ac1, version 25 ─────────────────────────────
/**
 * ac1 at version 25, four entries in two index blocks of two:
 *   D 0x15: count 4, most per block 2 (D + 24 = 0x2D), 2 blocks (D + 28 = 0x31), F0 = 0x3D (D + 32 = 0x35).
 *   F0 0x3D: n 2, T0 = 0x6D, next 0x205, entries 0..1, M0 = 0x6D + 2 × 16 = 0x8D, end 0x8D + 2 × 188 = 0x205.
 *   F1 0x205: n 2, T1 = 0x235, next −1, entries 2..3, M1 = 0x235 + 32 = 0x255, end 0x255 + 376 = 0x3CD.
 *   Entry 0, id 16 (GlobalMetaFile): X 0x3CD, data 0x3CD + 0x1B8 = 0x585, 8 bytes, to 0x58D.
 *   Entry 1, id 0x1001 "ac1_framed": X 0x58D, data 0x745, 148 bytes, to 0x7D9; then 7 bytes of padding.
 *     TOC (u16 2; u32 0xA1, u32 30; u32 0xA2, u32 42): 18 bytes. Records: "Rider" (Skeleton, 12-byte
 *     body: u32 0xA1, the class, 4 bytes) 13 + 5 + 12 = 30; "Mesh" (flag 1: 3 bytes, n 1, 12 bytes; 6-byte
 *     body) 20 + 12 + 4 + 6 = 42: 72 bytes.
 *     TOC set at 0x745 (u16 count at 0x754, pair at 0x756, checksum 0x75A, bytes 0x75E..0x770): 25 + 18 = 43.
 *     Resources set at 0x770, two stored blocks of 40 and 32: count at 0x77F, pairs at 0x781 and 0x785,
 *     checksum 0x789, bytes 0x78D..0x7B5, checksum 0x7B5, bytes 0x7B9..0x7D9: 15 + 2 + 8 + 44 + 36 = 105.
 *     Stream: TOC 0..18, "Rider" at 18 (flag at 35, body at 36 = archive 0x78D + 18 = 0x79F), "Mesh" at 48
 *     (flag at 48 + 16 = 64, body at 48 + 36 = 84 = archive 0x7B9 + 26 = 0x7D3), end 90.
 *   Entry 2, id 145 (PrefetchingFileInfos): X 0x7E0, data 0x998, 12 bytes, to 0x9A4.
 *   Entry 3, id 0x1002 "ac1_flagged": X 0x9A4, data 0xB5C, 78 bytes, to 0xBAA (the archive's end).
 *     One flagged set (largest stored 0): header 0xB5C..0xB6B (method at 0xB66); block 0: 00 at 0xB6B,
 *     u16 20 at 0xB6C, 20 stored bytes 0xB6E..0xB82; block 1: 01 at 0xB82, u32 27 at 0xB83, u32 23 at
 *     0xB87, u32 at 0xB8B, 27 LZO1X bytes (a literal run of 23) 0xB8F..0xBAA. 15 + 23 + 40 = 78.
 *     Stream (43 bytes): TOC (u16 1; u32 0xB1, u32 33) 10, "Flag" (Skeleton, 16-byte body) 33.
 */
export function ac1Fixture(): ProfileFixture {
  const toc = new Hand().u16(2).u32(0xa1).u32(30).u32(0xa2).u32(42).list();
  const rider = record({ classHash: SKELETON, name: 'Rider', body: u32IdClass(0xa1, SKELETON, 4) });
  const mesh = record({
    classHash: MESH,
    name: 'Mesh',
    body: payload(6, 9),
    flag1: { head: [0x0a, 0x0b, 0x0c], entries: [payload(12, 0x60)] },
  });
  const records = [...rider, ...mesh];
  const framed = [
    ...framedSet({ setVersion: 1, method: 1, count: 2, pair: 2, blocks: [{ raw: toc }] }),
    ...framedSet({ setVersion: 1, method: 1, count: 2, pair: 2, blocks: [{ raw: records.slice(0, 40) }, { raw: records.slice(40) }] }),
  ];
  const stream = [
    ...new Hand().u16(1).u32(0xb1).u32(33).list(),
    ...record({ classHash: SKELETON, name: 'Flag', body: u32IdClass(0xb1, SKELETON, 8) }),
  ];
  const flagged = flaggedSet({
    setVersion: 1,
    method: 1,
    largestUncompressed: 23,
    sizeWidth: 2,
    blocks: [{ stored: stream.slice(0, 20) }, { compressed: lzo1xLiterals(stream.slice(20)), uncompressedSize: 23, unknown: 0x5a5a5a5a }],
  });
  const entries: ProfileFixture['entries'] = [
    { offset: 0x3cd, dataOffset: 0x585, size: 8, id: 16n, name: 'GlobalMetaFile', type: 0, timestamp: 100, bookkeeping: 'GlobalMetaFile' },
    { offset: 0x58d, dataOffset: 0x745, size: 148, id: 0x1001n, name: 'ac1_framed', type: SKELETON, timestamp: 101, bookkeeping: null },
    {
      offset: 0x7e0,
      dataOffset: 0x998,
      size: 12,
      id: 145n,
      name: 'PrefetchingFileInfos',
      type: 0,
      timestamp: 102,
      bookkeeping: 'PrefetchingFileInfos',
    },
    { offset: 0x9a4, dataOffset: 0xb5c, size: 78, id: 0x1002n, name: 'ac1_flagged', type: SKELETON, timestamp: 103, bookkeeping: null },
  ];
  const h = new Hand();
  header(h, 25);
  dataHeader(h, false, { entries: 4, maxPerBlock: 2, blocks: 2, first: 0x3d });
  h.at(0x3d, 'F0');
  indexBlock(h, { n: 2, t: 0x6d, next: 0x205, first: 0, last: 1, m: 0x8d, mEnd: 0x205 });
  h.at(0x6d, 'T0');
  for (const e of entries.slice(0, 2)) indexEntry(h, false, e.offset, e.id, e.size);
  h.at(0x8d, 'M0');
  for (const e of entries.slice(0, 2)) nameEntry(h, false, e);
  h.at(0x205, 'F1');
  indexBlock(h, { n: 2, t: 0x235, next: -1, first: 2, last: 3, m: 0x255, mEnd: 0x3cd });
  h.at(0x235, 'T1');
  for (const e of entries.slice(2)) indexEntry(h, false, e.offset, e.id, e.size);
  h.at(0x255, 'M1');
  for (const e of entries.slice(2)) nameEntry(h, false, e);
  h.at(0x3cd, 'entry 0');
  fileDataHeader(h, { name: 'GlobalMetaFile', id: 16n, size: 8, timestamp: 100 });
  h.at(0x585, 'entry 0 data').raw(bookkeepingBytes(8)).at(0x58d, 'entry 1');
  fileDataHeader(h, { name: 'ac1_framed', id: 0x1001n, size: 148, timestamp: 101 });
  h.at(0x745, 'entry 1 data').raw(framed).at(0x7d9, 'entry 1 end').zeros(7).at(0x7e0, 'entry 2');
  fileDataHeader(h, { name: 'PrefetchingFileInfos', id: 145n, size: 12, timestamp: 102 });
  h.at(0x998, 'entry 2 data').raw(bookkeepingBytes(12)).at(0x9a4, 'entry 3');
  fileDataHeader(h, { name: 'ac1_flagged', id: 0x1002n, size: 78, timestamp: 103 });
  h.at(0xb5c, 'entry 3 data').raw(flagged).at(0xbaa, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── ac2, versions 25 and 26 ─────────────────────────────
/**
 * ac2 at version 25 or 26 (AC4 multiplayer: 7 bytes more after the TOC), three entries, one block:
 *   D 0x15: count 3, 5000 per block, 1 block, F = 0x3D. F: n 3, T = 0x6D, M = 0x6D + 48 = 0x9D, end
 *   0x9D + 3 × 188 = 0x2D1.
 *   Entry 0, id 16: X 0x2D1, data 0x489, 8 bytes, to 0x491.
 *   Entry 1, id 0x2001 "ac2_data": X 0x491, data 0x649, 107 bytes (v26: 114), to 0x6B4 (v26: 0x6BB).
 *     Preamble: u32 1 and one 8-byte item (0x649..0x655). TOC set at 0x655 (checksum 0x66A, bytes 0x66E):
 *     TOC u16 1; u32 0xC1, u32 27, i16 7 (12 bytes); v26 adds u32 3 and 3 bytes (19 bytes): 37 (v26 44)
 *     bytes, to 0x67A (v26 0x681). Resources set there (checksum 0x68F, bytes 0x693; v26 0x696, 0x69A): u32 2 and 2 bytes
 *     before the first record, then "Ezio" (Skeleton, 10-byte body) 13 + 4 + 10 = 27: 33 bytes, set 58.
 *     Stream: TOC 0..12 (v26: after-TOC bytes 12..19), before-records bytes to 18 (v26 25), "Ezio" at
 *     18 (v26 25), its body at 35 (v26 42) = archive 0x693 + 23 = 0x6AA (v26 0x6B1).
 *   Entry 2, id 145: X 0x6B4 (v26 0x6BB), data + 0x1B8, 12 bytes, to 0x878 (v26 0x87F).
 */
export function ac2Fixture(version: 25 | 26): ProfileFixture {
  const v26 = version === 26 ? 7 : 0;
  const toc = new Hand().u16(1).u32(0xc1).u32(27).u16(7);
  if (v26) toc.u32(3).u8(0x31, 0x32, 0x33);
  const records = [...new Hand().u32(2).u8(0xee, 0xff).list(), ...record({ classHash: SKELETON, name: 'Ezio', body: payload(10, 0x21) })];
  const file = [
    ...new Hand().u32(1).raw(payload(8, 0x70)).list(),
    ...framedSet({ setVersion: 1, method: 0, count: 2, pair: 2, blocks: [{ raw: toc.list() }] }),
    ...framedSet({ setVersion: 1, method: 0, count: 2, pair: 2, blocks: [{ raw: records }] }),
  ];
  const entries: ProfileFixture['entries'] = [
    { offset: 0x2d1, dataOffset: 0x489, size: 8, id: 16n, name: 'GlobalMetaFile', type: 0, timestamp: 200, bookkeeping: 'GlobalMetaFile' },
    { offset: 0x491, dataOffset: 0x649, size: 107 + v26, id: 0x2001n, name: 'ac2_data', type: SKELETON, timestamp: 201, bookkeeping: null },
    {
      offset: 0x6b4 + v26,
      dataOffset: 0x86c + v26,
      size: 12,
      id: 145n,
      name: 'PrefetchingFileInfos',
      type: 0,
      timestamp: 202,
      bookkeeping: 'PrefetchingFileInfos',
    },
  ];
  const h = new Hand();
  header(h, version);
  dataHeader(h, false, { entries: 3, maxPerBlock: 5000, blocks: 1, first: 0x3d });
  h.at(0x3d, 'F');
  indexBlock(h, { n: 3, t: 0x6d, next: -1, first: 0, last: 2, m: 0x9d, mEnd: 0x2d1 });
  for (const e of entries) indexEntry(h, false, e.offset, e.id, e.size);
  h.at(0x9d, 'M');
  for (const e of entries) nameEntry(h, false, e);
  h.at(0x2d1, 'entry 0');
  fileDataHeader(h, { name: 'GlobalMetaFile', id: 16n, size: 8, timestamp: 200 });
  h.raw(bookkeepingBytes(8)).at(0x491, 'entry 1');
  fileDataHeader(h, { name: 'ac2_data', id: 0x2001n, size: 107 + v26, timestamp: 201 });
  h.at(0x649, 'entry 1 data')
    .raw(file)
    .at(0x6b4 + v26, 'entry 2');
  fileDataHeader(h, { name: 'PrefetchingFileInfos', id: 145n, size: 12, timestamp: 202 });
  h.raw(bookkeepingBytes(12)).at(0x878 + v26, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── ac3, version 26 ─────────────────────────────
/**
 * ac3 at version 26, three entries, one block (the tables as ac2's: M = 0x9D, data from 0x2D1):
 *   Entry 0, id 0x3001 "ac3_data": X 0x2D1, data 0x489, 107 bytes, to 0x4F4.
 *     Preamble: u32 3 and 3 bytes (0x489..0x490). TOC set at 0x490 (checksum 0x4A5, bytes 0x4A9): TOC
 *     u16 1; u64 0xD1, u32 27, u16 k = 1, word 0xBEEF (18 bytes); then u32 1 and one byte (version 26):
 *     23 bytes, set 48, to 0x4C0. Resources set at 0x4C0 (checksum 0x4D5, bytes 0x4D9): "Connor"
 *     (Skeleton, 8-byte body) 13 + 6 + 8 = 27, set 52, to 0x4F4. Stream: record at 23, body at 42 =
 *     archive 0x4D9 + 19 = 0x4EC.
 *   Entry 1, id 16: X 0x4F4, data 0x6AC, 8 bytes, to 0x6B4. Entry 2, id 145: X 0x6B4, data 0x86C, 12, to 0x878.
 */
export function ac3Fixture(): ProfileFixture {
  const toc = new Hand().u16(1).i64(0xd1).u32(27).u16(1).u16(0xbeef).u32(1).u8(0x77).list();
  const records = record({ classHash: SKELETON, name: 'Connor', body: payload(8, 0x33) });
  const file = [
    ...new Hand().u32(3).u8(0x51, 0x52, 0x53).list(),
    ...framedSet({ setVersion: 1, method: 2, count: 2, pair: 2, blocks: [{ raw: toc }] }),
    ...framedSet({ setVersion: 1, method: 2, count: 2, pair: 2, blocks: [{ raw: records }] }),
  ];
  const entries: ProfileFixture['entries'] = [
    { offset: 0x2d1, dataOffset: 0x489, size: 107, id: 0x3001n, name: 'ac3_data', type: SKELETON, timestamp: 300, bookkeeping: null },
    { offset: 0x4f4, dataOffset: 0x6ac, size: 8, id: 16n, name: 'GlobalMetaFile', type: 0, timestamp: 301, bookkeeping: 'GlobalMetaFile' },
    {
      offset: 0x6b4,
      dataOffset: 0x86c,
      size: 12,
      id: 145n,
      name: 'PrefetchingFileInfos',
      type: 0,
      timestamp: 302,
      bookkeeping: 'PrefetchingFileInfos',
    },
  ];
  const h = new Hand();
  header(h, 26);
  dataHeader(h, false, { entries: 3, maxPerBlock: 5000, blocks: 1, first: 0x3d });
  indexBlock(h, { n: 3, t: 0x6d, next: -1, first: 0, last: 2, m: 0x9d, mEnd: 0x2d1 });
  for (const e of entries) indexEntry(h, false, e.offset, e.id, e.size);
  for (const e of entries) nameEntry(h, false, e);
  h.at(0x2d1, 'entry 0');
  fileDataHeader(h, { name: 'ac3_data', id: 0x3001n, size: 107, timestamp: 300 });
  h.at(0x489, 'entry 0 data').raw(file).at(0x4f4, 'entry 1');
  fileDataHeader(h, { name: 'GlobalMetaFile', id: 16n, size: 8, timestamp: 301 });
  h.raw(bookkeepingBytes(8)).at(0x6b4, 'entry 2');
  fileDataHeader(h, { name: 'PrefetchingFileInfos', id: 145n, size: 12, timestamp: 302 });
  h.raw(bookkeepingBytes(12)).at(0x878, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── unity, version 27 ─────────────────────────────
/**
 * unity at version 27, five entries in two index blocks (2 and 3 entries):
 *   D 0x15: count 5, most per block 3 (D + 28 = 0x31), 2 blocks (D + 32 = 0x35), F0 = 0x41 (D + 36 = 0x39).
 *   F0 0x41: n 2, T0 = 0x71, next 0x219, M0 = 0x71 + 40 = 0x99, end 0x99 + 2 × 192 = 0x219.
 *   F1 0x219: n 3, T1 = 0x249, next −1, M1 = 0x249 + 60 = 0x285, end 0x285 + 3 × 192 = 0x4C5.
 *   Entry 0, id 0x4001 "unity_words": 0x4C5, 153 bytes, to 0x55E.
 *     TOC: u16 2; u64 0xE1, u32 33, u16 k = 2, words 0x1111 0x2222; u64 0xE2, u32 32, u16 0: 34 bytes.
 *     Records: "Arno" (Skeleton, body 01, u64 0xE1, class, 3 bytes: 16) 33; "Cape" (mesh, body 01, u64
 *     0xE2, class, 2 bytes: 15) 32: 65 bytes.
 *     TOC set at 0x4C5 (u32 count 0x4D4, pair 0x4D8, checksum 0x4DC, bytes 0x4E0): 27 + 34 = 61, to 0x502.
 *     Resources set at 0x502 (checksum 0x519, bytes 0x51D): 27 + 65 = 92, to 0x55E.
 *     Stream: "Arno" at 34 (body at 51 = archive 0x51D + 17 = 0x52E), "Cape" at 67 (body at 84 = 0x54F).
 *   Entry 1, id 16: 0x55E, 8 bytes, to 0x566.
 *   Entry 2, id 0x4002 "unity_flagged": 0x566, 90 bytes, to 0x5C0. One flagged set: header to 0x575
 *     (method at 0x570); block 0: 00 at 0x575, u32 24 at 0x576, 24 bytes 0x57A..0x592; block 1: 01 at
 *     0x592, u32 33 at 0x593, u32 29 at 0x597, u32 at 0x59B, 33 LZO1X bytes (a literal run of 29)
 *     0x59F..0x5C0. Stream (53 bytes): TOC u16 1; u64 0xF1, u32 37, u16 0 (16); "Elise" (body 01, u64
 *     0xF1, class, 6 bytes: 19) 37.
 *   Entry 3, id 145: 0x5C0, 12 bytes, to 0x5CC.
 *   Entry 4, id 0x4003 "unity_flag1": 0x5CC, 132 bytes, to 0x650 (the archive's end).
 *     TOC u16 1; u64 0x101, u32 62, u16 0 (16). "Bone" with flag 1 (3 bytes, n = 2, 24 bytes; body 01,
 *     u64 0x101, class, 1 byte: 14): 20 + 24 + 4 + 14 = 62.
 *     TOC set at 0x5CC (bytes 0x5E7): 43, to 0x5F7. Resources set at 0x5F7 (checksum 0x60E, bytes
 *     0x612): 27 + 62 = 89, to 0x650. Stream: "Bone" at 16, flag at 16 + 16 = 32, body at 16 + 48 = 64.
 */
export function unityFixture(): ProfileFixture {
  const words = new Hand().u16(2).i64(0xe1).u32(33).u16(2).u16(0x1111).u16(0x2222).i64(0xe2).u32(32).u16(0).list();
  const arnoCape = [
    ...record({ classHash: SKELETON, name: 'Arno', body: managedIdClass(0xe1, SKELETON, 3) }),
    ...record({ classHash: MESH, name: 'Cape', body: managedIdClass(0xe2, MESH, 2) }),
  ];
  const unitySet = (raw: number[]): number[] => framedSet({ setVersion: 1, method: 1, count: 4, pair: 2, blocks: [{ raw }] });
  const stream = [
    ...new Hand().u16(1).i64(0xf1).u32(37).u16(0).list(),
    ...record({ classHash: SKELETON, name: 'Elise', body: managedIdClass(0xf1, SKELETON, 6) }),
  ];
  const flagged = flaggedSet({
    setVersion: 1,
    method: 1,
    largestUncompressed: 29,
    sizeWidth: 4,
    blocks: [{ stored: stream.slice(0, 24) }, { compressed: lzo1xLiterals(stream.slice(24)), uncompressedSize: 29, unknown: 0x01020304 }],
  });
  const bone = record({
    classHash: SKELETON,
    name: 'Bone',
    body: managedIdClass(0x101, SKELETON, 1),
    flag1: { head: [1, 2, 3], entries: [payload(12, 0x80), payload(12, 0x90)] },
  });
  const entries: ProfileFixture['entries'] = [
    { offset: 0x4c5, dataOffset: 0x4c5, size: 153, id: 0x4001n, name: 'unity_words', type: SKELETON, timestamp: 400, bookkeeping: null },
    { offset: 0x55e, dataOffset: 0x55e, size: 8, id: 16n, name: 'GlobalMetaFile', type: 0, timestamp: 401, bookkeeping: 'GlobalMetaFile' },
    { offset: 0x566, dataOffset: 0x566, size: 90, id: 0x4002n, name: 'unity_flagged', type: SKELETON, timestamp: 402, bookkeeping: null },
    {
      offset: 0x5c0,
      dataOffset: 0x5c0,
      size: 12,
      id: 145n,
      name: 'PrefetchingFileInfos',
      type: 0,
      timestamp: 403,
      bookkeeping: 'PrefetchingFileInfos',
    },
    { offset: 0x5cc, dataOffset: 0x5cc, size: 132, id: 0x4003n, name: 'unity_flag1', type: SKELETON, timestamp: 404, bookkeeping: null },
  ];
  const h = new Hand();
  header(h, 27);
  dataHeader(h, true, { entries: 5, maxPerBlock: 3, blocks: 2, first: 0x41 });
  h.at(0x41, 'F0');
  indexBlock(h, { n: 2, t: 0x71, next: 0x219, first: 0, last: 1, m: 0x99, mEnd: 0x219 });
  for (const e of entries.slice(0, 2)) indexEntry(h, true, e.offset, e.id, e.size);
  h.at(0x99, 'M0');
  for (const e of entries.slice(0, 2)) nameEntry(h, true, e);
  h.at(0x219, 'F1');
  indexBlock(h, { n: 3, t: 0x249, next: -1, first: 2, last: 4, m: 0x285, mEnd: 0x4c5 });
  for (const e of entries.slice(2)) indexEntry(h, true, e.offset, e.id, e.size);
  h.at(0x285, 'M1');
  for (const e of entries.slice(2)) nameEntry(h, true, e);
  h.at(0x4c5, 'entry 0').raw(unitySet(words)).at(0x502, 'entry 0 resources set').raw(unitySet(arnoCape)).at(0x55e, 'entry 1');
  h.raw(bookkeepingBytes(8)).at(0x566, 'entry 2').raw(flagged).at(0x5c0, 'entry 3').raw(bookkeepingBytes(12));
  h.at(0x5cc, 'entry 4')
    .raw(unitySet(new Hand().u16(1).i64(0x101).u32(62).u16(0).list()))
    .at(0x5f7, 'entry 4 resources set');
  h.raw(unitySet(bone)).at(0x650, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── wildlands, version 27, set versions 1 and 2 ─────────────────────────────
/**
 * wildlands at version 27, six entries, one block: the data file first, then the five ids
 * WildlandsToolkit keeps for itself (0, 16, 145, 193, 4090), 8 bytes each.
 *   D 0x15: count 6, 5000 per block, 1 block, F = 0x41. F: n 6, T = 0x71, M = 0x71 + 120 = 0xE9,
 *   end 0xE9 + 6 × 192 = 0x569.
 *   Entry 0, id 0x5001 "wl_data": 0x569. TOC: u16 2; u64 0x111, u32 34, u16 0; u64 0x112, u32 30, u16 0
 *   (30 bytes). Records: "Santa" (Skeleton, body u64 0x111, class, 4 bytes: 16) 34; "Gun" (mesh, body
 *   u64 0x112, class, 2 bytes: 14) 30: 64 bytes. Stream: "Santa" at 30, body at 48; "Gun" at 64, body at 80.
 *   Set version 1 (i32 count, u16 pairs): TOC set 0x569..0x5A2 (count 0x578, pair 0x57C, checksum
 *     0x580, bytes 0x584), 27 + 30 = 57; resources set 0x5A2..0x5FD (checksum 0x5B9, bytes 0x5BD), 91:
 *     148 bytes. Bookkeeping entries at 0x5FD, 0x605, 0x60D, 0x615, 0x61D; the end at 0x625.
 *   Set version 2 (i32 count, i32 pairs): TOC set 0x569..0x5A6 (count 0x578, pair 0x57C, checksum
 *     0x584, bytes 0x588), 31 + 30 = 61; resources set 0x5A6..0x605 (count 0x5B5, checksum 0x5C1, bytes
 *     0x5C5), 95: 156 bytes. Bookkeeping entries 8 bytes later each; the end at 0x62D.
 */
export function wildlandsFixture(setVersion: 1 | 2): ProfileFixture {
  const wide = setVersion === 2 ? 8 : 0;
  const toc = new Hand().u16(2).i64(0x111).u32(34).u16(0).i64(0x112).u32(30).u16(0).list();
  const records = [
    ...record({ classHash: SKELETON, name: 'Santa', body: idClass(0x111, SKELETON, 4) }),
    ...record({ classHash: MESH, name: 'Gun', body: idClass(0x112, MESH, 2) }),
  ];
  const set = (raw: number[]): number[] => framedSet({ setVersion, method: 1, count: 4, pair: wide ? 4 : 2, blocks: [{ raw }] });
  const kept: [bigint, string][] = [
    [0n, 'entry 0'],
    [16n, 'GlobalMetaFile'],
    [145n, 'PrefetchingFileInfos'],
    [193n, 'PrefetchingManifest'],
    [4090n, 'DeletedFilesManifest'],
  ];
  const entries: ProfileFixture['entries'] = [
    { offset: 0x569, dataOffset: 0x569, size: 148 + wide, id: 0x5001n, name: 'wl_data', type: SKELETON, timestamp: 500, bookkeeping: null },
    ...kept.map(([id, name], i) => {
      const at = 0x5fd + wide + 8 * i;
      return { offset: at, dataOffset: at, size: 8, id, name, type: 0, timestamp: 501 + i, bookkeeping: name };
    }),
  ];
  const h = new Hand();
  header(h, 27);
  dataHeader(h, true, { entries: 6, maxPerBlock: 5000, blocks: 1, first: 0x41 });
  indexBlock(h, { n: 6, t: 0x71, next: -1, first: 0, last: 5, m: 0xe9, mEnd: 0x569 });
  for (const e of entries) indexEntry(h, true, e.offset, e.id, e.size);
  h.at(0xe9, 'M');
  for (const e of entries) nameEntry(h, true, e);
  h.at(0x569, 'entry 0')
    .raw(set(toc))
    .at(0x5a2 + wide / 2, 'entry 0 resources set')
    .raw(set(records))
    .at(0x5fd + wide, 'entry 1');
  for (let i = 0; i < kept.length; i++) h.raw(bookkeepingBytes(8));
  h.at(0x625 + wide, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── steep, version 27 ─────────────────────────────
/**
 * A Zstandard frame written by hand from RFC 8878: magic 28 B5 2F FD; frame header descriptor 0x20
 * (single segment, a 1-byte content size, no checksum, no dictionary); content size 200; one block,
 * last, of type RLE (1) and size 200: header 1 | 1 << 1 | 200 << 3 = 0x643 → 43 06 00; the byte AB.
 * It decodes to 200 bytes of 0xAB in 10 bytes.
 */
export const ZSTD_RLE_FRAME = [0x28, 0xb5, 0x2f, 0xfd, 0x20, 200, 0x43, 0x06, 0x00, 0xab];
export const ZSTD_RLE_CONTENT = new Array<number>(200).fill(0xab);

/**
 * steep at version 27, set version 1 with i32 counts and i32 pairs (Blacksmith's), four entries, one
 * block: D 0x15, F 0x41, T 0x71, M = 0x71 + 80 = 0xC1, end 0xC1 + 4 × 192 = 0x3C1.
 *   Entry 0, id 0x6001 "steep_stored": 0x3C1, 113 bytes, to 0x432. TOC u16 1; u64 0x121, u32 35, u16 0
 *     (16). "Rider" (Skeleton, body u64 0x121, class, 5 bytes: 17) 35. TOC set 0x3C1..0x3F0 (count 0x3D0,
 *     pair 0x3D4, checksum 0x3DC, bytes 0x3E0), 31 + 16 = 47; resources set 0x3F0..0x432 (checksum
 *     0x40B, bytes 0x40F), 31 + 35 = 66.
 *   Entry 1, id 16: 0x432, 8 bytes. Entry 2, id 145: 0x43A, 8 bytes.
 *   Entry 3, id 0x6002 "steep_zstd": 0x442, 120 + z bytes (z the frame's length: 130 for the hand frame,
 *     to 0x4C4). TOC u16 1; u64 0x122, u32 30 + c, u16 0 (16); TOC set 0x442..0x471, bytes at 0x461.
 *     Resources set at 0x471, method 5 (at 0x47B), two blocks: count 0x480, pairs 0x484 (30, 30) and
 *     0x48C (c, z), checksum 0x494, 30 stored bytes 0x498..0x4B6 (the record header "Board" 13 + 5, then
 *     the body's u64 0x122 and class), checksum 0x4B6, the frame at 0x4BA. 15 + 4 + 16 + 34 + 4 + z = 73 + z.
 *     The body: u64 0x122, the class, then the frame's c content bytes (200 for the hand frame): 12 + c.
 */
export function steepFixture(frame: readonly number[] = ZSTD_RLE_FRAME, content: readonly number[] = ZSTD_RLE_CONTENT): ProfileFixture {
  const z = frame.length;
  const c = content.length;
  const set = (blocks: Block[], method = 5): number[] => framedSet({ setVersion: 1, method, count: 4, pair: 4, blocks });
  const rider = record({ classHash: SKELETON, name: 'Rider', body: idClass(0x121, SKELETON, 5) });
  const board = record({ classHash: SKELETON, name: 'Board', body: [...idClass(0x122, SKELETON, 0), ...content] });
  const entries: ProfileFixture['entries'] = [
    { offset: 0x3c1, dataOffset: 0x3c1, size: 113, id: 0x6001n, name: 'steep_stored', type: SKELETON, timestamp: 600, bookkeeping: null },
    { offset: 0x432, dataOffset: 0x432, size: 8, id: 16n, name: 'GlobalMetaFile', type: 0, timestamp: 601, bookkeeping: 'GlobalMetaFile' },
    {
      offset: 0x43a,
      dataOffset: 0x43a,
      size: 8,
      id: 145n,
      name: 'PrefetchingFileInfos',
      type: 0,
      timestamp: 602,
      bookkeeping: 'PrefetchingFileInfos',
    },
    { offset: 0x442, dataOffset: 0x442, size: 120 + z, id: 0x6002n, name: 'steep_zstd', type: SKELETON, timestamp: 603, bookkeeping: null },
  ];
  const h = new Hand();
  header(h, 27);
  dataHeader(h, true, { entries: 4, maxPerBlock: 5000, blocks: 1, first: 0x41 });
  indexBlock(h, { n: 4, t: 0x71, next: -1, first: 0, last: 3, m: 0xc1, mEnd: 0x3c1 });
  for (const e of entries) indexEntry(h, true, e.offset, e.id, e.size);
  for (const e of entries) nameEntry(h, true, e);
  h.at(0x3c1, 'entry 0').raw(set([{ raw: new Hand().u16(1).i64(0x121).u32(35).u16(0).list() }]));
  h.at(0x3f0, 'entry 0 resources set')
    .raw(set([{ raw: rider }]))
    .at(0x432, 'entry 1');
  h.raw(bookkeepingBytes(8)).raw(bookkeepingBytes(8)).at(0x442, 'entry 3');
  h.raw(
    set([
      {
        raw: new Hand()
          .u16(1)
          .i64(0x122)
          .u32(30 + c)
          .u16(0)
          .list(),
      },
    ]),
  ).at(0x471, 'entry 3 resources set');
  h.raw(set([{ raw: board.slice(0, 30) }, { raw: board.slice(30), stored: frame }])).at(0x4ba + z, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── origins-odyssey, version 28 ─────────────────────────────
/**
 * origins-odyssey at version 28 (Blacksmith never checks it), set version 2, i32 counts and pairs,
 * four entries, one block (the tables as steep's: data from 0x3C1):
 *   Entry 0, id 0x7001 "odyssey_stored": 0x3C1, 113 bytes, to 0x432, as steep's entry 0 with "Bayek"
 *     (body u64 0x131, class, 5 bytes) and method 0 stored blocks: TOC set bytes at 0x3E0, resources
 *     set at 0x3F0 (checksum 0x40B, bytes 0x40F).
 *   Entry 1, id 16: 0x432. Entry 2, id 145: 0x43A.
 *   Entry 3, id 0x7002 "odyssey_oodle": 0x442, 47 + 31 + s bytes. TOC u16 1; u64 0x132, u32 40, u16 0;
 *     TOC set 0x442..0x471. Resources set at 0x471 of one block whose 40 bytes ("Alexios", Skeleton, body
 *     u64 0x132, class, 8 zero bytes: 13 + 7 + 20) are stored as s other bytes with the set's method
 *     (at 0x47B): by default method 8 and 12 bytes standing for an Oodle stream (s = 12: 90 bytes, to
 *     0x49C); pair at 0x484, checksum 0x48C, the bytes at 0x490.
 */
export function originsFixture(
  block: { method: number; stored: readonly number[] } = { method: 8, stored: payload(12, 0x8c) },
): ProfileFixture {
  const s = block.stored.length;
  const set = (blocks: Block[], method: number): number[] => framedSet({ setVersion: 2, method, count: 4, pair: 4, blocks });
  const bayek = record({ classHash: SKELETON, name: 'Bayek', body: idClass(0x131, SKELETON, 5) });
  const entries: ProfileFixture['entries'] = [
    { offset: 0x3c1, dataOffset: 0x3c1, size: 113, id: 0x7001n, name: 'odyssey_stored', type: SKELETON, timestamp: 700, bookkeeping: null },
    { offset: 0x432, dataOffset: 0x432, size: 8, id: 16n, name: 'GlobalMetaFile', type: 0, timestamp: 701, bookkeeping: 'GlobalMetaFile' },
    {
      offset: 0x43a,
      dataOffset: 0x43a,
      size: 8,
      id: 145n,
      name: 'PrefetchingFileInfos',
      type: 0,
      timestamp: 702,
      bookkeeping: 'PrefetchingFileInfos',
    },
    {
      offset: 0x442,
      dataOffset: 0x442,
      size: 78 + s,
      id: 0x7002n,
      name: 'odyssey_oodle',
      type: SKELETON,
      timestamp: 703,
      bookkeeping: null,
    },
  ];
  const h = new Hand();
  header(h, 28);
  dataHeader(h, true, { entries: 4, maxPerBlock: 5000, blocks: 1, first: 0x41 });
  indexBlock(h, { n: 4, t: 0x71, next: -1, first: 0, last: 3, m: 0xc1, mEnd: 0x3c1 });
  for (const e of entries) indexEntry(h, true, e.offset, e.id, e.size);
  for (const e of entries) nameEntry(h, true, e);
  h.at(0x3c1, 'entry 0').raw(set([{ raw: new Hand().u16(1).i64(0x131).u32(35).u16(0).list() }], 0));
  h.at(0x3f0, 'entry 0 resources set')
    .raw(set([{ raw: bayek }], 0))
    .at(0x432, 'entry 1');
  h.raw(bookkeepingBytes(8)).raw(bookkeepingBytes(8)).at(0x442, 'entry 3');
  h.raw(set([{ raw: new Hand().u16(1).i64(0x132).u32(40).u16(0).list() }], block.method)).at(0x471, 'entry 3 resources set');
  h.raw(set([{ raw: originsRecord(), stored: block.stored }], block.method)).at(0x490 + s, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

/** The 40-byte record the Oodle block of {@link originsFixture} stands for. */
export function originsRecord(): number[] {
  return record({ classHash: SKELETON, name: 'Alexios', body: [...idClass(0x132, SKELETON, 0), ...new Array<number>(8).fill(0)] });
}

/** Every fixture, by a label naming its profile and version, with the profile it is written in. */
export function allFixtures(): { label: string; profile: string; fixture: ProfileFixture }[] {
  return [
    { label: 'ac1 v25', profile: 'ac1', fixture: ac1Fixture() },
    { label: 'ac2 v25', profile: 'ac2', fixture: ac2Fixture(25) },
    { label: 'ac2 v26', profile: 'ac2', fixture: ac2Fixture(26) },
    { label: 'ac3 v26', profile: 'ac3', fixture: ac3Fixture() },
    { label: 'unity v27', profile: 'unity', fixture: unityFixture() },
    { label: 'wildlands v27 set version 1', profile: 'wildlands', fixture: wildlandsFixture(1) },
    { label: 'wildlands v27 set version 2', profile: 'wildlands', fixture: wildlandsFixture(2) },
    { label: 'steep v27', profile: 'steep', fixture: steepFixture() },
    { label: 'origins-odyssey v28', profile: 'origins-odyssey', fixture: originsFixture() },
  ];
}

// ───────────────────────────── two profiles, one archive ─────────────────────────────
/**
 * A version-25 archive that ac2 and ac3 both read to its exact end, differently: one entry, id
 * 0x8001 "either", D 0x15, F 0x3D, T 0x6D, M 0x7D, X 0x139, the data file at 0x139 + 440 = 0x2F1,
 * 91 bytes, to 0x34C (the end).
 *   u32 0 (ac2: no 8-byte items; ac3: no bytes) 0x2F1..0x2F5; TOC set 0x2F5..0x31A holding
 *   u16 1, u32 0xAA, u32 21, i16 21 (12 bytes); resources set 0x31A..0x34C holding u32 0 and the
 *   21-byte record "Amb" (Skeleton, 5-byte body).
 *   ac2 reads the TOC record (0xAA, 21, i16 21), then the u32 0 before the records: the record at 16.
 *   ac3 reads u64 id 0xAA | 21 << 32, u32 size = the i16 21 and the first two zero bytes of that u32,
 *   u16 k = its last two (0): 16 bytes, so the same record at 16, under another id.
 */
export function ambiguousFixture(): ProfileFixture {
  const set = (raw: number[]): number[] => framedSet({ setVersion: 1, method: 1, count: 2, pair: 2, blocks: [{ raw }] });
  const amb = record({ classHash: SKELETON, name: 'Amb', body: payload(5, 0x11) });
  const entries: ProfileFixture['entries'] = [
    { offset: 0x139, dataOffset: 0x2f1, size: 91, id: 0x8001n, name: 'either', type: SKELETON, timestamp: 800, bookkeeping: null },
  ];
  const h = new Hand();
  header(h, 25);
  dataHeader(h, false, { entries: 1, maxPerBlock: 5000, blocks: 1, first: 0x3d });
  indexBlock(h, { n: 1, t: 0x6d, next: -1, first: 0, last: 0, m: 0x7d, mEnd: 0x139 });
  indexEntry(h, false, 0x139, 0x8001n, 91);
  nameEntry(h, false, entries[0]!);
  h.at(0x139, 'X');
  fileDataHeader(h, { name: 'either', id: 0x8001n, size: 91, timestamp: 800 });
  h.at(0x2f1, 'data')
    .u32(0)
    .raw(set(new Hand().u16(1).u32(0xaa).u32(21).u16(21).list()))
    .at(0x31a, 'resources set');
  h.raw(set([0, 0, 0, 0, ...amb])).at(0x34c, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

// ───────────────────────────── a flagged set with a reference-compressed block ─────────────────────────────
/**
 * One data file of one flagged set whose second block holds `compressed` (c bytes, LZO1X by the
 * test's reference) standing for the record `recordBytes` (L bytes); its first block stores the TOC.
 *   ac1, version 25: D 0x15, F 0x3D, T 0x6D, M 0x7D, X 0x139, the data file at 0x2F1. Set header to
 *     0x300; block 0: 00 at 0x300, u16 10 at 0x301, the TOC (u16 1; u32 0xC7, u32 L) 0x303..0x30D;
 *     block 1: 01 at 0x30D, u32 c at 0x30E, u32 L at 0x312, u32 at 0x316, the c bytes from 0x31A:
 *     41 + c bytes.
 *   unity, version 27: D 0x15, F 0x41, T 0x71, M 0x85, the data file at 0x145. Set header to 0x154;
 *     block 0: 00 at 0x154, u32 16 at 0x155, the TOC (u16 1; u64 0xC7, u32 L, u16 0) 0x159..0x169;
 *     block 1: 01 at 0x169, u32 c at 0x16A, u32 L at 0x16E, u32 at 0x172, the c bytes from 0x176:
 *     49 + c bytes.
 */
export function flaggedLzoFixture(profile: 'ac1' | 'unity', recordBytes: readonly number[], compressed: readonly number[]): ProfileFixture {
  const v27 = profile === 'unity';
  const c = compressed.length;
  const toc = v27
    ? new Hand().u16(1).i64(0xc7).u32(recordBytes.length).u16(0).list()
    : new Hand().u16(1).u32(0xc7).u32(recordBytes.length).list();
  const flagged = flaggedSet({
    setVersion: 1,
    method: 0,
    largestUncompressed: Math.min(0xffff, recordBytes.length),
    sizeWidth: v27 ? 4 : 2,
    blocks: [{ stored: toc }, { compressed, uncompressedSize: recordBytes.length, unknown: 0 }],
  });
  const x = v27 ? 0x145 : 0x139;
  const data = v27 ? 0x145 : 0x2f1;
  const size = (v27 ? 49 : 41) + c;
  const entries: ProfileFixture['entries'] = [
    { offset: x, dataOffset: data, size, id: 0x9001n, name: 'flagged_lzo', type: SKELETON, timestamp: 900, bookkeeping: null },
  ];
  const h = new Hand();
  header(h, v27 ? 27 : 25);
  dataHeader(h, v27, { entries: 1, maxPerBlock: 5000, blocks: 1, first: v27 ? 0x41 : 0x3d });
  indexBlock(h, { n: 1, t: v27 ? 0x71 : 0x6d, next: -1, first: 0, last: 0, m: v27 ? 0x85 : 0x7d, mEnd: x });
  indexEntry(h, v27, x, 0x9001n, size);
  nameEntry(h, v27, entries[0]!);
  h.at(x, 'X');
  if (!v27) fileDataHeader(h, { name: 'flagged_lzo', id: 0x9001n, size, timestamp: 900 });
  h.at(data, 'data')
    .raw(flagged)
    .at(data + size, 'the end');
  return { bytes: h.bytes(), textSpans: h.textSpans, entries };
}

export { idClass, managedIdClass, u32IdClass };
