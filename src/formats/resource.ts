/**
 * Whole resources: classifying a file from its header, and reading or writing it in its layout.
 * Every layout comes from the registry (`registry.ts`); nothing here names one.
 */
import { decodeAll, decodeSpansUntilRefusal, encodeAll, type Codec, type Span } from '../grammar/index.js';
import type { ParseError } from '../io/errors.js';
import { hex } from '../io/format.js';
import type { SkeletonComponent } from './anvilnext/component.js';
import { headerId } from './header.js';
import { headerU32, type LayoutName, type Layout, type Reading, type SkeletonRecord } from './layout.js';
import { classifyHeader, defaultLayouts, layoutByName, layouts, type HeaderClass, type LayoutSet } from './registry.js';

export type { ResourceKind } from './layout.js';
export { classifyHeader, type HeaderClass } from './registry.js';

/** A decoded Skeleton: its layout, the reading it was read under, and the record as the layout stores it. */
export interface SkeletonResource {
  kind: 'Skeleton';
  /** The layout's name. */
  dialect: LayoutName;
  /** The record; its fields are the layout's (see its docs page). */
  record: SkeletonRecord;
  /** The layout's reading choices it was read under (empty for a layout without choices). */
  reading?: Reading;
}

/** A decoded SkeletonComponent (the `anvilnext` layout's). */
export interface ComponentResource {
  kind: 'SkeletonComponent';
  /** The layout's name. */
  dialect: LayoutName;
  /** The record. */
  record: SkeletonComponent;
  /** The reading it was read under. */
  reading?: Reading;
}

/** A decoded resource: its class, its layout and the record as the layout stores it, with the reading. */
export type Resource = SkeletonResource | ComponentResource;

/** Bytes enough to classify a header of every registered layout. */
export const HEADER_BYTES = 16;

