/**
 * The built CLI (scripts/bundle-cli.mjs, run by `npm run build`) loads commander as one bundled ES
 * module that cli.js and every action share: one copy, so commander's classes are the same for all,
 * and none of commander's CommonJS files loaded at a start.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist');

/** The module specifiers a bundle imports statically (its statements start a line or follow a `;` or `}`: the bundles are minified). */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/(?:^|[;}])import\s*[^;"']*?from\s*"([^"]+)"/gm)].map((m) => m[1]!);
}

describe.runIf(existsSync(join(DIST, 'cli.js')))('the bundled CLI', () => {
  it('imports commander through its one bundled copy only', () => {
    const actions = readdirSync(join(DIST, 'cli/actions')).filter((file) => file.endsWith('.js'));
    expect(actions).toContain('census.js');
    expect(importsOf(join(DIST, 'cli.js'))).toContain('./cli/commander.js');
    expect(importsOf(join(DIST, 'cli/actions/census.js'))).toContain('../commander.js');
    for (const file of [join(DIST, 'cli.js'), ...actions.map((file) => join(DIST, 'cli/actions', file))])
      expect(
        importsOf(file).filter((spec) => spec === 'commander' || spec.startsWith('commander/')),
        file,
      ).toEqual([]);
  });

  it('says a stale generated reader in every command that reads resource files', () => {
    // A bare `import './input-file.js'` is dropped from a bundle (the package declares no side
    // effects), so each of these must call the function: its definition and at least one call.
    for (const action of ['assemble', 'crack', 'export', 'import', 'inspect', 'pose', 'probe', 'skin', 'validate']) {
      const text = readFileSync(join(DIST, 'cli/actions', `${action}.js`), 'utf8');
      expect(text.match(/sayStaleReadersOnStderr\(\)/g)?.length ?? 0, action).toBeGreaterThanOrEqual(2);
    }
  });

  it('has a bundled commander that gives the classes the CLI uses', async () => {
    const commander = (await import(pathToFileURL(join(DIST, 'cli/commander.js')).href)) as Record<string, unknown>;
    expect(Object.keys(commander).sort()).toEqual(['Command', 'CommanderError', 'Option']);
    const { Command } = commander as { Command: new () => { name(n: string): { name(): string } } };
    expect(new Command().name('x').name()).toBe('x');
  });
});
