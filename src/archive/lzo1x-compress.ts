/**
 * An LZO1X compressor, so the archive writer builds compressed archives with no reference library
 * (tests and fuzzing need no Python). It writes the bitstream lzo1x.ts reads, restricted to what a
 * greedy single-probe matcher needs: literal runs, and matches as M2 (3–8 bytes, at most 2,048
 * back), M3 (at most 16,384 back) and M4 (at most 49,151 back), then the end marker `11 00 00`.
 * Ratios are close to LZO1X-1's, not LZO1X-999's; any conforming decoder reads the result.
 */

/** Farthest match distance the bitstream can express (M4: 16,384 + 32,767). */
const MAX_DISTANCE = 49_151;
/** Shortest match taken: a 4-byte hash probe confirms 4 bytes. */
const MIN_MATCH = 4;
const HASH_BITS = 14;

/** Output that doubles as it fills (a 4-byte-per-255 worst case is never reached by short inputs). */
class Out {
  bytes: Uint8Array;
  length = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  byte(b: number): void {
    this.room(1);
    this.bytes[this.length++] = b;
  }
  /** A count beyond a field's range: 255 per zero byte, then the remainder (1–255). */
  extension(rest: number): void {
    const zeros = Math.floor((rest - 1) / 255);
    this.room(zeros + 1);
    for (let i = 0; i < zeros; i++) this.bytes[this.length++] = 0;
    this.bytes[this.length++] = rest - 255 * zeros;
  }
  copy(source: Uint8Array, from: number, n: number): void {
    this.room(n);
    this.bytes.set(source.subarray(from, from + n), this.length);
    this.length += n;
  }
}

/**
 * The LZO1X stream of `input` (decompressed size: `input.length`, which the caller records, as
 * a set's size table does). Never throws.
 */
export function compressLzo1x(input: Uint8Array): Uint8Array {
  const n = input.length;
  const out = new Out(n + (n >> 4) + 64);
  const table = new Int32Array(1 << HASH_BITS).fill(-1);
  const hashAt = (i: number): number =>
    (Math.imul(input[i]! | (input[i + 1]! << 8) | (input[i + 2]! << 16) | (input[i + 3]! << 24), 0x9e3779b1) >>> (32 - HASH_BITS)) | 0;
  // A match carries the count of up to 3 literals after it in the low two bits of one of its bytes,
  // known only once the next match is found: that byte's position in the output.
  let literalBitsAt = -1;
  let literalsFrom = 0;
  let first = true;

  /** Writes the literals input[literalsFrom, to) after the previous match (or at the start). */
  const literals = (to: number): void => {
    const count = to - literalsFrom;
    if (first) {
      first = false;
      // At the start a first byte of 18–255 is a run of byte − 17 literals; longer runs take the
      // run instruction (0–15), read at the start as after a match that carried no literals.
      if (count > 0 && count <= 238) out.byte(17 + count);
      else if (count > 0) runInstruction(count);
    } else if (count > 0 && count <= 3) {
      out.bytes[literalBitsAt] |= count;
    } else if (count > 0) {
      runInstruction(count);
    }
    out.copy(input, literalsFrom, count);
  };
  const runInstruction = (count: number): void => {
    if (count <= 18) out.byte(count - 3);
    else {
      out.byte(0);
      out.extension(count - 18);
    }
  };

  let i = 0;
  while (i + MIN_MATCH <= n) {
    const h = hashAt(i);
    const candidate = table[h]!;
    table[h] = i;
    const distance = i - candidate;
    if (
      candidate < 0 ||
      distance > MAX_DISTANCE ||
      input[candidate] !== input[i] ||
      input[candidate + 1] !== input[i + 1] ||
      input[candidate + 2] !== input[i + 2] ||
      input[candidate + 3] !== input[i + 3]
    ) {
      i++;
      continue;
    }
    let length = MIN_MATCH;
    while (i + length < n && input[candidate + length] === input[i + length]) length++;
    literals(i);
    const d = distance - 1;
    if (length <= 8 && distance <= 2048) {
      // M2: length − 1 in the top three bits, the distance's low three bits, then its high byte.
      out.byte(((length - 1) << 5) | ((d & 7) << 2));
      literalBitsAt = out.length - 1;
      out.byte(d >> 3);
    } else {
      const far = distance > 16_384;
      const lengthBits = far ? 7 : 31;
      const field = length - 2 <= lengthBits ? length - 2 : 0;
      if (far) {
        const dd = distance - 16_384;
        out.byte(16 | ((dd >> 14) << 3) | field);
        if (field === 0) out.extension(length - 2 - lengthBits);
        out.byte(((dd & 0x3fff) << 2) & 0xff);
        literalBitsAt = out.length - 1;
        out.byte((dd & 0x3fff) >> 6);
      } else {
        out.byte(32 | field);
        if (field === 0) out.extension(length - 2 - lengthBits);
        out.byte((d << 2) & 0xff);
        literalBitsAt = out.length - 1;
        out.byte(d >> 6);
      }
    }
    // Positions inside the match are hashed too, so a repeat of them is found later.
    const end = i + length;
    for (let j = i + 1; j < end && j + MIN_MATCH <= n; j++) table[hashAt(j)] = j;
    i = end;
    literalsFrom = i;
  }
  literals(n);
  out.byte(0x11);
  out.byte(0);
  out.byte(0);
  return out.bytes.slice(0, out.length);
}

/**
 * For the archive writer's `compress`: the LZO1X stream of `block`, or undefined when it is not
 * smaller than the block (which is then stored raw). Never throws.
 */
export function compressLzo1xBlock(block: Uint8Array): Uint8Array | undefined {
  const stream = compressLzo1x(block);
  return stream.length < block.length ? stream : undefined;
}
