/** `hash`, `unhash` and `crack`: going between bone/class names and their CRC-32 hashes. */
import type { Command } from 'commander';
import { addNamesOption, collectRepeated, type NamesOptionValues } from '../names-option.js';
import { addEveryDataFileOption, addForceOption, addResourceOptions, OUTPUT_RULE_HELP } from '../options.js';
import type { JsonOption } from '../actions/names.js';
import type { CrackOptionValues } from '../actions/crack.js';

/** The default likely/possible threshold (kept here so help does not load the names code). */
export const DEFAULT_LIKELY_THRESHOLD = 0.05;

/** Above this the search space is too big to finish for any real vocabulary; refuse rather than hang. */
export const MOST_MAX_WORDS = 8;
const DEFAULT_LIMIT = 10;

function registerHash(program: Command): void {
  program
    .command('hash')
    .description('print the CRC-32 name hash of each name (case-sensitive, UTF-8), as the engine stores it')
    .argument('<name...>', 'bone or class names')
    .option('--json', 'print [{ "name", "hash" }] as JSON')
    .addHelpText('after', '\nOutput: one line per name, "0xXXXXXXXX<TAB>name".\n\nExample:\n  $ anvil-skel hash Skeleton LeftForeArm')
    .action(async (names: string[], options: JsonOption) => (await import('../actions/names.js')).hashCommand(names, options));
}

function registerUnhash(program: Command): void {
  const command = program
    .command('unhash')
    .description('look hashes up in the built-in name dictionary (HumanIK, Anvil helper and class names) and your --names lists')
    .argument('<hash...>', 'hashes, as 0x1234ABCD or 1234abcd')
    .option('--json', 'print [{ "hash", "names": [...] }] as JSON');
  addNamesOption(command)
    .addHelpText(
      'after',
      '\nOutput: one line per hash, "0xXXXXXXXX<TAB>name1, name2", or "(unknown)" when no name is known.\n' +
        'An unknown hash is an answer, not an error: the exit code is 0.\n\nExample:\n  $ anvil-skel unhash 0x24AECB7C 95741049',
    )
    .action(async (texts: string[], options: JsonOption & NamesOptionValues) =>
      (await import('../actions/names.js')).unhashCommand(texts, options),
    );
}

function registerCrack(program: Command): void {
  const command = program
    .command('crack')
    .description(
      'name unknown bone hashes from candidate families (<Side><Part><Digit>, <Prefix>_<Word>_<NN>, Bone_<NNN>, ...), ' +
        'each match with its odds (expected chance matches) and its evidence from the rig',
    )
    .argument('[hash...]', 'hashes to crack, as 0x1234ABCD or 1234abcd (besides the bones of --skeletons / --hierarchy)')
    .option(
      '--skeletons <path...>',
      'Skeleton files, directories or .forge archives (their Skeleton records): every bone hash, with parents as evidence',
    )
    .option('--hierarchy <file>', 'JSON { "<hash>": ["<parent hash>" | null, ...] }: hashes and their parents as evidence')
    .option(
      '--threshold <x>',
      'a match whose expected chance count is below this is likely; others are possible',
      String(DEFAULT_LIKELY_THRESHOLD),
    )
    .option('--write-names <file>', 'write the likely names as a names file (what --names reads)')
    .option('--max-seconds <s>', 'stop searching after this long and report what was found')
    .option(
      '--max-words <k>',
      `also search names of up to K vocabulary words (1-${MOST_MAX_WORDS}; a large family: its matches need evidence)`,
    )
    .option(
      '--words <file>',
      'vocabulary file for --max-words, one word per line (# comments), added to the built-in words; repeatable',
      collectRepeated,
    )
    .option('--only-words', 'with --max-words: use only the --words files, not the built-in vocabulary')
    .option(
      '--separators <list>',
      'with --max-words: comma-separated strings that may join words, besides joining directly; "" for none',
      '_',
    )
    .option('--limit <n>', 'most possible candidates shown per hash', String(DEFAULT_LIMIT))
    .option('--json', 'print [{ "hash", "name", "confidence", "family", "expectedChance", "evidence", "notes", "candidates" }] as JSON');
  addForceOption(addEveryDataFileOption(addResourceOptions(addNamesOption(command))))
    .addHelpText(
      'after',
      '\nEvery match reports its family and the expected number of chance matches, family size × hashes / 2^32.\n' +
        'Below --threshold (default 0.05) a match is "likely"; otherwise "possible", and a possible match is never\n' +
        'printed as the name. Evidence from the rig lowers the chance count: the Left/Right mirror is an established\n' +
        'name, the name shares a word with an established parent or child, or it continues an established numbered\n' +
        'series. A run of matches along a series is not evidence: CRC-32 is linear, so one chance match repeats along it.\n\n' +
        'Output: one line per hash, "0xXXXXXXXX<TAB>name<TAB>known|likely<TAB>family<TAB>expected N<TAB>evidence",\n' +
        'or "0xXXXXXXXX<TAB>(no likely name)<TAB>possible: a (family, expected N), ..." or "(no match)".\n' +
        'Exit status: 0 when every hash is known or likely; 1 when some hash has only possible matches or none,\n' +
        'a skeleton could not be read, or --skeletons found no Skeleton; 2 on a usage error (or an output refused).\n\n' +
        `${OUTPUT_RULE_HELP}\n--write-names replaces a file of UTF-8 text (an earlier names file); never a --names or --words list read.\n\n` +
        'Examples:\n  $ anvil-skel crack 0x1C30184C\n  $ anvil-skel crack --skeletons extracted/ --json > names.json\n' +
        '  $ anvil-skel crack --hierarchy rig.json --write-names found.txt --max-seconds 30\n' +
        '  $ anvil-skel inspect --names found.txt MAD_CHR_Skel_U.Skeleton',
    )
    .action(async (texts: string[], options: CrackOptionValues) => (await import('../actions/crack.js')).crackCommand(texts, options));
}

/** Adds `hash`, `unhash` and `crack` to the program. */
export function registerNameCommands(program: Command): void {
  registerHash(program);
  registerUnhash(program);
  registerCrack(program);
}
