/**
 * The worker side of the census pool, for loose files and archives alike: build the worker's own
 * census (names and reading as the main thread's), count each batch in the order it came, and at
 * the end post the partial state. The two kinds differ only in what a batch holds and how it is
 * counted.
 */
import type { MessagePort } from 'node:worker_threads';
import { CensusAccumulator } from '../analysis/census.js';
import type { Dialect } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { loadNameDictionary } from './name-lists.js';
import { postPoolFailure, servePool } from './pool-serve.js';

/** What every census worker is started with. */
export interface CensusWorkerBase {
  dialect?: Dialect;
  reading: Reading;
  /** `--names` files (the environment's list is read by the worker itself, as in the main thread). */
  namesFiles: string[];
}

/** How one kind of worker counts a batch, and what it releases at the end. */
export interface CensusWorkerHandlers<Batch, Done> {
  batch(census: CensusAccumulator, batch: Batch): Done | Promise<Done>;
  finish?(): Promise<void>;
}

/** Serves the pool on `port` until told to finish; every failure is posted, never thrown. */
export async function serveCensusWorker<Batch extends object, Done extends object>(
  port: MessagePort,
  data: CensusWorkerBase,
  handlers: CensusWorkerHandlers<Batch, Done>,
): Promise<void> {
  let census: CensusAccumulator;
  try {
    const names = await loadNameDictionary(data.namesFiles);
    census = new CensusAccumulator({ dialect: data.dialect, reading: data.reading, names });
  } catch (error) {
    postPoolFailure(port, error);
    return;
  }
  servePool<Batch, Done>(port, {
    batch: async (request) => ({ done: await handlers.batch(census, request) }),
    async finish() {
      await handlers.finish?.();
      return census.take();
    },
  });
}
