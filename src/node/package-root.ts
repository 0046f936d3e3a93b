/**
 * Where the installed package keeps its files. Its code may run from source (tsx), from the
 * per-module build, or from the CLI's bundles, so paths are found from the package root rather
 * than relative to whichever module asks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/** The folder holding anvil-skeleton's package.json, found by walking up from this module. */
export function packageRoot(): string {
  if (root !== null) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'anvil-skeleton') break;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the anvil-skeleton package folder');
    dir = up;
  }
  root = dir;
  return dir;
}

/** Whether this code runs from the TypeScript sources (tests, `node --import tsx`). */
export function runningFromSource(): boolean {
  return import.meta.url.endsWith('.ts');
}
