/** What `hash`, `unhash` and `crack` do (declared in commands/names.ts). */
import { crackHashes, defaultVocabulary, planCrack, type CrackProgress, type CrackResult } from '../../names/crack.js';
import { crc32, formatHash, parseHash } from '../../names/crc32.js';
import { MOST_MAX_WORDS, type CrackOptionValues, type JsonOption } from '../commands/names.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { loadNameDictionary, readNameListFile } from '../name-lists.js';
import type { NamesOptionValues } from '../names-option.js';
import { StatusLine } from '../progress.js';

const PROGRESS_INTERVAL_MS = 200;

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

/** Runs `hash` with what commander parsed. */
export function hashCommand(names: string[], options: JsonOption): void {
  const rows = names.map((name) => ({ name, hash: formatHash(crc32(name)) }));
  if (options.json) writeJson(rows);
  else writeOut(rows.map((row) => `${row.hash}\t${row.name}`).join('\n'));
  process.exitCode = EXIT_OK;
}

/** Runs `unhash` with what commander parsed. */
export async function unhashCommand(texts: string[], options: JsonOption & NamesOptionValues): Promise<void> {
  const hashes = parseHashArguments(texts);
  const dictionary = await loadNameDictionary(options.names);
  const rows = hashes.map((hash) => ({ hash: formatHash(hash), names: [...dictionary.lookup(hash)] }));
  if (options.json) writeJson(rows);
  else writeOut(rows.map((row) => `${row.hash}\t${row.names.length > 0 ? row.names.join(', ') : '(unknown)'}`).join('\n'));
  process.exitCode = EXIT_OK;
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
      process.stderr.write(
        `anvil-skel: ${formatHash(result.hash)} has more than ${limit} matches; the ${limit} most plausible are shown (see --limit)\n`,
      );
    }
  }
}

/** Runs `crack` with what commander parsed. */
export async function crackCommand(texts: string[], options: CrackOptionValues): Promise<void> {
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
        status.show(
          () =>
            `crack: ${(progress.fraction * 100).toFixed(1)}% (table ${progress.chunk}/${progress.chunks}, hash ${progress.targetsDone}/${progress.targets})`,
        )
    : undefined;
  if (meter) {
    const plan = planCrack(targets.length, { words, maxWords, separators });
    process.stderr.write(`crack: ${plan.words} words, ${plan.candidates.toExponential(2)} names per hash\n`);
  }
  const results = crackHashes(targets, { words, maxWords, separators, limit, onProgress: meter });
  status.clear();
  printCrackResults(results, options.json === true, limit);
  process.exitCode = results.some((result) => result.matches.length === 0) ? EXIT_FAILED : EXIT_OK;
}
