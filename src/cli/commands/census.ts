/**
 * `census [path...]`: every Skeleton and SkeletonComponent under the paths (the bundled samples
 * when none is given), counted, read to the exact end and checked, reported like the seed's tables:
 * a short summary on stdout, `--json` for the contract, `--markdown` for the tables. The work is in
 * actions/census.ts, loaded only when the command runs.
 */
import type { Command } from 'commander';
import { addNamesOption, type NamesOptionValues } from '../names-option.js';
import { addResourceOptions, type ResourceOptionValues } from '../options.js';
import { bundledSamplesDir } from '../paths.js';

export { bundledSamplesDir };

export interface CensusCommandOptions extends ResourceOptionValues, NamesOptionValues {
  json?: string;
  markdown?: string;
  jobs?: string;
}

export function registerCensusCommand(program: Command): void {
  const command = program
    .command('census')
    .description('count, read to the exact end and check every Skeleton and SkeletonComponent under the paths (default: the bundled samples)')
    .argument('[paths...]', 'files or directories (walked recursively); none: the bundled sample corpus')
    .option('--json <file>', 'write the JSON report to a file, or - for stdout')
    .option('--markdown <file>', 'write the Markdown report (the seed\'s tables) to a file, or - for stdout')
    .option('--jobs <n>', 'threads reading files at most, the main thread included (default: the available parallelism; small corpora are read in-process)');
  addNamesOption(command);
  addResourceOptions(command);
  command.addHelpText(
    'after',
    '\nExit status: 0 when every Skeleton and SkeletonComponent reads to its exact end and no Proven check fails, 1 otherwise, 2 on usage errors.\n\nExamples:\n  anvil-skel census\n  anvil-skel census extracted/ --json report.json --markdown census.md\n  anvil-skel census extracted/ --json - | jq .skeletons',
  );
  command.action(async (paths: string[], options: CensusCommandOptions) => {
    const { censusCommand } = await import('../actions/census.js');
    await censusCommand(paths, options);
  });
}
