/**
 * What the viewer's server lists: the loose files under the paths it is given, each by its name,
 * size and header (its body read only when the page asks), and each `.forge` archive (told by its
 * magic) by its tables alone, an entry's data file read when the page opens it.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { browseForge, keptRecordBody, type ForgeEntryRecords, type ForgeTableEntry } from '../archive/forge-browse.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { forgeRecords } from '../archive/forge-records.js';
import { isForgeHeader } from '../archive/forge-select.js';
import { formatAddress, type RefusalReport } from '../io/address.js';
import type { ParseError } from '../io/errors.js';
import { fsReason, walkInputs } from './files.js';
import { openForgeFile } from './forge-file.js';
import { readInputFile, readInputHead } from './input-file.js';
import { DEFAULT_MAX_SIZE } from './limits.js';

/** A loose file listed by its path, size and modification time: read when asked, refused if it changed meanwhile. */
export interface ListedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** One file the viewer may open, listed by the server under an opaque id. */
export interface ViewInput {
  /** The path as shown to the user (relative to where it was found). */
  name: string;
  /** Its bytes, when held (a record of an archive, or a file read whole); null when not held (`file` says where they are, else `note` why there are none). */
  bytes: Uint8Array | null;
  /** A loose file whose bytes are read from disk when the page asks for them. */
  file?: ListedFile;
  /** Why the file is not served, or other words for the Files panel. */
  note?: string;
  /** The note is a refusal (an archive's table or data file, with its offset and path). */
  refused?: boolean;
  /** The archive the entry was read from, when it was (a record or a refusal inside it). */
  archive?: string;
  /** A record's place in `archive`: its entry number and resource index (the page writes a copy with it replaced). */
  place?: { entry: number; resource: number };
}

/** One entry of an archive's table, as the listing gives it. */
export type ViewArchiveEntry = ForgeTableEntry;

/** What reading one entry's data file gives: its skeletal records (with or without bytes), or why it gave none. */
export type ViewEntryRead = ForgeEntryRecords;

/**
 * An archive listed by its tables alone: the entries are sent at once, and an entry's data file is
 * read only when the page asks for it (`/api/entry/<archive>/<number>`).
 */
export interface ViewArchive {
  /** The archive's path, served by byte ranges as `/api/archive/<k>`. */
  path: string;
  /** The name shown (as given, or relative to the folder it was found in). */
  name: string;
  entries: readonly ViewArchiveEntry[];
  /** The table's own refusals (an entry outside the archive, the chain cut), each with its offset and path. */
  refusals: readonly RefusalReport[];
  /** Why the archive lists no entries (its tables refused, or unreadable); `refused` when a refusal, `refusal` its report. */
  note?: string;
  refused?: boolean;
  refusal?: RefusalReport;
  /** Reads the data file of the entry numbered so; rejects for a number not listed. */
  readEntry(number: number): Promise<ViewEntryRead>;
}

/** How the viewer's inputs are listed. */
export interface ViewListOptions {
  /** Largest resource or record read, in bytes (DEFAULT_MAX_SIZE when absent); a larger one is listed without bytes. */
  maxSize?: number;
  /** Read every data file of an archive, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
  /** How archives are opened: the profile, detected by default. */
  forge?: OpenForgeOptions;
  /** Data files of an archive done, of its total (for a progress line; {@link readViewInputs} only). */
  onArchiveProgress?: (archive: string, done: number, total: number) => void;
}

/** What the viewer lists: loose files (read when asked), and archives by their tables alone. */
export interface ViewListing {
  inputs: ViewInput[];
  archives: ViewArchive[];
  /** Closes the archives' files. */
  close(): Promise<void>;
}

/** A listed file that changed or vanished since it was listed, or can no longer be read: why, in words. */
export class ListedFileError extends Error {
  override name = 'ListedFileError';
  constructor(
    readonly path: string,
    /** Why, in words: `no such file or directory`, `changed since it was listed`, … */
    readonly reason: string,
    /** It is there but not as listed (another size or time); else it is gone or unreadable. */
    readonly changed: boolean,
  ) {
    super(`${path}: ${reason}`);
  }
}

/**
 * Reads a listed file whole, as it was listed: rejects with a ListedFileError when it is gone,
 * unreadable, not a regular file any more, or of another size or modification time than listed (a
 * streamed answer cut apart by the listed sizes would otherwise be misaligned).
 */
