/**
 * `validate` over a `.forge` archive: each Skeleton and SkeletonComponent record inside is
 * validated like a file, named `archive: entry N "name": resource I "name"`; a refused table or
 * data file is one refused line with its archive offset, and the rest are read. Data files are
 * chosen as the census chooses them (by the index's type, `forgeRecords`), or all of them.
 */
import { UsageError } from './errors.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { forgeRecords } from '../archive/forge-records.js';
import { unreadRecordMessage } from '../analysis/census/archive.js';
import type { CheckResult } from '../analysis/checks/index.js';
import type { LayoutName } from '../formats/dialect.js';
import { classifyHeader, type HeaderClass } from '../formats/resource.js';
import { formatAddress } from '../io/address.js';
import type { ParseError } from '../io/errors.js';
import { ArchiveRefusal, openForgeFile } from './forge-archive.js';

/** One line of `validate`'s report: a file, or a record or refusal of an archive, and what reading it came to. */
export interface FileValidation {
  file: string;
  status: 'valid' | 'refused' | 'roundtrip-mismatch' | 'check-failed' | 'skipped' | 'not-a-resource' | 'unreadable';
  kind?: string;
  dialect?: string;
  size?: number;
  bones?: number;
  roundtrip?: boolean | null;
  /** Every named check's result (Skeletons only). */
  checks?: CheckResult[];
  /** Why a file was skipped or not read. */
  reason?: string;
  error?: { offset?: number; path?: string; expected?: string; actual?: string; message: string };
}

function refused(file: string, error: ParseError): FileValidation {
  return { file, status: 'refused', error: { ...error.toJSON(), message: `refused at ${error.message}` } };
}

/**
 * Validates the archive's Skeletons and SkeletonComponents through `validate` and hands each
 * result to `emit`; returns how many results were emitted. Rejects only when the file cannot be read.
 */
export async function validateArchive(
  archive: string,
  dialect: LayoutName | undefined,
  emit: (entry: FileValidation) => void,
  validate: (label: string, bytes: Uint8Array, header: HeaderClass) => FileValidation,
  everyDataFile = false,
  forgeOptions: OpenForgeOptions = {},
): Promise<number> {
  let emitted = 0;
  const put = (entry: FileValidation): void => {
    emitted++;
    emit(entry);
  };
  let opened;
  try {
    opened = await openForgeFile(archive, forgeOptions);
  } catch (error) {
    // Profiles that read the archive differently: the user must name one (exit 2).
    if (error instanceof UsageError) throw error;
    if (error instanceof ArchiveRefusal) put(refused(archive, error.refusal));
    else put({ file: archive, status: 'unreadable', reason: (error as Error).message, error: { message: (error as Error).message } });
    return emitted;
  }
  try {
    for await (const item of forgeRecords(opened.forge, { name: archive, everyDataFile })) {
      if (item.kind === 'failed') throw item.error;
      if (item.kind === 'refusal') put(refused(formatAddress(item.address), item.refusal));
      if (item.kind !== 'record') continue;
      const label = formatAddress(item.address);
      const body = item.resource.body;
      const header = classifyHeader(body, dialect)[0];
      if (header === undefined) {
        const message = unreadRecordMessage(item.resource.classHash >>> 0, body, dialect);
        put({ file: label, status: 'not-a-resource', reason: message, error: { message } });
        continue;
      }
      put(validate(label, body, header));
    }
  } finally {
    await opened.close();
  }
  return emitted;
}
