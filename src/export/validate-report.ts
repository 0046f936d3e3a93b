/**
 * The report of `validate`, from its verdicts: a tally kept one verdict at a time (so a streamed
 * report of any number of files keeps only counters), the summary object its JSON ends with, and
 * its lines of text.
 */
import { isBlockingFailure } from '../analysis/check-resource.js';
import type { FileValidation } from '../analysis/file-validation.js';
import { count, groupThousands } from '../io/format.js';

/** The summary of a validation: `validate --json`'s `summary`. */
export interface ValidationSummary {
  /** Verdicts counted. */
  files: number;
  valid: number;
  refused: number;
  roundtripMismatch: number;
  checkFailed: number;
  /** Checks failed that do not fail the file (without `strict`). */
  checkWarnings: number;
  notResources: number;
  unreadable: number;
  skipped: number;
  /** Skeletons among the valid and check-failed files. */
  skeletons: number;
  /** SkeletonComponents among them. */
  components: number;
  /** Every verdict that fails the run. */
  failed: number;
  /** Present (true) when the run was cut short. */
  interrupted?: true;
}

/** The counts of a validation, kept one verdict at a time. */
export class ValidationTally {
  private readonly statuses: Record<FileValidation['status'], number> = {
    valid: 0,
    refused: 0,
    'roundtrip-mismatch': 0,
    'check-failed': 0,
    skipped: 0,
    'not-a-resource': 0,
    unreadable: 0,
  };
  private files = 0;
  private skeletons = 0;
  private components = 0;
  private checkWarnings = 0;

  /** `strict`: a failed check of any confidence fails its file, so none is a warning. */
  constructor(private readonly strict = false) {}

  /** Counts one verdict. */
  add(entry: FileValidation): void {
    this.files++;
    this.statuses[entry.status]++;
    if (entry.status === 'valid' || entry.status === 'check-failed') {
      if (entry.kind === 'Skeleton') this.skeletons++;
      else if (entry.kind === 'SkeletonComponent') this.components++;
    }
    this.checkWarnings += (entry.checks ?? []).filter((c) => c.status === 'failed' && !isBlockingFailure(c, this.strict)).length;
  }

  /** The summary of the verdicts counted so far; `interrupted` when the run was cut short. */
  summary(interrupted = false): ValidationSummary {
    const s = this.statuses;
    const failed = s.refused + s['roundtrip-mismatch'] + s['check-failed'] + s.unreadable + s['not-a-resource'];
    return {
      files: this.files,
      valid: s.valid,
      refused: s.refused,
      roundtripMismatch: s['roundtrip-mismatch'],
      checkFailed: s['check-failed'],
      checkWarnings: this.checkWarnings,
      notResources: s['not-a-resource'],
      unreadable: s.unreadable,
      skipped: s.skipped,
      skeletons: this.skeletons,
      components: this.components,
      failed,
      ...(interrupted ? { interrupted: true as const } : {}),
    };
  }
}

/** One verdict as `validate --verbose` lists it (`ok  `, `FAIL` or `skip`), or null for one it does not list. */
export function validationLine(entry: FileValidation): string | null {
  if (entry.status === 'skipped') return `skip  ${entry.file}  (${entry.reason ?? 'not a resource'})\n`;
  if (entry.kind === undefined) return null;
  const bones = entry.bones === undefined ? '' : `, ${count(entry.bones, 'bone')}`;
  const what = `${entry.kind}${entry.dialect ? ` ${entry.dialect}` : ''}${bones}`;
  return `${entry.status === 'valid' ? 'ok  ' : 'FAIL'}  ${entry.file}  (${what})\n`;
}

/** The last line of `validate`: files, valid (of which Skeletons, components), failed, skipped, warnings. */
export function validationSummaryText(summary: ValidationSummary, roundtrip = false): string {
  const kinds = `${count(summary.skeletons, 'Skeleton')}, ${count(summary.components, 'SkeletonComponent')}`;
  const parts = [
    `${groupThousands(summary.valid)} valid (${kinds}${roundtrip ? ', re-encoded byte for byte' : ''})`,
    `${groupThousands(summary.failed)} failed`,
    `${groupThousands(summary.skipped)} skipped`,
  ];
  if (summary.checkWarnings) parts.push(count(summary.checkWarnings, 'check warning'));
  return `${count(summary.files, 'file')}: ${parts.join(', ')}\n`;
}

/** What JSON.stringify([[value]], null, 2) puts around the value. */
const NESTED_OPENING = '[\n  [\n';
const NESTED_CLOSING = '\n  ]\n]';

/**
 * The `validate --json` document written as it is made, so memory stays flat however many files
 * there are: the opening when made, each file's result by {@link ValidationJsonStream.add}, and
 * the summary by {@link ValidationJsonStream.end}.
 */
export class ValidationJsonStream {
  private first = true;

  /** Writes the opening of the document with `write`. */
  constructor(private readonly write: (text: string) => void) {
    write('{\n  "files": [\n');
  }

  /** One file's result, next in the `files` array. */
  add(entry: FileValidation): void {
    // Stringified two arrays deep, the entry comes out indented as it sits in the document; the
    // arrays' own brackets are cut off. One pass, where indenting every line after was a second.
    const nested = JSON.stringify([[entry]], null, 2);
    this.write(`${this.first ? '' : ',\n'}${nested.slice(NESTED_OPENING.length, nested.length - NESTED_CLOSING.length)}`);
    this.first = false;
  }

  /** The summary, and the end of the document. */
  end(summary: ValidationSummary): void {
    // One array deep: the summary's fields indented as a member of the document.
    const nested = JSON.stringify([summary], null, 2);
    this.write(`\n  ],\n  "summary": ${nested.slice('[\n  '.length, nested.length - '\n]'.length)}\n}\n`);
  }
}
