/**
 * Zstandard's entropy coding (RFC 8878 §4): the backward bitstream, FSE tables (built from
 * normalized counts, read from a description, or of one symbol) and Huffman tables and streams.
 * Every description that does not add up, and every read past a stream's start, is a refusal
 * naming the offset in the compressed input.
 */
import { refuseAt, refuseShortAt, type DecoderContext } from './decoder-context.js';

/** A refusal of the Zstandard stream at `at` (module-level, so the hot loops capture nothing). */
export const fail = (context: DecoderContext, at: number, expected: string, actual: string): never =>
  refuseAt(context, 'zstd', at, expected, actual);
/** The refusal of a Zstandard stream that needs `n` more bytes at `at` than its `end` holds. */
export const short = (context: DecoderContext, at: number, n: number, end: number): never => refuseShortAt(context, 'zstd', at, n, end);

/** An FSE decoding table: per state, the symbol, the bits to read and the baseline of the next state. */
export interface FseTable {
  accuracyLog: number;
  symbol: Uint8Array;
  bits: Uint8Array;
  baseline: Uint16Array;
}

/** A Huffman decoding table indexed by the next `maxBits` bits. */
export interface HuffmanTable {
  maxBits: number;
  symbol: Uint8Array;
  bits: Uint8Array;
}

/**
 * A bitstream read backwards (§4.1: from its last byte, after the final 1 bit that pads it, down
 * to its first). Reading past its start yields zero bits and leaves `bitsLeft` negative, so the
 * caller can refuse an overread.
 */
export class BackwardBits {
  bitsLeft = 0;
  constructor(
    private readonly data: Uint8Array,
    private readonly start: number,
    end: number,
    context: DecoderContext,
  ) {
    if (end <= start) short(context, start, 1, end);
    const last = data[end - 1]!;
    if (last === 0) fail(context, end - 1, 'a bitstream whose last byte holds its start bit', 'a last byte of 0');
    this.bitsLeft = (end - start) * 8 - (Math.clz32(last) - 24) - 1;
  }

  /** The next `n` bits (n ≤ 24), most significant first. */
  read(n: number): number {
    if (n === 0) return 0;
    this.bitsLeft -= n;
    let p = this.bitsLeft;
    let width = n;
    let lift = 0;
    if (p < 0) {
      // Past the start: the missing low bits are zeros.
      width += p;
      lift = -p;
      p = 0;
      if (width <= 0) return 0;
    }
    const d = this.data;
    const at = this.start + (p >> 3);
    // Bytes past the stream's end may be other data: only `width` bits starting at p are kept.
    const word = (d[at]! | (d[at + 1]! << 8) | (d[at + 2]! << 16) | (d[at + 3]! << 24)) >>> (p & 7);
    return ((word & ((1 << width) - 1)) << lift) >>> 0;
  }

  /** The next `n` bits for n up to 31 (offset extra bits). */
  readLong(n: number): number {
    if (n <= 24) return this.read(n);
    const high = this.read(n - 16);
    return high * 65536 + this.read(16);
  }
}

export function highBit(v: number): number {
  return 31 - Math.clz32(v);
}

/** Builds the decoding table of a normalized distribution (§4.1.1). */
export function buildFse(counts: readonly number[], accuracyLog: number): FseTable {
  const size = 1 << accuracyLog;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  const baseline = new Uint16Array(size);
  const next = new Uint16Array(counts.length);
  let high = size - 1;
  // "Less than 1" symbols take the last cells, one each.
  for (let s = 0; s < counts.length; s++) {
    if (counts[s] === -1) {
      symbol[high--] = s;
      next[s] = 1;
    } else next[s] = counts[s]!;
  }
  const step = (size >> 1) + (size >> 3) + 3;
  const mask = size - 1;
  let position = 0;
  for (let s = 0; s < counts.length; s++) {
    for (let i = 0; i < counts[s]!; i++) {
      symbol[position] = s;
      do position = (position + step) & mask;
      while (position > high);
    }
  }
  for (let state = 0; state < size; state++) {
    const s = symbol[state]!;
    const nextState = next[s]!++;
    const n = accuracyLog - highBit(nextState);
    bits[state] = n;
    baseline[state] = (nextState << n) - size;
  }
  return { accuracyLog, symbol, bits, baseline };
}

