import type { ResourceAddress } from './address.js';
import { formatOffset, formatPath, type PathSegment } from './format.js';

/** What a {@link ParseError} is built from: where, in which field, what was expected and what was found. */
export interface ParseErrorDetails {
  /** Absolute byte offset in the input where the problem is. */
  offset: number;
  /** Field path into the structure, e.g. ['bones', 3, 'parent']. */
  path: readonly PathSegment[];
  /** What the grammar expected, in words. */
  expected: string;
  /** What the input holds, in words. */
  actual: string;
  /** Where the bytes that were read sit (the file, the archive entry, the resource), when known. */
  address?: ResourceAddress;
  /** The error this one restates at an address, when it does. */
  cause?: unknown;
}

/**
 * What every refusal carries, read or write: the offset, the field path, and what was expected and
 * found; its message reads `offset 0x1A2 (418): bones[3].parent: expected …, got …`.
 */
export abstract class Refusal extends Error {
  /** Absolute byte offset where the problem is (in the input when reading, the output when writing). */
  readonly offset: number;
  /** The field path as text, e.g. `bones[3].parent`; `(root)` for the resource itself. */
  readonly path: string;
  /** The field path as segments, e.g. `['bones', 3, 'parent']`. */
  readonly pathSegments: readonly PathSegment[];
  /** What was expected, in words. */
  readonly expected: string;
  /** What was found, in words. */
  readonly actual: string;
  /** Where the refused bytes sit, when the reader was told (see {@link Refusal.at}). */
  readonly address: ResourceAddress | undefined;

  /** A refusal whose message reads `offset 0x1A2 (418): bones[3].parent: expected …, got …`. */
  constructor(details: ParseErrorDetails) {
    const path = formatPath(details.path);
    super(
      `offset ${formatOffset(details.offset)}: ${path}: expected ${details.expected}, got ${details.actual}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.offset = details.offset;
    this.path = path;
    this.pathSegments = [...details.path];
    this.expected = details.expected;
    this.actual = details.actual;
    this.address = details.address;
  }

  /** The details this refusal was built from (its address and cause included). */
  details(): ParseErrorDetails {
    return {
      offset: this.offset,
      path: this.pathSegments,
      expected: this.expected,
      actual: this.actual,
      ...(this.address ? { address: this.address } : {}),
      ...(this.cause === undefined ? {} : { cause: this.cause }),
    };
  }

  /**
   * The same refusal, of the same class, placed at `address`, with this one as its cause: how a
   * caller that knows where the bytes came from adds that, without rewording the message.
   */
  at(address: ResourceAddress): this {
    const Class = this.constructor as new (details: ParseErrorDetails) => this;
    return new Class({ ...this.details(), address, cause: this });
  }

  /** Plain data for reports and JSON. */
  toJSON(): { offset: number; path: string; expected: string; actual: string; message: string } {
    return { offset: this.offset, path: this.path, expected: this.expected, actual: this.actual, message: this.message };
  }
}

/**
 * Every refusal of bad input is a ParseError, with the offset, the field path, and what was
 * expected and found: `offset 0x1A2 (418): bones[3].parent: expected a bone read before, got …`.
 */
export class ParseError extends Refusal {
  /** Always `ParseError`. */
  override name = 'ParseError';
}

/**
 * Every refusal to write a value is an EncodeError: a value the format cannot hold (an integer out
 * of its field's range, a finite number too large for an f32, an array of the wrong length) or
 * bytes that could not be read back (a reference to a bone that is not in the structure, a
 * repeated id). It carries what a ParseError does, with `offset` the position in the output
 * where the value would have gone, and reads the same:
 * `offset 0x1E (30): bones[0].index: expected an integer 0..255, got 300 (0x12C)`.
 *
 * It is a sibling of ParseError rather than the same class, so that callers can tell a file that
 * is refused (ParseError) from a value of their own that is (EncodeError).
 */
export class EncodeError extends Refusal {
  /** Always `EncodeError`. */
  override name = 'EncodeError';
}