export async function readListedFile(file: ListedFile): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(file.path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new ListedFileError(file.path, fsReason(error), false);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size !== file.size || info.mtimeMs !== file.mtimeMs)
      throw new ListedFileError(file.path, 'changed since it was listed', true);
    const bytes = new Uint8Array(file.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) throw new ListedFileError(file.path, 'changed since it was listed', true);
      filled += bytesRead;
    }
    return bytes;
  } catch (error) {
    if (error instanceof ListedFileError) throw error;
    throw new ListedFileError(file.path, `cannot read the file: ${fsReason(error)}`, false);
  } finally {
    await handle.close();
  }
}

/** How a file found in a folder is shown: relative to the path given that holds it (else as found). */
function shownNamer(paths: readonly string[]): (path: string) => string {
  const roots = paths.map((p) => resolve(p));
  return (path) => {
    for (const root of roots) {
      const rel = relative(root, path);
      if (rel !== '' && !rel.startsWith('..')) return rel.replaceAll('\\', '/');
    }
    return path;
  };
}

/**
 * Lists what the viewer shows of `paths`: named files always, files found in folders when their
 * header is a resource's (or they are short and named like one: the page says why they are not),
 * each by its name and size, from the walk, a stat and its header: no body is read. Each `.forge`
 * archive (told by its magic) is listed by its tables alone: its entries at once, each data file
 * read when the page asks for it. Resolves once every archive's tables are read. Rejects with a
 * NoInputError when no path exists, with an ArchiveProfileChoiceError when an archive needs its
 * profile named.
 */
export async function listViewInputs(paths: readonly string[], options: ViewListOptions = {}): Promise<ViewListing> {
  const maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
  const walk = walkInputs(paths);
  const shownName = shownNamer(paths);
  const closers: (() => Promise<void>)[] = [];
  const listing: ViewListing = {
    inputs: [],
    archives: [],
    close: async () => {
      for (const close of closers.splice(0)) await close();
    },
  };
  try {
    for (const file of walk.files) {
      const head = readInputHead(file.path, { maxSize });
      const name = file.explicit ? file.path : shownName(resolve(file.path));
      const listed = (stamp: { size: number; mtimeMs: number }): ViewInput => ({
        name,
        bytes: null,
        file: { path: file.path, size: stamp.size, mtimeMs: stamp.mtimeMs },
      });
      if (head.kind === 'resource') listing.inputs.push(listed(head));
      else if (head.kind === 'other' && isForgeHeader(head.head))
        listing.archives.push(await archiveTables(file.path, name, maxSize, options, closers));
      else if (head.kind === 'truncated' || file.explicit)
        // Named, or short but named like a resource: the page shows why it is not one.
        listing.inputs.push(head.kind === 'unreadable' ? { name, bytes: null, note: head.reason } : listed(head));
    }
  } catch (error) {
    await listing.close();
    throw error;
  }
  for (const problem of walk.problems) if (problem.failed) listing.inputs.push({ name: problem.path, bytes: null, note: problem.reason });
  return listing;
}

/** The note of an archive that could not be opened: the file system's reason, without the path it starts with. */
function unreadableNote(archive: string, message: string): string {
  return message.startsWith(`${archive}: `) ? message.slice(archive.length + 2) : message;
}

/**
 * One archive by its tables: every entry of its index (bookkeeping entries aside), those whose data
 * files are read marked skeletal; the table's refusals; and a reader of one entry's data file, its
 * records named as the census names them. Tables refused or unreadable: no entries, the note says
 * why. The archive stays open (its closer pushed on `closers`) for the page's requests.
 */
async function archiveTables(
  archive: string,
  shown: string,
  maxSize: number,
  options: ViewListOptions,
  closers: (() => Promise<void>)[],
): Promise<ViewArchive> {
  const opened = await openForgeFile(archive, options.forge);
  const none = async (): Promise<ViewEntryRead> => Promise.reject(new Error('no such entry'));
  if (opened.kind === 'refused')
    return {
      path: archive,
      name: shown,
      entries: [],
      refusals: [],
      note: `refused at ${opened.refusal.message}`,
      refused: true,
      readEntry: none,
    };
  if (opened.kind === 'unreadable')
    return { path: archive, name: shown, entries: [], refusals: [], note: unreadableNote(archive, opened.message), readEntry: none };
  closers.push(() => opened.source.close());
  return {
    path: archive,
    name: shown,
    ...browseForge(opened.forge, { name: shown, everyDataFile: options.everyDataFile, maxSize, failureReason: fsReason }),
  };
}

