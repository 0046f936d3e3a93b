/**
 * The viewer's panels as a user meets them, in headless Chromium against the `view` command: what
 * a file's verdict says and in which colour, every panel following the selection (a refused
 * archive, an assembled rig), how values, ids and counts are written, the first read of a large
 * corpus, which segments light for a selected bone, and what a tree search marks. Expected values
 * come from the bytes (read with the seed's layout in harness.ts), the sample names, the named checks'
 * page (docs/checks.md) and the `assemble` command, never from the viewer.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANVILNEXT_READING_DEFAULTS, anvilnextRecordFromSkeleton, writeResource } from '../../src/index.js';
import { rigToSkeleton, type RigBone } from '../../src/samples.js';
import { handArchive } from '../archive/forge-hand.js';
import {
  assembleJson,
  BACKGROUND,
  BIKE,
  drop,
  dropInputs,
  launchBrowser,
  readSkeleton,
  RIDER,
  RIDER_COMPONENT,
  ROOT,
  sample,
  sampleNames,
  SKATER,
  startView,
  u32,
  watchedPage,
} from './harness.js';

let server: ChildProcess;
let url = '';
let browser: Browser;
let ids: Map<string, string>;
const consoleErrors: string[] = [];

const newPage = (): Promise<Page> => watchedPage(browser, consoleErrors);

async function open(page: Page, at = url): Promise<void> {
  await page.goto(at);
  await page.waitForSelector('body[data-ready="true"]');
}

async function openFile(page: Page, name: string): Promise<void> {
  await page.click(`#file-list li[data-id="${ids.get(name)}"]`);
  await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, name);
}

const SKELETON_CLASS = 0x24aecb7c;
const row = (page: Page, name: string) => page.locator(`#file-list li:has(.file-name:text-is(${JSON.stringify(name)}))`);
const hex8 = (n: number): string => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;
const hex16 = (n: bigint): string => `0x${n.toString(16).toUpperCase().padStart(16, '0')}`;
const u64 = (b: Uint8Array, o: number): bigint => new DataView(b.buffer, b.byteOffset).getBigUint64(o, true);

/** The page's own value of a CSS colour variable, as `rgb(r, g, b)` (what getComputedStyle gives for a colour). */
const cssColour = (page: Page, variable: string): Promise<string> =>
  page.evaluate((v) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${v})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);

/** The RGB of the canvas's pixels around each point (CSS pixels of the canvas), from a screenshot decoded by the browser. */
async function canvasPixels(page: Page, points: [number, number][], radius = 1): Promise<number[][][]> {
  const shot = await page.locator('#scene-host canvas').screenshot();
  return page.evaluate(
    async ({ png, points, radius }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, image.width, image.height).data;
      return points.map(([x, y]) => {
        const around: number[][] = [];
        for (let dy = -radius; dy <= radius; dy++)
          for (let dx = -radius; dx <= radius; dx++) {
            const px = Math.round(x) + dx;
            const py = Math.round(y) + dy;
            if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
            const i = 4 * (py * image.width + px);
            around.push([data[i]!, data[i + 1]!, data[i + 2]!]);
          }
        return around;
      });
    },
    { png: shot.toString('base64'), points, radius },
  );
}

/** How many pixels of the canvas are brighter than the background and the grid can be (the grid's lines are at most 0x50). */
async function brightPixels(page: Page): Promise<number> {
  const shot = await page.locator('#scene-host canvas').screenshot();
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) > 120) count++;
    return count;
  }, shot.toString('base64'));
}

/** Hue in degrees and saturation of an RGB colour (HSV). */
function hueOf([r, g, b]: number[]): { hue: number; saturation: number; value: number } {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  const d = max - min;
  let hue = 0;
  if (d > 0) {
    if (max === r) hue = 60 * (((g! - b!) / d + 6) % 6);
    else if (max === g) hue = 60 * ((b! - r!) / d + 2);
    else hue = 60 * ((r! - g!) / d + 4);
  }
  return { hue, saturation: max === 0 ? 0 : d / max, value: max };
}

