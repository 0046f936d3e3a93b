/**
 * One entry's data file of a `.forge` archive: its TOC and resources sets, every block's checksum
 * and decompression, and the resource records (FORGE.md, "our reading").
 */
import type { PathSegment } from '../io/format.js';
import { blockMethod, describeUnsupportedMethod, SUPPORTED_METHODS } from './decompress.js';
import { readChunk, refuse, type Chunk } from './forge-chunk.js';
import type { Forge, ForgeEntry } from './forge.js';

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
