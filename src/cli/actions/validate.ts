/**
 * What `validate` does (declared in commands/validate.ts). It reads files the census's way (header
 * first, synchronously, through the generated readers, checks without summaries unless one fails)
 * and keeps counters only: with `--json` each file's result is written as soon as it is known, so
 * memory stays flat however many files there are.
 */
import { forgeOpenOptions } from '../options.js';
import { boneOffsets } from '../../analysis/bone-offsets.js';
import { checkSkeletonResource, isBlockingFailure } from '../../analysis/check-resource.js';
import type { CheckResult } from '../../analysis/checks/index.js';
import { validateResourceBytes, type ResourceValidation } from '../../analysis/validate-resource.js';
import type { NameDictionary } from '../../names/dictionary.js';
import { count, formatOffset, groupThousands, plural } from '../../io/format.js';
import type { ForgeProfileValues, ResourceOptionValues } from '../options.js';
import { EXIT_FAILED } from '../errors.js';
import { walkInputs, type InputFile } from '../files.js';
import { checkFailureLines } from '../check-report.js';
import { readInputFile } from '../input-file.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions, type ResourceReadOptions } from '../read-options.js';
import { Progress } from '../progress.js';
import { isForgeHeader } from '../../archive/forge-select.js';
import type { HeaderClass } from '../../formats/resource.js';
import { validateArchive, type FileValidation } from '../validate-archive.js';

export type { FileValidation };
import { EXIT_INTERRUPTED, Interrupted, InterruptWatch } from '../interrupt.js';

interface CheckContext {
  dictionary: NameDictionary;
  strict: boolean;
  run: boolean;
}

/** The checks of one Skeleton: without summaries first (the common case holds), again with them when one fails. */
function runSkeletonChecks(
  resource: Extract<ResourceValidation, { status: 'decoded' }>['resource'],
  checking: CheckContext,
): CheckResult[] {
  if (resource.kind !== 'Skeleton') return [];
  const resolve = (hash: number): string | null => checking.dictionary.resolve(hash);
  const quick = checkSkeletonResource(resource, resolve, { summaries: false });
  return quick.some((c) => c.status === 'failed') ? checkSkeletonResource(resource, resolve) : quick;
}

function describe(file: string, result: ResourceValidation, checking: CheckContext): FileValidation {
  if (result.status === 'skipped') return { file, status: 'skipped', reason: result.reason };
  if (result.status === 'refused') return { file, status: 'refused', kind: result.kind, dialect: result.dialect, error: result.refusal };
  const r = result.resource;
  const bones = r.kind === 'Skeleton' ? r.record.bones.length : undefined;
  const base: FileValidation = {
    file,
    status: 'valid',
    kind: r.kind,
    dialect: r.dialect,
    size: result.size,
    bones,
    roundtrip: result.roundtrip,
  };
  if (result.roundtrip === false) {
    const at = result.roundtripMismatchAt!;
    return {
      ...base,
      status: 'roundtrip-mismatch',
      error: { offset: at, message: `re-encoding differs from the input at offset ${formatOffset(at)}` },
    };
  }
  if (r.kind === 'Skeleton' && checking.run) {
    base.checks = runSkeletonChecks(r, checking);
    const blocking = base.checks.filter((c) => isBlockingFailure(c, checking.strict));
    if (blocking.length > 0) {
      const names = blocking.map((c) => `${c.id} (${c.confidence})`).join(', ');
      return { ...base, status: 'check-failed', error: { message: `${plural(blocking.length, 'check')} failed: ${names}` } };
    }
  }
  return base;
}

