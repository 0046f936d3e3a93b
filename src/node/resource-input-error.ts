/**
 * Why a named input was not read, and whose mistake that is: a module of its own, so that a reader
 * that only throws it (the name lists, a file's prefix) loads none of the resource readers.
 */
import type { ParseError } from '../io/errors.js';

/**
 * Why a named resource was not read: `usage`, the call's mistake (no such file); `unread`, the
 * input's (another class, too large, too short, not a regular file, an archive that cannot be
 * opened); `refused`, an archive's tables refused, with the refusal and the archive offset.
 */
export class ResourceInputError extends Error {
  override name = 'ResourceInputError';
  constructor(
    /** Whose mistake: the call's (`usage`), or the input's. */
    readonly kind: 'usage' | 'unread' | 'refused',
    message: string,
    /** For `refused`: the file refused, and the refusal. */
    readonly refused?: { file: string; reason: string; refusal: ParseError },
  ) {
    super(message);
  }
}
