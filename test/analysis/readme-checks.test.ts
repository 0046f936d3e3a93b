/**
 * The README's table of named checks (under `validate`) is what users read; it must list exactly
 * the registered checks, in registry order, with the confidence each check reports.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS, type Check } from '../../src/analysis/checks/index.js';

interface Row {
  id: string;
  confidence: string;
  fact: string;
}

function readmeCheckRows(): Row[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('### `validate'));
  const header = section.indexOf('| id | confidence | fact |');
  if (header < 0) throw new Error('README: no named-check table under validate');
  const rows: Row[] = [];
  for (const line of section.slice(header).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const id = /^`([^`]+)`$/.exec(cells[0]!)?.[1];
    if (id === undefined) throw new Error(`README: a check row without a \`id\`: ${line}`);
    rows.push({ id, confidence: cells[1]!, fact: cells[2]! });
  }
  return rows;
}

/** How the table spells a check's confidence: one word, or `X (anvilnext) / Y (scimitar)` where they differ. */
function confidenceText(check: Check): string {
  const byDialect = check.dialects.map((dialect) => [dialect, check.confidenceByDialect?.[dialect] ?? check.confidence] as const);
  if (byDialect.every(([, confidence]) => confidence === byDialect[0]![1])) return byDialect[0]![1];
  return byDialect.map(([dialect, confidence]) => `${confidence} (${dialect})`).join(' / ');
}

describe('README named-check table', () => {
  const rows = readmeCheckRows();

  it('finds the table (the parse itself works)', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toEqual({ id: 'single-root', confidence: 'Proven', fact: 'exactly one parentless bone, bone 0' });
  });

  it('lists exactly the registered checks, in registry order', () => {
    expect(rows.map((row) => row.id)).toEqual(CHECKS.map((check) => check.id));
  });

  it('gives each check the confidence it reports', () => {
    const byId = new Map(CHECKS.map((check) => [check.id, check]));
    for (const row of rows) expect(row.confidence, row.id).toBe(confidenceText(byId.get(row.id)!));
  });

  it('names the dialect of a check that applies to one dialect only', () => {
    for (const check of CHECKS) {
      const row = rows.find((r) => r.id === check.id)!;
      if (check.dialects.length === 1) expect(row.fact, check.id).toMatch(new RegExp(`^${check.dialects[0]}: `));
    }
  });
});
