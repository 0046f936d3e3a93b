/**
 * The literals section of a Zstandard block (RFC 8878 §3.1.1.3.1): raw, RLE, or Huffman-coded in
 * one or four streams, with the Huffman table read or repeated from the previous block.
 */
import type { DecoderContext } from './decoder-context.js';
import { decodeHuffmanStream, fail, readHuffman, short, type FseTable, type HuffmanTable } from './zstd-entropy.js';

/** The largest block a frame may hold or regenerate (Block_Maximum_Size, RFC 8878 §3.1.1.2.3). */
export const MAX_BLOCK = 128 * 1024;

/** What persists from block to block of a frame (the Repeat modes and treeless literals use it). */
export interface FrameState {
  huffman: HuffmanTable | undefined;
  literalLengths: FseTable | undefined;
  offsets: FseTable | undefined;
  matchLengths: FseTable | undefined;
  rep: [number, number, number];
}

/**
 * Reads the literals section at `at`; returns the literals and where the section ends. Every
 * literal lands in the output, so more than the `room` left in it is refused before allocating.
 */
export function readLiterals(
  input: Uint8Array,
  at: number,
  end: number,
  room: number,
  state: FrameState,
  context: DecoderContext,
): { literals: Uint8Array; end: number } {
  const limit = Math.min(MAX_BLOCK, room);
  const b0 = input[at]!;
  const type = b0 & 3;
  const format = (b0 >> 2) & 3;
  const need = (n: number): void => {
    if (at + n > end) short(context, at, n, end);
  };
  if (type <= 1) {
    let size: number;
    let header: number;
    if (format === 0 || format === 2) {
      size = b0 >> 3;
      header = 1;
    } else if (format === 1) {
      need(2);
      size = (b0 >> 4) | (input[at + 1]! << 4);
      header = 2;
    } else {
      need(3);
      size = (b0 >> 4) | (input[at + 1]! << 4) | (input[at + 2]! << 12);
      header = 3;
    }
    if (size > limit) fail(context, at, `at most ${limit} literals (a block's, and the output's room)`, String(size));
    const from = at + header;
    if (type === 0) {
      if (from + size > end) short(context, from, size, end);
      return { literals: input.subarray(from, from + size), end: from + size };
    }
    if (from + 1 > end) short(context, from, 1, end);
    return { literals: new Uint8Array(size).fill(input[from]!), end: from + 1 };
  }
  let regenerated: number;
  let compressed: number;
  let header: number;
  const streams = format === 0 ? 1 : 4;
  if (format <= 1) {
    need(3);
    regenerated = (b0 >> 4) | ((input[at + 1]! & 0x3f) << 4);
    compressed = (input[at + 1]! >> 6) | (input[at + 2]! << 2);
    header = 3;
  } else if (format === 2) {
    need(4);
    regenerated = (b0 >> 4) | (input[at + 1]! << 4) | ((input[at + 2]! & 3) << 12);
    compressed = (input[at + 2]! >> 2) | (input[at + 3]! << 6);
    header = 4;
  } else {
    need(5);
    regenerated = (b0 >> 4) | (input[at + 1]! << 4) | ((input[at + 2]! & 0x3f) << 12);
    compressed = (input[at + 2]! >> 6) | (input[at + 3]! << 2) | (input[at + 4]! << 10);
    header = 5;
  }
  if (regenerated > limit) fail(context, at, `at most ${limit} literals (a block's, and the output's room)`, String(regenerated));
  let p = at + header;
  const stop = p + compressed;
  if (stop > end) short(context, p, compressed, end);
  if (type === 2) {
    const huffman = readHuffman(input, p, stop, context);
    state.huffman = huffman.table;
    p = huffman.end;
  } else if (state.huffman === undefined) {
    fail(context, at, 'treeless literals after a block that described a Huffman table', 'no table yet');
  }
  const table = state.huffman!;
  const literals = new Uint8Array(regenerated);
  if (streams === 1) {
    decodeHuffmanStream(input, p, stop, table, literals, 0, regenerated, context);
  } else {
    // A jump table of three stream sizes; each of the first three streams gives a quarter, rounded up.
    if (p + 6 > stop) short(context, p, 6, stop);
    const s1 = input[p]! | (input[p + 1]! << 8);
    const s2 = input[p + 2]! | (input[p + 3]! << 8);
    const s3 = input[p + 4]! | (input[p + 5]! << 8);
    const a = p + 6;
    const b = a + s1;
    const c = b + s2;
    const d = c + s3;
    if (d > stop) fail(context, p, `stream sizes within the ${stop - a} bytes of the streams`, `${s1} + ${s2} + ${s3}`);
    const quarter = (regenerated + 3) >> 2;
    if (3 * quarter > regenerated) fail(context, at, 'at least 3 × a quarter of the literals in 4 streams', String(regenerated));
    decodeHuffmanStream(input, a, b, table, literals, 0, quarter, context);
    decodeHuffmanStream(input, b, c, table, literals, quarter, 2 * quarter, context);
    decodeHuffmanStream(input, c, d, table, literals, 2 * quarter, 3 * quarter, context);
    decodeHuffmanStream(input, d, stop, table, literals, 3 * quarter, regenerated, context);
  }
  return { literals, end: stop };
}
