/**
 * Which registered layout reads a file exactly: every layout under every reading, each to its end or
 * to the offset where it stops, and the named checks on each that reads to the end. A user holding a
 * file of an unknown title learns which layout consumes it and where every other one stops.
 */
import type { LayoutName, Reading, ResourceKind } from '../formats/layout.js';
import { layouts } from '../formats/registry.js';
import { readResourceAs } from '../formats/resource.js';
import { ParseError } from '../io/errors.js';
import { checkSkeletonResource } from './check-resource.js';

/** One layout under one reading, tried on a file. */
export interface ProbeCandidate {
  /** The layout. */
  layout: LayoutName;
  /** The class tried. */
  kind: ResourceKind;
  /** The reading, as `key=value` pairs joined by commas; empty for a layout without choices. */
  reading: string;
  /** Whether it read the file to its exact end. */
  exact: boolean;
  /** The file's length when exact; else the offset where it stopped. */
  offset: number;
  /** `(end)` when exact; else the field path of the refusal. */
  path: string;
  /** `exact end`, or the refusal's message. */
  reason: string;
  /** The ids of the named checks that failed (exact Skeletons only). */
  checksFailed: string[];
  /** The ids of the failed checks that are Proven: a candidate with any is no match. */
  provenFailed: string[];
  /** How many named checks held (exact Skeletons only): the rank among several matches. */
  checksHeld: number;
}

/** A file's probe: the layouts that match, ranked, and every candidate. */
export interface ProbeResult {
  /** The one layout that reads the file exactly and passes its Proven checks; null for none or several. */
  match: LayoutName | null;
  /** Every layout that does, best first (most checks held), each once. */
  matches: LayoutName[];
  /** Every layout under every reading, in registry order: furthest first is not implied. */
  candidates: ProbeCandidate[];
}

const readingText = (reading: Reading): string =>
  Object.entries(reading)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');

/**
 * Tries every registered layout, every class it has and every reading of it on the bytes, and
 * runs the named checks on each candidate that reads them exactly. Never throws on what the bytes
 * hold (a fault of a reader is reported as that candidate's reason).
 */
export function probeResource(bytes: Uint8Array): ProbeResult {
  const candidates: ProbeCandidate[] = [];
  for (const layout of layouts()) {
    for (const kind of layout.kinds) {
      for (const reading of layout.readings()) {
        const base = { layout: layout.name, kind, reading: readingText(reading) };
        try {
          const { resource } = readResourceAs(bytes, { kind, dialect: layout.name }, { reading });
          const results = resource.kind === 'Skeleton' ? checkSkeletonResource(resource, undefined, { summaries: false }) : [];
          const failed = results.filter((r) => r.status === 'failed');
          candidates.push({
            ...base,
            exact: true,
            offset: bytes.length,
            path: '(end)',
            reason: 'exact end',
            checksFailed: failed.map((r) => r.id),
            provenFailed: failed.filter((r) => r.confidence === 'Proven').map((r) => r.id),
            checksHeld: results.filter((r) => r.status === 'held').length,
          });
        } catch (error) {
          const refusal = error instanceof ParseError ? error : null;
          candidates.push({
            ...base,
            exact: false,
            offset: refusal?.offset ?? 0,
            path: refusal?.path ?? '(internal)',
            reason: refusal?.message ?? `unexpected error: ${error instanceof Error ? error.message : String(error)}`,
            checksFailed: [],
            provenFailed: [],
            checksHeld: 0,
          });
        }
      }
    }
  }
  // A layout matches when one of its readings reads the file exactly with no Proven check failed;
  // its rank is the best such reading's count of checks held.
  const best = new Map<LayoutName, number>();
  for (const c of candidates) {
    if (!c.exact || c.provenFailed.length > 0) continue;
    best.set(c.layout, Math.max(best.get(c.layout) ?? -1, c.checksHeld));
  }
  const matches = [...best.entries()].sort((a, b) => b[1] - a[1]).map(([layout]) => layout);
  return { match: matches.length === 1 ? matches[0]! : null, matches, candidates };
}
