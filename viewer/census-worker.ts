/**
 * The census of everything the page lists, made in a Web Worker so the page stays free: the files
 * it is given, then every skeletal entry of the listed archives, each data file asked for in turn
 * (of the server, `api/entry/<archive>/<number>`, for an archive it lists; of the page, which reads
 * the file's Blob, for an archive dropped or picked) and its records counted, as `census` counts an
 * archive's, with each archive's line of counts (its version and profile from its tables, read
 * here), and each entry's verdict (its records' summaries) for the list's badges. It posts its
 * progress, waits while the page asks it to give way (a selection being read), and posts the
 * report at the end; the page cancels it by ending the worker.
 */
import {
  addBatchCounts,
  blobSource,
  builtInNames,
  CensusAccumulator,
  emptyArchiveCensus,
  emptyBatchCounts,
  finishArchiveCensus,
  forgeRecords,
  NameDictionary,
  openArchiveCensus,
  unreadRecordMessage,
  type AnvilnextReading,
  type ArchiveCensus,
  type CensusRunReport,
  type Dialect,
  type OpenedArchiveCensus,
  type OpenForgeOptions,
  type RefusalReport,
} from '../src/index.js';
import { rangeSource } from './archive.js';
import { answerData, type EntryAnswer, type EntryData, type ListedArchive } from './archive-listing.js';
import { summarizeBytes, type Summary } from './file-list.js';

/**
 * What the page sends: `start` (with the files it holds besides the archives, and the archives
 * opened in it), `pause` and `resume`, and `data`, the answer to a `read` of an archive opened in it.
 */
export type CensusWorkerRequest =
  | { kind: 'start'; files: { name: string; bytes: Uint8Array | null; note: string | null }[]; local: ListedArchive[] }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'data'; archive: string; number: number; data: EntryData };

/** What the worker posts: progress over the data files to read, each entry's verdict, a data file it needs of the page, then the report (or why it failed). */
export type CensusWorkerAnswer =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'entry'; archive: string; number: number; verdict: EntryVerdict }
  | { kind: 'read'; archive: string; number: number }
  | { kind: 'report'; report: CensusRunReport }
  | { kind: 'failed'; message: string };

/** What an entry's data file gave, for its badge in the list: each record's summary, or the data file's refusal. */
export interface EntryVerdict {
  summaries: Summary[];
  refused: string | null;
}

/** The request header the census marks its reads of the server with. */
export const CENSUS_HEADER = 'X-Anvil-Census';

/** The Skeleton class hash: a record of another class the data file gives is a SkeletonComponent. */
const SKELETON_CLASS = 0x24aecb7c;

const post = (answer: CensusWorkerAnswer, transfer: Transferable[] = []): void => postMessage(answer, { transfer });

let resume: (() => void) | null = null;
let paused: Promise<void> | null = null;
/** The reads asked of the page, answered by its `data`. */
const asked = new Map<string, (data: EntryData) => void>();

/** An entry's data file: of the server, or asked of the page for an archive opened in it. */
async function entryData(archive: ListedArchive, number: number): Promise<EntryData> {
  if (archive.blob !== undefined)
    return new Promise((answer) => {
      asked.set(`${archive.id}/${number}`, answer);
      post({ kind: 'read', archive: archive.id, number });
    });
  // Marked as the census's, so that the server's answers to it are told from a user's selection (tests count them apart).
  const response = await fetch(`api/entry/${encodeURIComponent(archive.id)}/${number}`, { headers: { [CENSUS_HEADER]: '1' } });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return answerData((await response.json()) as EntryAnswer);
}

/** A refusal as an archive's line keeps it: its offset, path, and message without the report's `refused at`. */
const lineRefusal = (refusal: RefusalReport): { offset: number; path: string; message: string } => ({
  offset: refusal.offset,
  path: refusal.path,
  message: refusal.message.replace(/^refused at /, ''),
});

/**
 * The archive's line as `census` starts it, from its tables read here (the page's Blob, or the
 * server's ranges); its counts are of a census apart, since the listing's refusals are counted
 * into the census itself.
 */
async function archiveLine(archive: ListedArchive, everyDataFile: boolean, served: OpenForgeOptions): Promise<OpenedArchiveCensus> {
  const none = { line: emptyArchiveCensus(archive.name), counts: emptyBatchCounts() };
  if (archive.note !== null && archive.refusal !== undefined)
    none.counts.refusals.push({ entry: null, entryName: null, ...lineRefusal(archive.refusal) });
  if (archive.note !== null) return { ...none, forge: null, entries: [] };
  try {
    const source =
      archive.blob !== undefined
        ? blobSource(archive.blob)
        : await rangeSource(`api/archive/${encodeURIComponent(archive.archive)}`, { [CENSUS_HEADER]: '1' });
    // A served archive as the server opened it (`view --forge-profile`); one opened in the page is detected, as the page lists it.
    const forge = archive.blob !== undefined ? {} : served;
    return await openArchiveCensus(new CensusAccumulator(), archive.name, source, { everyDataFile, forge });
  } catch {
    return { ...none, forge: null, entries: [] };
  }
}

