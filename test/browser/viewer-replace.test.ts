/**
 * The Edit tab as a modder uses it, in headless Chromium: an archive assembled by hand
 * (test/archive/forge-hand.ts) holding the rider sample is opened in the page (dropped, or listed by
 * `view archive.forge`), the rider selected, a glTF exported from it and edited here with
 * glTF-Transform (LeftForeArm's node moved) applied through the page's file input, and the archive
 * saved. The download is read back with the library in Node: the same entries, the rider's body the
 * bytes the `import` command writes for the same edit, every other data file byte for byte the
 * original's. An edited `.Skeleton` of another id is refused on saving, with nothing downloaded.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, openForge, readDataFile, type Forge } from '../../src/index.js';
import { compressLzo1x } from '../../src/archive/lzo1x-compress.js';
import { handArchive, type HandLayout } from '../archive/forge-hand.js';
import { bikeEntry, BIKE, componentEntry, COMPONENT_BODY, filler, RIDER, riderEntry, SKATER } from '../archive/forge-fixtures.js';
import { launchBrowser, ROOT, startView, watchedPage } from './harness.js';

const LEFT_FORE_ARM = '0x89B93A80';
/** The edit, in glTF space (y-up): LeftForeArm's node moved by this much. */
const MOVE = [0.1, 0.2, -0.05] as const;
const RIDER_LABEL = (archive: string): string => `${archive}: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"`;

const temp = mkdtempSync(join(tmpdir(), 'anvil-view-replace-'));
const at = (name: string): string => join(temp, name);
const cli = (args: string[]): string =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ANVIL_SKEL_NAMES: '' },
  }).toString();

/**
 * Three data files, every set one LZO1X block: the rider (with a mesh record after it), the bike
 * with the skater, the rider's component.
 */
const layout: HandLayout = handArchive([riderEntry(filler(300, 1)), bikeEntry(), componentEntry()], {
  version: 27,
  compress: compressLzo1x,
});
const ARCHIVE = layout.bytes;

interface ImportReport {
  axes: string;
  changes: { index: number; name: string | null; translation: number[]; rotationDegrees: number }[];
  globalsRecomputed: number[];
}
let edited: Uint8Array;
/** The same export with LeftForeArm's node scaled, and `import`'s refusal of it. */
let scaled: Uint8Array;
let scaledRefusal: { reason: string; message: string };
/** What `import` writes for the edit, and its report. */
let expectedBody: Uint8Array;
let expectedReport: ImportReport;
/** `validate`'s verdict per check on that output, and on the rider itself. */
let expectedChecks: Map<string, string>;
let originalChecks: Map<string, string>;

let server: ChildProcess;
let url = '';
let browser: Browser;
const consoleErrors: string[] = [];

beforeAll(async () => {
  // Export with the CLI, edit as another program would, import with the CLI: the expected bytes.
  writeFileSync(at('rider.Skeleton'), RIDER);
  cli(['export', at('rider.Skeleton'), '-o', at('rider.glb')]);
  const io = new WebIO();
  const doc = await io.readBinary(new Uint8Array(readFileSync(at('rider.glb'))));
  const node = doc
    .getRoot()
    .listNodes()
    .find((n) => (n.getExtras() as { nameHash?: string }).nameHash === LEFT_FORE_ARM)!;
  const t = node.getTranslation();
  node.setTranslation([t[0] + MOVE[0], t[1] + MOVE[1], t[2] + MOVE[2]]);
  edited = await io.writeBinary(doc);
  writeFileSync(at('edited.glb'), edited);
  node.setScale([1.5, 1, 1]);
  scaled = await io.writeBinary(doc);
  writeFileSync(at('scaled.glb'), scaled);
  try {
    cli(['import', '--json', at('rider.Skeleton'), at('scaled.glb'), '-o', at('scaled.Skeleton')]);
    throw new Error('import applied a scaled bone');
  } catch (error) {
    const { stdout } = error as { stdout: Buffer };
    scaledRefusal = (JSON.parse(stdout.toString()) as { error: { reason: string; message: string } }).error;
  }
  const names = join(ROOT, 'samples', 'names.txt');
  expectedReport = JSON.parse(
    cli(['import', '--json', '--names', names, at('rider.Skeleton'), at('edited.glb'), '-o', at('imported.Skeleton')]),
  ) as ImportReport;
  expectedBody = new Uint8Array(readFileSync(at('imported.Skeleton')));
  const validate = (file: string): Map<string, string> => {
    const json = JSON.parse(cli(['validate', '--json', '--names', names, file])) as {
      files: { checks: { id: string; status: string }[] }[];
    };
    return new Map(json.files[0]!.checks.map((c) => [c.id, c.status]));
  };
  expectedChecks = validate(at('imported.Skeleton'));
  originalChecks = validate(at('rider.Skeleton'));

  ({ child: server, url } = await startView());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  server?.kill();
  rmSync(temp, { recursive: true, force: true });
  expect(consoleErrors).toEqual([]);
});

