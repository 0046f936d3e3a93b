/**
 * The viewer at the scale of an archive: `view` on an archive of 3,000 entries written here by hand
 * (test/archive/forge-hand.ts). The list shows before any data file is read, scrolls to the last
 * entry with a bounded pool of rows, filters, reads an entry's data file when it is opened, and
 * groups the archive's refusals under one row. Expected names, counts and offsets are worked out
 * here from what the test wrote.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { BIKE, censusLines, markdownLines, readSkeleton, RIDER, ROOT, sample, viewOfWrittenFiles } from './harness.js';

const SKELETON_CLASS = 0x24aecb7c;
const MESH_CLASS = 0x415d9568;
const ENTRIES = 3000;
/** The entry whose index record the test points outside the archive: the tables refuse it, the others are read. */
const GONE = 1234;
const GONE_ID = 0x6000_0000n + BigInt(GONE);
/** A rig whose data file's checksum the test breaks: refused when it is opened, not before. */
const BROKEN = 2500;
let brokenChecksum = 0;

const filler = (k: number): Uint8Array => Uint8Array.from({ length: 24 }, (_, i) => (i * 7 + k) & 0xff);
const mesh = (k: number): HandEntry => ({
  id: 0x6000_0000n + BigInt(k),
  name: `PROP_Crate_${String(k).padStart(4, '0')}.Mesh`,
  type: MESH_CLASS,
  resources: [{ classHash: MESH_CLASS, id: 0x7000_0000n + BigInt(k), name: `Crate_${k}`, body: filler(k) }],
});
const rig = (k: number, name: string, body: Uint8Array): HandEntry => ({
  id: 0x6000_0000n + BigInt(k),
  name,
  type: SKELETON_CLASS,
  resources: [{ classHash: SKELETON_CLASS, id: 0x7000_0000n + BigInt(k), name: name.replace('CHR_', ''), body }],
});

/** 3,000 entries: the rider first, the bike in the middle, a third rig last; meshes between; entry 1234 pointed past the end. */
function bigArchive(): Uint8Array {
  const entries = Array.from({ length: ENTRIES }, (_, k) => mesh(k));
  entries[0] = rig(0, 'CHR_Rider', sample(RIDER));
  entries[1500] = rig(1500, 'CHR_Bike', sample(BIKE));
  entries[ENTRIES - 1] = rig(ENTRIES - 1, 'CHR_Last', sample(BIKE));
  entries[BROKEN] = rig(BROKEN, 'CHR_Broken', sample(BIKE));
  const layout = handArchive(entries, { version: 27 });
  const bytes = layout.bytes;
  // The broken rig's TOC set: its first data byte (31 bytes into the set) flipped, so its checksum (27 bytes in) no longer matches.
  brokenChecksum = layout.tocSets[BROKEN]! + 27;
  bytes[layout.tocSets[BROKEN]! + 31] ^= 0xff;
  // A v27 index record is offset (i64), id (u64), size (u32): find the entry's id, and move its offset past the archive's end.
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  let at = -1;
  for (let o = 8; o + 8 <= bytes.length; o++)
    if (view.getBigUint64(o, true) === GONE_ID) {
      at = o - 8;
      break;
    }
  expect(at).toBeGreaterThan(0);
  view.setBigInt64(at, BigInt(bytes.length + 4096), true);
  return bytes;
}

let size = 0;
const fixture = viewOfWrittenFiles('anvil-view-scale-', (dir) => {
  const path = join(dir, 'DataPC.forge');
  const bytes = bigArchive();
  size = bytes.length;
  writeFileSync(path, bytes);
  return [path];
});

/** The names of the rows drawn now, in order. */
const drawnNames = (page: Page): Promise<string[]> =>
  page.$$eval('#file-list li:not([hidden]) .file-name', (names) => names.map((n) => n.textContent ?? ''));

const rowCount = (page: Page): Promise<number> => page.$$eval('#file-list li', (rows) => rows.length);

/** Whether a request is the background census's (it marks its reads), not the page's own for what the user opened. */
const byCensus = (r: Request): boolean => r.headers()['x-anvil-census'] === '1';