/** Whether a pixel is the selection's yellow: hue between orange and green, saturated, bright. */
const isSelectionYellow = (rgb: number[]): boolean => {
  const { hue, saturation, value } = hueOf(rgb);
  return hue >= 35 && hue <= 65 && saturation > 0.35 && value > 120;
};

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

describe('the verdict of a file', () => {
  it('a failed Proven check fails the file, in the failure colour; a failed lesser check is a warning, in the warning colour', async () => {
    const page = await newPage();
    await open(page);
    // LeftHandThumb2 (bone 12, a leaf): its stored global position moved 0.5 along x, so its global
    // is no longer its parent's global ∘ its local: global-composition, Proven (docs/checks.md).
    const moved = sample(RIDER).slice();
    const thumb = readSkeleton(moved).bones[12]!;
    const view = new DataView(moved.buffer);
    view.setFloat32(thumb.vectorsAt, view.getFloat32(thumb.vectorsAt, true) + 0.5, true);
    // Bone 5's constant word (7 in every checked bone) made 8: bone-constants, not Proven.
    const odd = sample(RIDER).slice();
    const neck = readSkeleton(odd).bones[5]!;
    expect(u32(odd, neck.end - 12)).toBe(7);
    odd[neck.end - 12] = 8;
    await drop(page, [
      { name: 'odd-constant.Skeleton', bytes: odd },
      { name: 'moved-global.Skeleton', bytes: moved },
    ]);
    const bones = readSkeleton(moved).bones.length;
    const fails = row(page, 'moved-global.Skeleton');
    expect(await fails.locator('.file-meta').textContent()).toBe(
      `Skeleton · anvilnext · ${bones} bones · fails · 1 Proven check failed (global-composition)`,
    );
    const failColour = await cssColour(page, '--fail');
    const warnColour = await cssColour(page, '--warn');
    expect(failColour).not.toBe(warnColour);
    expect(await fails.locator('.verdict').evaluate((e) => getComputedStyle(e).color)).toBe(failColour);
    const warns = row(page, 'odd-constant.Skeleton');
    expect(await warns.locator('.file-meta').textContent()).toBe(
      `Skeleton · anvilnext · ${bones} bones · valid · 1 warning (bone-constants)`,
    );
    expect(await warns.locator('.warnings').evaluate((e) => getComputedStyle(e).color)).toBe(warnColour);
    // The tree and the inspector say the same: the bone fails, the check's line in the failure colour.
    expect(await page.getAttribute('#tree-list button[data-bone="12"]', 'class')).toContain('failing');
    const line = page.locator('#inspector .failure', { hasText: 'global-composition (Proven)' });
    expect(await line.getAttribute('class')).not.toContain('warning');
    await openFile(page, RIDER);
    expect(await row(page, RIDER).locator('.file-meta').textContent()).toBe(`Skeleton · anvilnext · ${bones} bones · valid`);
    await page.close();
  });
});

