/**
 * Whole resources: classifying a file from its header, and reading or writing it in its layout.
 */
import { decodeAll, decodeSpansUntilRefusal, encodeAll, type Codec, type Span } from '../grammar/index.js';
import type { ParseError } from '../io/errors.js';
import { hex } from '../io/format.js';
import type { Dialect } from './dialect.js';
import {
  ANVILNEXT_READING_DEFAULTS,
  anvilnextSkeletonCodec,
  skeletonComponent,
  type AnvilnextReading,
  type AnvilnextSkeleton,
  type SkeletonComponent,
} from './anvilnext/index.js';
import { CLASS } from './classes.js';
import { scimitarSkeleton, type ScimitarSkeleton } from './scimitar/index.js';

/** The two resource classes this package reads. */
export type ResourceKind = 'Skeleton' | 'SkeletonComponent';

/**
 * A decoded resource: its class, its layout and the record as the layout stores it (with the reading for `anvilnext` Skeletons).
 */
export type Resource =
  | { kind: 'Skeleton'; dialect: 'anvilnext'; record: AnvilnextSkeleton; reading: AnvilnextReading }
  | { kind: 'Skeleton'; dialect: 'scimitar'; record: ScimitarSkeleton }
  | { kind: 'SkeletonComponent'; dialect: 'anvilnext'; record: SkeletonComponent };

/** A class and layout a header fits: what {@link classifyHeader} returns. */
export interface HeaderClass {
  /** The resource class. */
  kind: ResourceKind;
  /** The layout. */
  dialect: Dialect;
}

/** Where each layout keeps its class hash: `scimitar` u8 1, u32 id, class at 5; `anvilnext` u64 id, class at 8. */
export const CLASS_OFFSET: Readonly<Record<Dialect, number>> = { anvilnext: 8, scimitar: 5 };

function classAt(bytes: Uint8Array, offset: number): number | null {
  if (bytes.length < offset + 4) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true);
}

/**
 * The layouts and kinds a header fits, most likely first (only `dialect` when given); empty when it is neither class. Never throws.
 */
export function classifyHeader(bytes: Uint8Array, dialect?: Dialect): HeaderClass[] {
  const found: HeaderClass[] = [];
  if (dialect !== 'scimitar') {
    const cls = classAt(bytes, CLASS_OFFSET.anvilnext);
    if (cls === CLASS.Skeleton) found.push({ kind: 'Skeleton', dialect: 'anvilnext' });
    else if (cls === CLASS.SkeletonComponent) found.push({ kind: 'SkeletonComponent', dialect: 'anvilnext' });
  }
  if (dialect !== 'anvilnext' && bytes[0] === 1 && classAt(bytes, CLASS_OFFSET.scimitar) === CLASS.Skeleton) {
    found.push({ kind: 'Skeleton', dialect: 'scimitar' });
  }
  return found;
}

/** Bytes enough to classify a header of every layout. */
export const HEADER_BYTES = 16;

/**
 * A short description of what a header holds (the class hashes at both layouts' offsets), for
 * messages about files that are not read as a resource. Under a forced `dialect`, a header of
 * another layout says that the layout does not match rather than quoting its class as if it were
 * foreign. Never throws.
 */
export function describeHeader(bytes: Uint8Array, dialect?: Dialect): string {
  if (dialect !== undefined) {
    const other = classifyHeader(bytes)[0];
    if (other !== undefined && other.dialect !== dialect)
      return `the layout does not match: its header is that of ${other.dialect === 'anvilnext' ? 'an' : 'a'} ${other.dialect} ${other.kind}, not of ${dialect}`;
  }
  const a = classAt(bytes, CLASS_OFFSET.anvilnext);
  const s = classAt(bytes, CLASS_OFFSET.scimitar);
  const parts = [];
  if (a !== null) parts.push(`class at offset 8 is ${hex(a)}`);
  if (s !== null) parts.push(`class at offset 5 is ${hex(s)}`);
  return parts.length ? parts.join(', ') : `only ${bytes.length} byte${bytes.length === 1 ? '' : 's'}`;
}

/**
 * The refusal of a file too short to hold its class hash, at its end (`ends at byte 7, before the
 * class at offset 8`), or null when it is long enough. Without a forced layout the anvilnext
 * class, the later one, is what a short file lacks.
 */
export function truncatedHeaderRefusal(
  length: number,
  dialect?: Dialect,
): { offset: number; path: string; expected: string; actual: string; message: string } | null {
  const offset = dialect === 'scimitar' ? CLASS_OFFSET.scimitar : CLASS_OFFSET.anvilnext;
  if (length >= offset + 4) return null;
  const message = `ends at byte ${length}, before the class at offset ${offset}`;
  return { offset: length, path: '(header)', expected: 'a class hash', actual: `end of file at byte ${length}`, message };
}

