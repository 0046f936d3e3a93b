/**
 * One resource a command names, read from disk: a Skeleton or SkeletonComponent file of its own,
 * or a record inside a `.forge` archive addressed by entry and resource. What stands in the way is
 * a ResourceInputError saying whose mistake it is (the call's, or the input's), a ParseError on a
 * refusal of the resource's bytes, or, inside an archive, a ForgeAddressError for a wrong address.
 */
import { archiveRefusalReport, ForgeAddressError, readForgeResource } from '../archive/forge-address.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { readResource, type HeaderClass, type Resource } from '../formats/resource.js';
import type { Span } from '../grammar/codec.js';
import { formatAddress, refusalReport } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import { skeletonFromResource } from '../model/read.js';
import type { Skeleton } from '../model/skeleton.js';
import { ArchiveProfileChoiceError } from './census.js';
import { isForgeFile, openForgeFile } from './forge-file.js';
import { readInputFile } from './input-file.js';
import { ResourceInputError } from './resource-input-error.js';

export { ResourceInputError } from './resource-input-error.js';

/** How a named resource is read. */
export interface ResourceReadChoices {
  /** Read with this layout instead of detecting it from the header. */
  dialect?: LayoutName;
  /** The reading choices (defaults for the rest). */
  reading?: Reading;
  /** Record field spans (for a hex dump). */
  spans?: boolean;
  /** Largest file read, in bytes (default DEFAULT_MAX_SIZE). */
  maxSize?: number;
}

/** A resource's bytes, its header's class, and the label naming it in messages (its file, or archive, entry and resource). */
export interface NamedResourceBytes {
  bytes: Uint8Array;
  header: HeaderClass;
  label: string;
}

/** The bytes of a named Skeleton or SkeletonComponent file and its header's class. Throws a ResourceInputError. */
export function readResourceFile(path: string, options: ResourceReadChoices = {}): NamedResourceBytes {
  const read = readInputFile(path, options);
  switch (read.kind) {
    case 'resource':
      return { bytes: read.bytes, header: read.header, label: path };
    case 'other':
      throw new ResourceInputError('unread', `${path}: ${read.description}`);
    case 'truncated':
      throw new ResourceInputError('unread', `${path}: ${read.refusal.message}`);
    case 'unreadable':
      if (read.reason === 'no such file or directory') throw new ResourceInputError('usage', `no such file: ${path}`);
      throw new ResourceInputError('unread', `${path}: ${read.reason}`);
  }
}

/**
 * The bytes and header class of the resource `entry` and `resource` address inside the archive
 * (an entry holding one Skeleton or SkeletonComponent needs no `resource`). Throws a
 * ResourceInputError when the archive is not read, a ForgeAddressError for a wrong address, and
 * a ParseError (placed in the archive) when the data file holding it is refused.
 */
export async function readArchiveResource(
  archive: string,
  entry: string,
  resource: string | undefined,
  options: { dialect?: LayoutName; forge?: OpenForgeOptions } = {},
): Promise<NamedResourceBytes> {
  let opening;
  try {
    opening = await openForgeFile(archive, options.forge);
  } catch (error) {
    if (error instanceof ArchiveProfileChoiceError) throw new ResourceInputError('unread', error.message);
    throw error;
  }
  if (opening.kind === 'refused') {
    const reason = archiveRefusalReport(opening.refusal).message;
    throw new ResourceInputError('refused', `${archive}: ${reason}`, { file: archive, reason, refusal: opening.refusal });
  }
  if (opening.kind === 'unreadable') throw new ResourceInputError('unread', opening.message);
  try {
    const found = await readForgeResource(opening.forge, archive, entry, resource, options.dialect);
    return { bytes: found.bytes, header: found.header, label: formatAddress(found.address) };
  } finally {
    await opening.source.close();
  }
}

/** A named resource file read and decoded (every fitting layout tried). Throws a ResourceInputError, or a ParseError on a refusal. */
export function loadResourceFile(
  path: string,
  options: ResourceReadChoices = {},
): { bytes: Uint8Array; resource: Resource; spans?: Span[] } {
  const { bytes } = readResourceFile(path, options);
  // The header named a class we read, so there is a result or a ParseError.
  const { resource, spans } = readResource(bytes, { dialect: options.dialect, reading: options.reading, spans: options.spans })!;
  return { bytes, resource, spans };
}