/** One file, read header first; failed-check lines go to `warn` (stderr) unless in JSON mode. Null: a `.forge` archive, read by validate-archive.ts. */
function validateFile(
  input: InputFile,
  read: ResourceReadOptions,
  roundtrip: boolean,
  checking: CheckContext,
  warn: ((line: string) => void) | null,
): FileValidation | null {
  const file = input.path;
  const got = readInputFile(file, read);
  switch (got.kind) {
    case 'other':
      if (isForgeHeader(got.head)) return null;
      return input.explicit
        ? { file, status: 'not-a-resource', reason: got.description, error: { message: got.description } }
        : { file, status: 'skipped', reason: got.description };
    case 'truncated':
      return { file, status: 'refused', kind: got.resourceKind, error: got.refusal };
    case 'unreadable':
      if (got.skippable && !input.explicit) return { file, status: 'skipped', reason: got.reason };
      return { file, status: 'unreadable', reason: got.reason, error: { message: got.reason } };
    case 'resource':
      break;
  }
  return validateBytes(file, got.bytes, got.header, read, roundtrip, checking, warn);
}

/** One resource's bytes (a file's, or a record's inside an archive), validated and checked. */
function validateBytes(
  file: string,
  bytes: Uint8Array,
  header: HeaderClass,
  read: ResourceReadOptions,
  roundtrip: boolean,
  checking: CheckContext,
  warn: ((line: string) => void) | null,
): FileValidation {
  const got = { bytes, header };
  let result: ResourceValidation;
  let entry: FileValidation;
  try {
    result = validateResourceBytes(got.bytes, { dialect: read.dialect, reading: read.reading, roundtrip });
    entry = describe(file, result, checking);
  } catch (error) {
    // Not a ParseError: an input no rule foresaw, or a fault of ours. Still one file's failure, not a crash.
    const message = `unexpected error while reading: ${error instanceof Error ? error.message : String(error)}`;
    return { file, status: 'refused', kind: got.header.kind, dialect: got.header.dialect, error: { message } };
  }
  const failedChecks = (entry.checks ?? []).filter((c) => c.status === 'failed');
  if (warn !== null && failedChecks.length > 0 && result.status === 'decoded') {
    for (const line of checkFailureLines(file, failedChecks, checking.strict, boneOffsets(got.bytes, result.resource))) warn(line);
  }
  return entry;
}

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
  const read = resourceReadOptions(options);
  const checking: CheckContext = {
    dictionary: await loadNameDictionary(options.names),
    strict: options.strict === true,
    run: options.checks !== false,
  };
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
    tally.checkWarnings += (entry.checks ?? []).filter((c) => c.status === 'failed' && !isBlockingFailure(c, checking.strict)).length;
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
  for (const problem of walk.problems) {
    emit(
      problem.failed
        ? { file: problem.path, status: 'unreadable', reason: problem.reason, error: { message: problem.reason } }
        : { file: problem.path, status: 'skipped', reason: problem.reason },
    );
  }
  const progress = new Progress('validate', walk.files.length);
  let done = 0;
  // Each archive is replaced in the count by the resources and refusals reported from it.
  let archiveFiles = 0;
  // An archive's records are emitted from inside its walk: an interruption stops it there.
  const emitRecord = (entry: FileValidation): void => {
    emit(entry);
    if (interrupt?.interrupted === true) throw new Interrupted();
  };
  try {
    for (const input of walk.files) {
      if (interrupt !== null && (await interrupt.check())) break;
      const entry = validateFile(input, read, options.roundtrip === true, checking, warn);
      if (entry !== null) emit(entry);
      else
        archiveFiles +=
          -1 +
          (await validateArchive(
            input.path,
            read.dialect,
            emitRecord,
            (label, bytes, header) => validateBytes(label, bytes, header, read, options.roundtrip === true, checking, warn),
            options.everyDataFile === true,
            forgeOpenOptions(options),
          ));
      progress.update(++done);
    }
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
  } finally {
    interrupt?.dispose();
  }
  progress.done();
  const interrupted = interrupt?.interrupted === true;
  // Cut short, the report counts what it holds.
  const files = interrupted ? emitted : walk.files.length + walk.problems.length + archiveFiles;
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
