/**
 * Archives listed by their tables: the entries come with the listing, and an entry's data file is
 * read only when the user opens the entry, by the server for an archive it lists
 * (`api/entry/<archive>/<number>`), or in the page (the library's `browseForge` over the file's
 * Blob) for an archive dropped or picked. The bodies read are held in a bounded cache: past
 * {@link BODY_CACHE} bodies the least recently used is let go, and read again when next shown.
 */
import type { ForgeBrowse, RefusalReport } from '../src/index.js';
import type { Entry, Summary } from './file-list.js';

/** One entry of an archive's table, as the server lists it. */
export interface ListedArchiveEntry {
  number: number;
  name: string;
  /** The class hash the index gives it. */
  type: number;
  size: number;
  /** Whether its type may hold a Skeleton (or `--every-data-file` was given): `view` reads it for records. */
  skeletal: boolean;
}

/** An archive as the server (or the page, for one dropped or picked) lists it: its table, and the table's own refusals. */
export interface ListedArchive {
  /** The listing's id of the archive (`api/entry/<id>/…`; `p…` for one opened in the page). */
  id: string;
  name: string;
  /** The server's id for the archive's bytes (`api/archive/<archive>`; empty for one opened in the page), and its file name. */
  archive: string;
  archiveName: string;
  /** The archive dropped or picked: its bytes, read a slice at a time (none for one the server lists). */
  blob?: Blob;
  /** Why it lists no entries (its tables refused or unreadable). */
  note: string | null;
  refused?: boolean;
  /** The tables' refusal as the census reports it, when refused. */
  refusal?: RefusalReport;
  /** The tables' own refusals (an entry outside the archive), each its message `refused at …` and report. */
  refusals: RefusalReport[];
  entries: ListedArchiveEntry[];
}

/** What reading an entry gave: its skeletal records as rows (or its refusal as one), and whether it was refused. */
export interface EntryLoad {
  resources: Entry[];
  refused: boolean;
}

/** Bodies held at once, at most. */
export const BODY_CACHE = 64;

/** What the server answers for an entry (`api/entry/<archive>/<number>`): its records, bodies in base64, or its refusal. */
export interface EntryAnswer {
  note: string | null;
  refused: boolean;
  refusal?: RefusalReport;
  /** Resource records of every class in the data file, when it was read. */
  resources?: number;
  records: { index: number; name: string; classHash: number; size: number | null; note: string | null; body: string | null }[];
}

/** What reading an entry's data file gave, wherever it was read: its records with their bodies (null when not kept), or its refusal. */
export interface EntryData {
  note: string | null;
  refused: boolean;
  refusal?: RefusalReport;
  /** Resource records of every class in the data file, when known (a read data file says; a refused one does not). */
  resources?: number;
  records: { index: number; name: string; classHash: number; bytes: Uint8Array | null; note: string | null }[];
}

/** A body as the server sends it, in base64. */
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The server's answer with its bodies decoded. */
export const answerData = (answer: EntryAnswer): EntryData => ({
  note: answer.note,
  refused: answer.refused,
  ...(answer.refusal !== undefined ? { refusal: answer.refusal } : {}),
  ...(answer.resources !== undefined ? { resources: answer.resources } : {}),
  records: answer.records.map((r) => ({
    index: r.index,
    name: r.name,
    classHash: r.classHash,
    bytes: r.body === null ? null : fromBase64(r.body),
    note: r.note,
  })),
});

/** The entries of the listed archives read so far, their rows, and the bounded cache of their bodies. */
export class ArchiveEntries {
  private readonly loads = new Map<string, EntryLoad>();
  private readonly pending = new Map<string, Promise<EntryLoad>>();
  private readonly owners = new Map<Entry, { archive: ListedArchive; number: number; key: string }>();
  private readonly tableRefusals = new Map<ListedArchive, Entry[]>();
  /** The entries holding a body, least recently used first (a Map keeps insertion order). */
  private readonly held = new Map<Entry, true>();
  /** What the background census found of each entry it read, by {@link key}: its records' summaries, or its refusal. */
  readonly verdicts = new Map<string, { summaries: Summary[]; refused: string | null }>();
  /** The archives opened in the page, by id: their data files are read from their Blob. */
  private readonly browsed = new Map<string, ForgeBrowse>();
  /** Data files read for the page itself (a selection, an entry opened), of the server or the Blob (a test reads it: none before the first row is drawn). */
  requests = 0;
  /** Data files of archives opened in the page read for the background census. */
  censusReads = 0;

  constructor(
    private readonly capacity = BODY_CACHE,
    /** Told of each data file read, with the count so far (the page shows it to tests). */
    private readonly onRead: (requests: number) => void = () => {},
  ) {}