/**
 * The dialect-free model of the bytes of a resource whose header names a class we read (`label`
 * names them in messages). Throws a ParseError on a refusal, and a ResourceInputError when they
 * are a SkeletonComponent, not a Skeleton.
 */
export function skeletonOfBytes(bytes: Uint8Array, label: string, options: ResourceReadChoices = {}): Skeleton {
  const { resource } = readResource(bytes, { dialect: options.dialect, reading: options.reading })!;
  if (resource.kind !== 'Skeleton') throw new ResourceInputError('unread', `${label}: is a ${resource.kind}, not a Skeleton`);
  return skeletonFromResource(resource);
}

/** Which resource inside an archive a command's input names: `--entry N|NAME`, `--resource I|ID|NAME`. */
export interface ArchiveAddressChoice {
  entry?: string;
  resource?: string;
}

/**
 * The entry `address` names when `path` is a .forge archive (told by its magic, not the
 * extension), or null for a file of its own. An archive without an entry, or an entry or resource
 * with a file that is not one, is a ResourceInputError of kind `usage` naming the flag, its
 * message prefixed by `command`.
 */
function archiveEntryOf(path: string, address: ArchiveAddressChoice, command: string): string | null {
  const archive = isForgeFile(path);
  if (!archive && (address.entry !== undefined || address.resource !== undefined)) {
    const message = `${command}: --entry and --resource address a resource inside a .forge archive, and ${path} is not one`;
    throw new ResourceInputError('usage', message);
  }
  if (archive && address.entry === undefined)
    throw new ResourceInputError('usage', `${command}: ${path} is a .forge archive; choose an entry with --entry N|NAME`);
  return archive ? address.entry! : null;
}

/**
 * The resource a command's input names: the file `path` itself, or, inside the archive `path`, the
 * one `address` names. Throws a ResourceInputError as archiveEntryOf, readResourceFile and
 * readArchiveResource do, and for a wrong address (`usage` when it is the call's mistake) or a
 * data file refused (`refused`, placed in the archive); another ParseError as it is.
 */
export async function readNamedResource(
  path: string,
  address: ArchiveAddressChoice,
  options: ResourceReadChoices & { forge?: OpenForgeOptions },
  command: string,
): Promise<NamedResourceBytes> {
  const entry = archiveEntryOf(path, address, command);
  if (entry === null) return readResourceFile(path, options);
  const read = { dialect: options.dialect, forge: options.forge ?? {} };
  return readArchiveResource(path, entry, address.resource, read).catch((error: unknown) => {
    if (error instanceof ForgeAddressError) throw new ResourceInputError(error.isUsage ? 'usage' : 'unread', error.message);
    if (!(error instanceof ParseError) || error.address === undefined) throw error;
    const [file, reason] = [formatAddress(error.address), refusalReport(error).message];
    throw new ResourceInputError('refused', `${file}: ${reason}`, { file, reason, refusal: error });
  });
}

/**
 * The Skeleton a command's input names, as the layout-free model, and the label naming it: the
 * file `path` itself (a refusal a ParseError, as skeletonOfBytes throws it), or the resource
 * `address` names inside the archive `path`, read as readNamedResource reads it, where a refusal of
 * the resource's bytes is a ResourceInputError of kind `refused` naming archive, entry and
 * resource (the ParseError's offset is the resource's, not the archive's). A SkeletonComponent
 * is a ResourceInputError of kind `unread`.
 */
export async function readNamedSkeleton(
  path: string,
  address: ArchiveAddressChoice,
  options: ResourceReadChoices & { forge?: OpenForgeOptions },
  command: string,
): Promise<{ skeleton: Skeleton; label: string }> {
  const loose = address.entry === undefined && address.resource === undefined && !isForgeFile(path);
  if (loose) return { skeleton: skeletonOfBytes(readResourceFile(path, options).bytes, path, options), label: path };
  const { bytes, label } = await readNamedResource(path, address, options, command);
  try {
    return { skeleton: skeletonOfBytes(bytes, label, options), label };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    throw new ResourceInputError('refused', `${label}: ${error.message}`, { file: label, reason: error.message, refusal: error });
  }
}
