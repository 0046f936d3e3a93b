/** The Node file implementation of the archive source: positional reads of only the ranges asked for. */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { ParseError } from '../io/errors.js';
import { checkRange, type ArchiveSource } from '../archive/source.js';

/** An archive source over an open file; `close()` releases the handle. */
export interface ArchiveFileSource extends ArchiveSource {
  /** Closes the file; reads after it reject. */
  close(): Promise<void>;
}

/**
 * Opens `path` for positional reads; rejects with the file system's error when it cannot be opened.
 * Reads are synchronous under the promise: a data file is tens of kilobytes, and a read through the
 * thread pool cost the census of an archive more in waiting than the read itself (measured: a
 * third of its time, in bench/forge.bench.ts).
 */
export async function openArchiveFile(path: string): Promise<ArchiveFileSource> {
  // Without blocking, and only a regular file: a FIFO must never hang the open.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  let size: number;
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new Error(`${path} is not a regular file`);
    size = info.size;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  let closed = false;
  const readNow = (offset: number, length: number): Uint8Array => {
    if (closed) throw new Error('read after close');
    checkRange(size, offset, length);
    const bytes = new Uint8Array(length);
    let done = 0;
    // A positional read may return fewer bytes than asked; loop until the range is whole.
    while (done < length) {
      const bytesRead = readSync(fd, bytes, done, length - done, offset + done);
      if (bytesRead === 0) {
        throw new ParseError({
          offset: offset + done,
          path: ['read'],
          expected: `${length} bytes`,
          actual: `${done} bytes (the file shrank?)`,
        });
      }
      done += bytesRead;
    }
    return bytes;
  };
  return Promise.resolve({
    size,
    read(offset, length) {
      try {
        return Promise.resolve(readNow(offset, length));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    readNow,
    close() {
      if (!closed) closeSync(fd);
      closed = true;
      return Promise.resolve();
    },
  });
}