const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * A short description of what a header holds (the class hashes at the layouts' class offsets), for
 * messages about files that are not read as a resource. Under a forced `dialect`, a header of
 * another layout says that the layout does not match rather than quoting its class as if it were
 * foreign. Never throws.
 */
export function describeHeader(bytes: Uint8Array, dialect?: LayoutName): string {
  if (dialect !== undefined) {
    const other = classifyHeader(bytes)[0];
    if (other !== undefined && other.dialect !== dialect && classifyHeader(bytes, dialect).length === 0)
      return `the layout does not match: its header is that of ${article(other.dialect)} ${other.dialect} ${other.kind}, not of ${dialect}`;
  }
  // The seed's layouts' class offsets: the siblings' lie beside them and would only lengthen the message.
  const offsets = [...new Set(layouts().flatMap((l) => (l.source === 'seed' ? [l.classOffset] : [])))].sort((a, b) => b - a);
  const parts = [];
  for (const offset of offsets) {
    const cls = headerU32(bytes, offset);
    if (cls !== null) parts.push(`class at offset ${offset} is ${hex(cls)}`);
  }
  return parts.length ? parts.join(', ') : `only ${bytes.length} byte${bytes.length === 1 ? '' : 's'}`;
}

/**
 * The refusal of a file too short to hold its class hash, at its end (`ends at byte 7, before the
 * class at offset 8`), or null when it is long enough. Without a forced layout, the class of the
 * main title's layout is what a short file lacks.
 */
export function truncatedHeaderRefusal(
  length: number,
  dialect?: LayoutName,
): { offset: number; path: string; expected: string; actual: string; message: string } | null {
  const offset = layoutByName(dialect ?? layouts()[0]!.name).classOffset;
  if (length >= offset + 4) return null;
  const message = `ends at byte ${length}, before the class at offset ${offset}`;
  return { offset: length, path: '(header)', expected: 'a class hash', actual: `end of file at byte ${length}`, message };
}

/**
 * How {@link readResource} and {@link readResourceAs} read: the layout, the reading, and whether to record field spans.
 */
export interface ReadResourceOptions {
  /** Layout to read with; detected from the header when absent (or `auto`). */
  dialect?: LayoutName;
  /** Reading choices (`key: value`); each layout takes the ones it has, defaults for the others. */
  reading?: Reading;
  /** Record every field's span. */
  spans?: boolean;
  /** With `spans`: record only spans this many path segments deep at most. */
  spanDepth?: number;
  /** The layouts that exist for this read; the default set (the built-ins and registered ones) when absent. */
  layouts?: LayoutSet;
}

/** A decoded resource, and its field spans when they were asked for. */
export interface ReadResult {
  /** The decoded resource. */
  resource: Resource;
  /** Every field's byte range, present only when `spans` was asked for. */
  spans?: Span[];
  /**
   * The checks whose declared field values the record does not hold, as the decoding found them
   * (empty when every one held): a caller that checks the record before changing it may take this
   * for the declared checks' scan.
   */
  unmet: readonly string[];
}

/** The layout a header class names, in `set` (the default set when absent); throws a RangeError for an unknown one. */
export function layoutOfHeader(header: HeaderClass, set: LayoutSet = defaultLayouts()): Layout {
  return set.get(header.dialect);
}

/** The codec that reads a class of resource in a layout, under a reading. */
export function resourceCodec(header: HeaderClass, reading?: Reading, set?: LayoutSet): Codec<unknown> {
  return layoutOfHeader(header, set).codec(header.kind, reading);
}

/**
 * Reads the bytes as the given class and layout (see {@link classifyHeader}), to their exact end.
 * Returns the resource, with its field spans when `spans` is set; throws a {@link ParseError} (offset,
 * field path, expected, found) on any refusal, whatever the header says.
 */
export function readResourceAs(bytes: Uint8Array, header: HeaderClass, options: ReadResourceOptions = {}): ReadResult {
  const layout = layoutOfHeader(header, options.layouts);
  const reading = layout.ownReading(options.reading);
  const { value, spans, unmet } = decodeAll(layout.codec(header.kind, reading), bytes, {
    spans: options.spans === true,
    spanDepth: options.spanDepth,
  });
  const resource =
    header.kind === 'SkeletonComponent'
      ? { kind: 'SkeletonComponent' as const, dialect: layout.name, record: value as SkeletonComponent, reading }
      : { kind: 'Skeleton' as const, dialect: layout.name, record: value as SkeletonRecord, reading };
  return { resource, spans, unmet };
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
  const { spans, error } = decodeSpansUntilRefusal(resourceCodec(header, options.reading, options.layouts), bytes, {
    spanDepth: options.spanDepth,
  });
  return { spans, error };
}

/**
 * Every class and layout a resource's first bytes fit, most likely first, each with the object id at
 * that layout's place, as its header declares it. Empty when the header is of no registered layout.
 * Never throws (detection needs the whole header, which holds the id).
 */
export function resourceIdentities(
  bytes: Uint8Array,
  dialect?: LayoutName,
  set: LayoutSet = defaultLayouts(),
): { header: HeaderClass; id: bigint }[] {
  return set.classify(bytes, isAutoDialect(dialect) ? undefined : dialect).map((header) => ({
    header,
    id: headerId(set.get(header.dialect).header, bytes),
  }));
}

/** `auto` (or no layout) means: detect it. */
export function isAutoDialect(dialect: LayoutName | undefined): boolean {
  return dialect === undefined || dialect === 'auto';
}

/**
 * Reads a Skeleton or SkeletonComponent, detecting the layout from the header (or taking
 * `options.dialect`). When a header fits several layouts, they are tried in registry order and the
 * first that reads the file exactly wins (one read per layout at most). Returns null when the
 * header is of no registered layout; throws the first layout's {@link ParseError} when every
 * layout the header fits refuses the bytes.
 */
export function readResource(bytes: Uint8Array, options: ReadResourceOptions = {}): ReadResult | null {
  const candidates = classifyHeader(bytes, isAutoDialect(options.dialect) ? undefined : options.dialect, options.layouts);
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
export function writeResource(resource: Resource, set: LayoutSet = defaultLayouts()): Uint8Array {
  const layout = set.get(resource.dialect);
  const codec = layout.codec(resource.kind, resource.reading) as Codec<unknown>;
  const bones = resource.kind === 'Skeleton' ? resource.record.bones.length : 0;
  return encodeAll(codec, resource.record, 256 + bones * 200);
}
