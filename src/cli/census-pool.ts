/**
 * The census's worker threads, for loose files and for archives alike: start them, keep two
 * batches in flight per worker, count each batch done, collect each worker's partial census, and
 * stop them all on the first failure. The two kinds differ only in what a batch holds.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { CensusState } from '../analysis/census/state.js';
import { packageRoot, runningFromSource } from './paths.js';

/**
 * The census's threads when `--jobs` is not given: one fewer than the available parallelism, at
 * least one. A worker warms its own compiler up and shares the cores with the main thread's reads:
 * on two shared cores a second thread made the archive census slower (medians of 11 interleaved
 * runs: 1.02 s against 0.88 s), left the loose census as fast (0.58 s either way, 15 runs) and
 * took more memory (116 MB against 98 MB on ten times the inventory). One core is left free.
 */
export function defaultCensusJobs(parallelism = availableParallelism()): number {
  return Math.max(1, parallelism - 1);
}

/**
 * One turn of the event loop, for the main thread between its own batches: its reads resolve at
 * once, so without it the workers' messages would wait until it had taken every batch itself.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What a census worker answers: ready, a batch done (its id echoed), its partial state at the end, or a failure. */
export type PoolReply<Done> =
  { type: 'ready' } | ({ type: 'done'; id: number } & Done) | { type: 'state'; state: CensusState } | { type: 'failed'; message: string };

/** What the pool sends: a batch with its id, or the end. */
export type PoolRequest<Batch> = ({ type: 'batch'; id: number } & Batch) | { type: 'finish' };

/**
 * A census's young generation: its garbage is per file and dies young, so a small nursery costs
 * no time and keeps a two-thread census of ten times the inventory well under 150 MB.
 */
export const CENSUS_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };

/** A worker module of `src/cli/` by its base name: `.js` when built; from source, `.ts` loaded through tsx. */
export function censusWorkerEntry(name: string): { url: URL; execArgv: string[] } {
  const url = pathToFileURL(
    runningFromSource() ? join(packageRoot(), 'src', 'cli', `${name}.ts`) : join(packageRoot(), 'dist', 'cli', `${name}.js`),
  );
  if (!runningFromSource()) return { url, execArgv: [] };
  // Node 20 does not pass the main thread's module hooks to workers, and `--import tsx` registers
  // them in the main thread only; this registers tsx's hooks in the worker before its entry loads.
  const api = import.meta.resolve('tsx/esm/api');
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(api)}; register();`)}`;
  return { url, execArgv: ['--import', register] };
}

/** One pool: the worker module, its data, how many, and how its batches are taken, sent and counted. */
export interface PoolSpec<Job, Batch, Done> {
  /** The worker module's base name in `src/cli/`, e.g. `census-worker`. */
  module: string;
  /** For messages: `census worker`. */
  what: string;
  count: number;
  workerData: unknown;
  /** The next job, or null when the queue is empty (the main thread takes from it too). */
  take(): Job | null;
  /** The batch message's contents for a job. */
  batch(job: Job): Batch;
  /** A job's reply, in the main thread. */
  done(job: Job, reply: Done): void;
}

/** Starts the workers; resolves with their partial census states, or rejects on the first failure (all are stopped). */
export async function runCensusWorkers<Job, Batch extends object, Done extends object>(
  spec: PoolSpec<Job, Batch, Done>,
): Promise<CensusState[]> {
  // Loaded only when a census is large enough for workers: a small one starts without it.
  const { Worker } = await import('node:worker_threads');
  const { url, execArgv } = censusWorkerEntry(spec.module);
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
    let nextId = 0;
    for (let i = 0; i < spec.count; i++) {
      const worker = new Worker(url, { workerData: spec.workerData, execArgv, resourceLimits: CENSUS_WORKER_LIMITS });
      threads.push(worker);
      const inFlight = new Map<number, Job>();
      // Messages are handled in order, so `finish` may follow a batch still in flight; it is sent once.
      let finishSent = false;
      const feed = (): void => {
        if (finishSent) return;
        const job = spec.take();
        if (job === null) {
          finishSent = true;
          worker.postMessage({ type: 'finish' } satisfies PoolRequest<Batch>);
          return;
        }
        const id = nextId++;
        inFlight.set(id, job);
        worker.postMessage({ type: 'batch', id, ...spec.batch(job) } as PoolRequest<Batch>);
      };
      worker.on('message', (reply: PoolReply<Done>) => {
        if (reply.type === 'ready') {
          // Two batches in flight, so a worker never waits for the main thread between batches.
          feed();
          feed();
        } else if (reply.type === 'done') {
          spec.done(inFlight.get(reply.id)!, reply);
          inFlight.delete(reply.id);
          feed();
        } else if (reply.type === 'state') {
          states.push(reply.state);
          if (states.length === spec.count) resolve(states);
        } else {
          fail(new Error(`${spec.what}: ${reply.message}`));
        }
      });
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`${spec.what} stopped with exit code ${code}`));
      });
    }
  });
}
