/**
 * Archives assembled by hand for the tests, from the public readers' tables alone (not from the
 * project's writer, so a shared mistake cannot hide): every offset is worked out here.
 *
 * Layout written (v27 and later; v25/v26 in brackets):
 *   0x00 "scimitar\0", 0x09 i32 version, 0x0D i64 D = 0x15.
 *   D: data header, 44 [40] bytes: i32 count, 24 [20] zero bytes, i32 5000 (most entries per block)
 *      at D + 28 [D + 24], i32 index-block count at D + 32 [D + 28], i64 F at D + 36 [D + 32].
 *   Then per index block b (perBlock entries each): 48 bytes at F_b (i32 n, i32 0, i64 T, i64 next
 *   or −1, i32 first, i32 last, i64 M, i64 M + n × 192 [188]), its index table at T = F_b + 48 (20
 *   [16] bytes an entry: i64 X, u64 [u32] id, i32 size), its name table at M = T + n × 20 [16]
 *   (192 [188] bytes an entry: i32 size, 12 zero, u32 type at +16, 20 zero, u32 timestamp 0 at +40,
 *   128-byte name at +44, 20 [16] zero), and the next block right after.
 *   Then the data files one after another, unpadded, each exactly its index size long; in v25/v26
 *   the index offset X points at a 440-byte FILEDATA header ("FILEDATA", the name, …, its size at
 *   +395) that the index size does not count.
 *   A data file: the framing's preamble (AC2: u32 0; AC3: u32 0), the TOC set, the resources set.
 *   A set of one block: u64 magic, u16 set version, u8 method 0, u16 + u16 largest sizes, the block
 *   count (u16 for ac1/ac2/ac3, u32 for unity, i32 otherwise), the size pair (u16 + u16, or i32 +
 *   i32 for `wide` and `bs`), u32 checksum, the stored bytes.
 *   The TOC: u16 count, then per resource (ac1: u32 id, u32 size; ac2: u32 id, u32 size, i16 0;
 *   ac3, unity, wildlands, wide, bs: u64 id, u32 size, u16 0), and in v26 for ac2/ac3 a u32 0 after
 *   it; the AC2 family's resources set starts with a u32 0. A record: u32 class, u32 body size, u32
 *   name length, the name, u8 flag 0, the body; the TOC size is the whole record's.
 */

/**
 * The data-file framings the fixtures can be written in: `ac1`, `ac2`, `ac3` and `unity` as
 * ACExplorer reads them; `wildlands` (set version 1, i32 count, u16 pairs) and `wide` (set version
 * 2, i32 count, i32 pairs) as WildlandsToolkit reads them; `bs` (set version 1, i32 count, i32
 * pairs) as Blacksmith reads them.
 */
export type HandFraming = 'ac1' | 'ac2' | 'ac3' | 'unity' | 'wildlands' | 'wide' | 'bs';

export interface HandResource {
  classHash: number;
  id: bigint;
  name: string;
  body: Uint8Array;
}

export interface HandEntry {
  id: bigint;
  name: string;
  type: number;
  resources: HandResource[];
}

export interface HandOptions {
  version: 25 | 26 | 27 | 28;
  /** The data files' framing: `ac1` for versions 25 and 26, `wide` from 27 by default. */
  framing?: HandFraming;
  perBlock?: number;
  /** Compresses a set's one block (LZO1X); undefined stores it. */
  compress?: (data: Uint8Array) => Uint8Array;
}

/** Where the test will want to poke: block offsets, data file offsets and sizes. */
export interface HandLayout {
  bytes: Uint8Array;
  blocks: number[];
  /** Per data file: its index offset (v25/v26: of its FILEDATA header) and index size (the bytes after that header). */
  dataFiles: { offset: number; size: number }[];
  /** Per data file: the archive offset of its TOC set. */
  tocSets: number[];
}

