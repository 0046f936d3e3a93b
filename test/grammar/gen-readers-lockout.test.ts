/**
 * `npm run gen:readers` must run whatever state the generated files are in: what it loads (the
 * generator, the compiler and every layout folder's `layout.ts`) reaches no generated module, so a
 * missing, broken or stale `compiled.ts` can never keep it from writing a new one.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Relative imports that load code at run time (not `import type`). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?'(\.[^']+)'/gms)) found.push(m[1]!);
  return found.map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
}

function reachable(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  for (const entry of entries) visit(entry);
  return [...seen].map((file) => relative(ROOT, file).replaceAll('\\', '/')).sort();
}

describe('the reader generator', () => {
  it('loads no generated reader: it cannot lock itself out', () => {
    const folders = readdirSync(join(ROOT, 'src/formats'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'src/formats', d.name, 'layout.ts')))
      .map((d) => join(ROOT, 'src/formats', d.name, 'layout.ts'));
    expect(folders.length).toBeGreaterThanOrEqual(6);
    const loaded = reachable([join(ROOT, 'scripts/gen-readers.ts'), ...folders]);
    expect(loaded).toContain('src/formats/anvilnext/skeleton.ts');
    expect(loaded).toContain('src/grammar/compile.ts');
    expect(loaded.filter((file) => file.endsWith('/compiled.ts') && file.startsWith('src/formats/'))).toEqual([]);
  });
});
