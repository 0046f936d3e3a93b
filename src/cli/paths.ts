/**
 * Where the installed package keeps its files. The CLI may run from source (tsx), from the
 * per-module build, or from the single-file bundle, so paths are found from the package root
 * rather than relative to whichever module asks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot, runningFromSource } from '../node/package-root.js';

export { packageRoot, runningFromSource };

/** The bundled sample corpus. */
export function bundledSamplesDir(): string {
  return join(packageRoot(), 'samples');
}

/** The package's version, from its package.json. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
