/**
 * The census of `.forge` archives: each archive's tables are read in the main thread, the data
 * files that can hold a Skeleton are chosen from the index, and their reading and decompression
 * is shared out in batches to the main thread and `jobs − 1` worker threads. Every Skeleton and
 * SkeletonComponent record is a file of the one census, so the report counts and checks them as
 * it does loose files; beside it, each archive gets its own line of counts.
 */
import { UsageError } from './errors.js';
import { forgeEntriesToRead } from '../archive/forge-select.js';
import type { ForgeEntry } from '../archive/forge.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import type { CensusAccumulator } from '../analysis/census.js';
import type { CensusState } from '../analysis/census/state.js';
import type { Reading } from '../formats/layout.js';
import type { Dialect } from '../formats/dialect.js';
import { count, groupThousands } from '../io/format.js';
import {
  addArchiveEntries,
  addBatchCounts,
  emptyBatchCounts,
  recordArchiveRefusal,
  type ArchiveBatchCounts,
  type ArchiveRefusalReport,
} from './census-archive-read.js';
import type { ArchiveWorkerBatch, ArchiveWorkerData, ArchiveWorkerDone } from './census-archive-worker.js';
import { nextTurn, runCensusWorkers } from './census-pool.js';
import { ArchiveRefusal, openForgeFile, type OpenedForge } from './forge-archive.js';

/** One archive's line of the census. */
export interface ArchiveCensus {
  /** The archive's path, as given. */
  archive: string;
  /** Its version, or null when its tables were refused. */
  version: number | null;
  /** The profile its data files were read with (null: none fits, or its tables were refused), and how it was chosen. */
  profile: string | null;
  profileChoice: { how: string; alike: string[]; probed: number } | null;
  /** Bookkeeping entries (the archive's own records), listed and never read as data files. */
  bookkeepingEntries: number;
  /** Entries (data files) its index lists, refused ones included. */
  entries: number;
  /** Data files read (their type says they can hold a Skeleton, or `--every-data-file`). */
  dataFilesRead: number;
  /** Data files not read because the index gives them a type that is not Skeleton or SkeletonComponent. */
  dataFilesSkipped: number;
  /** Resource records in the data files read, of every class. */
  resources: number;
  /** Skeleton records found. */
  skeletons: number;
  /** SkeletonComponent records found. */
  skeletonComponents: number;
  /** Refusals: the archive's tables, index entries, and data files. */
  refused: number;
  /** The first refusals (at most {@link ARCHIVE_REFUSALS_KEPT}), each with entry, archive offset and path. */
  refusals: ArchiveRefusalReport[];
}

/** Refusals kept per archive in the report (all are counted, and all are in the census's own refusal list). */
export const ARCHIVE_REFUSALS_KEPT = 100;

/** Data files given to a thread at a time. */
const BATCH = 16;
/** Fewest data files worth one more thread (a worker starts in about what 200 small data files take). */
const ENTRIES_PER_THREAD = 200;

/** How the census reads archives. */
export interface ArchiveCensusOptions {
  dialect?: Dialect;
  reading: Reading;
  namesFiles: readonly string[];
  /** Threads at most, the main thread included. */
  jobs: number;
  /** Read every data file, whatever type the index gives it. */
  everyDataFile?: boolean;
  /** How each archive is opened: its profile, detected by default. */
  forge?: OpenForgeOptions;
  /** Data files done so far, of `total`. */
  onProgress?: (done: number, total: number) => void;
}

interface Batch {
  archive: number;
  entries: ForgeEntry[];
}

/**
 * Counts the archives into `census` and returns one line of counts per archive, in the order
 * given. An archive whose tables are refused is one refused archive file of the census with its
 * offset; a refused data file likewise, and the rest are read. Rejects only when a worker fails.
 */
