/**
 * A `.forge` archive opened in the browser with the library's public API: its tables through
 * `openForge(blobSource(file))` and listed by `browseForge`, as `view` lists an archive it serves,
 * so only the slices asked for are read (never the whole file): an entry's data file when the
 * entry is opened. Entries are named by the library's labels, as `view` and the census name them,
 * and each record keeps its archive and place, so the page can write the archive with it replaced;
 * an archive the server lists is read the same way, by byte ranges over HTTP.
 */
import {
  blobSource,
  browseForge,
  checkRange,
  isForgeHeader,
  openForge,
  ParseError,
  refusalReport,
  type ArchiveSource,
  type ForgeBrowse,
} from '../src/index.js';
import type { ListedArchive } from './archive-listing.js';

/** The longest magic we tell files by: `scimitar\0`. */
const MAGIC_BYTES = 9;

/** Largest record body the page keeps, as `view` keeps by default (its `--max-size`). */
export const PAGE_MAX_SIZE = 256 * 1024 * 1024;

/** Whether the file starts with the archive magic; reads its first bytes only. */
export async function isArchiveFile(file: Blob): Promise<boolean> {
  return isForgeHeader(new Uint8Array(await file.slice(0, MAGIC_BYTES).arrayBuffer()));
}

/**
 * An archive dropped or picked, listed by its tables as `view` lists an archive it serves: only
 * the tables are read now (`browse` reads one entry's data file when asked). Never rejects: tables
 * refused or unreadable give an archive of no entries whose note says why (`browse` null).
 */
export async function browseArchiveFile(
  blob: Blob,
  id: string,
  name: string,
  everyDataFile: boolean,
): Promise<{ archive: ListedArchive; browse: ForgeBrowse | null }> {
  const listed: ListedArchive = { id, name, archive: '', archiveName: name, blob, note: null, refusals: [], entries: [] };
  let forge;
  try {
    forge = await openForge(blobSource(blob));
  } catch (error) {
    if (!(error instanceof ParseError))
      return { archive: { ...listed, note: `could not be read: ${(error as Error).message}` }, browse: null };
    const refusal = refusalReport(error.at({ file: name, archive: true }));
    return { archive: { ...listed, note: refusal.message, refused: true, refusal }, browse: null };
  }
  const browse = browseForge(forge, { name, everyDataFile, maxSize: PAGE_MAX_SIZE });
  return { archive: { ...listed, entries: browse.entries, refusals: browse.refusals }, browse };
}

/**
 * An archive the server lists records of, read a byte range at a time from `url` (its size from a
 * HEAD request first): the page never fetches it whole. A read that is answered with another
 * range, or a size that changed since, rejects. `headers` go with every request (the census marks its own).
 */
export async function rangeSource(url: string, headers: Record<string, string> = {}): Promise<ArchiveSource> {
  const head = await fetch(url, { method: 'HEAD', headers });
  if (!head.ok) throw new Error(`the server answered ${head.status} for the archive`);
  const size = Number(head.headers.get('Content-Length'));
  if (!Number.isSafeInteger(size)) throw new Error('the server gave no size for the archive');
  return {
    size,
    async read(offset, length) {
      checkRange(size, offset, length);
      if (length === 0) return new Uint8Array(0);
      const response = await fetch(url, { headers: { ...headers, Range: `bytes=${offset}-${offset + length - 1}` } });
      const range = response.headers.get('Content-Range');
      if (response.status !== 206 || range !== `bytes ${offset}-${offset + length - 1}/${size}`)
        throw new Error(`the server answered ${response.status} ${range ?? ''} for ${length} bytes at ${offset} (the archive changed?)`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length !== length) throw new Error(`the server sent ${bytes.length} of ${length} bytes at ${offset}`);
      return bytes;
    },
  };
}
