/**
 * The built CLI (scripts/bundle-cli.mjs, run by `npm run build`): dist/cli.cjs loads CommonJS
 * bundles through the code cache, main.cjs with commander bundled in, and one action bundle per
 * command, which gets commander and the error classes from main.cjs by name: one copy of each, so
 * `instanceof UsageError` holds across bundles, and none of commander's own files loaded at a start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BundleLoader, CODE_CACHE_ENV_VAR } from '../../src/node/bundle-loader.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'dist');

/** The names a CommonJS bundle requires. */
function requiresOf(file: string): string[] {
  return [...new Set([...readFileSync(file, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!))].sort();
}

const actionBundles = (): string[] =>
  existsSync(join(DIST, 'cli/actions')) ? readdirSync(join(DIST, 'cli/actions')).filter((file) => file.endsWith('.cjs')) : [];

describe.runIf(existsSync(join(DIST, 'cli.cjs')))('the bundled CLI', () => {
  it('is the package’s command, and dist/cli.js runs it too', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin['anvil-skel']).toBe('dist/cli.cjs');
    expect(readFileSync(join(DIST, 'cli.cjs'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(readFileSync(join(DIST, 'cli.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n(\/\/.*\n)*import '\.\/cli\.cjs';\n$/);
  });

  it('bundles commander into main.cjs only; the actions get it, and the errors, from there by name', () => {
    const actions = actionBundles();
    expect(actions).toContain('census.cjs');
    const main = requiresOf(join(DIST, 'cli/main.cjs'));
    expect(main.filter((name) => name.startsWith('commander') || name.startsWith('.'))).toEqual([]);
    expect(main).toContain('anvil-skel:action/census');
    for (const file of actions) {
      const names = requiresOf(join(DIST, 'cli/actions', file));
      expect(names, file).toContain('anvil-skel:errors');
      // Only Node's modules, the package's dependencies, and what main.cjs gives.
      expect(
        names.filter(
          (name) =>
            !name.startsWith('node:') &&
            !name.startsWith('@gltf-transform/') &&
            !['anvil-skel:errors', 'anvil-skel:commander'].includes(name),
        ),
        file,
      ).toEqual([]);
    }
    expect(requiresOf(join(DIST, 'cli/actions/census.cjs'))).toContain('anvil-skel:commander');
  });

  it('says a stale generated reader in every command that reads resource files', () => {
    // A bare `import './input-file.js'` is dropped from a bundle (the package declares no side
    // effects), so each of these must call the function: its definition and at least one call.
    for (const action of ['assemble', 'crack', 'export', 'import', 'inspect', 'pose', 'probe', 'skin', 'validate']) {
      const text = readFileSync(join(DIST, 'cli/actions', `${action}.cjs`), 'utf8');
      expect(text.match(/sayStaleReadersOnStderr\(\)/g)?.length ?? 0, action).toBeGreaterThanOrEqual(2);
    }
  });

  it('main.cjs gives the command line, the error classes and the commander classes the actions use', () => {
    const loader = new BundleLoader(null, () => {
      throw new Error('main.cjs links to nothing while it loads');
    });
    const main = loader.load(join(DIST, 'cli/main.cjs')) as {
      runCli: unknown;
      errors: Record<string, unknown>;
      commander: Record<string, unknown>;
    };
    expect(typeof main.runCli).toBe('function');
    expect(Object.keys(main.commander)).toEqual(expect.arrayContaining(['Command', 'CommanderError', 'Option']));
    const { Command } = main.commander as { Command: new () => { name(n: string): { name(): string } } };
    expect(new Command().name('x').name()).toBe('x');
    expect(Object.keys(main.errors)).toEqual(expect.arrayContaining(['UsageError', 'EXIT_FAILED', 'EXIT_USAGE']));
  });

  it('writes its code cache at the first run and gives the same output from it; with the cache off it writes none', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'anvil-code-cache-'));
    try {
      const cacheDir = join(scratch, 'code');
      // The user's cache folders point into the scratch folder, so a cache written anywhere shows.
      const home = join(scratch, 'home');
      const run = (cache: string, ...args: string[]) =>
        spawnSync(process.execPath, [join(DIST, 'cli.cjs'), ...args], {
          encoding: 'utf8',
          env: { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, '.cache'), [CODE_CACHE_ENV_VAR]: cache },
        });
      const samples = join(ROOT, 'samples');
      const first = run(cacheDir, 'census', samples, '--json');
      expect(first.status).toBe(0);
      expect(
        readdirSync(cacheDir)
          .map((name) => name.replace(/-.*/, ''))
          .sort(),
      ).toEqual(['census.cjs', 'main.cjs']);
      const second = run(cacheDir, 'census', samples, '--json');
      expect(second.stdout).toBe(first.stdout);
      expect(second.stderr).toBe(first.stderr);
      expect(readdirSync(cacheDir)).toHaveLength(2);
      // A usage error crosses bundles: the action's UsageError is main.cjs's (exit 2, no stack).
      const usage = run(cacheDir, 'census', samples, '--json', '--markdown');
      expect(usage.status).toBe(2);
      expect(usage.stderr).not.toMatch(/\n\s+at /);
      expect(run('off', 'census', samples, '--json').stdout).toBe(first.stdout);
      expect(readdirSync(scratch)).toEqual(['code']);
      // Unset, the cache goes to the user's cache folder.
      expect(run('', 'census', samples, '--json').stdout).toBe(first.stdout);
      expect(readdirSync(join(home, '.cache', 'anvil-skeleton', 'code'))).toHaveLength(2);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('loads neither child_process nor the socket streams when stderr is a pipe that gets nothing', () => {
    // Both cost every start: commander's child_process is for programs as subcommands, which this
    // command has none of, and a piped stderr's stream is made only when something is written.
    const scratch = mkdtempSync(join(tmpdir(), 'anvil-start-'));
    try {
      const empty = join(scratch, 'empty');
      mkdirSync(empty);
      const preload = join(scratch, 'loaded.cjs');
      const listed = join(scratch, 'loaded.txt');
      writeFileSync(
        preload,
        `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(listed)}, process.moduleLoadList.join('\\n')));\n`,
      );
      const run = spawnSync(
        process.execPath,
        ['-r', preload, join(DIST, 'cli.cjs'), 'census', empty, '--json', join(scratch, 'census.json')],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const loaded = readFileSync(listed, 'utf8').split('\n');
      expect(loaded).toContain('NativeModule fs');
      expect(loaded).not.toContain('NativeModule child_process');
      expect(loaded).not.toContain('NativeModule net');
      // Whereas an error message on stderr still gets its stream.
      const refused = spawnSync(process.execPath, [join(DIST, 'cli.cjs'), 'census', join(scratch, 'missing')], { encoding: 'utf8' });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('missing');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