/**
 * The files to list with their bytes, all read now: named files always, files found in folders
 * when their header is a resource's, and for each `.forge` archive every Skeleton and
 * SkeletonComponent record inside (a copy of its body, with its place), named as the census names
 * them, and its refusals as entries without bytes. Resolves once every archive is read. For a
 * program that wants every body in memory; the viewer's server lists with {@link listViewInputs}.
 * Rejects as listViewInputs does.
 */
export async function readViewInputs(paths: readonly string[], options: ViewListOptions = {}): Promise<ViewInput[]> {
  const maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
  const walk = walkInputs(paths);
  const shownName = shownNamer(paths);
  const inputs: ViewInput[] = [];
  for (const file of walk.files) {
    const read = readInputFile(file.path, { maxSize });
    const name = file.explicit ? file.path : shownName(resolve(file.path));
    if (read.kind === 'resource') inputs.push({ name, bytes: read.bytes });
    else if (read.kind === 'other' && isForgeHeader(read.head)) inputs.push(...(await archiveInputs(file.path, name, maxSize, options)));
    else if (read.kind === 'truncated' || file.explicit) {
      if (read.kind === 'unreadable') inputs.push({ name, bytes: null, note: read.reason });
      else inputs.push({ name, bytes: await readWhole(file.path) });
    }
  }
  for (const problem of walk.problems) if (problem.failed) inputs.push({ name: problem.path, bytes: null, note: problem.reason });
  return inputs;
}

/** A named file that is not a resource, read whole for the page to say why. */
async function readWhole(path: string): Promise<Uint8Array> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/**
 * One archive's entries of the list, named as the census names them, with the archive `shown` as
 * the list shows files: a Skeleton or SkeletonComponent record with a copy of its body only (the
 * data file and its other resources are let go), and a refusal of the tables or of a data file as
 * an entry without bytes whose note gives the archive offset and path. The data files after a
 * refused one are read.
 */
async function archiveInputs(archive: string, shown: string, maxSize: number, options: ViewListOptions): Promise<ViewInput[]> {
  const refused = (name: string, refusal: ParseError): ViewInput => ({
    name,
    bytes: null,
    note: `refused at ${refusal.message}`,
    refused: true,
    archive,
  });
  const opened = await openForgeFile(archive, options.forge);
  if (opened.kind === 'refused') return [refused(shown, opened.refusal)];
  if (opened.kind === 'unreadable') return [{ name: shown, bytes: null, note: unreadableNote(archive, opened.message), archive }];
  const inputs: ViewInput[] = [];
  try {
    let done = 0;
    let total = 0;
    for await (const item of forgeRecords(opened.forge, { name: shown, everyDataFile: options.everyDataFile === true })) {
      switch (item.kind) {
        case 'selection':
          total = item.entries.length;
          options.onArchiveProgress?.(archive, done, total);
          break;
        case 'refusal':
          // An index entry refused (its data file outside the archive, the path names the block and slot), or a data file.
          inputs.push(refused(formatAddress(item.address), item.refusal));
          if (item.entry !== null) options.onArchiveProgress?.(archive, ++done, total);
          break;
        case 'failed':
          // Not a refusal: the file itself failed (it shrank, a read error), and nothing after it is read.
          inputs.push({
            name: formatAddress(item.address),
            bytes: null,
            note: `cannot read the archive: ${fsReason(item.error)}`,
            archive,
          });
          options.onArchiveProgress?.(archive, ++done, total);
          break;
        case 'record': {
          const kept = keptRecordBody(item.resource.classHash, item.resource.body, maxSize);
          const name = formatAddress(item.address);
          if (kept.bytes === null) inputs.push({ name, bytes: null, note: kept.note, archive });
          // Its place lets the page write the archive with it replaced.
          else inputs.push({ name, bytes: kept.bytes, archive, place: { entry: item.entry.number, resource: item.index } });
          break;
        }
        case 'dataFile':
          options.onArchiveProgress?.(archive, ++done, total);
          break;
      }
    }
    // Done, also when a failing source ended the reading early.
    if (done !== total) options.onArchiveProgress?.(archive, total, total);
  } finally {
    await opened.source.close();
  }
  return inputs;
}
