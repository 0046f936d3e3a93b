/** Reading skeleton files from disk for the commands. */
import type { AnvilnextReading } from '../formats/anvilnext/reading.js';
import type { Span } from '../grammar/codec.js';
import { describeHeader, readResource, type Resource } from '../formats/resource.js';
import { skeletonFromResource } from '../model/read.js';
import type { Dialect, Skeleton } from '../model/skeleton.js';
import { readBytes } from './files.js';

export interface LoadOptions {
  /** Override layout detection. */
  dialect?: Dialect;
  /** anvilnext reading choices. */
  reading?: AnvilnextReading;
  /** Record field spans (for hex annotation). */
  spans?: boolean;
}

export interface LoadedResource {
  bytes: Uint8Array;
  resource: Resource;
  spans?: Span[];
}

/** Reads a Skeleton or SkeletonComponent file. Throws ParseError on bad input, Error for other classes. */
export async function loadResource(path: string, options: LoadOptions = {}): Promise<LoadedResource> {
  const bytes = await readBytes(path);
  const result = readResource(bytes, options);
  if (!result) throw new Error(`${path}: not a Skeleton or SkeletonComponent (${describeHeader(bytes)})`);
  return { bytes, resource: result.resource, spans: result.spans };
}

/** Reads a Skeleton resource file and builds the dialect-free model. Throws ParseError on bad input. */
export async function loadSkeleton(path: string, options: LoadOptions = {}): Promise<Skeleton> {
  const { resource } = await loadResource(path, options);
  if (resource.kind !== 'Skeleton') throw new Error(`${path}: is a ${resource.kind}, not a Skeleton`);
  return skeletonFromResource(resource);
}