describe('every panel shows the selection', () => {
  it('a refused archive after a rig: the 3D, tree, hex and inspector show the refusal, none the rig before it', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await page.waitForTimeout(200);
    expect(await page.getAttribute('#scene-host', 'data-bones')).toBe(String(readSkeleton(sample(RIDER)).bones.length));
    expect(await brightPixels(page)).toBeGreaterThan(200);
    // A version the reader refuses (28, at 0x09 after the magic).
    const bike = {
      id: 0x2222n,
      name: 'CHR_Bike.Skeleton',
      type: SKELETON_CLASS,
      resources: [{ classHash: SKELETON_CLASS, id: 0xb1n, name: 'Bike', body: sample(BIKE) }],
    };
    const archive = handArchive([bike], { version: 27 }).bytes;
    new DataView(archive.buffer).setUint32(9, 24, true); // below every reader's version
    await page.setInputFiles('#file-picker', {
      name: 'bad-version.forge',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(archive),
    });
    await page.waitForFunction(() => document.getElementById('current-file')?.textContent === 'bad-version.forge');
    await page.waitForTimeout(200);
    expect(await page.getAttribute('#scene-host', 'data-bones')).toBe('0');
    expect(await brightPixels(page)).toBe(0);
    expect(await page.textContent('#scene-note')).toContain('nothing to draw');
    expect(await page.textContent('#tree-list')).toContain('no bone hierarchy');
    expect(await page.$$eval('#tree-list button', (b) => b.length)).toBe(0);
    expect(await page.textContent('#inspector .refusal-detail')).toMatch(/refused at offset 0x9 \(9\): header\.version/);
    expect(await page.$$eval('#hex-rows .hex-row:not(.hidden) .b', (b) => b.length)).toBe(0);
    expect(await page.textContent('#hex-status')).toBe('');
    expect(await page.textContent('#file-list li.selected .file-name')).toBe('bad-version.forge');
    expect(new URL(page.url()).hash).toMatch(/^#file=local-\d+$/);
    await page.close();
  });

  it('the assembled rig: the header, tree, inspector, hex, 3D and URL are all of it; a link reproduces it', async () => {
    const expected = assembleJson(`samples/${RIDER_COMPONENT}`);
    const names = sampleNames();
    const page = await newPage();
    await open(page);
    await openFile(page, BIKE);
    await page.click('#tab-assembly');
    await page.locator(`#assembly-view section[data-component="${ids.get(RIDER_COMPONENT)}"] button.show-assembly`).click();
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === `assembled rig of ${n}`, RIDER_COMPONENT);
    expect(await page.$$eval('#tree-list button', (b) => b.length)).toBe(expected.boneCount);
    expect(await page.textContent('#tree-count')).toBe(`${expected.boneCount} bones`);
    expect(await page.getAttribute('#scene-host', 'data-bones')).toBe(String(expected.boneCount));
    expect(await page.$$eval('#file-list li.selected', (l) => l.length)).toBe(0);
    expect(await page.$$eval('#hex-rows .hex-row:not(.hidden) .b', (b) => b.length)).toBe(0);
    expect(await page.textContent('#hex-status')).toContain('no bytes of its own');
    expect(await page.textContent('#inspector h3')).toBe(`assembled rig of ${RIDER_COMPONENT}`);
    expect(await page.textContent('#inspector')).toContain(`added${expected.added}`);
    expect(new URL(page.url()).hash).toBe(`#assembly=${ids.get(RIDER_COMPONENT)}`);
    // The last bone was added by an addon: the inspector says which, by the id `assemble` gives.
    const last = expected.boneCount - 1;
    await page.click(`#tree-list button[data-bone="${last}"]`);
    const model = await page.textContent('#bone-model');
    expect(expected.addons.some((a) => a.added > 0 && model!.includes(`fromaddon ${a.id}`))).toBe(true);
    const name = (await page.textContent(`#tree-list button[data-bone="${last}"] span`))!;
    expect([...names.values()]).toContain(name);
    expect(await page.textContent('#inspector h3')).toBe(`bone ${last}: ${name} (assembled rig of ${RIDER_COMPONENT})`);
    expect(new URL(page.url()).hash).toBe(`#assembly=${ids.get(RIDER_COMPONENT)}&bone=${last}`);
    // The URL reproduces the view in a new page.
    const again = await newPage();
    await open(again, page.url());
    expect(await again.textContent('#current-file')).toBe(`assembled rig of ${RIDER_COMPONENT}`);
    expect(await again.getAttribute('#tree-list button.selected', 'data-bone')).toBe(String(last));
    await again.close();
    // A file named in the tab (an addon's) shows that file again, in every panel.
    const addon = expected.addons[0]!.file!.replace(/^samples\//, '');
    await page
      .locator(`#assembly-view a[data-id="${ids.get(addon)}"]`)
      .first()
      .click();
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, addon);
    expect(await page.$$eval('#tree-list button', (b) => b.length)).toBe(readSkeleton(sample(addon)).bones.length);
    expect(await page.textContent('#file-list li.selected .file-name')).toBe(addon);
    expect(await page.textContent('#hex-status')).toContain(`${sample(addon).length} bytes`);
    expect(await page.textContent('#scene-note')).not.toContain('assembled');
    await page.close();
  });
});

