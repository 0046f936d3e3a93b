/**
 * Archives as the commands open them: told by their magic (never only by extension), opened for
 * positional reads, and their entries and resources named the same way in every message, so a
 * refusal always says archive, entry, resource and offset.
 */
import type { Forge } from '../archive/forge.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { archiveRefusalReport } from '../archive/forge-address.js';
import type { ParseError } from '../io/errors.js';
import { ArchiveProfileChoiceError } from '../node/census.js';
import { openForgeFile as openArchive } from '../node/forge-file.js';
import { UsageError } from './errors.js';

// Told by its magic, never only by extension: the node entry's test.
export { isForgeFile } from '../node/forge-file.js';

/** An archive opened for the commands: its tables read, and a `close` for its file. */
export interface OpenedForge {
  forge: Forge;
  close(): Promise<void>;
}

/**
 * Opens an archive file, reads its tables and chooses its profile (`options.profile`, detected by
 * default). Rejects with an Error whose message names the file: the file system's reason, or an
 * ArchiveRefusal (offset and path) when the tables are not an archive's; with a UsageError when
 * the profile must be chosen (the candidates named) or --toc-record names a reading it does not allow.
 */
export async function openForgeFile(path: string, options: OpenForgeOptions = {}): Promise<OpenedForge> {
  const opening = await openArchive(path, options).catch((error: unknown) => {
    throw error instanceof ArchiveProfileChoiceError ? new UsageError(error.message) : error;
  });
  if (opening.kind === 'unreadable') throw new Error(opening.message);
  if (opening.kind === 'refused') throw new ArchiveRefusal(path, opening.refusal);
  return { forge: opening.forge, close: () => opening.source.close() };
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
