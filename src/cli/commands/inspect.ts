import type { Command } from 'commander';
import { componentToJson, skeletonToJson, toJsonText } from '../../export/json.js';
import { componentText, skeletonText } from '../../export/text.js';
import { ParseError } from '../../io/errors.js';
import { skeletonFromResource } from '../../model/read.js';
import { EXIT_FAILED } from '../errors.js';
import { loadResource } from '../load.js';
import { addNamesOption, loadNameDictionary } from '../names-option.js';
import { addResourceOptions, resourceReadOptions, type ResourceOptionValues } from '../options.js';

interface InspectOptions extends ResourceOptionValues {
  json?: boolean;
  names: string[];
}

export function registerInspectCommand(program: Command): void {
  const command = program
    .command('inspect')
    .description('show one Skeleton or SkeletonComponent: layout, id, bones with names, transforms')
    .argument('<file>', 'a Skeleton or SkeletonComponent resource file')
    .option('--json', 'print the JSON contract instead of a table');
  addResourceOptions(command);
  addNamesOption(command);
  command.addHelpText('after', '\nExamples:\n  anvil-skel inspect samples/anvilnext/MAD_CHR_Skel_U.Skeleton\n  anvil-skel inspect --json samples/scimitar/SWS_Skater.Skeleton');
  command.action(async (file: string, options: InspectOptions) => {
    const read = resourceReadOptions(options);
    const dictionary = await loadNameDictionary(options.names);
    let loaded;
    try {
      loaded = await loadResource(file, read);
    } catch (error) {
      if (error instanceof ParseError) {
        process.stderr.write(`${file}: ${error.message}\n`);
        process.exitCode = EXIT_FAILED;
        return;
      }
      throw error;
    }
    const { resource, bytes } = loaded;
    if (resource.kind === 'SkeletonComponent') {
      const json = componentToJson(resource.record, bytes.length);
      process.stdout.write(options.json ? toJsonText(json) : componentText(json, file));
      return;
    }
    const json = skeletonToJson(skeletonFromResource(resource), bytes.length, (hash) => dictionary.resolve(hash));
    process.stdout.write(options.json ? toJsonText(json) : skeletonText(json, file));
  });
}
