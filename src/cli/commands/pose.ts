/**
 * `anvil-skel pose …`: the engine's runtime pose array of a skeleton.
 *   pose build <skeleton> -o <file>    write the array (atomically; never over the input)
 *   pose find <skeleton> <dump>        stream a memory dump and report where the array sits
 *   pose show <skeleton>               the runtime local and world pose, bone by bone
 * The work is in actions/pose.ts, loaded only when a subcommand runs.
 */
import { type Command, Option } from 'commander';
import { DIALECTS, type Dialect } from '../../formats/dialect.js';
import { UsageError } from '../errors.js';

export const DEFAULT_CHUNK_MIB = 32;

export interface DialectOption {
  dialect?: Dialect;
}

export type ShowOptions = DialectOption & { json?: boolean; names?: string[] };

/** The subcommands' work, loaded only when one runs. */
const actions = () => import('../actions/pose.js');

function dialectOption(): Option {
  return new Option('--dialect <dialect>', 'override layout detection').choices(DIALECTS);
}

export function registerPoseCommands(program: Command): void {
  const pose = program.command('pose').description("the engine's runtime pose array: build it, find it in a memory dump, show the runtime pose");

  pose
    .command('build')
    .description('write the runtime pose array (48 bytes a bone: position, rotation, scale vec4, f32 LE)')
    .argument('<skeleton>', 'Skeleton resource file')
    .requiredOption('-o, --output <file>', 'file to write (replaced atomically; never the input)')
    .addOption(dialectOption())
    .action(async (skeleton: string, options: DialectOption & { output: string }) => (await actions()).buildCommand(skeleton, options));

  pose
    .command('find')
    .description("find the skeleton's runtime pose array in a memory dump (streamed, any size)")
    .argument('<skeleton>', 'Skeleton resource file')
    .argument('<dump>', 'binary memory dump')
    .option('--json', 'print {"offset","root","bones","matched","maxError"}')
    .option('--chunk-mib <n>', `read the dump in chunks of n MiB (default ${DEFAULT_CHUNK_MIB})`, parseChunkMib)
    .addOption(dialectOption())
    .action(async (skeleton: string, dump: string, options: DialectOption & { json?: boolean; chunkMib?: number }) => (await actions()).findCommand(skeleton, dump, options));

  pose
    .command('show')
    .description('print the runtime local pose (own transform in the root) and its world pose')
    .argument('<skeleton>', 'Skeleton resource file')
    .option('--json', 'print JSON')
    .option('--names <file>', 'extra bone names, one per line; repeatable (also $ANVIL_SKEL_NAMES)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .addOption(dialectOption())
    .action(async (skeleton: string, options: ShowOptions) => (await actions()).showCommand(skeleton, options));
}

function parseChunkMib(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1024) throw new UsageError(`--chunk-mib must be an integer from 1 to 1024, not ${JSON.stringify(value)}`);
  return n;
}
