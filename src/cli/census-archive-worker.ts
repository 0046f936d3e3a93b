/**
 * The census's archive worker thread: receives batches of one archive's entries, reads and
 * decompresses their data files (opening the archive itself, positional reads only), counts the
 * Skeletons and SkeletonComponents, and posts its partial census state when told to finish.
 */
import type { PoolReply, PoolRequest } from './census-pool.js';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ForgeEntry, ForgeVersion } from '../archive/forge.js';
import { CensusAccumulator } from '../analysis/census.js';
import type { Reading } from '../formats/layout.js';
import type { Dialect } from '../formats/dialect.js';
import { openArchiveFile, type ArchiveFileSource } from './archive-file-source.js';
import { addArchiveEntries, type ArchiveBatchCounts } from './census-archive-read.js';
import { loadNameDictionary } from './name-lists.js';

/** What an archive worker is started with. */
export interface ArchiveWorkerData {
  /** Marks the thread as an archive worker (so importing this module elsewhere starts nothing). */
  censusArchiveWorker: true;
  dialect?: Dialect;
  reading: Reading;
  namesFiles: string[];
}

/** A batch: data files of one archive. */
export type ArchiveWorkerBatch = { archive: string; version: ForgeVersion; entries: ForgeEntry[] };
/** A batch done: its counts. */
export type ArchiveWorkerDone = { counts: ArchiveBatchCounts };

export type ArchiveWorkerRequest = PoolRequest<ArchiveWorkerBatch>;
export type ArchiveWorkerReply = PoolReply<ArchiveWorkerDone>;

async function serve(data: ArchiveWorkerData): Promise<void> {
  const port = parentPort!;
  const post = (reply: ArchiveWorkerReply): void => port.postMessage(reply);
  try {
    const names = await loadNameDictionary(data.namesFiles);
    const census = new CensusAccumulator({ dialect: data.dialect, reading: data.reading, names });
    let open: { path: string; source: ArchiveFileSource } | null = null;
    // Batches are handled one after another, in the order they came.
    let chain = Promise.resolve();
    port.on('message', (request: ArchiveWorkerRequest) => {
      chain = chain.then(async () => {
        try {
          if (request.type === 'batch') {
            if (open?.path !== request.archive) {
              await open?.source.close();
              open = { path: request.archive, source: await openArchiveFile(request.archive) };
            }
            const counts = await addArchiveEntries(
              census,
              request.archive,
              { source: open.source, version: request.version },
              request.entries,
              data.dialect,
            );
            post({ type: 'done', id: request.id, counts });
          } else {
            await open?.source.close();
            post({ type: 'state', state: census.take() });
            port.close();
          }
        } catch (error) {
          post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
        }
      });
    });
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

const data = workerData as Partial<ArchiveWorkerData> | null;
if (!isMainThread && parentPort !== null && data?.censusArchiveWorker === true) void serve(data as ArchiveWorkerData);
