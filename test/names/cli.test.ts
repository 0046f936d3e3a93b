import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Command } from 'commander';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNameCommands } from '../../src/cli/commands/names.js';
import { UsageError } from '../../src/cli/errors.js';
import { loadNameDictionary } from '../../src/cli/name-lists.js';
import { NAMES_ENV_VAR, addNamesOption } from '../../src/cli/names-option.js';
import { crc32, formatHash } from '../../src/names/crc32.js';
import { builtInDictionary } from '../../src/names/dictionary.js';

const scratch = mkdtempSync(join(tmpdir(), 'anvil-names-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function scratchFile(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

let stdout = '';
let stderr = '';

beforeEach(() => {
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
});

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function program(): Command {
  const root = new Command().name('anvil-skel').exitOverride();
  registerNameCommands(root);
  for (const command of root.commands) command.exitOverride();
  return root;
}

async function run(...args: string[]): Promise<number> {
  await program().parseAsync(args, { from: 'user' });
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

describe('anvil-skel hash', () => {
  it('prints hash TAB name per name', async () => {
    expect(await run('hash', 'Skeleton', 'Bone')).toBe(0);
    expect(stdout).toBe('0x24AECB7C\tSkeleton\n0x95741049\tBone\n');
  });

  it('prints JSON with --json', async () => {
    await run('hash', '--json', 'SkeletonPoseBone');
    expect(JSON.parse(stdout)).toEqual([{ name: 'SkeletonPoseBone', hash: '0x071CEE50' }]);
  });
});

describe('anvil-skel unhash', () => {
  it('names known hashes and marks unknown ones, exit 0', async () => {
    expect(await run('unhash', '0x24AECB7C', crc32('LeftForeArm').toString(16).padStart(8, '0'), '0x00000001')).toBe(0);
    expect(stdout.split('\n')).toEqual([
      '0x24AECB7C\tSkeleton',
      `${formatHash(crc32('LeftForeArm'))}\tLeftForeArm`,
      '0x00000001\t(unknown)',
      '',
    ]);
  });

  it('lists every colliding name, and JSON with --json', async () => {
    const names = scratchFile('collide.txt', 'plumless\nbuckeroo\n');
    await run('unhash', '--json', '--names', names, formatHash(crc32('plumless')), '0x00000001');
    expect(JSON.parse(stdout)).toEqual([
      { hash: formatHash(crc32('plumless')), names: ['plumless', 'buckeroo'] },
      { hash: '0x00000001', names: [] },
    ]);
  });

  it('reads repeated --names files', async () => {
    const first = scratchFile('first.txt', '# mine\nMyBoneA\n');
    const second = scratchFile('second.txt', '\uFEFFMyBoneB # trailing\r\n');
    await run('unhash', '--names', first, '--names', second, formatHash(crc32('MyBoneA')), formatHash(crc32('MyBoneB')));
    expect(stdout).toContain('\tMyBoneA\n');
    expect(stdout).toContain('\tMyBoneB\n');
  });

  it('rejects a malformed hash as a usage error', async () => {
    await expect(run('unhash', '0x24AECB7C', 'Skeleton')).rejects.toThrow(UsageError);
    await expect(run('unhash', '12345')).rejects.toThrow(/not a hash: "12345"/);
    expect(stdout).toBe('');
  });

  it('rejects a missing --names file, naming it', async () => {
    const missing = join(scratch, 'no-such-names.txt');
    await expect(run('unhash', '--names', missing, '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('unhash', '--names', missing, '0x24AECB7C')).rejects.toThrow(missing);
  });
});

describe('loadNameDictionary', () => {
  it('adds the files in ANVIL_SKEL_NAMES and --names to a copy of the built-in dictionary', async () => {
    const a = scratchFile('env-a.txt', 'EnvBoneA\n');
    const b = scratchFile('env-b.txt', 'EnvBoneB\n');
    const c = scratchFile('cli-c.txt', 'CliBoneC\n');
    const dictionary = await loadNameDictionary([c], { [NAMES_ENV_VAR]: [a, '', b].join(delimiter) });
    for (const name of ['EnvBoneA', 'EnvBoneB', 'CliBoneC', 'Hips']) expect(dictionary.resolve(crc32(name)), name).toBe(name);
    const plain = await loadNameDictionary([], {});
    expect(plain.resolve(crc32('EnvBoneA'))).toBeNull();
    // Built straight from the built-in names: the same names in the same order, the shared dictionary untouched.
    expect([...plain.names()]).toEqual([...builtInDictionary().names()]);
    expect(plain).not.toBe(builtInDictionary());
    expect(builtInDictionary().has('EnvBoneA')).toBe(false);
  });

  it('names a missing file from the environment', async () => {
    const missing = join(scratch, 'missing-env.txt');
    await expect(loadNameDictionary([], { [NAMES_ENV_VAR]: missing })).rejects.toThrow(new RegExp(`${NAMES_ENV_VAR}.*missing-env\\.txt`));
  });

  it('gives commands the same repeatable --names option', () => {
    const command = addNamesOption(new Command('show').exitOverride());
    command.parse(['--names', 'a.txt', '--names', 'b.txt'], { from: 'user' });
    expect(command.opts()).toEqual({ names: ['a.txt', 'b.txt'] });
  });
});

describe('anvil-skel crack', () => {
  it('prints each match with the words it used', async () => {
    expect(await run('crack', formatHash(crc32('Prop_RightHand3')))).toBe(0);
    expect(stdout.split('\n')).toContain(`${formatHash(crc32('Prop_RightHand3'))}\tProp_RightHand3\tProp+Right+Hand+3`);
    expect(stderr).toBe('');
  });

  it('prints JSON with --json and honours --max-words', async () => {
    await run('crack', '--json', '--max-words', '5', '--separators', '', formatHash(crc32('LeftForeArmRoll2')));
    const [result] = JSON.parse(stdout) as { hash: string; matches: { name: string; words: string[] }[] }[];
    expect(result.hash).toBe(formatHash(crc32('LeftForeArmRoll2')));
    expect(result.matches).toContainEqual({ name: 'LeftForeArmRoll2', words: ['Left', 'Fore', 'Arm', 'Roll', '2'] });
  });

  it('uses --only-words and --separators, and exits 1 when a hash finds no match', async () => {
    const words = scratchFile('words.txt', 'Tail\nWing # birds\nTip\n');
    const found = formatHash(crc32('Wing-Tip'));
    const lost = formatHash(crc32('Beak'));
    expect(await run('crack', '--only-words', '--words', words, '--separators', '-,.', found, lost)).toBe(1);
    expect(stdout).toBe(`${found}\tWing-Tip\tWing+Tip\n${lost}\t(no match)\n`);
  });

  it('adds --words to the built-in vocabulary', async () => {
    const words = scratchFile('more-words.txt', 'Wing\n');
    const target = formatHash(crc32('LeftWing2'));
    expect(await run('crack', '--words', words, '--max-words', '3', '--separators', '', target)).toBe(0);
    expect(stdout).toContain(`${target}\tLeftWing2\tLeft+Wing+2\n`);
  });

  it('rejects bad arguments as usage errors', async () => {
    await expect(run('crack', '--max-words', '0', '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('crack', '--max-words', 'four', '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('crack', '--limit', '0', '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('crack', 'nothex')).rejects.toThrow(UsageError);
    await expect(run('crack', '--words', join(scratch, 'missing-words.txt'), '0x24AECB7C')).rejects.toThrow(/missing-words\.txt/);
  });
});

describe('help', () => {
  it('describes every command', async () => {
    const root = program();
    expect(root.commands.map((c) => c.name())).toEqual(['hash', 'unhash', 'crack']);
    for (const command of root.commands) {
      expect(command.description().length, command.name()).toBeGreaterThan(30);
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      await expect(root.parseAsync([command.name(), '--help'], { from: 'user' })).rejects.toMatchObject({ exitCode: 0 });
      expect(help).toContain(`Usage: anvil-skel ${command.name()}`);
    }
    const unhash = root.commands.find((c) => c.name() === 'unhash')!;
    expect(unhash.options.map((o) => o.long)).toContain('--names');
  });
});
