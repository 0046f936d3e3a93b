/** What `hash`, `unhash` and `crack` do (declared in commands/names.ts). */
import { crc32, formatHash, parseHash } from '../../names/crc32.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { loadNameDictionary } from '../../node/name-lists.js';
import type { NamesOptionValues } from '../names-option.js';

export interface JsonOption {
  json?: boolean;
}

export function writeOut(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function writeJson(value: unknown): void {
  writeOut(JSON.stringify(value, null, 2));
}

export function parseHashArguments(texts: readonly string[]): number[] {
  return texts.map((text) => {
    const hash = parseHash(text);
    if (hash === null) throw new UsageError(`not a hash: ${JSON.stringify(text)} (write 0x1234ABCD or 8 hex digits)`);
    return hash;
  });
}

export function parseWholeNumber(text: string, option: string, least: number, most: number): number {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < least || value > most) {
    throw new UsageError(`${option} must be a whole number from ${least} to ${most}, not ${JSON.stringify(text)}`);
  }
  return value;
}

/** `_,-` → ['_', '-']; an empty list leaves only the empty separator (always allowed). */
export function parseSeparators(list: string): string[] {
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
