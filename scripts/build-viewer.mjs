// Builds the web viewer (viewer/) into dist/viewer/: one bundled, minified script with three.js and
// the library's browser-safe entry, the page and its stylesheet. No inline script: the page loads
// app.js, as the server's Content-Security-Policy requires.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/viewer', { recursive: true, force: true });
mkdirSync('dist/viewer', { recursive: true });
// The page's script, and the census worker's: a file of its own, since the CSP allows no worker from a blob.
const result = await build({
  entryPoints: { app: 'viewer/main.ts', 'census-worker': 'viewer/census-worker.ts' },
  outdir: 'dist/viewer',
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: ['chrome111', 'firefox115', 'safari16'],
  minify: true,
  // No source map in the package (the sources are in the repository); licences stay in the bundle.
  legalComments: 'eof',
  logLevel: 'warning',
  // glTF-Transform's NodeIO imports node:fs when constructed; the page never constructs it, and
  // tree shaking drops it. Left unresolved here, and refused below should any import remain.
  external: ['node:*'],
  metafile: true,
});
const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
if (imports.length > 0) throw new Error(`the viewer bundle imports ${imports.join(', ')}: it must be browser-safe`);
copyFileSync('viewer/index.html', 'dist/viewer/index.html');
copyFileSync('viewer/app.css', 'dist/viewer/app.css');
