import type { Command } from 'commander';
import { checkSkeletonResource, isBlockingFailure } from '../../analysis/check-resource.js';
import { componentToJson, skeletonToJson, toJsonText } from '../../export/json.js';
import { annotatedHexDump } from '../../export/hexdump.js';
import { componentText, skeletonText } from '../../export/text.js';
import { ParseError } from '../../io/errors.js';
import { skeletonFromResource } from '../../model/read.js';
import { boneOffsets, checkFailureLines } from '../check-report.js';
import { EXIT_FAILED } from '../errors.js';
import { loadResource } from '../load.js';
import { addNamesOption, loadNameDictionary } from '../names-option.js';
import { addResourceOptions, resourceReadOptions, type ResourceOptionValues } from '../options.js';

interface InspectOptions extends ResourceOptionValues {
  json?: boolean;
  hex?: boolean;
  checks: boolean;
  names: string[];
}

export function registerInspectCommand(program: Command): void {
  const command = program
    .command('inspect')
    .description('show one Skeleton or SkeletonComponent: layout, id, bones with names, transforms')
    .argument('<file>', 'a Skeleton or SkeletonComponent resource file')
    .option('--json', 'print the JSON contract instead of a table')
    .option('--hex', 'print an annotated hex dump: every byte with the field it belongs to')
    .option('--no-checks', 'do not run the named checks (by default a failed Proven check makes the exit status 1)');
  addResourceOptions(command);
  addNamesOption(command);
  command.addHelpText('after', '\nA Skeleton is also run through the named checks: failures are listed on stderr, and a failed Proven\ncheck makes the exit status 1 (the output is still printed).\n\nExamples:\n  anvil-skel inspect samples/anvilnext/MAD_CHR_Skel_U.Skeleton\n  anvil-skel inspect --json samples/scimitar/SWS_Skater.Skeleton\n  anvil-skel inspect --hex samples/anvilnext/MAD_NPC_Generic.SkeletonComponent');
  command.action(async (file: string, options: InspectOptions) => {
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
  });
}
