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
    super(`offset ${formatOffset(details.offset)}: ${path}: expected ${details.expected}, got ${details.actual}`);
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
