/**
 * An annotated hex dump: every byte of a resource next to the field it belongs to, from the
 * spans the grammar records when asked. Bytes inside a field but outside its sub-fields (counts,
 * pointer tags) are labelled with the innermost field and `(count or tag)`.
 */
import type { Span } from '../grammar/codec.js';

const hexByte = (b: number): string => b.toString(16).toUpperCase().padStart(2, '0');
const hexOffset = (n: number): string => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;

interface Region {
  start: number;
  end: number;
  label: string;
}

/** Leaf fields and the gaps between them, in byte order, covering [0, length). */
export function annotatedRegions(length: number, spans: readonly Span[]): Region[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const leaves = sorted.filter((s, i) => {
    const next = sorted[i + 1];
    return !next || next.start >= s.end;
  });
  const innermost = (offset: number): string => {
    let best: Span | null = null;
    for (const s of sorted) {
      if (s.start <= offset && offset < s.end && (!best || s.end - s.start <= best.end - best.start)) best = s;
    }
    return best ? `${best.path} (count or tag)` : '(outside every field)';
  };
  const regions: Region[] = [];
  let at = 0;
  for (const leaf of leaves) {
    if (leaf.start < at) continue;
    while (at < leaf.start) {
      const label = innermost(at);
      let end = at + 1;
      while (end < leaf.start && innermost(end) === label) end++;
      regions.push({ start: at, end, label });
      at = end;
    }
    regions.push({ start: leaf.start, end: leaf.end, label: leaf.path });
    at = leaf.end;
  }
  if (at < length) regions.push({ start: at, end: length, label: innermost(at) });
  return regions;
}

/** One line per field (16 bytes per line at most): offset, bytes, field path. */
export function annotatedHexDump(bytes: Uint8Array, spans: readonly Span[], bytesPerLine = 16): string {
  const lines: string[] = [];
  for (const region of annotatedRegions(bytes.length, spans)) {
    for (let start = region.start; start < region.end; start += bytesPerLine) {
      const end = Math.min(region.end, start + bytesPerLine);
      const hex = Array.from(bytes.subarray(start, end), hexByte).join(' ');
      lines.push(`${hexOffset(start)}  ${hex.padEnd(bytesPerLine * 3 - 1)}  ${start === region.start ? region.label : '…'}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
