/**
 * Reading one declared structure out of bytes that sit somewhere in the archive: the structure's
 * refusal names the archive offset and the field path under the path given. Writing one into an
 * output buffer. Browser-safe.
 */
import type { Codec, ReadContext } from '../../grammar/index.js';
import { ParseError } from '../../io/errors.js';
import type { PathSegment } from '../../io/format.js';
import { ByteReader } from '../../io/reader.js';
import { ByteWriter } from '../../io/writer.js';

const CONTEXT: ReadContext = { spans: null, spanDepth: 0, trackPaths: true, scope: null };

/**
 * Reads `codec` at archive offset `at` from `bytes`, which were read at archive offset `base` and
 * end where they end (or at `limit`, an archive offset). Returns the value and the archive offset
 * after it; throws the codec's ParseError with its offset made an archive offset and its path put
 * under `path`.
 */
export function readAt<T>(
  codec: Codec<T>,
  bytes: Uint8Array,
  base: number,
  at: number,
  path: readonly PathSegment[],
  limit = base + bytes.length,
): { value: T; end: number } {
  if (at < base || at > limit || limit > base + bytes.length) {
    throw new ParseError({ offset: at, path, expected: `${codec.typeName} inside bytes ${base}..${limit}`, actual: `offset ${at}` });
  }
  const reader = new ByteReader(bytes, at - base, limit - base, [...path]);
  try {
    const value = codec.read(reader, CONTEXT);
    return { value, end: reader.pos + base };
  } catch (error) {
    if (error instanceof ParseError && base !== 0) {
      throw new ParseError({ offset: error.offset + base, path: error.pathSegments, expected: error.expected, actual: error.actual });
    }
    throw error;
  }
}

/** The bytes of `value` in `codec`'s encoding; throws the codec's EncodeError. */
export function encode<T>(codec: Codec<T>, value: T): Uint8Array {
  const writer = new ByteWriter(codec.fixedSize ?? 64);
  codec.write(writer, value, { trackPaths: true, scope: null });
  return writer.finish();
}
