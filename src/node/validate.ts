/**
 * `validate` over files, folders and archives on disk: the walk's problems first, then each file
 * read header first (the census's way) and validated, each `.forge` archive (told by its magic)
 * replaced by the verdicts on its records. One verdict at a time, so a caller streaming them keeps
 * memory flat however many files there are; stopping the iteration closes the open archive.
 */
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { isForgeHeader } from '../archive/forge-select.js';
import {
  refusedValidation,
  validateForgeRecords,
  validateResourceRecord,
  type FileValidation,
  type FileValidationOptions,
} from '../analysis/file-validation.js';
import { builtInNames, NameDictionary } from '../names/dictionary.js';
import { walkInputs, type InputFile, type InputWalk } from './files.js';
import { openForgeFile } from './forge-file.js';
import { readInputFile } from './input-file.js';

/** How {@link validateInputs} reads and checks. */
export interface ValidateInputsOptions extends Omit<FileValidationOptions, 'names'> {
  /** The bone names the checks resolve hashes with (default: the built-in dictionary). */
  names?: NameDictionary;
  /** Largest resource file read, in bytes (default DEFAULT_MAX_SIZE). */
  maxSize?: number;
  /** In archives, read every data file, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
  /** How archives are opened: the profile, detected by default. */
  forge?: OpenForgeOptions;
  /** The walk of `paths` when the caller made it already. */
  walk?: InputWalk;
  /** Told after each walked file (an archive counting as one): how many are done of how many. */
  onProgress?: (done: number, total: number) => void;
}

/** One walked file's verdict; null for a `.forge` archive, whose records are validated instead. */
function validateInputFile(input: InputFile, options: ValidateInputsOptions & FileValidationOptions): FileValidation | null {
  const file = input.path;
  const got = readInputFile(file, { dialect: options.dialect, maxSize: options.maxSize });
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
      return validateResourceRecord(file, got.bytes, got.header, options);
  }
}

/**
 * `anvil-skel validate --json`'s `files`, one at a time: the walk's skipped and unreadable paths,
 * then every file of `paths` (files or folders, walked recursively) validated, and each archive's
 * Skeleton and SkeletonComponent records validated in its place. Every outcome of reading is a
 * verdict; rejects with a NoInputError when no path exists, and an ArchiveProfileChoiceError
 * when an archive needs a profile named.
 */
export async function* validateInputs(paths: readonly string[], options: ValidateInputsOptions = {}): AsyncGenerator<FileValidation> {
  const walk = options.walk ?? walkInputs(paths);
  const reading = { ...options, names: options.names ?? new NameDictionary(builtInNames()) };
  for (const problem of walk.problems) {
    yield problem.failed
      ? { file: problem.path, status: 'unreadable', reason: problem.reason, error: { message: problem.reason } }
      : { file: problem.path, status: 'skipped', reason: problem.reason };
  }
  let done = 0;
  for (const input of walk.files) {
    const verdict = validateInputFile(input, reading);
    if (verdict !== null) yield verdict;
    else {
      const opened = await openForgeFile(input.path, options.forge);
      if (opened.kind === 'refused') yield refusedValidation(input.path, opened.refusal);
      else if (opened.kind === 'unreadable') {
        yield { file: input.path, status: 'unreadable', reason: opened.message, error: { message: opened.message } };
      } else {
        try {
          yield* validateForgeRecords(opened.forge, { ...reading, name: input.path });
        } finally {
          await opened.source.close();
        }
      }
    }
    options.onProgress?.(++done, walk.files.length);
  }
}
