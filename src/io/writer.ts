import { EncodeError } from './errors.js';
import type { PathSegment } from './format.js';

/**
 * Little-endian writer into a growing buffer. Its methods store what they are given; checking
 * that a value fits its field is the codecs' part, which refuse through `refuse` with the field
 * path kept here (kept up to date only when the write context asks for paths).
 */
export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  /** Bytes written so far. */
  pos = 0;
  /** The current field path; structures push and pop their field names when paths are kept. */
  readonly path: PathSegment[] = [];

  /** An empty writer; the buffer grows as needed. Never throws. */
  constructor(initialCapacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buffer.buffer);
  }

  private ensure(n: number): void {
    const needed = this.pos + n;
    if (needed <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < needed) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.buffer.subarray(0, this.pos));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  /** Appends one byte. */
  u8(v: number): void {
    this.ensure(1);
    this.view.setUint8(this.pos, v);
    this.pos += 1;
  }

  /** Appends a little-endian u16. */
  u16(v: number): void {
    this.ensure(2);
    this.view.setUint16(this.pos, v, true);
    this.pos += 2;
  }

  /** Appends a little-endian u32 (the value taken modulo 2³²). */
  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.pos += 4;
  }

  /** Appends a little-endian u64 (the value taken modulo 2⁶⁴). */
  u64(v: bigint): void {
    this.ensure(8);
    // setBigUint64 itself takes the value modulo 2^64; codecs refuse values outside 0..2^64 − 1 first.
    this.view.setBigUint64(this.pos, v, true);
    this.pos += 8;
  }

  /** Appends a little-endian f32 (the value rounded to single precision). */
  f32(v: number): void {
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
  }

  /** Appends the bytes as they are. */
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buffer.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** Refuses to write a value at the current position (or `offset`), with the current path. */
  refuse(expected: string, actual: string, offset = this.pos): never {
    throw new EncodeError({ offset, path: this.path, expected, actual });
  }

  /** The bytes written so far (a copy, so the writer may be reused). */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.pos);
  }
}
