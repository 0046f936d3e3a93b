/**
 * An LZO1C decompressor (the archive's method 5), written from the bitstream as liblzo2 defines
 * it (5 run bits, 6 low offset bits in M3/M4, an end-of-stream code). It decodes into an output
 * of the declared size and refuses, naming the offset in the compressed input, any stream that
 * would write past it, read past its input, copy from before the output's start or from
 * distance 0, end short of it, or carry bytes after its end code: a decompression bomb never
 * allocates beyond the declared size.
 *
 * The bitstream, as instructions (t the instruction byte):
 * - t 0–31, where an instruction is expected: a literal run of t bytes; t = 0 takes the next
 *   byte u: u < 248 is a run of u + 32, u = 248 a run of 280, u = 249–255 a run of
 *   256 << (u − 248) (512…32768) after which a new instruction follows directly;
 * - t 0–31 right after a literal run (R1): a 3-byte match from distance 1 + (t | H << 5),
 *   H the next byte, then one literal byte; another instruction of this kind may follow;
 * - t 64–255 (M2): length (t >> 5) + 1, distance 1 + ((t & 31) | H << 5);
 * - t 32–63 (M3): length (t & 31) + 3; t = 32 (M4) extends it: each zero byte adds 255, the first
 *   nonzero byte b adds 31 + b; then two bytes b0 b1: distance (b0 & 63) | b1 << 6, 0 being the
 *   end code, and b0 >> 6 literals follow the match (then an R1 may follow, as after any run).
 */
import { decodeIntoNew, refuseAt, refuseShortAt, type DecoderContext } from './decoder-context.js';

const fail = (context: DecoderContext, at: number, expected: string, actual: string): never =>
  refuseAt(context, 'lzo1c', at, expected, actual);
const short = (context: DecoderContext, at: number, n: number, end: number): never => refuseShortAt(context, 'lzo1c', at, n, end);

/**
 * Decompresses an LZO1C stream into exactly `outputSize` bytes; throws a ParseError naming the
 * offset in the stream (plus `context.baseOffset`) when the stream is malformed, reads past its
 * end, copies from before the output or from distance 0, would exceed `outputSize`, ends short
 * of it, or has bytes after its end code.
 */
export function decompressLzo1c(input: Uint8Array, outputSize: number, context: DecoderContext = {}): Uint8Array {
  return decodeIntoNew('lzo1c', input, outputSize, context, decompressLzo1cInto);
}

/**
 * Decompresses an LZO1C stream into `out`, whose length is the declared size (e.g. a block's
 * place in its set's buffer); throws as {@link decompressLzo1c} does. Bytes of `out` are overwritten
 * even when the stream is refused.
 */
export function decompressLzo1cInto(input: Uint8Array, out: Uint8Array, context: DecoderContext = {}): void {
  const outputSize = out.length;
  const end = input.length;
  let ip = 0;
  let op = 0;
  // Literals waiting to be copied, and whether the instruction that announced them lets an R1 follow.
  let literals = 0;
  let afterRun = false;
  let at = 0;

  for (;;) {
    if (literals > 0) {
      if (ip + literals > end) short(context, ip, literals, end);
      if (op + literals > outputSize)
        fail(context, at, `literals within the declared ${outputSize} bytes`, `${literals} literals at output ${op}`);
      if (literals < 32) for (let i = 0; i < literals; i++) out[op + i] = input[ip + i]!;
      else out.set(input.subarray(ip, ip + literals), op);
      ip += literals;
      op += literals;
      literals = 0;
    }
    at = ip;
    if (ip >= end) short(context, ip, 1, end);
    let t = input[ip++]!;
    let length: number;
    let distance: number;
    let trailing = 0;
    if (t < 32 && afterRun) {
      // R1: a 3-byte match, then one literal (and perhaps another R1).
      if (ip + 2 > end) short(context, ip, 2, end);
      distance = 1 + (t | (input[ip++]! << 5));
      length = 3;
      trailing = 1;
    } else if (t < 32) {
      if (t === 0) {
        if (ip >= end) short(context, ip, 1, end);
        const u = input[ip++]!;
        if (u >= 248) {
          // A long run; a new instruction (not an R1) follows it.
          literals = u === 248 ? 280 : 256 << (u - 248);
          afterRun = false;
          continue;
        }
        t = u + 32;
      }
      literals = t;
      afterRun = true;
      continue;
    } else if (t >= 64) {
      if (ip >= end) short(context, ip, 1, end);
      distance = 1 + ((t & 31) | (input[ip++]! << 5));
      length = (t >> 5) + 1;
    } else {
      length = t & 31;
      if (length === 0) {
        for (;;) {
          if (ip >= end) short(context, ip, 1, end);
          const b = input[ip++]!;
          if (b !== 0) {
            length += 31 + b;
            break;
          }
          length += 255;
        }
      }
      length += 3;
      if (ip + 2 > end) short(context, ip, 2, end);
      const b0 = input[ip]!;
      distance = (b0 & 63) | (input[ip + 1]! << 6);
      ip += 2;
      if (distance === 0) break;
      trailing = b0 >> 6;
    }
    if (distance > op) fail(context, at, `a match within the ${op} bytes written`, `distance ${distance}`);
    if (op + length > outputSize) fail(context, at, `a match within the declared ${outputSize} bytes`, `${length} bytes at output ${op}`);
    const from = op - distance;
    if (distance >= length && length >= 32) out.copyWithin(op, from, from + length);
    // Overlapping copies repeat what this match just wrote, byte by byte.
    else for (let i = 0; i < length; i++) out[op + i] = out[from + i]!;
    op += length;
    literals = trailing;
    afterRun = trailing > 0;
    at = ip;
  }
  if (op !== outputSize) fail(context, at, `a stream of the declared ${outputSize} bytes`, `its end code after ${op} bytes`);
  if (ip !== end) fail(context, ip, 'the end of the compressed input after the end code', `${end - ip} more byte(s)`);
}
