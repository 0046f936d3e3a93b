/**
 * Archives as the commands open them: told by their magic (never only by extension), opened for
 * positional reads, and their entries and resources named the same way in every message, so a
 * refusal always says archive, entry, resource and offset.
 */
import { openForge, type Forge } from '../archive/forge.js';
import { ForgeOptionsConflict, ForgeProfileAmbiguity, type OpenForgeOptions } from '../archive/forge-open.js';
import { UsageError } from './errors.js';
import { ParseError } from '../io/errors.js';
import { refusalReport } from '../io/address.js';
import { archiveRefusalReport } from '../archive/forge-address.js';
import { openArchiveFile } from '../node/archive-file-source.js';
import { fsReason } from './files.js';

// Told by its magic, never only by extension: the node entry's test.
export { isForgeFile } from '../node/forge-file.js';

/** An archive opened for the commands: its tables read, and a `close` for its file. */
export interface OpenedForge {
  forge: Forge;
  close(): Promise<void>;
}

/**
 * Opens an archive file, reads its tables and chooses its profile (`options.profile`, detected by
 * default). Rejects with an Error whose message names the file: the file system's reason, or the
 * refusal (offset and path) when the tables are not an archive's; with a UsageError naming the
 * candidates when profiles read the first data files differently, so the user must choose one, and
 * with a UsageError when --toc-record names a reading the profile does not allow.
 */
export async function openForgeFile(path: string, options: OpenForgeOptions = {}): Promise<OpenedForge> {
  let source;
  try {
    source = await openArchiveFile(path);
  } catch (error) {
    throw new Error(`${path}: ${fsReason(error)}`);
  }
  try {
    const forge = await openForge(source, options);
    return { forge, close: () => source.close() };
  } catch (error) {
    await source.close();
    if (error instanceof ForgeProfileAmbiguity) {
      throw new UsageError(`${path}: ${error.message} (candidates: ${error.candidates.join(', ')})`);
    }
    if (error instanceof ForgeOptionsConflict) throw new UsageError(`${path}: ${error.message}`);
    throw error instanceof ParseError ? new ArchiveRefusal(path, error) : error;
  }
}

/** An archive whose tables are refused: the archive path and the refusal with its archive offset. */
export class ArchiveRefusal extends Error {
  override name = 'ArchiveRefusal';
  constructor(
    readonly archive: string,
    readonly refusal: ParseError,
  ) {
    super(`${archive}: ${archiveRefusalReport(refusal).message}`);
  }
}

/** A refusal inside the archive as one line: `archive: offset …: path: expected …, got …`. */
export function archiveRefusalLine(archive: string, refusal: ParseError): string {
  return `${archive}: ${refusalReport(refusal).message}`;
}
