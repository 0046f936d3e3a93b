import { describeValue, formatValue, hex } from '../io/format.js';
import type { ByteReader } from '../io/reader.js';
import type { ByteWriter } from '../io/writer.js';
import type { Vec4 } from '../math/vector.js';
import { PrimitiveKind, type Codec, type ConstCodec, type WriteContext } from './codec.js';

function primitive<T>(
  typeName: string,
  size: number,
  kind: PrimitiveKind,
  read: (r: ByteReader) => T,
  write: (w: ByteWriter, v: T, ctx: WriteContext) => void,
): Codec<T> {
  return { typeName, fixedSize: size, minSize: size, primitive: kind, read: (r) => read(r), write };
}

// Writing refuses what the field cannot hold instead of letting the DataView wrap or round it:
// integers must be whole and in range (no NaN, no coercion of strings or bigints), u64 takes a
// bigint 0..2^64 − 1.
const U8_MAX = 0xff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const U8_EXPECTED = `an integer 0..${U8_MAX}`;
const U16_EXPECTED = `an integer 0..${U16_MAX}`;
const U32_EXPECTED = `an integer 0..${U32_MAX}`;
const U64_MAX = 0xffffffffffffffffn;
const U64_EXPECTED = `a bigint 0..${U64_MAX}`;

/**
 * The smallest magnitude that rounds to ±Infinity as an f32: halfway between the largest f32,
 * 2^128 − 2^104, and 2^128 (a tie rounds to the even mantissa, which is 2^128 itself).
 */
const F32_OVERFLOW = 2 ** 128 - 2 ** 103;
const F32_MAX = 2 ** 128 - 2 ** 104;
const F32_EXPECTED = `a finite value within the f32 range (±${F32_MAX} after rounding)`;

/**
 * An f32 field takes any number whose rounding to f32 keeps it what it is: finite values that do
 * not overflow, and NaN and ±Infinity given as such, since files hold them and the reader reads
 * them back bit for bit (a NaN's payload is kept by the number, and the writer stores it again).
 * A finite value that would become ±Infinity is refused, as is anything not a number.
 */
function refuseF32(w: ByteWriter, v: unknown, offset = w.pos): void {
  if (typeof v !== 'number') w.refuse('a number', describeValue(v), offset);
  if (Number.isFinite(v)) w.refuse(F32_EXPECTED, String(v), offset);
}

function fitsF32(v: unknown): boolean {
  return typeof v === 'number' && v < F32_OVERFLOW && v > -F32_OVERFLOW;
}

/** Unsigned 8-bit integer. Reading refuses with a {@link ParseError} at the end of the data; writing refuses (EncodeError) anything but an integer 0..255. */
export const u8 = primitive<number>(
  'u8',
  1,
  PrimitiveKind.U8,
  (r) => r.u8(),
  (w, v) => {
    if (!(Number.isInteger(v) && v >= 0 && v <= U8_MAX)) w.refuse(U8_EXPECTED, describeValue(v));
    w.u8(v);
  },
);
/** Unsigned 16-bit little-endian integer. Reading refuses with a {@link ParseError} at the end of the data; writing refuses (EncodeError) anything but an integer 0..65535. */
export const u16 = primitive<number>(
  'u16',
  2,
  PrimitiveKind.U16,
  (r) => r.u16(),
  (w, v) => {
    if (!(Number.isInteger(v) && v >= 0 && v <= U16_MAX)) w.refuse(U16_EXPECTED, describeValue(v));
    w.u16(v);
  },
);
/** Unsigned 32-bit little-endian integer. Reading refuses with a {@link ParseError} at the end of the data; writing refuses (EncodeError) anything but an integer 0..2^32 − 1. */
export const u32 = primitive<number>(
  'u32',
  4,
  PrimitiveKind.U32,
  (r) => r.u32(),
  (w, v) => {
    if (!(Number.isInteger(v) && v >= 0 && v <= U32_MAX)) w.refuse(U32_EXPECTED, describeValue(v));
    w.u32(v);
  },
);
/** Unsigned 64-bit little-endian integer, as a bigint. Reading refuses with a {@link ParseError} at the end of the data; writing refuses (EncodeError) anything but a bigint 0..2^64 − 1. */
export const u64 = primitive<bigint>(
  'u64',
  8,
  PrimitiveKind.U64,
  (r) => r.u64(),
  (w, v) => {
    if (!(typeof v === 'bigint' && v >= 0n && v <= U64_MAX)) w.refuse(U64_EXPECTED, describeValue(v, 'bigint'));
    w.u64(v);
  },
);
/**
 * 32-bit little-endian float. Reading refuses with a {@link ParseError} at the end of the data and on a
 * signalling NaN, whose bits a JavaScript number cannot carry back out; writing refuses (EncodeError) a
 * non-number and a finite value that would round to ±Infinity.
 */
