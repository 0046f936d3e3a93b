/**
 * How the viewer shows decoded values: numbers with their hex, ids as hex at the layout's width,
 * class hashes with their class name, pointers, byte runs, and a span's value (from the decoded
 * record, or read plainly from its bytes when the record keeps none, as for constants).
 */
import { classDictionary, findLayout, formatHash, type PathSegment } from '../src/index.js';
import type { OpenedFile } from './analysis.js';
import { plural } from './dom.js';

/** A byte offset in hex and decimal: `0x1A (26)`. */
export const hexOffset = (o: number): string => `0x${o.toString(16).toUpperCase()} (${o})`;

/** Hex digits of an id of the layout `dialect` (16 for u64 ids, 8 for u32); 16 when it is not known. */
export const idWidthOf = (dialect: string | null | undefined): number =>
  (dialect === null || dialect === undefined ? undefined : findLayout(dialect)?.idHexWidth) ?? 16;

/**
 * An integer of 32 bits or fewer with its hex past 9 (`12 (0xC)`), any other number (a fraction, or
 * a float too large for its hex to mean anything) to 7 significant digits.
 */
export function formatNumber(n: number): string {
  if (Number.isInteger(n) && n >= -0x8000_0000 && n <= 0xffff_ffff)
    return Math.abs(n) > 9 ? `${n} (0x${(n >>> 0).toString(16).toUpperCase()})` : String(n);
  return String(Number(n.toPrecision(7)));
}

/** A class hash with the class's name when it is one of the format's (`SkeletonComponent (0x71FDA747)`), else the hash. */
export function formatClassHash(hash: number): string {
  const name = classDictionary().resolve(hash);
  return name === null ? formatHash(hash) : `${name} (${formatHash(hash)})`;
}

/** A u64 in hex, 16 digits; an id of a 32-bit layout (`idWidth` 8) in 8 when it fits. */
function formatU64(value: bigint, idWidth: number): string {
  return `0x${value
    .toString(16)
    .toUpperCase()
    .padStart(value > 0xffffffffn ? 16 : idWidth, '0')}`;
}

/**
 * A decoded value in one line: ids in hex at `idWidth` digits (a null id too), pointers as
 * `null`/`ref`/`inline`, the first bytes of a run, nested records cut short.
 */
export function formatValue(value: unknown, idWidth = 16, depth = 0): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'bigint') return formatU64(value, idWidth);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Uint8Array) {
    const shown = Array.from(value.subarray(0, 32), (b) => b.toString(16).padStart(2, '0')).join(' ');
    return value.length > 32 ? `${shown} … (${plural(value.length, 'byte')})` : value.length === 0 ? '(no bytes)' : shown;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'number')) return `(${value.map((v) => formatNumber(v as number)).join(', ')})`;
    if (depth > 0 || value.some((v) => typeof v === 'object' && v !== null && !(v instanceof Uint8Array)))
      return `[${plural(value.length, 'item')}]`;
    return `[${value.length}] ${value
      .slice(0, 4)
      .map((v) => formatValue(v, idWidth, depth + 1))
      .join(', ')}${value.length > 4 ? ', …' : ''}`;
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.kind === 'null' && Object.keys(o).length === 1) return 'null';
    if (o.kind === 'ref') return `ref ${formatValue(o.id, idWidth)}`;
    if (o.kind === 'inline') return `inline ${formatValue(o.value, idWidth, depth + 1)}`;
    if (depth > 1) return '{…}';
    return `{ ${Object.entries(o)
      .map(([k, v]) => `${k}: ${formatValue(v, idWidth, depth + 1)}`)
      .join(', ')} }`;
  }
  return String(value);
}

/** The decoded value at a span's path (`['bones', 3, 'parent']`), stepping through inline pointers; undefined when the record has none (constants). */
function valueAtPath(record: unknown, segments: readonly PathSegment[]): unknown {
  let at: unknown = record;
  for (const key of segments) {
    if (at === null || typeof at !== 'object') return undefined;
    let o = at as Record<string | number, unknown>;
    if (!(key in o) && o.kind === 'inline' && typeof o.value === 'object' && o.value !== null) o = o.value as Record<string, unknown>;
    at = o[key];
  }
  return at;
}

/** A span's bytes read plainly, for fields the record does not keep (constants) or files refused before a record. */
function rawValue(bytes: Uint8Array, start: number, end: number, idWidth: number): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, end - start);
  const length = end - start;
  if (length === 1) return formatNumber(view.getUint8(0));
  if (length === 4) return `${formatNumber(view.getUint32(0, true))}, f32 ${formatNumber(view.getFloat32(0, true))}`;
  if (length === 8) return formatValue(view.getBigUint64(0, true), idWidth);
  if (length === 16) return `(${[0, 4, 8, 12].map((o) => formatNumber(view.getFloat32(o, true))).join(', ')})`;
  return formatValue(bytes.subarray(start, end), idWidth);
}

/** The value of a span of the open file: a class hash named, its decoded field, or its bytes read plainly. */
export function spanValue(file: OpenedFile, spanIndex: number): string {
  const span = file.spans[spanIndex]!;
  // A class hash is a name's CRC-32, never a number or a float: it is shown as the class it names.
  if (span.segments[span.segments.length - 1] === 'classHash' && span.end - span.start === 4)
    return formatClassHash(new DataView(file.bytes.buffer, file.bytes.byteOffset + span.start, 4).getUint32(0, true));
  const idWidth = idWidthOf(file.header?.dialect);
  const decoded = file.resource === null ? undefined : valueAtPath(file.resource.record, span.segments);
  return decoded === undefined ? rawValue(file.bytes, span.start, span.end, idWidth) : formatValue(decoded, idWidth);
}
