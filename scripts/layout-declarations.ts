/**
 * Every layout folder's declaration (`src/formats/<folder>/layout.ts`), found on disk and loaded
 * without the generated readers, so the generator runs even when a generated file is missing or
 * stale. A test checks the folders found are the registered layouts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LayoutDeclaration } from '../src/formats/layout.js';

const FORMATS = join(import.meta.dirname, '..', 'src', 'formats');

function isDeclaration(value: unknown): value is LayoutDeclaration {
  const v = value as Partial<LayoutDeclaration> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.declaration === 'function' && 'compiledModule' in v;
}

/** The declarations of every layout folder, in folder order. */
export async function layoutDeclarations(): Promise<LayoutDeclaration[]> {
  const found: LayoutDeclaration[] = [];
  for (const folder of readdirSync(FORMATS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const file = join(FORMATS, folder, 'layout.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    found.push(...Object.values(module).filter(isDeclaration));
  }
  return found;
}