export async function censusArchives(
  archives: readonly string[],
  census: CensusAccumulator,
  options: ArchiveCensusOptions,
): Promise<ArchiveCensus[]> {
  const lines: ArchiveCensus[] = [];
  const opened: (OpenedForge | null)[] = [];
  const counts: ArchiveBatchCounts[] = [];
  const batches: Batch[] = [];
  try {
    for (const [a, archive] of archives.entries()) {
      const line: ArchiveCensus = {
        archive,
        version: null,
        profile: null,
        profileChoice: null,
        bookkeepingEntries: 0,
        entries: 0,
        dataFilesRead: 0,
        dataFilesSkipped: 0,
        resources: 0,
        skeletons: 0,
        skeletonComponents: 0,
        refused: 0,
        refusals: [],
      };
      lines.push(line);
      const tally = emptyBatchCounts();
      counts.push(tally);
      let forge: OpenedForge | null = null;
      try {
        forge = await openForgeFile(archive, options.forge);
      } catch (error) {
        // Profiles that read the archive differently: the user must name one (exit 2).
        if (error instanceof UsageError) throw error;
        if (error instanceof ArchiveRefusal) recordArchiveRefusal(census, tally, archive, null, error.refusal);
        else census.addUnreadable(archive, error instanceof Error ? error.message : String(error));
      }
      opened.push(forge);
      if (forge === null) continue;
      line.version = forge.forge.version;
      line.profile = forge.forge.profile?.name ?? null;
      line.profileChoice = forge.forge.profileChoice;
      line.bookkeepingEntries = forge.forge.entries.filter((e) => e.bookkeeping !== null).length;
      line.entries = forge.forge.entries.length + forge.forge.refusals.length;
      // An index entry refused (its data file outside the archive): its path names the block and slot.
      for (const refusal of forge.forge.refusals) recordArchiveRefusal(census, tally, archive, null, refusal);
      const chosen = forgeEntriesToRead(forge.forge.entries, options.everyDataFile === true);
      line.dataFilesSkipped = forge.forge.entries.length - chosen.length - line.bookkeepingEntries;
      for (let i = 0; i < chosen.length; i += BATCH) batches.push({ archive: a, entries: chosen.slice(i, i + BATCH) });
    }
    const total = batches.reduce((n, b) => n + b.entries.length, 0);
    let done = 0;
    const finished = (batch: Batch, got: ArchiveBatchCounts): void => {
      addBatchCounts(counts[batch.archive]!, got);
      done += batch.entries.length;
      options.onProgress?.(done, total);
    };
    const threads = Math.max(1, Math.min(options.jobs, Math.floor(total / ENTRIES_PER_THREAD)));
    const queue = { next: 0, take: (): Batch | null => (queue.next < batches.length ? batches[queue.next++]! : null) };
    const workers = threads > 1 ? startWorkers(queue, threads - 1, archives, opened, options, finished) : null;
    workers?.catch(() => undefined);
    for (let batch = queue.take(); batch !== null; batch = queue.take()) {
      const forge = opened[batch.archive]!.forge;
      finished(batch, await addArchiveEntries(census, archives[batch.archive]!, forge, batch.entries, options.dialect));
      if (workers) await nextTurn();
    }
    if (workers) for (const state of await workers) census.merge(state);
  } finally {
    await Promise.all(opened.map((o) => o?.close()));
  }
  lines.forEach((line, a) => {
    const tally = counts[a]!;
    line.dataFilesRead = tally.dataFiles;
    line.resources = tally.resources;
    line.skeletons = tally.skeletons;
    line.skeletonComponents = tally.components;
    line.refused = tally.refusals.length;
    line.refusals = [...tally.refusals]
      .sort((x, y) => (x.entry ?? -1) - (y.entry ?? -1) || x.offset - y.offset)
      .slice(0, ARCHIVE_REFUSALS_KEPT);
  });
  return lines;
}

/** Starts `count` archive workers taking batches from the queue; resolves with their census states. */
function startWorkers(
  queue: { take(): Batch | null },
  count: number,
  archives: readonly string[],
  opened: readonly (OpenedForge | null)[],
  options: ArchiveCensusOptions,
  finished: (batch: Batch, counts: ArchiveBatchCounts) => void,
): Promise<CensusState[]> {
  const workerData: ArchiveWorkerData = {
    censusArchiveWorker: true,
    dialect: options.dialect,
    reading: { ...options.reading },
    namesFiles: [...options.namesFiles],
  };
  return runCensusWorkers<Batch, ArchiveWorkerBatch, ArchiveWorkerDone>({
    module: 'census-archive-worker',
    what: 'census archive worker',
    count,
    workerData,
    take: () => queue.take(),
    batch: (batch) => {
      const forge = opened[batch.archive]!.forge;
      return {
        archive: archives[batch.archive]!,
        version: forge.version,
        profile: forge.profile?.name ?? null,
        tocRecord: forge.tocRecord,
        entries: batch.entries,
      };
    },
    done: (batch, reply) => finished(batch, reply.counts),
  });
}

/** The archives' lines of the census summary: `DataPC.forge: 12,000 entries, 2,000 data files read (10,000 skipped by type), …`. */
export function archiveCensusText(lines: readonly ArchiveCensus[]): string {
  return lines
    .map((line) => {
      if (line.version === null) return `${line.archive}: archive refused\n`;
      const alike = line.profileChoice?.alike.length ? ` (${line.profileChoice.alike.join(', ')} read it alike)` : '';
      const parts = [
        `version ${line.version}`,
        `profile ${line.profile ?? 'none'}${alike}`,
        count(line.entries, 'entry', 'entries'),
        `${groupThousands(line.dataFilesRead)} data files read (${groupThousands(line.dataFilesSkipped)} skipped by type${line.bookkeepingEntries ? `, ${groupThousands(line.bookkeepingEntries)} bookkeeping` : ''})`,
        count(line.resources, 'resource'),
        count(line.skeletons, 'Skeleton'),
        count(line.skeletonComponents, 'SkeletonComponent'),
      ];
      if (line.refused > 0) parts.push(`${groupThousands(line.refused)} refused`);
      return `${line.archive}: ${parts.join(', ')}\n`;
    })
    .join('');
}

/** The archives as a Markdown table, for `census --markdown`. */
export function archiveCensusMarkdown(lines: readonly ArchiveCensus[]): string {
  if (lines.length === 0) return '';
  const rows = lines.map((l) => {
    const numbers = [l.entries, l.dataFilesRead, l.dataFilesSkipped, l.resources, l.skeletons, l.skeletonComponents, l.refused];
    return `| ${l.archive.replace(/\|/g, '\\|')} | ${l.version ?? 'refused'} | ${l.profile ?? '–'} | ${numbers.map(groupThousands).join(' | ')} |`;
  });
  return [
    '',
    '## Archives',
    '',
    '| archive | version | profile | entries | data files read | skipped by type | resources | Skeletons | SkeletonComponents | refused |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}
