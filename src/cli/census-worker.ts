/**
 * The census's worker thread: receives batches of file paths, reads and counts each file, reports
 * how many it has done after each batch, and posts its partial census state when told to finish.
 * The main thread merges the states.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { addPaths } from './census-files.js';
import { serveCensusWorker, type CensusWorkerBase } from './census-worker-serve.js';
import type { InputFile } from './files.js';

/** What a census worker is started with. */
export interface CensusWorkerData extends CensusWorkerBase {
  /** Marks the thread as a census worker (so importing this module elsewhere starts nothing). */
  censusWorker: true;
  maxSize: number;
}

/** A batch: the files to count. */
export type CensusWorkerBatch = { files: InputFile[] };
/** A batch done: the archives found among its files, which the main thread shares out. */
export type CensusWorkerDone = { archives: InputFile[] };

function serve(data: CensusWorkerData): Promise<void> {
  return serveCensusWorker<CensusWorkerBatch, CensusWorkerDone>(parentPort!, data, {
    batch(census, { files }) {
      // Archives found are handed back: the main thread shares their data files out.
      const archives: InputFile[] = [];
      addPaths(census, files, { dialect: data.dialect, maxSize: data.maxSize, onArchive: (file) => archives.push(file) });
      return { archives };
    },
  });
}

const data = workerData as Partial<CensusWorkerData> | null;
if (!isMainThread && parentPort !== null && data?.censusWorker === true) void serve(data as CensusWorkerData);
