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
}

/**
 * Every refusal of bad input is a ParseError, with the offset, the field path, and what was
 * expected and found: `offset 0x1A2 (418): bones[3].parent: expected a bone read before, got …`.
 */
export class ParseError extends Error {
  /** Always `ParseError`. */
  override name = 'ParseError';
  /** Absolute byte offset in the input where the problem is. */
  readonly offset: number;
  /** The field path as text, e.g. `bones[3].parent`; `(root)` for the resource itself. */
  readonly path: string;
  /** The field path as segments, e.g. `['bones', 3, 'parent']`. */
  readonly pathSegments: readonly PathSegment[];
  /** What the grammar expected, in words. */
  readonly expected: string;
  /** What the input holds, in words. */
  readonly actual: string;

  /** A refusal whose message reads `offset 0x1A2 (418): bones[3].parent: expected …, got …`. */
  constructor(details: ParseErrorDetails) {
    const path = formatPath(details.path);
    super(refusalMessage(details.offset, path, details));
    this.offset = details.offset;
    this.path = path;
    this.pathSegments = [...details.path];
    this.expected = details.expected;
    this.actual = details.actual;
  }

  /** Plain data for reports and JSON. */
  toJSON(): { offset: number; path: string; expected: string; actual: string; message: string } {
    return { offset: this.offset, path: this.path, expected: this.expected, actual: this.actual, message: this.message };
  }
}

function refusalMessage(offset: number, path: string, details: ParseErrorDetails): string {
  return `offset ${formatOffset(offset)}: ${path}: expected ${details.expected}, got ${details.actual}`;
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
export class EncodeError extends Error {
  override name = 'EncodeError';
  readonly offset: number;
  readonly path: string;
  readonly pathSegments: readonly PathSegment[];
  readonly expected: string;
  readonly actual: string;

  constructor(details: ParseErrorDetails) {
    const path = formatPath(details.path);
    super(refusalMessage(details.offset, path, details));
    this.offset = details.offset;
    this.path = path;
    this.pathSegments = [...details.path];
    this.expected = details.expected;
    this.actual = details.actual;
  }

  /** The refusal as plain data for reports and JSON. */
  toJSON(): { offset: number; path: string; expected: string; actual: string; message: string } {
    return { offset: this.offset, path: this.path, expected: this.expected, actual: this.actual, message: this.message };
  }
}