/** The page, with the data files it asks for itself and those the background census (started by itself) asks for. */
async function openPage(): Promise<{ page: Page; entryRequests: string[]; censusRequests: string[] }> {
  const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const entryRequests: string[] = [];
  const censusRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/entry/')) (byCensus(r) ? censusRequests : entryRequests).push(r.url());
  });
  await page.goto(fixture.view.url);
  return { page, entryRequests, censusRequests };
}

const entryLabel = (k: number, name: string): string => `▸ entry ${k} ${JSON.stringify(name)}`;

describe('the viewer on an archive of 3,000 entries', () => {
  it('lists the archive before any data file is read; scrolls to the last entry with a bounded pool of rows', async () => {
    const { page, entryRequests } = await openPage();
    await page.waitForSelector('#file-list li.row-archive', { timeout: 60_000 });
    // The first rows are on screen and no data file has been asked of the server.
    expect(entryRequests).toEqual([]);
    expect(await page.getAttribute('body', 'data-listed')).toBe('0');
    const first = await drawnNames(page);
    expect(first[0]).toBe(`▾ ${fixture.paths[0]!}`);
    expect(first[1]).toBe(entryLabel(0, 'CHR_Rider'));
    expect(first[2]).toBe(entryLabel(1, 'PROP_Crate_0001.Mesh'));
    // Every entry but the refused one (2,999), and the row of refusals: 3,001 rows of 40 px each.
    const meta = await page.textContent('#file-list li.row-archive .file-meta');
    expect(meta).toBe('archive · 2,999 entries · 4 skeletal data files');
    expect(await page.$eval('#file-list .file-sizer', (s) => (s as HTMLElement).style.height)).toBe(`${(ENTRIES + 1) * 40}px`);
    const pool = await rowCount(page);
    expect(pool).toBeLessThan(60);
    await page.$eval('#file-list', (scroll) => (scroll.scrollTop = scroll.scrollHeight));
    await page.waitForFunction(
      (last) => [...document.querySelectorAll('#file-list li:not([hidden]) .file-name')].some((n) => n.textContent === last),
      entryLabel(ENTRIES - 1, 'CHR_Last'),
      { timeout: 30_000 },
    );
    expect(await rowCount(page)).toBe(pool);
    const end = await drawnNames(page);
    expect(end.at(-1)).toBe('▸ 1 entry refused');
    expect(end.at(-2)).toBe(entryLabel(ENTRIES - 1, 'CHR_Last'));
    expect(entryRequests).toEqual([]);
    await page.close();
  }, 120_000);

  it('filters by name and by class; a resource read is found by its layout', async () => {
    const { page } = await openPage();
    await page.waitForSelector('#file-list li.row-archive', { timeout: 60_000 });
    await page.fill('#file-filter', 'crate_2042');
    await page.waitForFunction(() => document.querySelectorAll('#file-list li:not([hidden])').length === 3);
    expect(await drawnNames(page)).toEqual([`▾ ${fixture.paths[0]!}`, entryLabel(2042, 'PROP_Crate_2042.Mesh'), '▸ 1 entry refused']);
    // No name holds "skeleton": these are the entries the index types Skeleton.
    await page.fill('#file-filter', 'Skeleton');
    await page.waitForFunction(() => document.querySelectorAll('#file-list li:not([hidden])').length === 6);
    expect(await drawnNames(page)).toEqual([
      `▾ ${fixture.paths[0]!}`,
      entryLabel(0, 'CHR_Rider'),
      entryLabel(1500, 'CHR_Bike'),
      entryLabel(BROKEN, 'CHR_Broken'),
      entryLabel(ENTRIES - 1, 'CHR_Last'),
      '▸ 1 entry refused',
    ]);
    // The bike opened (its record read and summarised), then its layout filters.
    await page.click(`#file-list li[data-entry="1500"]`);
    const bike = `${fixture.paths[0]!}: entry 1500 "CHR_Bike": resource 0 "Bike"`;
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, bike, { timeout: 30_000 });
    await page.fill('#file-filter', 'anvilnext');
    await page.waitForFunction(() => document.querySelectorAll('#file-list li:not([hidden])').length === 4);
    expect(await drawnNames(page)).toEqual([`▾ ${fixture.paths[0]!}`, '▾ entry 1500 "CHR_Bike"', bike, '▸ 1 entry refused']);
    await page.close();
  }, 120_000);

  it('opening an entry reads its data file alone, and shows its record: the bone tree of the rider', async () => {
    const { page, entryRequests } = await openPage();
    await page.waitForSelector('#file-list li.row-archive', { timeout: 60_000 });
    await page.click(`#file-list li[data-entry="0"]`);
    const rider = `${fixture.paths[0]!}: entry 0 "CHR_Rider": resource 0 "Rider"`;
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, rider, { timeout: 30_000 });
    expect(entryRequests.map((u) => new URL(u).pathname)).toEqual(['/api/entry/0/0']);
    const bones = readSkeleton(sample(RIDER)).bones.length;
    await page.waitForFunction((n) => document.querySelectorAll('#tree-list button[data-bone]').length === n, bones);
    // The record's row under its entry, selected, with its bone count.
    const row = page.locator(`#file-list li.selected`);
    expect(await row.locator('.file-name').textContent()).toBe(rider);
    expect(await row.locator('.file-meta').textContent()).toContain(`${bones} bones`);
    await page.close();
  }, 120_000);

  it("groups the archive's refusals under one row, which expands to each with its offset and path", async () => {
    const { page } = await openPage();
    await page.waitForSelector('#file-list li.row-archive', { timeout: 60_000 });
    await page.$eval('#file-list', (scroll) => (scroll.scrollTop = scroll.scrollHeight));
    await page.waitForSelector('#file-list li.row-refusals:not([hidden])');
    await page.click('#file-list li.row-refusals');
    await page.waitForFunction(() => document.querySelector('#file-list li.row-refusals .file-name')?.textContent === '▾ 1 entry refused');
    await page.$eval('#file-list', (scroll) => (scroll.scrollTop = scroll.scrollHeight));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#file-list li:not([hidden]) .refusal-text')].some((s) => s.textContent?.startsWith('refused at')),
    );
    const refusal = await page.$$eval('#file-list li:not([hidden]) .file-meta .refusal-text', (spans) =>
      spans.map((s) => s.textContent ?? ''),
    );
    // The index block's entry 1234: its data file lies outside the archive.
    // Entry 1234's index record: header 21 + data header 44 + block 48 = 113, then 20 bytes an entry: 113 + 20 × 1234 = 24793.
    expect(113 + 20 * GONE).toBe(0x60d9);
    expect(refusal.at(-1)).toBe(
      `refused at offset 0x60D9 (24793): indexBlocks[0].entries[${GONE}].offset: expected a data file inside the ${size}-byte archive, got offset ${size + 4096}`,
    );
    // The broken rig opened: its data file is refused, said under its entry, and it joins the group.
    await page.fill('#file-filter', 'CHR_Broken');
    await page.click(`#file-list li[data-entry="${BROKEN}"]`);
    const broken = `${fixture.paths[0]!}: entry ${BROKEN} "CHR_Broken"`;
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, broken, { timeout: 30_000 });
    const hex = `0x${brokenChecksum.toString(16).toUpperCase()}`;
    expect(await page.textContent('#file-list li.selected .refusal-text')).toMatch(
      new RegExp(`^refused at offset ${hex} \\(${brokenChecksum}\\): entries\\[${BROKEN}\\]\\.toc\\.blocks\\[0\\]\\.checksum`),
    );
    await page.fill('#file-filter', '');
    await page.$eval('#file-list', (scroll) => (scroll.scrollTop = scroll.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector('#file-list li.row-refusals .file-name')?.textContent === '▾ 2 entries refused',
    );
    const grouped = await page.$$eval('#file-list li:not([hidden]) .file-name', (n) => n.map((x) => x.textContent ?? ''));
    expect(grouped.slice(-3)).toEqual(['▾ 2 entries refused', fixture.paths[0]!, broken]);
    await page.close();
  }, 120_000);

  it("a link to a record of the archive reads that entry's data file alone and shows the record and its bone", async () => {
    const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const entryRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/entry/') && !byCensus(r)) entryRequests.push(new URL(r.url()).pathname);
    });
    await page.goto(`${fixture.view.url}#file=a0-1500-0&bone=2`);
    const bike = `${fixture.paths[0]!}: entry 1500 "CHR_Bike": resource 0 "Bike"`;
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, bike, { timeout: 30_000 });
    await page.waitForSelector('#tree-list button[data-bone="2"].selected');
    expect(entryRequests).toEqual(['/api/entry/0/1500']);
    // Its row is in view, selected, under its entry (opened for it).
    expect(await page.textContent('#file-list li.selected .file-name')).toBe(bike);
    expect(await drawnNames(page)).toContain('▾ entry 1500 "CHR_Bike"');
    await page.close();
  }, 120_000);

  it('the Census tab: made in a worker in the background with its progress, the sections and numbers of `census --markdown`', async () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'census', fixture.paths[0]!, '--markdown', '-'], {
      encoding: 'utf8',
    });
    expect([0, 1]).toContain(run.status);
    // The table of archives (version, profile, counts per archive) is left out: the page's census does not draw it.
    const beforeArchives = (lines: string[]): string[] => (lines.includes('Archives') ? lines.slice(0, lines.indexOf('Archives')) : lines);
    const expected = beforeArchives(markdownLines(run.stdout).slice(2));
    expect(expected).toContain('Archive refusals');
    const { page, censusRequests } = await openPage();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.click('#tab-census');
    await page.waitForSelector('#census-progress', { timeout: 30_000 });
    await page.waitForSelector('#census-view h2', { timeout: 120_000 });
    const seen = await censusLines(page);
    expect(seen[0]).toBe('Census of the files listed');
    expect(beforeArchives(seen.slice(1))).toEqual(expected);
    // The worker asked for the four skeletal data files, and no other.
    expect(censusRequests.map((u) => new URL(u).pathname).sort()).toEqual(
      ['/api/entry/0/0', '/api/entry/0/1500', `/api/entry/0/${BROKEN}`, `/api/entry/0/${ENTRIES - 1}`].sort(),
    );
    await page.close();
  }, 180_000);

  it('the census under way can be cancelled: its progress line says so, and no report is drawn', async () => {
    const context = await fixture.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    // The data files the census asks for are held back (from the start: it starts by itself once the list is drawn), so it is still under way when the user cancels.
    let held = 0;
    await context.route('**/api/entry/**', () => void held++);
    await page.goto(fixture.view.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.click('#tab-census');
    await page.waitForSelector('#census-cancel', { timeout: 30_000 });
    await page.waitForFunction(() =>
      /^census of the archives: 0 of 4 data files/.test(document.querySelector('#census-progress')?.textContent ?? ''),
    );
    await page.click('#census-cancel');
    expect(await page.textContent('#census-progress')).toBe('census cancelled ');
    expect(await page.$('#census-view h2')).toBeNull();
    expect(held).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it('"check every entry": the background census gives each skeletal entry its badge, as `validate` judges its records', async () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'validate', '--json', fixture.paths[0]!], { encoding: 'utf8' });
    const report = JSON.parse(run.stdout) as { files: { file: string; status: string }[] };
    // Each rig entry's badge as `validate` judges its record (or refuses its data file).
    const expected = report.files
      .map((f) => /: entry (\d+) ("[^"]*")/.exec(f.file))
      .filter((m) => m !== null)
      .map((m) => {
        const status = report.files.find((f) => f.file.includes(`: entry ${m[1]} ${m[2]}`))!.status;
        expect(['valid', 'refused']).toContain(status);
        return [`▸ entry ${m[1]} ${m[2]}`, status];
      });
    expect(expected).toEqual([
      ['▸ entry 0 "CHR_Rider"', 'valid'],
      ['▸ entry 1500 "CHR_Bike"', 'valid'],
      [`▸ entry ${BROKEN} "CHR_Broken"`, 'refused'],
      [`▸ entry ${ENTRIES - 1} "CHR_Last"`, 'valid'],
    ]);
    const { page } = await openPage();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.click('#files-check');
    await page.fill('#file-filter', 'CHR_');
    await page.waitForFunction(() => document.querySelectorAll('#file-list li:not([hidden]) .badge').length === 4, undefined, {
      timeout: 60_000,
    });
    const badges = await page.$$eval('#file-list li.row-entry:not([hidden])', (rows) =>
      rows.map((r) => [r.querySelector('.file-name')?.textContent, r.querySelector('.badge')?.textContent]),
    );
    expect(badges).toEqual(expected);
    // The census behind them is the Census tab's: done, its report is there.
    await page.click('#tab-census');
    await page.waitForSelector('#census-view h2', { timeout: 60_000 });
    await page.close();
  }, 120_000);
});
