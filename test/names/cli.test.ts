import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { Command } from 'commander';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIKELY_THRESHOLD as CLI_DEFAULT_THRESHOLD, registerNameCommands } from '../../src/cli/commands/names.js';
import { DEFAULT_LIKELY_THRESHOLD } from '../../src/names/rig-names.js';
import { UsageError } from '../../src/cli/errors.js';
import { cliError } from '../../src/cli/library-errors.js';
import { loadNameDictionary } from '../../src/node/name-lists.js';
import { NAMES_ENV_VAR, addNamesOption } from '../../src/cli/names-option.js';
import { crc32, formatHash } from '../../src/names/crc32.js';
import { builtInDictionary, builtInNames } from '../../src/names/dictionary.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
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
    // The library's error, which the CLI reports as a usage error (exit 2), as main.ts maps it.
    const thrown = await run('unhash', '--names', missing, '0x24AECB7C').catch((error: unknown) => error);
    expect(cliError(thrown)).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toContain(missing);
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
  // Hashes come from zlib (the reference CRC-32); family sizes are worked out in families.test.ts.
  const hex = (name: string): string => formatHash(zlibCrc32(name));

  it('names a hash from a small family as likely, with its family and odds', async () => {
    // chain-number: 4,796 names × 1 hash / 2^32 ≈ 1.1e-6, below the default 0.05.
    expect(await run('crack', hex('Cape_07'))).toBe(0);
    expect(stdout).toBe(`${hex('Cape_07')}\tCape_07\tlikely\tchain-number\texpected 1.1e-6\n`);
    expect(stderr).toContain('1 hash: 0 known, 1 likely, 0 only possible, 0 no match');
  });

  it('never prints a possible match as the name, and exits 1 saying so', async () => {
    // 4,796 / 2^32 ≈ 1.1e-6 is above --threshold 1e-9. A known name's odds are the dictionary's
    // size × 2 hashes / 2^32 (about 6.8e-7 for its 1,462 names).
    expect(await run('crack', '--threshold', '1e-9', hex('Cape_07'), hex('Hips'))).toBe(1);
    const known = ((builtInNames().length * 2) / 2 ** 32).toExponential(1);
    expect(stdout).toBe(
      `${hex('Cape_07')}\t(no likely name)\tpossible: Cape_07 (chain-number, expected 1.1e-6)\n${hex('Hips')}\tHips\tknown\tdictionary\texpected ${known}\n`,
    );
    expect(stderr).toMatch(/1 hash has only possible matches, which chance alone would give/);
  });

  it('prints every hash as JSON with --json, and exits 1 on a hash nothing matches', async () => {
    expect(await run('crack', '--json', hex('Cape_07'), '0x00000000')).toBe(1);
    const rows = JSON.parse(stdout) as Record<string, unknown>[];
    expect(rows[0]).toEqual({
      hash: hex('Cape_07'),
      name: 'Cape_07',
      confidence: 'likely',
      family: 'chain-number',
      expectedChance: (4796 * 2) / 2 ** 32,
      evidence: [],
      notes: [],
      candidates: [{ name: 'Cape_07', family: 'chain-number', expectedChance: (4796 * 2) / 2 ** 32, evidence: [] }],
    });
    expect(rows[1]).toMatchObject({ hash: '0x00000000', name: null, confidence: null, family: null, expectedChance: null, candidates: [] });
  });

  it('takes evidence from --hierarchy: the mirror of a name from --names', async () => {
    const names = scratchFile('left-cape.txt', 'L_Cape_07\n');
    const hierarchy = scratchFile(
      'rig.json',
      JSON.stringify({ [hex('Hips')]: [null], [hex('L_Cape_07')]: [hex('Hips')], [hex('R_Cape_07')]: [hex('Hips')] }),
    );
    // R_Cape_07 alone: side-chain-number, 19,184 names × 1 unknown / 2^32 ≈ 4.5e-6, above 3e-6. As the
    // mirror of L_Cape_07 it leans on that known name: (dictionary size) × 3 hashes / 2^32, under
    // 1e-6 while the dictionary holds fewer than 1,400 names.
    expect(await run('crack', '--hierarchy', hierarchy, '--names', names, '--threshold', '3e-6', '--json')).toBe(0);
    const rows = JSON.parse(stdout) as { name: string; confidence: string; evidence: string[] }[];
    expect(rows.map((r) => [r.name, r.confidence])).toEqual([
      ['Hips', 'known'],
      ['L_Cape_07', 'known'],
      ['R_Cape_07', 'likely'],
    ]);
    expect(rows[2].evidence).toEqual(['mirror L_Cape_07 is known']);
    stdout = '';
    expect(await run('crack', '--hierarchy', hierarchy, '--threshold', '3e-6')).toBe(1);
    expect(stdout).toContain(`${hex('R_Cape_07')}\t(no likely name)`);
  });

  it('writes the likely names with --write-names as a file --names reads', async () => {
    const out = join(scratch, 'found.txt');
    expect(await run('crack', '--write-names', out, hex('Cape_07'), hex('Hips'))).toBe(0);
    const dictionary = await loadNameDictionary([out], {});
    expect(dictionary.resolve(zlibCrc32('Cape_07'))).toBe('Cape_07');
    expect(readFileSync(out, 'utf8')).toMatch(/^# Likely bone names[\s\S]*\nCape_07 {2}# /);
  });

  it('reads bones and parents from --skeletons', async () => {
    const rider = join(repoRoot, 'samples', 'anvilnext', 'MAD_CHR_Skel_U.Skeleton');
    expect(await run('crack', '--json', '--skeletons', rider)).toBe(0);
    const rows = JSON.parse(stdout) as { name: string; confidence: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ hash: hex('LeftForeArm'), name: 'LeftForeArm', confidence: 'known' }));
  });

  it('refuses --write-names over the --hierarchy it reads', async () => {
    const hierarchy = scratchFile('rig2.json', JSON.stringify({ [hex('Hips')]: [null] }));
    await expect(run('crack', '--hierarchy', hierarchy, '--write-names', hierarchy)).rejects.toThrow(/--write-names .* is the input file/);
  });

  it('stops at --max-seconds and says which families it did not finish', async () => {
    await run('crack', '--max-seconds', '0.000001', hex('Zq_Unfindable'));
    expect(stderr).toMatch(/stopped after --max-seconds 0\.000001; families not searched to the end: /);
  });

  it('searches a vocabulary with --max-words as one more family, sized by its plan', async () => {
    const words = scratchFile('words.txt', 'Tail\nWing # birds\nTip\n');
    // 3 words joined by '' or '-': 6 joins; 3 × (1 + 6 + 36) = 129 names of up to 3 words.
    expect(await run('crack', '--json', '--only-words', '--words', words, '--max-words', '3', '--separators', '-', hex('Wing-Tip'))).toBe(
      0,
    );
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ name: 'Wing-Tip', family: 'vocabulary', expectedChance: 129 / 2 ** 32 }),
    ]);
  });

  it('shows the library default threshold in its help', () => {
    expect(CLI_DEFAULT_THRESHOLD).toBe(DEFAULT_LIKELY_THRESHOLD);
    expect(DEFAULT_LIKELY_THRESHOLD).toBe(0.05);
  });

  it('rejects bad arguments and bad hierarchy files as usage errors naming the item', async () => {
    await expect(run('crack')).rejects.toThrow(/give hashes, --skeletons/);
    await expect(run('crack', '--threshold', '0', '0x24AECB7C')).rejects.toThrow(/--threshold must be a positive number/);
    await expect(run('crack', '--threshold', 'often', '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('crack', '--max-seconds', '-1', '0x24AECB7C')).rejects.toThrow(/--max-seconds/);
    await expect(run('crack', '--max-words', '0', '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('crack', '--limit', '0', '0x24AECB7C')).rejects.toThrow(UsageError);
    await expect(run('crack', 'nothex')).rejects.toThrow(UsageError);
    await expect(run('crack', '--words', join(scratch, 'missing-words.txt'), '0x24AECB7C')).rejects.toThrow(/missing-words\.txt/);
    const badKey = scratchFile('bad-key.json', '{"Hips": [null]}');
    await expect(run('crack', '--hierarchy', badKey)).rejects.toThrow(/bad-key\.json: key "Hips" is not a hash/);
    const badParent = scratchFile('bad-parent.json', '{"0x00000001": [7]}');
    await expect(run('crack', '--hierarchy', badParent)).rejects.toThrow(/0x00000001: parent 7 is not a hash or null/);
    await expect(run('crack', '--hierarchy', scratchFile('bad.json', '[1'))).rejects.toThrow(/bad\.json: not JSON/);
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
