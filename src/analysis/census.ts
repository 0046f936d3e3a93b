/**
 * The census: every Skeleton and SkeletonComponent of an install, counted, read to its exact end
 * and checked, reported like the seed's tables. Files are added one at a time and only counters and
 * refusals are kept, so memory stays flat however large the install; partial censuses (from
 * workers) merge into one, and the report does not depend on how the files were shared out.
 *
 * Each file is classified from its header, never its name. A file of another class (or an empty
 * one) is skipped; a Skeleton or SkeletonComponent that does not read to its exact end is a
 * refusal with its offset and field path; nothing a file holds can stop the census.
 */
import { readFailureReport } from '../io/address.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { readingWithDefaults } from '../formats/registry.js';
import { classifyHeader, isAutoDialect } from '../formats/resource.js';
import { censusReport, type CensusReport } from './census/report.js';
import { emptyCensusState, mergeCensusState, type CensusState } from './census/state.js';
import { tallyContext, tallyDecoded, tallyRefused, type NameResolver, type TallyContext } from './census/tally.js';
import { validateResourceBytes, type RefusalReport } from './validate-resource.js';

// What callers of the census read besides the accumulator; the rest of census/ is reached directly.
export type { CensusReport } from './census/report.js';
export { storedRootLocalEqualsOwn } from './census/tally.js';

/** How a census reads its files: the layout, the anvilnext reading and the name resolver. */
export interface CensusOptions {
  /** Read every file with this layout instead of detecting it from the header (`auto` or absent: detect). */
  dialect?: LayoutName;
  /** The reading choices (each layout takes its own; defaults for the rest). */
  reading?: Reading;
  /** Resolves bone name hashes (the built-in dictionary plus user lists); null: no name resolves. */
  names?: NameResolver | null;
}

/**
 * The census of many files, one at a time: counters and refusals only, so memory stays flat however
 * many files are added. Nothing a file holds makes it throw; partial censuses (from workers) merge,
 * and {@link CensusAccumulator.report} gives the same report however the files were shared out.
 */
export class CensusAccumulator {
  private current: CensusState = emptyCensusState();
  private readonly dialect: LayoutName | undefined;
  private readonly reading: Reading;
  private readonly context: TallyContext;

  /** An empty census reading with `options`. Never throws. */
  constructor(options: CensusOptions = {}) {
    this.dialect = isAutoDialect(options.dialect) ? undefined : options.dialect;
    this.reading = readingWithDefaults(options.reading);
    this.context = tallyContext(this.reading, options.names ?? null);
  }

  /**
   * Counts one file's bytes. A header no layout reads is skipped, or, when `notResource` is given
   * (the bytes were asked for as a Skeleton or SkeletonComponent, such as an archive's record of
   * that class), a failure with the message it gives. Never throws on what the bytes hold.
   */
  addFile(file: string, bytes: Uint8Array, notResource?: () => string): void {
    const candidates = classifyHeader(bytes, this.dialect);
    if (candidates.length === 0) {
      if (notResource !== undefined) this.addNotResource(file, notResource());
      else this.addSkipped();
      return;
    }
    const state = this.current;
    state.files++;
    try {
      const result = validateResourceBytes(bytes, { dialect: this.dialect, reading: this.reading }, candidates);
      if (result.status === 'skipped') state.skipped++;
      else if (result.status === 'refused')
        tallyRefused(state, this.context, file, result.kind, result.dialect, result.refusal, result.refusal.message, result.candidates);
      else tallyDecoded(state, this.context, file, result.resource, result.size, bytes, result.unmet);
    } catch (error) {
      // Not a ParseError: an input no rule foresaw, or a fault of ours. Still one refusal, not a crash.
      const message = error instanceof Error ? error.message : String(error);
      const header = candidates[0]!;
      tallyRefused(state, this.context, file, header.kind, header.dialect, null, `unexpected error while reading: ${message}`);
    }
  }

  /** Counts a path that could not be read at all (missing, permissions, too large, I/O error): a failure. */
  addUnreadable(file: string, message: string): void {
    const state = this.current;
    state.files++;
    state.unreadable++;
    state.refusals.push({ file, kind: 'unreadable', dialect: null, ...readFailureReport(message) });
  }

  /**
   * Counts one refusal of an archive as one file not read: its tables (`file` the archive), an
   * index entry or a data file (`file` naming the entry), with the archive offset and field path.
   */
  addArchiveRefusal(file: string, refusal: RefusalReport): void {
    const state = this.current;
    state.files++;
    state.archiveRefused++;
    state.refusals.push({ file, kind: 'archive', dialect: null, ...refusal });
  }

  /** Counts a file of another class without its bytes (the caller read only its header). */
  addSkipped(): void {
    this.current.files++;
    this.current.skipped++;
  }

  /** Counts a path skipped unread inside a walked directory (a file over the size limit, a FIFO, a symlink loop): listed, not a failure. */
  addSkippedPath(path: string, reason: string): void {
    this.current.skippedPaths.push({ path, reason });
  }

  /** A file named explicitly that is not a resource we read: skipped, and a failure, since it was asked for. */
  addNotResource(file: string, message: string): void {
    const state = this.current;
    state.files++;
    state.skipped++;
    state.refusals.push({ file, kind: 'not-a-resource', dialect: null, ...readFailureReport(message) });
  }

  /**
   * A file too short to hold its class hash whose name says it is a Skeleton or SkeletonComponent:
   * a refusal at its end, not a skip. Its layout cannot be told, so it is in no layout's tally.
   */
  addTruncated(file: string, kind: 'Skeleton' | 'SkeletonComponent', refusal: RefusalReport): void {
    this.current.files++;
    this.current.refusals.push({ file, kind, dialect: null, ...refusal });
  }

  /** Merges a partial census (a worker's `state()`, or another accumulator). */
  merge(other: CensusAccumulator | Readonly<CensusState>): this {
    mergeCensusState(this.current, other instanceof CensusAccumulator ? other.current : other);
    return this;
  }

  /** Files counted so far. */
  get files(): number {
    return this.current.files;
  }

  /** The state as plain data (to post from a worker); later additions change it. */
  state(): CensusState {
    return this.current;
  }

  /** Starts over, returning what was counted so far (a worker posts it per batch). */
  take(): CensusState {
    const taken = this.current;
    this.current = emptyCensusState();
    return taken;
  }

  /** The report of every file counted so far, in a canonical order (plain JSON-ready data); never throws. */
  report(): CensusReport {
    return censusReport(this.current, this.reading);
  }
}
