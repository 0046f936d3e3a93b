/**
 * Archives the server lists by their tables: the entries come with the listing, and an entry's
 * data file is read by the server only when the page asks (`api/entry/<archive>/<number>`), when
 * the user opens the entry. The bodies read are held in a bounded cache: past {@link BODY_CACHE}
 * bodies the least recently used is let go, and asked for again when it is next shown.
 */
import type { RefusalReport } from '../src/index.js';
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

/** An archive as the server lists it: its table, and the table's own refusals. */
export interface ListedArchive {
  /** The listing's id of the archive (`api/entry/<id>/…`). */
  id: string;
  name: string;
  /** The server's id for the archive's bytes (`api/archive/<archive>`), and its file name. */
  archive: string;
  archiveName: string;
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
  records: { index: number; name: string; classHash: number; size: number | null; note: string | null; body: string | null }[];
}

/** A body as the server sends it, in base64. */
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

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
  /** Data files asked of the server, in all (a test reads it: none before the first row is drawn). */
  requests = 0;

  constructor(private readonly capacity = BODY_CACHE) {}

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
      pending = this.fetchEntry(archive, number)
        .then((answer) => this.rows(archive, number, answer))
        .catch((error: unknown) =>
          this.rows(archive, number, { note: `could not be fetched: ${(error as Error).message}`, refused: false, records: [] }),
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

  /** A resource row's body: held, or read again from the server when the cache let it go. */
  async bytes(entry: Entry): Promise<Uint8Array | null> {
    const owner = this.owners.get(entry);
    if (owner === undefined) return entry.bytes;
    if (entry.bytes === null && entry.size !== null) {
      const answer = await this.fetchEntry(owner.archive, owner.number);
      const record = answer.records.find((r) => entry.origin?.resource === r.index);
      entry.bytes = record?.body == null ? null : fromBase64(record.body);
    }
    if (entry.bytes !== null) this.hold(entry);
    return entry.bytes;
  }

  /** Bodies held now. */
  get heldCount(): number {
    return this.held.size;
  }

  private async fetchEntry(archive: ListedArchive, number: number): Promise<EntryAnswer> {
    this.requests++;
    const response = await fetch(`api/entry/${encodeURIComponent(archive.id)}/${number}`);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return (await response.json()) as EntryAnswer;
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

  private rows(archive: ListedArchive, number: number, answer: EntryAnswer): EntryLoad {
    const key = this.key(archive, number);
    const item = archive.entries.find((e) => e.number === number);
    const entryName = `${archive.name}: entry ${number} ${JSON.stringify(item?.name ?? '')}`;
    const resources: Entry[] = answer.records.map((r) => ({
      id: `a${archive.id}-${number}-${r.index}`,
      name: r.name,
      size: r.size,
      note: r.note,
      origin: { archiveName: archive.archiveName, archive: archive.archive, entry: number, resource: r.index },
      bytes: r.body === null ? null : fromBase64(r.body),
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
