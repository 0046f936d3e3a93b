/**
 * A Zstandard decompressor (the archive's method 6, our reading), written from the format's
 * public specification (RFC 8878), bounded by the declared size: it decodes one frame straight
 * into an output of exactly that size, which is also its window (a frame holds no dictionary and
 * a match cannot reach before the frame's first byte), so nothing the frame advertises is
 * allocated. Every length is checked before it is copied: a literal run beyond the literals
 * decoded, a match before the output's start or past the declared size, a block past 128 KiB, a
 * bitstream read past its start or not consumed exactly, a table description that does not add
 * up: each is a refusal naming the offset in the compressed input. Work is bounded by the input
 * and the declared size (no loop runs without consuming input or producing output).
 *
 * Left out, on purpose: dictionaries (refused by id), several frames in one block (refused), and
 * the content checksum (XXH64), which is skipped: the archive's Adler-32 of each block's stored
 * bytes already catches damage.
 */
import { decodeIntoNew, type DecoderContext } from './decoder-context.js';
import { BackwardBits, buildFse, fail, readFse, rleFse, short, type FseTable } from './zstd-entropy.js';
import { MAX_BLOCK, readLiterals, type FrameState } from './zstd-literals.js';

// Literal length and match length codes: baselines and extra bits (RFC 8878 §3.1.1.3.2.1.1).
const LL_BASE = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
  16384, 32768, 65536,
];
const LL_BITS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const ML_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 37, 39, 41,
  43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539,
];
const ML_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9,
  10, 11, 12, 13, 14, 15, 16,
];

// The predefined distributions (§3.1.1.3.2.2), −1 being "less than 1".
const LL_DEFAULT = [4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1];
const ML_DEFAULT = [
  1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  -1, -1, -1, -1, -1, -1, -1,
];
const OF_DEFAULT = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1];

const PREDEFINED = new Map<readonly number[], FseTable>();

/** Reads one of the three sequence tables by its mode; returns it and where it ends. */
function readSequenceTable(
  mode: number,
  input: Uint8Array,
  at: number,
  end: number,
  defaults: readonly number[],
  defaultLog: number,
  maxLog: number,
  maxSymbol: number,
  previous: FseTable | undefined,
  context: DecoderContext,
  what: string,
): { table: FseTable; end: number } {
  if (mode === 0) {
    // The predefined tables never change: built once.
    let table = PREDEFINED.get(defaults);
    if (table === undefined) PREDEFINED.set(defaults, (table = buildFse(defaults, defaultLog)));
    return { table, end: at };
  }
  if (mode === 1) {
    if (at >= end) short(context, at, 1, end);
    const s = input[at]!;
    if (s > maxSymbol) fail(context, at, `a ${what} code of at most ${maxSymbol}`, String(s));
    return { table: rleFse(s), end: at + 1 };
  }
  if (mode === 2) return readFse(input, at, end, maxLog, maxSymbol, context, what);
  if (previous === undefined) fail(context, at, `a ${what} table from an earlier block to repeat`, 'none');
  return { table: previous!, end: at };
}

