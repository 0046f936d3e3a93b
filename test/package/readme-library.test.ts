/**
 * The README's "Library" table against the package: one row per entry that package.json exports,
 * each entry once, and every export a row names in backquotes exported by that entry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as gltf from '../../src/gltf.js';
import * as grammar from '../../src/grammar.js';
import * as samples from '../../src/samples.js';

const MODULES: Record<string, Record<string, unknown>> = {
  'anvil-skeleton': root,
  'anvil-skeleton/gltf': gltf,
  'anvil-skeleton/grammar': grammar,
  'anvil-skeleton/samples': samples,
};

/** The table's rows: `| \`entry\` | what it holds |`. */
function libraryRows(): { entry: string; holds: string }[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Library\n'));
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

describe('the README Library table', () => {
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
});
