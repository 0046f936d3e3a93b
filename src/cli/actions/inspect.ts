/** What `inspect` does (declared in commands/inspect.ts). */
import { toJsonText } from '../../export/json.js';
import { resourceCheckFailures, resourceHexDump, resourceReport } from '../../export/inspect-report.js';
import { readResource, type Resource } from '../../formats/resource.js';
import { ParseError } from '../../io/errors.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { readNamedResource } from '../../node/resource-input.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary } from '../../node/name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { forgeOpenOptions, type ArchiveAddressValues, type ResourceOptionValues } from '../options.js';

// A stale generated reader said on stderr, as every command that reads says it: called, since a
// bare import would be dropped from the bundle (the package declares no side effects).
sayStaleReadersOnStderr();

export interface InspectOptions extends ResourceOptionValues, ArchiveAddressValues {
  json?: boolean;
  hex?: boolean;
  checks: boolean;
  names: string[];
}

/** Runs `inspect` with what commander parsed. */
export async function inspectCommand(path: string, options: InspectOptions): Promise<void> {
  if (options.json === true && options.hex === true)
    throw new UsageError('inspect: --json and --hex are two different outputs; choose one');
  const read = resourceReadOptions(options);
  const dictionary = await loadNameDictionary(options.names);
  const resolve = (hash: number): string | null => dictionary.resolve(hash);
  // From a .forge archive, `file` names archive, entry and resource: in messages, and first in the JSON.
  const { bytes, header, label: file } = await readNamedResource(path, options, { ...read, forge: forgeOpenOptions(options) }, 'inspect');
  // Failed checks to stderr; a failed Proven check makes the exit status 1.
  const reportChecks = (resource: Resource): void => {
    if (options.checks === false) return;
    const { lines, blocking } = resourceCheckFailures(file, bytes, resource, resolve);
    for (const line of lines) process.stderr.write(`${line}\n`);
    if (blocking) process.exitCode = EXIT_FAILED;
  };

  if (options.hex === true) {
    // The dump up to the refusal, then the refusal: the bytes that were understood, and where it stopped.
    const { text, refusal } = resourceHexDump(bytes, header, read);
    process.stdout.write(text);
    if (refusal !== null) {
      process.stderr.write(`${file}: ${refusal.message}\n`);
      process.exitCode = EXIT_FAILED;
      return;
    }
    return reportChecks(readResource(bytes, read)!.resource);
  }

  let resource: Resource;
  try {
    resource = readResource(bytes, read)!.resource;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    process.stderr.write(`${file}: ${error.message}\n`);
    // The message names the file, as every command's refusal does (pose, skin: RefusedInputError).
    if (options.json === true)
      process.stdout.write(toJsonText({ file, error: { kind: 'refused', ...error.toJSON(), message: `${file}: ${error.message}` } }));
    process.exitCode = EXIT_FAILED;
    return;
  }
  process.stdout.write(resourceReport(file, bytes, resource, resolve, options.json === true));
  reportChecks(resource);
}
