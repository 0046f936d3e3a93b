/**
 * One file's validation as data: does it decode to the exact end, does it re-encode to the
 * same bytes. The commands and the census share it.
 */
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import type { LayoutSet } from '../formats/registry.js';
import { classifyHeader, isAutoDialect, readResourceAs, writeResource, type HeaderClass, type Resource } from '../formats/resource.js';
import { ParseError } from '../io/errors.js';

/** A refusal as plain data: what `ParseError.toJSON()` gives (the one refusal shape, from the io layer). */
export type { RefusalReport } from '../io/address.js';
import type { RefusalReport } from '../io/address.js';

/**
 * One file's validation: `skipped` (not a Skeleton or SkeletonComponent by its header), `refused`
 * (with the first layout's refusal) or `decoded` (with, when asked, whether it re-encodes to the same bytes).
 */
export type ResourceValidation =
  | { status: 'skipped'; reason: string }
  | {
      status: 'refused';
      kind: Resource['kind'];
      dialect: LayoutName;
      refusal: RefusalReport;
      /** Every layout the header fits, each with where it stopped (the first is `dialect`'s); one entry when one was tried. */
      candidates: { dialect: LayoutName; offset: number; path: string; message: string }[];
    }
  | {
      status: 'decoded';
      resource: Resource;
      size: number;
      roundtrip: boolean | null;
      roundtripMismatchAt: number | null;
      /** The checks whose declared field values the record does not hold, as decoding found them (see `ReadResult.unmet`). */
      unmet: readonly string[];
    };

/** How {@link validateResourceBytes} reads a file. */
export interface ValidateOptions {
  /** Layout to read with; detected from the header when absent or `auto`. */
  dialect?: LayoutName;
  /** The reading choices (each layout takes its own); the defaults when absent. */
  reading?: Reading;
  /** Also re-encode and compare with the input. */
  roundtrip?: boolean;
  /** The layouts that exist for this read; the default set when absent. */
  layouts?: LayoutSet;
}

/** The first offset where two byte arrays differ, or null when equal. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? null : n;
}

/**
 * Validates one file's bytes as data instead of by throwing: whether they decode to the exact end as
 * a Skeleton or SkeletonComponent and, with `roundtrip`, re-encode to the same bytes. A refusal is
 * returned as `status: 'refused'`; only an error that is not a `ParseError` (a fault, not the input) is thrown.
 * `classified`: what {@link classifyHeader} said of these bytes, when the caller asked it already.
 */
export function validateResourceBytes(
  bytes: Uint8Array,
  options: ValidateOptions = {},
  classified?: readonly HeaderClass[],
): ResourceValidation {
  const candidates = classified ?? classifyHeader(bytes, isAutoDialect(options.dialect) ? undefined : options.dialect, options.layouts);
  if (candidates.length === 0) return { status: 'skipped', reason: 'not a Skeleton or SkeletonComponent' };
  // The detected layout first; the others the header fits only when it refuses (one read each).
  let refused: Extract<ResourceValidation, { status: 'refused' }> | null = null;
  for (const header of candidates) {
    try {
      const { resource, unmet } = readResourceAs(bytes, header, { reading: options.reading, layouts: options.layouts });
      let roundtrip: boolean | null = null;
      let mismatch: number | null = null;
      if (options.roundtrip) {
        mismatch = firstDifference(writeResource(resource, options.layouts), bytes);
        roundtrip = mismatch === null;
      }
      return { status: 'decoded', resource, size: bytes.length, roundtrip, roundtripMismatchAt: mismatch, unmet };
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      const refusal = error.toJSON();
      refused ??= { status: 'refused', kind: header.kind, dialect: header.dialect, refusal, candidates: [] };
      refused.candidates.push({ dialect: header.dialect, offset: refusal.offset, path: refusal.path, message: refusal.message });
    }
  }
  return refused!;
}