async function newPage(at = url): Promise<Page> {
  const page = await watchedPage(browser, consoleErrors);
  await page.goto(at);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Drops the archive on the page as a user would; resolves once its rider is listed. */
async function dropArchive(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ base64, fileName }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], fileName));
      document.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { base64: Buffer.from(bytes).toString('base64'), fileName: name },
  );
  // Listed by its tables: the rider's entry opened reads its data file and lists its record.
  await page.click('#file-list li[data-entry="0"]');
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('#file-list .file-name')].some((c) => c.textContent === n),
    RIDER_LABEL(name),
  );
}

/** Clicks the listed entry named `name` and waits until it is the one shown. */
async function select(page: Page, name: string): Promise<void> {
  await page
    .locator('#file-list li', { has: page.locator('.file-name', { hasText: name }) })
    .first()
    .click();
  await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, name);
}

/** Picks files in the Edit tab's file input, as the "Apply an edit…" button lets a user. */
async function applyEdit(page: Page, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  await page.setInputFiles(
    '#edit-picker',
    files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: Buffer.from(f.bytes) })),
  );
  await page.waitForFunction((name) => document.querySelector('#edit-result h3')?.textContent === `the edit: ${name}`, files[0]!.name);
}

/** Opens the downloaded archive with the library. */
async function downloaded(download: Download): Promise<{ bytes: Uint8Array; forge: Forge }> {
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  return { bytes, forge: await openForge(bytesSource(bytes)) };
}

/**
 * What the user saved, checked from its bytes: the entries of the original (numbers, names, ids,
 * types), the rider's body the `import` output and its mesh record as it was, and every other data
 * file (entries 1 and 2) byte for byte the original's, wherever it now sits.
 */
async function checkSaved(bytes: Uint8Array, forge: Forge): Promise<{ moved: number }> {
  const original = await openForge(bytesSource(ARCHIVE));
  const shape = (f: Forge) => f.entries.map((e) => [e.number, e.name, e.id, e.resourceType]);
  expect(shape(forge)).toEqual(shape(original));
  const rider = await readDataFile(forge, forge.entries[0]!);
  expect(rider.resources.map((r) => r.name)).toEqual(['Rider', 'Rider_Mesh']);
  expect(Buffer.compare(rider.resources[0]!.body, expectedBody)).toBe(0);
  expect(Buffer.compare(rider.resources[1]!.body, filler(300, 1))).toBe(0);
  for (const n of [1, 2]) {
    const was = layout.dataFiles[n]!;
    const now = forge.entries[n]!;
    expect(now.size).toBe(was.size);
    expect(Buffer.compare(bytes.subarray(now.offset, now.offset + now.size), ARCHIVE.subarray(was.offset, was.offset + was.size))).toBe(0);
  }
  // And they read as the bodies put in.
  const bike = await readDataFile(forge, forge.entries[1]!);
  expect(bike.resources.map((r) => Buffer.from(r.body))).toEqual([Buffer.from(BIKE), Buffer.from(SKATER)]);
  expect(Buffer.compare((await readDataFile(forge, forge.entries[2]!)).resources[0]!.body, COMPONENT_BODY)).toBe(0);
  return { moved: [1, 2].filter((n) => forge.entries[n]!.offset !== layout.dataFiles[n]!.offset).length };
}

