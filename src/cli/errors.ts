/** Exit codes every command keeps: 0 all held, 1 a check or file failed, 2 usage error. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called; printed without a stack trace, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
