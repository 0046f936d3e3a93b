// Bundles the CLI (and the census worker) into single files after tsc has built the library:
// one file loads several times faster than a hundred small modules, and every command starts
// sooner. Dependencies stay external, installed beside it.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry content hashes: clear the old ones so stale chunks do not pile up.
rmSync('dist/cli/chunks', { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli.ts', 'cli/census-worker': 'src/cli/census-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Code reached only through a dynamic import (the glTF writer) goes into chunks loaded on demand.
  splitting: true,
  chunkNames: 'cli/chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