/**
 * How {@link readResource} and {@link readResourceAs} read: the layout, the reading, and whether to record field spans.
 */
export interface ReadResourceOptions {
  /** Layout to read with; detected from the header when absent. */
  dialect?: Dialect;
  /** The `anvilnext` reading options. */
  reading?: AnvilnextReading;
  /** Record every field's span. */
  spans?: boolean;
  /** With `spans`: record only spans this many path segments deep at most. */
  spanDepth?: number;
}

/** A decoded resource, and its field spans when they were asked for. */
export interface ReadResult {
  /** The decoded resource. */
  resource: Resource;
  /** Every field's byte range, present only when `spans` was asked for. */
  spans?: Span[];
}

/** The codec that reads a class of resource (under an `anvilnext` reading). */
export function resourceCodec(
  header: HeaderClass,
  reading: AnvilnextReading = ANVILNEXT_READING_DEFAULTS,
): Codec<AnvilnextSkeleton | ScimitarSkeleton | SkeletonComponent> {
  if (header.kind === 'SkeletonComponent') return skeletonComponent;
  return header.dialect === 'scimitar' ? scimitarSkeleton : anvilnextSkeletonCodec(reading);
}

/**
 * Reads the bytes as the given class and layout (see {@link classifyHeader}), to their exact end.
 * Returns the resource, with its field spans when `spans` is set; throws a {@link ParseError} (offset,
 * field path, expected, found) on any refusal, whatever the header says.
 */
export function readResourceAs(bytes: Uint8Array, header: HeaderClass, options: ReadResourceOptions = {}): ReadResult {
  const decodeOptions = { spans: options.spans === true, spanDepth: options.spanDepth };
  if (header.kind === 'SkeletonComponent') {
    const { value, spans } = decodeAll(skeletonComponent, bytes, decodeOptions);
    return { resource: { kind: 'SkeletonComponent', dialect: 'anvilnext', record: value }, spans };
  }
  if (header.dialect === 'scimitar') {
    const { value, spans } = decodeAll(scimitarSkeleton, bytes, decodeOptions);
    return { resource: { kind: 'Skeleton', dialect: 'scimitar', record: value }, spans };
  }
  const reading = options.reading ?? ANVILNEXT_READING_DEFAULTS;
  const { value, spans } = decodeAll(anvilnextSkeletonCodec(reading), bytes, decodeOptions);
  return { resource: { kind: 'Skeleton', dialect: 'anvilnext', record: value, reading }, spans };
}

/**
 * The field spans of a resource read as `header`, for an annotated dump: all of them when it reads
 * to its end, else those before the refusal, with the refusal (a ParseError, returned, not thrown).
 */
export function resourceSpansUntilRefusal(
  bytes: Uint8Array,
  header: HeaderClass,
  options: ReadResourceOptions = {},
): { spans: Span[]; error: ParseError | null } {
  const { spans, error } = decodeSpansUntilRefusal(resourceCodec(header, options.reading), bytes, { spanDepth: options.spanDepth });
  return { spans, error };
}

/**
 * Reads a Skeleton or SkeletonComponent, detecting the layout from the header (or taking
 * `options.dialect`). When a header fits both layouts, the first that reads the file exactly wins.
 * Returns null when the header is of neither class; throws the first layout's {@link ParseError}
 * when every layout the header fits refuses the bytes.
 */
export function readResource(bytes: Uint8Array, options: ReadResourceOptions = {}): ReadResult | null {
  const candidates = classifyHeader(bytes, options.dialect);
  if (candidates.length === 0) return null;
  let firstError: unknown;
  for (const header of candidates) {
    try {
      return readResourceAs(bytes, header, options);
    } catch (error) {
      firstError ??= error;
    }
  }
  throw firstError;
}

/**
 * Encodes a resource; a decoded one comes back as the identical bytes. Throws EncodeError for a
 * record that would not read back: a value out of its field's range, or a reference to a bone
 * the skeleton does not hold.
 */
export function writeResource(resource: Resource): Uint8Array {
  switch (resource.kind) {
    case 'SkeletonComponent':
      return encodeAll(skeletonComponent, resource.record, 256);
    case 'Skeleton':
      if (resource.dialect === 'scimitar') return encodeAll(scimitarSkeleton, resource.record, 128 + resource.record.bones.length * 200);
      return encodeAll(anvilnextSkeletonCodec(resource.reading), resource.record, 128 + resource.record.bones.length * 160);
  }
}
