/**
 * The runtime pose array of a Skeleton searched for in a memory dump on disk: the file read in
 * chunks into one reused buffer (the scanner copies what it keeps), so a dump of many gigabytes
 * costs one chunk of memory.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { findPoseArray, type FindPoseOptions, type PoseFindResult } from '../analysis/pose-find.js';
import type { Skeleton } from '../model/skeleton.js';
import { fsReason } from './files.js';
import { ResourceInputError } from './resource-input-error.js';

/** Chunk length read from the dump when not told: 32 MiB. */
const DEFAULT_DUMP_CHUNK_BYTES = 32 * 1024 * 1024;

/** How {@link findPoseArrayInFile} scans: the search's options, and progress told with the dump's size. */
export interface FindPoseInFileOptions extends Omit<FindPoseOptions, 'onProgress'> {
  /** Told as the scan goes: bytes scanned of the dump's `size`. */
  onProgress?: (scanned: number, size: number) => void;
}

/** The dump in chunks read into one reused buffer. */
async function* readChunks(handle: FileHandle, chunkBytes: number): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(chunkBytes);
  for (let position = 0; ;) {
    const { bytesRead } = await handle.read(buffer, 0, chunkBytes, position);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
    position += bytesRead;
  }
}

/**
 * Searches the file `path` for the runtime pose array of `skeleton`, as `anvil-skel pose find`
 * does: the lowest-offset match or null, and how many bytes the dump holds. Rejects with the file
 * system's error when the dump cannot be opened or read.
 */
export async function findPoseArrayInFile(
  skeleton: Skeleton,
  path: string,
  options: FindPoseInFileOptions = {},
): Promise<{ result: PoseFindResult | null; size: number }> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const { onProgress, chunkBytes, ...search } = options;
    const result = await findPoseArray(skeleton, readChunks(handle, chunkBytes ?? DEFAULT_DUMP_CHUNK_BYTES), {
      ...search,
      ...(onProgress === undefined ? {} : { onProgress: (scanned: number) => onProgress(scanned, size) }),
    });
    return { result, size };
  } finally {
    await handle.close();
  }
}

/**
 * A file-system error on the dump `path` as a {@link ResourceInputError}: a missing dump is the
 * call's mistake (`usage`, `no such file: <path>`), any other the input's (`unread`); an error
 * that is not the file system's is returned as it is.
 */
export function poseDumpError(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === undefined) return error;
  return code === 'ENOENT'
    ? new ResourceInputError('usage', `no such file: ${path}`)
    : new ResourceInputError('unread', `${path}: ${fsReason(error)}`);
}
