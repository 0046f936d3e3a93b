/**
 * Where a resource, or a refusal, is: one value that every result and every refusal carries, and
 * that is turned into words only at the edges (the CLI's lines, the viewer's rows, a report's
 * `file` field), by {@link formatAddress}.
 */
import type { Refusal } from './errors.js';

/** An entry of an archive: its number in the archive's table and the name the table gives it. */
export interface EntryAddress {
  /** The entry's number, from 0, in the archive's table order. */
  number: number;
  /** The entry's name as the archive's table holds it. */
  name: string;
}

/** A resource among the records of one data file: its index there, from 0, and its name. */
export interface ResourcePlace {
  /** The record's index among its data file's records, from 0. */
  index: number;
  /** The record's name as the data file holds it. */
  name: string;
}

/**
 * Where something is: a loose file (`file` alone), an archive (`file` with `archive: true`), an
 * entry's data file inside it (with `entry`), or one resource of that data file (with `resource`).
 */
export interface ResourceAddress {
  /** The path of the file on disk (or the name the page was given): a loose resource or an archive. */
  file: string;
  /** True when `file` is an archive, even before an entry of it is named. */
  archive?: boolean;
  /** The archive's entry, when the address is inside an archive. */
  entry?: EntryAddress;
  /** The resource of the entry's data file, when the address names one. */
  resource?: ResourcePlace;
}

/**
 * The address in words: `file`, `file: entry 3 "name"` or `file: entry 3 "name": resource 1 "name"`
 * (the names quoted as JSON strings). Never throws.
 */
export function formatAddress(address: ResourceAddress): string {
  let text = address.file;
  if (address.entry) text += `: entry ${address.entry.number} ${JSON.stringify(address.entry.name)}`;
  if (address.resource) text += `: resource ${address.resource.index} ${JSON.stringify(address.resource.name)}`;
  return text;
}

/**
 * One refusal as report data, the one shape every report lists a refusal in: its offset, field
 * path, expectation and finding, and the message `refused at offset …: path: expected …, got …`
 * when made by {@link refusalReport} (or the bare refusal message where a report pins that).
 */
export interface RefusalReport {
  /** Absolute byte offset of the problem in the bytes that were read (the archive, or the resource). */
  offset: number;
  /** The field path as text, e.g. `bones[3].parent`. */
  path: string;
  /** What was expected, in words. */
  expected: string;
  /** What was found, in words. */
  actual: string;
  /** The whole message. */
  message: string;
}

/**
 * A failure to read that is not a refusal (the file missing or unreadable, not a resource at all),
 * in a refusal's shape: the same fields, those a failure has not null, its path a word in
 * parentheses (`(file)`), so a report lists refusals and failures alike.
 */
export interface ReadFailureReport {
  offset: null;
  /** `(file)` when the file could not be read, or another word in parentheses. */
  path: string;
  expected: null;
  actual: null;
  message: string;
}

/** What a report lists for bytes it could not read: a refusal, or a failure to read them at all. */
export type ProblemReport = RefusalReport | ReadFailureReport;

/** The report of a failure that is not a refusal. Never throws. */
export function readFailureReport(message: string, path = '(file)'): ReadFailureReport {
  return { offset: null, path, expected: null, actual: null, message };
}

/** A refusal with where it happened: what a workflow yields for a file, entry or resource it could not read. */
export interface AddressedRefusal {
  /** Where the refused bytes sit. */
  address: ResourceAddress;
  /** The refusal as report data. */
  refusal: RefusalReport;
}

/** The report of `refusal`, its message `refused at …`. Never throws. */
export function refusalReport(refusal: Refusal): RefusalReport {
  return {
    offset: refusal.offset,
    path: refusal.path,
    expected: refusal.expected,
    actual: refusal.actual,
    message: `refused at ${refusal.message}`,
  };
}
