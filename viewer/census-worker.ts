/**
 * The census of everything the page lists, made in a Web Worker so the page stays free: the files
 * it is given, then every skeletal entry of the archives the server lists, each data file asked of
 * the server in turn (`api/entry/<archive>/<number>`) and its records counted, as `census` counts
 * an archive's, and each entry's verdict (its records' summaries) for the list's badges. It posts its progress, waits while the page asks it to give way (a selection being
 * read), and posts the report at the end; the page cancels it by ending the worker.
 */
import { builtInNames, CensusAccumulator, NameDictionary, type AnvilnextReading, type Dialect } from '../src/index.js';
import { fromBase64, type EntryAnswer, type ListedArchive } from './archive-listing.js';
import { summarizeBytes, type Summary } from './file-list.js';

/** What the page sends: `start` (with the files it holds besides the archives), `pause` and `resume`. */
export type CensusWorkerRequest =
  { kind: 'start'; files: { name: string; bytes: Uint8Array | null; note: string | null }[] } | { kind: 'pause' } | { kind: 'resume' };

/** What the worker posts: progress over the data files to read, then the report (or why it failed). */
export type CensusWorkerAnswer =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'entry'; archive: string; number: number; verdict: EntryVerdict }
  | { kind: 'report'; report: ReturnType<CensusAccumulator['report']> }
  | { kind: 'failed'; message: string };

/** What an entry's data file gave, for its badge in the list: each record's summary, or the data file's refusal. */
export interface EntryVerdict {
  summaries: Summary[];
  refused: string | null;
}

const post = (answer: CensusWorkerAnswer): void => postMessage(answer);

let resume: (() => void) | null = null;
let paused: Promise<void> | null = null;

async function census(files: Extract<CensusWorkerRequest, { kind: 'start' }>['files']): Promise<void> {
  const listing = (await (await fetch('api/inputs')).json()) as {
    archives?: ListedArchive[];
    names?: string[];
    dialect?: Dialect | null;
    reading?: AnvilnextReading;
  };
  const names = new NameDictionary(builtInNames()).add(listing.names ?? []);
  const accumulator = new CensusAccumulator({ dialect: listing.dialect ?? undefined, reading: listing.reading, names });
  const settings = { dialect: listing.dialect ?? null, reading: listing.reading, resolve: (hash: number) => names.resolve(hash) };
  for (const file of files) {
    if (file.bytes !== null) accumulator.addFile(file.name, file.bytes);
    else accumulator.addUnreadable(file.name, file.note ?? 'not read');
  }
  const archives = listing.archives ?? [];
  const total = archives.reduce((sum, a) => sum + a.entries.filter((e) => e.skeletal).length, 0);
  let done = 0;
  let posted = 0;
  post({ kind: 'progress', done, total });
  for (const archive of archives) {
    if (archive.refusal !== undefined) accumulator.addArchiveRefusal(archive.name, archive.refusal);
    for (const refusal of archive.refusals) accumulator.addArchiveRefusal(archive.name, refusal);
    for (const entry of archive.entries) {
      if (!entry.skeletal) continue;
      if (paused !== null) await paused;
      const response = await fetch(`api/entry/${encodeURIComponent(archive.id)}/${entry.number}`);
      const label = `${archive.name}: entry ${entry.number} ${JSON.stringify(entry.name)}`;
      if (!response.ok) accumulator.addUnreadable(label, `the server answered ${response.status}`);
      else {
        const answer = (await response.json()) as EntryAnswer;
        const verdict: EntryVerdict = { summaries: [], refused: answer.refused ? answer.note : null };
        for (const record of answer.records) {
          if (record.body === null) {
            accumulator.addUnreadable(record.name, record.note ?? 'not read');
            continue;
          }
          const bytes = fromBase64(record.body);
          accumulator.addFile(record.name, bytes);
          verdict.summaries.push(summarizeBytes(bytes, settings));
        }
        post({ kind: 'entry', archive: archive.id, number: entry.number, verdict });
        if (answer.refusal !== undefined) accumulator.addArchiveRefusal(label, answer.refusal);
        else if (answer.note !== null) accumulator.addUnreadable(label, answer.note);
      }
      done++;
      if (performance.now() - posted > 100) {
        posted = performance.now();
        post({ kind: 'progress', done, total });
      }
    }
  }
  post({ kind: 'progress', done: total, total });
  post({ kind: 'report', report: accumulator.report() });
}

onmessage = (event: MessageEvent<CensusWorkerRequest>) => {
  const request = event.data;
  if (request.kind === 'start')
    void census(request.files).catch((error: unknown) => post({ kind: 'failed', message: (error as Error).message }));
  else if (request.kind === 'pause') paused ??= new Promise((go) => (resume = go));
  else {
    resume?.();
    resume = null;
    paused = null;
  }
};