/** Applies the edited glTF in the page and checks what the Edit tab says of it against `import`'s own report and `validate`. */
async function applyGltfAndCheck(page: Page): Promise<void> {
  // The Inspector offers the edit for a Skeleton of an archive.
  expect(await page.isVisible('#edit-shortcut')).toBe(true);
  await applyEdit(page, [{ name: 'edited.glb', bytes: edited }]);
  expect(await page.getAttribute('#tab-edit', 'class')).toContain('active');
  const changes = expectedReport.changes;
  expect(changes.map((c) => c.name)).toEqual(['LeftForeArm']);
  const summary = (await page.textContent('#edit-summary'))!;
  expect(summary).toContain(`1 local changed, ${expectedReport.globalsRecomputed.length} more globals recomputed below them`);
  expect(summary).toContain(`axes ${expectedReport.axes}`);
  expect(summary).toContain(`${expectedBody.length} bytes`);
  const rows = await page.$$eval('#edit-changes tbody tr', (trs) =>
    (trs as HTMLTableRowElement[]).map((tr) => [...tr.cells].map((c) => c.textContent)),
  );
  const signed = (v: number): string => (v >= 0 ? `+${v.toFixed(6)}` : v.toFixed(6));
  expect(rows).toEqual(
    changes.map((c) => [String(c.index), c.name, `(${c.translation.map(signed).join(', ')})`, `${c.rotationDegrees.toFixed(4)}°`]),
  );
  // The edited Skeleton's checks, as `validate` judges the file `import` wrote.
  const checks = await page.$$eval('#edit-checks tbody tr', (trs) =>
    (trs as HTMLTableRowElement[]).map((tr): [string, string] => [tr.dataset.check!, tr.cells[3]!.textContent!.replace(/ \(.*\)$/, '')]),
  );
  expect(new Map(checks)).toEqual(expectedChecks);
  const changed = [...expectedChecks].filter(([id, status]) => originalChecks.get(id) !== status).map(([id]) => id);
  const failed = [...expectedChecks].filter(([, status]) => status === 'failed');
  expect(failed).toEqual([]); // validate holds on what import wrote: the page says valid
  expect(await page.textContent('#edit-verdict')).toBe(
    `checks of the edited Skeleton: valid · ${changed.length === 0 ? 'no check changed status' : `changed status: ${changed.join(', ')}`}`,
  );
  expect(await page.isEnabled('#edit-save')).toBe(true);
}

/** Saves, and returns the download with the report the page shows. */
async function save(page: Page): Promise<{ download: Download; rebuilt: string[][]; totals: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#edit-save')]);
  await page.waitForSelector('#edit-totals');
  const rebuilt = await page.$$eval('#edit-rebuilt tbody tr', (trs) =>
    (trs as HTMLTableRowElement[]).map((tr) => [...tr.cells].map((c) => c.textContent ?? '')),
  );
  return { download, rebuilt, totals: (await page.textContent('#edit-totals'))! };
}

