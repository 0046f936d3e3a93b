import { formatValue, hex } from '../io/format.js';
import type { ByteReader } from '../io/reader.js';
import type { ByteWriter } from '../io/writer.js';
import type { Vec4 } from '../math/vector.js';
import { PrimitiveKind, type Codec, type ConstCodec } from './codec.js';

function primitive<T>(typeName: string, size: number, kind: PrimitiveKind, read: (r: ByteReader) => T, write: (w: ByteWriter, v: T) => void): Codec<T> {
  return { typeName, fixedSize: size, minSize: size, primitive: kind, read: (r) => read(r), write };
}

/** Unsigned 8-bit integer. Reading refuses with a {@link ParseError} at the end of the data. */
export const u8 = primitive<number>('u8', 1, PrimitiveKind.U8, (r) => r.u8(), (w, v) => w.u8(v));
/**
 * Unsigned 16-bit little-endian integer. Reading refuses with a {@link ParseError} at the end of the data.
 */
export const u16 = primitive<number>('u16', 2, PrimitiveKind.U16, (r) => r.u16(), (w, v) => w.u16(v));
/**
 * Unsigned 32-bit little-endian integer. Reading refuses with a {@link ParseError} at the end of the data.
 */
export const u32 = primitive<number>('u32', 4, PrimitiveKind.U32, (r) => r.u32(), (w, v) => w.u32(v));
/**
 * Unsigned 64-bit little-endian integer, as a bigint. Reading refuses with a {@link ParseError} at the end of the data.
 */
export const u64 = primitive<bigint>('u64', 8, PrimitiveKind.U64, (r) => r.u64(), (w, v) => w.u64(v));
/**
 * 32-bit little-endian float. Reading refuses with a {@link ParseError} at the end of the data and on a
 * signalling NaN, whose bits a JavaScript number cannot carry back out.
 */
export const f32 = primitive<number>('f32', 4, PrimitiveKind.F32, (r) => r.f32(), (w, v) => w.f32(v));

/**
 * Four f32 lanes: a position (x, y, z, 0) or a rotation quaternion (x, y, z, w). Reading refuses with a {@link ParseError} as {@link f32} does.
 */
export const vec4: Codec<Vec4> = {
  typeName: 'f32 × 4',
  fixedSize: 16,
  minSize: 16,
  primitive: PrimitiveKind.Vec4,
  read: (r) => r.vec4(),
  write: (w, v) => {
    w.f32(v[0]);
    w.f32(v[1]);
    w.f32(v[2]);
    w.f32(v[3]);
  },
};

/**
 * A codec of `n` bytes kept exactly as read (a portion whose packing is unknown). Reading refuses with a {@link ParseError} when fewer remain; writing throws a `RangeError` on a value of another length.
 */
export function rawBytes(n: number): Codec<Uint8Array> {
  return {
    typeName: `${n} raw bytes`,
    fixedSize: n,
    minSize: n,
    layout: { kind: 'raw', length: n },
    read: (r) => r.raw(n),
    write: (w, v) => {
      if (v.length !== n) throw new RangeError(`expected ${n} raw bytes, got ${v.length}`);
      w.raw(v);
    },
  };
}

function constant(base: Codec<number>, digits: number, value: number, label?: string): ConstCodec<number> {
  const shown = digits >= 8 ? hex(value, digits) : String(value);
  const expected = label ? `${shown} (${label})` : shown;
  return {
    typeName: `${base.typeName} = ${shown}`,
    fixedSize: base.fixedSize,
    minSize: base.minSize,
    constant: value,
    primitive: base.primitive,
    layout: { kind: 'constant', value },
    read: (r, ctx) => {
      const at = r.pos;
      const got = base.read(r, ctx);
      if (got !== value) r.fail(expected, digits >= 8 ? hex(got, digits) : formatValue(got), at);
      return got;
    },
    write: (w) => base.write(w, value),
  };
}

/**
 * A codec of a byte the format fixes (a tag or a managed flag): reading refuses any other value with a {@link ParseError}; writing writes the constant whatever it is given.
 */
export function constU8(value: number, label?: string): ConstCodec<number> {
  return constant(u8, 2, value, label);
}

/**
 * A codec of a word the format fixes (a class hash): reading refuses any other value with a {@link ParseError}; writing writes the constant whatever it is given.
 */
export function constU32(value: number, label?: string): ConstCodec<number> {
  return constant(u32, 8, value, label);
}
