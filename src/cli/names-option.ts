/**
 * The `--names FILE` option and `ANVIL_SKEL_NAMES`, shared by every command that shows bone names,
 * so they all read user name lists the same way. Only the option's declaration lives here, so a
 * command can declare it without loading the name dictionary; the node entry's name-lists.ts reads the lists.
 */
import type { Command } from 'commander';
import { NAMES_ENV_VAR } from '../node/limits.js';

export { NAMES_ENV_VAR };

/** What commander stores for `--names` (absent when not given). */
export interface NamesOptionValues {
  names?: string[];
}

/** Commander argument parser for repeatable options: each use appends. */
export function collectRepeated(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Adds the repeatable `--names <file>` option; read it back as `NamesOptionValues`. */
export function addNamesOption(command: Command): Command {
  return command.option(
    '--names <file>',
    `extra bone names, one per line (# comments); repeatable; also read from files listed in $${NAMES_ENV_VAR}`,
    collectRepeated,
  );
}
