/**
 * What `inspect` prints of one resource, as text: its report (text or JSON), its annotated hex
 * dump up to a refusal, and the lines of its failed checks. Browser-safe.
 */
import { boneOffsets } from '../analysis/bone-offsets.js';
import { checkSkeletonResource, isBlockingFailure } from '../analysis/check-resource.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import type { HeaderClass, Resource } from '../formats/resource.js';
import type { ParseError } from '../io/errors.js';
import { skeletonFromResource } from '../model/read.js';
import { checkFailureLines } from './check-lines.js';
import { annotatedHexDump, hexDumpSpans } from './hexdump.js';
import { componentToJson, skeletonToJson, toJsonText } from './json.js';
import { componentText, skeletonText } from './text.js';

/**
 * The annotated hex dump of a resource's bytes. When its reading is refused: the bytes that were
 * understood, then `refused: <message>`, and the refusal. Never throws.
 */
export function resourceHexDump(
  bytes: Uint8Array,
  header: HeaderClass,
  options: { dialect?: LayoutName; reading?: Reading } = {},
): { text: string; refusal: ParseError | null } {
  const { spans, error } = hexDumpSpans(bytes, header, options);
  if (error === null) return { text: annotatedHexDump(bytes, spans), refusal: null };
  const understood = spans.filter((s) => s.end <= error.offset);
  return { text: `${annotatedHexDump(bytes.subarray(0, error.offset), understood)}refused: ${error.message}\n`, refusal: error };
}

/** The report of a read resource (`file` names it, first in the JSON), as `inspect` prints it. Never throws. */
export function resourceReport(
  file: string,
  bytes: Uint8Array,
  resource: Resource,
  resolve: (hash: number) => string | null,
  json: boolean,
): string {
  if (resource.kind === 'SkeletonComponent') {
    const report = componentToJson(resource.record, bytes.length);
    return json ? toJsonText({ file, ...report }) : componentText(report, file);
  }
  const report = skeletonToJson(skeletonFromResource(resource), bytes.length, resolve);
  return json ? toJsonText({ file, ...report }) : skeletonText(report, file);
}

/**
 * The failed checks of a Skeleton resource as lines (none for a SkeletonComponent), each offender
 * at its offset, and whether one blocks (a failed Proven check).
 */
export function resourceCheckFailures(
  file: string,
  bytes: Uint8Array,
  resource: Resource,
  resolve: (hash: number) => string | null,
): { lines: string[]; blocking: boolean } {
  if (resource.kind !== 'Skeleton') return { lines: [], blocking: false };
  const failed = checkSkeletonResource(resource, resolve).filter((c) => c.status === 'failed');
  if (failed.length === 0) return { lines: [], blocking: false };
  const lines = checkFailureLines(file, failed, false, boneOffsets(bytes, resource));
  return { lines, blocking: failed.some((c) => isBlockingFailure(c, false)) };
}
