/**
 * An LZO1X decompressor (the archive's methods 0 and 1: LZO1X-1 and LZO1X-999 write the same
 * bitstream), written from the format's public description. It decodes into an output of the
 * declared size and refuses, naming the offset in the compressed input, any stream that would
 * write past it, read past its input, copy from before the output's start, or end short: a
 * decompression bomb never allocates beyond the declared size.
 *
 * The bitstream, as instructions, with `state` the number of literals the previous instruction
 * copied (0, 1–3, or 4 for "4 or more"):
 * - first byte 18–255: copy byte−17 literals (state = that count, capped at 4);
 * - 0–15 with state 0: literal run of 3 + L bytes (L = 0: 15 + 255 per zero byte + the next byte);
 * - 0–15 with state 1–3 (M1): copy 2 bytes from distance (H << 2) + D + 1, H the next byte;
 * - 0–15 with state 4 (M1 after a run): copy 3 bytes from distance (H << 2) + D + 2049;
 * - 16–31 (M4): length 2 + L (3 bits, extended), LE16 v, distance 16384 + (bit 3 << 14) + (v >> 2),
 *   distance 16384 exactly ends the stream (`11 00 00`);
 * - 32–63 (M3): length 2 + L (5 bits, extended), LE16 v, distance (v >> 2) + 1;
 * - 64–255 (M2): length (byte >> 5) + 1, distance ((byte >> 2) & 7) + (H << 3) + 1;
 * after a match the low two bits S (of the byte, or of v's low byte) say how many literals follow.
 */
import { decodeIntoNew, refuseAt, refuseShortAt, type DecoderContext } from './decoder-context.js';

/** Where a stream sits, so refusals name the archive offset and field, not just the stream's. */
export type Lzo1xContext = DecoderContext;

// Refusals through module-level functions, so the hot loop captures nothing.
const fail = (context: DecoderContext, at: number, expected: string, actual: string): never =>
  refuseAt(context, 'lzo1x', at, expected, actual);
const short = (context: DecoderContext, at: number, n: number, end: number): never => refuseShortAt(context, 'lzo1x', at, n, end);

/**
 * Decompresses an LZO1X stream into exactly `outputSize` bytes; throws a ParseError naming the
 * offset in the stream (plus `baseOffset`) when the stream is malformed, reads past its end,
 * references before the output, would exceed `outputSize`, ends short of it, or has bytes after
 * its end marker.
 */
export function decompressLzo1x(input: Uint8Array, outputSize: number, context: Lzo1xContext = {}): Uint8Array {
  return decodeIntoNew('lzo1x', input, outputSize, context, decompressLzo1xInto);
}

/**
 * Decompresses an LZO1X stream into `out`, whose length is the declared size (e.g. a block's
 * place in its set's buffer, so nothing is allocated or copied per block); throws as
 * {@link decompressLzo1x} does. Bytes of `out` are overwritten even when the stream is refused.
 */
