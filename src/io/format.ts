/** How numbers and paths are shown in messages and reports. */
import { hex } from '../names/hex.js';

// Hex itself is spelled in one place, `names/hex.ts` (a leaf, so hashes can share it).
export { hex, hexDigits } from '../names/hex.js';

/** One step of a field path: a field name, or an array index (`bones[3].parent` is `["bones", 3, "parent"]`). */
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

/** A count as every command and report shows it: digits grouped by thousands with commas (`18,050`). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1.5 MiB`, `256 MiB`, `12 bytes`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** `noun` or its plural for a count: `file`/`files`, `only 1 byte`. */
export function plural(n: number, noun: string, many = `${noun}s`): string {
  return n === 1 ? noun : many;
}

/** A count with its noun: `1 file`, `18,050 files`, `1 Skeleton`. */
export function count(n: number, noun: string, many = `${noun}s`): string {
  return `${groupThousands(n)} ${plural(n, noun, many)}`;
}

/**
 * Any value as a refusal to write it shows it: numbers as `formatValue` does (a negative bigint
 * in decimal alone), other types named, e.g. `the string "7"`, `undefined`, `an array of 3`. A
 * number where a bigint belongs (or the reverse) is named as such: `the number 5 (0x5)`.
 */
export function describeValue(value: unknown, numberType: 'number' | 'bigint' = 'number'): string {
  switch (typeof value) {
    case 'number':
      return numberType === 'number' ? formatValue(value) : `the number ${formatValue(value)}`;
    case 'bigint': {
      const shown = value < 0n ? String(value) : formatValue(value);
      return numberType === 'bigint' ? shown : `the bigint ${shown}`;
    }
    case 'string':
      return `the string ${JSON.stringify(value)}`;
    case 'undefined':
      return 'undefined';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return `an array of ${value.length}`;
      if (ArrayBuffer.isView(value)) return `${(value as ArrayBufferView).byteLength} bytes`;
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}
