import { EncodeError, ParseError } from '../io/errors.js';
import { ByteReader } from '../io/reader.js';
import { ByteWriter } from '../io/writer.js';
import type { Codec, ReadContext, Span } from './codec.js';

/** Options of {@link decodeAll}. */
export interface DecodeOptions {
  /** Record every field's span (path, start, end) for hex annotation. Off by default. */
  spans?: boolean;
  /** Record only spans whose path has at most this many segments (e.g. 2 for `bones[3]`). */
  spanDepth?: number;
}

/** What {@link decodeAll} returns: the value, and the spans when asked for. */
export interface Decoded<T> {
  /** The decoded value. */
  value: T;
  /** Present only when asked for. */
  spans?: Span[];
  /**
   * The checks whose declared field values (a field's expectation) the value does not hold, each
   * once; empty when every declared value held (see {@link ReadContext.unmet}).
   */
  unmet: readonly string[];
}

const NONE_UNMET: readonly string[] = Object.freeze([]);

function decodeWith<T>(codec: Codec<T>, bytes: Uint8Array, trackPaths: boolean, spans: Span[] | null, spanDepth = Infinity): Decoded<T> {
  const reader = new ByteReader(bytes);
  const context: ReadContext = { spans, spanDepth, scope: null, trackPaths, unmet: null };
  const value = codec.read(reader, context);
  reader.expectEnd();
  return { value, unmet: context.unmet ?? NONE_UNMET };
}

function decodeOnce<T>(codec: Codec<T>, bytes: Uint8Array, trackPaths: boolean, spans: Span[] | null, spanDepth = Infinity): T {
  return decodeWith(codec, bytes, trackPaths, spans, spanDepth).value;
}

/**
 * One pass without field paths: through a generated reader where the codec has one. A refusal
 * carries its offset and message but no path. `decodeAll` is the entry point; this one exists so
 * tests can hold the generated readers to the declarations.
 */
export function decodeFast<T>(codec: Codec<T>, bytes: Uint8Array): T {
  return decodeOnce(codec, bytes, false, null);
}

/** One pass through the declaration itself, with field paths kept. */
export function decodeTracked<T>(codec: Codec<T>, bytes: Uint8Array): T {
  return decodeOnce(codec, bytes, true, null);
}

/** {@link decodeFast} with the checks whose declared values the value misses (what the tests hold the generated readers to). */
export function decodeFastResult<T>(codec: Codec<T>, bytes: Uint8Array): Decoded<T> {
  return decodeWith(codec, bytes, false, null);
}

/** {@link decodeTracked} with the checks whose declared values the value misses. */
export function decodeTrackedResult<T>(codec: Codec<T>, bytes: Uint8Array): Decoded<T> {
  return decodeWith(codec, bytes, true, null);
}

/**
 * The whole input decoded with `codec` (and its spans with `options.spans`). Throws a
 * {@link ParseError} naming the field path on any refusal, or when any byte is left after the last
 * field.
 *
 * Keeping the field path costs a push and a pop per field, so the first pass runs without it,
 * through the codec's generated reader where it has one; a refusal is rare, and only then is the
 * input read again through the declaration with paths kept, which raises the same refusal with its
 * exact field path.
 */
export function decodeAll<T>(codec: Codec<T>, bytes: Uint8Array, options: DecodeOptions = {}): Decoded<T> {
  if (!options.spans) {
    try {
      return decodeWith(codec, bytes, false, null);
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
    }
    return decodeWith(codec, bytes, true, null);
  }
  const spans: Span[] = [];
  return { ...decodeWith(codec, bytes, true, spans, options.spanDepth), spans };
}

/**
 * Decodes with spans, and on a refusal returns the spans recorded before it with the refusal
 * instead of throwing: what an annotated dump of a refused file shows up to the refusal offset.
 * Errors other than ParseError are thrown.
 */
export function decodeSpansUntilRefusal<T>(
  codec: Codec<T>,
  bytes: Uint8Array,
  options: { spanDepth?: number } = {},
): { value: T | null; spans: Span[]; error: ParseError | null } {
  const spans: Span[] = [];
  try {
    return { value: decodeOnce(codec, bytes, true, spans, options.spanDepth), spans, error: null };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { value: null, spans, error };
  }
}

function encodeOnce<T>(codec: Codec<T>, value: T, trackPaths: boolean, sizeHint: number): Uint8Array {
  const writer = new ByteWriter(sizeHint);
  codec.write(writer, value, { trackPaths, scope: null });
  return writer.finish();
}

/**
 * Encodes `value` with `codec`, or throws EncodeError for a value the format cannot hold or whose
 * bytes would not read back (see the codecs' `write`).
 *
 * As with decoding, the first pass keeps no field path; a refusal is rare, and only then is the
 * value written again with paths kept, which raises the same refusal (same offset, same words)
 * with its exact field path.
 */
export function encodeAll<T>(codec: Codec<T>, value: T, sizeHint = 1024): Uint8Array {
  let first: EncodeError;
  try {
    return encodeOnce(codec, value, false, sizeHint);
  } catch (error) {
    if (!(error instanceof EncodeError)) throw error;
    first = error;
  }
  encodeOnce(codec, value, true, sizeHint);
  // Writing is deterministic, so the second pass refuses too; should it not, the first refusal stands.
  throw first;
}
