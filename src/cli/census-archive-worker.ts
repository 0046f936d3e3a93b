/**
 * The census's archive worker thread: receives batches of one archive's entries, reads and
 * decompresses their data files (opening the archive itself, positional reads only), counts the
 * Skeletons and SkeletonComponents, and posts its partial census state when told to finish.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ForgeEntry, ForgeVersion } from '../archive/forge.js';
import { forgeReading } from '../archive/forge-open.js';
import type { ForgeProfileName } from '../archive/profile/profiles.js';
import type { TocRecordKind } from '../archive/profile/framing.js';
import { openArchiveFile, type ArchiveFileSource } from './archive-file-source.js';
import { addArchiveEntries, type ArchiveBatchCounts } from './census-archive-read.js';
import { serveCensusWorker, type CensusWorkerBase } from './census-worker-serve.js';

/** What an archive worker is started with. */
export interface ArchiveWorkerData extends CensusWorkerBase {
  /** Marks the thread as an archive worker (so importing this module elsewhere starts nothing). */
  censusArchiveWorker: true;
}

/** A batch: data files of one archive. */
export type ArchiveWorkerBatch = {
  archive: string;
  version: ForgeVersion;
  profile: ForgeProfileName | null;
  tocRecord: TocRecordKind | null;
  entries: ForgeEntry[];
};
/** A batch done: its counts. */
export type ArchiveWorkerDone = { counts: ArchiveBatchCounts };

function serve(data: ArchiveWorkerData): Promise<void> {
  let open: { path: string; source: ArchiveFileSource } | null = null;
  return serveCensusWorker<ArchiveWorkerBatch, ArchiveWorkerDone>(parentPort!, data, {
    async batch(census, request) {
      if (open?.path !== request.archive) {
        await open?.source.close();
        open = { path: request.archive, source: await openArchiveFile(request.archive) };
      }
      const forge = { source: open.source, ...forgeReading(request.version, request.profile, request.tocRecord) };
      return { counts: await addArchiveEntries(census, request.archive, forge, request.entries, data.dialect) };
    },
    async finish() {
      await open?.source.close();
    },
  });
}

const data = workerData as Partial<ArchiveWorkerData> | null;
if (!isMainThread && parentPort !== null && data?.censusArchiveWorker === true) void serve(data as ArchiveWorkerData);
