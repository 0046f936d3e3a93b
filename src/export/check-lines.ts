/** How the commands print failed checks: one line per check, then its first offenders with their offsets. Browser-safe. */
import { isBlockingFailure } from '../analysis/check-resource.js';
import type { CheckResult } from '../analysis/checks/index.js';
import type { CensusReport } from '../analysis/census/report.js';
import { formatOffset } from '../io/format.js';

/** Offenders shown per failed check; the rest are counted. */
const SHOWN_OFFENDERS = 5;

/** `  bone 4 (Spine2) at offset 0x201 (513), bones[4]: …`, or `  skeleton: …` for the skeleton as a whole (bone −1). */
export function offenderLine(bone: number, name: string | null, offset: number | null, message: string): string {
  if (bone < 0) return `  skeleton: ${message}`;
  const at = offset === null ? '' : ` at offset ${formatOffset(offset)}, bones[${bone}]`;
  return `  bone ${bone}${name ? ` (${name})` : ''}${at}: ${message}`;
}

/**
 * Lines for stderr: `file: check failed: id (Proven): summary` (a `warning:` when not blocking under
 * `strict`), then its first offenders, `  bone 4 (Spine2) at offset …, bones[4]: message`, at the
 * offsets `offsets` gives each bone. Never throws.
 */
export function checkFailureLines(
  file: string,
  checks: readonly CheckResult[],
  strict: boolean,
  offsets: ReadonlyMap<number, number>,
): string[] {
  const lines: string[] = [];
  for (const check of checks) {
    if (check.status !== 'failed') continue;
    const level = isBlockingFailure(check, strict) ? 'check failed' : 'warning: check failed';
    lines.push(`${file}: ${level}: ${check.id} (${check.confidence}): ${check.summary ?? ''}`);
    for (const offender of check.offenders.slice(0, SHOWN_OFFENDERS)) {
      lines.push(offenderLine(offender.bone, offender.name ?? null, offsets.get(offender.bone) ?? null, offender.message));
    }
    if (check.offenderCount > SHOWN_OFFENDERS) lines.push(`  … and ${check.offenderCount - SHOWN_OFFENDERS} more`);
  }
  return lines;
}

/**
 * The Proven check failures of a census, as the census prints them on stderr: `file: check failed:
 * id (Proven)`, then each kept offender as validate prints them (bone, name, offset of its record).
 */
export function provenFailureLines(report: CensusReport): string[] {
  const lines: string[] = [];
  let last = '';
  for (const failure of report.provenFailures) {
    const head = `${failure.file}: check failed: ${failure.check} (Proven)`;
    if (head !== last) lines.push(head);
    last = head;
    lines.push(offenderLine(failure.bone, failure.name, failure.offset, failure.message));
  }
  return lines;
}
