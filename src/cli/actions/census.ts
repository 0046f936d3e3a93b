/**
 * What `census` does (declared in commands/census.ts). Large corpora are shared out to worker
 * threads in batches of paths; each posts back a partial census that the main thread merges, so
 * the report is the same for any `--jobs`.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { CensusAccumulator, type CensusReport } from '../../analysis/census.js';
import type { CensusState } from '../../analysis/census/state.js';
import { censusMarkdown } from '../../export/census-markdown.js';
import { censusSummaryText } from '../../export/census-text.js';
import { toJsonText } from '../../export/json.js';
import type { AnvilnextReading } from '../../formats/anvilnext/reading.js';
import type { Dialect } from '../../formats/dialect.js';
import type { NameDictionary } from '../../names/dictionary.js';
import { addPaths } from '../census-files.js';
import type { CensusWorkerData, CensusWorkerReply, CensusWorkerRequest } from '../census-worker.js';
import type { CensusCommandOptions } from '../commands/census.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { listFiles } from '../files.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions } from '../options.js';
import { bundledSamplesDir, censusWorkerFile, runningFromSource } from '../paths.js';
import { Progress } from '../progress.js';
import { refuseToOverwriteInputs, writeFileAtomic } from '../write-file.js';

/**
 * Fewest files worth one more thread. A worker loads the modules and compiles the hot code anew,
 * which on two cores costs about what it saves below a few thousand small files (measured: the
 * 1,806-file inventory is no faster with two threads, the 18,050-file one a quarter faster), so
 * smaller corpora are read in-process only, and a corpus gets at most one thread per this many files.
 */
export const CENSUS_FILES_PER_THREAD = 2000;

export interface CensusRunOptions {
  dialect?: Dialect;
  reading: AnvilnextReading;
  /** The name dictionary (built-in, environment list, `--names`), for the main thread's share. */
  names: NameDictionary;
  /** The `--names` files, for the workers to load the same dictionary. */
  namesFiles: readonly string[];
  /** Threads reading files at most, the main thread included: 1 reads in-process only. */
  jobs: number;
  /** Overrides CENSUS_FILES_PER_THREAD (0: use `jobs` threads whatever the corpus size). */
  filesPerThread?: number;
  onProgress?: (done: number) => void;
}

/** The worker module beside this one's folder: `.js` when built; from source, `.ts` loaded through tsx. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const url = pathToFileURL(censusWorkerFile());
  if (!runningFromSource()) return { url, execArgv: [] };
  // Node 20 does not pass the main thread's module hooks to workers, and `--import tsx` registers
  // them in the main thread only; this registers tsx's hooks in the worker before its entry loads.
  const api = import.meta.resolve('tsx/esm/api');
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(api)}; register();`)}`;
  return { url, execArgv: ['--import', register] };
}

/**
 * A census worker's young generation: its garbage is per-file and dies young, so a small nursery
 * costs no time and keeps a two-thread census of ten times the inventory well under 150 MB.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** Files a worker gets at a time (two batches in flight); the main thread takes smaller ones. */
const WORKER_BATCH = 64;
const MAIN_BATCH = 16;

/** Hands out the paths in batches to whichever thread asks next. */
class PathQueue {
  private next = 0;
  constructor(private readonly paths: readonly string[]) {}
  take(n: number): string[] | null {
    if (this.next >= this.paths.length) return null;
    const batch = this.paths.slice(this.next, this.next + n);
    this.next += batch.length;
    return batch;
  }
}