describe('values, ids and counts', () => {
  /** The numbers of a text with more significant digits than the 7 the page rounds floats to. */
  /** The inspector's value of the bone's model row `key`. */
  const modelRow = (page: Page, key: string): Promise<string | null | undefined> =>
    page.$$eval(
      '#bone-model tr',
      (rows, k) => (rows as HTMLTableRowElement[]).find((r) => r.cells[0]?.textContent === k)?.cells[1]?.textContent,
      key,
    );
  const unrounded = (text: string): string[] =>
    [...text.matchAll(/-?\d+\.\d+(e[+-]\d+)?/g)]
      .map((m) => m[0])
      .filter((n) => n.replace(/e.*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').length > 7);

  it("a SkeletonComponent's class hashes are named, its null id has 16 digits, its floats are rounded", async () => {
    const bytes = sample(RIDER_COMPONENT);
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER_COMPONENT);
    const value = (path: string) => page.textContent(`#inspector tr.field-row[data-path="${path}"] td:nth-child(3)`);
    // The class hash at offset 8 is the CRC-32 of the class's name.
    expect(u32(bytes, 8)).toBe(crc32('SkeletonComponent'));
    expect(await value('classHash')).toBe(`SkeletonComponent (${hex8(u32(bytes, 8))})`);
    // The id (u64 at 0), the main reference (mode, flag, u64 id at 16) and the expression pack, whose
    // mode 3 at 80 is a null reference: its id, 0, in the 16 digits of the layout's u64 ids.
    expect(await value('id')).toBe(hex16(u64(bytes, 0)));
    expect(await value('mainSkeleton')).toBe(`{ mode: ${bytes[16]}, flag: ${bytes[17]}, id: ${hex16(u64(bytes, 18))} }`);
    expect(bytes[80]).toBe(3);
    expect(await value('expressionPack')).toBe(`{ mode: 3, flag: ${bytes[81]}, id: ${hex16(u64(bytes, 82))} }`);
    expect(u64(bytes, 82)).toBe(0n);
    expect(unrounded((await page.textContent('#inspector'))!)).toEqual([]);
    // A nested class hash in the hex tooltip: the first track definition's, 8 bytes after its id at 94.
    expect(u32(bytes, 102)).toBe(crc32('AnimTrackDefinition'));
    await page.hover('#hex-rows .b[data-o="103"]');
    const tip = await page.textContent('#hex-tip');
    expect(tip).toContain('trackDefinitions[0].classHash');
    expect(tip).toContain(`AnimTrackDefinition (${hex8(u32(bytes, 102))})`);
    expect(tip).not.toContain('f32');
    await page.close();
  });

  it("ids print at their layout's width, small ones too: 16 digits in anvilnext, 8 for scimitar's u32 ids; bone floats rounded", async () => {
    const page = await newPage();
    await open(page);
    // A rig whose ids all fit 32 bits: still u64 ids of the anvilnext layout, 16 digits each.
    const skeleton = rigToSkeleton({
      name: 'small-ids',
      dialect: 'anvilnext',
      id: 0x5000n,
      bones: [
        { name: 'Reference', at: [0, 0, 0] },
        { name: 'Hips', parent: 'Reference', at: [0, 0, 1] },
      ],
    });
    const bytes = writeResource({
      kind: 'Skeleton',
      dialect: 'anvilnext',
      record: anvilnextRecordFromSkeleton(skeleton),
      reading: ANVILNEXT_READING_DEFAULTS,
    });
    await drop(page, [{ name: 'small-ids.Skeleton', bytes }]);
    const fileId = u64(bytes, 0);
    expect(fileId).toBeLessThan(0x1_0000_0000n);
    expect(await page.textContent('#inspector tr.field-row[data-path="id"] td:nth-child(3)')).toBe(hex16(fileId));
    const hips = readSkeleton(bytes).bones[1]!;
    await page.click('#tree-list button[data-bone="1"]');
    expect(await modelRow(page, 'id')).toBe(hex16(u64(bytes, hips.start + 1)));
    // Its parent pointer (02 + the Reference's id) in the record's fields.
    expect(await page.textContent('#inspector tr.field-row[data-path="bones[1].parent"] td:nth-child(3)')).toBe(
      `ref ${hex16(hips.parentId!)}`,
    );
    await openFile(page, RIDER);
    await page.click('#tree-list button[data-bone="3"]');
    expect(unrounded((await page.textContent('#inspector'))!)).toEqual([]);
    await openFile(page, SKATER);
    await page.click('#tree-list button[data-bone="0"]');
    expect(await modelRow(page, 'id')).toMatch(/^0x[0-9A-F]{8}$/);
    await page.close();
  });

  it('counts agree with their nouns everywhere in the page: 23 entries, 1 entry, 1 bone', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    const palette = (n: number): string => JSON.stringify([...Array(n).keys()]);
    await dropInputs(page, [{ name: 'draw23.palette.json', text: palette(23) }]);
    expect(await page.textContent('#skinning-inputs li[data-name="draw23.palette.json"]')).toContain('(23 entries)');
    await dropInputs(page, [{ name: 'draw1.palette.json', text: palette(1) }]);
    expect(await page.textContent('#skinning-inputs li[data-name="draw1.palette.json"]')).toContain('(1 entry)');
    // A rig of one bone: the list, the tree's count and the inspector count it in the singular.
    const skeleton = rigToSkeleton({
      name: 'one',
      dialect: 'anvilnext',
      id: 0x4a00_0000_0002_0000n,
      bones: [{ name: 'Reference', at: [0, 0, 0] }],
    });
    const bytes = writeResource({
      kind: 'Skeleton',
      dialect: 'anvilnext',
      record: anvilnextRecordFromSkeleton(skeleton),
      reading: ANVILNEXT_READING_DEFAULTS,
    });
    await drop(page, [{ name: 'one-bone.Skeleton', bytes }]);
    expect(await row(page, 'one-bone.Skeleton').locator('.file-meta').textContent()).toBe('Skeleton · anvilnext · 1 bone · valid');
    expect(await page.textContent('#tree-count')).toBe('1 bone');
    await page.fill('#tree-search', 'reference');
    expect(await page.textContent('#tree-count')).toBe('1 of 1 bone matches');
    for (const tab of ['census', 'assembly', 'skinning', 'hex']) await page.click(`#tab-${tab}`);
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/entrys|\b1 (bones|entries|files|bytes|checks|warnings|items|offenders|conflicts|frames|MeshBones)\b/);
    await page.close();
  });
});

