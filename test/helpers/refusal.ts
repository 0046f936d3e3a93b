import { ParseError } from '../../src/io/errors.js';
import { readResource } from '../../src/formats/resource.js';

/** The ParseError reading `bytes` raises; fails the test when it reads or throws anything else. */
export function refusal(bytes: Uint8Array): ParseError {
  try {
    readResource(bytes);
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}
