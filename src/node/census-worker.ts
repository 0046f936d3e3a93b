/**
 * The census's worker thread, one for loose files and archives alike: it builds its own census
 * (the main thread's layout, reading and names), says ready, counts each batch in the order it
 * came (loose files read from disk, or data files of an archive it opens itself, positional reads
 * only), and posts its partial census state when told to finish. The main thread merges the states.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { CensusAccumulator } from '../analysis/census.js';
import { censusArchiveEntries } from '../analysis/census/archive.js';
import { forgeReading } from '../archive/forge-open.js';
import { newBuiltInDictionary } from '../names/dictionary.js';
import { openArchiveFile, type ArchiveFileSource } from './archive-file-source.js';
import { addPaths } from './census-files.js';
import type { CensusReply, CensusRequest, CensusWork, CensusWorkDone, CensusWorkerData } from './census-pool.js';
import type { InputFile } from './files.js';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Serves the pool on `port` until told to finish; every failure is posted, never thrown. */
function serve(port: MessagePort, data: CensusWorkerData): void {
  const post = (reply: CensusReply): void => port.postMessage(reply);
  const census = new CensusAccumulator({
    dialect: data.dialect,
    reading: data.reading,
    names: newBuiltInDictionary().add(data.names),
  });
  let open: { path: string; source: ArchiveFileSource } | null = null;
  const count = async (work: CensusWork): Promise<CensusWorkDone> => {
    if (work.kind === 'files') {
      // Archives found are handed back: the main thread shares their data files out.
      const archives: InputFile[] = [];
      addPaths(census, work.files, { dialect: data.dialect, maxSize: data.maxSize, onArchive: (file) => archives.push(file) });
      return { archives, counts: null };
    }
    if (open?.path !== work.archive) {
      await open?.source.close();
      open = null;
      open = { path: work.archive, source: await openArchiveFile(work.archive) };
    }
    const forge = { source: open.source, ...forgeReading(work.version, work.profile, work.tocRecord), entries: [], refusals: [] };
    return { archives: [], counts: await censusArchiveEntries(census, work.archive, forge, work.entries, { dialect: data.dialect }) };
  };
  // Batches are handled one after another, in the order they came, even when counting one waits.
  let chain = Promise.resolve();
  port.on('message', (request: CensusRequest) => {
    chain = chain.then(async () => {
      try {
        if (request.type === 'batch') {
          post({ type: 'done', id: request.id, done: await count(request.work) });
        } else {
          await open?.source.close();
          post({ type: 'state', state: census.take() });
          port.close();
        }
      } catch (error) {
        post({ type: 'failed', message: messageOf(error) });
      }
    });
  });
  post({ type: 'ready' });
}

const data = workerData as Partial<CensusWorkerData> | null;
if (!isMainThread && parentPort !== null && data?.anvilSkeletonCensusWorker === true) {
  try {
    serve(parentPort, data as CensusWorkerData);
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: messageOf(error) } satisfies CensusReply);
  }
}
