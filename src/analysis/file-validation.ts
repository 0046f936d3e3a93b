/**
 * `validate`'s verdicts as data, for one resource's bytes and for the Skeleton and
 * SkeletonComponent records of an opened archive: decoded to the exact end or refused, re-encoded
 * to the same bytes or not, and the named checks run (without summaries first, the common case
 * holding; again with them when one fails). Browser-safe: files and folders are the node entry's.
 */
import { unreadRecordMessage } from './census/archive.js';
import { boneOffsets } from './bone-offsets.js';
import { checkSkeletonResource, isBlockingFailure } from './check-resource.js';
import type { CheckResult } from './checks/index.js';
import { validateResourceBytes, type ResourceValidation } from './validate-resource.js';
import type { Forge } from '../archive/forge.js';
import { forgeRecords } from '../archive/forge-records.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { classifyHeader, type HeaderClass } from '../formats/resource.js';
import { formatAddress, refusalReport } from '../io/address.js';
import type { ParseError } from '../io/errors.js';
import { formatOffset, plural } from '../io/format.js';
import type { NameDictionary } from '../names/dictionary.js';

/** One line of `validate`'s report: a file, or a record or refusal of an archive, and what reading it came to. */
export interface FileValidation {
  /** The file's path, or the record's address (`archive: entry N "name": resource I "name"`). */
  file: string;
  /** What reading it came to; every status but `valid` and `skipped` is a failure. */
  status: 'valid' | 'refused' | 'roundtrip-mismatch' | 'check-failed' | 'skipped' | 'not-a-resource' | 'unreadable';
  /** The class read: `Skeleton` or `SkeletonComponent`. */
  kind?: string;
  /** The layout read with. */
  dialect?: string;
  /** Its size in bytes. */
  size?: number;
  /** A Skeleton's bone count. */
  bones?: number;
  /** Whether it re-encodes to the same bytes; null when not asked. */
  roundtrip?: boolean | null;
  /** Every named check's result (Skeletons only). */
  checks?: CheckResult[];
  /** Why a file was skipped or not read. */
  reason?: string;
  /** The failure: where and why. */
  error?: { offset?: number; path?: string; expected?: string; actual?: string; message: string };
}

/** How {@link validateResourceRecord} and {@link validateForgeRecords} read and check. */
export interface FileValidationOptions {
  /** Read with this layout instead of detecting it from the header. */
  dialect?: LayoutName;
  /** The reading choices (defaults for the rest). */
  reading?: Reading;
  /** Also re-encode each resource and compare with its bytes. */
  roundtrip?: boolean;
  /** The bone names the checks resolve hashes with. */
  names: NameDictionary;
  /** Run the named checks on Skeletons (default true). */
  checks?: boolean;
  /** Fail on a failed check of any confidence, not only the blocking ones. */
  strict?: boolean;
  /**
   * Told of a Skeleton's failed checks, with the file offset of each bone (for lines that point
   * into the bytes); absent, the offsets are not worked out.
   */
  onCheckFailures?: (file: string, failed: readonly CheckResult[], offsets: ReadonlyMap<number, number>) => void;
}

/** The checks of one Skeleton: without summaries first (the common case holds), again with them when one fails. */
function runSkeletonChecks(resource: Extract<ResourceValidation, { status: 'decoded' }>['resource'], names: NameDictionary): CheckResult[] {
  if (resource.kind !== 'Skeleton') return [];
  const resolve = (hash: number): string | null => names.resolve(hash);
  const quick = checkSkeletonResource(resource, resolve, { summaries: false });
  return quick.some((c) => c.status === 'failed') ? checkSkeletonResource(resource, resolve) : quick;
}

function describe(file: string, result: ResourceValidation, options: FileValidationOptions): FileValidation {
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
  if (r.kind === 'Skeleton' && options.checks !== false) {
    base.checks = runSkeletonChecks(r, options.names);
    const blocking = base.checks.filter((c) => isBlockingFailure(c, options.strict === true));
    if (blocking.length > 0) {
      const names = blocking.map((c) => `${c.id} (${c.confidence})`).join(', ');
      return { ...base, status: 'check-failed', error: { message: `${plural(blocking.length, 'check')} failed: ${names}` } };
    }
  }
  return base;
}

/**
 * One resource's bytes (a file's, or a record's inside an archive) validated and checked, named
 * `file` in the report; `header` is what the header says they are. Never throws: an error that
 * is not a refusal (an input no rule foresaw, or a fault) is one `refused` verdict, not a crash.
 */
export function validateResourceRecord(
  file: string,
  bytes: Uint8Array,
  header: HeaderClass,
  options: FileValidationOptions,
): FileValidation {
  let result: ResourceValidation;
  let entry: FileValidation;
  try {
    result = validateResourceBytes(bytes, { dialect: options.dialect, reading: options.reading, roundtrip: options.roundtrip === true });
    entry = describe(file, result, options);
  } catch (error) {
    const message = `unexpected error while reading: ${error instanceof Error ? error.message : String(error)}`;
    return { file, status: 'refused', kind: header.kind, dialect: header.dialect, error: { message } };
  }
  const failedChecks = (entry.checks ?? []).filter((c) => c.status === 'failed');
  if (options.onCheckFailures !== undefined && failedChecks.length > 0 && result.status === 'decoded') {
    options.onCheckFailures(file, failedChecks, boneOffsets(bytes, result.resource));
  }
  return entry;
}

/** A refusal of the archive's tables or of one of its data files as a verdict, named `file`. */
export function refusedValidation(file: string, error: ParseError): FileValidation {
  return { file, status: 'refused', error: refusalReport(error) };
}

/** Which of an archive's data files {@link validateForgeRecords} reads, and the name its addresses start with. */
export interface ForgeValidationOptions extends FileValidationOptions {
  /** The archive's name in every address (its path, for a file). */
  name: string;
  /** Read every data file, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
}

/**
 * Every Skeleton and SkeletonComponent record of an opened archive validated like a file, named by
 * its address; a refused data file is one `refused` verdict with its archive offset, and the rest
 * are read. Data files are chosen as the census chooses them (by the index's type), or all of them.
 * Rejects only when the archive's source fails.
 */
export async function* validateForgeRecords(forge: Forge, options: ForgeValidationOptions): AsyncGenerator<FileValidation> {
  for await (const item of forgeRecords(forge, { name: options.name, everyDataFile: options.everyDataFile === true })) {
    if (item.kind === 'failed') throw item.error;
    if (item.kind === 'refusal') yield refusedValidation(formatAddress(item.address), item.refusal);
    if (item.kind !== 'record') continue;
    const label = formatAddress(item.address);
    const body = item.resource.body;
    const header = classifyHeader(body, options.dialect)[0];
    if (header === undefined) {
      const message = unreadRecordMessage(item.resource.classHash >>> 0, body, options.dialect);
      yield { file: label, status: 'not-a-resource', reason: message, error: { message } };
      continue;
    }
    yield validateResourceRecord(label, body, header, options);
  }
}
