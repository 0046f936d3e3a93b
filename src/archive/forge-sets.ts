/**
 * A data file's sets, read under a profile: each set's header and block table (a framed set) or
 * its kind-tagged blocks (a flagged set), the checks made before anything is allocated (every
 * compressed block of a method the profile decodes, within that method's expansion bound), each
 * block's checksum and decompression, and positions in the decompressed bytes as archive offsets.
 */
import type { Codec } from '../grammar/index.js';
import { u8 } from '../grammar/index.js';
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';
import { decoderOfRule, describeUnsupportedMethod, supportedMethods } from './decompress.js';
import { refuse, type Chunk } from './forge-chunk.js';
import { readAt } from './profile/read.js';
import { flaggedCompressedBlock, FLAGGED_COMPRESSED, FLAGGED_STORED, setHeader, type SizePair } from './profile/framing.js';
import type { ForgeProfile } from './profile/profiles.js';

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
export function readSetLayout(
  file: Chunk,
  at: number,
  path: readonly PathSegment[],
  profile: ForgeProfile,
  streamOffset: number,
): ForgeSet {
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
export const STREAM_LIMIT = 0x7fffffff;

/**
 * Checks, before anything is allocated, that every compressed block of the set is of a method the
 * profile decodes and declares no more than that method can expand its stored bytes to. Returns
 * the set's decompressed size.
 */
export function checkBlocks(file: Chunk, set: ForgeSet, path: readonly PathSegment[], profile: ForgeProfile): number {
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
export function decodeSet(file: Chunk, set: ForgeSet, out: Uint8Array, path: readonly PathSegment[], profile: ForgeProfile): void {
  let written = set.streamOffset;
  const rule = profile.methods[set.method];
  const blocks = set.blocks;
  // One path and one decoder context for the set, the block's index and offset set in place: a
  // census decodes every block of thousands of data files, and a refusal ends the set's decoding.
  const blockPath: PathSegment[] = [...path, 'blocks', 0];
  const context = { baseOffset: 0, path: blockPath };
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    blockPath[blockPath.length - 1] = i;
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
      context.baseOffset = block.dataOffset;
      decoder.decode(stored, target, context);
    }
    written += block.uncompressedSize;
  }
}

/** A position in the decompressed bytes as an archive offset: exact in a stored block, else the block's start. */
export function archiveOffsetOf(sets: readonly ForgeSet[], pos: number): number {
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
export function readStream<T>(
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