export const f32 = primitive<number>(
  'f32',
  4,
  PrimitiveKind.F32,
  (r) => r.f32(),
  (w, v) => {
    if (!fitsF32(v)) refuseF32(w, v);
    w.f32(v);
  },
);

const I32_MIN = -0x80000000;
const I32_MAX = 0x7fffffff;
const I32_EXPECTED = `an integer ${I32_MIN}..${I32_MAX}`;

/**
 * Signed 32-bit little-endian integer (two's complement). Reading refuses with a {@link ParseError}
 * at the end of the data; writing refuses (EncodeError) anything but an integer −2^31..2^31 − 1.
 * Not a primitive kind: structures read it through its own `read`.
 */
export const i32: Codec<number> = {
  typeName: 'i32',
  fixedSize: 4,
  minSize: 4,
  read: (r) => r.u32() | 0,
  write: (w, v) => {
    if (!(Number.isInteger(v) && v >= I32_MIN && v <= I32_MAX)) w.refuse(I32_EXPECTED, describeValue(v));
    w.u32(v >>> 0);
  },
};

/**
 * A u8 that takes one of a few values (a tag byte with several meanings): reading refuses any
 * other with a {@link ParseError}, writing refuses (EncodeError) any other. The value is kept.
 */
export function u8OneOf(values: readonly number[], label?: string): Codec<number> {
  const allowed = new Set(values);
  const listed = values.map((v) => hex(v, 2)).join(' or ');
  const expected = label ? `${listed} (${label})` : listed;
  return {
    typeName: `u8 = ${listed}`,
    fixedSize: 1,
    minSize: 1,
    read: (r) => {
      const at = r.pos;
      const got = r.u8();
      if (!allowed.has(got)) r.fail(expected, formatValue(got), at);
      return got;
    },
    write: (w, v) => {
      if (typeof v !== 'number' || !allowed.has(v)) w.refuse(expected, describeValue(v));
      w.u8(v);
    },
  };
}

const VEC4_EXPECTED = '4 numbers (f32 × 4)';

/** Refuses the first lane an f32 cannot hold, named by its index (`bones[3].localPosition[1]`) and offset. */
function refuseLanes(w: ByteWriter, v: Vec4, ctx: WriteContext): void {
  for (let i = 0; i < 4; i++) {
    if (fitsF32(v[i])) continue;
    if (ctx.trackPaths) w.path.push(i);
    refuseF32(w, v[i], w.pos + 4 * i);
    if (ctx.trackPaths) w.path.pop();
  }
}

/**
 * Four f32 lanes: a position (x, y, z, 0) or a rotation quaternion (x, y, z, w). Reading refuses with a {@link ParseError} as {@link f32} does.
 */
export const vec4: Codec<Vec4> = {
  typeName: 'f32 × 4',
  fixedSize: 16,
  minSize: 16,
  primitive: PrimitiveKind.Vec4,
  read: (r) => r.vec4(),
  write: (w, v, ctx) => {
    if (typeof v !== 'object' || v === null || (v as { length?: unknown }).length !== 4) w.refuse(VEC4_EXPECTED, describeValue(v));
    const x = v[0];
    const y = v[1];
    const z = v[2];
    const q = v[3];
    if (!(fitsF32(x) && fitsF32(y) && fitsF32(z) && fitsF32(q))) refuseLanes(w, v, ctx);
    w.f32(x);
    w.f32(y);
    w.f32(z);
    w.f32(q);
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
      if (!(v instanceof Uint8Array) || v.length !== n) w.refuse(`${n} raw bytes`, describeValue(v));
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
    write: (w, _v, ctx) => base.write(w, value, ctx),
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
