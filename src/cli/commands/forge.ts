/**
 * `anvil-skel forge …`: `.forge` archives read in place, never whole.
 *   forge list <archive>              every entry (data file), and with --resources what each holds
 *   forge extract <archive> -o DIR    the resource bodies, as DIR/<entry name>/<resource name>.<Class>
 * The work is in actions/forge.ts, loaded only when a subcommand runs.
 */
import type { Command } from 'commander';

export interface ForgeListOptions {
  json?: boolean;
  class?: string;
  name?: string;
  resources?: boolean;
}

export interface ForgeExtractOptions {
  output: string;
  class: string;
  name?: string;
}

/** The classes `forge extract` writes unless told otherwise. */
export const DEFAULT_EXTRACT_CLASSES = 'Skeleton,SkeletonComponent';

/** The subcommands' work, loaded only when one runs. */
const actions = () => import('../actions/forge.js');

const EXIT_STATUS = [
  '',
  'Exit status: 0 when every entry read is whole, 1 when the archive or any entry was refused (each refusal',
  'names its archive offset and field path; the other entries are still read), 2 on usage errors.',
];

export function registerForgeCommands(program: Command): void {
  const forge = program.command('forge').description('.forge archives: list their entries and resources, extract resources');

  forge
    .command('list')
    .description('list every entry (number, id, name, type, offset, size); with --resources, the resources inside each')
    .argument('<archive>', 'a .forge archive (told by its magic, whatever its name)')
    .option(
      '--json',
      'print JSON instead of a table: ' +
        '{"archive","version","entryCount","entries":[{"number","id","name","type","typeName","offset","size",' +
        '"resources":[{"index","class","className","id","name","size"}],"refusal"}],' +
        '"refusals":[{"entry","offset","path","expected","actual","message"}]}; every key always, resources null without --resources',
    )
    .option(
      '--class <classes>',
      'only entries whose type (or, with --resources, resources whose class) is one of these: names or hex hashes, comma-separated',
    )
    .option('--name <glob>', 'only entries whose name matches (* and ?, case-insensitive)')
    .option('--resources', 'read each listed data file and list its resources (class, id, name, size)')
    .addHelpText(
      'after',
      [
        '',
        'Without --resources only the index is read, so listing a 40 GB archive costs its tables. With it, each',
        'listed data file is read, its block checksums checked and its blocks decompressed.',
        ...EXIT_STATUS,
        '',
        'Examples:',
        '  anvil-skel forge list DataPC.forge',
        '  anvil-skel forge list DataPC.forge --class Skeleton --resources',
        "  anvil-skel forge list DataPC.forge --name 'ACU_*' --resources --json | jq '.entries[].resources'",
      ].join('\n'),
    )
    .action(async (archive: string, options: ForgeListOptions) => (await actions()).listCommand(archive, options));

  forge
    .command('extract')
    .description('write each resource body as DIR/<entry name>/<resource name>.<Class> (names made safe, writes atomic)')
    .argument('<archive>', 'a .forge archive (told by its magic, whatever its name)')
    .requiredOption('-o, --output <dir>', 'the folder to write into (created when missing; nothing is written outside it)')
    .option('--class <classes>', 'the resource classes to write: names or hex hashes, comma-separated, or all', DEFAULT_EXTRACT_CLASSES)
    .option('--name <glob>', 'only entries whose name matches (* and ?, case-insensitive)')
    .addHelpText(
      'after',
      [
        '',
        'Names come from the archive, so they are made safe before use: NUL and control characters, / \\ : * ? " < > |',
        'become _, a name of dots (. or ..) or with dots or spaces at its ends is changed, and an absolute path or',
        'drive letter becomes an ordinary name. Two resources that would get one file name (case-insensitively) are',
        'told apart as name~2.Class, and each such rename is reported on stderr. Every file is written whole or not',
        'at all; an existing file of the same name is replaced. A progress bar is drawn when stderr is a terminal.',
        ...EXIT_STATUS,
        '',
        'Examples:',
        '  anvil-skel forge extract DataPC.forge -o skeletons/',
        '  anvil-skel forge extract DataPC.forge -o out/ --class all --name "*Skel*"',
      ].join('\n'),
    )
    .action(async (archive: string, options: ForgeExtractOptions) => (await actions()).extractCommand(archive, options));
}
