/**
 * The background census of `view archive.forge` by itself: started once the list is drawn, its
 * badges on the archive's entries as `validate` judges their records without the Census tab being
 * shown, a selection served while it waits; and the Census tab's table of archives (version,
 * profile, counts) as `census --markdown` gives it. The archive, of 2,400 entries, is written here.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BIKE, censusLines, markdownLines, RIDER, ROOT, sample, viewOfWrittenFiles } from './harness.js';
import { rigArchive } from './rig-archive.js';

const ENTRIES = 2400;
const RIGS = [0, 1200, ENTRIES - 1];

const fixture = viewOfWrittenFiles('anvil-view-census-', (dir) => {
  const path = join(dir, 'DataPC.forge');
  const rigs = new Map([
    [0, { name: 'Rider', body: sample(RIDER) }],
    [1200, { name: 'Bike', body: sample(BIKE) }],
    [ENTRIES - 1, { name: 'Last', body: sample(BIKE) }],
  ]);
  writeFileSync(path, rigArchive(ENTRIES, rigs));
  return [path];
});

const cli = (...args: string[]): string => {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { encoding: 'utf8' });
  expect([0, 1]).toContain(run.status);
  return run.stdout;
};

describe('the background census of a listed archive', () => {
  it('starts by itself: badges as `validate` judges each entry, the Census tab never shown; a selection meanwhile is served first', async () => {
    const report = JSON.parse(cli('validate', '--json', fixture.paths[0]!)) as { files: { file: string; status: string }[] };
    const expected = RIGS.map((k) => {
      const file = report.files.find((f) => f.file.includes(`: entry ${k} "`))!;
      const name = /: entry \d+ ("[^"]*")/.exec(file.file)![1];
      return [`▸ entry ${k} ${name}`, file.status];
    });
    expect(expected.map(([, status]) => status)).toEqual(['valid', 'valid', 'valid']);
    const context = await fixture.browser.newContext({ viewport: { width: 1400, height: 900 } });
    // The census's reads (it marks them) are held until released; the page's own go through.
    const held: Route[] = [];
    let release = false;
    await context.route('**/api/entry/**', (route) => {
      if (route.request().headers()['x-anvil-census'] === '1' && !release) held.push(route);
      else void route.continue();
    });
    const page = await context.newPage();
    await page.goto(fixture.view.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.waitForFunction(() =>
      /^census of the archives: 0 of 3 data files/.test(document.querySelector('#census-progress')?.textContent ?? ''),
    );
    // Its first data file asked for, and held (the progress is posted before it is asked).
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
    // The bike selected while the census waits on its first data file: shown, the census still at 0.
    await page.fill('#file-filter', 'CHR_Bike');
    await page.click('#file-list li[data-entry="1200"]');
    const bike = `${fixture.paths[0]!}: entry 1200 "CHR_Bike": resource 0 "Bike"`;
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, bike, { timeout: 30_000 });
    expect(await page.textContent('#census-progress')).toMatch(/^census of the archives: 0 of 3 data files/);
    expect(await page.$$eval('#file-list .badge', (b) => b.length)).toBe(0);
    release = true;
    for (const route of held) await route.continue();
    await page.fill('#file-filter', 'CHR_');
    await page.waitForFunction(() => document.querySelectorAll('#file-list li:not([hidden]) .badge').length === 3, undefined, {
      timeout: 60_000,
    });
    const badges = await page.$$eval('#file-list li.row-entry:not([hidden])', (rows) =>
      rows.map((r) => [r.querySelector('.file-name')?.textContent, r.querySelector('.badge')?.textContent]),
    );
    // The bike's entry is open (its record listed under it): its arrow says so.
    expect(badges).toEqual(expected.map(([name, status]) => [name!.replace('▸ entry 1200', '▾ entry 1200'), status]));
    await page.waitForFunction(() =>
      /^census of the archives: done, 3 data files read/.test(document.querySelector('#census-progress')?.textContent ?? ''),
    );
    expect(await page.isVisible('#census-view')).toBe(false);
    await context.close();
  }, 120_000);

  it("the Census tab's table of archives: each archive's version, profile and counts as `census --markdown` gives them", async () => {
    // The table's alignment row aside (not a line a reader sees).
    const expected = markdownLines(cli('census', fixture.paths[0]!, '--markdown', '-')).slice(2);
    expect(expected).toContain('Archives');
    const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(fixture.view.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.click('#tab-census');
    await page.waitForSelector('#census-view h2', { timeout: 120_000 });
    const seen = await censusLines(page);
    expect(seen[0]).toBe('Census of the files listed');
    expect(seen.slice(1)).toEqual(expected.filter((line) => !/^[-: |]+$/.test(line)));
    await page.close();
  }, 120_000);
});

// The same archive served by `view --forge-profile steep`: the page's census opens it with that profile, as `census --forge-profile steep` does.
const steep = viewOfWrittenFiles(
  'anvil-view-census-steep-',
  (dir) => {
    const path = join(dir, 'DataPC.forge');
    writeFileSync(path, rigArchive(24, new Map([[3, { name: 'Rider', body: sample(RIDER) }]])));
    return [path];
  },
  ['--forge-profile', 'steep'],
);

describe('the background census of an archive served with --forge-profile', () => {
  it("the Census tab's table of archives names the profile the server was told, as `census --forge-profile` does", async () => {
    const expected = markdownLines(cli('census', steep.paths[0]!, '--forge-profile', 'steep', '--markdown', '-')).slice(2);
    const detected = markdownLines(cli('census', steep.paths[0]!, '--markdown', '-')).slice(2);
    // Worked out from the archive: detection names another profile, so the table tells them apart.
    const archiveRow = (lines: string[]): string | undefined => lines.find((line) => line.includes('DataPC.forge | 27 |'));
    expect(archiveRow(expected)).toMatch(/DataPC\.forge \| 27 \| steep \| 24 \| 1 \|/);
    expect(archiveRow(detected)).toMatch(/DataPC\.forge \| 27 \| wildlands \|/);
    const page = await steep.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(steep.view.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.click('#tab-census');
    await page.waitForSelector('#census-view h2', { timeout: 120_000 });
    const seen = await censusLines(page);
    expect(seen.slice(1)).toEqual(expected.filter((line) => !/^[-: |]+$/.test(line)));
    await page.close();
  }, 120_000);
});