async function census(start: Extract<CensusWorkerRequest, { kind: 'start' }>): Promise<void> {
  let listing: {
    archives?: ListedArchive[];
    names?: string[];
    dialect?: Dialect | null;
    reading?: AnvilnextReading;
    everyDataFile?: boolean;
    forge?: OpenForgeOptions;
  } = {};
  try {
    const response = await fetch('api/inputs');
    if (response.ok) listing = (await response.json()) as typeof listing;
  } catch {
    // The page without its server: the files and archives it was given alone.
  }
  const names = new NameDictionary(builtInNames()).add(listing.names ?? []);
  const dialect = listing.dialect ?? undefined;
  const accumulator = new CensusAccumulator({ dialect, reading: listing.reading, names });
  const settings = { dialect: listing.dialect ?? null, reading: listing.reading, resolve: (hash: number) => names.resolve(hash) };
  for (const file of start.files) {
    if (file.bytes !== null) accumulator.addFile(file.name, file.bytes);
    else accumulator.addUnreadable(file.name, file.note ?? 'not read');
  }
  const archives = [...(listing.archives ?? []), ...start.local];
  const total = archives.reduce((sum, a) => sum + a.entries.filter((e) => e.skeletal).length, 0);
  const lines: ArchiveCensus[] = [];
  let done = 0;
  let posted = 0;
  post({ kind: 'progress', done, total });
  for (const archive of archives) {
    // Its tables are read for its line meanwhile: its data files (and their badges) come first.
    const opening = archiveLine(archive, listing.everyDataFile === true, listing.forge ?? {});
    const counts = emptyBatchCounts();
    /** Data files read whose count of resources their reader did not say. */
    const uncounted: number[] = [];
    if (archive.refusal !== undefined) accumulator.addArchiveRefusal(archive.name, archive.refusal);
    else if (archive.note !== null) accumulator.addUnreadable(archive.name, archive.note);
    for (const refusal of archive.refusals) accumulator.addArchiveRefusal(archive.name, refusal);
    for (const entry of archive.entries) {
      if (!entry.skeletal) continue;
      if (paused !== null) await paused;
      const label = `${archive.name}: entry ${entry.number} ${JSON.stringify(entry.name)}`;
      let data: EntryData | null = null;
      try {
        data = await entryData(archive, entry.number);
      } catch (error) {
        accumulator.addUnreadable(label, (error as Error).message);
      }
      if (data !== null) {
        const verdict: EntryVerdict = { summaries: [], refused: data.refused ? data.note : null };
        for (const record of data.records) {
          const cls = record.classHash >>> 0;
          if (cls === SKELETON_CLASS) counts.skeletons++;
          else counts.components++;
          if (record.bytes === null) {
            accumulator.addUnreadable(record.name, record.note ?? 'not read');
            continue;
          }
          const bytes = record.bytes;
          accumulator.addFile(record.name, bytes, () => unreadRecordMessage(cls, bytes, dialect));
          verdict.summaries.push(summarizeBytes(bytes, settings));
        }
        post({ kind: 'entry', archive: archive.id, number: entry.number, verdict });
        if (data.refusal !== undefined) {
          accumulator.addArchiveRefusal(label, data.refusal);
          counts.refusals.push({ entry: entry.number, entryName: entry.name, ...lineRefusal(data.refusal) });
        } else if (data.note !== null) accumulator.addUnreadable(label, data.note);
        else {
          counts.dataFiles++;
          if (data.resources !== undefined) counts.resources += data.resources;
          else uncounted.push(entry.number);
        }
      }
      done++;
      if (performance.now() - posted > 100) {
        posted = performance.now();
        post({ kind: 'progress', done, total });
      }
    }
    const opened = await opening;
    for (const number of uncounted) counts.resources += await resourcesOf(opened, number);
    addBatchCounts(opened.counts, counts);
    lines.push(finishArchiveCensus(opened));
  }
  post({ kind: 'progress', done: total, total });
  post({ kind: 'report', report: { ...accumulator.report(), ...(lines.length > 0 ? { archives: lines } : {}) } });
}

/**
 * The resource records of every class in an entry's data file, for the archive's line, when its
 * reader did not say (the server's answer names only the skeletal records): read from the archive
 * opened here. 0 when it cannot be read.
 */
async function resourcesOf(opened: OpenedArchiveCensus, number: number): Promise<number> {
  const entry = opened.forge?.entries.find((e) => e.number === number);
  if (opened.forge === null || entry === undefined) return 0;
  try {
    for await (const item of forgeRecords(opened.forge, { name: opened.line.archive, entries: [entry] }))
      if (item.kind === 'dataFile') return item.resourceCount;
  } catch {
    // Counted as none: the census itself has the data file's records.
  }
  return 0;
}

onmessage = (event: MessageEvent<CensusWorkerRequest>) => {
  const request = event.data;
  if (request.kind === 'start') void census(request).catch((error: unknown) => post({ kind: 'failed', message: (error as Error).message }));
  else if (request.kind === 'data') {
    const key = `${request.archive}/${request.number}`;
    asked.get(key)?.(request.data);
    asked.delete(key);
  } else if (request.kind === 'pause') paused ??= new Promise((go) => (resume = go));
  else {
    resume?.();
    resume = null;
    paused = null;
  }
};