/** A table of one symbol (RLE mode): every state gives it, reading nothing. */
export function rleFse(s: number): FseTable {
  return { accuracyLog: 0, symbol: Uint8Array.of(s), bits: new Uint8Array(1), baseline: new Uint16Array(1) };
}

/** Reads an FSE table description (§4.1.1) at `at`; returns the table and where it ends. */
export function readFse(
  input: Uint8Array,
  at: number,
  end: number,
  maxLog: number,
  maxSymbol: number,
  context: DecoderContext,
  what: string,
): { table: FseTable; end: number } {
  if (at >= end) short(context, at, 1, end);
  const accuracyLog = (input[at]! & 15) + 5;
  if (accuracyLog > maxLog) fail(context, at, `a ${what} accuracy log of at most ${maxLog}`, String(accuracyLog));
  // A forward (least significant first) bitstream from `at`, the first 4 bits being the log.
  let bit = 4;
  const peek = (n: number): number => {
    const byte = at + (bit >> 3);
    if (byte >= end) short(context, byte, 1, end);
    const word = (input[byte]! | (input[byte + 1]! << 8) | (input[byte + 2]! << 16) | (input[byte + 3]! << 24)) >>> (bit & 7);
    return word & ((1 << n) - 1);
  };
  const counts: number[] = [];
  let remaining = (1 << accuracyLog) + 1;
  let threshold = 1 << accuracyLog;
  let nbBits = accuracyLog + 1;
  while (remaining > 1) {
    if (counts.length > maxSymbol) fail(context, at, `a ${what} distribution of at most ${maxSymbol + 1} symbols`, 'more');
    const max = 2 * threshold - 1 - remaining;
    let count: number;
    const low = peek(nbBits - 1);
    if (low < max) {
      count = low;
      bit += nbBits - 1;
    } else {
      count = peek(nbBits);
      if (count >= threshold) count -= max;
      bit += nbBits;
    }
    count--;
    remaining -= count < 0 ? -count : count;
    counts.push(count);
    if (count === 0) {
      // Runs of zero-probability symbols: 2-bit repeat flags, 3 meaning "and more".
      for (;;) {
        const repeat = peek(2);
        bit += 2;
        for (let i = 0; i < repeat; i++) counts.push(0);
        if (counts.length > maxSymbol + 1) fail(context, at, `a ${what} distribution of at most ${maxSymbol + 1} symbols`, 'more');
        if (repeat !== 3) break;
      }
    }
    while (remaining < threshold && threshold > 1) {
      nbBits--;
      threshold >>= 1;
    }
  }
  if (remaining !== 1 || counts.length > maxSymbol + 1)
    fail(context, at, `a ${what} distribution adding up to ${1 << accuracyLog}`, 'another sum');
  const stop = at + ((bit + 7) >> 3);
  if (stop > end) short(context, end, stop - end, end);
  return { table: buildFse(counts, accuracyLog), end: stop };
}

/** Builds a Huffman table from weights of all symbols but the last, whose weight is implied (§4.2.1). */
export function buildHuffman(weights: number[], context: DecoderContext, at: number): HuffmanTable {
  let total = 0;
  for (const w of weights) {
    if (w > 11) fail(context, at, 'Huffman weights of at most 11', String(w));
    if (w > 0) total += 1 << (w - 1);
  }
  if (total === 0) fail(context, at, 'Huffman weights with a nonzero sum', '0');
  const maxBits = highBit(total) + 1;
  const rest = (1 << maxBits) - total;
  if (maxBits > 11 || rest & (rest - 1))
    fail(context, at, 'Huffman weights that leave a power of two for the last symbol', `a rest of ${rest}`);
  weights.push(highBit(rest) + 1);
  if (weights.length > 256) fail(context, at, 'at most 256 Huffman symbols', String(weights.length));
  const size = 1 << maxBits;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  // Codes in order of weight, then of symbol: each weight-w symbol takes 2^(w−1) consecutive cells.
  let position = 0;
  for (let w = 1; w <= maxBits; w++) {
    for (let s = 0; s < weights.length; s++) {
      if (weights[s] !== w) continue;
      const span = 1 << (w - 1);
      symbol.fill(s, position, position + span);
      bits.fill(maxBits + 1 - w, position, position + span);
      position += span;
    }
  }
  return { maxBits, symbol, bits };
}

