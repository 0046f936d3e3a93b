/**
 * The codec protocol: every type reads, writes and describes itself, so one declaration drives
 * decoding, encoding, hex spans and the generated format tables.
 */
import type { ByteReader } from '../io/reader.js';
import type { ByteWriter } from '../io/writer.js';
import type { IdScope } from './scope.js';
import type { PathSegment } from '../io/format.js';

/**
 * How sure we are of a field: as the seed labels it, or `public reading` where the only source is
 * how public readers of a sibling title read it (not proven on our data).
 */
export type Confidence = 'Proven' | 'Observed' | 'Inferred' | 'Unknown' | 'public reading';
/** Every confidence a field can carry, surest first. */
export const CONFIDENCES: readonly Confidence[] = ['Proven', 'Observed', 'Inferred', 'public reading', 'Unknown'];

/** A field's byte range in the input, recorded only when asked for. */
export interface Span {
  /** The field path as text, e.g. `bones[3].parent`. */
  path: string;
  /** The same path as segments, e.g. `['bones', 3, 'parent']`: field names and array indices, for code that walks it. */
  segments: readonly PathSegment[];
  /** Offset of the field's first byte. */
  start: number;
  /** Offset one past the field's last byte. */
  end: number;
}

/**
 * A value the sources report in every checked file, which reading does not enforce (a file that
 * differs is read, and the named check reports it): one number, one of a set, a null pointer.
 */
export type FieldExpectation =
  | { readonly check: string; readonly equals: number }
  | { readonly check: string; readonly oneOf: readonly number[] }
  | { readonly check: string; readonly pointer: 'null' };

/** What a codec's `read` is given besides the reader: span recording, path tracking and the id scope. */
export interface ReadContext {
  /** Field spans, or null when not recording (the default: decoding stays lean). Needs `trackPaths`. */
  spans: Span[] | null;
  /** Spans deeper than this many path segments are not recorded. */
  spanDepth: number;
  /** Keep the reader's field path up to date, so refusals and spans name their field. */
  trackPaths: boolean;
  /** The object ids of the resource being read, for references between its objects. */
  scope: IdScope | null;
  /**
   * The checks (a field expectation's `check`) whose declared value a field read so far did not
   * hold, each once, in the order first missed; null while every one held. The readers add to it
   * ({@link noteUnmet}) as they read, so a caller that checks the record at once need not scan it.
   */
  unmet: string[] | null;
}

/** Adds `check` to the context's unmet checks (see {@link ReadContext.unmet}). */
export function noteUnmet(ctx: ReadContext, check: string): void {
  if (ctx.unmet === null) ctx.unmet = [check];
  else if (!ctx.unmet.includes(check)) ctx.unmet.push(check);
}

/** What a codec's `write` is given besides the writer and the value. */
export interface WriteContext {
  /** Keep the writer's field path up to date, so refusals name their field (`encodeAll` sets it only on a second pass). */
  trackPaths: boolean;
  /** The object ids written so far in the resource, so references can be checked as the reader will. */
  scope: IdScope | null;
}

/**
 * A type that reads, writes and describes itself: one declaration drives decoding, encoding, hex
 * spans and the format tables. `read` throws a {@link ParseError} on bytes it refuses; `write` throws
 * an EncodeError on a value it cannot encode or whose bytes would not read back.
 */
export interface Codec<T> {
  /** Type as the format tables show it, e.g. `u32 = 0x24AECB7C`, `counted array of Bone`. */
  readonly typeName: string;
  /** Bytes every encoding takes, or null when it varies. */
  readonly fixedSize: number | null;
  /** The fewest bytes an encoding can take: the basis for refusing counts before allocating. */
  readonly minSize: number;
  /** Size as the tables show it when not fixed, e.g. `1 or 5`. */
  readonly sizeText?: string;
  /**
   * Set on the primitive codecs: lets a structure read them with a direct reader call instead of
   * a dynamic dispatch, which keeps decoding close to a hand-written loop.
   */
  readonly primitive?: PrimitiveKind;
  /** Structures this type is made of, documented in tables of their own. */
  readonly children?: readonly AnyCodec[];
  /**
   * What the combinator is made of, for the reader compiler (`compile.ts`). A codec without one
   * (and not a primitive) is read by calling its own `read`.
   */
  readonly layout?: CodecLayout;
  /**
   * Reads one value at the reader's position and advances past it; throws a {@link ParseError} on bytes it refuses.
   */
  read(reader: ByteReader, context: ReadContext): T;
  /**
   * Writes `value`, or refuses (EncodeError, through `writer.refuse`) a value that the field
   * cannot hold or whose bytes would not read back as it.
   */
  write(writer: ByteWriter, value: T, context: WriteContext): void;
}

