/** `hash`, `unhash` and `crack`: going between bone/class names and their CRC-32 hashes. */
import type { Command } from 'commander';
import { crackHashes, defaultVocabulary, planCrack, type CrackProgress, type CrackResult } from '../../names/crack.js';
import { crc32, formatHash, parseHash } from '../../names/crc32.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { addNamesOption, collectRepeated, loadNameDictionary, readNameListFile, type NamesOptionValues } from '../names-option.js';
import { StatusLine } from '../progress.js';

const DEFAULT_MAX_WORDS = 4;
/** Above this the search space is too big to finish for any real vocabulary; refuse rather than hang. */
const MOST_MAX_WORDS = 8;
const DEFAULT_LIMIT = 1000;
const PROGRESS_INTERVAL_MS = 200;

interface JsonOption {
  json?: boolean;
}

interface CrackOptionValues extends JsonOption {
  words?: string[];
  onlyWords?: boolean;
  maxWords: string;
  separators: string;
  limit: string;
}

function writeOut(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

function writeJson(value: unknown): void {
  writeOut(JSON.stringify(value, null, 2));
}

function parseHashArguments(texts: readonly string[]): number[] {
  return texts.map((text) => {
    const hash = parseHash(text);
    if (hash === null) throw new UsageError(`not a hash: ${JSON.stringify(text)} (write 0x1234ABCD or 8 hex digits)`);
    return hash;
  });
}

function parseWholeNumber(text: string, option: string, least: number, most: number): number {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < least || value > most) {
    throw new UsageError(`${option} must be a whole number from ${least} to ${most}, not ${JSON.stringify(text)}`);
  }
  return value;
}

/** `_,-` → ['_', '-']; an empty list leaves only the empty separator (always allowed). */
function parseSeparators(list: string): string[] {
  return list.split(',').filter((separator) => separator.length > 0);
}

function registerHash(program: Command): void {
  program
    .command('hash')
    .description('print the CRC-32 name hash of each name (case-sensitive, UTF-8), as the engine stores it')
    .argument('<name...>', 'bone or class names')
    .option('--json', 'print [{ "name", "hash" }] as JSON')
    .addHelpText('after', '\nOutput: one line per name, "0xXXXXXXXX<TAB>name".\n\nExample:\n  $ anvil-skel hash Skeleton LeftForeArm')
    .action((names: string[], options: JsonOption) => {
      const rows = names.map((name) => ({ name, hash: formatHash(crc32(name)) }));
      if (options.json) writeJson(rows);
      else writeOut(rows.map((row) => `${row.hash}\t${row.name}`).join('\n'));
      process.exitCode = EXIT_OK;
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
      const hashes = parseHashArguments(texts);
      const dictionary = await loadNameDictionary(options.names);
      const rows = hashes.map((hash) => ({ hash: formatHash(hash), names: [...dictionary.lookup(hash)] }));
      if (options.json) writeJson(rows);
      else writeOut(rows.map((row) => `${row.hash}\t${row.names.length > 0 ? row.names.join(', ') : '(unknown)'}`).join('\n'));
      process.exitCode = EXIT_OK;
    });
}


function printCrackResults(results: readonly CrackResult[], json: boolean, limit: number): void {
  if (json) {
    writeJson(
      results.map((result) => ({
        hash: formatHash(result.hash),
        matches: result.matches.map((match) => ({ name: match.name, words: match.words })),
        truncated: result.truncated,
      })),
    );
  } else {
    const lines: string[] = [];
    for (const result of results) {
      const hash = formatHash(result.hash);
      if (result.matches.length === 0) lines.push(`${hash}\t(no match)`);
      for (const match of result.matches) lines.push(`${hash}\t${match.name}\t${match.words.join('+')}`);
    }
    writeOut(lines.join('\n'));
  }
  for (const result of results) {
    if (result.truncated) {
      process.stderr.write(`anvil-skel: ${formatHash(result.hash)} has more than ${limit} matches; the ${limit} most plausible are shown (see --limit)\n`);
    }
  }
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
      const targets = parseHashArguments(texts);
      const maxWords = parseWholeNumber(options.maxWords, '--max-words', 1, MOST_MAX_WORDS);
      const limit = parseWholeNumber(options.limit, '--limit', 1, Number.MAX_SAFE_INTEGER);
      const separators = parseSeparators(options.separators);
      const words = options.onlyWords ? [] : [...defaultVocabulary().words];
      if (options.words) {
        for (const file of options.words) words.push(...(await readNameListFile(file, 'words file')));
      }
      words.splice(0, words.length, ...new Set(words));
      const status = new StatusLine(PROGRESS_INTERVAL_MS);
      const meter = status.enabled
        ? (progress: CrackProgress) =>
            status.show(() => `crack: ${(progress.fraction * 100).toFixed(1)}% (table ${progress.chunk}/${progress.chunks}, hash ${progress.targetsDone}/${progress.targets})`)
        : undefined;
      if (meter) {
        const plan = planCrack(targets.length, { words, maxWords, separators });
        process.stderr.write(`crack: ${plan.words} words, ${plan.candidates.toExponential(2)} names per hash\n`);
      }
      const results = crackHashes(targets, { words, maxWords, separators, limit, onProgress: meter });
      status.clear();
      printCrackResults(results, options.json === true, limit);
      process.exitCode = results.some((result) => result.matches.length === 0) ? EXIT_FAILED : EXIT_OK;
    });
}

/** Adds `hash`, `unhash` and `crack` to the program. */
export function registerNameCommands(program: Command): void {
  registerHash(program);
  registerUnhash(program);
  registerCrack(program);
}
