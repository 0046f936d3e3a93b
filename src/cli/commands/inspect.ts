/** `inspect <file>`: one Skeleton or SkeletonComponent. The work is in actions/inspect.ts, loaded only when the command runs. */
import type { Command } from 'commander';
import { addNamesOption } from '../names-option.js';
import { addArchiveAddressOptions, addResourceOptions } from '../options.js';
import type { InspectOptions } from '../actions/inspect.js';

export function registerInspectCommand(program: Command): void {
  const command = addArchiveAddressOptions(
    program
      .command('inspect')
      .description('show one Skeleton or SkeletonComponent: layout, id, bones with names, transforms')
      .argument('<file>', 'a Skeleton or SkeletonComponent resource file, or a .forge archive with --entry'),
  )
    .option('--json', 'print the JSON contract instead of a table')
    .option('--hex', 'print an annotated hex dump: every byte with the field it belongs to')
    .option('--no-checks', 'do not run the named checks (by default a failed Proven check makes the exit status 1)');
  addResourceOptions(command);
  addNamesOption(command);
  command.addHelpText(
    'after',
    [
      '',
      'A Skeleton is also run through the named checks: failures are listed on stderr, and a failed Proven',
      'check makes the exit status 1 (the output is still printed).',
      '',
      'Examples:',
      '  anvil-skel inspect samples/anvilnext/MAD_CHR_Skel_U.Skeleton',
      '  anvil-skel inspect --json samples/scimitar/SWS_Skater.Skeleton',
      '  anvil-skel inspect --hex samples/anvilnext/MAD_NPC_Generic.SkeletonComponent',
      '  anvil-skel inspect DataPC.forge --entry ACU_Arno.Skeleton --resource 0',
    ].join('\n'),
  );
  command.action(async (file: string, options: InspectOptions) => {
    const { inspectCommand } = await import('../actions/inspect.js');
    await inspectCommand(file, options);
  });
}
