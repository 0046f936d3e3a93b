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

// Shared by every read: the archive's structures declare no expected values, so `unmet` stays null.
const TRACKED: ReadContext = { spans: null, spanDepth: 0, trackPaths: true, scope: null, unmet: null };
const FAST: ReadContext = { spans: null, spanDepth: 0, trackPaths: false, scope: null, unmet: null };
const NO_PATH: PathSegment[] = [];

// The view of the bytes read last: a data file's few headers and records are read one readAt at a
// time from the same bytes, and making a DataView for each cost more than reading the header.
let lastBytes: Uint8Array | null = null;
let lastView: DataView | null = null;
function viewOf(bytes: Uint8Array): DataView {
  if (bytes !== lastBytes || lastView === null) {
    lastView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    lastBytes = bytes;
  }
  return lastView;
}

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
  // Read without keeping the field path (the tables hold thousands of records); only a refusal is
  // read again with it, so its path names the field.
  const fast = new ByteReader(bytes, at - base, limit - base, NO_PATH, viewOf(bytes));
  try {
    const value = codec.read(fast, FAST);
    return { value, end: fast.pos + base };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
  }
  const reader = new ByteReader(bytes, at - base, limit - base, [...path]);
  try {
    const value = codec.read(reader, TRACKED);
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

/**
 * `count` records of a fixed-size codec one after another from archive offset `at` (a table): read
 * with one reader and no field path; a record refused is read again alone, so its refusal names
 * `pathOf(i)` and the field.
 */
export function readRecords<T>(
  codec: Codec<T>,
  bytes: Uint8Array,
  base: number,
  at: number,
  count: number,
  pathOf: (i: number) => readonly PathSegment[],
): T[] {
  const size = codec.fixedSize;
  if (size === null) throw new Error(`${codec.typeName}: a table's records have a fixed size`);
  const out: T[] = [];
  if (count === 0) return out;
  if (at < base || at + count * size > base + bytes.length)
    return Array.from({ length: count }, (_, i) => readAt(codec, bytes, base, at + i * size, pathOf(i)).value);
  const reader = new ByteReader(bytes, at - base, at - base + count * size, NO_PATH);
  for (let i = 0; i < count; i++) {
    try {
      out.push(codec.read(reader, FAST));
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      out.push(readAt(codec, bytes, base, at + i * size, pathOf(i)).value);
      reader.pos = at - base + (i + 1) * size;
    }
  }
  return out;
}
