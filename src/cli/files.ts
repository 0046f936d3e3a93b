/** The walk over the paths a command is given: the node entry's walker, where no existing path at all is a usage error (exit 2). */
import { NoInputError, walkInputs as walkPaths, type InputWalk } from '../node/files.js';
import { UsageError } from './errors.js';

export { fsReason, isInside, realDestination, specialKind, type InputFile, type InputProblem, type InputWalk } from '../node/files.js';

/** The node entry's walk; when no named path exists at all, a UsageError with the same message. */
export function walkInputs(paths: readonly string[]): InputWalk {
  try {
    return walkPaths(paths);
  } catch (error) {
    throw error instanceof NoInputError ? new UsageError(error.message) : error;
  }
}
