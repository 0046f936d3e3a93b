/**
 * docs/cli.md, the CLI reference, against the commands themselves: every command and subcommand
 * that `--help` lists has its own section, every option its help lists is named there (or, for the
 * options every command shares, in the shared table), and every section says its exit status.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const page = readFileSync('docs/cli.md', 'utf8');

/** The names a help text lists under "Commands:", `help` left out. */
function commandsOf(help: string): string[] {
  const start = help.indexOf('\nCommands:\n');
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of help.slice(start + '\nCommands:\n'.length).split('\n')) {
    const match = /^ {2}(\S+)/.exec(line);
    if (match === null) {
      if (line.trim() === '' || !line.startsWith(' ')) break;
      continue;
    }
    if (match[1] !== 'help') names.push(match[1]!);
  }
  return names;
}

/** The options a help text lists under "Options:", each its spellings (`-o`, `--output`), `--help` left out. */
function optionsOf(help: string): string[][] {
  const start = help.indexOf('\nOptions:\n');
  const end = help.indexOf('\n\n', start + 1);
  const block = help.slice(start, end < 0 ? undefined : end);
  return [...block.matchAll(/^ {2}(?:(-\w), )?(--[a-z][\w-]*)/gm)]
    .map((m) => [m[1], m[2]!].filter((o): o is string => o !== undefined))
    .filter((o) => !o.includes('--help'));
}

/** The text of the section whose heading is `## name` or `### name`, up to the next heading of its level or above. */
function section(name: string): string | null {
  const match = new RegExp(`^(#{2,3}) ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`, 'm').exec(page);
  if (match === null) return null;
  const level = match[1]!.length;
  const rest = page.slice(match.index + match[0].length);
  const next = new RegExp(`^#{2,${level}} `, 'm').exec(rest);
  return rest.slice(0, next === null ? undefined : next.index);
}

/** The first cells of the shared options table (the options every command that takes them shares), escaped pipes kept. */
const sharedOptions = page
  .slice(page.indexOf('| option | commands | meaning |'), page.indexOf('\n## Inputs and outputs'))
  .split('\n')
  .slice(2)
  .filter((line) => line.startsWith('| '))
  .map((line) => line.split(/(?<!\\)\|/)[1]!);

async function help(command: string[]): Promise<string> {
  return (await runCli([...command, '--help'])).stdout;
}

describe('docs/cli.md against --help', () => {
  it('finds the command list and the options in a help text (the parse itself works)', async () => {
    const top = commandsOf(await help([]));
    expect(top).toEqual(expect.arrayContaining(['census', 'forge', 'view']));
    expect(top).not.toContain('help');
    expect(optionsOf(await help(['pose', 'find']))).toEqual(expect.arrayContaining([['--json'], ['--chunk-mib'], ['--entry']]));
    expect(optionsOf(await help(['export']))).toContainEqual(['-o', '--output']);
    expect(section('forge replace')).toContain('--entry');
    expect(section('no such command')).toBeNull();
    expect(sharedOptions.some((cell) => cell.includes('`--resource <i\\|id\\|name>`'))).toBe(true);
  });

  it('has a section for every command and subcommand, each naming its options and its exit status', async () => {
    const checked: string[] = [];
    for (const command of commandsOf(await help([]))) {
      const text = await help([command]);
      const subcommands = commandsOf(text);
      const own = section(command);
      expect(own, `docs/cli.md has a section "## ${command}"`).not.toBeNull();
      for (const name of subcommands.length === 0 ? [command] : subcommands.map((s) => `${command} ${s}`)) {
        const words = name.split(' ');
        const body = section(name) ?? (words.length === 1 ? own : null);
        expect(body, `docs/cli.md has a section for "${name}"`).not.toBeNull();
        for (const spellings of optionsOf(await help(words))) {
          const option = spellings[spellings.length - 1]!;
          const named = spellings.some((o) => new RegExp(`(?<![\\w-])${o}(?![\\w-])`).test(body!));
          const inShared = sharedOptions.some((cell) => new RegExp(`\`${option}[ \`]`).test(cell));
          expect(named || inShared, `docs/cli.md names ${option} of "${name}"`).toBe(true);
        }
        checked.push(name);
      }
      // The exit status: in the command's section, or in the group's for its subcommands.
      expect(own!, `the "${command}" section states its exit status`).toMatch(/[Ee]xit status/);
    }
    expect(checked).toEqual(expect.arrayContaining(['census', 'forge replace', 'forge pack', 'skin capture', 'pose find', 'crack']));
  });
});
