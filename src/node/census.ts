/**
 * The census of files and folders on disk, archives and threads included: the folders walked,
 * every loose file read and counted, then every `.forge` archive found (told by its magic) opened
 * and its chosen data files counted, the work shared out in batches to the main thread and
 * `jobs − 1` workers of one pool. The report is the same for any number of jobs.
 */
import { CensusAccumulator } from '../analysis/census.js';
import {
  addBatchCounts,
  censusArchiveEntries,
  emptyArchiveCensus,
  emptyBatchCounts,
  finishArchiveCensus,
  openArchiveCensus,
  type ArchiveBatchCounts,
  type ArchiveCensus,
  type CensusRunReport,
  type OpenedArchiveCensus,
} from '../analysis/census/archive.js';
import type { ForgeEntry } from '../archive/forge.js';
import { ForgeOptionsConflict, ForgeProfileAmbiguity, type OpenForgeOptions } from '../archive/forge-open.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { newBuiltInDictionary } from '../names/dictionary.js';
import { openArchiveFile, type ArchiveFileSource } from './archive-file-source.js';
import { addPaths } from './census-files.js';
import { CensusPool, defaultCensusJobs, nextTurn, type CensusJob } from './census-pool.js';
import { fsReason, walkInputs, type InputFile, type InputWalk } from './files.js';
import { DEFAULT_MAX_SIZE } from './limits.js';

/**
 * Fewest files worth one more thread. A worker loads the modules and compiles the hot code anew,
 * which on two cores costs about what it saves below a few thousand small files (measured: the
 * 1,806-file inventory is no faster with two threads, the 18,050-file one a quarter faster), so
 * smaller corpora are read in-process only, and a corpus gets at most one thread per this many files.
 */
export const CENSUS_FILES_PER_THREAD = 2000;

/** Fewest data files worth one more thread (a worker starts in about what 200 small data files take). */
const DATA_FILES_PER_THREAD = 200;
/** Files a worker gets at a time (two batches in flight); the main thread takes smaller ones. */
const WORKER_BATCH = 64;
const MAIN_BATCH = 16;
/** Data files of an archive given to a thread at a time. */
const DATA_FILE_BATCH = 16;

/** How far the census has come: loose files read of all walked, then archive data files read of all chosen. */
export interface CensusProgress {
  /** `files` while loose files are read, `dataFiles` while archives are. */
  stage: 'files' | 'dataFiles';
  done: number;
  total: number;
}