  /** Lists an archive opened in the page: its data files are read through `browse` (its Blob), when asked. */
  addBrowsed(archive: ListedArchive, browse: ForgeBrowse): void {
    this.browsed.set(archive.id, browse);
  }

  key(archive: ListedArchive, number: number): string {
    return `${archive.id}/${number}`;
  }

  loaded(archive: ListedArchive, number: number): EntryLoad | undefined {
    return this.loads.get(this.key(archive, number));
  }

  /** The archive and entry a resource row was read from, or null for any other row. */
  owner(entry: Entry): { archive: ListedArchive; number: number; key: string } | null {
    return this.owners.get(entry) ?? null;
  }

  /** Every refused entry of an archive found so far: its table's refusals, then its data files refused when read. */
  refusalsOf(archive: ListedArchive): Entry[] {
    let table = this.tableRefusals.get(archive);
    if (table === undefined) {
      table = archive.refusals.map((refusal, i) => ({
        id: `a${archive.id}-table-${i}`,
        name: archive.name,
        size: null,
        note: refusal.message,
        refused: true,
        bytes: null,
        summary: null,
      }));
      this.tableRefusals.set(archive, table);
    }
    const read: Entry[] = [];
    for (const [key, load] of this.loads) if (load.refused && key.startsWith(`${archive.id}/`)) read.push(...load.resources);
    return [...table, ...read];
  }

  /** Reads an entry's data file (once; a read under way is shared) and makes its rows. Never rejects: a failed fetch is a row saying so. */
  load(archive: ListedArchive, number: number): Promise<EntryLoad> {
    const key = this.key(archive, number);
    const done = this.loads.get(key);
    if (done !== undefined) return Promise.resolve(done);
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = this.read(archive, number)
        .then((data) => this.rows(archive, number, data))
        .catch((error: unknown) =>
          this.rows(archive, number, { note: `could not be read: ${(error as Error).message}`, refused: false, records: [] }),
        )
        .then((load) => {
          this.loads.set(key, load);
          this.pending.delete(key);
          return load;
        });
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** A resource row's body: held, or read again (from the server or the Blob) when the cache let it go. */
  async bytes(entry: Entry): Promise<Uint8Array | null> {
    const owner = this.owners.get(entry);
    if (owner === undefined) return entry.bytes;
    if (entry.bytes === null && entry.size !== null) {
      const data = await this.read(owner.archive, owner.number);
      entry.bytes = data.records.find((r) => entry.origin?.resource === r.index)?.bytes ?? null;
    }
    if (entry.bytes !== null) this.hold(entry);
    return entry.bytes;
  }

  /** Bodies held now. */
  get heldCount(): number {
    return this.held.size;
  }

  /**
   * Reads an entry's data file afresh, not through the cache: of the server, or of the Blob for an
   * archive opened in the page; `forCensus` when the background census asks the page for it
   * (counted apart from the page's own reads).
   */
  async read(archive: ListedArchive, number: number, forCensus = false): Promise<EntryData> {
    if (forCensus) this.censusReads++;
    else this.onRead(++this.requests);
    const browse = this.browsed.get(archive.id);
    if (browse !== undefined) {
      return await browse.readEntry(number);
    }
    const response = await fetch(`api/entry/${encodeURIComponent(archive.id)}/${number}`);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return answerData((await response.json()) as EntryAnswer);
  }

  /** Marks a body as the most recently used, and lets the least recent go past the capacity. */
  private hold(entry: Entry): void {
    this.held.delete(entry);
    this.held.set(entry, true);
    while (this.held.size > this.capacity) {
      const oldest = this.held.keys().next().value!;
      this.held.delete(oldest);
      oldest.bytes = null;
    }
  }

  private rows(archive: ListedArchive, number: number, answer: EntryData): EntryLoad {
    const key = this.key(archive, number);
    const item = archive.entries.find((e) => e.number === number);
    const entryName = `${archive.name}: entry ${number} ${JSON.stringify(item?.name ?? '')}`;
    const resources: Entry[] = answer.records.map((r) => ({
      id: `a${archive.id}-${number}-${r.index}`,
      name: r.name,
      size: r.bytes?.length ?? null,
      note: r.note,
      origin:
        archive.blob !== undefined
          ? { archiveName: archive.archiveName, blob: archive.blob, entry: number, resource: r.index }
          : { archiveName: archive.archiveName, archive: archive.archive, entry: number, resource: r.index },
      bytes: r.bytes,
      summary: null,
    }));
    if (answer.note !== null)
      resources.push({
        id: `a${archive.id}-${number}`,
        name: entryName,
        size: null,
        note: answer.note,
        refused: answer.refused,
        bytes: null,
        summary: null,
      });
    for (const entry of resources) {
      this.owners.set(entry, { archive, number, key });
      if (entry.bytes !== null) this.hold(entry);
    }
    return { resources, refused: answer.refused };
  }
}
