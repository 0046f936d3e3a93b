/**
 * Zstandard (the archive's method 6, our reading), bounded by the declared size. The entropy
 * decoding is fzstd's (a small, browser-safe, MIT-licensed decoder: see README, "Decompression");
 * this module makes it safe on hostile input first:
 *
 * - the frame header is read here (RFC 8878 §3.1.1): magic, descriptor, window, dictionary id,
 *   content size; a reserved bit, a dictionary, or a content size other than the declared one is
 *   refused before anything is allocated;
 * - the block headers are walked here (§3.1.1.2) to find the frame's end: exactly one frame, a
 *   block larger than 128 KiB, raw and RLE blocks regenerating more than the declared size, or
 *   bytes after the frame (and its checksum, when flagged) are refused;
 * - the frame is handed to fzstd with its header rewritten as a single-segment frame of the
 *   declared size plus one byte, so the window it allocates is that, never a window the stream
 *   advertises (a frame compressed from a stream says 2 MiB or more for a 32 KiB block);
 * - every regenerated block is counted into an output of the declared size: one byte more is a
 *   refusal at once, fewer at the end a refusal, and any failure of fzstd on damaged bytes
 *   becomes a refusal naming the block.
 *
 * The content checksum (XXH64), when flagged, is skipped, not verified: the archive's own Adler-32
 * of each block's stored bytes already catches damage.
 */
import { Decompress } from 'fzstd';
import { ParseError } from '../io/errors.js';
import { checkDeclaredSize, refuseAt, refuseShortAt, type DecoderContext } from './decoder-context.js';

const fail = (context: DecoderContext, at: number, expected: string, actual: string): never =>
  refuseAt(context, 'zstd', at, expected, actual);
const short = (context: DecoderContext, at: number, n: number, end: number): never => refuseShortAt(context, 'zstd', at, n, end);

/** The largest block a frame may hold (Block_Maximum_Size, RFC 8878 §3.1.1.2.3). */
const MAX_BLOCK = 128 * 1024;

/** What the frame header says, and where the blocks start. */
interface FrameHeader {
  checksum: boolean;
  contentSize: number | undefined;
  blocksAt: number;
}

function readFrameHeader(input: Uint8Array, outputSize: number, context: DecoderContext): FrameHeader {
  const end = input.length;
  if (end < 5) short(context, 0, 5, end);
  // 28 B5 2F FD: the magic, little-endian 0xFD2FB528.
  if (input[0] !== 0x28 || input[1] !== 0xb5 || input[2] !== 0x2f || input[3] !== 0xfd) {
    fail(
      context,
      0,
      'the Zstandard frame magic 28 B5 2F FD',
      [...input.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' '),
    );
  }
  const descriptor = input[4]!;
  if (descriptor & 0x08) fail(context, 4, 'a frame descriptor with its reserved bit 3 clear', `0x${descriptor.toString(16)}`);
  const singleSegment = (descriptor & 0x20) !== 0;
  const sizeFlag = descriptor >> 6;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3]!;
  const sizeBytes = sizeFlag === 0 ? (singleSegment ? 1 : 0) : 1 << sizeFlag;
  let at = 5;
  if (!singleSegment) at++; // the window descriptor: the window we use is the declared size
  if (at + dictionaryBytes + sizeBytes > end) short(context, at, dictionaryBytes + sizeBytes, end);
  let dictionary = 0;
  for (let i = dictionaryBytes - 1; i >= 0; i--) dictionary = dictionary * 256 + input[at + i]!;
  if (dictionary !== 0) fail(context, at, 'a frame without a dictionary (the archive holds none)', `dictionary id ${dictionary}`);
  at += dictionaryBytes;
  let contentSize: number | undefined;
  if (sizeBytes > 0) {
    let size = 0;
    for (let i = sizeBytes - 1; i >= 0; i--) size = size * 256 + input[at + i]!;
    // The 2-byte form counts from 256 (§3.1.1.1.4).
    contentSize = sizeBytes === 2 ? size + 256 : size;
    if (contentSize !== outputSize) fail(context, at, `a frame content size of the declared ${outputSize} bytes`, `${contentSize}`);
  }
  return { checksum: (descriptor & 0x04) !== 0, contentSize, blocksAt: at + sizeBytes };
}

