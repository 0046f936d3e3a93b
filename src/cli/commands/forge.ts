/**
 * `anvil-skel forge …`: `.forge` archives read in place, never whole.
 *   forge list <archive>              every entry (data file), and with --resources what each holds
 *   forge extract <archive> -o DIR    the resource bodies, as DIR/<entry name>/<resource name>.<Class>
 *   forge probe <archive>             which archive profiles read it, and where each other one stops
 * The work is in actions/forge.ts, loaded only when a subcommand runs.
 */
import type { Command } from 'commander';
import { addForceOption, addForgeProfileOptions, OUTPUT_RULE_HELP } from '../options.js';
import type { ForgeListOptions, ForgeExtractOptions } from '../actions/forge.js';
import type { ForgeProbeOptions } from '../actions/forge-probe.js';
import type { ForgeReplaceOptions, ForgePackOptions } from '../actions/forge-write.js';

/** The classes `forge extract` writes unless told otherwise. */
export const DEFAULT_EXTRACT_CLASSES = 'Skeleton,SkeletonComponent';

/** The subcommands' work, loaded only when one runs. */
const actions = () => import('../actions/forge.js');
const writeActions = () => import('../actions/forge-write.js');

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
    .action(async (archive: string, options: ForgeProbeOptions) =>
      (await import('../actions/forge-probe.js')).probeCommand(archive, options),
    );

  addForgeProfileOptions(forge.command('list'))
    .description('list every entry (number, id, name, type, offset, size); with --resources, the resources inside each')
    .argument('<archive>', 'a .forge archive (told by its magic, whatever its name)')
    .option(
      '--json',
      'print JSON instead of a table: ' +
        '{"archive","version","profile","profileChoice":{"how","alike","probed"},"entryCount","findings":[{"offset","path","message"}],' +
        '"entries":[{"number","id","name","type","typeName","offset","dataOffset","size","bookkeeping",' +
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

  addForceOption(
    addForgeProfileOptions(
      forge
        .command('replace')
        .description(
          'write a copy of the archive with resources replaced by files (their class and object id say which), every other byte as it was',
        )
        .argument('<archive>', 'the .forge archive to copy (never written)')
        .argument('<resource-file...>', 'Skeleton or SkeletonComponent files: each replaces the resource of its class and object id')
        .requiredOption('-o, --output <out.forge>', 'the archive to write (never the input, nor any file given)')
        .option('--entry <n|name>', 'with one file: the entry (data file) whose resource it replaces, by number or name')
        .option('--resource <i|id|name>', 'with --entry: the resource, by index, hex id or name')
        .option('--json', 'print what changed as JSON'),
    ),
  )
    .addHelpText(
      'after',
      [
        '',
        'Each file must read to its exact end under some layout and be of the class and object id of the resource it',
        'replaces (from its header, or at --entry/--resource). The data files that hold them are rebuilt in the',
        "archive's own framing: its profile, set version, method and block size, LZO1X blocks compressed again and",
        'stored blocks stored (a block of another method is written stored, which every reader reads; Oodle is refused).',
        'Checksums, TOC sizes, index sizes and the offsets of every later data file and table are rewritten; every',
        'other byte is copied as it is. The output is written through a temporary file, then renamed; memory stays flat.',
        OUTPUT_RULE_HELP,
        '',
        'Exit status: 0 when every file was put in, 1 when one is refused (nothing is written), 2 on usage errors.',
        '',
        'Examples:',
        '  anvil-skel forge replace DataPC.forge edited/Rider.Skeleton -o DataPC.modded.forge',
        '  anvil-skel forge replace DataPC.forge Rider.Skeleton --entry CHR_Rider.Skeleton --resource 0 -o out.forge --json',
      ].join('\n'),
    )
    .action(async (archive: string, files: string[], options: ForgeReplaceOptions) =>
      (await writeActions()).replaceCommand(archive, files, options),
    );

  addForceOption(
    addForgeProfileOptions(
      forge
        .command('pack')
        .description('write an archive from a folder laid out as forge extract writes it (a folder per data file, a file per resource)')
        .argument('<dir>', 'a folder written by forge extract (its forge-manifest.json keeps ids, names and framing), or one laid out so')
        .requiredOption('-o, --output <out.forge>', 'the archive to write')
        .option('--archive-version <n>', "the archive version to write (the manifest's, or the profile's first)")
        .option('--json', 'print a summary as JSON'),
    ),
  )
    .addHelpText(
      'after',
      [
        '',
        'With a forge-manifest.json (forge extract writes one), every id, name, type, record flag and the framing come',
        'from it. Entries the extract left out are missing to pack; with --class all it keeps them all, the bookkeeping',
        'entries raw, so forge extract --class all then forge pack of an archive this tool wrote gives back the same bytes.',
        'Without one, --forge-profile is needed: each folder is an entry named after it, each file a resource of the',
        'class its extension names, with the object id its header gives (else the CRC-32 of folder/name).',
        OUTPUT_RULE_HELP,
        '',
        'Examples:',
        '  anvil-skel forge extract DataPC.forge -o unpacked/ --class all && anvil-skel forge pack unpacked/ -o DataPC.repacked.forge',
        '  anvil-skel forge pack mods/ -o Mods.forge --forge-profile wildlands',
      ].join('\n'),
    )
    .action(async (dir: string, options: ForgePackOptions) => (await writeActions()).packCommand(dir, options));
}
