/**
 * What the viewer's browser tests share: the sample names, the bytes read with the seed's layout
 * (tagged Bone objects, class 0x95741049 nine bytes into the record, the name hash after it), the
 * `view` command started on given paths, Chromium, drops as a user makes them, and the `assemble`
 * command's own report to compare the page with.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = join(import.meta.dirname, '../..');
export const RIDER = 'anvilnext/MAD_CHR_Skel_U.Skeleton';
export const BIKE = 'anvilnext/MAD_CHR_Skel_Bike_U.Skeleton';
export const RIDER_COMPONENT = 'anvilnext/MAD_CHR_Rider.SkeletonComponent';
export const SKATER = 'scimitar/SWS_Skater.Skeleton';
export const BONE_CLASS = 0x95741049;
export const BACKGROUND = [0x10, 0x13, 0x18]; // SCENE_BACKGROUND of viewer/scene.ts

// ---- the bytes, read with the seed's layout (anvilnext) -------------------------------------------

export const sample = (name: string): Uint8Array => new Uint8Array(readFileSync(join(ROOT, 'samples', name)));
export const u32 = (b: Uint8Array, o: number): number => new DataView(b.buffer, b.byteOffset).getUint32(o, true);
export const f32x4 = (b: Uint8Array, o: number): number[] =>
  [0, 4, 8, 12].map((k) => new DataView(b.buffer, b.byteOffset).getFloat32(o + k, true));

/** Where the record of the bone named `name` starts: tag 0, then an 8-byte id, the Bone class, and the name's CRC-32. */
export function recordOf(bytes: Uint8Array, name: string): number {
  const hash = crc32(name);
  for (let o = 0; o + 17 <= bytes.length; o++)
    if (bytes[o] === 0 && u32(bytes, o + 9) === BONE_CLASS && u32(bytes, o + 13) === hash) return o;
  throw new Error(`no record of ${name}`);
}

/** The next record's start after `start` (the record's end, records being back to back). */
export function nextRecord(bytes: Uint8Array, start: number): number {
  for (let o = start + 1; o + 13 <= bytes.length; o++) if (bytes[o] === 0 && u32(bytes, o + 9) === BONE_CLASS) return o;
  throw new Error('no next record');
}

export interface BoneBytes {
  start: number;
  end: number;
  parentId: bigint | null;
  /** Where the four stored vec4 begin: global position, global rotation, local position, local rotation. */
  vectorsAt: number;
  globalPosition: number[];
  globalRotation: number[];
  localPosition: number[];
  localRotation: number[];
}

/** One anvilnext Bone record per the seed: tag, id, class, name, three pointers (03, or 02 + u64), four vec4, byte, enum, empty modifiers, words, word, float, packed word. */
export function readBone(b: Uint8Array, start: number): BoneBytes {
  let o = start + 17;
  const pointer = (): bigint | null => {
    const tag = b[o]!;
    o += 1;
    if (tag === 3) return null;
    const id = new DataView(b.buffer, b.byteOffset).getBigUint64(o, true);
    o += 8;
    return id;
  };
  const parentId = pointer();
  pointer(); // mirror
  pointer(); // display data
  const vectorsAt = o;
  const vecs = [0, 1, 2, 3].map((k) => f32x4(b, o + 16 * k));
  o += 64 + 1 + 4 + 4; // byte, enum, modifier count (0)
  o += 4 + 4 * u32(b, o); // words
  o += 12; // constant word, float, packed word
  return {
    start,
    end: o,
    parentId,
    vectorsAt,
    globalPosition: vecs[0]!,
    globalRotation: vecs[1]!,
    localPosition: vecs[2]!,
    localRotation: vecs[3]!,
  };
}

/** The Skeleton's bones and own transform: the count at 0x11, the records back to back, the root pointer, then own position and rotation. */
export function readSkeleton(b: Uint8Array): { bones: BoneBytes[]; ownPosition: number[]; ownRotation: number[] } {
  const count = u32(b, 0x11);
  const bones: BoneBytes[] = [];
  let o = 0x15;
  for (let i = 0; i < count; i++) {
    const bone = readBone(b, o);
    bones.push(bone);
    o = bone.end;
  }
  o += b[o] === 3 ? 1 : 9; // root pointer
  return { bones, ownPosition: f32x4(b, o), ownRotation: f32x4(b, o + 16) };
}

