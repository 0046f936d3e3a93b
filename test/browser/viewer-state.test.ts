/**
 * The viewer as one state: the URL is a projection of the selection (the file or rig shown and
 * its bone), written as the user selects and read back on back and forward, with every panel
 * following; and the Census tab drawn from the census report, the same sections and numbers as the
 * `census` command's own Markdown of the bundled samples.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BIKE,
  censusLines,
  drop,
  launchBrowser,
  markdownLines,
  readSkeleton,
  RIDER,
  ROOT,
  sample,
  SKATER,
  startView,
  watchedPage,
} from './harness.js';

let server: ChildProcess;
let url = '';
let browser: Browser;
let ids: Map<string, string>;
const consoleErrors: string[] = [];

const newPage = (): Promise<Page> => watchedPage(browser, consoleErrors);

beforeAll(async () => {
  ({ child: server, url, ids } = await startView());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

const hashOf = (page: Page): string => new URL(page.url()).hash;
const shown = (page: Page, name: string) => page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, name);

async function select(page: Page, name: string): Promise<void> {
  await page.click(`#file-list li[data-id="${ids.get(name)}"]`);
  await shown(page, name);
}

/** What the panels say of the selection: the header, the list's row, the tree's bone, the inspector's title, the tab shown. */
async function panels(page: Page) {
  return page.evaluate(() => ({
    header: document.getElementById('current-file')!.textContent,
    row: document.querySelector('#file-list li.selected')?.getAttribute('data-id') ?? null,
    bone: document.querySelector('#tree-list button.selected')?.getAttribute('data-bone') ?? null,
    inspector: document.querySelector('#inspector h3')?.textContent ?? '',
    hexStatus: document.getElementById('hex-status')!.textContent,
    tab: document.querySelector('.tab.active, [id^="tab-"].active')?.id ?? null,
  }));
}

describe('the URL, a projection of the selection', () => {
  it('selecting files and a bone writes it, a tab does not; back and forward bring each selection back in every panel', async () => {
    const page = await newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    // The first view is chosen by the page, not the user: it replaces the entry the page was opened at.
    const first = hashOf(page);
    expect(first).toMatch(/^#file=/);
    const historyAtStart = await page.evaluate(() => history.length);

    await select(page, SKATER);
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(SKATER)!)}`);
    await select(page, RIDER);
    await page.click('#tree-list button[data-bone="3"]');
    // Another bone of the same file: the same history entry, the URL naming it.
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(RIDER)!)}&bone=3`);
    await select(page, BIKE);
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(BIKE)!)}`);
    expect(await page.evaluate(() => history.length)).toBe(historyAtStart + (first.includes(encodeURIComponent(ids.get(SKATER)!)) ? 2 : 3));
    // A tab is not a selection: the URL stays.
    await page.click('#tab-census');
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(BIKE)!)}`);
    expect(await page.isVisible('#census-view')).toBe(true);

    // Back: the rider with its bone 3, in every panel, shown in its bytes.
    await page.goBack();
    await shown(page, RIDER);
    await page.waitForFunction(() => document.querySelector('#tree-list button.selected')?.getAttribute('data-bone') === '3');
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(RIDER)!)}&bone=3`);
    let p = await panels(page);
    expect(p.row).toBe(ids.get(RIDER));
    expect(p.inspector).toMatch(/^bone 3: /);
    expect(p.hexStatus).toMatch(/bone 3 record 0x/);
    expect(p.tab).toBe('tab-hex');
    expect(await page.isVisible('#hex-view')).toBe(true);
    expect(await page.isVisible('#census-view')).toBe(false);

    // Back again: the skater, no bone; the bone's selection was not an entry of its own.
    await page.goBack();
    await shown(page, SKATER);
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(SKATER)!)}`);
    p = await panels(page);
    expect(p.row).toBe(ids.get(SKATER));
    expect(p.bone).toBeNull();
    expect(p.inspector).not.toMatch(/^bone /);

    // Forward, twice: the rider with bone 3, then the bike.
    await page.goForward();
    await shown(page, RIDER);
    await page.waitForFunction(() => document.querySelector('#tree-list button.selected')?.getAttribute('data-bone') === '3');
    expect((await panels(page)).inspector).toMatch(/^bone 3: /);
    await page.goForward();
    await shown(page, BIKE);
    p = await panels(page);
    expect(p.row).toBe(ids.get(BIKE));
    expect(p.bone).toBeNull();
    expect(hashOf(page)).toBe(`#file=${encodeURIComponent(ids.get(BIKE)!)}`);
    await page.close();
  });
});