/** Decodes a compressed block [at, end) into `out` from `op`; returns the new output position. */
function decodeCompressedBlock(
  input: Uint8Array,
  at: number,
  end: number,
  out: Uint8Array,
  op: number,
  state: FrameState,
  context: DecoderContext,
): number {
  const { literals, end: sequencesAt } = readLiterals(input, at, end, out.length - op, state, context);
  let p = sequencesAt;
  if (p >= end) short(context, p, 1, end);
  const b0 = input[p]!;
  let count: number;
  if (b0 < 128) {
    count = b0;
    p += 1;
  } else if (b0 < 255) {
    if (p + 2 > end) short(context, p, 2, end);
    count = ((b0 - 128) << 8) + input[p + 1]!;
    p += 2;
  } else {
    if (p + 3 > end) short(context, p, 3, end);
    count = input[p + 1]! + (input[p + 2]! << 8) + 0x7f00;
    p += 3;
  }
  const outputSize = out.length;
  if (count === 0) {
    if (p !== end) fail(context, p, 'the end of a block without sequences', `${end - p} more byte(s)`);
    if (op + literals.length > outputSize)
      fail(context, at, `literals within the declared ${outputSize} bytes`, `${literals.length} at output ${op}`);
    out.set(literals, op);
    return op + literals.length;
  }
  if (p >= end) short(context, p, 1, end);
  const modes = input[p]!;
  if (modes & 3) fail(context, p, 'sequence compression modes with the reserved bits clear', `0x${modes.toString(16)}`);
  p++;
  const ll = readSequenceTable(modes >> 6, input, p, end, LL_DEFAULT, 6, 9, 35, state.literalLengths, context, 'literal length');
  const of = readSequenceTable((modes >> 4) & 3, input, ll.end, end, OF_DEFAULT, 5, 8, 31, state.offsets, context, 'offset');
  const ml = readSequenceTable((modes >> 2) & 3, input, of.end, end, ML_DEFAULT, 6, 9, 52, state.matchLengths, context, 'match length');
  state.literalLengths = ll.table;
  state.offsets = of.table;
  state.matchLengths = ml.table;
  const streamAt = ml.end;
  const bits = new BackwardBits(input, streamAt, end, context);
  const llT = ll.table;
  const ofT = of.table;
  const mlT = ml.table;
  let llState = bits.read(llT.accuracyLog);
  let ofState = bits.read(ofT.accuracyLog);
  let mlState = bits.read(mlT.accuracyLog);
  const rep = state.rep;
  let lit = 0;
  for (let i = 0; i < count; i++) {
    const ofCode = ofT.symbol[ofState]!;
    const llCode = llT.symbol[llState]!;
    const mlCode = mlT.symbol[mlState]!;
    if (ofCode > 31) fail(context, streamAt, 'offset codes of at most 31', String(ofCode));
    // Extra bits in this order: offset, match length, literal length.
    const offsetValue = (ofCode < 31 ? 1 << ofCode : 2 ** 31) + bits.readLong(ofCode);
    const matchLength = ML_BASE[mlCode]! + bits.read(ML_BITS[mlCode]!);
    const literalLength = LL_BASE[llCode]! + bits.read(LL_BITS[llCode]!);
    let offset: number;
    if (offsetValue > 3) {
      offset = offsetValue - 3;
      rep[2] = rep[1];
      rep[1] = rep[0];
      rep[0] = offset;
    } else {
      // Repeat offsets (§3.1.1.5): a literal length of 0 shifts the index by one.
      const index = offsetValue - 1 + (literalLength === 0 ? 1 : 0);
      if (index === 0) offset = rep[0];
      else {
        offset = index === 3 ? rep[0] - 1 : rep[index]!;
        if (index !== 1) rep[2] = rep[1];
        rep[1] = rep[0];
        rep[0] = offset;
      }
    }
    if (i + 1 < count) {
      // States update in this order: literal length, match length, offset.
      llState = llT.baseline[llState]! + bits.read(llT.bits[llState]!);
      mlState = mlT.baseline[mlState]! + bits.read(mlT.bits[mlState]!);
      ofState = ofT.baseline[ofState]! + bits.read(ofT.bits[ofState]!);
    }
    if (bits.bitsLeft < 0) fail(context, streamAt, 'a sequence bitstream that holds its sequences', `sequence ${i} reads past its start`);
    if (lit + literalLength > literals.length)
      fail(context, streamAt, `literal runs within the ${literals.length} literals`, `${literalLength} at literal ${lit} (sequence ${i})`);
    if (op + literalLength + matchLength > outputSize)
      fail(
        context,
        streamAt,
        `sequences within the declared ${outputSize} bytes`,
        `${literalLength + matchLength} at output ${op} (sequence ${i})`,
      );
    if (literalLength > 16) out.set(literals.subarray(lit, lit + literalLength), op);
    else for (let k = 0; k < literalLength; k++) out[op + k] = literals[lit + k]!;
    op += literalLength;
    lit += literalLength;
    if (offset === 0 || offset > op) fail(context, streamAt, `a match within the ${op} bytes written`, `offset ${offset} (sequence ${i})`);
    const from = op - offset;
    if (offset >= matchLength && matchLength > 16) out.copyWithin(op, from, from + matchLength);
    // Overlapping: each byte may be one this match just wrote.
    else for (let k = 0; k < matchLength; k++) out[op + k] = out[from + k]!;
    op += matchLength;
  }
  if (bits.bitsLeft !== 0) fail(context, streamAt, 'a sequence bitstream consumed exactly', `${bits.bitsLeft} bits left over`);
  const rest = literals.length - lit;
  if (op + rest > outputSize) fail(context, at, `literals within the declared ${outputSize} bytes`, `${rest} at output ${op}`);
  out.set(literals.subarray(lit), op);
  return op + rest;
}

