/**
 * The viewer end to end, in real headless Chromium against the `view` command itself (default: the
 * bundled samples). Expected offsets and values are worked out here from the bytes with the seed's
 * layout (harness.ts reads them), never read back from the viewer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ANVILNEXT_READING_DEFAULTS,
  anvilnextRecordFromSkeleton,
  readResource,
  writeResource,
  type SkeletonComponent,
} from '../../src/index.js';
import { inventoryCorpus, rigToSkeleton, type RigBone } from '../../src/samples.js';
import { raw } from '../helpers/raw-http.js';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { BONE0, common, ORIENTATION_CONSTRAINT, ROLL, skeletonWith, TARGET } from '../helpers/wildlands-modifier-fixtures.js';
import {
  assembleJson,
  BACKGROUND,
  BIKE,
  drop,
  dropInputs,
  launchBrowser,
  nextRecord,
  readBone,
  readSkeleton,
  recordOf,
  RIDER,
  RIDER_COMPONENT,
  ROOT,
  sample,
  startView,
  u32,
  watchedPage,
} from './harness.js';

let server: ChildProcess;
let url = '';
let port = 0;
let browser: Browser;
let ids: Map<string, string>;
const consoleErrors: string[] = [];

/** q · v · q⁻¹ for a unit quaternion (x, y, z, w). */
function rotate(q: number[], v: number[]): number[] {
  const [x, y, z, w] = q as [number, number, number, number];
  const [vx, vy, vz] = v as [number, number, number];
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

/** The Hamilton product a · b of quaternions (x, y, z, w). */
function multiply(a: number[], b: number[]): number[] {
  const [ax, ay, az, aw] = a as [number, number, number, number];
  const [bx, by, bz, bw] = b as [number, number, number, number];
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** Jumps through the hex panel in 20 steps, timing each frame, and reads the last row shown. */
const scrollJumps = (page: Page): Promise<{ frames: number[]; last: string | null | undefined; count: number }> =>
  page.evaluate(async () => {
    const scroll = document.getElementById('hex-scroll')!;
    const frames: number[] = [];
    for (let k = 1; k <= 20; k++) {
      const t = performance.now();
      scroll.scrollTop = (scroll.scrollHeight * k) / 20;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      frames.push(performance.now() - t);
    }
    // The panel draws in the frame after the scroll event: wait for it before reading the rows.
    for (let k = 0; k < 2; k++) await new Promise((r) => requestAnimationFrame(() => r(null)));
    const last = [...document.querySelectorAll<HTMLElement>('#hex-rows .hex-row:not(.hidden) .hex-off')].map((e) => e.textContent);
    return { frames, last: last[last.length - 1], count: document.querySelectorAll('#hex-rows .b').length };
  });

// ---- the page -------------------------------------------------------------------------------------

async function newPage(watchConsole = true): Promise<Page> {
  // Errors an unwatched page logs are pushed where no test looks.
  return watchedPage(browser, watchConsole ? consoleErrors : []);
}

async function open(page: Page, hash = ''): Promise<void> {
  await page.goto(`${url}${hash}`);
  await page.waitForSelector('body[data-ready="true"]');
}

async function openFile(page: Page, name: string): Promise<void> {
  await page.click(`#file-list li[data-id="${ids.get(name)}"]`);
  await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, name);
}

const inBoneOffsets = (page: Page): Promise<number[]> =>
  page.$$eval('#hex-rows .b.in-bone', (cells) => cells.map((c) => Number((c as HTMLElement).dataset.o)));

const dataValue = async (page: Page, id: string): Promise<number[]> =>
  (await page.getAttribute(`#${id}`, 'data-value'))!.split(',').map(Number);

beforeAll(async () => {
  ({ child: server, url, port, ids } = await startView());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

describe('the viewer', () => {
  it('selects a bone in the tree: inspector fields and the hex highlight of its record', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    const bytes = sample(RIDER);
    const start = recordOf(bytes, 'LeftArm');
    const end = nextRecord(bytes, start);
    await page.click('#tree-list button:has-text("LeftArm")');
    const model = await page.textContent('#bone-model');
    expect(model).toContain('LeftArm');
    expect(model).toContain(`0x${crc32('LeftArm').toString(16).toUpperCase().padStart(8, '0')}`);
    // The parent pointer (02 + id at record + 17) names the LeftShoulder record's id.
    const parentId = readBone(bytes, start).parentId!;
    const shoulder = recordOf(bytes, 'LeftShoulder');
    expect(new DataView(bytes.buffer).getBigUint64(shoulder + 1, true)).toBe(parentId);
    expect(model).toMatch(/parent\s*\d+ LeftShoulder/);
    const inspector = await page.textContent('#inspector');
    expect(inspector).toContain(`record at 0x${start.toString(16).toUpperCase()} (${start}), ${end - start} bytes`);
    for (const field of [
      'nameHash',
      'parent',
      'mirror',
      'globalPosition',
      'globalRotation',
      'localPosition',
      'localRotation',
      'packedWord',
    ])
      expect(inspector).toContain(field);
    const highlighted = await inBoneOffsets(page);
    expect(Math.min(...highlighted)).toBe(start);
    expect(Math.max(...highlighted)).toBe(end - 1);
    expect(highlighted).toHaveLength(end - start);
    expect(page.url()).toContain(`bone=`);
    await page.close();
  });

  it("clicking a byte in another bone's record moves the selection to that bone and field", async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await page.click('#tree-list button:has-text("LeftArm")');
    const bytes = sample(RIDER);
    const other = recordOf(bytes, 'RightForeArm');
    const nameByte = other + 14; // inside the name hash, bytes 13–16 of the record
    await page.evaluate(
      (row) => {
        document.getElementById('hex-scroll')!.scrollTop = row * 18;
      },
      Math.floor(nameByte / 16) - 2,
    );
    await page.waitForSelector(`#hex-rows .b[data-o="${nameByte}"]`);
    await page.click(`#hex-rows .b[data-o="${nameByte}"]`);
    expect(await page.textContent('#tree-list button.selected')).toContain('RightForeArm');
    expect(await page.textContent('#bone-model')).toContain('RightForeArm');
    const field = await page.$$eval('#hex-rows .b.in-field', (cells) => cells.map((c) => Number((c as HTMLElement).dataset.o)));
    expect(field).toEqual([other + 13, other + 14, other + 15, other + 16]);
    expect(await page.textContent('#hex-status')).toContain('bones[');
    await page.close();
  });

  it('the runtime pose puts the root at the own transform, and its children follow', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, BIKE);
    const skeleton = readSkeleton(sample(BIKE));
    await page.click('#tree-list button[data-bone="0"]');
    expect(await dataValue(page, 'world-rotation')).toEqual(skeleton.bones[0]!.globalRotation.map((v) => expect.closeTo(v, 6)));
    await page.click('#pose-runtime');
    // The root's runtime world is the own transform (it replaces the stored root local).
    expect(await dataValue(page, 'world-position')).toEqual(skeleton.ownPosition.slice(0, 3).map((v) => expect.closeTo(v, 6)));
    expect(await dataValue(page, 'world-rotation')).toEqual(skeleton.ownRotation.map((v) => expect.closeTo(v, 6)));
    expect(skeleton.ownRotation[2]).not.toBeCloseTo(skeleton.bones[0]!.globalRotation[2]!, 3); // the toggle changes something
    // A bone off the root's axis: its world is composed down its chain from the own transform
    // (rotation q_parent · q_local, position p_parent + q_parent · p_local, the seed's composition).
    const bytes = sample(BIKE);
    const idOf = skeleton.bones.map((b) => new DataView(bytes.buffer).getBigUint64(b.start + 1, true));
    const childIndex = skeleton.bones.findIndex((b, i) => i > 0 && Math.hypot(b.globalPosition[0]!, b.globalPosition[1]!) > 0.05);
    expect(childIndex).toBeGreaterThan(0);
    const chain: number[] = [];
    for (let i = childIndex; i > 0; i = idOf.indexOf(skeleton.bones[i]!.parentId!)) chain.unshift(i);
    let position = skeleton.ownPosition.slice(0, 3);
    let rotation = skeleton.ownRotation;
    for (const i of chain) {
      const local = skeleton.bones[i]!;
      position = rotate(rotation, local.localPosition).map((v, k) => v + position[k]!);
      rotation = multiply(rotation, local.localRotation);
    }
    const expected = position;
    const child = skeleton.bones[childIndex]!;
    await page.click(`#tree-list button[data-bone="${childIndex}"]`);
    expect(await dataValue(page, 'world-position')).toEqual(expected.map((v) => expect.closeTo(v, 5)));
    await page.click('#pose-bind');
    expect(await dataValue(page, 'world-position')).toEqual(child.globalPosition.slice(0, 3).map((v) => expect.closeTo(v, 5)));
    await page.close();
  });

  it('a dropped hostile file shows its refusal: offset and path, the bytes up to it, the offset marked', async () => {
    const page = await newPage();
    await open(page);
    const bytes = sample(RIDER).slice();
    const third = readSkeleton(bytes).bones[3]!.start;
    bytes[third + 9] ^= 0xff; // the Bone class of bones[3]
    await drop(page, [{ name: 'hostile.Skeleton', bytes }]);
    const offset = third + 9;
    const entry = await page.textContent('#file-list li.selected');
    expect(entry).toContain(`refused at 0x${offset.toString(16).toUpperCase()} (${offset}): bones[3].classHash`);
    expect(await page.textContent('#inspector .refusal-detail')).toContain(
      `refused at offset 0x${offset.toString(16).toUpperCase()} (${offset})`,
    );
    expect(await page.getAttribute('#hex-rows .b.refusal', 'data-o')).toBe(String(offset));
    // Bytes after the refusal are shown but owned by no field.
    expect(await page.getAttribute(`#hex-rows .b[data-o="${offset + 1}"]`, 'class')).toContain('c-past');
    // A file of neither class, and an empty one, are said so, without an error.
    await drop(page, [{ name: 'noise.bin', bytes: new Uint8Array(64).fill(0x41) }]);
    expect(await page.textContent('#file-list li.selected')).toContain('not a Skeleton or SkeletonComponent');
    await drop(page, [{ name: 'empty.Skeleton', bytes: new Uint8Array(0) }]);
    expect(await page.textContent('#file-list li.selected')).toContain('not a Skeleton or SkeletonComponent');
    // The census lists the refusal as a link to the file.
    await page.click('#tab-census');
    const link = page.locator('#census-view a:has-text("hostile.Skeleton")').first();
    await link.click();
    await page.waitForFunction(() => document.getElementById('current-file')?.textContent === 'hostile.Skeleton');
    await page.close();
  });

  it("a Wildlands bone's modifiers each show under the bone's fields, with their class and their own fields", async () => {
    const page = await newPage();
    await open(page);
    // Bone 1 carries a Roll (source: bone 0) and an OrientationConstraint with two targets.
    const bytes = skeletonWith(2, (b) => {
      common(b, 0x201n, ROLL, 0.75, -1, 1);
      b.f32(0.5).u8(2).u64(BONE0);
      common(b, 0x202n, ORIENTATION_CONSTRAINT, 0.5, 2, 0);
      b.u32(2);
      b.u8(0).u64(0x301n).u32(TARGET).u8(2).u64(BONE0).f32(0.25);
      b.u8(0).u64(0x302n).u32(TARGET).u8(3).f32(0.75);
      b.u8(1).u8(...new Array(16).fill(0));
    });
    await drop(page, [{ name: 'wildlands.Skeleton', bytes }]);
    await page.click('#tree-list button:has-text("0x2C52CCB2")'); // bone 1's name hash (no name known)
    const roll = page.locator('#inspector .nested-record[data-path="bones[1].modifiers[0]"]');
    expect(await roll.locator('h4').first().textContent()).toBe('modifiers[0]: Roll (0x76D082F6)');
    // The Roll starts at 249 (MODIFIERS_AT): its class at 249 + 9 = 258, its factor at 249 + 31 = 280.
    const rollRows = await roll.locator('tr.field-row').allTextContents();
    expect(rollRows.find((r) => r.startsWith('classHash'))).toContain('0x102 (258)');
    expect(rollRows.find((r) => r.startsWith('rollFactor'))).toMatch(/0x118 \(280\)0\.5$/);
    expect(rollRows.find((r) => r.startsWith('lodLimit'))).toContain('-1');
    const constraint = page.locator('#inspector .nested-record[data-path="bones[1].modifiers[1]"]');
    expect(await constraint.locator('h4').first().textContent()).toBe('modifiers[1]: OrientationConstraint (0x75116750)');
    // Its targets nest below it: the second starts at 249 + 44 + 31 + 4 + 26 = 354; tag, id and
    // class take 13 bytes, its null bone pointer 1: its weight at 368.
    const second = constraint.locator('.nested-record[data-path="bones[1].modifiers[1].targets[1]"]');
    const weight = (await second.locator('tr.field-row').allTextContents()).find((r) => r.startsWith('weight'));
    expect(weight).toMatch(/0x170 \(368\)0\.75$/);
    // A field of a modifier is a field like any other: clicking it selects its bytes.
    await roll.locator('tr.field-row[data-path="bones[1].modifiers[0].rollSource"]').click();
    expect(await page.getAttribute('#inspector tr.selected-field', 'data-path')).toBe('bones[1].modifiers[0].rollSource');
    await page.close();
  });

  it('a failing check below Proven shows at its bone as a warning: in the tree, the inspector and the hex record', async () => {
    const page = await newPage();
    await open(page);
    const bytes = sample(RIDER).slice();
    const bone = readSkeleton(bytes).bones[5]!;
    // The record ends with the constant word (7 in every checked bone), the float 1.0 and the packed word.
    const word = bone.end - 12;
    expect(u32(bytes, word)).toBe(7);
    bytes[word] = 8;
    await drop(page, [{ name: 'odd-constant.Skeleton', bytes }]);
    // bone-constants is not Proven (docs/checks.md): a warning, not a failure of the file.
    expect(await page.getAttribute('#tree-list button[data-bone="5"]', 'class')).toContain('warning');
    expect(await page.getAttribute('#tree-list button[data-bone="5"]', 'class')).not.toContain('failing');
    expect(await page.getAttribute('#tree-list button[data-bone="4"]', 'class')).not.toContain('warning');
    await page.click('#tree-list button[data-bone="5"]');
    expect(await page.textContent('#inspector')).toMatch(/checks failing at this bone \(1\)\s*bone-constants/);
    const failing = await page.$$eval('#hex-rows .b.failing', (cells) => cells.map((c) => Number((c as HTMLElement).dataset.o)));
    expect(Math.min(...failing)).toBe(bone.start);
    expect(Math.max(...failing)).toBe(bone.end - 1);
    expect(await page.textContent('#file-list li.selected .file-meta')).toMatch(/ · valid · 1 warning \(bone-constants\)$/);
    await page.close();
  });

  it('draws the rig: the canvas is not blank', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await page.waitForTimeout(300);
    const shot = await page.locator('#scene-host canvas').screenshot();
    // The screenshot's own pixels, decoded by the browser: count those unlike the background.
    const differing = await page.evaluate(
      async ({ png, bg }) => {
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
        for (let i = 0; i < data.length; i += 4)
          if (Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!) > 30) count++;
        return { count, total: data.length / 4 };
      },
      { png: shot.toString('base64'), bg: BACKGROUND },
    );
    expect(differing.count).toBeGreaterThan(differing.total * 0.005);
    await page.close();
  });

  it('restores the file and bone from the URL', async () => {
    const page = await newPage();
    await open(page, `#file=${ids.get(RIDER)}&bone=12`);
    await page.waitForFunction(() => document.querySelector('#tree-list button.selected')?.getAttribute('data-bone') === '12');
    expect(await page.textContent('#current-file')).toBe(RIDER);
    expect(await page.textContent('#inspector h3')).toContain('bone 12');
    await page.close();
  });

  it('searches the tree by name and by hash', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await page.fill('#tree-search', 'thumb');
    const names = await page.$$eval('#tree-list button', (b) => b.map((x) => x.textContent ?? ''));
    expect(names.some((n) => n.includes('LeftHandThumb1'))).toBe(true);
    expect(names.some((n) => n.includes('RightFoot'))).toBe(false);
    await page.fill('#tree-search', `0x${crc32('RightFoot').toString(16)}`);
    const byHash = await page.$$eval('#tree-list button', (b) => b.map((x) => x.textContent ?? ''));
    expect(byHash.some((n) => n.includes('RightFoot'))).toBe(true);
    expect(byHash.some((n) => n.includes('LeftHandThumb1'))).toBe(false);
    await page.close();
  });

  it('scrolls a 25 MB file with a fixed pool of rows, and measures the first render of a 200-bone skeleton', async () => {
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    const small = await scrollJumps(page);
    const big = sample(RIDER);
    await page.evaluate(async (b64) => {
      const head = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bytes = new Uint8Array(25 * 1024 * 1024);
      bytes.set(head);
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'big.Skeleton'));
      document.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, Buffer.from(big).toString('base64'));
    await page.waitForFunction(() => document.getElementById('current-file')?.textContent === 'big.Skeleton');
    const cells = await page.$$eval('#hex-rows .b', (c) => c.length);
    expect(cells).toBeLessThan(2000);
    const scrolled = await scrollJumps(page);
    expect(scrolled.count).toBeLessThan(2000);
    expect(scrolled.last).toBe((25 * 1024 * 1024 - 16).toString(16).padStart(8, '0')); // the last row is reachable
    const median = (xs: number[]): string => [...xs].sort((x, y) => x - y)[xs.length >> 1]!.toFixed(1);
    console.log(
      `hex scroll, 20 jumps through the file: median ${median(scrolled.frames)} ms per frame for 25 MB, ${median(small.frames)} ms for the 4 KB rider`,
    );

    // The inventory corpus (scale 1) peaks below 200 bones, so a 200-bone rig is written with the
    // same sample writer; the inventory's largest skeleton is timed too.
    let largest: { bytes: Uint8Array; bones: number } = { bytes: new Uint8Array(0), bones: 0 };
    for (const file of inventoryCorpus()) {
      const bones = Number(/ (\d+) bones/.exec(file.description)?.[1] ?? 0);
      if (bones > largest.bones) largest = { bytes: file.bytes, bones };
    }
    const bones: RigBone[] = [{ name: 'Reference', at: [0, 0, 0] }];
    for (let chain = 0; chain < 9; chain++)
      for (let k = 0; k < 22 + (chain === 0 ? 1 : 0); k++)
        bones.push({
          name: `Chain${chain}_${k}`,
          parent: k === 0 ? 'Reference' : `Chain${chain}_${k - 1}`,
          at: k === 0 ? [0, 0, 1] : [0.06, 0, 0],
          turn: k === 0 ? [0, 0, chain * 40] : [0, 8, 0],
        });
    expect(bones).toHaveLength(200);
    const skeleton = rigToSkeleton({ name: 'wide', dialect: 'anvilnext', id: 0x4a00_0000_0001_0000n, bones });
    const wide = writeResource({
      kind: 'Skeleton',
      dialect: 'anvilnext',
      record: anvilnextRecordFromSkeleton(skeleton),
      reading: ANVILNEXT_READING_DEFAULTS,
    });
    for (const [name, bytes, count] of [
      [`inventory-largest-${largest.bones}.Skeleton`, largest.bytes, largest.bones],
      ['rig-200.Skeleton', wide, 200],
    ] as const) {
      await drop(page, [{ name, bytes }]);
      expect(await page.$$eval('#tree-list button', (b) => b.length)).toBe(count);
      const { ms, parts } = await page.evaluate(() => {
        const measures = performance.getEntriesByType('measure').filter((m) => m.name.startsWith('viewer:'));
        const last = measures.slice(-6).map((m) => `${m.name.slice(7)} ${m.duration.toFixed(1)}`);
        performance.clearMeasures();
        return { ms: document.body.dataset.renderMs, parts: last.join(', ') };
      });
      console.log(`first full render of ${name} (${count} bones): ${ms} ms after the file arrived (${parts})`);
    }
    await page.close();
  });
});

