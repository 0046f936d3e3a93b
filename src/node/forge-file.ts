/**
 * An archive file opened for the workflows: its tables read and its profile chosen, or what stood
 * in the way as a value (the file system's reason, or the refusal of its tables), so that one
 * archive that cannot be read is one line of a report and the rest are read.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { isForgeHeader } from '../archive/forge-select.js';
import { ForgeOptionsConflict, ForgeProfileAmbiguity, type OpenForgeOptions } from '../archive/forge-open.js';
import { openForge, type Forge } from '../archive/forge.js';
import { ParseError } from '../io/errors.js';
import { openArchiveFile, type ArchiveFileSource } from './archive-file-source.js';
import { ArchiveProfileChoiceError } from './census.js';
import { fsReason } from './files.js';

/** What opening an archive file came to: open (close it when done), its tables refused, or not read (`message` names the file). */
export type ForgeFileOpening =
  | { kind: 'open'; forge: Forge; source: ArchiveFileSource }
  | { kind: 'refused'; refusal: ParseError }
  | { kind: 'unreadable'; message: string };

/**
 * Opens `path` as an archive. Rejects only with an ArchiveProfileChoiceError, when profiles read
 * it differently or the options contradict its profile: the caller must choose one.
 */
export async function openForgeFile(path: string, options: OpenForgeOptions = {}): Promise<ForgeFileOpening> {
  let source: ArchiveFileSource;
  try {
    source = await openArchiveFile(path);
  } catch (error) {
    return { kind: 'unreadable', message: `${path}: ${fsReason(error)}` };
  }
  try {
    return { kind: 'open', forge: await openForge(source, options), source };
  } catch (error) {
    await source.close();
    if (error instanceof ForgeProfileAmbiguity || error instanceof ForgeOptionsConflict) throw new ArchiveProfileChoiceError(path, error);
    if (error instanceof ParseError) return { kind: 'refused', refusal: error };
    return { kind: 'unreadable', message: (error as Error).message };
  }
}

/**
 * Whether the path is a regular file that starts with the archive magic; false for anything else or
 * unreadable (the caller's own reading reports that). Opened without blocking and checked to be a
 * regular file first, so a FIFO named on the command line never hangs the open.
 */
export function isForgeFile(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return false;
  }
  try {
    if (!fstatSync(fd).isFile()) return false;
    const head = new Uint8Array(9);
    return readSync(fd, head, 0, 9, 0) === 9 && isForgeHeader(head);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
