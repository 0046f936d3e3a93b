// Bundles the CLI (and the census worker) into a few single files after tsc has built the library:
// one file loads several times faster than a hundred small modules (or than a dozen small chunks
// of a split build), and every command starts sooner. Dependencies stay external, installed beside it.
//
//   dist/cli.js               the command line: every command's name, options and help, nothing more
//   dist/cli/actions/<x>.js   what the commands of src/cli/actions/<x>.ts do, loaded by the command that
//                             runs (each one file, so `census` loads cli.js and census.js, little else)
//   dist/node/census-worker.js the census's worker thread (loose files and archives' data files alike),
//                             replacing tsc's module of the same name, so a worker starts as fast
//   dist/cli/errors.js        the one module cli.js and the actions share, so `instanceof UsageError` holds
//   dist/cli/commander.js     commander, bundled into one ES module that cli.js and the actions share:
//                             its package's CommonJS files, loaded through the ES module loader, cost
//                             several times what this one file does at every start
import { readdirSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

// Left by earlier builds, which split the code into hashed chunks.
rmSync('dist/cli/chunks', { recursive: true, force: true });

const ACTIONS = readdirSync('src/cli/actions')
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length));

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Less text for V8 to scan at every start (names kept: errors are told apart by them).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};

/**
 * Imports of the given source files become imports of their own output files instead of being
 * bundled in: `files` maps source path to dist path; `from` is the folder of the bundles built.
 */
function linkTo(from, files) {
  const sources = new Map(Object.entries(files).map(([source, out]) => [resolve(source), resolve(out)]));
  return {
    name: 'link-to',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const source = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        const out = sources.get(source);
        if (out === undefined) return undefined;
        const path = relative(from, out).replaceAll('\\', '/');
        return { path: path.startsWith('.') ? path : `./${path}`, external: true };
      });
    },
  };
}

const errors = { 'src/cli/errors.ts': 'dist/cli/errors.js' };
const COMMANDER = 'dist/cli/commander.js';

/** Imports of `commander` become imports of the one bundled copy (`from`: the folder of the bundles built). */
function sharedCommander(from) {
  const path = relative(from, COMMANDER).replaceAll('\\', '/');
  return {
    name: 'shared-commander',
    setup(b) {
      b.onResolve({ filter: /^commander$/ }, () => ({ path: path.startsWith('.') ? path : `./${path}`, external: true }));
    },
  };
}

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/cli.js',
    plugins: [
      sharedCommander('dist'),
      linkTo('dist', { ...errors, ...Object.fromEntries(ACTIONS.map((a) => [`src/cli/actions/${a}.ts`, `dist/cli/actions/${a}.js`])) }),
    ],
  }),
  build({
    ...common,
    entryPoints: ['src/cli/errors.ts', ...ACTIONS.map((a) => `src/cli/actions/${a}.ts`)],
    outdir: 'dist/cli',
    outbase: 'src/cli',
    plugins: [sharedCommander('dist/cli/actions'), linkTo('dist/cli/actions', errors)],
  }),
  build({
    ...common,
    // Every name the CLI imports from commander.
    stdin: { contents: "export { Command, CommanderError, Option } from 'commander';", resolveDir: '.', sourcefile: 'commander.js' },
    outfile: COMMANDER,
    packages: undefined,
    // commander's CommonJS files require node's built-in modules.
    banner: { js: "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);" },
  }),
  build({ ...common, entryPoints: ['src/node/census-worker.ts'], outfile: 'dist/node/census-worker.js' }),
]);
