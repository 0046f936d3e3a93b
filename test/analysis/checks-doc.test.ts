/**
 * docs/checks.md, the page users read for the named checks, is generated from the checks'
 * declarations (its freshness is held in test/samples.test.ts with the other generated pages).
 * Here the page is held to what is known without the code: the seed's facts, each check's
 * confidence as the seed gives it and the layouts it applies to, written out by hand, so a check
 * added, dropped, renamed or relabelled fails until this list and the page agree.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/analysis/checks/index.js';

interface Row {
  id: string;
  confidence: string;
  appliesTo: string;
  fact: string;
}

/** The summary table of the committed page: `| [\`id\`](#id) | confidence | applies to | fact |`. */
function pageRows(): Row[] {
  const page = readFileSync('docs/checks.md', 'utf8');
  const header = page.indexOf('| id | confidence | applies to | fact |');
  if (header < 0) throw new Error('docs/checks.md: no summary table');
  const rows: Row[] = [];
  for (const line of page.slice(header).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    const id = /^\[`([^`]+)`\]\(#\1\)$/.exec(cells[0]!)?.[1];
    if (id === undefined) throw new Error(`docs/checks.md: a row without a linked id: ${line}`);
    rows.push({ id, confidence: cells[1]!, appliesTo: cells[2]!, fact: cells[3]! });
  }
  return rows;
}

const EVERY = 'every layout';
const ANVILNEXT = 'the anvilnext family';
const SCIMITAR = 'the scimitar family';
const BY_FAMILY = 'Observed (the anvilnext family) / Proven (the scimitar family)';

/** The seed's checks, in report order: confidence and where each applies (the seed's layouts and their siblings). */
const EXPECTED: [id: string, confidence: string, appliesTo: string][] = [
  ['single-root', 'Proven', EVERY],
  ['parent-order', 'Proven', EVERY],
  ['global-composition', 'Proven', EVERY],
  ['unit-rotations', 'Observed', EVERY],
  ['position-w-zero', 'Observed', EVERY],
  ['stored-index', BY_FAMILY, EVERY],
  ['descendant-count', BY_FAMILY, EVERY],
  ['mirror-counterpart', 'Inferred', EVERY],
  ['root-pointer-bone-0', 'Proven', ANVILNEXT],
  // BoneDisplayData and the SkeletonType values are the seed's, declared on the main title's layout only.
  ['null-display-reflex', 'Observed', '`anvilnext`'],
  ['bone-constants', 'Observed', ANVILNEXT],
  ['skeleton-type-known', 'Proven', '`anvilnext`'],
  ['root-reference-first-bone', 'Proven', SCIMITAR],
  ['constraint-bone-itself', 'Proven', SCIMITAR],
  ['mirror-pairs-name-bones', 'Observed', SCIMITAR],
  ['root-local-equals-own', 'Informative', ANVILNEXT],
];

describe('docs/checks.md', () => {
  const page = readFileSync('docs/checks.md', 'utf8');
  const rows = pageRows();

  it('lists the seed’s checks in report order, each with its confidence and the layouts it applies to', () => {
    expect(rows.map((r) => [r.id, r.confidence, r.appliesTo])).toEqual(EXPECTED);
    expect(rows.map((r) => r.id)).toEqual(CHECKS.map((c) => c.id));
  });

  it('states each fact as the seed does, tolerance included', () => {
    const fact = (id: string) => rows.find((r) => r.id === id)!.fact;
    expect(fact('single-root')).toContain('exactly one parentless bone, bone 0');
    expect(fact('global-composition')).toContain('q_parent · q_local, position p_parent + q_parent · p_local) to within 1e-3');
    expect(fact('skeleton-type-known')).toContain('0–8 and 14');
  });

  it('gives every check a section saying what a failure names, and the values a declared check compares', () => {
    for (const { id } of rows) {
      const start = page.indexOf(`\n## ${id}\n`);
      expect(start, id).toBeGreaterThan(0);
      const end = page.indexOf('\n## ', start + 1);
      expect(page.slice(start, end < 0 ? undefined : end), id).toMatch(/\n- \*\*A failure names:\*\* \S.{20,}/);
    }
    // The seed: constant word seven and float one in every checked bone; BoneDisplayData null.
    expect(page).toContain('| `anvilnext` | `bones[].constantWord` | 7 |');
    expect(page).toContain('| `anvilnext` | `bones[].constantFloat` | 1 |');
    expect(page).toContain('| `anvilnext` | `bones[].displayData` | null (03) |');
    expect(page).toContain('| `anvilnext` | `skeletonType` | one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 14 |');
  });

  it('is linked from the README and the CLI reference', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/checks.md)');
    expect(readFileSync('docs/cli.md', 'utf8')).toContain('(checks.md)');
  });
});
