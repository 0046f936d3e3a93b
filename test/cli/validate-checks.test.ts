import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnvilnextSkeleton } from '../../src/formats/anvilnext/skeleton.js';
import { readResource, writeResource } from '../../src/formats/resource.js';
import { runCli } from '../helpers/cli.js';

const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';

/** A copy of the rider with one change made to its decoded record, written by the writer. */
function riderWith(change: (resource: { record: AnvilnextSkeleton }) => void): string {
  const resource = readResource(new Uint8Array(readFileSync(RIDER)))!.resource;
  if (resource.kind !== 'Skeleton' || resource.dialect !== 'anvilnext') throw new Error('rider');
  change(resource);
  const dir = mkdtempSync(join(tmpdir(), 'anvil-checks-'));
  const file = join(dir, 'changed.Skeleton');
  writeFileSync(file, writeResource(resource));
  return file;
}

describe('validate runs the named checks', () => {
  it('fails a file whose bone 4 global no longer composes (Proven), naming the bone', async () => {
    const file = riderWith((r) => {
      r.record.bones[4]!.globalPosition[0] += 0.01;
    });
    const run = await runCli(['validate', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('check failed: global-composition (Proven)');
    const where = /bone 4 \(Spine2\) at offset 0x[0-9A-F]+ \((\d+)\), bones\[4\]:/.exec(run.stderr);
    expect(where).not.toBeNull();
    // The offset is where bone 4's record starts: tag 0, u64 id, then the Bone class hash.
    const bytes = readFileSync(file);
    const at = Number(where![1]);
    expect(bytes[at]).toBe(0);
    expect(bytes.readUInt32LE(at + 9)).toBe(0x95741049);
  });

  it('warns on a failed Observed check and exits 0, but fails it under --strict', async () => {
    const file = riderWith((r) => {
      r.record.bones[2]!.constantWord = 9;
    });
    const relaxed = await runCli(['validate', file]);
    expect(relaxed.code).toBe(0);
    expect(relaxed.stderr).toContain('warning: check failed: bone-constants (Observed)');
    expect(relaxed.stdout).toContain('1 check warning');
    expect(relaxed.stdout).not.toContain('1 check warnings');
    const strict = await runCli(['validate', '--strict', file]);
    expect(strict.code).toBe(1);
  });

  it('lists every check with its status and offenders in --json', async () => {
    const file = riderWith((r) => {
      r.record.bones[2]!.constantWord = 9;
    });
    const json = JSON.parse((await runCli(['validate', '--json', file])).stdout);
    const checks = json.files[0].checks as { id: string; status: string; offenders: { bone: number }[] }[];
    expect(checks.find((c) => c.id === 'single-root')!.status).toBe('held');
    expect(checks.find((c) => c.id === 'bone-constants')!.offenders[0]!.bone).toBe(2);
    expect(checks.find((c) => c.id === 'constraint-bone-itself')!.status).toBe('not-applicable');
  });

  it('--no-checks only decodes', async () => {
    const file = riderWith((r) => {
      r.record.bones[4]!.globalPosition[0] += 0.01;
    });
    expect((await runCli(['validate', '--no-checks', file])).code).toBe(0);
  });
});

describe('inspect runs the named checks', () => {
  it('prints the output, lists a failed Proven check with the bone offset on stderr, and exits 1', async () => {
    const file = riderWith((r) => {
      r.record.bones[6]!.globalRotation[2] += 0.05;
    });
    const run = await runCli(['inspect', '--json', file]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).boneCount).toBe(31);
    expect(run.stderr).toMatch(/check failed: global-composition \(Proven\)/);
    expect(run.stderr).toMatch(/bone 6 \(Head\) at offset 0x[0-9A-F]+ \(\d+\), bones\[6\]:/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 0 on the samples, and --no-checks skips them', async () => {
    expect((await runCli(['inspect', 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton'])).code).toBe(0);
    const file = riderWith((r) => {
      r.record.bones[6]!.globalRotation[2] += 0.05;
    });
    const run = await runCli(['inspect', '--no-checks', file]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});