describe('apply an edit and save the archive with the Skeleton replaced', () => {
  it('a dropped archive: the glTF applied as `import` applies it, the download the archive with the rider replaced, the rest as it was', async () => {
    const page = await newPage();
    await dropArchive(page, 'hand.forge', ARCHIVE);
    await select(page, RIDER_LABEL('hand.forge'));
    await applyGltfAndCheck(page);
    const { download, rebuilt, totals } = await save(page);
    expect(download.suggestedFilename()).toBe('hand.modded.forge');
    const { bytes, forge } = await downloaded(download);
    const { moved } = await checkSaved(bytes, forge);
    // The report: the rider's data file rebuilt in LZO1X at its place, the sizes of both archives.
    const riderWas = layout.dataFiles[0]!;
    const riderNow = forge.entries[0]!;
    expect(rebuilt).toEqual([
      [
        '0 "CHR_Rider.Skeleton"',
        `${riderWas.size.toLocaleString('en-US')} → ${riderNow.size.toLocaleString('en-US')}`,
        `0x${riderNow.offset.toString(16).toUpperCase()} (${riderNow.offset})`,
        'LZO1X',
      ],
    ]);
    expect(totals).toBe(
      `${moved} later data file${moved === 1 ? '' : 's'} moved, unchanged · archive ${ARCHIVE.length.toLocaleString('en-US')} → ${bytes.length.toLocaleString('en-US')} bytes`,
    );
    expect(await page.textContent('#edit-replaced tbody')).toContain(
      `${RIDER.length.toLocaleString('en-US')} → ${expectedBody.length.toLocaleString('en-US')}`,
    );
    await page.close();
  });

  it('refusals: a scaled bone refused as `import` refuses it, nothing to save; a .Skeleton of another id refused on saving, nothing downloaded', async () => {
    const page = await newPage();
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await dropArchive(page, 'hand.forge', ARCHIVE);
    await select(page, RIDER_LABEL('hand.forge'));
    await applyEdit(page, [{ name: 'scaled.glb', bytes: scaled }]);
    const prefix = `${at('scaled.glb')}: `;
    expect(scaledRefusal.reason).toBe('scale');
    expect(scaledRefusal.message.startsWith(prefix)).toBe(true);
    expect(await page.textContent('#edit-refusal')).toBe(`import refused (scale): ${scaledRefusal.message.slice(prefix.length)}`);
    expect(await page.$('#edit-save')).toBeNull();
    await applyEdit(page, [{ name: 'Bike.Skeleton', bytes: BIKE }]);
    // The object id: the body's first u64, before the class hash at 8 (7C CB AE 24 in both samples).
    const idOf = (b: Uint8Array): bigint => new DataView(b.buffer, b.byteOffset).getBigUint64(0, true);
    expect([BIKE, RIDER].map((b) => new DataView(b.buffer, b.byteOffset).getUint32(8, true))).toEqual([0x24aecb7c, 0x24aecb7c]);
    const [bikeId, riderId] = [idOf(BIKE), idOf(RIDER)];
    expect(bikeId).not.toBe(riderId);
    const hex16 = (id: bigint): string => `0x${id.toString(16).toUpperCase().padStart(16, '0')}`;
    expect(await page.textContent('#edit-summary')).toContain(`taken as it is: a Skeleton ${hex16(bikeId)}`);
    await page.click('#edit-save');
    const refusal = (await (await page.waitForSelector('#edit-save-refusal')).textContent())!;
    expect(refusal).toContain(`it is the Skeleton ${hex16(bikeId)}, and resource 0 of entry 0 is the Skeleton ${hex16(riderId)}`);
    expect(refusal).toContain('a resource replaces only one of its own class and id; nothing written');
    await page.waitForTimeout(500);
    expect(downloads).toEqual([]);
    expect(await page.$('#edit-download')).toBeNull();
    await page.close();
  });

  it('`view archive.forge`: the page reads the listed archive by byte ranges, never whole, and saves the same archive', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'anvil-view-replace-listed-'));
    const path = join(dir, 'DataPC.forge');
    writeFileSync(path, ARCHIVE);
    const listed = await startView([path]);
    try {
      const page = await newPage(listed.url);
      const requests: { method: string; range: string | undefined }[] = [];
      page.on('request', (r) => {
        // The background census's reads of the archive's tables (it marks them) are not the edit's.
        if (r.url().includes('/api/archive/') && r.headers()['x-anvil-census'] !== '1')
          requests.push({ method: r.method(), range: r.headers()['range'] });
      });
      // The archive is listed by its tables: its entry opened, the server reads that data file, the page shows its record.
      await page.click('#file-list li[data-entry="0"]');
      await select(page, RIDER_LABEL(path));
      await applyGltfAndCheck(page);
      const { download } = await save(page);
      expect(download.suggestedFilename()).toBe('DataPC.modded.forge');
      const { bytes, forge } = await downloaded(download);
      await checkSaved(bytes, forge);
      // One HEAD for the size, then ranges only: never the whole archive in one answer.
      expect(requests[0]).toEqual({ method: 'HEAD', range: undefined });
      expect(requests.length).toBeGreaterThan(2);
      for (const r of requests.slice(1)) {
        expect(r.method).toBe('GET');
        const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(r.range ?? '')!.map(Number);
        expect(to! - from! + 1).toBeLessThan(ARCHIVE.length);
      }
      await page.close();
    } finally {
      listed.child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
