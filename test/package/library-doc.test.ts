/**
 * The library page, docs/library.md, against the package: its "Entries" table has one row per
 * entry that package.json exports, each entry once, and every export a row names in backquotes is
 * exported by that entry; its "What each entry exports" lists name every value each entry exports,
 * and nothing an entry does not export.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as gltf from '../../src/gltf.js';
import * as grammar from '../../src/grammar.js';
import * as samples from '../../src/samples.js';
import * as node from '../../src/node.js';

const MODULES: Record<string, Record<string, unknown>> = {
  'anvil-skeleton': root,
  'anvil-skeleton/gltf': gltf,
  'anvil-skeleton/grammar': grammar,
  'anvil-skeleton/samples': samples,
  'anvil-skeleton/node': node,
};

const page = readFileSync('docs/library.md', 'utf8');

/** The table's rows: `| \`entry\` | what it holds |`. */
function libraryRows(): { entry: string; holds: string }[] {
  const section = page.slice(page.indexOf('\n## Entries\n'));
  const table = section.slice(section.indexOf('| Entry | What it holds |'));
  const rows: { entry: string; holds: string }[] = [];
  // The table ends at its first line that is not a row: a blank line in it would end it early.
  for (const line of table.split('\n').slice(2)) {
    const row = /^\| `([^`]+)` \| (.*) \|$/.exec(line);
    if (row === null) break;
    rows.push({ entry: row[1]!, holds: row[2]! });
  }
  return rows;
}

/** The names an entry's "What each entry exports" section gives in backquotes, without the `types …` parts. */
function listedExports(entry: string): { values: string[]; all: string[] } {
  const start = page.indexOf(`\n### \`${entry}\`\n`);
  if (start < 0) throw new Error(`docs/library.md: no export list for ${entry}`);
  const end = page.indexOf('\n#', start + 1);
  const section = page.slice(start, end);
  const names = (text: string) => [...text.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!);
  // Types follow the word "types" in each item (up to its end): they have no value to check at run time.
  const values = section.replace(/\btypes\s[^.]*\./g, '');
  return { values: names(values), all: names(section) };
}

describe('the library page (docs/library.md)', () => {
  it('has one row for each entry the package exports, in one table', () => {
    const exports = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> }).exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'anvil-skeleton' : `anvil-skeleton/${key.slice(2)}`));
    expect(libraryRows().map((r) => r.entry)).toEqual(exports);
    expect(Object.keys(MODULES).sort()).toEqual([...exports].sort());
  });

  it('names only exports its entry has', () => {
    for (const { entry, holds } of libraryRows()) {
      for (const [, name] of holds.matchAll(/`([A-Za-z_$][\w$]*)`/g))
        expect(MODULES[entry]!, `${entry} exports ${name}`).toHaveProperty(name!);
    }
  });

  it("lists every value each entry exports, and only those (the entry's types aside)", () => {
    for (const [entry, module] of Object.entries(MODULES)) {
      const { values } = listedExports(entry);
      expect([...new Set(values)].sort(), entry).toEqual(Object.keys(module).sort());
    }
  });

  it('parses the lists as a reader does: types apart from values', () => {
    const { values, all } = listedExports('anvil-skeleton/gltf');
    expect(values).toContain('applyArmature');
    expect(values).not.toContain('GltfExportOptions');
    expect(all).toContain('GltfExportOptions');
  });
});
