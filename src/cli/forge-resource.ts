/**
 * The Skeleton a pose or skin subcommand reads: the node entry's readNamedSkeleton (a file, or a
 * resource inside an archive addressed by `--entry` and `--resource`), with `--names` and the
 * read options, and a loose file's refusal named as the CLI reports it.
 */
import { ParseError } from '../io/errors.js';
import type { Skeleton } from '../model/skeleton.js';
import { loadNameDictionary } from '../node/name-lists.js';
import { readNamedSkeleton } from '../node/resource-input.js';
import { RefusedInputError } from './errors.js';
import { sayStaleReadersOnStderr } from './input-file.js';
import type { NamesOptionValues } from './names-option.js';
import { forgeOpenOptions, type ArchiveAddressValues, type ResourceOptionValues } from './options.js';
import { resourceReadOptions, type ResourceReadOptions } from './read-options.js';

// A stale generated reader said on stderr, as every command that reads says it: called, since a
// bare import would be dropped from the bundle (the package declares no side effects).
sayStaleReadersOnStderr();

/**
 * The Skeleton `path` names (with `--entry`/`--resource` inside an archive), the label naming it,
 * its bone-name resolver (`--names`) and the read options. A refusal is a RefusedInputError
 * naming the file, or archive, entry and resource; other failures are the library's errors.
 */
export async function loadNamedSkeleton(
  path: string,
  options: ResourceOptionValues & NamesOptionValues & ArchiveAddressValues,
  command: string,
): Promise<{ skeleton: Skeleton; label: string; nameOf: (hash: number) => string | null; read: ResourceReadOptions }> {
  const read = resourceReadOptions(options);
  const dictionary = await loadNameDictionary(options.names ?? []);
  const input = { ...read, forge: forgeOpenOptions(options) };
  const { skeleton, label } = await readNamedSkeleton(path, options, input, command).catch((error: unknown) => {
    if (!(error instanceof ParseError)) throw error;
    const { offset, path: field, expected, actual } = error;
    throw new RefusedInputError(path, error.message, { offset, path: field, expected, actual });
  });
  return { skeleton, label, nameOf: (hash) => dictionary.resolve(hash), read };
}
