/**
 * The worker side of the census pool, for loose files and archives alike: build the worker's own
 * census (names and reading as the main thread's), say ready, count each batch in the order it
 * came, and at the end post the partial state and close. The two kinds differ only in what a
 * batch holds and how it is counted.
 */
import type { MessagePort } from 'node:worker_threads';
import { CensusAccumulator } from '../analysis/census.js';
import type { Dialect } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import type { PoolReply, PoolRequest } from './census-pool.js';
import { loadNameDictionary } from './name-lists.js';

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

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Serves the pool on `port` until told to finish; every failure is posted, never thrown. */
export async function serveCensusWorker<Batch extends object, Done extends object>(
  port: MessagePort,
  data: CensusWorkerBase,
  handlers: CensusWorkerHandlers<Batch, Done>,
): Promise<void> {
  const post = (reply: PoolReply<Done>): void => port.postMessage(reply);
  try {
    const names = await loadNameDictionary(data.namesFiles);
    const census = new CensusAccumulator({ dialect: data.dialect, reading: data.reading, names });
    // Batches are handled one after another, in the order they came, even when counting one waits.
    let chain = Promise.resolve();
    port.on('message', (request: PoolRequest<Batch>) => {
      chain = chain.then(async () => {
        try {
          if (request.type === 'batch') {
            post({ type: 'done', id: request.id, ...(await handlers.batch(census, request)) });
          } else {
            await handlers.finish?.();
            post({ type: 'state', state: census.take() });
            port.close();
          }
        } catch (error) {
          post({ type: 'failed', message: messageOf(error) });
        }
      });
    });
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'failed', message: messageOf(error) });
  }
}