/** How {@link runCensus} reads. */
export interface RunCensusOptions {
  /** Threads at most, the main thread included; 1 reads in-process only (default: the available parallelism less one). */
  jobs?: number;
  /** Read every file with this layout instead of detecting it from the header. */
  dialect?: LayoutName;
  /** The reading choices (defaults for the rest). */
  reading?: Reading;
  /** Bone names beside the built-in dictionary (the CLI's `--names` lists and `ANVIL_SKEL_NAMES`). */
  names?: readonly string[];
  /** Largest resource file read, in bytes (default {@link DEFAULT_MAX_SIZE}). */
  maxSize?: number;
  /** Read every data file of an archive, whatever type its index gives it. */
  everyDataFile?: boolean;
  /** How archives are opened: the profile, detected by default. */
  forge?: OpenForgeOptions;
  /** The walk of `paths` when the caller made it already (to keep its outputs out of the inputs). */
  walk?: InputWalk;
  /** Overrides {@link CENSUS_FILES_PER_THREAD} (0: `jobs` threads whatever the corpus size). */
  filesPerThread?: number;
  /** Told after each batch of loose files or data files. */
  onProgress?: (progress: CensusProgress) => void;
  /** Stops the census: the workers are ended and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * An archive that profiles read differently (or whose options contradict its profile): the caller
 * must choose a profile. Its message names the archive and, for an ambiguity, the candidates.
 */
export class ArchiveProfileChoiceError extends Error {
  override name = 'ArchiveProfileChoiceError';
  constructor(
    /** The archive's path. */
    readonly archive: string,
    /** The library's error: a ForgeProfileAmbiguity or a ForgeOptionsConflict. */
    override readonly cause: ForgeProfileAmbiguity | ForgeOptionsConflict,
  ) {
    super(
      cause instanceof ForgeProfileAmbiguity
        ? `${archive}: ${cause.message} (candidates: ${cause.candidates.join(', ')})`
        : `${archive}: ${cause.message}`,
    );
  }
}

/** Hands out items in batches to whichever thread asks next. */
class BatchQueue<T> {
  private next = 0;
  constructor(private readonly items: readonly T[]) {}
  take(n: number): T[] | null {
    if (this.next >= this.items.length) return null;
    const batch = this.items.slice(this.next, this.next + n);
    this.next += batch.length;
    return batch;
  }
}

/**
 * The census of `paths` (files or folders, walked recursively; symbolic links followed, each real
 * file once) as `anvil-skel census --json` reports it: every Skeleton and SkeletonComponent read
 * to its exact end and checked, each archive's records named by their addresses, and a line per
 * archive. Rejects with a NoInputError when no path exists, an ArchiveProfileChoiceError when an
 * archive needs a profile named, and when a worker or an archive's file fails.
 */
export async function runCensus(paths: readonly string[], options: RunCensusOptions = {}): Promise<CensusRunReport> {
  const walk = options.walk ?? walkInputs(paths);
  const jobs = options.jobs ?? defaultCensusJobs();
  const names = [...(options.names ?? [])];
  const census = new CensusAccumulator({
    dialect: options.dialect,
    reading: options.reading,
    names: newBuiltInDictionary().add(names),
  });
  for (const problem of walk.problems) {
    if (problem.failed) census.addUnreadable(problem.path, problem.reason);
    else census.addSkippedPath(problem.path, problem.reason);
  }
  const maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
  const pool = new CensusPool({
    anvilSkeletonCensusWorker: true,
    dialect: options.dialect,
    reading: { ...options.reading },
    names,
    maxSize,
  });
  const sources: (ArchiveFileSource | null)[] = [];
  // Aborted while waiting for the workers: they are stopped, and the wait rejects with the signal's reason.
  const stop = (): void =>
    pool.fail(options.signal!.reason instanceof Error ? options.signal!.reason : new Error(String(options.signal!.reason)));
  options.signal?.addEventListener('abort', stop);
  try {
    options.signal?.throwIfAborted();
    const archives = await censusFiles(census, walk.files, pool, jobs, { ...options, maxSize });
    if (archives.length === 0) {
      for (const state of await pool.finish()) census.merge(state);
      return census.report();
    }
    const lines = await censusArchives(census, archives, pool, jobs, sources, options);
    for (const state of await pool.finish()) census.merge(state);
    return { ...census.report(), archives: lines };
  } finally {
    options.signal?.removeEventListener('abort', stop);
    pool.terminate();
    await Promise.all(sources.map((source) => source?.close()));
  }
}

/** Between two batches of the main thread: let the workers' answers in, and stop on a failure or an abort. */
async function between(pool: CensusPool, signal: AbortSignal | undefined): Promise<void> {
  if (pool.size > 0) await nextTurn();
  signal?.throwIfAborted();
  if (pool.failure !== null) throw pool.failure;
}

/** Reads and counts the loose files; resolves with the archives found among them, in walk order. */
async function censusFiles(
  census: CensusAccumulator,
  files: readonly InputFile[],
  pool: CensusPool,
  jobs: number,
  options: RunCensusOptions & { maxSize: number },
): Promise<InputFile[]> {
  const perThread = options.filesPerThread ?? CENSUS_FILES_PER_THREAD;
  const threads = Math.max(1, Math.min(jobs, perThread === 0 ? jobs : Math.floor(files.length / perThread)));
  const queue = new BatchQueue(files);
  let done = 0;
  const archives: InputFile[] = [];
  const progress = (n: number, found: readonly InputFile[] = []): void => {
    done += n;
    archives.push(...found);
    options.onProgress?.({ stage: 'files', done, total: files.length });
  };
  if (threads > 1) {
    await pool.grow(threads - 1);
    pool.serve(() => {
      const batch = queue.take(WORKER_BATCH);
      return batch === null ? null : { work: { kind: 'files', files: batch }, done: (reply) => progress(batch.length, reply.archives) };
    });
  }
  const read = { dialect: options.dialect, maxSize: options.maxSize, onArchive: (file: InputFile) => archives.push(file) };
  for (let batch = queue.take(MAIN_BATCH); batch !== null; batch = queue.take(MAIN_BATCH)) {
    addPaths(census, batch, read);
    progress(batch.length);
    await between(pool, options.signal);
  }
  await pool.drained();
  // Archives are read after the loose files, in walk order whichever thread found them.
  const order = new Map(files.map((file, i) => [file.path, i]));
  return archives.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
}

interface DataFileBatch {
  archive: number;
  entries: ForgeEntry[];
}

/** Opens each archive, shares its chosen data files out, and resolves with one line per archive, in the order given. */
async function censusArchives(
  census: CensusAccumulator,
  archives: readonly InputFile[],
  pool: CensusPool,
  jobs: number,
  sources: (ArchiveFileSource | null)[],
  options: RunCensusOptions,
): Promise<ArchiveCensus[]> {
  const opened: OpenedArchiveCensus[] = [];
  const batches: DataFileBatch[] = [];
  for (const [a, { path }] of archives.entries()) {
    let source: ArchiveFileSource;
    try {
      source = await openArchiveFile(path);
    } catch (error) {
      census.addUnreadable(path, `${path}: ${fsReason(error)}`);
      opened.push({ line: emptyArchiveCensus(path), counts: emptyBatchCounts(), forge: null, entries: [] });
      sources.push(null);
      continue;
    }
    sources.push(source);
    let archive: OpenedArchiveCensus;
    try {
      archive = await openArchiveCensus(census, path, source, options);
    } catch (error) {
      if (error instanceof ForgeProfileAmbiguity || error instanceof ForgeOptionsConflict) throw new ArchiveProfileChoiceError(path, error);
      throw error;
    }
    opened.push(archive);
    if (archive.forge === null) {
      sources[a] = null;
      await source.close();
      continue;
    }
    for (let i = 0; i < archive.entries.length; i += DATA_FILE_BATCH)
      batches.push({ archive: a, entries: archive.entries.slice(i, i + DATA_FILE_BATCH) });
  }
  const total = batches.reduce((n, b) => n + b.entries.length, 0);
  let done = 0;
  const finished = (batch: DataFileBatch, counts: ArchiveBatchCounts): void => {
    addBatchCounts(opened[batch.archive]!.counts, counts);
    done += batch.entries.length;
    options.onProgress?.({ stage: 'dataFiles', done, total });
  };
  const threads = Math.max(1, Math.min(jobs, Math.floor(total / DATA_FILES_PER_THREAD)));
  const queue = new BatchQueue(batches);
  if (threads > 1) {
    await pool.grow(threads - 1);
    pool.serve((): CensusJob | null => {
      const batch = queue.take(1)?.[0];
      if (batch === undefined) return null;
      const forge = opened[batch.archive]!.forge!;
      return {
        work: {
          kind: 'archive',
          archive: archives[batch.archive]!.path,
          version: forge.version,
          profile: forge.profile?.name ?? null,
          tocRecord: forge.tocRecord,
          entries: batch.entries,
        },
        done: (reply) => finished(batch, reply.counts!),
      };
    });
  }
  for (let batch = queue.take(1)?.[0]; batch !== undefined; batch = queue.take(1)?.[0]) {
    const archive = opened[batch.archive]!;
    finished(batch, await censusArchiveEntries(census, archive.line.archive, archive.forge!, batch.entries, { dialect: options.dialect }));
    await between(pool, options.signal);
  }
  await pool.drained();
  return opened.map(finishArchiveCensus);
}
