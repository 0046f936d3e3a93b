/**
 * `anvil-skel pose …`: the engine's runtime pose array of a skeleton.
 *   pose build <skeleton> -o <file>    write the array (atomically; never over the input)
 *   pose find <skeleton> <dump>        stream a memory dump and report where the array sits
 *   pose show <skeleton>               the runtime local and world pose, bone by bone
 * The work is in actions/pose.ts, loaded only when a subcommand runs.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { addForceOption, addSkeletonInputOptions, OUTPUT_RULE_HELP, SKELETON_ARGUMENT } from '../options.js';
import type { BuildOptions, FindOptions, ShowOptions } from '../actions/pose.js';

export const DEFAULT_CHUNK_MIB = 32;

/** The subcommands' work, loaded only when one runs. */
const actions = () => import('../actions/pose.js');

/** The exit statuses of a subcommand; only `find` has a dump to read and an array not to find. */
const exitStatus = (find: boolean): string =>
  find
    ? '\nExit status: 0 the array was found, 1 an input (the Skeleton, its archive entry, or the dump) was refused or no array was found, 2 usage error (or an output refused).\n'
    : '\nExit status: 0 done, 1 the Skeleton (or its archive entry) was refused, 2 usage error (or an output refused).\n';

export function registerPoseCommands(program: Command): void {
  const pose = program
    .command('pose')
    .description("the engine's runtime pose array: build it, find it in a memory dump, show the runtime pose");

  addForceOption(
    addSkeletonInputOptions(
      pose
        .command('build')
        .description('write the runtime pose array (48 bytes a bone: position, rotation, scale vec4, f32 LE)')
        .argument('<skeleton>', SKELETON_ARGUMENT)
        .requiredOption('-o, --output <file>', 'file to write (replaced atomically; never the input)'),
    ),
  )
    .addHelpText(
      'after',
      `\n${OUTPUT_RULE_HELP}\n-o replaces only a pose array: a whole number of 48-byte records, each with position w 0 and scale\n` +
        `(1, 1, 1, 0), as pose build writes them (of any bone count).\n${exitStatus(false)}\nExamples:\n  $ anvil-skel pose build rider.Skeleton -o rider-pose.bin\n  $ anvil-skel pose build DataPC.forge --entry CHR_Rider.Skeleton --resource 0 -o rider-pose.bin`,
    )
    .action(async (skeleton: string, options: BuildOptions) => (await actions()).buildCommand(skeleton, options));

  const find = pose
    .command('find')
    .description("find the skeleton's runtime pose array in a memory dump (streamed, any size)")
    .argument('<skeleton>', SKELETON_ARGUMENT)
    .argument('<dump>', 'binary memory dump')
    .option('--json', 'print {"offset","root","bones","matched","maxError"}; no array found: {"error": {"kind": "failed", "message"}}')
    .option('--chunk-mib <n>', `read the dump in chunks of n MiB (default ${DEFAULT_CHUNK_MIB})`, parseChunkMib);
  addSkeletonInputOptions(find)
    .addHelpText(
      'after',
      `${exitStatus(true)}\nExamples:\n  $ anvil-skel pose find rider.Skeleton game.dmp\n  $ anvil-skel pose find DataPC.forge game.dmp --entry CHR_Rider.Skeleton --json`,
    )
    .action(async (skeleton: string, dump: string, options: FindOptions) => (await actions()).findCommand(skeleton, dump, options));

  const show = pose
    .command('show')
    .description('print the runtime local pose (own transform in the root) and its world pose')
    .argument('<skeleton>', SKELETON_ARGUMENT)
    .option('--json', 'print {"dialect","ownTransform","bones":[{"bone","parent","nameHash","name","local","world"}]}');
  addSkeletonInputOptions(show)
    .addHelpText(
      'after',
      `${exitStatus(false)}\nExamples:\n  $ anvil-skel pose show rider.Skeleton\n  $ anvil-skel pose show DataPC.forge --entry 3 --resource Rider --json`,
    )
    .action(async (skeleton: string, options: ShowOptions) => (await actions()).showCommand(skeleton, options));
}

function parseChunkMib(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1024)
    throw new UsageError(`--chunk-mib must be an integer from 1 to 1024, not ${JSON.stringify(value)}`);
  return n;
}
