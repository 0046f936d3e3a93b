/**
 * A command line that names a command registers that command alone (src/cli/main.ts): the help,
 * options and errors it gives must be the full program's, for every command and subcommand.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../src/cli/main.js';

/** `path → help text` of a command and of every subcommand under it. */
function helps(command: Command, path: string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (c: Command, at: string[]): void => {
    out.set(at.join(' '), c.helpInformation());
    for (const sub of c.commands) walk(sub, [...at, sub.name()]);
  };
  walk(command, path);
  return out;
}

const full = buildProgram();
const names = full.commands.map((c) => c.name());

describe('a command line naming a command', () => {
  it('covers every command of the program (the list it picks from is complete)', () => {
    expect(names).toEqual(expect.arrayContaining(['census', 'inspect', 'hash', 'unhash', 'crack', 'forge', 'view']));
    for (const name of names) expect(buildProgram([name, 'x']).commands.map((c) => c.name())).toContain(name);
  });

  it('registers that command (or its group) only, and nothing when it names none', () => {
    expect(buildProgram(['census', 'dir', '--json']).commands.map((c) => c.name())).toEqual(['census']);
    expect(buildProgram(['--debug', 'census']).commands.map((c) => c.name())).toEqual(['census']);
    expect(buildProgram(['unhash', '0x1']).commands.map((c) => c.name())).toEqual(['hash', 'unhash', 'crack']);
    for (const argv of [[], ['help', 'census'], ['censsu'], ['-h'], ['census', '-V'], ['--version']])
      expect(
        buildProgram(argv).commands.map((c) => c.name()),
        argv.join(' '),
      ).toEqual(names);
  });

  it('gives each command and subcommand the full program help, word for word', () => {
    const all = helps(full);
    for (const name of names) {
      const command = buildProgram([name]).commands.find((c) => c.name() === name)!;
      for (const [path, text] of helps(command, [name])) expect(text, path).toBe(all.get(path));
    }
  });

  it('gives the same usage errors as the full program', async () => {
    const run = async (argv: string[]): Promise<{ code: number; err: string }> => {
      const err: string[] = [];
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((s: string) => (err.push(String(s)), true)) as typeof process.stderr.write;
      try {
        return { code: await main(argv), err: err.join('') };
      } finally {
        process.stderr.write = write;
      }
    };
    const lazy = await run(['census', '--no-such-option']);
    expect(lazy.code).toBe(2);
    expect(lazy.err).toContain("unknown option '--no-such-option'");
    expect(lazy.err).toContain(full.commands.find((c) => c.name() === 'census')!.helpInformation());
  });
});
