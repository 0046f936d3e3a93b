/**
 * What the Files panel says of each listed or opened file (`files-panel.ts` draws the rows): its
 * class and layout, bone count and verdict (valid; fails, naming the Proven checks that failed;
 * warnings, naming the others; or its refusal).
 */
import {
  checkSkeletonResource,
  classifyHeader,
  describeHeader,
  ParseError,
  readResource,
  skeletonFromResource,
  type CheckResult,
} from '../src/index.js';
import type { OpenedFile, ReadSettings } from './analysis.js';
import { el, plural } from './dom.js';
import { hexOffset } from './values.js';
import { severityOf } from './verdict.js';

/** Where a record read from an archive sits: the archive and the record's entry number and resource index. */
export interface ArchiveOrigin {
  /** The archive's file name. */
  archiveName: string;
  entry: number;
  resource: number;
  /** The server's id of the archive, whose bytes it serves by ranges as `api/archive/<id>`. */
  archive?: string;
  /** The archive dropped or picked in the page. */
  blob?: Blob;
}

/** A file as the server lists it. */
export interface Listed {
  id: string;
  name: string;
  size: number | null;
  note: string | null;
  /** The note is a refusal (an archive's table or data file): shown as one. */
  refused?: boolean;
  /** A record from an archive: where it sits in it. */
  origin?: ArchiveOrigin;
}

/** A listed or opened file, with its bytes once read and its summary once summarised. */
export interface Entry extends Listed {
  bytes: Uint8Array | null;
  summary: Summary | null;
}

/** What the Files panel says of a file. */
export interface Summary {
  layout: string;
  bones: number | null;
  refusal: string | null;
  notResource: string | null;
  /** Ids of the Proven checks that failed: the file fails. */
  failed: string[];
  /** Ids of the other checks that failed: warnings. */
  warnings: string[];
}

function checkIds(checks: readonly CheckResult[]): { failed: string[]; warnings: string[] } {
  return {
    failed: checks.filter((c) => severityOf(c) === 'fails').map((c) => c.id),
    warnings: checks.filter((c) => severityOf(c) === 'warns').map((c) => c.id),
  };
}

/** The summary of a file opened in full. */
export function summarize(file: OpenedFile): Summary {
  return {
    layout: file.header === null ? '—' : `${file.header.kind} · ${file.header.dialect}`,
    bones: file.skeleton?.bones.length ?? null,
    refusal: file.refusal === null ? null : `refused at ${hexOffset(file.refusal.offset)}: ${file.refusal.path}`,
    notResource: file.notResource,
    ...checkIds(file.checks),
  };
}

/**
 * The same summary as {@link summarize} gives once the file is opened, without its field spans:
 * the list reads thousands of files, and the spans are most of the cost of opening one.
 */
export function summarizeBytes(bytes: Uint8Array, settings: ReadSettings): Summary {
  const dialect = settings.dialect ?? undefined;
  const header = classifyHeader(bytes, dialect)[0];
  const none = { layout: '—', bones: null, refusal: null, notResource: null, failed: [], warnings: [] };
  if (header === undefined) return { ...none, notResource: `not a Skeleton or SkeletonComponent: ${describeHeader(bytes, dialect)}` };
  try {
    const { resource } = readResource(bytes, { dialect, reading: settings.reading })!;
    const layout = `${resource.kind} · ${resource.dialect}`;
    if (resource.kind !== 'Skeleton') return { ...none, layout };
    const bones = skeletonFromResource(resource).bones.length;
    return { ...none, layout, bones, ...checkIds(checkSkeletonResource(resource, settings.resolve)) };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { ...none, layout: `${header.kind} · ${header.dialect}`, refusal: `refused at ${hexOffset(error.offset)}: ${error.path}` };
  }
}

/** The summary of a file the page failed to read (a fault of the page, not a refusal). */
export function failedSummary(error: unknown): Summary {
  return {
    layout: '—',
    bones: null,
    refusal: null,
    notResource: `could not be read: ${(error as Error).message}`,
    failed: [],
    warnings: [],
  };
}

/** `global-composition, unit-rotations`, the first three of a list and how many more. */
const idList = (ids: readonly string[]): string =>
  ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more`;

/** The verdict words of a row: the failure colour when the file fails, the warning colour for warnings. */
export function verdict(meta: HTMLElement, entry: Entry): void {
  const s = entry.summary;
  if (s === null) {
    // Listed with bytes still to fetch: the first read is under way.
    if (entry.bytes === null && entry.size !== null && entry.note === null) meta.append(el('span', 'pending', 'waiting to be read…'));
    else meta.append(el('span', entry.refused === true ? 'bad refusal-text' : 'warn', entry.note ?? 'not read'));
    return;
  }
  meta.append(`${s.layout}${s.bones !== null ? ` · ${plural(s.bones, 'bone')}` : ''} · `);
  if (s.notResource !== null) meta.append(el('span', 'bad', s.notResource));
  else if (s.refusal !== null) meta.append(el('span', 'bad refusal-text', s.refusal));
  else if (s.failed.length > 0)
    meta.append(el('span', 'bad verdict fails', `fails · ${plural(s.failed.length, 'Proven check')} failed (${idList(s.failed)})`));
  else meta.append(el('span', 'ok verdict', 'valid'));
  if (s.warnings.length > 0) {
    const warning = el('span', 'warn warnings', `${plural(s.warnings.length, 'warning')} (${idList(s.warnings)})`);
    warning.title = 'checks below Proven confidence that failed: the file is still read in full';
    meta.append(' · ', warning);
  }
}
