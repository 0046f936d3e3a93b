/** The Node file implementation of the archive source: positional reads of only the ranges asked for. */
import { open, type FileHandle } from 'node:fs/promises';
import { ParseError } from '../io/errors.js';
import { checkRange, type ArchiveSource } from '../archive/source.js';

/** An archive source over an open file; `close()` releases the handle. */
export interface ArchiveFileSource extends ArchiveSource {
  /** Closes the file; reads after it reject. */
  close(): Promise<void>;
}

/** Opens `path` for positional reads; rejects with the file system's error when it cannot be opened. */
export async function openArchiveFile(path: string): Promise<ArchiveFileSource> {
  const handle: FileHandle = await open(path, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (e) {
    await handle.close();
    throw e;
  }
  return {
    size,
    async read(offset, length) {
      checkRange(size, offset, length);
      const bytes = new Uint8Array(length);
      let done = 0;
      // A positional read may return fewer bytes than asked; loop until the range is whole.
      while (done < length) {
        const { bytesRead } = await handle.read(bytes, done, length - done, offset + done);
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
    },
    close: () => handle.close(),
  };
}
