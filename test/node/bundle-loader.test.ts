/**
 * The CLI's bundle loader (src/node/bundle-loader.ts): CommonJS bundles compiled through vm.Script
 * with V8's code cache. What it must hold: the bundle runs as Node would run the file, its links
 * reach other bundles, a cache is written after a first run and taken by the next, and no cache
 * (missing, foreign, garbage, unwritable) ever changes what the bundle does or fails the load.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BundleLoader, codeCacheDir, CODE_CACHE_ENV_VAR } from '../../src/node/bundle-loader.js';

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'anvil-bundle-loader-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** A bundle that uses what a CommonJS file has: its five names, Node's require, and a linked name. */
const BUNDLE = [
  'const path = require("node:path");',
  'const sibling = require("./sibling.cjs");',
  'exports.dir = __dirname;',
  'exports.file = __filename;',
  'exports.joined = path.join("a", "b");',
  'exports.sibling = sibling.value;',
  'exports.square = (n) => n * n;',
  'exports.linked = () => require("anvil-skel:answer");',
  'exports.self = () => require("anvil-skel:self");',
  'exports.sameModule = module.exports === exports && this === exports;',
].join('\n');

function writeBundle(text = BUNDLE): string {
  const file = join(scratch, 'bundle.cjs');
  writeFileSync(file, text);
  writeFileSync(join(scratch, 'sibling.cjs'), 'exports.value = 41;');
  return file;
}

