/** What `validate` does (declared in commands/validate.ts). */
import { checkSkeletonResource, isBlockingFailure } from '../../analysis/check-resource.js';
import type { CheckResult } from '../../analysis/checks/index.js';
import { validateResourceBytes, type ResourceValidation } from '../../analysis/validate-resource.js';
import type { NameDictionary } from '../../names/dictionary.js';
import { classifyHeader } from '../../formats/resource.js';
import { formatOffset } from '../../io/format.js';
import { toJsonText } from '../../export/json.js';
import type { ValidateOptions } from '../commands/validate.js';
import { EXIT_FAILED } from '../errors.js';
import { readBytes, readHead, walkFiles } from '../files.js';
import { boneOffsets, checkFailureLines } from '../check-report.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions } from '../options.js';
import { Progress } from '../progress.js';

export interface FileValidation {
  file: string;
  status: 'valid' | 'refused' | 'roundtrip-mismatch' | 'check-failed' | 'skipped' | 'unreadable';
  kind?: string;
  dialect?: string;
  size?: number;
  bones?: number;
  roundtrip?: boolean | null;
  /** Every named check's result (Skeletons only). */
  checks?: CheckResult[];
  error?: { offset?: number; path?: string; expected?: string; actual?: string; message: string };
}

/** Enough bytes to classify any header of either layout. */
const HEAD_BYTES = 16;

interface CheckContext {
  dictionary: NameDictionary;
  strict: boolean;
  run: boolean;
}

function describe(file: string, result: ResourceValidation, checking: CheckContext): FileValidation {
  if (result.status === 'skipped') return { file, status: 'skipped' };
  if (result.status === 'refused') return { file, status: 'refused', kind: result.kind, dialect: result.dialect, error: result.refusal };
  const r = result.resource;
  const bones = r.kind === 'Skeleton' ? r.record.bones.length : undefined;
  const base: FileValidation = { file, status: 'valid', kind: r.kind, dialect: r.dialect, size: result.size, bones, roundtrip: result.roundtrip };
  if (result.roundtrip === false) {
    const at = result.roundtripMismatchAt!;
    return { ...base, status: 'roundtrip-mismatch', error: { offset: at, message: `re-encoding differs from the input at offset ${formatOffset(at)}` } };
  }
  if (r.kind === 'Skeleton' && checking.run) {
    base.checks = checkSkeletonResource(r, (hash) => checking.dictionary.resolve(hash));
    const blocking = base.checks.filter((c) => isBlockingFailure(c, checking.strict));
    if (blocking.length > 0) {
      const names = blocking.map((c) => `${c.id} (${c.confidence})`).join(', ');
      return { ...base, status: 'check-failed', error: { message: `check${blocking.length === 1 ? '' : 's'} failed: ${names}` } };
    }
  }
  return base;
}

/** Runs `validate` with what commander parsed. */
export async function validateCommand(paths: string[], options: ValidateOptions): Promise<void> {
  const read = resourceReadOptions(options);
  const checking: CheckContext = { dictionary: await loadNameDictionary(options.names), strict: options.strict === true, run: options.checks !== false };
  const results: FileValidation[] = [];
  const progress = new Progress('validate');
  for await (const file of walkFiles(paths)) {
    let entry: FileValidation;
    try {
      const head = await readHead(file, HEAD_BYTES);
      if (classifyHeader(head, read.dialect).length === 0) entry = { file, status: 'skipped' };
      else {
        const bytes = await readBytes(file);
        const result = validateResourceBytes(bytes, { ...read, roundtrip: options.roundtrip });
        entry = describe(file, result, checking);
        const failedChecks = (entry.checks ?? []).filter((c) => c.status === 'failed');
        if (!options.json && failedChecks.length > 0 && result.status === 'decoded') {
          for (const line of checkFailureLines(file, failedChecks, checking.strict, boneOffsets(bytes, result.resource))) process.stderr.write(`${line}\n`);
        }
      }
    } catch (error) {
      entry = { file, status: 'unreadable', error: { message: (error as Error).message } };
    }
    results.push(entry);
    progress.update(results.length);
    if (entry.error && entry.status !== 'check-failed') process.stderr.write(`${file}: ${entry.error.message}\n`);
    if (options.verbose && !options.json && entry.status !== 'skipped') {
      const what = `${entry.kind} ${entry.dialect}${entry.bones === undefined ? '' : `, ${entry.bones} bones`}`;
      process.stdout.write(`${entry.status === 'valid' ? 'ok  ' : 'FAIL'}  ${file}  (${what})\n`);
    }
  }
  progress.done();
  const count = (s: FileValidation['status']) => results.filter((r) => r.status === s).length;
  const summary = {
    files: results.length,
    valid: count('valid'),
    refused: count('refused'),
    roundtripMismatch: count('roundtrip-mismatch'),
    checkFailed: count('check-failed'),
    checkWarnings: results.reduce((n, r) => n + (r.checks ?? []).filter((c) => c.status === 'failed' && !isBlockingFailure(c, checking.strict)).length, 0),
    unreadable: count('unreadable'),
    skipped: count('skipped'),
    skeletons: results.filter((r) => r.status === 'valid' && r.kind === 'Skeleton').length,
    components: results.filter((r) => r.status === 'valid' && r.kind === 'SkeletonComponent').length,
  };
  const failed = summary.refused + summary.roundtripMismatch + summary.checkFailed + summary.unreadable;
  if (options.json) {
    process.stdout.write(toJsonText({ summary, files: results }));
  } else {
    process.stdout.write(
      `${summary.files} file${summary.files === 1 ? '' : 's'}: ${summary.valid} valid (${summary.skeletons} Skeletons, ${summary.components} SkeletonComponents${options.roundtrip ? ', re-encoded byte for byte' : ''}), ${failed} failed, ${summary.skipped} skipped${summary.checkWarnings ? `, ${summary.checkWarnings} check warning(s)` : ''}\n`,
    );
  }
  if (summary.files === summary.skipped && !options.json) {
    process.stderr.write(`validate: no Skeleton or SkeletonComponent among ${summary.files} file${summary.files === 1 ? '' : 's'} (classes are read from headers; --dialect forces a layout)\n`);
  }
  if (failed > 0) process.exitCode = EXIT_FAILED;
}