// ---- archives -------------------------------------------------------------------------------------

const SKELETON_CLASS = 0x24aecb7c;
const MESH_CLASS = 0x415d9568; // a class that is neither of ours
const filler = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);
const riderEntry = (): HandEntry => ({
  id: 0x1111n,
  name: 'CHR_Rider.Skeleton',
  type: SKELETON_CLASS,
  resources: [
    { classHash: SKELETON_CLASS, id: 0xa1n, name: 'Rider', body: sample(RIDER) },
    { classHash: MESH_CLASS, id: 0xa2n, name: 'Rider_Mesh', body: filler(300) },
  ],
});
const bikeEntry = (): HandEntry => ({
  id: 0x2222n,
  name: 'CHR_Bike.Skeleton',
  type: SKELETON_CLASS,
  resources: [{ classHash: SKELETON_CLASS, id: 0xb1n, name: 'Bike', body: sample(BIKE) }],
});
const crateEntry = (): HandEntry => ({
  id: 0x3333n,
  name: 'PROP_Crate.Mesh',
  type: MESH_CLASS,
  resources: [{ classHash: MESH_CLASS, id: 0xc1n, name: 'Crate', body: filler(500) }],
});

/**
 * Drops one archive on the page, counting the bytes each Blob read asks for (to see the file is
 * never read whole) and the progress texts; once it is listed, opens the entries numbered `open`
 * in turn (each entry's data file read then) and resolves once `shown` is the selected entry.
 */
