/** Reading the census's files, in the main thread or a worker (kept apart so the main thread need not load worker_threads). */
import { readFileSync } from 'node:fs';
import type { CensusAccumulator } from '../analysis/census.js';

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return code === 'EISDIR' ? 'is a directory' : `cannot read the file: ${message}`;
}

/** Reads and counts each file; a file that cannot be read is counted as unreadable. */
export function addPaths(census: CensusAccumulator, paths: readonly string[]): void {
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      census.addUnreadable(path, reason(error));
      continue;
    }
    census.addFile(path, bytes);
  }
}