export function decompressLzo1xInto(input: Uint8Array, out: Uint8Array, context: Lzo1xContext = {}): void {
  const outputSize = out.length;
  const end = input.length;
  // Word copies through DataViews: 4 bytes per step, at any alignment.
  const inView = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let ip = 0;
  let op = 0;
  // Literals are copied after the instruction that announces them; `at` is that instruction.
  let at = 0;
  let length = 0;
  let distance = 0;
  let state = 0;

  if (end === 0) short(context, 0, 1, end);
  if (input[0]! > 17) {
    length = input[0]! - 17;
    ip = 1;
    state = length < 4 ? length : 4;
  }
  for (;;) {
    // Copy `length` literals (the first-byte run, a literal run, or a match's S trailing ones).
    if (length > 0) {
      if (ip + length > end) short(context, ip, length, end);
      if (op + length > outputSize)
        fail(context, at, `literals within the declared ${outputSize} bytes`, `${length} literals at output ${op}`);
      const words = (length + 3) & ~3;
      if (length < 64 && ip + words <= end && op + words <= outputSize) {
        // Whole words, up to 3 bytes past the run: those output bytes are not yet written and the
        // next instruction overwrites them (every byte up to the declared size is written or the
        // stream is refused); the input bytes read past it are still inside the input.
        // The first one or two words unrolled: most runs are that short.
        outView.setUint32(op, inView.getUint32(ip, true), true);
        if (words > 4) {
          outView.setUint32(op + 4, inView.getUint32(ip + 4, true), true);
          for (let i = 8; i < words; i += 4) outView.setUint32(op + i, inView.getUint32(ip + i, true), true);
        }
      } else if (length < 64) {
        for (let i = 0; i < length; i++) out[op + i] = input[ip + i]!;
      } else {
        out.set(input.subarray(ip, ip + length), op);
      }
      ip += length;
      op += length;
    }
    at = ip;
    if (ip >= end) short(context, ip, 1, end);
    const t = input[ip++]!;
    let s: number;
    if (t >= 64) {
      if (ip >= end) short(context, ip, 1, end);
      distance = ((t >> 2) & 7) + (input[ip++]! << 3) + 1;
      length = (t >> 5) + 1;
      s = t & 3;
    } else if (t >= 16) {
      length = t >= 32 ? t & 31 : t & 7;
      if (length === 0) {
        // Extension: each zero byte adds 255, the first nonzero byte ends it.
        length = t >= 32 ? 31 : 7;
        for (;;) {
          if (ip >= end) short(context, ip, 1, end);
          const b = input[ip++]!;
          if (b !== 0) {
            length += b;
            break;
          }
          length += 255;
        }
      }
      length += 2;
      if (ip + 2 > end) short(context, ip, 2, end);
      const v = input[ip]! | (input[ip + 1]! << 8);
      ip += 2;
      s = v & 3;
      if (t >= 32) {
        distance = (v >> 2) + 1;
      } else {
        distance = ((t & 8) << 11) + (v >> 2);
        if (distance === 0) break;
        distance += 16384;
      }
    } else if (state === 0) {
      length = t;
      if (length === 0) {
        length = 15;
        for (;;) {
          if (ip >= end) short(context, ip, 1, end);
          const b = input[ip++]!;
          if (b !== 0) {
            length += b;
            break;
          }
          length += 255;
        }
      }
      length += 3;
      state = 4;
      continue;
    } else {
      if (ip >= end) short(context, ip, 1, end);
      distance = (t >> 2) + (input[ip++]! << 2) + (state === 4 ? 2049 : 1);
      length = state === 4 ? 3 : 2;
      s = t & 3;
    }
    // The match.
    if (distance > op) fail(context, at, `a match within the ${op} bytes written`, `distance ${distance}`);
    if (op + length > outputSize) fail(context, at, `a match within the declared ${outputSize} bytes`, `${length} bytes at output ${op}`);
    let from = op - distance;
    if (distance >= length && length >= 64) {
      out.copyWithin(op, from, from + length);
      op += length;
    } else if (distance >= 4 && op + ((length + 3) & ~3) <= outputSize) {
      // Words may overlap the bytes being written only by whole words: 4 back or more is safe.
      // As with literals, whole words: the up to 3 bytes past the match are overwritten next.
      const stop = op + length;
      // The first word unrolled: most matches are 4 bytes or a few more.
      outView.setUint32(op, outView.getUint32(from, true), true);
      if (length > 4) for (op += 4, from += 4; op < stop; op += 4, from += 4) outView.setUint32(op, outView.getUint32(from, true), true);
      op = stop;
    } else if (distance >= 4) {
      const stop = op + length;
      for (; op + 4 <= stop; op += 4, from += 4) outView.setUint32(op, outView.getUint32(from, true), true);
      while (op < stop) out[op++] = out[from++]!;
    } else {
      // Overlapping: each byte may be one this match just wrote (a run).
      const stop = op + length;
      while (op < stop) out[op++] = out[from++]!;
    }
    state = s;
    length = s;
    at = ip;
  }
  if (op !== outputSize) fail(context, ip, `a stream of the declared ${outputSize} bytes`, `its end marker after ${op} bytes`);
  if (ip !== end) fail(context, ip, 'the end of the compressed input after the end marker', `${end - ip} more byte(s)`);
}