describe('a large corpus', () => {
  it('1,805 files: progress from the first moment, the list at once, filled in as the files are read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'anvil-view-inventory-'));
    let corpus: Awaited<ReturnType<typeof startView>> | undefined;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sample', dir, '--scale', 'inventory'], { cwd: ROOT });
      corpus = await startView([dir]);
      const total = corpus.ids.size;
      expect(total).toBeGreaterThan(1000);
      const totalText = total.toLocaleString('en-US');
      const page = await newPage();
      // Before any script of the page: every change of the progress line, the rows and readiness, timed.
      await page.addInitScript(() => {
        const w = window as unknown as {
          __states: { t: number; progress: string | null; rows: number; drawn: number; pending: number; ready: boolean }[];
        };
        w.__states = [];
        let last = '';
        const note = (): void => {
          const line = document.getElementById('load-progress');
          const progress = line === null || line.classList.contains('hidden') ? null : line.textContent;
          // The list is virtualised: the rows listed are its height in rows of 40 px; those drawn, the pool's rows shown.
          const sizer = document.querySelector<HTMLElement>('#file-list .file-sizer');
          const rows = sizer === null ? 0 : Math.round(parseFloat(sizer.style.height || '0') / 40);
          const drawn = document.querySelectorAll('#file-list li:not([hidden])').length;
          const pending = document.querySelectorAll('#file-list li:not([hidden]) .pending').length;
          const ready = document.body?.dataset.ready === 'true';
          const key = `${progress}|${rows}|${ready}`;
          if (key === last) return;
          last = key;
          w.__states.push({ t: performance.now(), progress, rows, drawn, pending, ready });
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await page.goto(corpus.url);
      // Half-way, as a user sees it.
      await page.waitForFunction(() => /^reading [1-9]/.test(document.getElementById('load-progress')?.textContent ?? ''), undefined, {
        timeout: 30_000,
      });
      if (process.env.VIEWER_SHOTS !== undefined) await page.screenshot({ path: join(process.env.VIEWER_SHOTS, 'loading.png') });
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      const states = await page.evaluate(
        () =>
          (
            window as unknown as {
              __states: { t: number; progress: string | null; rows: number; drawn: number; pending: number; ready: boolean }[];
            }
          ).__states,
      );
      // Never a blank page: from the first state on, the progress line is up until the page is ready.
      // (Before that, the parser is still putting the page together.)
      const body = states.slice(states.findIndex((s) => s.rows > 0 || (s.progress ?? '') !== '' || s.ready));
      expect(body[0]!.progress).toBe('listing the files…');
      for (const s of body)
        expect((s.progress ?? '') !== '' || (s.rows === total && s.pending === 0) || s.ready, JSON.stringify(s)).toBe(true);
      // The whole list is listed before a file is read (every row drawn waiting), then fills in while the count grows.
      const listed = body.find((s) => s.rows === total)!;
      expect(listed.progress).toBe(`reading 0 of ${totalText} files…`);
      expect(listed.drawn).toBeGreaterThan(5);
      expect(listed.pending).toBe(listed.drawn);
      const counts = body.map((s) => /^reading ([\d,]+) of ([\d,]+) files…$/.exec(s.progress ?? '')).filter((m) => m !== null);
      for (const m of counts) expect(m[2]).toBe(totalText);
      const read = counts.map((m) => Number(m[1]!.replaceAll(',', '')));
      expect(read).toEqual([...read].sort((a, b) => a - b));
      const midway = body.filter((s) => /^reading [1-9]/.test(s.progress ?? ''));
      expect(midway.length).toBeGreaterThan(3);
      expect(midway.every((s) => s.rows === total && !s.ready)).toBe(true);
      // The rows in view are filled in while the rest are still being read.
      expect(midway.some((s) => s.pending < s.drawn)).toBe(true);
      // Done: the line is gone, every row has its verdict, a file is shown.
      expect(states.at(-1)!.progress).toBeNull();
      expect(await page.$$eval('#file-list .pending', (p) => p.length)).toBe(0);
      expect(await page.textContent('#current-file')).not.toBe('');
      await page.close();
    } finally {
      corpus?.child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the 3D and the tree', () => {
  /** A world point on the canvas, in its CSS pixels, through the view-projection the scene publishes. */
  const project = (m: number[], p: number[], width: number, height: number): [number, number] => {
    const clip = [0, 1, 2, 3].map((i) => m[i]! * p[0]! + m[4 + i]! * p[1]! + m[8 + i]! * p[2]! + m[12 + i]!);
    return [((clip[0]! / clip[3]! + 1) / 2) * width, ((1 - clip[1]! / clip[3]!) / 2) * height];
  };

  it("selecting LeftForeArm lights the forearm (its joint to its child's) in the selection's yellow, not the upper arm nor the mirror forearm", async () => {
    const bytes = sample(RIDER);
    const { bones } = readSkeleton(bytes);
    const names = sampleNames();
    const index = (name: string): number => bones.findIndex((b) => names.get(u32(bytes, b.start + 13)) === name);
    const idOf = (i: number): bigint => u64(bytes, bones[i]!.start + 1);
    const forearm = index('LeftForeArm');
    const arm = index('LeftArm');
    const children = bones.map((b, i) => (b.parentId === idOf(forearm) ? i : -1)).filter((i) => i >= 0);
    expect(bones[forearm]!.parentId).toBe(idOf(arm));
    expect(children).toEqual([index('LeftHand')]);
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await page.click('#tree-list button:has-text("LeftForeArm")');
    await page.waitForTimeout(300);
    expect(await page.getAttribute('#scene-host', 'data-lit-segments')).toBe(children.map((c) => `${forearm}>${c}`).join(' '));
    const canvas = page.locator('#scene-host canvas');
    const box = (await canvas.boundingBox())!;
    const m = (await canvas.getAttribute('data-view-projection'))!.split(',').map(Number);
    const along = (from: number, to: number): [number, number][] =>
      [0.15, 0.2, 0.25, 0.3, 0.35, 0.4].map((t) => {
        const a = bones[from]!.globalPosition;
        const b = bones[to]!.globalPosition;
        return project(
          m,
          [0, 1, 2].map((k) => a[k]! + t * (b[k]! - a[k]!)),
          box.width,
          box.height,
        );
      });
    const yellowAt = async (from: number, to: number): Promise<number> =>
      (await canvasPixels(page, along(from, to))).filter((around) => around.some(isSelectionYellow)).length;
    const foreArmPoints = along(forearm, children[0]!);
    const shot = await canvasPixels(page, foreArmPoints);
    expect(shot.some((around) => around.some((p) => Math.abs(p[0]! - BACKGROUND[0]!) > 30))).toBe(true);
    expect(await yellowAt(forearm, children[0]!)).toBeGreaterThanOrEqual(4);
    expect(await yellowAt(arm, forearm)).toBe(0);
    // The mirror side: RightForeArm's forearm is drawn in its pair's colour, which is not the selection's.
    const right = index('RightForeArm');
    const rightHand = index('RightHand');
    const rightPixels = (await canvasPixels(page, along(right, rightHand))).flat();
    expect(rightPixels.some((p) => Math.max(...p) > 120)).toBe(true);
    expect(rightPixels.filter(isSelectionYellow)).toEqual([]);
    // A click on the forearm selects its bone.
    await page.click('#tree-list button:has-text("Hips")');
    const [x, y] = foreArmPoints[1]!;
    await canvas.click({ position: { x, y } });
    expect(await page.textContent('#tree-list button.selected')).toContain('LeftForeArm');
    await page.close();
  });

  it("no mirror pair takes the selection's yellow: a fan of 20 pairs, whose colours go round the hue circle", async () => {
    // Reference, then LeftFan_k (k < 20) and their mirrors RightFan_k, then a tip under each: the
    // segment from each fan bone to its tip is drawn in the colour of its pair.
    const pairs = 20;
    const fan = [...Array(pairs).keys()];
    const rig: RigBone[] = [
      { name: 'Reference', at: [0, 0, 0] },
      ...fan.map((k): RigBone => ({ name: `LeftFan_${k}`, parent: 'Reference', at: [-0.2, 0, 0.1 * k] })),
      ...fan.map((k): RigBone => ({ name: `RightFan_${k}`, parent: 'Reference', at: [0.2, 0, 0.1 * k] })),
      ...fan.map((k): RigBone => ({ name: `LeftFanTip_${k}`, parent: `LeftFan_${k}`, at: [-0.6, 0, 0] })),
      ...fan.map((k): RigBone => ({ name: `RightFanTip_${k}`, parent: `RightFan_${k}`, at: [0.6, 0, 0] })),
    ];
    const skeleton = rigToSkeleton({ name: 'fan', dialect: 'anvilnext', id: 0x4a00_0000_0003_0000n, bones: rig });
    expect(skeleton.bones[1]!.mirror).toBe(1 + pairs); // LeftFan_0 ↔ RightFan_0
    const bytes = writeResource({
      kind: 'Skeleton',
      dialect: 'anvilnext',
      record: anvilnextRecordFromSkeleton(skeleton),
      reading: ANVILNEXT_READING_DEFAULTS,
    });
    const { bones } = readSkeleton(bytes);
    const page = await newPage();
    await open(page);
    await drop(page, [{ name: 'fan.Skeleton', bytes }]);
    await page.waitForTimeout(300);
    const canvas = page.locator('#scene-host canvas');
    const box = (await canvas.boundingBox())!;
    const segments = fan.flatMap((k) => [
      [1 + k, 1 + 2 * pairs + k],
      [1 + pairs + k, 1 + 3 * pairs + k],
    ]);
    const yellowSegments = async (): Promise<number[][]> => {
      const m = (await canvas.getAttribute('data-view-projection'))!.split(',').map(Number);
      const at = (from: number, to: number, t: number): [number, number] => {
        const a = bones[from]!.globalPosition;
        const b = bones[to]!.globalPosition;
        return project(
          m,
          [0, 1, 2].map((k) => a[k]! + t * (b[k]! - a[k]!)),
          box.width,
          box.height,
        );
      };
      const ts = [0.15, 0.2, 0.25, 0.3];
      const pixels = await canvasPixels(
        page,
        segments.flatMap(([from, to]) => ts.map((t) => at(from!, to!, t))),
      );
      // Drawn at all (not the background): else the test would look at nothing.
      expect(pixels.filter((around) => around.some((p) => Math.max(...p) > 120)).length).toBeGreaterThan(segments.length * 2);
      return segments.filter(
        (_, k) => pixels.slice(k * ts.length, (k + 1) * ts.length).filter((around) => around.some(isSelectionYellow)).length >= 2,
      );
    };
    expect(await yellowSegments()).toEqual([]);
    await page.click('#tree-list button[data-bone="8"]'); // LeftFan_7
    await page.waitForTimeout(300);
    expect(await yellowSegments()).toEqual([[8, 1 + 2 * pairs + 7]]);
    await page.close();
  });

  it('a tree search marks the matching rows (class and highlight), keeps their ancestors unmarked, and says how many matched', async () => {
    const bytes = sample(RIDER);
    const { bones } = readSkeleton(bytes);
    const names = sampleNames();
    const boneNames = bones.map((b) => names.get(u32(bytes, b.start + 13))!);
    const thumbs = boneNames.flatMap((n, i) => (n.toLowerCase().includes('thumb') ? [i] : []));
    expect(thumbs.length).toBeGreaterThan(1);
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await page.fill('#tree-search', 'thumb');
    const marked = await page.$$eval('#tree-list button.match', (b) => b.map((x) => Number((x as HTMLElement).dataset.bone)));
    expect(marked.sort((a, b) => a - b)).toEqual(thumbs);
    expect(await page.$$eval('#tree-list button.match mark', (m) => m.map((x) => x.textContent))).toEqual(thumbs.map(() => 'Thumb'));
    expect(await page.textContent('#tree-count')).toBe(`${thumbs.length} of ${bones.length} bones match`);
    // Shown for context, not marked: an ancestor (the hand), drawn without the highlight.
    const hand = boneNames.indexOf('LeftHand');
    const looks = (selector: string) =>
      page.$eval(selector, (e) => `${getComputedStyle(e).backgroundColor} ${getComputedStyle(e).boxShadow}`);
    expect(await page.getAttribute(`#tree-list button[data-bone="${hand}"]`, 'class')).not.toContain('match');
    expect(await looks(`#tree-list button[data-bone="${thumbs[0]}"]`)).not.toBe(await looks(`#tree-list button[data-bone="${hand}"]`));
    await page.fill('#tree-search', 'LeftFoot');
    expect(await page.textContent('#tree-count')).toBe(`1 of ${bones.length} bones matches`);
    await page.fill('#tree-search', 'no-such-bone');
    expect(await page.textContent('#tree-count')).toBe(`0 of ${bones.length} bones match`);
    expect(await page.$$eval('#tree-list button', (b) => b.length)).toBe(0);
    await page.close();
  });
});
