/**
 * The viewer's time to its first listed row, in headless Chromium against the `view` command from
 * `dist/` (needs `npm run build`): from starting the command to the first row of the Files panel,
 * for a generated archive (version 27) of 20,000 entries, against one of 2,000 and against the
 * bundled samples' page, the three measured in turn in the same run (median of several rounds).
 * Goals: 20,000 entries ≤ 1.5× 2,000 entries (flat in the archive's size), and ≤ 2× the samples.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { writeForge, type ForgeWriterEntry } from '../src/archive/forge-writer.js';
import { inventoryCorpus } from '../src/samples/inventory.js';
import { median, type BenchResult } from './lib.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const ROUNDS = 5;
const SKELETON = 0x24aecb7c;

/** `count` entries, one in ten a Skeleton data file, the others one small resource of another class each. */
function archive(count: number): Uint8Array {
  const skeletons = [...inventoryCorpus({ scale: 1 })].filter((f) => f.path.endsWith('.Skeleton')).map((f) => f.bytes);
  const entries: ForgeWriterEntry[] = Array.from({ length: count }, (_, i) => {
    // From 0x10000: the low ids include bookkeeping entries, never data files.
    const id = BigInt(0x10000 + i);
    if (i % 10 === 0)
      return {
        id,
        name: `CHR_${i}.Skeleton`,
        resourceType: SKELETON,
        resources: [{ classHash: SKELETON, id, name: `Skel_${i}`, body: skeletons[i % skeletons.length]! }],
      };
    const body = Uint8Array.from({ length: 64 }, (_, k) => (k * 31 + i) & 0xff);
    return { id, name: `PROP_${i}.Mesh`, resourceType: 0x415d9568, resources: [{ classHash: 0x415d9568, id, name: `Mesh_${i}`, body }] };
  });
  return writeForge({ profile: 'wildlands', setVersion: 2, version: 27, entries });
}

/** Milliseconds from starting `view <args>` to the first row of the Files panel drawn in the page. */
async function firstRow(browser: Browser, args: string[]): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, [CLI, 'view', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`view exited with ${code}`)));
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('#file-list li:not([hidden]) .file-name', { timeout: 120_000 });
    const ms = performance.now() - start;
    await page.close();
    return ms;
  } finally {
    child.kill('SIGTERM');
  }
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'anvil-bench-view-'));
  const small = join(dir, 'small.forge');
  const large = join(dir, 'large.forge');
  writeFileSync(small, archive(2000));
  writeFileSync(large, archive(20_000));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
  const times = { samples: [] as number[], small: [] as number[], large: [] as number[] };
  try {
    // A first round to warm the disk cache and the browser, not counted.
    await firstRow(browser, [large]);
    for (let round = 0; round < ROUNDS; round++) {
      times.samples.push(await firstRow(browser, []));
      times.small.push(await firstRow(browser, [small]));
      times.large.push(await firstRow(browser, [large]));
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const [samples, smallMs, largeMs] = [median(times.samples), median(times.small), median(times.large)];
  return [
    {
      name: 'view: first listed row, archive of 20,000 entries',
      value: largeMs,
      unit: 'ms',
      ratio: largeMs / smallMs,
      ratioLabel: `× 2,000 entries (${smallMs.toFixed(0)} ms)`,
      goal: 'ratio ≤ 1.5',
      met: largeMs / smallMs <= 1.5,
    },
    {
      name: 'view: first listed row, archive of 20,000 entries against the samples',
      value: largeMs,
      unit: 'ms',
      ratio: largeMs / samples,
      ratioLabel: `× the bundled samples (${samples.toFixed(0)} ms)`,
      goal: 'ratio ≤ 2',
      met: largeMs / samples <= 2,
    },
  ];
}