/** Starts `count` workers that take batches from the queue; resolves with their partial states. */
async function startWorkers(queue: PathQueue, count: number, options: CensusRunOptions, onDone: (n: number) => void): Promise<CensusState[]> {
  // Loaded only when a census is large enough for workers: a small one starts without it.
  const { Worker } = await import('node:worker_threads');
  const { url, execArgv } = workerEntry();
  const data: CensusWorkerData = { censusWorker: true, dialect: options.dialect, reading: { ...options.reading }, namesFiles: [...options.namesFiles] };
  const threads: Worker[] = [];
  return new Promise<CensusState[]>((resolve, reject) => {
    const states: CensusState[] = [];
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      for (const thread of threads) void thread.terminate();
      reject(error);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(url, { workerData: data, execArgv, resourceLimits: WORKER_LIMITS });
      threads.push(worker);
      // Messages are handled in order, so `finish` may follow a batch still in flight; it is sent once.
      let finishSent = false;
      const feed = (): void => {
        if (finishSent) return;
        const paths = queue.take(WORKER_BATCH);
        finishSent = paths === null;
        const request: CensusWorkerRequest = paths === null ? { type: 'finish' } : { type: 'batch', paths };
        worker.postMessage(request);
      };
      worker.on('message', (reply: CensusWorkerReply) => {
        if (reply.type === 'ready') {
          // Two batches in flight, so a worker never waits for the main thread between batches.
          feed();
          feed();
        } else if (reply.type === 'done') {
          onDone(reply.count);
          feed();
        } else if (reply.type === 'state') {
          states.push(reply.state);
          if (states.length === count) resolve(states);
        } else {
          fail(new Error(`census worker: ${reply.message}`));
        }
      });
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`census worker stopped with exit code ${code}`));
      });
    }
  });
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads, counts and checks every file: in-process for a small corpus, else the main thread and
 * `jobs − 1` workers take batches from one queue. The report is the same for any number of jobs.
 */
export async function runCensus(paths: readonly string[], options: CensusRunOptions): Promise<CensusReport> {
  const census = new CensusAccumulator({ dialect: options.dialect, reading: options.reading, names: options.names });
  const perThread = options.filesPerThread ?? CENSUS_FILES_PER_THREAD;
  const threads = Math.max(1, Math.min(options.jobs, perThread === 0 ? options.jobs : Math.floor(paths.length / perThread)));
  const queue = new PathQueue(paths);
  let done = 0;
  const progress = (n: number): void => {
    done += n;
    options.onProgress?.(done);
  };
  const workers = threads > 1 ? startWorkers(queue, threads - 1, options, progress) : null;
  // Let a failing worker's rejection be seen even while the main thread is busy.
  workers?.catch(() => undefined);
  for (let batch = queue.take(MAIN_BATCH); batch !== null; batch = queue.take(MAIN_BATCH)) {
    addPaths(census, batch);
    progress(batch.length);
    if (workers) await nextTurn();
  }
  if (workers) for (const state of await workers) census.merge(state);
  return census.report();
}

function parseJobs(value: string | undefined): number {
  if (value === undefined) return availableParallelism();
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1) throw new UsageError(`--jobs takes a whole number of at least 1, got "${value}"`);
  return jobs;
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Runs `census` with what commander parsed. */
export async function censusCommand(paths: string[], options: CensusCommandOptions): Promise<void> {
  const read = resourceReadOptions(options);
  const jobs = parseJobs(options.jobs);
  if (options.json === '-' && options.markdown === '-') throw new UsageError('only one of --json and --markdown can go to stdout (-)');
  let inputs = paths;
  if (inputs.length === 0) {
    const samples = bundledSamplesDir();
    if (!existsSync(samples)) throw new UsageError(`no path given and the bundled samples folder is missing: ${samples}`);
    inputs = [displayPath(samples)];
  }
  await refuseToOverwriteInputs([options.json, options.markdown].filter((o): o is string => o !== undefined && o !== '-'), inputs, 'census');
  const names = await loadNameDictionary(options.names ?? []);
  const files = listFiles(inputs);
  const progress = new Progress('census', files.length);
  const report = await runCensus(files, { ...read, names, namesFiles: options.names ?? [], jobs, onProgress: (done) => progress.update(done) });
  progress.done();
  const source = inputs.join(', ');
  for (const refusal of report.refusals) process.stderr.write(`${refusal.file}: ${refusal.message}\n`);
  if (options.json !== undefined) {
    const text = toJsonText(report);
    if (options.json === '-') process.stdout.write(text);
    else await writeFileAtomic(options.json, text);
  }
  if (options.markdown !== undefined) {
    const text = censusMarkdown(report, { source });
    if (options.markdown === '-') process.stdout.write(text);
    else await writeFileAtomic(options.markdown, text);
  }
  if (options.json !== '-' && options.markdown !== '-') process.stdout.write(censusSummaryText(report, source));
  if (!report.ok) process.exitCode = EXIT_FAILED;
}
