// Bundles the CLI (and the census worker) into a few single files after tsc has built the library:
// one file loads several times faster than a hundred small modules, and every command starts sooner.
// The command's bundles are CommonJS, loaded by dist/cli.cjs through V8's code cache (see
// src/node/bundle-loader.ts): Node 20 caches no compile of an ES module. Dependencies stay external,
// installed beside it, except commander, bundled into the main bundle.
//
//   dist/cli.cjs                the `anvil-skel` command: the bundle loader, nothing more
//   dist/cli.js                 the same command as an ES module entry (`node dist/cli.js`)
//   dist/cli/main.cjs           every command's name, options and help, with commander and the error
//                               classes, which the actions get from it by name (`anvil-skel:errors`)
//   dist/cli/actions/<x>.cjs    what the commands of src/cli/actions/<x>.ts do, loaded by the command
//                               that runs (`anvil-skel:action/<x>`), so `census` loads main and census
//   dist/node/census-worker.js  the census's worker thread (loose files and archives' data files alike),
//                               replacing tsc's module of the same name, so a worker starts as fast
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

// Left by earlier builds: hashed chunks, and the ES module bundles of the commands.
rmSync('dist/cli/chunks', { recursive: true, force: true });
rmSync('dist/cli/commander.js', { force: true });
rmSync('dist/cli/commander.js.map', { force: true });

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

/** A CommonJS bundle's stand-ins for what only ES modules have (`import.meta.resolve` is for runs from source). */
const commonJs = {
  format: 'cjs',
  // `import()` becomes `require()`: a bundle runs in a vm.Script, which has no loader for `import()`.
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__anvilModuleUrl', 'import.meta.resolve': '__anvilNoResolve' },
  banner: {
    js: [
      'var __anvilModuleUrl=require("node:url").pathToFileURL(__filename).href;',
      'var __anvilNoResolve=function(){throw new Error("import.meta.resolve is for runs from the sources")};',
    ].join(''),
  },
};

/** Imports that become another bundle's exports, asked for by name through the bundle loader: `link(source)` gives the name, or undefined. */
function linked(link) {
  return {
    name: 'linked',
    setup(b) {
      b.onResolve({ filter: /^(\.|commander$)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const name = link(args.path === 'commander' ? 'commander' : resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts'));
        return name === undefined ? undefined : { path: `anvil-skel:${name}`, external: true };
      });
    },
  };
}

/**
 * commander asks for node:child_process when it loads, for the subcommands that are programs of
 * their own, which this command has none of; loading it (with dgram and the stream machinery it
 * brings) cost every start some 20 million instructions, 4% of `node -e 0`. It is loaded when
 * first used instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

const ERRORS = resolve('src/cli/errors.ts');
/** `action/<x>` for src/cli/actions/<x>.ts. */
const actionOf = (source) => {
  const match = /[\\/]src[\\/]cli[\\/]actions[\\/]([^\\/]+)\.ts$/.exec(source);
  return match === null ? undefined : `action/${match[1]}`;
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/cli/entry.ts'],
    outfile: 'dist/cli.cjs',
    format: 'cjs',
    sourcemap: false,
  }),
  build({
    ...common,
    ...commonJs,
    stdin: {
      contents: [
        "export { runCli } from './src/cli/run.ts';",
        "export * as errors from './src/cli/errors.ts';",
        "export * as commander from 'commander';",
      ].join('\n'),
      resolveDir: '.',
      sourcefile: 'main.cjs',
    },
    outfile: 'dist/cli/main.cjs',
    // commander is bundled in; every other package stays external.
    packages: undefined,
    external: ['@gltf-transform/*', 'three'],
    plugins: [linked(actionOf), lazyChildProcess],
  }),
  build({
    ...common,
    ...commonJs,
    entryPoints: ACTIONS.map((a) => `src/cli/actions/${a}.ts`),
    outdir: 'dist/cli/actions',
    outExtension: { '.js': '.cjs' },
    plugins: [linked((source) => (source === 'commander' ? 'commander' : source === ERRORS ? 'errors' : undefined))],
  }),
  build({ ...common, entryPoints: ['src/node/census-worker.ts'], outfile: 'dist/node/census-worker.js' }),
]);

// `node dist/cli.js` runs the same command.
writeFileSync(
  'dist/cli.js',
  "#!/usr/bin/env node\n// The `anvil-skel` command as an ES module entry: dist/cli.cjs runs it.\nimport './cli.cjs';\n",
);
