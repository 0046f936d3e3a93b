/**
 * The census's archive reader thread: receives batches of one archive's entries, reads,
 * checksums and decompresses their data files (opening the archive itself, positional reads
 * only) and posts back what they hold, the skeletal bodies moved, not copied. It loads only the
 * archive code: decoding and checking stay with the thread that counts, so each thread warms up
 * its own half of the work.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ForgeEntry, ForgeVersion } from '../archive/forge.js';
import { openArchiveFile, type ArchiveFileSource } from './archive-file-source.js';
import { readArchiveEntries, type DataFileOutcome } from './census-archive-outcomes.js';
import { servePool } from './pool-serve.js';

/** What a reader thread is started with. */
export interface ArchiveReaderData {
  /** Marks the thread as an archive reader (so importing this module elsewhere starts nothing). */
  censusArchiveReader: true;
}

/** A batch: data files of one archive. */
export type ArchiveReaderBatch = { archive: string; version: ForgeVersion; entries: ForgeEntry[] };
/** A batch read: one outcome per entry, in order. */
export type ArchiveReaderDone = { outcomes: DataFileOutcome[] };

/**
 * The buffers to move with the outcomes. A body that is a small part of its data file's
 * decompressed set is copied out first, so the rest of the set is not kept alive in the other thread.
 */
function movable(outcomes: DataFileOutcome[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const outcome of outcomes) {
    if (!('skeletal' in outcome)) continue;
    for (const record of outcome.skeletal) {
      if (record.body.byteLength * 2 < record.body.buffer.byteLength) record.body = record.body.slice();
      buffers.add(record.body.buffer as ArrayBuffer);
    }
  }
  return [...buffers];
}

function serve(port: MessagePort): void {
  let open: { path: string; source: ArchiveFileSource } | null = null;
  servePool<ArchiveReaderBatch, ArchiveReaderDone>(port, {
    async batch(request) {
      if (open?.path !== request.archive) {
        await open?.source.close();
        open = { path: request.archive, source: await openArchiveFile(request.archive) };
      }
      const outcomes = await readArchiveEntries({ source: open.source, version: request.version }, request.entries);
      return { done: { outcomes }, transfer: movable(outcomes) };
    },
    async finish() {
      await open?.source.close();
      return null;
    },
  });
}

const data = workerData as Partial<ArchiveReaderData> | null;
if (!isMainThread && parentPort !== null && data?.censusArchiveReader === true) serve(parentPort);
