/** Reading the first bytes of a file the user named (a capture, a JSON input), within a size limit. */
import { open, stat } from 'node:fs/promises';
import { groupThousands } from '../io/format.js';
import { ResourceInputError } from './resource-input-error.js';

/**
 * The bytes of a regular file, at most `limit` of them; `maxSize` refuses a larger file unread. A
 * missing file is a {@link ResourceInputError} of kind `usage`; one that is not a regular file,
 * cannot be read or is too large, of kind `unread`, its message naming the file.
 */
export async function readFilePrefix(file: string, limit: number, maxSize?: number): Promise<Uint8Array> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new ResourceInputError('usage', `no such file: ${file}`);
    throw new ResourceInputError('unread', `${file}: cannot read: ${error.code ?? error.message}`);
  });
  if (!info.isFile()) throw new ResourceInputError('unread', `${file}: not a regular file`);
  if (maxSize !== undefined && info.size > maxSize) {
    const sizes = `${groupThousands(info.size)} bytes, larger than --max-size (${groupThousands(maxSize)} bytes)`;
    throw new ResourceInputError('unread', `${file}: ${sizes}`);
  }
  const handle = await open(file, 'r');
  try {
    const bytes = new Uint8Array(Math.min(info.size, limit));
    let filled = 0;
    while (filled < bytes.byteLength) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.byteLength - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