/** The sample rigs' bone names (samples/names.txt) by their CRC-32: the names the page resolves. */
export function sampleNames(): Map<number, string> {
  const names = readFileSync(join(ROOT, 'samples', 'names.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  return new Map(names.map((n) => [crc32(n), n]));
}

// ---- the command and the browser ------------------------------------------------------------------

export interface RunningView {
  child: ChildProcess;
  url: string;
  port: number;
  /** List id by listed name. */
  ids: Map<string, string>;
}

/** Builds the page and starts `view --port 0 <args>` from the sources; resolves once it listens and has listed its files. */
export async function startView(args: readonly string[] = []): Promise<RunningView> {
  execFileSync(process.execPath, ['scripts/build-viewer.mjs'], { cwd: ROOT });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'view', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`view exited with ${code}`)));
  });
  const listing = (await (await fetch(`${url}api/inputs`)).json()) as { files: { id: string; name: string }[] };
  return { child, url, port: Number(new URL(url).port), ids: new Map(listing.files.map((f) => [f.name, f.id])) };
}

/** Debian's Chromium, headless, with WebGL in software. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'] });
}

/** What a test file views: its temporary folder, the paths `view` was started on, the running view, Chromium. */
export interface ViewFixture {
  dir: string;
  paths: string[];
  view: RunningView;
  browser: Browser;
}

/**
 * The fixture of a test file that views files it writes: before its tests, a temporary folder
 * (named from `prefix`) that `write` fills, returning the paths to view; `view` started on them and
 * Chromium launched; after them, both stopped and the folder removed. The fields are set once the
 * file's `beforeAll` has run.
 */
export function viewOfWrittenFiles(prefix: string, write: (dir: string) => string[], viewArgs: readonly string[] = []): ViewFixture {
  const fixture = {} as ViewFixture;
  beforeAll(async () => {
    fixture.dir = mkdtempSync(join(tmpdir(), prefix));
    fixture.paths = write(fixture.dir);
    fixture.view = await startView([...viewArgs, ...fixture.paths]);
    fixture.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await fixture.browser?.close();
    fixture.view?.child.kill('SIGTERM');
    if (fixture.dir !== undefined) rmSync(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}

// ---- drops ----------------------------------------------------------------------------------------

/** Drops files on the page as a user would (a drop event carrying a DataTransfer). */
export async function drop(page: Page, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, base64: Buffer.from(f.bytes).toString('base64') }));
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const bin = atob(f.base64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      transfer.items.add(new File([bytes], f.name));
    }
    document.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, payload);
  const last = files[files.length - 1]!.name;
  await page.waitForFunction((n) => document.getElementById('current-file')?.textContent === n, last);
}

/** Drops files that are not resources (no file is selected for them): resolves once the Skinning tab lists `name`. */
export async function dropInputs(page: Page, files: { name: string; text: string | Uint8Array }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, base64: Buffer.from(f.text).toString('base64') }));
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name));
    document.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, payload);
  for (const f of files) await page.waitForSelector(`#skinning-inputs li[data-name="${f.name}"]`);
}

// ---- the assemble command ---------------------------------------------------------------------------

export interface AssembleJson {
  boneCount: number;
  joined: number;
  added: number;
  addons: { id: string; file: string | null; joined: number; added: number }[];
  missing: string[];
  conflicts: unknown[];
}

/** The `assemble` command's own report of a component, its Skeletons searched in the bundled samples. */
export function assembleJson(component: string): AssembleJson {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'assemble', '--json', '--allow-missing', component, '--search', 'samples/anvilnext'],
    { cwd: ROOT },
  );
  return JSON.parse(out.toString()) as AssembleJson;
}

/** A page of the viewer's size whose console errors and uncaught exceptions are pushed onto `errors`. */
export async function watchedPage(browser: Browser, errors: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 950 } });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

/** The `census` command's Markdown as the lines a reader sees: headings, paragraphs, list items, and table rows as cells joined by ` | `. */
export function markdownLines(markdown: string): string[] {
  const plain = (text: string): string => text.replace(/\\\|/g, '|').replace(/`/g, '').replace(/\*\*/g, '');
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.trim() === '' || /^\|[-|]+\|$/.test(line)) continue;
    if (line.startsWith('|')) {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => plain(c.trim()));
      lines.push(cells.join(' | '));
    } else lines.push(plain(line.replace(/^#+ /, '').replace(/^- /, '')));
  }
  return lines;
}

/** The census tab's blocks as lines: headings and paragraphs, each list item, and table rows as cells joined by ` | `. */
export function censusLines(page: Page): Promise<string[]> {
  return page.$$eval('#census-view > *', (nodes) =>
    nodes.flatMap((node) => {
      const text = (n: Element): string => (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (node.tagName === 'UL') return [...node.children].map(text);
      if (node.tagName === 'TABLE') return [...node.querySelectorAll('tr')].map((tr) => [...tr.children].map(text).join(' | '));
      return [text(node)];
    }),
  );
}
