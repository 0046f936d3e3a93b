/**
 * One resource inside an archive, addressed the way `inspect` takes it: `--entry N|NAME` (the
 * entry's number in `forge list`, or its name) and `--resource I|ID|NAME` (its index in the data
 * file, its id in hex, or its name). An entry holding a single Skeleton or SkeletonComponent needs
 * no `--resource`.
 */
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { forgeOpenOptions } from './options.js';
import { ForgeAddressError } from '../archive/forge-address.js';
import { formatAddress, refusalReport } from '../io/address.js';
import type { LayoutName } from '../formats/dialect.js';
import { ParseError } from '../io/errors.js';
import { InputFileError, RefusedInputError, UsageError } from './errors.js';
import { readArchiveResource as readNamedArchiveResource, type NamedResourceBytes } from '../node/resource-input.js';
import { isForgeFile } from './forge-archive.js';
import { cliError } from './library-errors.js';
import { loadSkeleton, readResourceFile, skeletonFromBytes, type LoadOptions } from './load.js';
import type { Skeleton } from '../model/skeleton.js';
import type { ArchiveAddressValues, ResourceOptionValues } from './options.js';
import { loadNameDictionary } from './name-lists.js';
import type { NamesOptionValues } from './names-option.js';
import { resourceReadOptions, type ResourceReadOptions } from './read-options.js';

/**
 * The bytes and header class of the addressed resource, with a label naming archive, entry and
 * resource for messages. A wrong address is the caller's mistake (a UsageError) or what the archive
 * holds (an InputFileError); a refused archive or data file a RefusedInputError naming the archive
 * offset; a resource that is not a Skeleton or SkeletonComponent an InputFileError.
 */
async function readArchiveResource(
  archive: string,
  entryWanted: string,
  resourceWanted: string | undefined,
  dialect?: LayoutName,
  forgeOptions: OpenForgeOptions = {},
): Promise<NamedResourceBytes> {
  try {
    return await readNamedArchiveResource(archive, entryWanted, resourceWanted, { dialect, forge: forgeOptions });
  } catch (error) {
    if (error instanceof ForgeAddressError) throw error.isUsage ? new UsageError(error.message) : new InputFileError(error.message);
    if (error instanceof ParseError && error.address !== undefined)
      throw refusedBy(formatAddress(error.address), refusalReport(error).message, error);
    throw cliError(error);
  }
}

/**
 * The entry `--entry` names when `path` is a .forge archive (told by its magic, not the
 * extension), or null for a file of its own. An archive without `--entry`, or `--entry` or
 * `--resource` with a file that is not one, is a UsageError naming the flag, prefixed by `command`.
 */
function archiveEntry(path: string, address: ArchiveAddressValues, command: string): string | null {
  const archive = isForgeFile(path);
  if (!archive && (address.entry !== undefined || address.resource !== undefined))
    throw new UsageError(`${command}: --entry and --resource address a resource inside a .forge archive, and ${path} is not one`);
  if (archive && address.entry === undefined)
    throw new UsageError(`${command}: ${path} is a .forge archive; choose an entry with --entry N|NAME`);
  return archive ? address.entry! : null;
}

/**
 * The resource a command's input argument names: the file `path` itself, or, when `path` is a
 * .forge archive, the resource `--entry` and `--resource` address inside it. An archive without
 * `--entry`, or `--entry`/`--resource` with a file that is not an archive, is a UsageError naming
 * the flag (prefixed by `command`); otherwise it fails as readResourceFile or readArchiveResource.
 */
export async function readResourceInput(
  path: string,
  address: ArchiveAddressValues,
  options: LoadOptions,
  command: string,
): Promise<NamedResourceBytes> {
  const entry = archiveEntry(path, address, command);
  if (entry === null) return readResourceFile(path, options);
  return readArchiveResource(path, entry, address.resource, options.dialect, forgeOpenOptions(address));
}

/**
 * The Skeleton a command's input argument names (a file, or a resource inside an archive, as
 * readResourceInput), as the dialect-free model, and the label naming it in messages. A file
 * fails as loadSkeleton (a ParseError on a refusal). Inside an archive, fails as
 * readArchiveResource; a refusal of the body is a RefusedInputError and a SkeletonComponent an
 * InputFileError, each naming archive, entry and resource, since the ParseError's offset is the
 * resource's, not the archive's.
 */
export async function loadSkeletonInput(
  path: string,
  address: ArchiveAddressValues,
  options: LoadOptions,
  command: string,
): Promise<{ skeleton: Skeleton; label: string }> {
  const entry = archiveEntry(path, address, command);
  if (entry === null) return { skeleton: await loadSkeleton(path, options), label: path };
  const { bytes, label } = await readArchiveResource(path, entry, address.resource, options.dialect, forgeOpenOptions(address));
  try {
    return { skeleton: skeletonFromBytes(bytes, label, options), label };
  } catch (error) {
    if (error instanceof ParseError) throw refusedBy(label, error.message, error);
    throw error;
  }
}

/** A ParseError of `file` (a file, or an archive, entry or resource label) as the refusal the CLI reports. */
function refusedBy(file: string, reason: string, error: ParseError): RefusedInputError {
  const { offset, path, expected, actual } = error;
  return new RefusedInputError(file, reason, { offset, path, expected, actual });
}

/**
 * The Skeleton a subcommand reads, as loadSkeletonInput reads it (a loose file's refusal named
 * too), with the label naming it, its bone-name resolver (`--names`) and the read options.
 */
export async function loadNamedSkeleton(
  path: string,
  options: ResourceOptionValues & NamesOptionValues & ArchiveAddressValues,
  command: string,
): Promise<{ skeleton: Skeleton; label: string; nameOf: (hash: number) => string | null; read: ResourceReadOptions }> {
  const read = resourceReadOptions(options);
  const dictionary = await loadNameDictionary(options.names ?? []);
  const { skeleton, label } = await loadSkeletonInput(path, options, read, command).catch((error: unknown) => {
    // A loose file's refusal, named (inside an archive it already names archive, entry and resource).
    throw error instanceof ParseError ? refusedBy(path, error.message, error) : error;
  });
  return { skeleton, label, nameOf: (hash) => dictionary.resolve(hash), read };
}
