/** `hash`, `unhash` and `crack`: going between bone/class names and their CRC-32 hashes. */
import type { Command } from 'commander';
import { addNamesOption, collectRepeated, type NamesOptionValues } from '../names-option.js';

const DEFAULT_MAX_WORDS = 4;
/** Above this the search space is too big to finish for any real vocabulary; refuse rather than hang. */
export const MOST_MAX_WORDS = 8;
const DEFAULT_LIMIT = 1000;

export interface JsonOption {
  json?: boolean;
}

export interface CrackOptionValues extends JsonOption {
  words?: string[];
  onlyWords?: boolean;
  maxWords: string;
  separators: string;
  limit: string;
}

function registerHash(program: Command): void {
  program
    .command('hash')
    .description('print the CRC-32 name hash of each name (case-sensitive, UTF-8), as the engine stores it')
    .argument('<name...>', 'bone or class names')
    .option('--json', 'print [{ "name", "hash" }] as JSON')
    .addHelpText('after', '\nOutput: one line per name, "0xXXXXXXXX<TAB>name".\n\nExample:\n  $ anvil-skel hash Skeleton LeftForeArm')
    .action(async (names: string[], options: JsonOption) => {
      const { hashCommand } = await import('../actions/names.js');
      hashCommand(names, options);
    });
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
    .action(async (texts: string[], options: JsonOption & NamesOptionValues) => {
      const { unhashCommand } = await import('../actions/names.js');
      await unhashCommand(texts, options);
    });
}

function registerCrack(program: Command): void {
  program
    .command('crack')
    .description(
      'recover names from hashes: try every name of up to K vocabulary words (e.g. Left+Fore+Arm+Roll+2), ' +
        'joined directly or by a separator, with a meet-in-the-middle search',
    )
    .argument('<hash...>', 'hashes to crack, as 0x1234ABCD or 1234abcd')
    .option('--words <file>', 'vocabulary file, one word per line (# comments), added to the built-in words; repeatable', collectRepeated)
    .option('--only-words', 'use only the --words files, not the built-in vocabulary')
    .option('--max-words <k>', `most words in one name (1-${MOST_MAX_WORDS})`, String(DEFAULT_MAX_WORDS))
    .option('--separators <list>', 'comma-separated strings that may join words, besides joining directly; "" for none', '_')
    .option('--limit <n>', 'most matches shown per hash, most plausible first', String(DEFAULT_LIMIT))
    .option('--json', 'print [{ "hash", "matches": [{ "name", "words" }], "truncated" }] as JSON')
    .addHelpText(
      'after',
      '\nThe built-in vocabulary is every word of the built-in dictionary (Left, Fore, Arm, Roll, Prop, ...) and the numbers 0-99.\n' +
        'Output: one line per match, "0xXXXXXXXX<TAB>name<TAB>Word+Word+...", or "(no match)".\n' +
        'A 32-bit hash collides by chance: a large search also finds unrelated names. The most plausible come\n' +
        'first (fewest numbers inside the name, then fewest words). Exit code 1 when some hash found no match.\n\n' +
        'Examples:\n  $ anvil-skel crack 0x1C30184C\n  $ anvil-skel crack --max-words 5 --separators _,- --words my-words.txt 0x1234ABCD',
    )
    .action(async (texts: string[], options: CrackOptionValues) => {
      const { crackCommand } = await import('../actions/names.js');
      await crackCommand(texts, options);
    });
}

/** Adds `hash`, `unhash` and `crack` to the program. */
export function registerNameCommands(program: Command): void {
  registerHash(program);
  registerUnhash(program);
  registerCrack(program);
}
