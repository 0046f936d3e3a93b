// Builds the web viewer (viewer/) into dist/viewer/: one bundled, minified script with three.js and
// the library's browser-safe entry, the page and its stylesheet. No inline script: the page loads
// app.js, as the server's Content-Security-Policy requires.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/viewer', { recursive: true, force: true });
mkdirSync('dist/viewer', { recursive: true });
await build({
  entryPoints: ['viewer/main.ts'],
  outfile: 'dist/viewer/app.js',
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: ['chrome111', 'firefox115', 'safari16'],
  minify: true,
  // No source map in the package (the sources are in the repository); licences stay in the bundle.
  legalComments: 'eof',
  logLevel: 'warning',
});
copyFileSync('viewer/index.html', 'dist/viewer/index.html');
copyFileSync('viewer/app.css', 'dist/viewer/app.css');
