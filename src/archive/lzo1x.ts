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
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';

/** Where a stream sits, so refusals name the archive offset and field, not just the stream's. */
export interface Lzo1xContext {
  /** Offset of the stream's first byte in the archive (0 by default). */
  baseOffset?: number;
  /** Path of the stream in the archive, e.g. `['entries', 3, 'resources', 'blocks', 0]`. */
  path?: readonly PathSegment[];
}

/**
 * Decompresses an LZO1X stream into exactly `outputSize` bytes; throws a ParseError naming the
 * offset in the stream (plus `baseOffset`) when the stream is malformed, reads past its end,
 * references before the output, would exceed `outputSize`, ends short of it, or has bytes after
 * its end marker.
 */
export function decompressLzo1x(input: Uint8Array, outputSize: number, context: Lzo1xContext = {}): Uint8Array {
  const base = context.baseOffset ?? 0;
  const path = context.path ?? ['lzo1x'];
  const fail = (at: number, expected: string, actual: string): never => {
    throw new ParseError({ offset: base + at, path, expected, actual });
  };
  if (!Number.isSafeInteger(outputSize) || outputSize < 0) fail(0, 'a declared size ≥ 0', String(outputSize));
  const out = new Uint8Array(outputSize);
  const end = input.length;
  // Word copies through DataViews: 4 bytes per step, at any alignment.
  const inView = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const short = (at: number, n: number): never => fail(at, `${n} more byte(s) of compressed input`, `${Math.max(0, end - at)} left`);
  let ip = 0;
  let op = 0;
  // Literals are copied after the instruction that announces them; `at` is that instruction.
  let at = 0;
  let length = 0;
  let distance = 0;
  let state = 0;

  if (end === 0) short(0, 1);
  if (input[0]! > 17) {
    length = input[0]! - 17;
    ip = 1;
    state = length < 4 ? length : 4;
  }
  for (;;) {
    // Copy `length` literals (the first-byte run, a literal run, or a match's S trailing ones).
    if (length > 0) {
      if (ip + length > end) short(ip, length);
      if (op + length > outputSize) fail(at, `literals within the declared ${outputSize} bytes`, `${length} literals at output ${op}`);
      if (length < 64) {
        let i = 0;
        for (; i + 4 <= length; i += 4) outView.setUint32(op + i, inView.getUint32(ip + i, true), true);
        for (; i < length; i++) out[op + i] = input[ip + i]!;
      } else {
        out.set(input.subarray(ip, ip + length), op);
      }
      ip += length;
      op += length;
    }
    at = ip;
    if (ip >= end) short(ip, 1);
    const t = input[ip++]!;
    let s: number;
    if (t >= 64) {
      if (ip >= end) short(ip, 1);
      distance = ((t >> 2) & 7) + (input[ip++]! << 3) + 1;
      length = (t >> 5) + 1;
      s = t & 3;
    } else if (t >= 16) {
      length = t >= 32 ? t & 31 : t & 7;
      if (length === 0) {
        // Extension: each zero byte adds 255, the first nonzero byte ends it.
        length = t >= 32 ? 31 : 7;
        for (;;) {
          if (ip >= end) short(ip, 1);
          const b = input[ip++]!;
          if (b !== 0) {
            length += b;
            break;
          }
          length += 255;
        }
      }
      length += 2;
      if (ip + 2 > end) short(ip, 2);
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
          if (ip >= end) short(ip, 1);
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
      if (ip >= end) short(ip, 1);
      distance = (t >> 2) + (input[ip++]! << 2) + (state === 4 ? 2049 : 1);
      length = state === 4 ? 3 : 2;
      s = t & 3;
    }
    // The match.
    if (distance > op) fail(at, `a match within the ${op} bytes written`, `distance ${distance}`);
    if (op + length > outputSize) fail(at, `a match within the declared ${outputSize} bytes`, `${length} bytes at output ${op}`);
    let from = op - distance;
    if (distance >= length && length >= 64) {
      out.copyWithin(op, from, from + length);
      op += length;
    } else if (distance >= 4) {
      // Words may overlap the bytes being written only by whole words: 4 back or more is safe.
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
  if (op !== outputSize) fail(ip, `a stream of the declared ${outputSize} bytes`, `its end marker after ${op} bytes`);
  if (ip !== end) fail(ip, 'the end of the compressed input after the end marker', `${end - ip} more byte(s)`);
  return out;
}
