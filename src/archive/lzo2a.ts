/**
 * An LZO2A decompressor (the archive's method 2), written from the bitstream as liblzo2 defines
 * it: flag bits, taken least significant first from bytes read as they are needed, interleaved
 * with whole bytes of literals, offsets and lengths. It decodes into an output of the declared
 * size and refuses, naming the offset in the compressed input, any stream that would write past
 * it, read past its input, copy from before the output's start or from distance 0, end short of
 * it, or carry bytes after its end code: a decompression bomb never allocates beyond the
 * declared size.
 *
 * Each instruction starts with a flag bit:
 * - 0: one literal byte;
 * - 1 0, then two bits L: a match of 2 + L bytes from distance 1 + the next byte;
 * - 1 1, then bytes t, h: distance (t & 31) | h << 5, length (t >> 5) + 2 when t >> 5 is 1–7
 *   (distance 0 is then the end code); when t >> 5 is 0 the length is 9 + an extension (each zero
 *   byte adds 255, the first nonzero byte its value).
 */
import { decodeIntoNew, refuseAt, refuseShortAt, type DecoderContext } from './decoder-context.js';

const fail = (context: DecoderContext, at: number, expected: string, actual: string): never =>
  refuseAt(context, 'lzo2a', at, expected, actual);
const short = (context: DecoderContext, at: number, n: number, end: number): never => refuseShortAt(context, 'lzo2a', at, n, end);

/**
 * Decompresses an LZO2A stream into exactly `outputSize` bytes; throws a ParseError naming the
 * offset in the stream (plus `context.baseOffset`) when the stream is malformed, reads past its
 * end, copies from before the output or from distance 0, would exceed `outputSize`, ends short
 * of it, or has bytes after its end code.
 */
export function decompressLzo2a(input: Uint8Array, outputSize: number, context: DecoderContext = {}): Uint8Array {
  return decodeIntoNew('lzo2a', input, outputSize, context, decompressLzo2aInto);
}

/**
 * Decompresses an LZO2A stream into `out`, whose length is the declared size (e.g. a block's
 * place in its set's buffer); throws as {@link decompressLzo2a} does. Bytes of `out` are overwritten
 * even when the stream is refused.
 */
export function decompressLzo2aInto(input: Uint8Array, out: Uint8Array, context: DecoderContext = {}): void {
  const outputSize = out.length;
  const end = input.length;
  let ip = 0;
  let op = 0;
  // The flag bits not yet used, least significant first, and how many there are.
  let bits = 0;
  let count = 0;

  for (;;) {
    // An instruction starts only while input remains; the end code is a whole-byte match.
    if (ip >= end) short(context, ip, 1, end);
    const at = ip;
    if (count === 0) {
      bits = input[ip++]!;
      count = 8;
    }
    const literal = (bits & 1) === 0;
    bits >>>= 1;
    count--;
    if (literal) {
      if (ip >= end) short(context, ip, 1, end);
      if (op >= outputSize) fail(context, at, `a literal within the declared ${outputSize} bytes`, `a literal at output ${op}`);
      out[op++] = input[ip++]!;
      continue;
    }
    if (count === 0) {
      if (ip >= end) short(context, ip, 1, end);
      bits = input[ip++]!;
      count = 8;
    }
    const short2 = (bits & 1) === 0;
    bits >>>= 1;
    count--;
    let length: number;
    let distance: number;
    if (short2) {
      if (count < 2) {
        if (ip >= end) short(context, ip, 1, end);
        bits |= input[ip++]! << count;
        count += 8;
      }
      length = 2 + (bits & 3);
      bits >>>= 2;
      count -= 2;
      if (ip >= end) short(context, ip, 1, end);
      distance = 1 + input[ip++]!;
    } else {
      if (ip + 2 > end) short(context, ip, 2, end);
      const t = input[ip]!;
      distance = (t & 31) | (input[ip + 1]! << 5);
      ip += 2;
      if (t >> 5 === 0) {
        length = 9;
        for (;;) {
          if (ip >= end) short(context, ip, 1, end);
          const b = input[ip++]!;
          if (b !== 0) {
            length += b;
            break;
          }
          length += 255;
        }
      } else {
        if (distance === 0) break;
        length = (t >> 5) + 2;
      }
    }
    if (distance === 0 || distance > op) fail(context, at, `a match from within the ${op} bytes written`, `distance ${distance}`);
    if (op + length > outputSize) fail(context, at, `a match within the declared ${outputSize} bytes`, `${length} bytes at output ${op}`);
    const from = op - distance;
    if (distance >= length && length >= 32) out.copyWithin(op, from, from + length);
    // Overlapping copies repeat what this match just wrote, byte by byte.
    else for (let i = 0; i < length; i++) out[op + i] = out[from + i]!;
    op += length;
  }
  if (op !== outputSize) fail(context, ip, `a stream of the declared ${outputSize} bytes`, `its end code after ${op} bytes`);
  if (ip !== end) fail(context, ip, 'the end of the compressed input after the end code', `${end - ip} more byte(s)`);
}
