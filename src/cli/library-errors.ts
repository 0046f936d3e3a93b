/**
 * The library's errors as the CLI reports them, loaded by main.ts only when a command fails: the
 * caller's mistakes (an output the rule refuses, an archive that needs its profile named, a named
 * resource that is not there) exit 2, a named input the library did not read exits 1.
 *
 * Each command's bundle holds its own copy of the library, so a library error is told by its
 * name, never by its class: only the CLI's errors (errors.ts) are one module for every bundle.
 */
import type { ResourceInputError } from '../node/resource-input.js';
import { InputFileError, RefusedInputError, UsageError } from './errors.js';

/** The library's errors that are the caller's to fix: exit 2. */
const USAGE_ERRORS = new Set(['OutputRefusedError', 'UnsafeOutputError', 'ArchiveProfileChoiceError', 'NoInputError']);

/** `error` as the CLI's own error when the library threw it; any other error as it is. */
export function cliError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (USAGE_ERRORS.has(error.name)) return new UsageError(error.message);
  if (error.name !== 'ResourceInputError') return error;
  const { kind, refused } = error as ResourceInputError;
  if (kind === 'usage') return new UsageError(error.message);
  if (refused === undefined) return new InputFileError(error.message);
  const { offset, path, expected, actual } = refused.refusal;
  return new RefusedInputError(refused.file, refused.reason, { offset, path, expected, actual });
}
