/**
 * Reading users' name lists (one name per line, `#` comments) into a dictionary: the files a
 * program is given, after those listed in `ANVIL_SKEL_NAMES`, as every command reads them.
 */
// fs.promises at its use: node:fs/promises is not loaded at every start of a command that may read no list.
import { promises as fsPromises } from 'node:fs';
import { delimiter } from 'node:path';
import { newBuiltInDictionary, type NameDictionary } from '../names/dictionary.js';
import { parseNameList } from '../names/name-list.js';
import { isForgeHeader } from '../archive/forge-select.js';
import { classifyHeader, HEADER_BYTES } from '../formats/resource.js';
import { NAMES_ENV_VAR } from './limits.js';
import { ResourceInputError } from './resource-input-error.js';

export { NAMES_ENV_VAR };

/**
 * What a file given as a name list holds when it is not text: a resource or archive (told by its
 * header, as every command tells them), or binary bytes; null for text.
 */
function notTextReason(bytes: Uint8Array): string | null {
  const resource = classifyHeader(bytes.subarray(0, HEADER_BYTES))[0];
  if (resource !== undefined) return `is a ${resource.kind} resource (${resource.dialect}), not a list of names`;
  if (isForgeHeader(bytes)) return 'is a .forge archive, not a list of names';
  const nul = bytes.indexOf(0);
  if (nul >= 0) return `is not text (a NUL byte at offset ${nul}), not a list of names`;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'is not UTF-8 text, not a list of names';
  }
  return null;
}

/**
 * Reads one name list. A missing or unreadable file, or one that is not text (a Skeleton given to
 * --names by mistake, any binary file), is the caller's mistake: a ResourceInputError of kind
 * `usage` naming it (`origin` says where the file was named).
 */
export async function readNameListFile(file: string, origin: string): Promise<string[]> {
  let bytes: Uint8Array;
  try {
    bytes = await fsPromises.readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new ResourceInputError('usage', `cannot read ${origin} ${JSON.stringify(file)}: ${reason}`);
  }
  const notText = notTextReason(bytes);
  if (notText !== null) throw new ResourceInputError('usage', `${origin} ${JSON.stringify(file)} ${notText} (one name per line)`);
  return parseNameList(new TextDecoder().decode(bytes));
}

/** Every name list read (those `ANVIL_SKEL_NAMES` lists, then `files`): inputs, never to be written over. */
export function nameListFiles(files: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): string[] {
  return [...(env[NAMES_ENV_VAR] ?? '').split(delimiter).filter((file) => file.length > 0), ...files];
}

/**
 * The built-in dictionary plus the names in the files listed in `ANVIL_SKEL_NAMES`, then `files`
 * (the CLI's `--names`). A dictionary of its own, built straight from the built-in names: copying the
 * shared one would hash every built-in name twice at each start.
 */
export async function loadNameDictionary(files: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<NameDictionary> {
  const dictionary = newBuiltInDictionary();
  const fromEnv = nameListFiles([], env);
  for (const file of fromEnv) dictionary.add(await readNameListFile(file, `names file (from ${NAMES_ENV_VAR})`));
  for (const file of files) dictionary.add(await readNameListFile(file, 'names file'));
  return dictionary;
}
