/**
 * `anvil-skel forge …`: `.forge` archives read in place, never whole.
 *   forge list <archive>              every entry (data file), and with --resources what each holds
 *   forge extract <archive> -o DIR    the resource bodies, as DIR/<entry name>/<resource name>.<Class>
 *   forge probe <archive>             which archive profiles read it, and where each other one stops
 * The work is in actions/forge.ts, loaded only when a subcommand runs.
 */
import type { Command } from 'commander';
import { addForceOption, addForgeProfileOptions, OUTPUT_RULE_HELP, type ForgeProfileValues } from '../options.js';

export interface ForgeListOptions extends ForgeProfileValues {
  json?: boolean;
  class?: string;
  name?: string;
  resources?: boolean;
}

export interface ForgeProbeOptions {
  json?: boolean;
  probe?: string;
}

export interface ForgeExtractOptions extends ForgeProfileValues {
  output: string;
  force?: boolean;
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
  const forge = program
    .command('forge')
    .description('.forge archives: list their entries and resources, extract resources, probe their profile');

  forge
    .command('probe')
    .description(
      "say which archive profiles (title families' readings) read the tables and the first data files to their exact ends, and where each other one stops",
    )
    .argument('<archive>', 'a .forge archive (told by its magic, whatever its name)')
    .option('--json', 'print JSON instead of text')
    .option('--probe <n>', 'how many data files to read (bookkeeping and empty entries left out)', '4')
    .addHelpText(
      'after',
      [
        '',
        'The tables (header, data header, index blocks, index and name tables) depend on the archive version',
        'alone; the profiles differ in how a data file is framed. A profile fits when it reads the most of the first',
        'data files to their exact ends (sets ending where the data file does, records where the sets do, every TOC',
        "size its record's length); among those, one whose bodies start as its titles' do is preferred, and profiles",
        'that read every byte alike are one answer. Every command that reads archives uses the same choice',
        '(--forge-profile auto) unless told a profile.',
        '',
        'Exit status: 0 when a profile reads the probed data files, 1 when none does or the tables are refused,',
        '2 on usage errors (and when profiles read them differently: name one with --forge-profile).',
        '',
        'Examples:',
        '  anvil-skel forge probe DataPC.forge',
        '  anvil-skel forge probe DataPC.forge --probe 20 --json',
      ].join('\n'),
    )
    .action(async (archive: string, options: ForgeProbeOptions) => (await actions()).probeCommand(archive, options));

  addForgeProfileOptions(forge.command('list'))
    .description('list every entry (number, id, name, type, offset, size); with --resources, the resources inside each')
    .argument('<archive>', 'a .forge archive (told by its magic, whatever its name)')
    .option('--json', 'print JSON instead of a table')
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

  const extract = addForgeProfileOptions(forge.command('extract'))
    .description('write each resource body as DIR/<entry name>/<resource name>.<Class> (names made safe, writes atomic)')
    .argument('<archive>', 'a .forge archive (told by its magic, whatever its name)')
    .requiredOption('-o, --output <dir>', 'the folder to write into (created when missing; nothing is written outside it)')
    .option('--class <classes>', 'the resource classes to write: names or hex hashes, comma-separated, or all', DEFAULT_EXTRACT_CLASSES)
    .option('--name <glob>', 'only entries whose name matches (* and ?, case-insensitive)');
  addForceOption(extract)
    .addHelpText(
      'after',
      [
        '',
        'Names come from the archive, so they are made safe before use: NUL and control characters, / \\ : * ? " < > |',
        'become _, a name of dots (. or ..) or with dots or spaces at its ends is changed, and an absolute path or',
        'drive letter becomes an ordinary name. Two resources that would get one file name (case-insensitively) are',
        'told apart as name~2.Class, and each such rename is reported on stderr. Every file is written whole or not',
        'at all. A progress bar is drawn when stderr is a terminal.',
        '',
        OUTPUT_RULE_HELP,
        'Each file is checked on its own: an existing file is replaced only when it holds the same resource (class and',
        'object id, as an earlier extraction wrote it); any other file there keeps its entry from being written, is',
        'named on stderr, and makes the exit status 2 once the other entries are written.',
        ...EXIT_STATUS,
        '',
        'Examples:',
        '  anvil-skel forge extract DataPC.forge -o skeletons/',
        '  anvil-skel forge extract DataPC.forge -o out/ --class all --name "*Skel*"',
      ].join('\n'),
    )
    .action(async (archive: string, options: ForgeExtractOptions) => (await actions()).extractCommand(archive, options));
}
