import { describeValue, formatPath, formatValue } from '../io/format.js';
import type { AnyCodec, Codec, Infer } from './codec.js';
import { u32 } from './primitives.js';

/** Options of {@link counted}. */
export interface ArrayOptions {
  /** Refuse any count but zero: a portion that is empty in every checked file and has no known element layout. */
  mustBeEmpty?: boolean;
  /** Words for the element in messages and tables, e.g. `Bone`. */
  elementName?: string;
}

/**
 * A codec of a u32 count, then that many elements. Reading refuses with a {@link ParseError} a count
 * the remaining bytes cannot hold (checked before anything is allocated) and, with `mustBeEmpty`, any
 * count but 0. Throws an `Error` at once when the element can take no bytes.
 */
export function counted<C extends AnyCodec>(element: C, options: ArrayOptions = {}): Codec<Infer<C>[]> {
  if (element.minSize < 1) throw new Error(`counted array of ${element.typeName}: elements must take at least one byte`);
  const elementName = options.elementName ?? element.typeName;
  return {
    typeName: options.mustBeEmpty ? `u32 count (= 0), no elements` : `u32 count, then ${elementName} × count`,
    fixedSize: null,
    minSize: 4,
    sizeText: options.mustBeEmpty ? '4' : undefined,
    children: [element],
    layout: { kind: 'counted', element, mustBeEmpty: options.mustBeEmpty === true },
    read(r, ctx) {
      const countAt = r.pos;
      const count = u32.read(r, ctx);
      if (options.mustBeEmpty && count !== 0) r.fail(`an empty ${elementName} array (count 0)`, `count ${formatValue(count)}`, countAt);
      const room = Math.floor(r.remaining / element.minSize);
      if (count > room) {
        r.fail(
          `a count the remaining ${r.remaining} bytes can hold (at most ${room} × ${element.minSize}-byte ${elementName})`,
          `count ${formatValue(count)}`,
          countAt,
        );
      }
      const out: Infer<C>[] = [];
      const path = r.path;
      const track = ctx.trackPaths;
      for (let i = 0; i < count; i++) {
        if (track) path.push(i);
        const start = r.pos;
        out.push(element.read(r, ctx));
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
      const count = values.length;
      if (options.mustBeEmpty && count !== 0) w.refuse(`an empty ${elementName} array (count 0)`, `count ${formatValue(count)}`);
      // The count must fit its u32 like any other value.
      u32.write(w, count, ctx);
      const path = w.path;
      const track = ctx.trackPaths;
      for (let i = 0; i < count; i++) {
        if (track) path.push(i);
        element.write(w, values[i], ctx);
        if (track) path.pop();
      }
    },
  };
}
