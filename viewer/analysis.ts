/**
 * One opened file, read with the library's public API only: the resource or its refusal, the
 * field spans (up to the refusal), the model skeleton and the failing checks. Nothing here names a
 * layout: what the library returns is what is shown.
 */
import {
  checkSkeletonResource,
  classifyHeader,
  describeHeader,
  ParseError,
  readResource,
  resourceFieldInfo,
  resourceSpansUntilRefusal,
  skeletonFromResource,
  type AnvilnextReading,
  type CheckResult,
  type Dialect,
  type FieldInfo,
  type HeaderClass,
  type Resource,
  type Skeleton,
  type Span,
} from '../src/index.js';

export interface ReadSettings {
  dialect: Dialect | null;
  reading: AnvilnextReading | undefined;
  resolve: (hash: number) => string | null;
}

export interface Refused {
  offset: number;
  path: string;
  message: string;
}

/** A leaf region of the annotated bytes: [start, end) owned by one span (innermost), or by none. */
export interface Regions {
  starts: Int32Array;
  ends: Int32Array;
  /** Index into `spans`, or -1 outside every field. */
  owner: Int32Array;
  /** Whether the owner is a leaf (false: the bytes are its count or tag). */
  leaf: Uint8Array;
  count: number;
}

export interface OpenedFile {
  id: string;
  name: string;
  bytes: Uint8Array;
  header: HeaderClass | null;
  /** Why the file is not read as a resource, when its header is of neither class. */
  notResource: string | null;
  resource: Resource | null;
  refusal: Refused | null;
  spans: Span[];
  regions: Regions;
  fieldInfo: (path: string) => FieldInfo | null;
  skeleton: Skeleton | null;
  checks: CheckResult[];
  /** Per bone: its record's [start, end), from the `bones[i]` spans. */
  boneRecords: Map<number, [number, number]>;
  /** Per bone: the checks that fail at it, with their message. */
  failuresByBone: Map<number, { check: CheckResult; message: string }[]>;
}

/** The bone a span belongs to (`['bones', 3, 'parent']` → 3), or -1. */
export function boneOfSpan(span: Pick<Span, 'segments'>): number {
  const [field, index] = span.segments;
  return field === 'bones' && typeof index === 'number' ? index : -1;
}

/** Innermost-span regions over [0, length), in one sweep of the spans sorted by start, longer first. */
export function leafRegions(length: number, spans: readonly Span[]): Regions {
  const order = spans.map((_, i) => i).filter((i) => spans[i]!.end > spans[i]!.start);
  order.sort((a, b) => spans[a]!.start - spans[b]!.start || spans[b]!.end - spans[a]!.end);
  const starts: number[] = [];
  const ends: number[] = [];
  const owner: number[] = [];
  const leaf: number[] = [];
  const open: number[] = [];
  let at = 0;
  const push = (s: number, e: number, o: number, isLeaf: boolean): void => {
    starts.push(s);
    ends.push(e);
    owner.push(o);
    leaf.push(isLeaf ? 1 : 0);
  };
  const gapsUntil = (target: number): void => {
    while (at < target) {
      while (open.length > 0 && spans[open[open.length - 1]!]!.end <= at) open.pop();
      const o = open.length > 0 ? open[open.length - 1]! : -1;
      const end = o >= 0 ? Math.min(target, spans[o]!.end) : target;
      push(at, end, o, false);
      at = end;
    }
  };
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const span = spans[i]!;
    if (span.start < at) continue;
    gapsUntil(span.start);
    const next = order[k + 1];
    if (next === undefined || spans[next]!.start >= span.end) {
      push(span.start, span.end, i, true);
      at = span.end;
    } else open.push(i);
  }
  gapsUntil(length);
  return {
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
    owner: Int32Array.from(owner),
    leaf: Uint8Array.from(leaf),
    count: starts.length,
  };
}

/** The region holding `offset` (binary search), or -1 past the end. */
export function regionAt(regions: Regions, offset: number): number {
  let lo = 0;
  let hi = regions.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (regions.ends[mid]! <= offset) lo = mid + 1;
    else if (regions.starts[mid]! > offset) hi = mid - 1;
    else return mid;
  }
  return -1;
}

export function openFile(id: string, name: string, bytes: Uint8Array, settings: ReadSettings): OpenedFile {
  const dialect = settings.dialect ?? undefined;
  const headers = classifyHeader(bytes, dialect);
  const file: OpenedFile = {
    id,
    name,
    bytes,
    header: headers[0] ?? null,
    notResource: null,
    resource: null,
    refusal: null,
    spans: [],
    regions: leafRegions(0, []),
    fieldInfo: () => null,
    skeleton: null,
    checks: [],
    boneRecords: new Map(),
    failuresByBone: new Map(),
  };
  if (file.header === null) {
    file.notResource = `not a Skeleton or SkeletonComponent: ${describeHeader(bytes, dialect)}`;
    file.regions = leafRegions(bytes.length, []);
    return file;
  }
  try {
    const read = readResource(bytes, { dialect, reading: settings.reading, spans: true })!;
    file.resource = read.resource;
    file.spans = read.spans ?? [];
    file.header = { kind: read.resource.kind, dialect: read.resource.dialect };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const until = resourceSpansUntilRefusal(bytes, file.header, { reading: settings.reading });
    const refusal = until.error ?? error;
    file.refusal = { offset: refusal.offset, path: refusal.path, message: refusal.message };
    file.spans = until.spans.filter((s) => s.end <= refusal.offset);
  }
  file.fieldInfo = resourceFieldInfo(file.header, settings.reading);
  // Past a refusal the bytes are shown, but no field owns them.
  file.regions = leafRegions(file.refusal === null ? bytes.length : file.refusal.offset, file.spans);
  if (file.refusal !== null && file.refusal.offset < bytes.length) {
    const r = file.regions;
    file.regions = {
      starts: Int32Array.from([...r.starts, file.refusal.offset]),
      ends: Int32Array.from([...r.ends, bytes.length]),
      owner: Int32Array.from([...r.owner, -2]),
      leaf: Uint8Array.from([...r.leaf, 0]),
      count: r.count + 1,
    };
  }
  for (const span of file.spans) {
    // `bones[i]` itself, not one of its fields: the bone's whole record.
    if (span.segments.length === 2) {
      const bone = boneOfSpan(span);
      if (bone >= 0) file.boneRecords.set(bone, [span.start, span.end]);
    }
  }
  if (file.resource !== null && file.resource.kind === 'Skeleton') {
    file.skeleton = skeletonFromResource(file.resource);
    file.checks = checkSkeletonResource(file.resource, settings.resolve);
    for (const check of file.checks) {
      if (check.status !== 'failed') continue;
      for (const offender of check.offenders) {
        const list = file.failuresByBone.get(offender.bone) ?? [];
        list.push({ check, message: offender.message });
        file.failuresByBone.set(offender.bone, list);
      }
    }
  }
  return file;
}