/** Reads the frame header (§3.1.1.1); returns whether a checksum follows the blocks, and where they start. */
function readFrameHeader(input: Uint8Array, outputSize: number, context: DecoderContext): { checksum: boolean; blocksAt: number } {
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
  // The window descriptor: our window is the declared output, whatever the frame advertises.
  if (!singleSegment) at++;
  if (at + dictionaryBytes + sizeBytes > end) short(context, at, dictionaryBytes + sizeBytes, end);
  let dictionary = 0;
  for (let i = dictionaryBytes - 1; i >= 0; i--) dictionary = dictionary * 256 + input[at + i]!;
  if (dictionary !== 0) fail(context, at, 'a frame without a dictionary (the archive holds none)', `dictionary id ${dictionary}`);
  at += dictionaryBytes;
  if (sizeBytes > 0) {
    let size = 0;
    for (let i = sizeBytes - 1; i >= 0; i--) size = size * 256 + input[at + i]!;
    // The 2-byte form counts from 256 (§3.1.1.1.4).
    const contentSize = sizeBytes === 2 ? size + 256 : size;
    if (contentSize !== outputSize) fail(context, at, `a frame content size of the declared ${outputSize} bytes`, `${contentSize}`);
  }
  return { checksum: (descriptor & 0x04) !== 0, blocksAt: at + sizeBytes };
}

/**
 * Decompresses one Zstandard frame into exactly `outputSize` bytes; throws a ParseError naming
 * the offset in the stream (plus `context.baseOffset`) when the frame is malformed, uses a
 * dictionary, declares another content size, would regenerate more or fewer bytes than
 * `outputSize`, or is followed by other bytes. Only the output (and per block at most 128 KiB of
 * literals and small tables) is allocated, whatever the frame advertises.
 */
export function decompressZstd(input: Uint8Array, outputSize: number, context: DecoderContext = {}): Uint8Array {
  return decodeIntoNew('zstd', input, outputSize, context, decompressZstdInto);
}

/**
 * Decompresses one frame into `out`, whose length is the declared size (e.g. a block's place in
 * its set's buffer); throws as {@link decompressZstd} does. Bytes of `out` are overwritten even when
 * the frame is refused.
 */
export function decompressZstdInto(input: Uint8Array, out: Uint8Array, context: DecoderContext = {}): void {
  const outputSize = out.length;
  const header = readFrameHeader(input, outputSize, context);
  const end = input.length;
  const state: FrameState = { huffman: undefined, literalLengths: undefined, offsets: undefined, matchLengths: undefined, rep: [1, 4, 8] };
  let at = header.blocksAt;
  let op = 0;
  for (;;) {
    if (at + 3 > end) short(context, at, 3, end);
    const word = input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16);
    const last = (word & 1) !== 0;
    const type = (word >> 1) & 3;
    const size = word >>> 3;
    if (type === 3) fail(context, at, 'a raw, RLE or compressed block (types 0–2)', 'the reserved block type 3');
    if (size > MAX_BLOCK) fail(context, at, `a block of at most ${MAX_BLOCK} bytes`, `${size} bytes`);
    const from = at + 3;
    if (type === 0 || type === 1) {
      if (op + size > outputSize) fail(context, at, `blocks within the declared ${outputSize} bytes`, `${size} more at output ${op}`);
      if (type === 0) {
        if (from + size > end) short(context, from, size, end);
        out.set(input.subarray(from, from + size), op);
        at = from + size;
      } else {
        if (from + 1 > end) short(context, from, 1, end);
        out.fill(input[from]!, op, op + size);
        at = from + 1;
      }
      op += size;
    } else {
      if (from + size > end) short(context, from, size, end);
      if (size === 0) fail(context, at, 'a compressed block of at least one byte', '0 bytes');
      const before = op;
      op = decodeCompressedBlock(input, from, from + size, out, op, state, context);
      if (op - before > MAX_BLOCK) fail(context, at, `a block regenerating at most ${MAX_BLOCK} bytes`, String(op - before));
      at = from + size;
    }
    if (last) break;
  }
  if (header.checksum) {
    if (at + 4 > end) short(context, at, 4, end);
    at += 4;
  }
  if (at !== end) fail(context, at, 'the end of the compressed input after one frame', `${end - at} more byte(s)`);
  if (op !== outputSize) fail(context, at, `a frame of the declared ${outputSize} bytes`, `${op} bytes`);
}
