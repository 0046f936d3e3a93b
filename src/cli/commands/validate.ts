/** `validate <paths...>`: every resource decoded to its exact end. The work is in actions/validate.ts, loaded only when the command runs. */
import type { Command } from 'commander';
import type { ValidateOptions } from '../actions/validate.js';
import { addNamesOption } from '../names-option.js';
import { addEveryDataFileOption, addResourceOptions } from '../options.js';

export type { ValidateOptions } from '../actions/validate.js';

export function registerValidateCommand(program: Command): void {
  const command = program
    .command('validate')
    .description('check that every Skeleton and SkeletonComponent decodes to its exact end (directories are walked)')
    .argument('<paths...>', 'files or directories')
    .option('--roundtrip', 're-encode each resource and require identical bytes')
    .option('--json', 'print a JSON report on stdout')
    .option('-v, --verbose', 'list every file, not only failures')
    .option('--strict', 'fail on any failed check, not only Proven ones (Observed and Inferred checks otherwise warn)')
    .option('--no-checks', 'only decode (and re-encode); skip the named invariant checks');
  addResourceOptions(command);
  addEveryDataFileOption(command);
  addNamesOption(command);
  command.addHelpText(
    'after',
    [
      '',
      'Every decoded Skeleton is also run through the named checks; a failed Proven check fails the file,',
      'other failed checks print warnings unless --strict.',
      '',
      '.forge archives (told by their magic) are read in place: each Skeleton and SkeletonComponent record of the',
      'data files the index types Skeleton or SkeletonComponent is validated like a file, named',
      '\'archive: entry N "name": resource I "name"\' (a refused data file \'archive: entry N "name"\').',
      'A Skeleton stored behind a first resource of another class is in a data file of that type: --every-data-file reads them all.',
      '',
      'Exit status: 0 when every resource holds, 1 when any fails, 2 on usage errors.',
      '',
      'Examples:',
      '  anvil-skel validate samples',
      '  anvil-skel validate --roundtrip --json extracted/ > report.json',
      '  anvil-skel validate DataPC.forge',
      '  anvil-skel validate --every-data-file DataPC.forge',
    ].join('\n'),
  );
  command.action(async (paths: string[], options: ValidateOptions) => {
    const { validateCommand } = await import('../actions/validate.js');
    await validateCommand(paths, options);
  });
}