class Out {
  readonly bytes: number[] = [];
  u8(...v: number[]): this {
    for (const x of v) this.bytes.push(x & 0xff);
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
  raw(b: Uint8Array | readonly number[]): this {
    for (const x of b) this.bytes.push(x);
    return this;
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.bytes.push(0);
    return this;
  }
}

/** Adler-32 with both sums from 0 (the archive's block checksum, docs/archives.md), written out plainly. */
export function adler0(bytes: Uint8Array | readonly number[]): number {
  let a = 0;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return b * 65536 + a;
}

function framingOf(options: HandOptions): HandFraming {
  return options.framing ?? (options.version >= 27 ? 'wide' : 'ac1');
}

function set(data: Uint8Array, options: HandOptions): number[] {
  const framing = framingOf(options);
  const stored = options.compress?.(data) ?? data;
  const setVersion = framing === 'wide' ? 2 : 1;
  const out = new Out().u8(0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10).u16(setVersion).u8(0).u16(data.length).u16(stored.length);
  if (framing === 'ac1' || framing === 'ac2' || framing === 'ac3') out.u16(1);
  else out.u32(1);
  if (framing === 'wide' || framing === 'bs') out.u32(data.length).u32(stored.length);
  else out.u16(data.length).u16(stored.length);
  return out.u32(adler0(stored)).raw(stored).bytes;
}

function dataFile(entry: HandEntry, options: HandOptions): { bytes: number[]; toc: number } {
  const framing = framingOf(options);
  const toc = new Out().u16(entry.resources.length);
  const records = new Out();
  if (framing === 'ac2') records.u32(0);
  for (const r of entry.resources) {
    const name = new TextEncoder().encode(r.name);
    const record = new Out().u32(r.classHash).u32(r.body.length).u32(name.length).raw(name).u8(0).raw(r.body).bytes;
    // The TOC's size is the whole record's.
    if (framing === 'ac1') toc.u32(Number(r.id)).u32(record.length);
    else if (framing === 'ac2') toc.u32(Number(r.id)).u32(record.length).u16(0);
    else toc.i64(r.id).u32(record.length).u16(0);
    records.raw(record);
  }
  if (options.version === 26 && (framing === 'ac2' || framing === 'ac3')) toc.u32(0);
  const preamble = framing === 'ac2' || framing === 'ac3' ? 4 : 0;
  const bytes = new Out()
    .zeros(preamble)
    .raw(set(Uint8Array.from(toc.bytes), options))
    .raw(set(Uint8Array.from(records.bytes), options)).bytes;
  return { bytes, toc: preamble };
}

/** The 440-byte FILEDATA header of versions 25 and 26 (ACExplorer's template): magic, name, comment, ids, its size at +395. */
function fileDataHeader(entry: HandEntry, size: number): number[] {
  const name = new TextEncoder().encode(entry.name);
  return new Out()
    .raw(new TextEncoder().encode('FILEDATA'))
    .raw(name)
    .zeros(128 - name.length)
    .zeros(255)
    .u32(Number(entry.id))
    .u32(size)
    .i64(entry.id)
    .zeros(24)
    .u32(0)
    .zeros(5).bytes;
}

/** The archive, and where its parts lie. */
export function handArchive(entries: readonly HandEntry[], options: HandOptions): HandLayout {
  const v27 = options.version >= 27;
  const perBlock = options.perBlock ?? 5000;
  const indexBytes = v27 ? 20 : 16;
  const nameBytes = v27 ? 192 : 188;
  const head = v27 ? 0 : 440;
  const d = 0x15;
  const f0 = d + (v27 ? 44 : 40);
  const groups: HandEntry[][] = [];
  for (let i = 0; i < entries.length; i += perBlock) groups.push(entries.slice(i, i + perBlock));
  const blocks: number[] = [];
  let at = f0;
  for (const g of groups) {
    blocks.push(at);
    at += 48 + g.length * (indexBytes + nameBytes);
  }
  const files = entries.map((e) => dataFile(e, options));
  const dataFiles: HandLayout['dataFiles'] = [];
  const tocSets: number[] = [];
  for (const f of files) {
    dataFiles.push({ offset: at, size: f.bytes.length });
    tocSets.push(at + head + f.toc);
    at += head + f.bytes.length;
  }
  const out = new Out().raw(new TextEncoder().encode('scimitar\0')).u32(options.version).i64(d);
  out
    .u32(entries.length)
    .zeros(v27 ? 24 : 20)
    .u32(5000)
    .u32(groups.length)
    .i64(blocks[0] ?? -1);
  let n = 0;
  groups.forEach((g, b) => {
    const t = blocks[b]! + 48;
    const m = t + g.length * indexBytes;
    out
      .u32(g.length)
      .u32(0)
      .i64(t)
      .i64(blocks[b + 1] ?? -1)
      .u32(n)
      .u32(n + g.length - 1)
      .i64(m)
      .i64(m + g.length * nameBytes);
    g.forEach((e, k) => {
      out.i64(dataFiles[n + k]!.offset);
      if (v27) out.i64(e.id);
      else out.u32(Number(e.id));
      out.u32(dataFiles[n + k]!.size);
    });
    g.forEach((e, k) => {
      const name = new TextEncoder().encode(e.name);
      out
        .u32(dataFiles[n + k]!.size)
        .zeros(12)
        .u32(e.type)
        .zeros(20)
        .u32(0)
        .raw(name)
        .zeros(128 - name.length)
        .zeros(v27 ? 20 : 16);
    });
    n += g.length;
  });
  entries.forEach((e, i) => {
    if (head > 0) out.raw(fileDataHeader(e, files[i]!.bytes.length));
    out.raw(files[i]!.bytes);
  });
  return { bytes: Uint8Array.from(out.bytes), blocks, dataFiles, tocSets };
}
