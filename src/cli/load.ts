/** Reading skeleton files from disk for the commands. */
import type { Dialect, Skeleton } from '../model/skeleton.js';

export interface LoadOptions {
  /** Override layout detection. */
  dialect?: Dialect;
}

/** Reads a Skeleton resource file and builds the dialect-free model. Throws ParseError on bad input. */
export async function loadSkeleton(_path: string, _options: LoadOptions = {}): Promise<Skeleton> {
  throw new Error('loadSkeleton: the format layer is being written');
}
