/**
 * A `.forge` archive opened in the browser with the library's public API: the tables through
 * `openForge(blobSource(file))`, then one data file at a time with `forgeRecords`, so only the
 * slices asked for are read (never the whole file) and only the Skeleton and SkeletonComponent
 * bodies are kept. Entries are named by the library's labels, as `view` and the census name them,
 * and each record keeps its archive and place, so the page can write the archive with it replaced;
 * an archive the server lists is read the same way, by byte ranges over HTTP.
 */
import { blobSource, formatAddress, forgeRecords, isForgeHeader, openForge, ParseError, type ArchiveSource } from '../src/index.js';
import { checkRange } from '../src/index.js';
import type { ArchiveOrigin } from './file-list.js';
import { nextTask } from './loading.js';

/** One list entry from an archive: a record's body, or a refusal (or failure) without bytes. */
export interface ArchiveItem {
  name: string;
  bytes: Uint8Array | null;
  note: string | null;
  refused: boolean;
  /** A record's archive and place in it. */
  origin?: ArchiveOrigin;
}

export interface ArchiveReadOptions {
  /** Read every data file, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile: boolean;
  /** Called before each data file, and once at the end with done = total. */
  onProgress: (done: number, total: number) => void;
  /** Called for each entry as it is read. */
  onItem: (item: ArchiveItem) => void;
}

/** The longest magic we tell files by: `scimitar\0`. */
const MAGIC_BYTES = 9;

/** Whether the file starts with the archive magic; reads its first bytes only. */
export async function isArchiveFile(file: Blob): Promise<boolean> {
  return isForgeHeader(new Uint8Array(await file.slice(0, MAGIC_BYTES).arrayBuffer()));
}

/**
 * Reads the archive `archive` (the file's name, for the labels) and reports each entry through
 * `onItem`: every Skeleton and SkeletonComponent record of the data files read, a refused table or
 * data file with its offset and path (the rest is still read). Never rejects: a failure that is not
 * a refusal (the file unreadable) is one entry saying so.
 */
export async function readArchiveFile(blob: Blob, archive: string, options: ArchiveReadOptions): Promise<void> {
  const refusal = (name: string, error: ParseError): ArchiveItem => ({
    name,
    bytes: null,
    note: `refused at ${error.message}`,
    refused: true,
  });
  const failure = (name: string, error: unknown): ArchiveItem => ({
    name,
    bytes: null,
    note: `could not be read: ${(error as Error).message}`,
    refused: false,
  });
  let forge;
  try {
    forge = await openForge(blobSource(blob));
  } catch (error) {
    options.onItem(error instanceof ParseError ? refusal(archive, error) : failure(archive, error));
    return;
  }
  let done = 0;
  let total = 0;
  for await (const item of forgeRecords(forge, { name: archive, everyDataFile: options.everyDataFile })) {
    const where = formatAddress(item.address);
    if (item.kind === 'selection') {
      total = item.entries.length;
      options.onProgress(done, total);
      await nextTask();
      continue;
    }
    if (item.kind === 'refusal') options.onItem(refusal(where, item.refusal));
    // The file itself failed (changed or unreadable): nothing after it is read.
    else if (item.kind === 'failed') options.onItem(failure(where, item.error));
    else if (item.kind === 'record')
      // A copy: the body is a view of the whole decompressed data file, which is let go.
      options.onItem({
        name: where,
        bytes: item.resource.body.slice(),
        note: null,
        refused: false,
        origin: { archiveName: archive, entry: item.entry.number, resource: item.index, blob },
      });
    // Progress after each data file, read, refused or failed (an index entry's refusal is none).
    if (item.kind === 'record' || (item.kind === 'refusal' && item.entry === null)) continue;
    options.onProgress(++done, total);
    await nextTask();
  }
  // Done, also when a failing source ended the reading early.
  if (done !== total) options.onProgress(total, total);
}

/**
 * An archive the server lists records of, read a byte range at a time from `url` (its size from a
 * HEAD request first): the page never fetches it whole. A read that is answered with another
 * range, or a size that changed since, rejects.
 */
export async function rangeSource(url: string): Promise<ArchiveSource> {
  const head = await fetch(url, { method: 'HEAD' });
  if (!head.ok) throw new Error(`the server answered ${head.status} for the archive`);
  const size = Number(head.headers.get('Content-Length'));
  if (!Number.isSafeInteger(size)) throw new Error('the server gave no size for the archive');
  return {
    size,
    async read(offset, length) {
      checkRange(size, offset, length);
      if (length === 0) return new Uint8Array(0);
      const response = await fetch(url, { headers: { Range: `bytes=${offset}-${offset + length - 1}` } });
      const range = response.headers.get('Content-Range');
      if (response.status !== 206 || range !== `bytes ${offset}-${offset + length - 1}/${size}`)
        throw new Error(`the server answered ${response.status} ${range ?? ''} for ${length} bytes at ${offset} (the archive changed?)`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length !== length) throw new Error(`the server sent ${bytes.length} of ${length} bytes at ${offset}`);
      return bytes;
    },
  };
}
