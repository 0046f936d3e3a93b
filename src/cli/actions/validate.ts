/**
 * What `validate` does (declared in commands/validate.ts): the library's `validateInputs` walks,
 * reads and checks; this keeps counters only and prints. With `--json` each file's result is
 * written as soon as it is known, so memory stays flat however many files there are.
 */
import { forgeOpenOptions } from '../options.js';
import { isBlockingFailure } from '../../analysis/check-resource.js';
import type { FileValidation } from '../../analysis/file-validation.js';
import { count, groupThousands } from '../../io/format.js';
import type { ForgeProfileValues, ResourceOptionValues } from '../options.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { walkInputs } from '../files.js';
import { checkFailureLines } from '../../export/check-lines.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { Progress } from '../progress.js';
import { ArchiveProfileChoiceError } from '../../node/census.js';
import { validateInputs } from '../../node/validate.js';
import { EXIT_INTERRUPTED, InterruptWatch } from '../interrupt.js';

type Tally = Record<FileValidation['status'], number> & { skeletons: number; components: number; checkWarnings: number };

/** The options of `validate`, as commander parses them (declared in commands/validate.ts). */
export interface ValidateOptions extends ResourceOptionValues, ForgeProfileValues {
  roundtrip?: boolean;
  json?: boolean;
  verbose?: boolean;
  strict?: boolean;
  checks: boolean;
  names: string[];
  everyDataFile?: boolean;
}

/** Runs `validate` with what commander parsed. */
export async function validateCommand(paths: string[], options: ValidateOptions): Promise<void> {
  sayStaleReadersOnStderr();
  const read = resourceReadOptions(options);
  const strict = options.strict === true;
  const names = await loadNameDictionary(options.names);
  const json = options.json === true;
  const walk = walkInputs(paths);
  const out = (text: string): boolean => process.stdout.write(text);
  const warn = json ? null : (line: string): void => void process.stderr.write(`${line}\n`);
  const tally: Tally = {
    valid: 0,
    refused: 0,
    'roundtrip-mismatch': 0,
    'check-failed': 0,
    skipped: 0,
    'not-a-resource': 0,
    unreadable: 0,
    skeletons: 0,
    components: 0,
    checkWarnings: 0,
  };
  let first = true;
  let emitted = 0;
  const emit = (entry: FileValidation): void => {
    emitted++;
    tally[entry.status]++;
    if (entry.status === 'valid' || entry.status === 'check-failed') {
      if (entry.kind === 'Skeleton') tally.skeletons++;
      else if (entry.kind === 'SkeletonComponent') tally.components++;
    }
    tally.checkWarnings += (entry.checks ?? []).filter((c) => c.status === 'failed' && !isBlockingFailure(c, strict)).length;
    if (entry.error && entry.status !== 'check-failed') process.stderr.write(`${entry.file}: ${entry.error.message}\n`);
    if (json) {
      out(`${first ? '' : ',\n'}${indent(JSON.stringify(entry, null, 2))}`);
      first = false;
      return;
    }
    if (options.verbose) {
      if (entry.status === 'skipped') out(`skip  ${entry.file}  (${entry.reason ?? 'not a resource'})\n`);
      else if (entry.kind !== undefined) {
        const what = `${entry.kind}${entry.dialect ? ` ${entry.dialect}` : ''}${entry.bones === undefined ? '' : `, ${count(entry.bones, 'bone')}`}`;
        out(`${entry.status === 'valid' ? 'ok  ' : 'FAIL'}  ${entry.file}  (${what})\n`);
      }
    }
  };
  // In JSON mode Ctrl-C finishes the document (the run marked interrupted) instead of cutting it mid-object.
  const interrupt = json ? new InterruptWatch() : null;
  if (json) out('{\n  "files": [\n');
  const progress = new Progress('validate', walk.files.length);
  const verdicts = validateInputs(paths, {
    walk,
    dialect: read.dialect,
    reading: read.reading,
    maxSize: read.maxSize,
    roundtrip: options.roundtrip === true,
    names,
    checks: options.checks !== false,
    strict,
    everyDataFile: options.everyDataFile === true,
    forge: forgeOpenOptions(options),
    onProgress: (done) => progress.update(done),
    ...(warn === null
      ? {}
      : { onCheckFailures: (file, failed, offsets) => checkFailureLines(file, failed, strict, offsets).forEach(warn) }),
  });
  try {
    for await (const entry of verdicts) {
      emit(entry);
      if (interrupt !== null && (await interrupt.check())) break;
    }
  } catch (error) {
    throw error instanceof ArchiveProfileChoiceError ? new UsageError(error.message) : error;
  } finally {
    interrupt?.dispose();
  }
  progress.done();
  const interrupted = interrupt?.interrupted === true;
  // Cut short, the report counts what it holds.
  const files = emitted;
  const failed = tally.refused + tally['roundtrip-mismatch'] + tally['check-failed'] + tally.unreadable + tally['not-a-resource'];
  const summary = {
    files,
    valid: tally.valid,
    refused: tally.refused,
    roundtripMismatch: tally['roundtrip-mismatch'],
    checkFailed: tally['check-failed'],
    checkWarnings: tally.checkWarnings,
    notResources: tally['not-a-resource'],
    unreadable: tally.unreadable,
    skipped: tally.skipped,
    skeletons: tally.skeletons,
    components: tally.components,
    failed,
    ...(interrupted ? { interrupted: true } : {}),
  };
  if (json) {
    out(`\n  ],\n  "summary": ${indent(JSON.stringify(summary, null, 2)).trimStart()}\n}\n`);
  } else {
    const parts = [
      `${groupThousands(summary.valid)} valid (${count(tally.skeletons, 'Skeleton')}, ${count(tally.components, 'SkeletonComponent')}${options.roundtrip ? ', re-encoded byte for byte' : ''})`,
      `${groupThousands(failed)} failed`,
      `${groupThousands(summary.skipped)} skipped`,
    ];
    if (summary.checkWarnings) parts.push(count(summary.checkWarnings, 'check warning'));
    out(`${count(files, 'file')}: ${parts.join(', ')}\n`);
    if (files > 0 && summary.skipped === files) {
      process.stderr.write(
        `validate: no Skeleton or SkeletonComponent among ${count(files, 'file')} (classes are read from headers; --layout forces one)\n`,
      );
    }
  }
  if (failed > 0) process.exitCode = EXIT_FAILED;
  if (interrupted) {
    process.stderr.write(`validate: interrupted after ${count(files, 'file')}; the JSON report holds those and says "interrupted": true\n`);
    process.exitCode = EXIT_INTERRUPTED;
  }
}

/** A JSON value nested two levels deep in the streamed report. */
function indent(text: string): string {
  return text.replace(/^/gm, '    ');
}
