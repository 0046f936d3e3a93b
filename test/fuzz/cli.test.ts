/**
 * The CLI on a folder that mixes good samples with truncated, bit-flipped and count-inflated
 * copies: every bad file gets one clear line (offset, field path), never a stack trace, and
 * never stops the others.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResource } from '../../src/formats/resource.js';
import { ParseError } from '../../src/io/errors.js';
import { countOffsets } from '../../scripts/fuzz/mutations.js';
import { Rng } from '../../scripts/fuzz/random.js';
import { sampleSeeds } from '../../scripts/fuzz/targets.js';
import { runCli } from '../helpers/cli.js';

const STACK_TRACE = /\n\s+at /;
const REFUSAL = /offset 0x[0-9A-F]+ \(\d+\): [^\s:]+: expected .+, got .+/;

interface Case {
  file: string;
  good: boolean;
  /** The library's own refusal, for bad files. */
  message?: string;
}

let dir: string;
const cases: Case[] = [];

function refusalOf(bytes: Uint8Array): string | null {
  try {
    readResource(bytes);
    return null;
  } catch (error) {
    if (error instanceof ParseError) return error.message;
    throw error;
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'anvil-skel-fuzz-cli-'));
  mkdirSync(join(dir, 'bad'));
  const rng = new Rng(7);
  for (const sample of sampleSeeds().all) {
    const base = sample.path.replace(/\//g, '_');
    const good = join(dir, base);
    writeFileSync(good, sample.bytes);
    cases.push({ file: good, good: true });
    const bad = (suffix: string, bytes: Uint8Array): void => {
      const message = refusalOf(bytes);
      if (message === null) return; // this copy still decodes: not a bad file
      const file = join(dir, 'bad', `${base}.${suffix}`);
      writeFileSync(file, bytes);
      cases.push({ file, good: false, message });
    };
    // Truncated: just past the header, half way, one byte short.
    bad('cut16', sample.bytes.slice(0, 16));
    bad('cut-half', sample.bytes.slice(0, sample.bytes.length >> 1));
    bad('cut-1', sample.bytes.slice(0, -1));
    // Bit-flipped after the header (so it is still recognised), kept only where the library refuses it.
    for (let k = 0; k < 6; k++) {
      const flipped = sample.bytes.slice();
      const at = 16 + rng.below(flipped.length - 16);
      flipped[at] ^= 1 << rng.below(8);
      bad(`flip${k}`, flipped);
    }
    // Count-inflated: every count of the file set to 0xFFFFFFFF, one at a time (the first three).
    for (const [k, at] of countOffsets(sample.bytes).slice(0, 3).entries()) {
      const inflated = sample.bytes.slice();
      new DataView(inflated.buffer).setUint32(at, 0xffffffff, true);
      bad(`count${k}`, inflated);
    }
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('validate on a folder of good and damaged files', () => {
  it('reports each good file valid and each bad one refused with its offset and field path', async () => {
    expect(cases.filter((c) => !c.good).length).toBeGreaterThan(40);
    const run = await runCli(['validate', '--json', '--roundtrip', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    const report = JSON.parse(run.stdout) as {
      summary: Record<string, number>;
      files: { file: string; status: string; error?: { message: string; offset?: number; path?: string } }[];
    };
    expect(report.summary.files).toBe(cases.length);
    const byFile = new Map(report.files.map((f) => [f.file, f]));
    for (const c of cases) {
      const entry = byFile.get(c.file)!;
      if (c.good) {
        expect(entry.status, c.file).toBe('valid');
      } else {
        expect(entry.status, c.file).toBe('refused');
        expect(entry.error!.message).toBe(c.message);
        expect(entry.error!.message).toMatch(REFUSAL);
        expect(run.stderr).toContain(`${c.file}: ${c.message}\n`);
      }
    }
    expect(report.summary.valid).toBe(cases.filter((c) => c.good).length);
  });

  it('prints one line per bad file without --json, and no stack trace', async () => {
    const run = await runCli(['validate', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(cases.filter((c) => !c.good).length);
    for (const line of lines)
      expect(line).toMatch(new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/bad/\\S+: ${REFUSAL.source}$`));
  });

  it('keeps the good files valid when validated alone', async () => {
    const run = await runCli(['validate', '--roundtrip', ...cases.filter((c) => c.good).map((c) => c.file)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('inspect on damaged files', () => {
  it('exits 1 with `offset 0x… (…): <path>:` on stderr and no stack trace', async () => {
    for (const c of cases.filter((x) => !x.good)) {
      for (const json of [[], ['--json']]) {
        const run = await runCli(['inspect', ...json, c.file]);
        expect(run.code, c.file).toBe(1);
        // In JSON mode stdout still holds one object, with the refusal under `error`.
        if (json.length === 0) expect(run.stdout).toBe('');
        // The message names the file, as every command's refusal does.
        else expect(JSON.parse(run.stdout)).toMatchObject({ file: c.file, error: { kind: 'refused', message: `${c.file}: ${c.message}` } });
        expect(run.stderr).toBe(`${c.file}: ${c.message}\n`);
        expect(run.stderr).toMatch(REFUSAL);
        expect(run.stderr).not.toMatch(STACK_TRACE);
      }
    }
  });

  it('shows every good file', async () => {
    for (const c of cases.filter((x) => x.good)) {
      const run = await runCli(['inspect', c.file]);
      expect(run.code, c.file).toBe(0);
      expect(run.stderr).toBe('');
    }
  });
});
