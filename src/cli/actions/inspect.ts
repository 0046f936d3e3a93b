/** What `inspect` does (declared in commands/inspect.ts). */
import { checkSkeletonResource, isBlockingFailure } from '../../analysis/check-resource.js';
import { boneOffsets } from '../../analysis/bone-offsets.js';
import { componentToJson, skeletonToJson, toJsonText } from '../../export/json.js';
import { annotatedHexDump, hexDumpSpans } from '../../export/hexdump.js';
import { componentText, skeletonText } from '../../export/text.js';
import { readResource, type Resource } from '../../formats/resource.js';
import { ParseError } from '../../io/errors.js';
import { skeletonFromResource } from '../../model/read.js';
import { checkFailureLines } from '../../export/check-lines.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { readResourceInput } from '../forge-resource.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import type { ArchiveAddressValues, ResourceOptionValues } from '../options.js';

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
  const { bytes, header, label: file } = await readResourceInput(path, options, read, 'inspect');

  if (options.hex === true) {
    // The dump up to the refusal, then the refusal: the bytes that were understood, and where it stopped.
    const { spans, error } = hexDumpSpans(bytes, header, read);
    if (error !== null) {
      process.stdout.write(
        annotatedHexDump(
          bytes.subarray(0, error.offset),
          spans.filter((s) => s.end <= error.offset),
        ),
      );
      process.stdout.write(`refused: ${error.message}\n`);
      process.stderr.write(`${file}: ${error.message}\n`);
      process.exitCode = EXIT_FAILED;
      return;
    }
    process.stdout.write(annotatedHexDump(bytes, spans));
    const resource = readResource(bytes, read)!.resource;
    reportChecks(file, bytes, resource, resolve, options);
    return;
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
  if (resource.kind === 'SkeletonComponent') {
    const json = componentToJson(resource.record, bytes.length);
    process.stdout.write(options.json ? toJsonText({ file, ...json }) : componentText(json, file));
    return;
  }
  const json = skeletonToJson(skeletonFromResource(resource), bytes.length, resolve);
  process.stdout.write(options.json ? toJsonText({ file, ...json }) : skeletonText(json, file));
  reportChecks(file, bytes, resource, resolve, options);
}

/** Failed checks to stderr; a failed Proven check makes the exit status 1. */
function reportChecks(
  file: string,
  bytes: Uint8Array,
  resource: Resource,
  resolve: (hash: number) => string | null,
  options: InspectOptions,
): void {
  if (options.checks === false || resource.kind !== 'Skeleton') return;
  const failed = checkSkeletonResource(resource, resolve).filter((c) => c.status === 'failed');
  if (failed.length === 0) return;
  for (const line of checkFailureLines(file, failed, false, boneOffsets(bytes, resource))) process.stderr.write(`${line}\n`);
  if (failed.some((c) => isBlockingFailure(c, false))) process.exitCode = EXIT_FAILED;
}
