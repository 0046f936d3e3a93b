import { describeValue, formatValue } from '../io/format.js';
import type { ByteWriter } from '../io/writer.js';
import type { Codec } from './codec.js';
import { u32 } from './primitives.js';

/**
 * The codec presented as another shape: `decode` after reading, `encode` before writing; sizes,
 * children and fields stay the underlying codec's. Fails as the underlying codec and the two functions do.
 */
export function mapCodec<A, B>(codec: Codec<A>, decode: (a: A) => B, encode: (b: B) => A): Codec<B> {
  return {
    ...codec,
    primitive: undefined,
    layout: { kind: 'map', inner: codec, decode: decode as (value: never) => unknown },
    read: (r, ctx) => decode(codec.read(r, ctx)),
    write: (w, v, ctx) => codec.write(w, encode(v), ctx),
  };
}

/**
 * A codec of a portion whose layout is unknown (for arrays that must be empty): reading refuses any
 * occurrence with a {@link ParseError}, and writing throws an `Error`.
 */
export function unknownLayout<T = never>(name: string): Codec<T> {
  return {
    typeName: `${name} (layout unknown)`,
    fixedSize: null,
    minSize: 1,
    read: (r) => r.fail(`no ${name} (its layout is unknown)`, 'one'),
    write: (w) => w.refuse(`no ${name} (its layout is unknown)`, 'one'),
  };
}

const PRESENT_OR_NULL = 'null (absent) or at least one byte (length 0 reads as absent)';

/**
 * A codec of a u32 byte length L, then L bytes; L = 0 reads as null (absent). Reading refuses with a
 * {@link ParseError} a length longer than the bytes left; writing refuses (EncodeError) an empty
 * buffer that is not null, since it would read back as absent.
 */
export const lengthPrefixedBytes: Codec<Uint8Array | null> = {
  typeName: 'u32 byte length L, then L bytes (L = 0: absent)',
  fixedSize: null,
  minSize: 4,
  read(r) {
    const at = r.pos;
    const length = r.u32();
    if (length > r.remaining) r.fail(`a byte length the remaining ${r.remaining} bytes can hold`, `length ${formatValue(length)}`, at);
    return length === 0 ? null : r.raw(length);
  },
  write(w, v, ctx) {
    if (v === null) {
      w.u32(0);
      return;
    }
    // An empty buffer would be written as length 0, which reads back as absent.
    bytesOrRefuse(w, v, PRESENT_OR_NULL);
    if (v.length === 0) w.refuse(PRESENT_OR_NULL, '0 bytes');
    u32.write(w, v.length, ctx);
    w.raw(v);
  },
};

/**
 * A codec of a u8 presence flag (0 or 1), then when 1 a u32 byte length L and L bytes; 0 reads as null.
 * Reading refuses with a {@link ParseError} any other flag or a length longer than the bytes left.
 */
export const flaggedLengthPrefixedBytes: Codec<Uint8Array | null> = {
  typeName: 'u8 present (0 or 1); when 1, u32 byte length L, then L bytes',
  fixedSize: null,
  minSize: 1,
  read(r) {
    const at = r.pos;
    const flag = r.u8();
    if (flag === 0) return null;
    if (flag !== 1) r.fail('a presence flag 0 or 1', formatValue(flag), at);
    const lengthAt = r.pos;
    const length = r.u32();
    if (length > r.remaining)
      r.fail(`a byte length the remaining ${r.remaining} bytes can hold`, `length ${formatValue(length)}`, lengthAt);
    return r.raw(length);
  },
  write(w, v, ctx) {
    if (v === null) {
      w.u8(0);
      return;
    }
    bytesOrRefuse(w, v, 'null (absent) or bytes');
    w.u8(1);
    u32.write(w, v.length, ctx);
    w.raw(v);
  },
};

function bytesOrRefuse(w: ByteWriter, v: unknown, expected: string): void {
  if (!(v instanceof Uint8Array)) w.refuse(expected, describeValue(v));
}

/**
 * A codec of an i32 byte length L, then L bytes, kept raw (L = 0: an empty buffer, written back as
 * such). Reading refuses with a {@link ParseError} a negative length or one longer than the bytes left.
 */
export const i32LengthBytes: Codec<Uint8Array> = {
  typeName: 'i32 byte length L, then L bytes',
  fixedSize: null,
  minSize: 4,
  read(r) {
    const at = r.pos;
    const length = r.u32() | 0;
    if (length < 0 || length > r.remaining)
      r.fail(
        `a byte length from 0 to the remaining ${r.remaining} bytes`,
        `length ${length < 0 ? String(length) : formatValue(length)}`,
        at,
      );
    return r.raw(length);
  },
  write(w, v, ctx) {
    bytesOrRefuse(w, v, 'bytes');
    if (v.length > 0x7fffffff) w.refuse('at most 2,147,483,647 bytes', `${v.length} bytes`);
    u32.write(w, v.length, ctx);
    w.raw(v);
  },
};
