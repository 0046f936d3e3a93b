/**
 * The census's worker thread: receives batches of file paths, reads and counts each file, reports
 * how many it has done after each batch, and posts its partial census state when told to finish.
 * The main thread merges the states.
 */
import type { PoolReply, PoolRequest } from './census-pool.js';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { CensusAccumulator } from '../analysis/census.js';
import type { Reading } from '../formats/layout.js';
import type { Dialect } from '../formats/dialect.js';
import { addPaths } from './census-files.js';
import type { InputFile } from './files.js';
import { loadNameDictionary } from './name-lists.js';

/** What a census worker is started with. */
export interface CensusWorkerData {
  /** Marks the thread as a census worker (so importing this module elsewhere starts nothing). */
  censusWorker: true;
  dialect?: Dialect;
  reading: Reading;
  /** `--names` files (the environment's list is read by the worker itself, as in the main thread). */
  namesFiles: string[];
  maxSize: number;
}

/** A batch: the files to count. */
export type CensusWorkerBatch = { files: InputFile[] };
/** A batch done: the archives found among its files, which the main thread shares out. */
export type CensusWorkerDone = { archives: InputFile[] };

export type CensusWorkerRequest = PoolRequest<CensusWorkerBatch>;
export type CensusWorkerReply = PoolReply<CensusWorkerDone>;

async function serve(data: CensusWorkerData): Promise<void> {
  const port = parentPort!;
  const post = (reply: CensusWorkerReply): void => port.postMessage(reply);
  try {
    const names = await loadNameDictionary(data.namesFiles);
    const census = new CensusAccumulator({ dialect: data.dialect, reading: data.reading, names });
    let finished = false;
    port.on('message', (request: CensusWorkerRequest) => {
      if (finished) return;
      try {
        if (request.type === 'batch') {
          // Archives found are handed back: the main thread shares their data files out.
          const archives: InputFile[] = [];
          addPaths(census, request.files, { dialect: data.dialect, maxSize: data.maxSize, onArchive: (file) => archives.push(file) });
          post({ type: 'done', id: request.id, archives });
        } else {
          finished = true;
          post({ type: 'state', state: census.take() });
          port.close();
        }
      } catch (error) {
        post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    });
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

const data = workerData as Partial<CensusWorkerData> | null;
if (!isMainThread && parentPort !== null && data?.censusWorker === true) void serve(data as CensusWorkerData);
