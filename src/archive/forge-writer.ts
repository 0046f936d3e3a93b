/**
 * Writes `.forge` archives of FORGE.md's "our reading" (public reading), for tests: no game data is
 * needed to exercise the reader. Internal: not exported from any package entry.
 */
import { forgeChecksum, type ForgeVersion } from './forge.js';

/** One resource record to write. */
export interface ForgeWriterResource {
  classHash: number;
  id: bigint;
  name: string;
  body: Uint8Array;
}

/** One entry (data file) to write. */
export interface ForgeWriterEntry {
  id: bigint;
  name: string;
  resourceType: number;
  timestamp?: number;
  resources: ForgeWriterResource[];
}

/** How to write an archive. */
export interface ForgeWriterOptions {
  version: ForgeVersion;
  entries: ForgeWriterEntry[];
  /** Most entries per index block (5000 by default); smaller makes a chain of several blocks. */
  maxEntriesPerBlock?: number;
  /** Uncompressed bytes per block (0x8000 by default; at most 0xFFFF for set version 1). */
  blockSize?: number;
  /** The method byte of every set (0 by default). */
  method?: number;
  /** Compresses one block, or returns undefined to store it; a result of the block's own length is stored (equal sizes mean stored). */
  compress?: (block: Uint8Array) => Uint8Array | undefined;
  /** Data file alignment (0x8000 by default). */
  align?: number;
}

/** Little-endian output into a buffer that doubles as it fills (a benchmark archive is tens of megabytes). */
class Bytes {
  private buffer = new Uint8Array(256);
  private used = 0;
  get length(): number {
    return this.used;
  }
  private room(n: number): void {
    if (this.used + n <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.used + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.used));
    this.buffer = grown;
  }
  u8(v: number): this {
    this.room(1);
    this.buffer[this.used++] = v & 0xff;
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >> 8);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  i64(v: number | bigint): this {
    const big = BigInt.asUintN(64, BigInt(v));
    return this.u32(Number(big & 0xffffffffn)).u32(Number(big >> 32n));
  }
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
    return this;
  }
  zeros(n: number): this {
    this.room(n);
    this.buffer.fill(0, this.used, this.used + n);
    this.used += n;
    return this;
  }
  done(): Uint8Array {
    return this.buffer.slice(0, this.used);
  }
}

/** A set: magic, set version, method, the two largest sizes, block count, size table, checksummed blocks. */
export function writeForgeSet(
  raw: Uint8Array,
  setVersion: number,
  options: Pick<ForgeWriterOptions, 'blockSize' | 'method' | 'compress'>,
): Uint8Array {
  const blockSize = options.blockSize ?? 0x8000;
  const blocks: { raw: Uint8Array; stored: Uint8Array }[] = [];
  for (let at = 0; at < raw.length; at += blockSize) {
    const block = raw.subarray(at, at + blockSize);
    const packed = options.compress?.(block);
    blocks.push({ raw: block, stored: packed !== undefined && packed.length !== block.length ? packed : block });
  }
  const out = new Bytes()
    .raw(Uint8Array.of(0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10))
    .u16(setVersion)
    .u8(options.method ?? 0);
  out.u16(Math.max(0, ...blocks.map((b) => b.raw.length))).u16(Math.max(0, ...blocks.map((b) => b.stored.length)));
  if (setVersion === 1) out.u16(blocks.length);
  else out.u32(blocks.length);
  for (const b of blocks) {
    if (setVersion === 1) out.u16(b.raw.length).u16(b.stored.length);
    else out.u32(b.raw.length).u32(b.stored.length);
  }
  for (const b of blocks) out.u32(forgeChecksum(b.stored)).raw(b.stored);
  return out.done();
}

/** One data file: (v25: 440 zero bytes,) the TOC set, the resources set, padding to `align`. */
export function writeForgeDataFile(entry: ForgeWriterEntry, options: ForgeWriterOptions): Uint8Array {
  const wide = options.version !== 25;
  const encoder = new TextEncoder();
  const toc = new Bytes().u16(entry.resources.length);
  const records = new Bytes();
  for (const r of entry.resources) {
    const name = encoder.encode(r.name);
    const record = new Bytes().u32(r.classHash).u32(r.body.length).u32(name.length).raw(name).u8(0).raw(r.body).done();
    if (wide) toc.i64(r.id).u32(record.length).u16(0);
    else toc.u32(Number(r.id)).u32(record.length);
    records.raw(record);
  }
  const setVersion = wide ? 2 : 1;
  const file = new Bytes();
  if (!wide) file.zeros(440);
  file.raw(writeForgeSet(toc.done(), setVersion, options)).raw(writeForgeSet(records.done(), setVersion, options));
  const align = options.align ?? 0x8000;
  file.zeros((align - (file.length % align)) % align);
  return file.done();
}

/** A whole archive: header, data header, index blocks each followed by its tables, then the data files. */
export function writeForge(options: ForgeWriterOptions): Uint8Array {
  const { version, entries } = options;
  const wide = version === 27;
  const perBlock = options.maxEntriesPerBlock ?? 5000;
  const indexEntryBytes = wide ? 20 : 16;
  const nameEntryBytes = wide ? 192 : 188;
  const dataHeaderOffset = 0x20;
  const dataHeaderBytes = wide ? 44 : 40;
  const groups: ForgeWriterEntry[][] = [];
  for (let i = 0; i < entries.length; i += perBlock) groups.push(entries.slice(i, i + perBlock));
  const blockOffsets: number[] = [];
  let at = dataHeaderOffset + dataHeaderBytes;
  for (const group of groups) {
    blockOffsets.push(at);
    at += 48 + group.length * (indexEntryBytes + nameEntryBytes);
  }
  const align = options.align ?? 0x8000;
  at = Math.ceil(at / align) * align;
  const files = entries.map((e) => writeForgeDataFile(e, options));
  const fileOffsets: number[] = [];
  for (const f of files) {
    fileOffsets.push(at);
    at += f.length;
  }

  const out = new Bytes().raw(new TextEncoder().encode('scimitar\0')).u32(version).i64(dataHeaderOffset);
  out.zeros(dataHeaderOffset - out.length);
  out.u32(entries.length).u32(1);
  if (wide) out.i64(0);
  else out.u32(0);
  out
    .i64(0)
    .u32(perBlock)
    .u32(1)
    .u32(0)
    .i64(blockOffsets[0] ?? -1);
  let number = 0;
  groups.forEach((group, b) => {
    const table = blockOffsets[b]! + 48;
    const names = table + group.length * indexEntryBytes;
    out
      .u32(group.length)
      .u32(0)
      .i64(table)
      .i64(blockOffsets[b + 1] ?? -1)
      .u32(number)
      .u32(number + group.length - 1)
      .i64(names)
      .i64(0);
    group.forEach((e, k) => {
      out.i64(fileOffsets[number + k]!);
      if (wide) out.i64(e.id);
      else out.u32(Number(e.id));
      out.u32(files[number + k]!.length);
    });
    group.forEach((e, k) => {
      const name = new TextEncoder().encode(e.name).subarray(0, 127);
      out
        .u32(files[number + k]!.length)
        .zeros(12)
        .u32(e.resourceType)
        .zeros(wide ? 20 : 16)
        .u32(e.timestamp ?? 0);
      out
        .raw(name)
        .zeros(128 - name.length)
        .zeros(20);
    });
    number += group.length;
  });
  out.zeros(fileOffsets[0] !== undefined ? fileOffsets[0] - out.length : 0);
  for (const f of files) out.raw(f);
  return out.done();
}
