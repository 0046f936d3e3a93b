/** What `inspect` does (declared in commands/inspect.ts). */
import { checkSkeletonResource, isBlockingFailure } from '../../analysis/check-resource.js';
import { componentToJson, skeletonToJson, toJsonText } from '../../export/json.js';
import { annotatedHexDump } from '../../export/hexdump.js';
import { componentText, skeletonText } from '../../export/text.js';
import { ParseError } from '../../io/errors.js';
import { skeletonFromResource } from '../../model/read.js';
import { boneOffsets, checkFailureLines } from '../check-report.js';
import type { InspectOptions } from '../commands/inspect.js';
import { EXIT_FAILED } from '../errors.js';
import { loadResource } from '../load.js';
import { loadNameDictionary } from '../name-lists.js';
import { resourceReadOptions } from '../options.js';

/** Runs `inspect` with what commander parsed. */
export async function inspectCommand(file: string, options: InspectOptions): Promise<void> {
  const read = resourceReadOptions(options);
  const dictionary = await loadNameDictionary(options.names);
  let loaded;
  try {
    loaded = await loadResource(file, { ...read, spans: options.hex === true });
  } catch (error) {
    if (error instanceof ParseError) {
      process.stderr.write(`${file}: ${error.message}\n`);
      process.exitCode = EXIT_FAILED;
      return;
    }
    throw error;
  }
  const { resource, bytes, spans } = loaded;
  if (options.hex) {
    process.stdout.write(annotatedHexDump(bytes, spans ?? []));
    return;
  }
  if (resource.kind === 'SkeletonComponent') {
    const json = componentToJson(resource.record, bytes.length);
    process.stdout.write(options.json ? toJsonText(json) : componentText(json, file));
    return;
  }
  const resolve = (hash: number): string | null => dictionary.resolve(hash);
  const json = skeletonToJson(skeletonFromResource(resource), bytes.length, resolve);
  process.stdout.write(options.json ? toJsonText(json) : skeletonText(json, file));
  if (options.checks === false) return;
  const failed = checkSkeletonResource(resource, resolve).filter((c) => c.status === 'failed');
  if (failed.length === 0) return;
  for (const line of checkFailureLines(file, failed, false, boneOffsets(bytes, resource))) process.stderr.write(`${line}\n`);
  if (failed.some((c) => isBlockingFailure(c, false))) process.exitCode = EXIT_FAILED;
}
