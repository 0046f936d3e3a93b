/** How numbers and paths are shown in messages and reports. */

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

/** `0x` + uppercase hex digits, zero-padded to `digits`. */
export function hex(value: number | bigint, digits = 8): string {
  const text = (typeof value === 'bigint' ? BigInt.asUintN(64, value) : value >>> 0).toString(16).toUpperCase();
  return `0x${text.padStart(digits, '0')}`;
}

/** A value as messages show it: `123 (0x7B)`. */
export function formatValue(value: number | bigint): string {
  if (typeof value === 'bigint') return `${value} (0x${value.toString(16).toUpperCase()})`;
  if (Number.isInteger(value) && value >= 0) return `${value} (0x${value.toString(16).toUpperCase()})`;
  return String(value);
}

/** An offset as messages show it: `0x1A2 (418)`. */
export function formatOffset(offset: number): string {
  return `0x${offset.toString(16).toUpperCase()} (${offset})`;
}

/** A count as every command and report shows it: digits grouped by thousands with commas (`18,050`). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `noun` or its plural for a count: `file`/`files`, `only 1 byte`. */
export function plural(n: number, noun: string, many = `${noun}s`): string {
  return n === 1 ? noun : many;
}

/** A count with its noun: `1 file`, `18,050 files`, `1 Skeleton`. */
export function count(n: number, noun: string, many = `${noun}s`): string {
  return `${groupThousands(n)} ${plural(n, noun, many)}`;
}
