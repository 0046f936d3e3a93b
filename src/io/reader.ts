import { ParseError } from './errors.js';
import { formatValue, hex, type PathSegment } from './format.js';

/**
 * Little-endian reader over a byte range. Positions are absolute offsets into the input, so a
 * bounded sub-reader reports the same offsets as its parent. The field path is kept here so
 * that any refusal, truncation included, names the field it happened in.
 */
export class ByteReader {
  /** The whole input (offsets are into it). */
  readonly bytes: Uint8Array;
  /** A view of the whole input. */
  readonly view: DataView;
  /** Absolute offset of the next byte to read. */
  pos: number;
  /** Absolute offset one past the last readable byte. */
  readonly end: number;
  /** The current field path; structures push and pop their field names. */
  readonly path: PathSegment[];

  /**
   * A reader over `bytes[start, end)`; throws a `RangeError` when the range does not lie inside the
   * bytes. `view`, when given, must be a view of exactly `bytes` (readers of many small structures
   * in the same bytes share one: making a DataView costs more than reading a header through it).
   */
  constructor(bytes: Uint8Array, start = 0, end = bytes.length, path: PathSegment[] = [], view?: DataView) {
    if (start < 0 || end > bytes.length || start > end) throw new RangeError(`bad reader range ${start}..${end} of ${bytes.length}`);
    this.bytes = bytes;
    this.view = view ?? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
    this.end = end;
    this.path = path;
  }

  /** Bytes left between the position and the end. */
  get remaining(): number {
    return this.end - this.pos;
  }

  /** Always throws: a {@link ParseError} at the position (or `offset`) with the current field path. */
  fail(expected: string, actual: string, offset = this.pos): never {
    throw new ParseError({ offset, path: this.path, expected, actual });
  }

  /** Returns when `n` more bytes can be read; throws a {@link ParseError} otherwise. */
  need(n: number): void {
    if (this.pos + n > this.end) {
      this.fail(`${n} more byte${n === 1 ? '' : 's'}`, this.remaining === 0 ? 'the end of the data' : `only ${this.remaining}`);
    }
  }

  /** The next byte; refuses with a {@link ParseError} at the end of the data. */
  u8(): number {
    if (this.pos + 1 > this.end) this.need(1);
    return this.view.getUint8(this.pos++);
  }

  /** The next little-endian u16; refuses with a {@link ParseError} when fewer than 2 bytes remain. */
  u16(): number {
    if (this.pos + 2 > this.end) this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }

  /** The next little-endian u32; refuses with a {@link ParseError} when fewer than 4 bytes remain. */
  u32(): number {
    if (this.pos + 4 > this.end) this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /**
   * The next little-endian u64 as a bigint; refuses with a {@link ParseError} when fewer than 8 bytes remain.
   */
  u64(): bigint {
    if (this.pos + 8 > this.end) this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /**
   * A JavaScript number cannot carry a signalling NaN's bits back out (they are quietened), so
   * such a value would not re-encode to the same bytes: it is refused instead of silently changed.
   */
  f32(): number {
    if (this.pos + 4 > this.end) this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    if (v !== v) {
      const bits = this.view.getUint32(this.pos, true);
      if ((bits & 0x00400000) === 0) this.fail('an f32 that is not a signalling NaN', `bits ${hex(bits)}`);
    }
    this.pos += 4;
    return v;
  }

  /**
   * The next four f32 lanes (a position or quaternion) with one bounds check; throws a {@link ParseError} as {@link ByteReader.f32} does.
   */
  vec4(): [number, number, number, number] {
    if (this.pos + 16 > this.end) this.need(16);
    const view = this.view;
    const p = this.pos;
    const x = view.getFloat32(p, true);
    const y = view.getFloat32(p + 4, true);
    const z = view.getFloat32(p + 8, true);
    const w = view.getFloat32(p + 12, true);
    // Any NaN lane goes through f32() for its signalling check; the common case stays cheap.
    if (x !== x || y !== y || z !== z || w !== w) {
      // V8 may replace a NaN stored into an array of doubles with its one canonical NaN (payload
      // and sign lost, so the lane would not re-encode to its bytes), depending on how far this
      // code is optimised. An array that starts with non-number elements keeps generic elements:
      // each lane stays a boxed number with its exact bits.
      const lanes = [null, null, null, null] as unknown as [number, number, number, number];
      for (let i = 0; i < 4; i++) lanes[i] = this.f32();
      return lanes;
    }
    this.pos = p + 16;
    return [x, y, z, w];
  }

  /** A copy of the next `n` bytes; throws a {@link ParseError} when fewer remain. */
  raw(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /**
   * A reader bounded to the next `n` bytes, sharing offsets and path, this reader advanced past them; throws a {@link ParseError} when fewer remain.
   */
  sub(n: number): ByteReader {
    this.need(n);
    const child = new ByteReader(this.bytes, this.pos, this.pos + n, this.path, this.view);
    this.pos += n;
    return child;
  }

  /**
   * Returns when nothing is left; throws a {@link ParseError} otherwise (every structure must consume its input to the exact end).
   */
  expectEnd(): void {
    if (this.pos !== this.end)
      this.fail('the end of the data', `${formatValue(this.remaining)} byte${this.remaining === 1 ? '' : 's'} more`);
  }
}
