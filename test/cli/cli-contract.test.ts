/**
 * The README's CLI contract, run as a user runs the commands: JSON parsed, exit codes read, stderr
 * read. Each case is one break a first pass over the CLI found (issue 26), on files this test writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { breakpointFile, wildlandsFile } from '../helpers/sibling-fixtures.js';
import { runCli } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-cli-contract-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
/** A path in a folder of its own. */
const fresh = (name: string): string => {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  return join(dir, name);
};
const write = (name: string, bytes: Uint8Array | string): string => {
  const path = fresh(name);
  writeFileSync(path, bytes);
  return path;
};

/** The bytes an annotated dump shows: each line is `0xOFFSET  XX XX …  label`. */
function dumpedBytes(dump: string): { offset: number; length: number }[] {
  return dump
    .split('\n')
    .filter((line) => /^0x[0-9A-F]{8} {2}/.test(line))
    .map((line) => {
      const [offset, bytes] = [line.slice(0, 10), line.slice(12)];
      return { offset: Number(offset), length: (/^((?:[0-9A-F]{2} )*[0-9A-F]{2})/.exec(bytes)?.[1] ?? '').split(' ').length };
    });
}

describe('inspect --hex detects the layout as inspect does', () => {
  const cases: [string, Uint8Array][] = [
    ['anvilnext/wildlands', wildlandsFile()],
    ['anvilnext/breakpoint', breakpointFile(true)],
  ];
  it.each(cases)('a valid %s Skeleton is dumped to its end, every byte once, exit 0', async (layout, bytes) => {
    const file = write('Hero.Skeleton', bytes);
    const json = await runCli(['inspect', '--json', file]);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'Skeleton', dialect: layout });
    const run = await runCli(['inspect', '--hex', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('refused');
    // Every byte of the file, in order, with no gap: the layout that read it to its end labelled them.
    let next = 0;
    for (const line of dumpedBytes(run.stdout)) {
      expect(line.offset).toBe(next);
      next += line.length;
    }
    expect(next).toBe(bytes.length);
    // Neither sibling stores BoneDisplayData: the dump names none (anvilnext's reading would).
    expect(run.stdout).not.toContain('displayData');
  });

  it('under a forced layout that refuses it, the dump stops at that layout’s refusal', async () => {
    const file = write('Hero.Skeleton', wildlandsFile());
    const run = await runCli(['inspect', '--hex', '--dialect', 'anvilnext', file]);
    expect(run.code).toBe(1);
    // Bone 0 starts at 21 (u64 id, u32 class, u8 managed, u32 type, u32 count); its tag, id, class, name
    // and two 9-byte pointers take 27 bytes, so the main title's BoneDisplayData tag is at 48.
    expect(run.stdout).toContain('refused: offset 0x30 (48): bones[0].displayData');
    expect(run.stderr).toContain(`${file}: offset 0x30 (48): bones[0].displayData`);
  });
});

void readFileSync;
