/**
 * An i16, an i64, a fixed byte string, and arrays whose count is not a u32: the types container
 * tables use (an archive's offsets are i64, its counts i32 or u16; i32 is in primitives.ts). They are
 * read by calling the codec (no `primitive`), since the generated Skeleton readers never meet them.
 */
import { describeValue, formatPath, formatValue } from '../io/format.js';
import type { AnyCodec, Codec, ConstCodec, Infer } from './codec.js';

function signed(typeName: string, size: 2, min: number, max: number): Codec<number> {
  const expected = `an integer ${min}..${max}`;
  return {
    typeName,
    fixedSize: size,
    minSize: size,
    read(r) {
      if (r.pos + size > r.end) r.need(size);
      const v = r.view.getInt16(r.pos, true);
      r.pos += size;
      return v;
    },
    write(w, v) {
      if (!(Number.isInteger(v) && v >= min && v <= max)) w.refuse(expected, describeValue(v));
      w.u16(v & 0xffff);
    },
  };
}

/** Signed 16-bit little-endian integer. Reading refuses with a ParseError at the end of the data; writing refuses (EncodeError) anything but an integer −32768..32767. */
export const i16 = signed('i16', 2, -0x8000, 0x7fff);

const I64_EXPECTED = `an integer ${Number.MIN_SAFE_INTEGER}..${Number.MAX_SAFE_INTEGER}`;

/**
 * Signed 64-bit little-endian integer as a number: the offsets and sizes of a container, which
 * never reach 2^53. Reading refuses with a ParseError a value beyond ±(2^53 − 1) (no offset of a
 * real file is that large, and a number could not carry it back); writing refuses (EncodeError)
 * anything but a safe integer.
 */
export const i64: Codec<number> = {
  typeName: 'i64',
  fixedSize: 8,
  minSize: 8,
  read(r) {
    if (r.pos + 8 > r.end) r.need(8);
    const big = r.view.getBigInt64(r.pos, true);
    if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) r.fail(I64_EXPECTED, String(big));
    r.pos += 8;
    return Number(big);
  },
  write(w, v) {
    if (!Number.isSafeInteger(v)) w.refuse(I64_EXPECTED, describeValue(v));
    w.u64(BigInt.asUintN(64, BigInt(v)));
  },
};

/**
 * A byte string the format fixes (a magic): reading refuses any other bytes with a ParseError at the
 * first byte that differs; writing writes the constant whatever it is given.
 */
export function constBytes(bytes: readonly number[], label: string): ConstCodec<Uint8Array> {
  const constant = Uint8Array.from(bytes);
  const shown = [...constant].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  return {
    typeName: `${constant.length} bytes = ${label}`,
    fixedSize: constant.length,
    minSize: constant.length,
    constant,
    read(r) {
      r.need(constant.length);
      for (let i = 0; i < constant.length; i++) {
        const got = r.bytes[r.pos + i]!;
        if (got !== constant[i]) r.fail(`${label} (${shown})`, `byte ${formatValue(got)} at position ${i}`, r.pos + i);
      }
      const out = r.bytes.slice(r.pos, r.pos + constant.length);
      r.pos += constant.length;
      return out;
    },
    write: (w) => w.raw(constant),
  };
}

/**
 * A count in its own codec (a u16 or an i32), then that many elements. Reading refuses with a
 * ParseError a negative count or one the remaining bytes cannot hold (checked before anything is
 * allocated); writing refuses (EncodeError) an array the count cannot hold.
 */
export function countedBy<C extends AnyCodec>(count: Codec<number>, element: C, elementName = element.typeName): Codec<Infer<C>[]> {
  if (element.minSize < 1) throw new Error(`array of ${element.typeName}: elements must take at least one byte`);
  return {
    typeName: `${count.typeName} count, then ${elementName} × count`,
    fixedSize: null,
    minSize: count.minSize,
    children: [element],
    read(r, ctx) {
      const countAt = r.pos;
      const n = count.read(r, ctx);
      const room = Math.floor(r.remaining / element.minSize);
      if (n < 0 || n > room)
        r.fail(
          `a count the remaining ${r.remaining} bytes can hold (at most ${room} × ${element.minSize}-byte ${elementName})`,
          `count ${n}`,
          countAt,
        );
      const out: Infer<C>[] = [];
      const path = r.path;
      const track = ctx.trackPaths;
      for (let i = 0; i < n; i++) {
        if (track) path.push(i);
        const start = r.pos;
        out.push(element.read(r, ctx) as Infer<C>);
        if (track) {
          if (ctx.spans && path.length <= ctx.spanDepth)
            ctx.spans.push({ path: formatPath(path), segments: path.slice(), start, end: r.pos });
          path.pop();
        }
      }
      return out;
    },
    write(w, values, ctx) {
      if (!Array.isArray(values)) w.refuse(`an array of ${elementName}`, describeValue(values));
      count.write(w, values.length, ctx);
      const path = w.path;
      for (let i = 0; i < values.length; i++) {
        if (ctx.trackPaths) path.push(i);
        element.write(w, values[i], ctx);
        if (ctx.trackPaths) path.pop();
      }
    },
  };
}
