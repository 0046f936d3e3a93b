/** Exit codes every command keeps: 0 all held, 1 a check or file failed, 2 usage error. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called; printed without a stack trace, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A named file that is not read as a resource: printed as `anvil-skel: <file>: <reason>`, exit 1. */
export class InputFileError extends Error {
  override name = 'InputFileError';
}

/** Where a refusal stopped in the bytes, as a ParseError gives it. */
export interface RefusalDetails {
  offset: number;
  path: string;
  expected: string;
  actual: string;
}

/**
 * An input refused for what it holds (a ParseError of the Skeleton or its archive, a bad item of a
 * JSON input): its message names the file, or the archive label, first. Printed as
 * `anvil-skel: <file>: <reason>`, exit 1; in JSON mode stdout gets
 * `{ "file", "error": { "kind": "refused", "message", offset, path, expected, actual } }` (the last
 * four when the refusal has them), as `inspect` prints a refusal.
 */
export class RefusedInputError extends InputFileError {
  override name = 'RefusedInputError';
  constructor(
    /** The file, or archive label (`archive: entry N "name": resource I "name"`). */
    readonly file: string,
    reason: string,
    readonly details: RefusalDetails | null = null,
  ) {
    super(`${file}: ${reason}`);
  }
}
