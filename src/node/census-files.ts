/** Reading the census's files, in the main thread or a worker (kept apart so the main thread need not load worker_threads). */
import type { CensusAccumulator } from '../analysis/census.js';
import type { LayoutName } from '../formats/dialect.js';
import type { InputFile } from './files.js';
import { readInputFile } from './input-file.js';
import { isForgeHeader } from '../archive/forge-select.js';

export interface CensusReadOptions {
  dialect?: LayoutName;
  maxSize?: number;
  /** Called for a `.forge` archive (told by its magic) instead of counting it: the archive census reads it. */
  onArchive?: (file: InputFile) => void;
}

/**
 * Reads and counts each file: a resource whole, any other file by its header only. A file named
 * explicitly that is not a resource is a failure; one found in a directory is skipped and counted.
 */
export function addPaths(census: CensusAccumulator, files: readonly InputFile[], options: CensusReadOptions = {}): void {
  for (const file of files) {
    const read = readInputFile(file.path, options);
    switch (read.kind) {
      case 'resource':
        census.addFile(file.path, read.bytes);
        break;
      case 'other':
        if (options.onArchive !== undefined && isForgeHeader(read.head)) options.onArchive(file);
        else if (file.explicit) census.addNotResource(file.path, read.description);
        else census.addSkipped();
        break;
      case 'truncated':
        census.addTruncated(file.path, read.resourceKind, read.refusal);
        break;
      case 'unreadable':
        // Found in a directory: a file over --max-size, or one that turned out to be a FIFO between the
        // walk and the read, is skipped and listed with its reason, like a FIFO the walk saw.
        if (read.skippable && !file.explicit) census.addSkippedPath(file.path, read.reason);
        else census.addUnreadable(file.path, read.reason);
        break;
    }
  }
}
