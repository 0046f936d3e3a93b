/**
 * The census's worker threads: one pool, one message protocol, for loose files and for an
 * archive's data files alike. Workers are started when a stage of the census is large enough,
 * kept for the next stage, given two batches at a time from the queue the main thread also takes
 * from, and asked for their partial census at the end; the first failure stops them all.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { ArchiveBatchCounts } from '../analysis/census/archive.js';
import type { CensusState } from '../analysis/census/state.js';
import type { ForgeEntry, ForgeVersion } from '../archive/forge.js';
import type { TocRecordKind } from '../archive/profile/framing.js';
import type { ForgeProfileName } from '../archive/profile/profiles.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import type { InputFile } from './files.js';
import { packageRoot, runningFromSource } from './package-root.js';

/**
 * The census's threads when `jobs` is not given: one fewer than the available parallelism, at
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

/** What every census worker is started with: how the main thread's census reads. */
export interface CensusWorkerData {
  /** Marks the thread as a census worker (so importing its module elsewhere starts nothing). */
  anvilSkeletonCensusWorker: true;
  dialect?: LayoutName;
  reading: Reading;
  /** Bone names beside the built-in dictionary. */
  names: string[];
  /** Largest resource file read, in bytes. */
  maxSize: number;
}

/** A batch of work: loose files to read and count, or data files of one archive (the worker opens it itself). */
export type CensusWork =
  | { kind: 'files'; files: InputFile[] }
  | {
      kind: 'archive';
      archive: string;
      version: ForgeVersion;
      profile: ForgeProfileName | null;
      tocRecord: TocRecordKind | null;
      entries: ForgeEntry[];
    };

/** A batch done: the archives found among loose files (the main thread shares their data files out), or an archive share's counts. */
export interface CensusWorkDone {
  archives: InputFile[];
  counts: ArchiveBatchCounts | null;
}

/** What the pool sends: a batch with its id, or the end. */
export type CensusRequest = { type: 'batch'; id: number; work: CensusWork } | { type: 'finish' };

/** What a worker answers: ready, a batch done (its id echoed), its partial state at the end, or a failure. */
export type CensusReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; done: CensusWorkDone }
  | { type: 'state'; state: CensusState }
  | { type: 'failed'; message: string };

/** A batch of work and what to do with its answer, in the main thread. */
export interface CensusJob {
  work: CensusWork;
  done(reply: CensusWorkDone): void;
}

/**
 * A census's young generation: its garbage is per file and dies young, so a small nursery costs
 * no time and keeps a two-thread census of ten times the inventory well under 150 MB.
 */
export const CENSUS_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };

/** The worker module: `dist/node/census-worker.js` when built; from source, the `.ts` loaded through tsx. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = runningFromSource();
  const url = pathToFileURL(
    fromSource ? join(packageRoot(), 'src', 'node', 'census-worker.ts') : join(packageRoot(), 'dist', 'node', 'census-worker.js'),
  );
  if (!fromSource) return { url, execArgv: [] };
  // Node 20 does not pass the main thread's module hooks to workers, and `--import tsx` registers
  // them in the main thread only; this registers tsx's hooks in the worker before its entry loads.
  const api = import.meta.resolve('tsx/esm/api');
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(api)}; register();`)}`;
  return { url, execArgv: ['--import', register] };
}

interface Thread {
  worker: Worker;
  ready: boolean;
  inFlight: Map<number, CensusJob>;
}

/** The census's workers, started on demand and kept until {@link CensusPool.finish}. */
export class CensusPool {
  private readonly threads: Thread[] = [];
  private take: () => CensusJob | null = () => null;
  private nextId = 0;
  private inFlight = 0;
  private drainedWaiter: { resolve(): void; reject(error: Error): void } | null = null;
  private readonly states: CensusState[] = [];
  private statesWaiter: { resolve(states: CensusState[]): void; reject(error: Error): void } | null = null;
  private finishing = false;
  /** The first failure of a worker, after which every worker is stopped. */
  failure: Error | null = null;

  constructor(private readonly data: CensusWorkerData) {}

  /** Workers started. */
  get size(): number {
    return this.threads.length;
  }

  /** Starts workers until there are `count`. */
  async grow(count: number): Promise<void> {
    if (this.threads.length >= count || this.failure !== null) return;
    // Loaded only when a census is large enough for workers: a small one starts without it.
    const { Worker } = await import('node:worker_threads');
    const { url, execArgv } = workerEntry();
    while (this.threads.length < count) {
      const thread: Thread = {
        worker: new Worker(url, { workerData: this.data, execArgv, resourceLimits: CENSUS_WORKER_LIMITS }),
        ready: false,
        inFlight: new Map(),
      };
      this.threads.push(thread);
      thread.worker.on('message', (reply: CensusReply) => this.answer(thread, reply));
      thread.worker.on('error', (error) => this.fail(error));
      thread.worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`census worker stopped with exit code ${code}`));
      });
    }
  }

  /** Feeds the workers from `take` (the main thread takes from the same queue) until it gives null. */
  serve(take: () => CensusJob | null): void {
    this.take = take;
    // Two batches in flight, so a worker never waits for the main thread between batches.
    for (const thread of this.threads) if (thread.ready) this.feed(thread, 2);
  }

  /** Resolves once the queue is empty and every batch given to a worker is answered; rejects on a failure. */
  drained(): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve, reject) => (this.drainedWaiter = { resolve, reject }));
  }

  /** Ends every worker, resolving with their partial census states; rejects on a failure. */
  finish(): Promise<CensusState[]> {
    if (this.failure !== null) return Promise.reject(this.failure);
    this.finishing = true;
    this.take = () => null;
    if (this.threads.length === 0) return Promise.resolve([]);
    const states = new Promise<CensusState[]>((resolve, reject) => (this.statesWaiter = { resolve, reject }));
    for (const thread of this.threads) thread.worker.postMessage({ type: 'finish' } satisfies CensusRequest);
    return states;
  }

  /** Stops every worker at once (after a failure, or when the census is abandoned). */
  terminate(): void {
    for (const thread of this.threads) void thread.worker.terminate();
  }

  private feed(thread: Thread, batches: number): void {
    for (let i = 0; i < batches && this.failure === null && !this.finishing; i++) {
      const job = this.take();
      if (job === null) return;
      const id = this.nextId++;
      thread.inFlight.set(id, job);
      this.inFlight++;
      thread.worker.postMessage({ type: 'batch', id, work: job.work } satisfies CensusRequest);
    }
  }

  private answer(thread: Thread, reply: CensusReply): void {
    if (reply.type === 'ready') {
      thread.ready = true;
      this.feed(thread, 2);
    } else if (reply.type === 'done') {
      const job = thread.inFlight.get(reply.id)!;
      thread.inFlight.delete(reply.id);
      this.inFlight--;
      job.done(reply.done);
      this.feed(thread, 1);
      if (this.inFlight === 0 && this.drainedWaiter !== null) {
        const waiter = this.drainedWaiter;
        this.drainedWaiter = null;
        waiter.resolve();
      }
    } else if (reply.type === 'state') {
      this.states.push(reply.state);
      if (this.states.length === this.threads.length) this.statesWaiter?.resolve(this.states);
    } else {
      this.fail(new Error(`census worker: ${reply.message}`));
    }
  }

  /** Stops every worker and fails the pool with `error` (a worker's failure, or the reason the census was abandoned). */
  fail(error: Error): void {
    if (this.failure !== null) return;
    this.failure = error;
    this.terminate();
    this.drainedWaiter?.reject(error);
    this.statesWaiter?.reject(error);
  }
}
