import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const builtins = new Set(builtinModules);

it('nothing src/archive/ imports, directly or through our modules, is a Node built-in', () => {
  const seen = new Set<string>();
  const offending: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!.replace(/\.js$/, '.ts')));
      else if (specifier!.startsWith('node:') || builtins.has(specifier!.split('/')[0]!)) offending.push(`${file}: ${specifier}`);
    }
  };
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else visit(path);
    }
  };
  walk(join(root, 'archive'));
  expect(seen.size).toBeGreaterThan(4); // the archive modules and what they import were walked
  expect(offending).toEqual([]);
});