/** Walks the block headers; returns where the frame's last block ends. */
function walkBlocks(input: Uint8Array, outputSize: number, from: number, context: DecoderContext): number {
  const end = input.length;
  let at = from;
  let known = 0;
  for (;;) {
    if (at + 3 > end) short(context, at, 3, end);
    const header = input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16);
    const last = (header & 1) !== 0;
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    if (type === 3) fail(context, at, 'a raw, RLE or compressed block (types 0–2)', 'the reserved block type 3');
    // A raw or RLE block regenerates `size` bytes; a compressed one holds `size` bytes (≤ its output).
    if (size > MAX_BLOCK) fail(context, at, `a block of at most ${MAX_BLOCK} bytes`, `${size} bytes`);
    if (type !== 2) {
      known += size;
      if (known > outputSize) fail(context, at, `blocks within the declared ${outputSize} bytes`, `${known} bytes by this block`);
    }
    const stored = type === 1 ? 1 : size;
    if (at + 3 + stored > end) short(context, at + 3, stored, end);
    at += 3 + stored;
    if (last) return at;
  }
}

/**
 * Decompresses one Zstandard frame into exactly `outputSize` bytes; throws a ParseError naming
 * the offset in the stream (plus `context.baseOffset`) when the frame is malformed, uses a
 * dictionary, declares another content size, would regenerate more or fewer bytes than
 * `outputSize`, or is followed by other bytes. The output is `outputSize` bytes and the window
 * one more, whatever the frame advertises.
 */
export function decompressZstd(input: Uint8Array, outputSize: number, context: DecoderContext = {}): Uint8Array {
  checkDeclaredSize(context, 'zstd', outputSize);
  const header = readFrameHeader(input, outputSize, context);
  const framed = walkBlocks(input, outputSize, header.blocksAt, context);
  const frameEnd = framed + (header.checksum ? 4 : 0);
  if (frameEnd > input.length) short(context, framed, 4, input.length);
  if (frameEnd !== input.length)
    fail(context, frameEnd, 'the end of the compressed input after one frame', `${input.length - frameEnd} more byte(s)`);

  // The same blocks behind a single-segment header (8-byte content size, no checksum) of the
  // declared size plus one: the window fzstd allocates is then the output's size and one byte,
  // and a block regenerating more than the declared size shows (fzstd silently cuts a block at
  // its window, so a window of exactly the declared size would hide the overflow).
  const blocks = input.subarray(header.blocksAt, framed);
  const rewritten = new Uint8Array(13 + blocks.length);
  rewritten.set([0x28, 0xb5, 0x2f, 0xfd, 0xe0]);
  new DataView(rewritten.buffer).setBigUint64(5, BigInt(outputSize + 1), true);
  rewritten.set(blocks, 13);

  const out = new Uint8Array(outputSize);
  let written = 0;
  const decoder = new Decompress((chunk) => {
    if (written + chunk.length > outputSize) {
      fail(
        context,
        header.blocksAt,
        `a frame of the declared ${outputSize} bytes`,
        `more than ${outputSize} (${written + chunk.length} by a block)`,
      );
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    decoder.push(rewritten, true);
  } catch (e) {
    if (e instanceof ParseError) throw e;
    // fzstd on damaged bytes: an error of its own, or a typed-array range error.
    fail(context, header.blocksAt, 'blocks Zstandard can decode', e instanceof Error ? e.message : String(e));
  }
  if (written !== outputSize) fail(context, header.blocksAt, `a frame of the declared ${outputSize} bytes`, `${written} bytes`);
  return out;
}
