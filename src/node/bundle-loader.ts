/**
 * Loads the CLI's CommonJS bundles with V8's code cache, so a start does not parse and compile
 * the same few hundred kilobytes of JavaScript again: about half of what `census` costs over a bare
 * `node` is that compile. Node 20 caches nothing for ES modules, so the bundles the CLI runs are
 * CommonJS, compiled here through `vm.Script` as Node's own loader compiles a CommonJS file, with
 * the cache V8 wrote after an earlier run of the same bytes.
 *
 * A cache file is named by the bundle's size and modification time (to the nanosecond), so a
 * rebuilt bundle never meets an old cache (a digest of the text would load node:crypto, some 5 ms
 * of every start); V8 itself refuses a cache of another source length, V8 version or flags.
 * Nothing here can fail a command: a cache that cannot be read, is refused or cannot be written
 * only costs the compile.
 * Only node's built-in modules are imported: this module is bundled into the entry, ahead of all.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** The environment variable that moves the code cache to another folder, or turns it off (`off`). */
export const CODE_CACHE_ENV_VAR = 'ANVIL_SKEL_CODE_CACHE';

/**
 * The folder of the code cache: the variable's folder when set, else the user's cache folder
 * (`$XDG_CACHE_HOME`, `~/.cache`, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows) with
 * `anvil-skeleton/code` below it; null when turned off or when no home folder is known.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | null {
  const chosen = env[CODE_CACHE_ENV_VAR];
  if (chosen !== undefined && chosen !== '') return chosen === 'off' ? null : chosen;
  const dir = home();
  let base: string | null;
  if (platform === 'win32') base = env.LOCALAPPDATA || null;
  else if (platform === 'darwin') base = dir === null ? null : join(dir, 'Library', 'Caches');
  else base = env.XDG_CACHE_HOME || (dir === null ? null : join(dir, '.cache'));
  return base === null ? null : join(base, 'anvil-skeleton', 'code');
}

function home(): string | null {
  try {
    const dir = homedir();
    return dir === '' ? null : dir;
  } catch {
    return null;
  }
}

/** What a bundle asks for by a name of this kind is another bundle's exports, given by {@link BundleLoader}'s link. */
export const LINK_PREFIX = 'anvil-skel:';

/** How one bundle's load went (what the tests look at). */
export interface BundleLoad {
  file: string;
  /** The cache file, or null with no cache folder. */
  cacheFile: string | null;
  /** `used`: V8 took the cache; `refused`: V8 did not; `none`: there was none (or no cache folder). */
  cache: 'used' | 'refused' | 'none';
}

/**
 * Loads bundles once each. `link` answers a bundle's `require` of a name starting with
 * {@link LINK_PREFIX} (another bundle's exports, through this loader); other names go to Node's
 * `require` from the bundle's own folder.
 */
export class BundleLoader {
  private readonly loaded = new Map<string, unknown>();
  readonly loads: BundleLoad[] = [];
  private readonly toWrite: { script: Script; cacheFile: string }[] = [];
  private exitHooked = false;

  constructor(
    private readonly cacheDir: string | null,
    private readonly link: (name: string, loader: BundleLoader) => unknown,
  ) {}

  /** The bundle's `module.exports`, evaluated at the first call. */
  load(file: string): unknown {
    if (this.loaded.has(file)) return this.loaded.get(file);
    const source = readFileSync(file, 'utf8');
    const name = this.cacheDir === null ? null : cacheName(file);
    const cacheFile = this.cacheDir === null || name === null ? null : join(this.cacheDir, name);
    let cachedData: Buffer | undefined;
    if (cacheFile !== null) {
      try {
        cachedData = readFileSync(cacheFile);
      } catch {
        cachedData = undefined;
      }
    }
    // Node's own wrapper for a CommonJS file: the bundle sees the usual five names. On a line of its
    // own, counted back by lineOffset, so a stack trace's lines and columns are the bundle's own.
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {
      filename: file,
      lineOffset: -1,
      cachedData,
    });
    const cache = cachedData === undefined ? 'none' : script.cachedDataRejected === true ? 'refused' : 'used';
    this.loads.push({ file, cacheFile, cache });
    if (cacheFile !== null && cache !== 'used') this.writeAtExit(script, cacheFile);
    const module = { exports: {} as unknown };
    this.loaded.set(file, module.exports);
    const nodeRequire = createRequire(file);
    const bundleRequire = Object.assign(
      (name: string): unknown => (name.startsWith(LINK_PREFIX) ? this.link(name.slice(LINK_PREFIX.length), this) : nodeRequire(name)),
      { resolve: nodeRequire.resolve, cache: nodeRequire.cache },
    );
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(module.exports, module.exports, bundleRequire, module, file, dirname(file));
    this.loaded.set(file, module.exports);
    return module.exports;
  }

  /**
   * The cache is written when the process ends, so it holds every function this run compiled (the
   * command's own work, not only the bundle's top level). Written under a temporary name and renamed,
   * so a process reading it at the same moment sees a whole file or none.
   */
  private writeAtExit(script: Script, cacheFile: string): void {
    this.toWrite.push({ script, cacheFile });
    if (this.exitHooked) return;
    this.exitHooked = true;
    process.once('exit', () => this.writeCaches());
  }

  /** Writes the caches of the bundles that had none; quietly does nothing where it cannot. */
  writeCaches(): void {
    for (const { script, cacheFile } of this.toWrite.splice(0)) {
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        try {
          rmSync(temporary, { force: true });
        } catch {
          // Nothing was written, or it cannot be removed either: the cache is only a cache.
        }
      }
    }
  }
}

/** `<bundle>-<size>-<mtime in ns>-<node version>-<arch>.v8cache`: one name per build of a bundle and Node; null when it cannot be looked at. */
function cacheName(file: string): string | null {
  try {
    const info = statSync(file, { bigint: true });
    return `${basename(file)}-${info.size}-${info.mtimeNs}-${process.version}-${process.arch}.v8cache`;
  } catch {
    return null;
  }
}