/** Reads a Huffman tree description at `at`; returns the table and where it ends. */
export function readHuffman(input: Uint8Array, at: number, end: number, context: DecoderContext): { table: HuffmanTable; end: number } {
  if (at >= end) short(context, at, 1, end);
  const header = input[at]!;
  const weights: number[] = [];
  if (header >= 128) {
    // Direct: 4 bits per weight, first weight in the high nibble.
    const n = header - 127;
    const stop = at + 1 + ((n + 1) >> 1);
    if (stop > end) short(context, at + 1, stop - at - 1, end);
    for (let i = 0; i < n; i++) weights.push(i & 1 ? input[at + 1 + (i >> 1)]! & 15 : input[at + 1 + (i >> 1)]! >> 4);
    return { table: buildHuffman(weights, context, at), end: stop };
  }
  // FSE-compressed weights: a table (log ≤ 6), then two interleaved states over a backward stream.
  const stop = at + 1 + header;
  if (stop > end) short(context, at + 1, header, end);
  const { table, end: streamAt } = readFse(input, at + 1, stop, 6, 255, context, 'Huffman weight');
  const bits = new BackwardBits(input, streamAt, stop, context);
  let state1 = bits.read(table.accuracyLog);
  let state2 = bits.read(table.accuracyLog);
  for (;;) {
    if (weights.length > 254) fail(context, at, 'at most 255 Huffman weights', 'more');
    weights.push(table.symbol[state1]!);
    state1 = table.baseline[state1]! + bits.read(table.bits[state1]!);
    if (bits.bitsLeft < 0) {
      weights.push(table.symbol[state2]!);
      break;
    }
    weights.push(table.symbol[state2]!);
    state2 = table.baseline[state2]! + bits.read(table.bits[state2]!);
    if (bits.bitsLeft < 0) {
      weights.push(table.symbol[state1]!);
      break;
    }
  }
  return { table: buildHuffman(weights, context, at), end: stop };
}

/** Decodes one Huffman stream [start, end) into `out[from, to)`; the stream must be consumed exactly. */
export function decodeHuffmanStream(
  input: Uint8Array,
  start: number,
  end: number,
  table: HuffmanTable,
  out: Uint8Array,
  from: number,
  to: number,
  context: DecoderContext,
): void {
  const bits = new BackwardBits(input, start, end, context);
  const { maxBits, symbol, bits: lengths } = table;
  const mask = (1 << maxBits) - 1;
  // The hot loop reads its window with one DataView load while 4 bytes remain in the buffer.
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const fast = input.length - 4;
  let left = bits.bitsLeft;
  let i = from;
  // Two symbols per load: a 24-bit window holds two codes of at most 11 bits.
  for (; i + 1 < to; i += 2) {
    const p = left - 24;
    const at = start + (p >> 3);
    if (p < 0 || at > fast) break;
    const window = (view.getUint32(at, true) >>> (p & 7)) & 0xffffff;
    const first = (window >>> (24 - maxBits)) & mask;
    const used = lengths[first]!;
    const second = (window >>> (24 - used - maxBits)) & mask;
    out[i] = symbol[first]!;
    out[i + 1] = symbol[second]!;
    left -= used + lengths[second]!;
  }
  bits.bitsLeft = left;
  for (; i < to; i++) {
    // Peek maxBits (zeros past the start), then give back what the code did not use.
    const index = bits.read(maxBits);
    out[i] = symbol[index]!;
    bits.bitsLeft += maxBits - lengths[index]!;
  }
  if (bits.bitsLeft !== 0) fail(context, start, 'a Huffman stream consumed exactly', `${bits.bitsLeft} bits left over`);
}