async function dropArchive(
  page: Page,
  name: string,
  bytes: Uint8Array,
  open: readonly number[],
  shown: string,
): Promise<{ largestRead: number; progress: string[] }> {
  await page.evaluate(
    ({ base64, fileName }) => {
      const w = window as unknown as { __reads: number[]; __progress: string[] };
      w.__reads = [];
      w.__progress = [];
      const original = Blob.prototype.arrayBuffer;
      Blob.prototype.arrayBuffer = function (this: Blob) {
        w.__reads.push(this.size);
        return original.call(this);
      };
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) w.__progress.push(n.textContent ?? '');
      }).observe(document.getElementById('archive-progress')!, { childList: true });
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], fileName));
      document.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { base64: Buffer.from(bytes).toString('base64'), fileName: name },
  );
  await page.waitForSelector(`#file-list li.row-archive[title=${JSON.stringify(name)}]`);
  for (const k of open) {
    // Dispatched, not clicked: a click first scrolls the row into view, and a scroll redraws the
    // list's pooled rows; in some whole-suite runs the click then waited its 30 s for the row to be
    // visible (the cause is not established). Found and clicked in one step, the row opens the same.
    await page.dispatchEvent(`#file-list li[data-entry="${k}"]`, 'click');
    await page.waitForFunction((k) => !document.querySelector(`#file-list li[data-entry="${k}"] .pending`), k);
  }
  await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, shown);
  return page.evaluate(() => {
    const w = window as unknown as { __reads: number[]; __progress: string[] };
    return { largestRead: Math.max(...w.__reads), progress: w.__progress };
  });
}

