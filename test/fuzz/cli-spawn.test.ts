/**
 * The built CLI, as users run it, on a count-inflated file: it must refuse at once with bounded
 * memory, never allocate what the count asks for. Skipped when `dist/cli.js` has not been built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countOffsets } from '../../scripts/fuzz/mutations.js';
import { sampleSeeds } from '../../scripts/fuzz/targets.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

/** Preloaded into the child: reports its own peak memory and CPU time on exit. */
const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\nUSAGE '+JSON.stringify({maxRSS:u.maxRSS,cpuMs:(u.userCPUTime+u.systemCPUTime)/1000})+'\\n')})`;

/** Node itself takes about 50 MiB; anything near what 0xFFFFFFFF elements would need is far above this. */
const MAX_RSS_KIB = 200 * 1024;

describe.skipIf(!existsSync(CLI))('the built CLI on count-inflated files', () => {
  const seeds = sampleSeeds();
  const inflated = [seeds.anvilnextSkeletons[0]!, seeds.scimitarSkeletons[0]!, seeds.components[0]!].map((bytes) => {
    const out = bytes.slice();
    for (const at of countOffsets(bytes)) new DataView(out.buffer).setUint32(at, 0xffffffff, true);
    return out;
  });

  it.each(['validate', 'inspect'])('%s refuses them at once, with bounded memory', (command) => {
    const dir = mkdtempSync(join(tmpdir(), 'anvil-skel-fuzz-spawn-'));
    try {
      for (const [i, bytes] of inflated.entries()) {
        const file = join(dir, `inflated${i}.bin`);
        writeFileSync(file, bytes);
        const started = performance.now();
        const run = spawnSync(process.execPath, ['--import', REPORT_USAGE, CLI, command, file], { encoding: 'utf8', timeout: 10_000 });
        const wallMs = performance.now() - started;
        expect(run.error).toBeUndefined();
        expect(run.status, run.stderr).toBe(1);
        expect(run.stderr).toMatch(/offset 0x[0-9A-F]+ \(\d+\): \S+: expected a count the remaining \d+ bytes can hold/);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        const usage = JSON.parse(/USAGE (.*)/.exec(run.stderr)![1]!) as { maxRSS: number; cpuMs: number };
        expect(usage.maxRSS, 'peak resident memory, KiB').toBeLessThan(MAX_RSS_KIB);
        // CPU time, not wall time: a busy test machine slows the start, not the work.
        expect(usage.cpuMs, 'CPU time, ms').toBeLessThan(1000);
        expect(wallMs, 'wall time, ms').toBeLessThan(5000);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
