/**
 * The random-access source the archive core reads through: an archive of tens of gigabytes is
 * never read whole, only its tables and the data files asked for. Browser-safe: a `Blob`/`File`
 * source serves the web viewer, a Node file handle source lives in `src/cli`.
 */
import { ParseError } from '../io/errors.js';

/** A byte source of known size that returns any range of it on request. */
export interface ArchiveSource {
  /** Total size in bytes. */
  readonly size: number;
  /**
   * The `length` bytes at `offset`; rejects with a ParseError when the range is not wholly inside
   * the source (a short read is never returned silently).
   */
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * The same bytes as {@link ArchiveSource.read}, at once, for a source that holds them without
   * waiting (bytes in memory, a file read synchronously in Node); throws what `read` rejects with.
   * Absent on a source that must wait (a `Blob`). A census of thousands of data files pays for a
   * promise per data file otherwise.
   */
  readNow?(offset: number, length: number): Uint8Array;
}

/** Refuses a range that is not wholly inside a source of `size` bytes, naming the offset. */
export function checkRange(size: number, offset: number, length: number, path = 'read'): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
    throw new ParseError({
      offset: Number.isSafeInteger(offset) && offset >= 0 ? offset : 0,
      path: [path],
      expected: `a range inside the ${size}-byte archive`,
      actual: `${length} bytes at ${offset}`,
    });
  }
}

/** A source over bytes already in memory (tests, small archives); reads return views, not copies. */
export function bytesSource(bytes: Uint8Array): ArchiveSource {
  const readNow = (offset: number, length: number): Uint8Array => {
    checkRange(bytes.length, offset, length);
    return bytes.subarray(offset, offset + length);
  };
  return {
    size: bytes.length,
    read(offset, length) {
      try {
        return Promise.resolve(readNow(offset, length));
      } catch (e) {
        return Promise.reject(e as Error);
      }
    },
    readNow,
  };
}

/**
 * What {@link blobSource} needs of a `Blob` or `File`: its size and slices of it. Spelled out here
 * so the declarations need no DOM library (a Node consumer type-checks them without one).
 */
export interface BlobLike {
  /** Size in bytes. */
  readonly size: number;
  /** The bytes from `start` up to `end`, as a blob whose contents can be read. */
  slice(
    start?: number,
    end?: number,
  ): {
    /** The slice's bytes. */
    arrayBuffer(): Promise<ArrayBuffer>;
  };
}

/** A source over a `Blob` or `File` (browser, or Node ≥ 20): each read slices only the range asked for. */
export function blobSource(blob: BlobLike): ArchiveSource {
  return {
    size: blob.size,
    async read(offset, length) {
      checkRange(blob.size, offset, length);
      const bytes = new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
      if (bytes.length !== length) {
        throw new ParseError({ offset, path: ['read'], expected: `${length} bytes`, actual: `${bytes.length} bytes (the file changed?)` });
      }
      return bytes;
    },
  };
}
