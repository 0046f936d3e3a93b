/**
 * The census of the listed archives, made in the background by `census-worker.js` (a file the
 * build emits, as the page's Content-Security-Policy requires of scripts): started by itself once
 * the list is drawn (for the list's badges), or when the Census tab is shown; its progress said
 * with a button that cancels it, paused while the page reads a selection, and its report handed
 * to the tab when done.
 */
import type { EntryData, ListedArchive } from './archive-listing.js';
import { count, el, noun } from './dom.js';
import type { CensusWorkerAnswer, CensusWorkerRequest, EntryVerdict } from './census-worker.js';

export type CensusReport = Extract<CensusWorkerAnswer, { kind: 'report' }>['report'];

export class BackgroundCensus {
  private worker: Worker | null = null;
  private pauses = 0;
  /** The revision of the files held the census under way or done was started for (-1: none). */
  revision = -1;
  /** The user cancelled the last census: it is not started again by itself, only when asked (the tab, the button). */
  cancelled = false;

  constructor(
    /** Told of each entry's verdict as the census reads it. */
    private readonly onEntry: (archive: string, number: number, verdict: EntryVerdict) => void,
    /** Reads an entry's data file of an archive opened in the page, from its Blob (what the worker asks for). */
    private readonly readLocal: (archive: string, number: number) => Promise<EntryData>,
  ) {}

  /** Whether a census is under way. */
  get running(): boolean {
    return this.worker !== null;
  }

  /**
   * Starts the census of `files`, the archives the server lists and those opened in the page
   * (`local`; any census under way is ended), drawing its progress into `box` (it stays there,
   * saying the census is done, once `done` is given the report).
   */
  start(
    files: Extract<CensusWorkerRequest, { kind: 'start' }>['files'],
    local: readonly ListedArchive[],
    revision: number,
    box: HTMLElement,
    done: (report: CensusReport) => void,
  ): void {
    this.cancel();
    this.revision = revision;
    this.cancelled = false;
    let total = 0;
    const worker = new Worker('census-worker.js', { type: 'module' });
    this.worker = worker;
    const line = el('span', 'progress', 'census of the archives: starting…');
    const cancel = el('button', '', 'Cancel');
    cancel.type = 'button';
    cancel.id = 'census-cancel';
    cancel.addEventListener('click', () => {
      this.cancel();
      this.revision = -1;
      this.cancelled = true;
      line.textContent = 'census cancelled';
      cancel.remove();
    });
    const status = el('span', 'census-progress');
    status.id = 'census-progress';
    status.append(line, ' ', cancel);
    box.replaceChildren(status);
    worker.onmessage = (event: MessageEvent<CensusWorkerAnswer>) => {
      const answer = event.data;
      if (answer.kind === 'entry') this.onEntry(answer.archive, answer.number, answer.verdict);
      else if (answer.kind === 'read') void this.answerRead(worker, answer.archive, answer.number);
      else if (answer.kind === 'progress') {
        total = answer.total;
        line.textContent = `census of the archives: ${count(answer.done)} of ${count(answer.total)} data files read…`;
      } else if (answer.kind === 'failed') {
        this.end(worker);
        line.textContent = `the census could not be made: ${answer.message}`;
        cancel.remove();
      } else {
        this.end(worker);
        line.textContent = `census of the archives: done, ${count(total)} ${noun(total, 'data file')} read`;
        cancel.remove();
        done(answer.report);
      }
    };
    worker.onerror = (event) => {
      this.end(worker);
      line.textContent = `the census could not be made: ${event.message}`;
      cancel.remove();
    };
    worker.postMessage({ kind: 'start', files, local: [...local] } satisfies CensusWorkerRequest);
    if (this.pauses > 0) worker.postMessage({ kind: 'pause' } satisfies CensusWorkerRequest);
  }

  /** Ends the census under way, if any. */
  cancel(): void {
    if (this.worker !== null) this.end(this.worker);
  }

  /** Holds the census while `work` runs (the page reads what the user selected), then lets it go on. */
  async giveWay<T>(work: () => Promise<T>): Promise<T> {
    if (this.pauses++ === 0) this.worker?.postMessage({ kind: 'pause' } satisfies CensusWorkerRequest);
    try {
      return await work();
    } finally {
      if (--this.pauses === 0) this.worker?.postMessage({ kind: 'resume' } satisfies CensusWorkerRequest);
    }
  }

  /** Answers the worker's read of a data file of an archive opened in the page; a failure is an answer saying so. */
  private async answerRead(worker: Worker, archive: string, number: number): Promise<void> {
    let data: EntryData;
    try {
      data = await this.readLocal(archive, number);
    } catch (error) {
      data = { note: `could not be read: ${(error as Error).message}`, refused: false, records: [] };
    }
    // The bodies are the worker's now (each read is a copy of its own).
    const transfer = data.records.flatMap((r) => (r.bytes === null ? [] : [r.bytes.buffer as ArrayBuffer]));
    if (this.worker === worker) worker.postMessage({ kind: 'data', archive, number, data } satisfies CensusWorkerRequest, { transfer });
  }

  private end(worker: Worker): void {
    worker.terminate();
    if (this.worker === worker) this.worker = null;
  }
}
