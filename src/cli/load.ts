/** Reading one named skeleton file from disk for the commands (inspect, export, import, pose, skin): the node entry's reads, their errors in the CLI's terms. */
import type { Skeleton } from '../model/skeleton.js';
import {
  readResourceFile as readNamedFile,
  skeletonOfBytes,
  type NamedResourceBytes,
  type ResourceReadChoices,
} from '../node/resource-input.js';
import { sayStaleReadersOnStderr } from './input-file.js';
import { cliError } from './library-errors.js';

/** How a command reads a named resource: layout, reading choices, field spans, size limit. */
export type LoadOptions = ResourceReadChoices;

/** Runs a read, the library's errors thrown as the CLI's (a ParseError as it is). */
function asCli<T>(read: () => T): T {
  sayStaleReadersOnStderr();
  try {
    return read();
  } catch (error) {
    throw cliError(error);
  }
}

/**
 * The bytes of a named Skeleton or SkeletonComponent file, its header's class, and its path as the
 * label. A missing file is a usage error (exit 2); a file of another class, too large, too short,
 * or not a regular file is an InputFileError naming the reason (exit 1).
 */
export function readResourceFile(path: string, options: LoadOptions = {}): NamedResourceBytes {
  return asCli(() => readNamedFile(path, options));
}

/** Reads a Skeleton resource file and builds the dialect-free model. Throws ParseError on bad input. */
export async function loadSkeleton(path: string, options: LoadOptions = {}): Promise<Skeleton> {
  return Promise.resolve(asCli(() => skeletonOfBytes(readNamedFile(path, options).bytes, path, options)));
}

/**
 * The dialect-free model of the bytes of a resource whose header names a class we read, wherever
 * they came from (`label` names them in messages). Throws ParseError on a refusal, and an
 * InputFileError when they are a SkeletonComponent, not a Skeleton.
 */
export function skeletonFromBytes(bytes: Uint8Array, label: string, options: LoadOptions = {}): Skeleton {
  return asCli(() => skeletonOfBytes(bytes, label, options));
}