/** The panels drawn by what `act` does: the performance measures `viewer:<panel>` the page records for each draw. */
async function drawnBy(page: Page, act: () => Promise<void>): Promise<string[]> {
  await page.evaluate(() => performance.clearMeasures());
  await act();
  return page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('measure')
        .map((m) => m.name)
        .filter((n) => n.startsWith('viewer:'))
        .map((n) => n.slice('viewer:'.length)),
    ),
  ]);
}

describe('one update, the panels that depend on what changed', () => {
  it('a bone redraws the hex, 3D, tree and inspector; the pose the 3D and inspector; a tab the tabs; a file every panel of the selection', async () => {
    const page = await newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    await select(page, RIDER);
    const bone = await drawnBy(page, () => page.click('#tree-list button[data-bone="5"]'));
    expect(bone.sort()).toEqual(['hex', 'inspector', 'scene', 'tree']);
    const pose = await drawnBy(page, () => page.click('#pose-runtime'));
    expect(pose.sort()).toEqual(['inspector', 'scene']);
    const search = await drawnBy(page, () => page.fill('#tree-search', 'hips'));
    expect(search).toEqual(['tree']);
    const tab = await drawnBy(page, () => page.click('#tab-skinning'));
    expect(tab.sort()).toEqual(['assembly', 'census', 'hex', 'tabs']); // the reports and the hex look at the tab, and draw nothing for this one
    expect(await page.$$eval('#census-view > *', (n) => n.length)).toBe(0); // the census is made only when its tab is shown
    const file = await drawnBy(page, () => select(page, BIKE));
    expect(file.sort()).toEqual(['edit', 'files', 'header', 'hex', 'inspector', 'read', 'scene', 'skinning', 'tree', 'webgl']);
    await page.close();
  });
});

/** `census --markdown` (the built command) over `files`, named as given from `dir`, with the samples' names file; past its title and source line. */
function commandLines(dir: string, files: readonly string[]): string[] {
  const args = [join(ROOT, 'dist/cli.js'), 'census', ...files, '--names', join(ROOT, 'samples/names.txt'), '--markdown', '-'];
  // Exit 1 says the census is not ok (a refusal); the Markdown is the same.
  const run = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
  expect([0, 1]).toContain(run.status);
  return markdownLines(run.stdout).slice(2);
}

describe('the Census tab', () => {
  it('shows the census of the bundled samples: the sections, sentences and numbers of `census --markdown`', async () => {
    // The command over the files the page lists, named as it lists them, with the same names file.
    const listed = [...ids.keys()];
    const expected = commandLines(join(ROOT, 'samples'), listed);
    expect(expected).toContain(
      `${listed.length} files: 8 Skeletons (7 anvilnext, 1 scimitar), 2 SkeletonComponents, 0 of other classes skipped.`,
    );
    const page = await newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#tab-census');
    await page.waitForSelector('#census-view h2');
    const seen = await censusLines(page);
    expect(seen[0]).toBe('Census of the files listed');
    expect(seen.slice(1)).toEqual(expected);
    await page.close();
  });

  it('with a refused Skeleton dropped: its refusal listed under its layout and its Bone table, linked to it, the counts as the command gives them', async () => {
    const bytes = sample(RIDER).slice();
    const third = readSkeleton(bytes).bones[3]!.start;
    bytes[third + 9] ^= 0xff; // the Bone class of bones[3]
    const dir = mkdtempSync(join(tmpdir(), 'viewer-census-'));
    try {
      const listed = [...ids.keys()];
      for (const name of listed) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        copyFileSync(join(ROOT, 'samples', name), join(dir, name));
      }
      writeFileSync(join(dir, 'hostile.Skeleton'), bytes);
      const expected = commandLines(dir, [...listed, 'hostile.Skeleton']);
      expect(expected).toContain('Refused (1):');
      const page = await newPage();
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]');
      await drop(page, [{ name: 'hostile.Skeleton', bytes }]);
      await page.click('#tab-census');
      await page.waitForSelector('#census-view h2');
      expect((await censusLines(page)).slice(1)).toEqual(expected);
      // Wherever the report names the file (under the layout's table, under its Bone table), it is a link that selects it.
      const named = await page.$$eval('#census-view code', (codes) =>
        codes.filter((c) => c.textContent === 'hostile.Skeleton').map((c) => c.closest('a')?.getAttribute('href') ?? null),
      );
      expect(named.length).toBeGreaterThanOrEqual(2);
      expect(new Set(named)).toEqual(new Set(['#file=local-1']));
      await page.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
