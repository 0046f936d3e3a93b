/**
 * The library's errors as the CLI reports them, loaded by main.ts only when a command fails: the
 * caller's mistakes (an output the rule refuses, an archive that needs its profile named, a named
 * resource that is not there) exit 2, a named input the library did not read exits 1.
 */
import { ArchiveProfileChoiceError } from '../node/census.js';
import { OutputRefusedError, UnsafeOutputError } from '../node/output-file.js';
import { UsageError } from './errors.js';
import { inputFailure } from './load.js';

/** `error` as the CLI's own error when the library threw it; any other error as it is. */
export function cliError(error: unknown): unknown {
  const usage = error instanceof OutputRefusedError || error instanceof UnsafeOutputError || error instanceof ArchiveProfileChoiceError;
  return usage ? new UsageError(error.message) : inputFailure(error);
}
