/**
 * What every block decoder shares: where its stream sits in the archive, so a refusal names the
 * archive offset and field, and the refusals themselves. They are plain functions, not closures
 * made per call, so the decoders' hot loops keep their locals in registers.
 */
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';

/** Where a compressed stream sits, so refusals name the archive offset and field, not just the stream's. */
export interface DecoderContext {
  /** Offset of the stream's first byte in the archive (0 by default). */
  baseOffset?: number;
  /** Path of the stream in the archive, e.g. `['entries', 3, 'resources', 'blocks', 0]`. */
  path?: readonly PathSegment[];
}

/** Throws a ParseError at `at` in the stream (plus the context's base offset). */
export function refuseAt(context: DecoderContext, fallbackPath: string, at: number, expected: string, actual: string): never {
  throw new ParseError({ offset: (context.baseOffset ?? 0) + at, path: context.path ?? [fallbackPath], expected, actual });
}

/**
 * Throws the refusal of a stream that needs `n` more bytes at `at` than its `end` holds; a field
 * that would start past the end is named where the input ran out, inside it.
 */
export function refuseShortAt(context: DecoderContext, fallbackPath: string, at: number, n: number, end: number): never {
  return refuseAt(context, fallbackPath, Math.min(at, end), `${n} more byte(s) of compressed input`, `${Math.max(0, end - at)} left`);
}

/** Refuses a declared size that is not a safe integer ≥ 0 (before anything is allocated). */
export function checkDeclaredSize(context: DecoderContext, fallbackPath: string, outputSize: number): void {
  if (!Number.isSafeInteger(outputSize) || outputSize < 0) refuseAt(context, fallbackPath, 0, 'a declared size ≥ 0', String(outputSize));
}

/**
 * Decodes into a new output of exactly the declared size through a decoder that writes into a
 * buffer: the declared size is checked before anything is allocated. Throws as `into` does.
 */
export function decodeIntoNew(
  method: string,
  input: Uint8Array,
  outputSize: number,
  context: DecoderContext,
  into: (input: Uint8Array, out: Uint8Array, context: DecoderContext) => void,
): Uint8Array {
  checkDeclaredSize(context, method, outputSize);
  const out = new Uint8Array(outputSize);
  into(input, out, context);
  return out;
}
