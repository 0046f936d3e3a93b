/**
 * The viewer's time to its first listed row, in headless Chromium against the `view` command from
 * `dist/` (needs `npm run build`): from starting the command to the first row of the Files panel,
 * for a generated archive (version 27) of 20,000 entries, against one of 2,000 and against the
 * bundled samples' page, the three measured in turn in the same run (median of several rounds).
 * Goals: 20,000 entries ≤ 1.5× 2,000 entries (flat in the archive's size), and ≤ 2× the samples.
 * In the same pages: the time from opening a Skeleton's entry to its bone tree (20,000 against 2,000
 * entries, goal ≤ 1.5×), and the page's JavaScript heap after scrolling the whole list of 20,000
 * entries against after its first screen (after a collection each; goal ≤ 2×). And a loose folder:
 * the inventory corpus (1,805 files) to its first row against the samples' page (goal ≤ 2×), the
 * folder listed from a stat and a header per file, each body read when the page asks.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeForge, type ForgeWriterEntry } from '../src/archive/forge-writer.js';
import { inventoryCorpus } from '../src/samples/inventory.js';
import { median, type BenchResult } from './lib.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const ROUNDS = 5;
const SKELETON = 0x24aecb7c;

/** `count` entries, one in ten a Skeleton data file, the others one small resource of another class each. */
function archive(count: number): Uint8Array {
  // The bundled rider: a Skeleton every layout check reads, so opening one always ends at its bone tree.
  const rider = new Uint8Array(readFileSync(join(ROOT, 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton')));
  const entries: ForgeWriterEntry[] = Array.from({ length: count }, (_, i) => {
    // From 0x10000: the low ids include bookkeeping entries, never data files.
    const id = BigInt(0x10000 + i);
    if (i % 10 === 0)
      return {
        id,
        name: `CHR_${i}.Skeleton`,
        resourceType: SKELETON,
        resources: [{ classHash: SKELETON, id, name: `Skel_${i}`, body: rider }],
      };
    const body = Uint8Array.from({ length: 64 }, (_, k) => (k * 31 + i) & 0xff);
    return { id, name: `PROP_${i}.Mesh`, resourceType: 0x415d9568, resources: [{ classHash: 0x415d9568, id, name: `Mesh_${i}`, body }] };
  });
  return writeForge({ profile: 'wildlands', setVersion: 2, version: 27, entries });
}

/** What one page gave: its first row, and for an archive the time to a Skeleton's bone tree and the heap before and after scrolling it all. */
interface PageTimes {
  firstRow: number;
  select?: number;
  heapFirst?: number;
  heapScrolled?: number;
}

/** The page's document, as much of it as the bench uses (the bench is typed without the DOM's types). */
type PageDocument = {
  querySelectorAll(selector: string): { length: number };
  getElementById(id: string): { scrollTop: number; scrollHeight: number; clientHeight: number };
};

/** The page's JavaScript heap in use after a collection, in bytes (through the DevTools protocol). */
async function heap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** Starts `view <args>` and times its page: the first row (from the start of the command), and for an archive (`archive`) the rest. */
async function measure(browser: Browser, args: string[], archive = args.length > 0): Promise<PageTimes> {
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
    const times: PageTimes = { firstRow: performance.now() - start };
    if (archive) {
      await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
      // Entry 0 is a Skeleton data file (one in ten), in the first screen: opened, read by the server, decoded, drawn.
      const selected = performance.now();
      await page.click('#file-list li[data-entry="0"]');
      await page.waitForFunction(
        () => (globalThis as unknown as { document: PageDocument }).document.querySelectorAll('#tree-list button[data-bone]').length > 0,
        undefined,
        {
          timeout: 60_000,
        },
      );
      times.select = performance.now() - selected;
      times.heapFirst = await heap(page);
      // A screen at a time to the end, a frame drawn after each.
      await page.evaluate(async () => {
        const scroll = (globalThis as unknown as { document: PageDocument }).document.getElementById('file-list');
        for (let top = 0; top < scroll.scrollHeight; top += scroll.clientHeight) {
          scroll.scrollTop = top;
          await new Promise((r) =>
            (globalThis as unknown as { requestAnimationFrame(f: (t: number) => void): void }).requestAnimationFrame(r),
          );
        }
      });
      times.heapScrolled = await heap(page);
    }
    await page.close();
    return times;
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
  const inventory = join(dir, 'inventory');
  for (const file of inventoryCorpus()) {
    mkdirSync(dirname(join(inventory, file.path)), { recursive: true });
    writeFileSync(join(inventory, file.path), file.bytes);
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
  const times = { samples: [] as PageTimes[], small: [] as PageTimes[], large: [] as PageTimes[], loose: [] as PageTimes[] };
  try {
    // A first round to warm the disk cache and the browser, not counted.
    await measure(browser, [large]);
    await measure(browser, [inventory], false);
    for (let round = 0; round < ROUNDS; round++) {
      times.samples.push(await measure(browser, []));
      times.small.push(await measure(browser, [small]));
      times.large.push(await measure(browser, [large]));
      times.loose.push(await measure(browser, [inventory], false));
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const of = (list: PageTimes[], key: keyof PageTimes): number => median(list.map((t) => t[key]!));
  const [samples, smallMs, largeMs] = [of(times.samples, 'firstRow'), of(times.small, 'firstRow'), of(times.large, 'firstRow')];
  const [smallSelect, largeSelect] = [of(times.small, 'select'), of(times.large, 'select')];
  const [heapFirst, heapScrolled] = [of(times.large, 'heapFirst'), of(times.large, 'heapScrolled')];
  const looseMs = of(times.loose, 'firstRow');
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
    {
      name: "view: opening a Skeleton's entry to its bone tree, archive of 20,000 entries",
      value: largeSelect,
      unit: 'ms',
      ratio: largeSelect / smallSelect,
      ratioLabel: `× 2,000 entries (${smallSelect.toFixed(0)} ms)`,
      goal: 'ratio ≤ 1.5',
      met: largeSelect / smallSelect <= 1.5,
    },
    {
      name: 'view: page heap after scrolling all 20,000 entries',
      value: heapScrolled / 2 ** 20,
      unit: 'MB',
      ratio: heapScrolled / heapFirst,
      ratioLabel: `× after the first screen (${(heapFirst / 2 ** 20).toFixed(1)} MB)`,
      goal: 'ratio ≤ 2',
      met: heapScrolled / heapFirst <= 2,
    },
    {
      name: "view: loose folder: time to first row, inventory corpus vs the samples' page",
      value: looseMs,
      unit: 'ms',
      ratio: looseMs / samples,
      ratioLabel: `× the bundled samples (${samples.toFixed(0)} ms)`,
      goal: 'ratio ≤ 2',
      met: looseMs / samples <= 2,
    },
  ];
}
