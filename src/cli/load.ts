/** Reading one named skeleton file from disk for the commands (inspect, export, pose). */
import type { Reading } from '../formats/layout.js';
import type { Span } from '../grammar/codec.js';
import { readResource, type HeaderClass, type Resource } from '../formats/resource.js';
import { skeletonFromResource } from '../model/read.js';
import type { LayoutName, Skeleton } from '../model/skeleton.js';
import { InputFileError, UsageError } from './errors.js';
import { readInputFile } from './input-file.js';

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

/**
 * The bytes of a named Skeleton or SkeletonComponent file and its header's class. A missing file
 * is a usage error (exit 2); a file of another class, too large, too short, or not a regular file
 * is an InputFileError naming the reason (exit 1).
 */
export function readResourceFile(path: string, options: LoadOptions = {}): { bytes: Uint8Array; header: HeaderClass } {
  const read = readInputFile(path, options);
  switch (read.kind) {
    case 'resource':
      return { bytes: read.bytes, header: read.header };
    case 'other':
      throw new InputFileError(`${path}: ${read.description}`);
    case 'truncated':
      throw new InputFileError(`${path}: ${read.refusal.message}`);
    case 'unreadable':
      if (read.reason === 'no such file or directory') throw new UsageError(`no such file: ${path}`);
      throw new InputFileError(`${path}: ${read.reason}`);
  }
}

/** Reads and decodes a Skeleton or SkeletonComponent file. Throws ParseError on a refusal, InputFileError or UsageError as readResourceFile. */
export async function loadResource(path: string, options: LoadOptions = {}): Promise<LoadedResource> {
  const { bytes } = readResourceFile(path, options);
  // The header named a class we read, so there is a result or a ParseError; every fitting layout is tried.
  const { resource, spans } = readResource(bytes, { dialect: options.dialect, reading: options.reading, spans: options.spans })!;
  return { bytes, resource, spans };
}

/** Reads a Skeleton resource file and builds the dialect-free model. Throws ParseError on bad input. */
export async function loadSkeleton(path: string, options: LoadOptions = {}): Promise<Skeleton> {
  return skeletonFromBytes(readResourceFile(path, options).bytes, path, options);
}

/**
 * The dialect-free model of the bytes of a resource whose header names a class we read, wherever
 * they came from (`label` names them in messages). Throws ParseError on a refusal, and an
 * InputFileError when they are a SkeletonComponent, not a Skeleton.
 */
export function skeletonFromBytes(bytes: Uint8Array, label: string, options: LoadOptions = {}): Skeleton {
  const { resource } = readResource(bytes, { dialect: options.dialect, reading: options.reading })!;
  if (resource.kind !== 'Skeleton') throw new InputFileError(`${label}: is a ${resource.kind}, not a Skeleton`);
  return skeletonFromResource(resource);
}
