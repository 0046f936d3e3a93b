#!/usr/bin/env node
/**
 * The installed `anvil-skel` command (bundled to dist/cli.cjs, a CommonJS file: it is never built
 * as an ES module, so `__dirname` is its own folder). It loads the CLI's bundles through the code
 * cache: dist/cli/main.cjs (every command's name, options and help, with commander), then the one
 * dist/cli/actions/<x>.cjs the command runs. The bundles share the main bundle's commander and
 * error classes (so `instanceof UsageError` holds across them) by asking for them by name.
 */
import { join } from 'node:path';
import { BundleLoader, codeCacheDir } from '../node/bundle-loader.js';

interface MainBundle {
  runCli(argv: string[]): void;
  errors: unknown;
  commander: unknown;
}

const bundles = join(__dirname, 'cli');
const mainBundle = join(bundles, 'main.cjs');
const loader = new BundleLoader(codeCacheDir(), (name, self) => {
  const shared = self.load(mainBundle) as MainBundle;
  if (name === 'errors') return shared.errors;
  if (name === 'commander') return shared.commander;
  if (name.startsWith('action/')) return self.load(join(bundles, 'actions', `${name.slice('action/'.length)}.cjs`));
  throw new Error(`no CLI bundle is named ${name}`);
});
(loader.load(mainBundle) as MainBundle).runCli(process.argv.slice(2));