const listedNames = (page: Page, prefix: string): Promise<string[]> =>
  page.$$eval('#file-list li .file-name', (cells, p) => cells.map((c) => c.textContent ?? '').filter((t) => t.startsWith(p)), prefix);

describe('archives opened in the browser', () => {
  it('lists the Skeletons of a dropped archive (told by its magic) under the census names; one shows like a file', async () => {
    // Named without .forge: the magic alone makes it an archive. The mesh-typed data file is not read.
    const archive = handArchive([riderEntry(), crateEntry(), bikeEntry()], { version: 27 }).bytes;
    const riderName = 'Rigs.data: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"';
    const bikeName = 'Rigs.data: entry 2 "CHR_Bike.Skeleton": resource 0 "Bike"';
    const page = await newPage();
    await open(page);
    const { largestRead, progress } = await dropArchive(page, 'Rigs.data', archive, [0, 2], bikeName);
    expect(await listedNames(page, 'Rigs.data')).toEqual([riderName, bikeName]);
    // Read in slices, never the whole file. By hand (v27, docs/archive-ac3.md): tables 21 + 44 + 48 + 3 × 212 =
    // 749 bytes, then the rider's data file (TOC set 31 + 2 + 2 × 14, resources set 31 + (12 + 5 + 1
    // + 4095) + (12 + 10 + 1 + 300): 4528), the crate's (31 + 2 + 14 + 31 + 12 + 5 + 1 + 500 = 596)
    // and the bike's (31 + 2 + 14 + 31 + 12 + 4 + 1 + 1221 = 1316): 7189 in all, the largest read
    // the rider's data file.
    expect(archive.length).toBe(7189);
    expect(largestRead).toBe(4528);
    // Listed by its tables (the data files are read when their entries are opened); the line is hidden after.
    expect(progress).toEqual(["reading the archive's tables…"]);
    expect(await page.getAttribute('#archive-progress', 'class')).toContain('hidden');

    await page.click(`#file-list li:has(.file-name:text-is(${JSON.stringify(bikeName)}))`);
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, bikeName);
    const bike = sample(BIKE);
    const bones = readSkeleton(bike).bones.length; // the count at 0x11, the records walked by the seed's layout
    expect(bones).toBeGreaterThan(3);
    expect(await page.textContent('#file-list li.selected')).toContain(`${bones} bones`);
    expect(await page.$$eval('#tree-list button', (b) => b.length)).toBe(bones);
    // The hex panel holds the record body: its size, and its first row byte for byte.
    expect(await page.textContent('#hex-status')).toContain(`${bike.length} bytes`);
    const firstRow = await page.$$eval('#hex-rows .b', (cells) =>
      cells.filter((c) => /^([0-9]|1[0-5])$/.test((c as HTMLElement).dataset.o ?? '')).map((c) => (c.textContent ?? '').toLowerCase()),
    );
    expect(firstRow).toEqual([...bike.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')));
    await page.close();
  });

  it('a hostile archive: the data file with a broken checksum is an entry with its offset, the rest is listed', async () => {
    const layout = handArchive([riderEntry(), bikeEntry()], { version: 27 });
    /**
     * The bike's TOC set, by hand (v27, docs/archive-ac3.md): header 0x15 + data header 44 = 65; one index
     * block of 48 + 2 × (20 + 192) = 472, so data files from 537. The rider's data file: TOC set
     * 31 + 2 + 2 × 14 = 61, resources set 31 + (12 + 5 + 1 + 4095) + (12 + 10 + 1 + 300) = 4467,
     * 4528 in all: the bike's TOC set at 5065, its block checksum 27 bytes in, at 5092 = 0x13E4.
     */
    expect(layout.tocSets[1]).toBe(5065);
    const bytes = layout.bytes;
    bytes[5065 + 31] ^= 0xff; // a byte of the TOC data: the checksum no longer matches
    const riderName = 'hostile.forge: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"';
    const refusedName = 'hostile.forge: entry 1 "CHR_Bike.Skeleton"';
    const page = await newPage();
    await open(page);
    await dropArchive(page, 'hostile.forge', bytes, [0, 1], refusedName);
    expect(await listedNames(page, 'hostile.forge')).toEqual([riderName, refusedName]);
    const refusal = page.locator(`#file-list li:has(.file-name:text-is(${JSON.stringify(refusedName)}))`);
    expect(await refusal.locator('.refusal-text').textContent()).toMatch(
      /^refused at offset 0x13E4 \(5092\): entries\[1\]\.toc\.blocks\[0\]\.checksum: expected the Adler-32/,
    );
    await refusal.click();
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, refusedName);
    expect(await page.textContent('#inspector .refusal-detail')).toContain('refused at offset 0x13E4 (5092)');

    // An archive whose header is refused (version 24, below every reader's, at 0x09 after the magic) is one entry saying so.
    const badVersion = handArchive([bikeEntry()], { version: 27 }).bytes;
    new DataView(badVersion.buffer).setUint32(9, 24, true);
    // Chosen in the file picker this time, not dropped.
    await page.setInputFiles('#file-picker', {
      name: 'bad-version.forge',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(badVersion),
    });
    await page.waitForFunction(() => document.getElementById('current-file')?.textContent === 'bad-version.forge');
    expect(await page.textContent('#file-list li.selected .refusal-text')).toMatch(/^refused at offset 0x9 \(9\): header\.version/);
    await page.close();
  });

  it('`view --every-data-file <archive>`: the startup line counts the archive and its entries, the page lists the records and the refusal of each entry opened', async () => {
    // The crate's data file, typed as a mesh, is read with --every-data-file: it holds no Skeleton,
    // so a Skeleton is put behind its mesh record. Then the bike's TOC is broken (its checksum 27
    // bytes into the set; the set's offset from the assembler's layout, which the tests above and
    // test/cli/view-archive.test.ts check by hand).
    const entries = [riderEntry(), crateEntry(), bikeEntry()];
    entries[1]!.resources.push({ classHash: SKELETON_CLASS, id: 0xc2n, name: 'Hidden', body: sample(BIKE) });
    const archive = handArchive(entries, { version: 27 });
    const bytes = archive.bytes;
    bytes[archive.tocSets[2]! + 31] ^= 0xff;
    const dir = mkdtempSync(join(tmpdir(), 'anvil-view-forge-'));
    const path = join(dir, 'DataPC.forge');
    writeFileSync(path, bytes);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'view', '--port', '0', '--every-data-file', path], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        child.on('exit', (code) => reject(new Error(`view exited with ${code}`)));
      });
      // The archive listed by its tables: its three entries, no data file read yet.
      const m = /^anvil-skel view: 0 files, 1 archive of 3 entries at (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)$/.exec(line);
      expect(m, line).not.toBeNull();
      const page = await newPage();
      await page.goto(m![1]!);
      await page.waitForSelector('body[data-ready="true"]');
      // With --every-data-file the mesh-typed data file is read too.
      expect(await page.textContent('#file-list li.row-archive .file-meta')).toBe('archive · 3 entries · 3 skeletal data files');
      // Each entry opened in turn: its one record (or its refusal) is listed under it and shown.
      for (const [k, shown] of [
        [0, `${path}: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"`],
        [1, `${path}: entry 1 "PROP_Crate.Mesh": resource 1 "Hidden"`],
        [2, `${path}: entry 2 "CHR_Bike.Skeleton"`],
      ] as const) {
        await page.click(`#file-list li[data-entry="${k}"]`);
        await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, shown);
      }
      expect(await listedNames(page, path)).toEqual([
        `${path}: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"`,
        `${path}: entry 1 "PROP_Crate.Mesh": resource 1 "Hidden"`,
        `${path}: entry 2 "CHR_Bike.Skeleton"`,
      ]);
      const refusal = page.locator(`#file-list li:has(.file-name:text-is(${JSON.stringify(`${path}: entry 2 "CHR_Bike.Skeleton"`)}))`);
      const offset = archive.tocSets[2]! + 27;
      expect(await refusal.locator('.refusal-text').textContent()).toContain(
        `refused at offset 0x${offset.toString(16).toUpperCase()} (${offset}): entries[2].toc.blocks[0].checksum`,
      );
      // The hidden Skeleton is the bike's body: its bone count in the list.
      const hidden = page.locator(
        `#file-list li:has(.file-name:text-is(${JSON.stringify(`${path}: entry 1 "PROP_Crate.Mesh": resource 1 "Hidden"`)}))`,
      );
      expect(await hidden.locator('.file-meta').textContent()).toContain(`${readSkeleton(sample(BIKE)).bones.length} bones`);
      await page.close();
    } finally {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---- the reports ----------------------------------------------------------------------------------

/** A unit quaternion (x, y, z, w) as a 3×3 rotation matrix, column form (R · v), rows. */
function rotationMatrix(q: number[]): number[][] {
  const [x, y, z, w] = q as [number, number, number, number];
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
    [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
    [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
  ];
}

/**
 * The MeshBone matrix of a bone whose global bind is (p, q): the inverse bind, R⁻¹ = Rᵀ and
 * t = −Rᵀ · p, in row-vector form (v · M), stored row-major: M = IBᵀ, so lane 4i + j = IB[j][i] =
 * R[i][j] for i, j < 3, lanes 12–14 = t, the last column 0, 0, 0, 1.
 */
function inverseBindRowVector(position: number[], rotation: number[]): number[] {
  const r = rotationMatrix(rotation);
  const t = [0, 1, 2].map((j) => -(r[0]![j]! * position[0]! + r[1]![j]! * position[1]! + r[2]![j]! * position[2]!));
  return [...r[0]!, 0, ...r[1]!, 0, ...r[2]!, 0, ...t, 1];
}

const hashText = (hash: number): string => `0x${hash.toString(16).toUpperCase().padStart(8, '0')}`;

describe('the reports', () => {
  it('Assembly: the rider component with its five addons found, the counts `assemble` gives, links to the files', async () => {
    const expected = assembleJson(`samples/${RIDER_COMPONENT}`);
    expect(expected.addons).toHaveLength(5);
    const page = await newPage();
    await open(page);
    await page.click('#tab-assembly');
    const section = page.locator(`#assembly-view section[data-component="${ids.get(RIDER_COMPONENT)}"]`);
    const totals = section.locator('.assembly-totals');
    expect(await totals.getAttribute('data-bones')).toBe(String(expected.boneCount));
    expect(await totals.getAttribute('data-added')).toBe(String(expected.added));
    expect(await totals.getAttribute('data-joined')).toBe(String(expected.joined));
    expect(await totals.getAttribute('data-missing')).toBe('0');
    expect(await totals.textContent()).toContain(`${expected.conflicts.length} conflicts`);
    expect(await section.locator('tr.addon-found').count()).toBe(5);
    expect(await section.locator('tr.addon-missing').count()).toBe(0);
    for (const addon of expected.addons) {
      const row = section.locator(`tr[data-addon="${addon.id}"]`);
      const cellsText = await row.locator('td').allTextContents();
      // The command names files by their path under samples/; the page by the name the server lists.
      expect(cellsText).toEqual([addon.id, addon.file!.replace(/^samples\//, ''), String(addon.joined), String(addon.added)]);
    }
    expect(await section.locator('.assembly-main').textContent()).toContain(RIDER);
    // The assembled rig in 3D: the note says whose and how many bones.
    await section.locator('button.show-assembly').click();
    expect(await page.textContent('#scene-note')).toContain(`the assembled rig of ${RIDER_COMPONENT}: ${expected.boneCount} bones`);
    // A file name is a link that selects that file (and shows its own rig again).
    const head = expected.addons[0]!.file!.replace(/^samples\//, '');
    await section.locator(`a:has-text("${head}")`).click();
    await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, head);
    expect(await page.textContent('#scene-note')).not.toContain('assembled');
    await page.close();
  });

  it('Assembly: a component naming an addon no file carries says which one is missing', async () => {
    const bytes = sample(RIDER_COMPONENT);
    const read = readResource(bytes)!;
    const record = structuredClone(read.resource.record) as SkeletonComponent;
    const absent = 0x3a1f_0000_dead_0000n;
    const replaced = record.addons[2]!.id;
    record.addons[2]!.id = absent;
    const edited = writeResource({ ...read.resource, record } as typeof read.resource);
    const original = assembleJson(`samples/${RIDER_COMPONENT}`);
    const page = await newPage();
    await open(page);
    await drop(page, [{ name: 'rider-missing.SkeletonComponent', bytes: edited }]);
    await page.click('#tab-assembly');
    const section = page.locator('#assembly-view section:has(h2:has-text("rider-missing.SkeletonComponent"))');
    const absentText = `0x${absent.toString(16).toUpperCase().padStart(16, '0')}`;
    expect(await section.locator('tr.addon-missing').count()).toBe(1);
    expect(await section.locator('tr.addon-missing').getAttribute('data-addon')).toBe(absentText);
    expect(await section.locator('tr.addon-found').count()).toBe(4);
    expect(await section.locator('.missing-addon').textContent()).toContain(`missing: addon ${absentText}`);
    const totals = section.locator('.assembly-totals');
    expect(await totals.getAttribute('data-missing')).toBe('1');
    // The replaced addon's bones are no longer added (the others' stay as `assemble` counts them).
    const dropped = original.addons.find((a) => a.id === `0x${replaced.toString(16).toUpperCase().padStart(16, '0')}`)!;
    expect(await totals.getAttribute('data-added')).toBe(String(original.added - dropped.added));
    await page.close();
  });

  it("Skinning: MeshBones built from the rider's globals all match; a perturbed one does not; bad input is refused", async () => {
    const bytes = sample(RIDER);
    const { bones } = readSkeleton(bytes);
    const meshBones = bones.map((b) => ({
      bone: hashText(u32(bytes, b.start + 13)),
      matrix: inverseBindRowVector(b.globalPosition.slice(0, 3), b.globalRotation),
    }));
    const page = await newPage();
    await open(page);
    await openFile(page, RIDER);
    await dropInputs(page, [{ name: 'rider.meshbones.json', text: JSON.stringify(meshBones) }]);
    const summary = page.locator('#skinning-view .skin-bind-summary');
    expect(await summary.getAttribute('data-mesh-bones')).toBe(String(bones.length));
    expect(await summary.getAttribute('data-rotation-matches')).toBe(String(bones.length));
    expect(await summary.getAttribute('data-translation-matches')).toBe(String(bones.length));
    expect(await page.$$eval('#skinning-view tr.skin-match', (r) => r.length)).toBe(bones.length);

    // One MeshBone's translation moved by 0.25 along x: that one no longer matches.
    const moved = 7;
    const perturbed = structuredClone(meshBones);
    perturbed[moved]!.matrix[12] += 0.25;
    await dropInputs(page, [{ name: 'rider-moved.meshbones.json', text: JSON.stringify(perturbed) }]);
    await page.waitForSelector('#skinning-view h2:has-text("rider-moved.meshbones.json")');
    expect(await summary.getAttribute('data-rotation-matches')).toBe(String(bones.length));
    expect(await summary.getAttribute('data-translation-matches')).toBe(String(bones.length - 1));
    expect(await page.$$eval('#skinning-view tr.skin-mismatch', (r) => r.map((x) => (x as HTMLElement).dataset.index))).toEqual([
      String(moved),
    ]);

    // A capture of the bind pose: each palette entry S = G · G⁻¹ is the identity, so its three
    // registers are (1,0,0,0), (0,1,0,0), (0,0,1,0) from c39; every parent–child pair among the
    // first twelve bones recovers its stored local exactly. Then one child's entry is moved.
    const palette = [...Array(12).keys()];
    const idOf = bones.map((b) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(b.start + 1, true));
    const parentOf = (i: number): number => (bones[i]!.parentId === null ? -1 : idOf.indexOf(bones[i]!.parentId!));
    const isChild = (i: number): boolean => palette.includes(parentOf(i));
    const pairs = palette.filter(isChild).length;
    expect(pairs).toBeGreaterThan(3);
    const constants = (shift: number | null): Uint8Array => {
      const block = new Uint8Array(16 * (39 + 3 * palette.length));
      const view = new DataView(block.buffer);
      palette.forEach((_, k) => {
        for (let row = 0; row < 3; row++) view.setFloat32(16 * (39 + 3 * k + row) + 4 * row, 1, true);
        if (k === shift) view.setFloat32(16 * (39 + 3 * k) + 12, 0.5, true); // row 0, lane w: translation x
      });
      return block;
    };
    await dropInputs(page, [
      { name: 'rider.meshbones.json', text: JSON.stringify(meshBones) },
      { name: 'draw0.palette.json', text: JSON.stringify(palette) },
      { name: 'frame1.bin', text: constants(null) },
    ]);
    const capture = page.locator('#skinning-view .skin-capture-summary');
    expect(await capture.getAttribute('data-pairs')).toBe(String(pairs));
    expect(await capture.getAttribute('data-within')).toBe(String(pairs));
    // A child that is no one's parent among the twelve: shifting its entry moves its own pair only.
    const leaf = palette.filter((i) => isChild(i) && !palette.some((j) => parentOf(j) === i)).at(-1)!;
    expect(leaf).toBeGreaterThan(0);
    await dropInputs(page, [{ name: 'frame2.bin', text: constants(leaf) }]);
    await page.waitForSelector('#skinning-view .skin-offenders tbody tr');
    expect(await capture.getAttribute('data-pairs')).toBe(String(2 * pairs));
    expect(await capture.getAttribute('data-within')).toBe(String(2 * pairs - 1));
    const offenders = await page.$$eval('#skinning-view .skin-offenders tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? '')),
    );
    expect(offenders).toHaveLength(1);
    expect(offenders[0]![0]).toBe('frame2.bin');
    expect(offenders[0]![1]!.startsWith(`${parentOf(leaf)} `)).toBe(true);
    expect(offenders[0]![2]!.startsWith(`${leaf} `)).toBe(true);
    expect(Number(offenders[0]![4])).toBeCloseTo(0.5, 3);

    // Malformed MeshBones: the refusal names the item, without a stack.
    await dropInputs(page, [
      { name: 'short.meshbones.json', text: '[{ "bone": "0x2C52CBB0", "matrix": [1, 0, 0] }]' },
      { name: 'broken.meshbones.json', text: '[{ "bone": ' },
    ]);
    const short = await page.textContent('#skinning-inputs li[data-name="short.meshbones.json"]');
    expect(short).toContain('meshBones[0].matrix: expected 16 numbers');
    const broken = await page.textContent('#skinning-inputs li[data-name="broken.meshbones.json"]');
    expect(broken).toContain('not JSON');
    for (const text of [short, broken]) expect(text).not.toMatch(/\n\s+at |Error:/);
    await page.close();
  });
});

describe('the server, as a browser and a script see it', () => {
  it('sends the CSP, and an injected inline script does not run', async () => {
    const page = await newPage(false);
    const response = await page.goto(url);
    expect(response!.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    await page.waitForSelector('body[data-ready="true"]');
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 100));
      return { ran: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true, violations };
    });
    expect(outcome.ran).toBe(false);
    expect(outcome.violations.some((v) => v.startsWith('script-src'))).toBe(true);
    await page.close();
  });

  it('answers 404 to traversal, 421 to a foreign Host, 405/413 to bodies, and only on 127.0.0.1', async () => {
    const host = `127.0.0.1:${port}`;
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/api/input/..%2f..%2fpackage.json',
      '//etc/passwd',
      `/${ROOT}/package.json`,
      '/src/index.ts',
    ])
      expect((await raw(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).status).toBe(404);
    expect((await raw(port, `GET / HTTP/1.1\r\nHost: rebound.example:${port}\r\n\r\n`)).status).toBe(421);
    expect((await raw(port, `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\n\r\nx`)).status).toBe(405);
    expect((await raw(port, `GET / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\n\r\nx`)).status).toBe(413);
    await expect(raw(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', '::1')).rejects.toThrow();
    const { networkInterfaces } = await import('node:os');
    for (const a of Object.values(networkInterfaces()).flat())
      if (a !== undefined && !a.internal && a.family === 'IPv4')
        await expect(raw(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', a.address)).rejects.toThrow();
  });
});
