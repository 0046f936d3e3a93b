/** Reading one named skeleton file from disk for the commands (inspect, export, import, pose, skin): the node entry's reads, their errors in the CLI's terms. */
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import type { Span } from '../grammar/codec.js';
import type { HeaderClass, Resource } from '../formats/resource.js';
import type { Skeleton } from '../model/skeleton.js';
import { loadResourceFile, readResourceFile as readNamedFile, ResourceInputError, skeletonOfBytes } from '../node/resource-input.js';
import { InputFileError, RefusedInputError, UsageError } from './errors.js';
import { sayStaleReadersOnStderr } from './input-file.js';

export interface LoadOptions {
  /** Override layout detection. */
  dialect?: LayoutName;
  /** anvilnext reading choices. */
  reading?: Reading;
  /** Record field spans (for hex annotation). */
  spans?: boolean;
  /** Largest file read, in bytes. */
  maxSize?: number;
}

export interface LoadedResource {
  bytes: Uint8Array;
  resource: Resource;
  spans?: Span[];
}

export { InputFileError } from './errors.js';

/** A ResourceInputError as the CLI reports it: the call's mistake exits 2, the input's 1; any other error as it is. */
export function inputFailure(error: unknown): unknown {
  if (!(error instanceof ResourceInputError)) return error;
  if (error.kind === 'usage') return new UsageError(error.message);
  if (error.refused !== undefined) {
    const { file, reason, refusal } = error.refused;
    const { offset, path, expected, actual } = refusal;
    return new RefusedInputError(file, reason, { offset, path, expected, actual });
  }
  return new InputFileError(error.message);
}

/** Runs a read, its ResourceInputError thrown as the CLI's error. */
function asCli<T>(read: () => T): T {
  sayStaleReadersOnStderr();
  try {
    return read();
  } catch (error) {
    throw inputFailure(error);
  }
}

/**
 * The bytes of a named Skeleton or SkeletonComponent file and its header's class. A missing file
 * is a usage error (exit 2); a file of another class, too large, too short, or not a regular file
 * is an InputFileError naming the reason (exit 1).
 */
export function readResourceFile(path: string, options: LoadOptions = {}): { bytes: Uint8Array; header: HeaderClass } {
  const { bytes, header } = asCli(() => readNamedFile(path, options));
  return { bytes, header };
}

/** Reads and decodes a Skeleton or SkeletonComponent file. Throws ParseError on a refusal, InputFileError or UsageError as readResourceFile. */
export async function loadResource(path: string, options: LoadOptions = {}): Promise<LoadedResource> {
  return Promise.resolve(asCli(() => loadResourceFile(path, options)));
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
