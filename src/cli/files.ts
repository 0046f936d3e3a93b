/** Finding and reading input files for the commands. */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from './errors.js';

/**
 * Every regular file under the given paths, depth first in name order, so reports are stable.
 * Symbolic links to directories are not followed (they could loop). A path that does not exist
 * is a usage error.
 */
export async function* walkFiles(paths: readonly string[]): AsyncGenerator<string> {
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch {
      throw new UsageError(`no such file or directory: ${path}`);
    }
    if (info.isDirectory()) yield* walkDirectory(path);
    else yield path;
  }
}

async function* walkDirectory(dir: string): AsyncGenerator<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkDirectory(path);
    else if (entry.isFile()) yield path;
  }
}

/** The first `n` bytes of a file (fewer if it is shorter): enough to classify it without reading it whole. */
export async function readHead(path: string, n: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(n);
    const { bytesRead } = await handle.read(buffer, 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A whole input file; a missing file or folder is the caller's mistake (a usage error, exit 2). */
export async function readBytes(path: string): Promise<Uint8Array> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`no such file: ${path}`);
    if (code === 'EISDIR') throw new UsageError(`${path} is a directory, not a file`);
    throw error;
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
