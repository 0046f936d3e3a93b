/**
 * `census [path...]`: every Skeleton and SkeletonComponent under the paths (the bundled samples
 * when none is given), counted, read to the exact end and checked, reported like the seed's tables:
 * a short summary on stdout, `--json` for the contract, `--markdown` for the tables. The work is in
 * actions/census.ts, loaded only when the command runs.
 */
import type { Command } from 'commander';
import type { CensusCommandOptions } from '../actions/census.js';
import { addNamesOption } from '../names-option.js';
import { addEveryDataFileOption, addForceOption, addResourceOptions, OUTPUT_RULE_HELP } from '../options.js';
import { bundledSamplesDir } from '../paths.js';

export { bundledSamplesDir };
export type { CensusCommandOptions };

export function registerCensusCommand(program: Command): void {
  const command = program
    .command('census')
    .description(
      'count, read to the exact end and check every Skeleton and SkeletonComponent under the paths (default: the bundled samples)',
    )
    .argument('[paths...]', 'files or directories (walked recursively); none: the bundled sample corpus')
    .option('--json [file]', 'the JSON report: on stdout (no value, or -), or written to the file')
    .option('--markdown [file]', "the Markdown report (the seed's tables): on stdout (no value, or -), or written to the file")
    .option(
      '--jobs <n>',
      'threads reading files at most, the main thread included (default: the available parallelism less one, at least 1; small corpora are read in-process)',
    );
  addNamesOption(command);
  addResourceOptions(command);
  addEveryDataFileOption(command);
  addForceOption(command);
  command.addHelpText(
    'after',
    [
      '',
      'Files are classified from their header (only resources are read whole); a file named explicitly that is not a',
      'Skeleton or SkeletonComponent fails, one found inside a directory is skipped and counted. Symbolic links are',
      'followed (loops are reported); each real file is counted once. Reports are never written inside an input.',
      '',
      OUTPUT_RULE_HELP,
      '--json FILE replaces a file that parses as JSON, --markdown FILE one that is UTF-8 text. With no path,',
      'the bundled samples are counted and stderr says so: `census --json x.forge` is refused (x.forge is no JSON',
      'report); to census x.forge, name it: `census x.forge --json`.',
      '',
      '.forge archives (told by their magic, whatever their name) are read in place: each Skeleton and',
      'SkeletonComponent record inside is counted and checked like a file, named',
      '\'archive: entry N "name": resource I "name"\' (a refused data file \'archive: entry N "name"\'),',
      'and each archive gets a line of its own (entries, data files read and skipped, Skeletons found). Only',
      "data files whose index type is Skeleton or SkeletonComponent are read (the type is the class of a data file's",
      'first resource); --every-data-file reads them all. --jobs shares the data files out to worker threads.',
      '',
      'Exit status: 0 when every Skeleton and SkeletonComponent reads to its exact end and no Proven check fails, 1 otherwise, 2 on usage errors.',
      '',
      'Examples:',
      '  anvil-skel census',
      '  anvil-skel census extracted/ --json report.json --markdown census.md',
      '  anvil-skel census extracted/ --json | jq .skeletons',
      '  anvil-skel census DataPC.forge DataPC_patch_01.forge --jobs 2',
    ].join('\n'),
  );
  command.action(async (paths: string[], options: CensusCommandOptions) => {
    const { censusCommand } = await import('../actions/census.js');
    await censusCommand(paths, options);
  });
}
