/** The viewer's built page (`dist/viewer/`), as its server serves it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { packageRoot } from './package-root.js';
import type { AppFile } from './view-server.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The viewer's page is not built: `dir` holds no `index.html` (`npm run build` makes it). */
export class ViewerNotBuiltError extends Error {
  override name = 'ViewerNotBuiltError';
  constructor(
    /** The folder looked in. */
    readonly dir: string,
  ) {
    super(`the viewer is not built (no ${join(dir, 'index.html')}); run \`npm run build\``);
  }
}

/**
 * The built app (`dist/viewer/` of the package by default), every file read once at start: the
 * server never touches the disk per request. Throws a ViewerNotBuiltError when it is not built.
 */
export function loadViewerApp(dir = join(packageRoot(), 'dist', 'viewer')): AppFile[] {
  if (!existsSync(join(dir, 'index.html'))) throw new ViewerNotBuiltError(dir);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TYPES[extname(entry.name)] !== undefined)
    .map((entry) => ({ path: `/${entry.name}`, type: TYPES[extname(entry.name)]!, body: readFileSync(join(dir, entry.name)) }));
}
