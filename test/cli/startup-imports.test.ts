/**
 * Every start of the CLI loads main.ts and what it imports: each command's name, options and help.
 * What a command does lives in src/cli/actions/, loaded by its action with `await import(...)`,
 * so one command's start never pays for the others' modules (the census's above all). This walks
 * the static value imports from main.ts and holds them to the few small modules allowed.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What registering the commands may load: declarations, and constants shown in help text. */
const ALLOWED = [
  /^src\/cli\/(main|errors|paths|options|names-option)\.ts$/,
  // The package root and the size limit, which the CLI shares with the node entry.
  /^src\/node\/(package-root|limits)\.ts$/,
  /^src\/cli\/commands\/[a-z-]+\.ts$/,
  /^src\/formats\/(dialect|anvilnext\/reading)\.ts$/,
  /^src\/export\/options\.ts$/,
  /^src\/analysis\/skinning-options\.ts$/,
  /^src\/math\/axes\.ts$/,
  /^src\/samples\/inventory-seed\.ts$/,
  /^src\/archive\/profile\/names\.ts$/,
];

/** Relative imports that load code at run time: not `import type`/`export type`, not `import()`. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?'(\.[^']+)'/gms)) found.push(m[1]!);
  return found.map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
}

function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  visit(resolve(ROOT, entry));
  return [...seen].map((file) => relative(ROOT, file).replaceAll('\\', '/')).sort();
}

describe('CLI start-up', () => {
  it('registers every command without loading what the commands do', () => {
    const loaded = reachable('src/cli/main.ts');
    expect(loaded).toContain('src/cli/commands/census.ts');
    expect(loaded.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it('finds the imports it walks (the walk itself works)', () => {
    expect(reachable('src/cli/actions/census.ts')).toEqual(expect.arrayContaining(['src/analysis/census.ts', 'src/node/name-lists.ts']));
  });
});