function loaderFor(cacheDir: string | null): BundleLoader {
  const file = join(scratch, 'bundle.cjs');
  return new BundleLoader(cacheDir, (name, self) => {
    if (name === 'answer') return 42;
    if (name === 'self') return self.load(file);
    throw new Error(`unknown link ${name}`);
  });
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Loads the bundle in a new process, as each run of the command does: within one process V8 keeps
 * what it compiled, and would take a second load from memory whatever the cache file held. Returns
 * that process's loads and what the bundle gave.
 */
function loadInNewProcess(file: string, cacheDir: string): { loads: BundleLoader['loads']; square: number; linked: number } {
  const script = [
    "import { BundleLoader } from './src/node/bundle-loader.ts';",
    `const loader = new BundleLoader(${JSON.stringify(cacheDir)}, (name) => (name === 'answer' ? 42 : undefined));`,
    `const loaded = loader.load(${JSON.stringify(file)});`,
    'process.stdout.write(JSON.stringify({ loads: loader.loads, square: loaded.square(7), linked: loaded.linked() }));',
  ].join('\n');
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { loads: BundleLoader['loads']; square: number; linked: number };
}

interface Loaded {
  dir: string;
  file: string;
  joined: string;
  sibling: number;
  square(n: number): number;
  linked(): number;
  self(): unknown;
  sameModule: boolean;
}

function expectRunsAsNodeWould(loaded: Loaded, file: string): void {
  expect(loaded.dir).toBe(scratch);
  expect(loaded.file).toBe(file);
  expect(loaded.joined).toBe(join('a', 'b'));
  expect(loaded.sibling).toBe(41);
  expect(loaded.square(7)).toBe(49);
  expect(loaded.linked()).toBe(42);
  expect(loaded.self()).toBe(loaded);
  expect(loaded.sameModule).toBe(true);
}

describe('BundleLoader', () => {
  it('runs a bundle with CommonJS names, requires from its folder and links by name; loads it once', () => {
    const file = writeBundle();
    const loader = loaderFor(null);
    const loaded = loader.load(file) as Loaded;
    expectRunsAsNodeWould(loaded, file);
    expect(loader.load(file)).toBe(loaded);
    expect(loader.loads).toEqual([{ file, cacheFile: null, cache: 'none' }]);
  });

  it('writes a cache when the first run ends, and the next run takes it', () => {
    const file = writeBundle();
    const cacheDir = join(scratch, 'cache', 'code');
    const first = loadInNewProcess(file, cacheDir);
    expect(first).toEqual({ loads: [{ file, cacheFile: expect.any(String), cache: 'none' }], square: 49, linked: 42 });
    const written = readdirSync(cacheDir);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^bundle\.cjs-\d+-\d+-v\d+\.\d+\.\d+-\w+\.v8cache$/);
    const cacheFile = join(cacheDir, written[0]!);
    expect(first.loads[0]!.cacheFile).toBe(cacheFile);
    const bytes = readFileSync(cacheFile);
    expect(bytes.length).toBeGreaterThan(0);

    expect(loadInNewProcess(file, cacheDir)).toEqual({ loads: [{ file, cacheFile, cache: 'used' }], square: 49, linked: 42 });
    // A cache that was taken is not written again.
    expect(readdirSync(cacheDir)).toEqual(written);
    expect(readFileSync(cacheFile).equals(bytes)).toBe(true);
  });

  it('a garbage cache is refused by V8, the bundle still runs, and the cache is written anew', () => {
    const file = writeBundle();
    const cacheDir = join(scratch, 'cache');
    loadInNewProcess(file, cacheDir);
    const cacheFile = join(cacheDir, readdirSync(cacheDir)[0]!);
    const garbage = Buffer.alloc(4096, 0x5a);
    writeFileSync(cacheFile, garbage);
    expect(loadInNewProcess(file, cacheDir)).toEqual({ loads: [{ file, cacheFile, cache: 'refused' }], square: 49, linked: 42 });
    expect(readFileSync(cacheFile).equals(garbage)).toBe(false);
    expect(loadInNewProcess(file, cacheDir).loads[0]!.cache).toBe('used');
  });

  it('a rebuilt bundle never meets the cache of the bundle it replaced', () => {
    const file = writeBundle();
    const cacheDir = join(scratch, 'cache');
    loadInNewProcess(file, cacheDir);
    // The same length and a new text, written a second later: what V8's own check would not see.
    writeBundle(BUNDLE.replace('n * n', 'n + n'));
    const later = new Date(Date.now() + 1000);
    utimesSync(file, later, later);
    const rebuilt = loadInNewProcess(file, cacheDir);
    expect(rebuilt.square).toBe(14);
    expect(rebuilt.loads[0]!.cache).toBe('none');
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it('a cache folder that cannot be made costs nothing but the cache', () => {
    const file = writeBundle();
    const blocker = join(scratch, 'not-a-folder');
    writeFileSync(blocker, 'a file where the cache folder would be');
    const loader = loaderFor(join(blocker, 'code'));
    expectRunsAsNodeWould(loader.load(file) as Loaded, file);
    expect(() => loader.writeCaches()).not.toThrow();
    expect(readdirSync(scratch).sort()).toEqual(['bundle.cjs', 'not-a-folder', 'sibling.cjs']);
  });

  it("a bundle's own error reaches the caller, its stack at the bundle's own line and column", () => {
    const file = writeBundle('exports.x = 1; throw new Error("from line 1");\nexports.y = 2;\nthrow new Error("from line 3");');
    let stack = '';
    try {
      loaderFor(null).load(file);
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    // `new Error` starts at column 22 of line 1: the wrapper around the bundle shifts neither.
    expect(stack).toContain('from line 1');
    expect(stack).toContain(`${file}:1:22`);
    writeBundle('exports.x = 1;\nexports.y = 2;\n  throw new Error("from line 3");');
    expect(() => new BundleLoader(null, () => undefined).load(file)).toThrow('from line 3');
    try {
      new BundleLoader(null, () => undefined).load(file);
    } catch (error) {
      expect((error as Error).stack).toContain(`${file}:3:9`);
    }
  });
});

describe('codeCacheDir', () => {
  it('is the variable’s folder when set, and none when it says off', () => {
    expect(codeCacheDir({ [CODE_CACHE_ENV_VAR]: '/somewhere/cache' }, 'linux')).toBe('/somewhere/cache');
    expect(codeCacheDir({ [CODE_CACHE_ENV_VAR]: 'off', XDG_CACHE_HOME: '/x' }, 'linux')).toBeNull();
  });

  it("is under the platform's user cache folder otherwise", () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/home/u/.xdg' }, 'linux')).toBe(join('/home/u/.xdg', 'anvil-skeleton', 'code'));
    expect(codeCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32')).toBe(
      join('C:\\Users\\u\\AppData\\Local', 'anvil-skeleton', 'code'),
    );
    expect(codeCacheDir({}, 'win32')).toBeNull();
    expect(codeCacheDir({ XDG_CACHE_HOME: '' }, 'linux')).toBe(join(homedir(), '.cache', 'anvil-skeleton', 'code'));
    expect(codeCacheDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Caches', 'anvil-skeleton', 'code'));
  });
});
