/**
 * An archive picked in the page (not served by `view`): listed by its tables like one `view`
 * serves, its first rows drawn before any data file is read, an entry's data file read when the
 * entry is opened, and the Census tab made by the background worker (which asks the page for the
 * data files, read from the file itself) equal to the `census` command's on the same file.
 * The archive, of 2,400 entries, is written here by hand (test/archive/forge-hand.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BIKE, censusLines, markdownLines, readSkeleton, RIDER, ROOT, sample, viewOfWrittenFiles } from './harness.js';
import { rigArchive } from './rig-archive.js';

const ENTRIES = 2400;
const NAME = 'DataPC.forge';

/** 2,400 entries: the rider first, the bike in the middle, another bike last, meshes between. */
const archive = (): Uint8Array =>
  rigArchive(
    ENTRIES,
    new Map([
      [0, { name: 'Rider', body: sample(RIDER) }],
      [1200, { name: 'Bike', body: sample(BIKE) }],
      [ENTRIES - 1, { name: 'Last', body: sample(BIKE) }],
    ]),
  );

let bytes: Uint8Array;
const fixture = viewOfWrittenFiles('anvil-view-dropped-', (dir) => {
  bytes = archive();
  writeFileSync(join(dir, NAME), bytes);
  // The server lists an empty folder: the page holds the picked archive alone.
  mkdirSync(join(dir, 'empty'));
  return [join(dir, 'empty')];
});

const drawnNames = (page: Page): Promise<string[]> =>
  page.$$eval('#file-list li:not([hidden]) .file-name', (names) => names.map((n) => n.textContent ?? ''));

/** The page with the archive picked in its file input, once its first rows are drawn. */
async function pickedArchive(): Promise<Page> {
  const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(fixture.view.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  await page.setInputFiles('#file-picker', { name: NAME, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  await page.waitForSelector('body[data-archive-listed]', { timeout: 30_000 });
  return page;
}

/** The `census` command on the archive, named as the page names it (run in its folder). */
const census = (format: '--markdown' | '--json'): string => {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'census', NAME, format, '-'], { cwd: fixture.dir, encoding: 'utf8' });
  expect([0, 1]).toContain(run.status);
  return run.stdout;
};

describe('an archive picked in the page', () => {
  it('is listed by its tables before any data file is read; an entry opened reads its data file alone and shows its bone tree', async () => {
    const page = await pickedArchive();
    // Listed with no data file read.
    expect(await page.getAttribute('body', 'data-archive-listed')).toBe('0');
    const first = await drawnNames(page);
    expect(first.slice(0, 3)).toEqual(['▾ DataPC.forge', '▸ entry 0 "CHR_Rider"', '▸ entry 1 "PROP_Barrel_0001.Mesh"']);
    expect(await page.textContent('#file-list li.row-archive .file-meta')).toBe('archive · 2,400 entries · 3 skeletal data files');
    // 2,400 entries and the archive's row, 40 px each; a bounded pool of rows drawn.
    expect(await page.$eval('#file-list .file-sizer', (s) => (s as HTMLElement).style.height)).toBe(`${(ENTRIES + 1) * 40}px`);
    expect(await page.$$eval('#file-list li', (rows) => rows.length)).toBeLessThan(60);
    await page.click('#file-list li[data-entry="0"]');
    const rider = `${NAME}: entry 0 "CHR_Rider": resource 0 "Rider"`;
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, rider, { timeout: 30_000 });
    const bones = readSkeleton(sample(RIDER)).bones.length;
    await page.waitForFunction((n) => document.querySelectorAll('#tree-list button[data-bone]').length === n, bones);
    expect(await page.locator('#file-list li.selected .file-meta').textContent()).toContain(`${bones} bones`);
    // Its data file alone was read.
    expect(await page.getAttribute('body', 'data-entry-reads')).toBe('1');
    await page.close();
  }, 120_000);

  it('the Census tab: made in the background from the file, the sections and numbers of `census --markdown` on it', async () => {
    // The table's alignment row aside (not a line a reader sees).
    const expected = markdownLines(census('--markdown')).slice(2);
    const json = JSON.parse(census('--json')) as { files: number; archives: { entries: number; skeletons: number }[] };
    expect(json.archives[0]).toMatchObject({ entries: ENTRIES, skeletons: 3 });
    const page = await pickedArchive();
    await page.click('#tab-census');
    await page.waitForSelector('#census-view h2', { timeout: 120_000 });
    const seen = await censusLines(page);
    expect(seen[0]).toBe('Census of the files listed');
    // Every section, the table of archives too (its version, profile and counts).
    expect(expected).toContain('Archives');
    expect(seen.slice(1)).toEqual(expected.filter((line) => !/^[-: |]+$/.test(line)));
    await page.close();
  }, 180_000);
});
