/**
 * One resource inside an archive, addressed the way `inspect` takes it: `--entry N|NAME` (the
 * entry's number in `forge list`, or its name) and `--resource I|ID|NAME` (its index in the data
 * file, its id in hex, or its name). An entry holding a single Skeleton or SkeletonComponent needs
 * no `--resource`.
 */
import { forgeOpenOptions } from './options.js';
import { ParseError } from '../io/errors.js';
import { RefusedInputError } from './errors.js';
import { readNamedResource, type NamedResourceBytes } from '../node/resource-input.js';
import { isForgeFile } from './forge-archive.js';
import { cliError } from './library-errors.js';
import { loadSkeleton, skeletonFromBytes, type LoadOptions } from './load.js';
import type { Skeleton } from '../model/skeleton.js';
import type { ArchiveAddressValues, ResourceOptionValues } from './options.js';
import { loadNameDictionary } from './name-lists.js';
import type { NamesOptionValues } from './names-option.js';
import { resourceReadOptions, type ResourceReadOptions } from './read-options.js';

/**
 * The resource a command's input argument names: the file `path` itself, or, when `path` is a
 * .forge archive, the resource `--entry` and `--resource` address inside it. An archive without
 * `--entry`, or `--entry`/`--resource` with a file that is not an archive, is a UsageError naming
 * the flag (prefixed by `command`), as is an address that is the caller's mistake; a wrong
 * address otherwise an InputFileError; a refused archive or data file a RefusedInputError naming
 * the archive offset; a file not read an InputFileError.
 */
export async function readResourceInput(
  path: string,
  address: ArchiveAddressValues,
  options: LoadOptions,
  command: string,
): Promise<NamedResourceBytes> {
  return readNamedResource(path, address, { ...options, forge: forgeOpenOptions(address) }, command).catch((error: unknown) => {
    throw cliError(error);
  });
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
  const loose = address.entry === undefined && address.resource === undefined && !isForgeFile(path);
  if (loose) return { skeleton: await loadSkeleton(path, options), label: path };
  const { bytes, label } = await readResourceInput(path, address, options, command);
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