// Codec<T> is invariant in T (read returns it, write takes it), so collections of mixed codecs
// need `any` here; the struct and array combinators restore precise types.
/** A codec of any value type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCodec = Codec<any>;

/**
 * The primitive reads a structure makes directly (the `primitive` of `u8` … `vec4`). A frozen
 * object and the union of its values rather than a `const enum`, which code compiled with
 * `isolatedModules` cannot read from our declarations (TS2748). The values are those the enum had,
 * so the declaration signatures of the generated readers stay the same.
 */
export const PrimitiveKind = Object.freeze({ U8: 1, U16: 2, U32: 3, U64: 4, F32: 5, Vec4: 6 } as const);
/** One of the values of {@link PrimitiveKind}. */
export type PrimitiveKind = (typeof PrimitiveKind)[keyof typeof PrimitiveKind];

/** The id of a value read, for {@link registersId}-style layouts. */
export type IdGetter = (value: never) => number | bigint;
/** Turns an inner codec's value into the mapped one, for `map` layouts. */
export type DecodeStep = (value: never) => unknown;

/** The makeup of each combinator, as the reader compiler sees it. */
export type CodecLayout =
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'raw'; readonly length: number }
  | {
      readonly kind: 'struct';
      readonly fields: readonly {
        readonly name: string;
        readonly codec: AnyCodec;
        readonly keep: boolean;
        /** The value the sources report for the field, which readers compare as they read (see {@link ReadContext.unmet}); null for none. */
        readonly expect: FieldExpectation | null;
      }[];
    }
  | { readonly kind: 'counted'; readonly element: AnyCodec; readonly mustBeEmpty: boolean }
  | {
      readonly kind: 'pointer';
      readonly id: AnyCodec;
      readonly allowNull: boolean;
      readonly allowReference: boolean;
      readonly inline: AnyCodec | undefined;
      /** The tag byte of each form: what both the reader and the generated reader test. */
      readonly tags: { readonly null: number; readonly reference: number; readonly inline: number };
    }
  | { readonly kind: 'idScope'; readonly inner: AnyCodec }
  | { readonly kind: 'registersId'; readonly inner: AnyCodec; readonly idOf: IdGetter }
  | { readonly kind: 'scopedReference'; readonly inner: AnyCodec; readonly mode: 'earlier' | 'any'; readonly expectation: string }
  | { readonly kind: 'map'; readonly inner: AnyCodec; readonly decode: DecodeStep }
  | {
      readonly kind: 'keyedUnion';
      readonly head: AnyCodec;
      readonly key: string;
      readonly cases: readonly { readonly key: number; readonly codec: AnyCodec }[];
    }
  | { readonly kind: 'compiled'; readonly inner: AnyCodec };

/** The decoded type of a codec. */
export type Infer<C> = C extends Codec<infer T> ? T : never;

/** Marker for fields whose value is fixed by the format: checked on read, left out of the decoded object. */
export interface ConstCodec<T> extends Codec<T> {
  /** The value the format fixes. */
  readonly constant: T;
}

export function isConstCodec(codec: AnyCodec): codec is ConstCodec<unknown> {
  return 'constant' in codec;
}

export function sizeText(codec: AnyCodec): string {
  if (codec.fixedSize !== null) return String(codec.fixedSize);
  return codec.sizeText ?? 'variable';
}
