/**
 * An annotated hex dump: every byte of a resource next to the field it belongs to, from the
 * spans the grammar records when asked. Bytes inside a field but outside its sub-fields (counts,
 * pointer tags) are labelled with the innermost field and `(count or tag)`.
 */
import type { Span } from '../grammar/codec.js';
import { classifyHeader, resourceSpansUntilRefusal, type HeaderClass } from '../formats/resource.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import type { ParseError } from '../io/errors.js';
import { hex, hexDigits } from '../io/format.js';

const hexByte = (b: number): string => hexDigits(b, 2);

interface Region {
  start: number;
  end: number;
  label: string;
}

/** Leaf fields and the gaps between them, in byte order, covering [0, length), in one sweep. */
export function annotatedRegions(length: number, spans: readonly Span[]): Region[] {
  // Parents sort before their children: by start, then the longer first.
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const regions: Region[] = [];
  const open: Span[] = []; // the fields containing the current offset, innermost last
  let at = 0;
  // Bytes in [at, target) outside every leaf belong to the innermost open field (counts, tags).
  const gapsUntil = (target: number): void => {
    while (at < target) {
      while (open.length > 0 && open[open.length - 1]!.end <= at) open.pop();
      const owner = open[open.length - 1];
      const end = owner ? Math.min(target, owner.end) : target;
      regions.push({ start: at, end, label: owner ? `${owner.path} (count or tag)` : '(outside every field)' });
      at = end;
    }
  };
  for (let i = 0; i < sorted.length; i++) {
    const span = sorted[i]!;
    if (span.start < at) continue; // overlaps what is already labelled
    gapsUntil(span.start);
    const next = sorted[i + 1];
    const isLeaf = !next || next.start >= span.end;
    if (isLeaf) {
      regions.push({ start: span.start, end: span.end, label: span.path });
      at = span.end;
    } else {
      open.push(span);
    }
  }
  gapsUntil(length);
  return regions;
}

/**
 * An annotated hex dump of `bytes`: one line per field (at most `bytesPerLine` bytes each) with the
 * offset, the bytes and the field path, from the spans `readResource(bytes, { spans: true })` records.
 * Never throws; bytes no span covers are labelled `(outside every field)`.
 */
export function annotatedHexDump(bytes: Uint8Array, spans: readonly Span[], bytesPerLine = 16): string {
  const lines: string[] = [];
  for (const region of annotatedRegions(bytes.length, spans)) {
    for (let start = region.start; start < region.end; start += bytesPerLine) {
      const end = Math.min(region.end, start + bytesPerLine);
      const shown = Array.from(bytes.subarray(start, end), hexByte).join(' ');
      lines.push(`${hex(start, 8)}  ${shown.padEnd(bytesPerLine * 3 - 1)}  ${start === region.start ? region.label : '…'}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The spans of the layout that reads `bytes`, detected as reading does: each layout the header fits
 * (only `options.dialect`'s when given), in registry order, the first that reads to the exact end
 * winning; `header` when none fits. When every one refuses, the first one's spans and refusal, the
 * one readResource reports. Never throws.
 */
export function hexDumpSpans(
  bytes: Uint8Array,
  header: HeaderClass,
  options: { dialect?: LayoutName; reading?: Reading } = {},
): { spans: Span[]; error: ParseError | null } {
  const candidates = classifyHeader(bytes, options.dialect);
  let first: { spans: Span[]; error: ParseError | null } | null = null;
  for (const candidate of candidates.length > 0 ? candidates : [header]) {
    const attempt = resourceSpansUntilRefusal(bytes, candidate, { reading: options.reading });
    if (attempt.error === null) return attempt;
    first ??= attempt;
  }
  return first!;
}
