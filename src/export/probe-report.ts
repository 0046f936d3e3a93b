/**
 * What `probe` reports: each file's readings by every layout, and the layouts themselves, as text
 * (the JSON is the data as it is). Browser-safe.
 */
import type { ProbeCandidate, ProbeResult } from '../analysis/probe.js';
import { layouts } from '../formats/registry.js';
import { formatOffset } from '../io/format.js';

/** One file's probe as the JSON contract gives it; `error` when it could not be read. */
export interface FileProbe extends Partial<ProbeResult> {
  /** The file as named. */
  file: string;
  /** The layout that reads it exactly, or null. */
  match: string | null;
  /** Why it could not be read, when it could not. */
  error?: string;
}

/** Per layout, the reading that got furthest (an exact one first): what the text lists without --all. */
function furthestPerLayout(candidates: readonly ProbeCandidate[]): ProbeCandidate[] {
  const best = new Map<string, ProbeCandidate>();
  for (const c of candidates) {
    const key = `${c.layout} ${c.kind}`;
    const held = best.get(key);
    const better = held === undefined || (c.exact && !held.exact) || (c.exact === held.exact && c.offset > held.offset);
    if (better) best.set(key, c);
  }
  return [...best.values()];
}

function candidateLine(c: ProbeCandidate, width: number): string {
  const name = `${c.layout}${c.kind === 'Skeleton' ? '' : ` ${c.kind}`}`.padEnd(width);
  const reading = c.reading === '' ? '' : ` [${c.reading}]`;
  if (c.exact) {
    const checks = c.checksFailed.length === 0 ? 'every check holds' : `checks failed: ${c.checksFailed.join(', ')}`;
    return `  ${name}  exact end${reading}; ${checks}`;
  }
  return `  ${name}  stops at ${formatOffset(c.offset)} in ${c.path}${reading}: ${c.reason}`;
}

function verdict(p: FileProbe): string {
  if (p.error !== undefined) return `not read: ${p.error}`;
  if (p.match !== null) return `read exactly by ${p.match}`;
  const matches = p.matches ?? [];
  if (matches.length > 1) return `read exactly by ${matches.length} layouts, best first: ${matches.join(', ')}`;
  return 'no layout reads it exactly with its Proven checks holding';
}

/** One row per registered layout: what `probe --layouts` lists. */
export interface LayoutRow {
  /** The layout's name. */
  name: string;
  /** Its title. */
  title: string;
  /** Its family. */
  family: string;
  /** Where its facts come from. */
  source: string;
  /** Bits of its object ids. */
  idBits: number;
  /** The resource kinds it reads. */
  kinds: string[];
  /** Its reading choices, each with the values it allows. */
  readings: Record<string, string[]>;
  /** Its format page. */
  docs: string;
}

/** Every registered layout as a row, in registry order. Never throws. */
export function layoutRows(): LayoutRow[] {
  return layouts().map((l) => ({
    name: l.name,
    title: l.title,
    family: l.family,
    source: l.source,
    idBits: l.idHexWidth * 4,
    kinds: [...l.kinds],
    readings: Object.fromEntries(Object.entries(l.readingChoices).map(([k, v]) => [k, [...v]])),
    docs: l.docs.path,
  }));
}

/** The layouts as `probe --layouts` prints them, one line each. Never throws. */
export function layoutRowsText(rows: readonly LayoutRow[]): string {
  const width = Math.max(...rows.map((r) => r.name.length));
  return rows.map((r) => `${r.name.padEnd(width)}  ${r.idBits}-bit ids, ${r.source}: ${r.title} (${r.docs})\n`).join('');
}

/**
 * One file's probe as `probe` prints it: the verdict, then per layout the reading that got
 * furthest (every reading with `all`). Never throws.
 */
export function fileProbeText(p: FileProbe, all: boolean): string {
  const shown = all ? (p.candidates ?? []) : furthestPerLayout(p.candidates ?? []);
  const width = Math.max(0, ...shown.map((c) => c.layout.length + (c.kind === 'Skeleton' ? 0 : c.kind.length + 1)));
  return [`${p.file}: ${verdict(p)}\n`, ...shown.map((c) => `${candidateLine(c, width)}\n`)].join('');
}
