import { ParseError } from '../../src/io/errors.js';
import { readResource } from '../../src/formats/resource.js';

/** The ParseError `run` raises; fails the test when it returns or throws anything else. */
export function refusalOf(run: () => unknown): ParseError {
  try {
    run();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The ParseError reading `bytes` raises; fails the test when it reads or throws anything else. */
export function refusal(bytes: Uint8Array): ParseError {
  return refusalOf(() => readResource(bytes));
}
