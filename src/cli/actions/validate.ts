/**
 * What `validate` does (declared in commands/validate.ts): the library's `validateInputs` walks,
 * reads and checks; this keeps counters only and prints. With `--json` each file's result is
 * written as soon as it is known, so memory stays flat however many files there are.
 */
import { forgeOpenOptions } from '../options.js';
import type { FileValidation } from '../../analysis/file-validation.js';
import { count } from '../../io/format.js';
import { ValidationJsonStream, ValidationTally, validationLine, validationSummaryText } from '../../export/validate-report.js';
import type { ForgeProfileValues, ResourceOptionValues } from '../options.js';
import { EXIT_FAILED } from '../errors.js';
import { walkInputs } from '../../node/files.js';
import { checkFailureLines } from '../../export/check-lines.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary } from '../../node/name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { Progress } from '../progress.js';
import { validateInputs } from '../../node/validate.js';
import { EXIT_INTERRUPTED, InterruptWatch } from '../interrupt.js';

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
  const tally = new ValidationTally(strict);
  // In JSON mode Ctrl-C finishes the document (the run marked interrupted) instead of cutting it mid-object.
  const interrupt = json ? new InterruptWatch() : null;
  const document = json ? new ValidationJsonStream(out) : null;
  const emit = (entry: FileValidation): void => {
    tally.add(entry);
    if (entry.error && entry.status !== 'check-failed') process.stderr.write(`${entry.file}: ${entry.error.message}\n`);
    if (document !== null) document.add(entry);
    else if (options.verbose) out(validationLine(entry) ?? '');
  };
  const progress = new Progress('validate', walk.files.length);
  const verdicts = validateInputs(paths, {
    walk,
    ...read,
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
  } finally {
    interrupt?.dispose();
  }
  progress.done();
  const interrupted = interrupt?.interrupted === true;
  // Cut short, the report counts what it holds.
  const summary = tally.summary(interrupted);
  const { files, failed } = summary;
  if (document !== null) document.end(summary);
  else {
    out(validationSummaryText(summary, options.roundtrip === true));
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
