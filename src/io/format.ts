/** How numbers and paths are shown in messages and reports. */
import { hex } from '../names/hex.js';

// Hex itself is spelled in one place, `names/hex.ts` (a leaf, so hashes can share it).
export { hex, hexDigits } from '../names/hex.js';

export type PathSegment = string | number;

/** `bones[3].parent` from ['bones', 3, 'parent']. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out === '' ? '(root)' : out;
}

/** A value as messages show it: `123 (0x7B)`. */
export function formatValue(value: number | bigint): string {
  if (typeof value === 'bigint' || (Number.isInteger(value) && value >= 0)) return `${value} (${hex(value, 1)})`;
  return String(value);
}

/** An offset as messages show it: `0x1A2 (418)`. */
export function formatOffset(offset: number): string {
  return `${hex(offset, 1)} (${offset})`;
}
