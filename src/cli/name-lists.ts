/** Reading the name lists of `--names` and `ANVIL_SKEL_NAMES` (see names-option.ts) into a dictionary. */
import { readFile } from 'node:fs/promises';
import { delimiter } from 'node:path';
import { builtInNames, NameDictionary } from '../names/dictionary.js';
import { parseNameList } from '../names/name-list.js';
import { UsageError } from './errors.js';
import { NAMES_ENV_VAR } from './names-option.js';

/** Reads one name list; a missing or unreadable file is the caller's mistake, so a UsageError. */
export async function readNameListFile(file: string, origin: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new UsageError(`cannot read ${origin} ${JSON.stringify(file)}: ${reason}`);
  }
  return parseNameList(text);
}

/** Every name list a command reads (`ANVIL_SKEL_NAMES`, then `--names`): inputs, never to be written over. */
export function nameListFiles(files: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): string[] {
  return [...(env[NAMES_ENV_VAR] ?? '').split(delimiter).filter((file) => file.length > 0), ...files];
}

/**
 * The built-in dictionary plus the names in the files listed in `ANVIL_SKEL_NAMES`, then `files`
 * (from `--names`). A dictionary of its own, built straight from the built-in names: copying the
 * shared one would hash every built-in name twice at each start.
 */
export async function loadNameDictionary(files: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<NameDictionary> {
  const dictionary = new NameDictionary(builtInNames());
  const fromEnv = nameListFiles([], env);
  for (const file of fromEnv) dictionary.add(await readNameListFile(file, `names file (from ${NAMES_ENV_VAR})`));
  for (const file of files) dictionary.add(await readNameListFile(file, 'names file'));
  return dictionary;
}
