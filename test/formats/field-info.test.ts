/**
 * The confidence a span path finds is the seed's, for either layout, and a declaration's note
 * naming a public reading is labelled so.
 */
import { describe, expect, it } from 'vitest';
import { resourceFieldInfo } from '../../src/index.js';
import { field, struct, u32 } from '../../src/grammar.js';
import { fieldInfoTable } from '../../src/grammar/field-info.js';

describe('resourceFieldInfo', () => {
  const anvilnext = resourceFieldInfo({ kind: 'Skeleton', dialect: 'anvilnext' });
  const scimitar = resourceFieldInfo({ kind: 'Skeleton', dialect: 'scimitar' });

  it("gives each path the seed's confidence", () => {
    // Seed, anvilnext portions: "Bones | Count, tagged Bone objects | Proven", "Own position / rotation | … | Proven".
    expect(anvilnext('bones')?.confidence).toBe('Proven');
    expect(anvilnext('ownPosition')?.confidence).toBe('Proven');
    // Seed, scimitar Bone table: "0xE | 1 or 5 | reference | parent | Proven", "0xA | 4 | u32 | name | Observed".
    expect(scimitar('bones[7].parent')?.confidence).toBe('Proven');
    expect(scimitar('bones[0].nameHash')?.confidence).toBe('Observed');
  });

  it("takes the nearest declared ancestor's for an element, and null for a path nothing declares", () => {
    expect(anvilnext('bones[3]')?.confidence).toBe('Proven');
    expect(anvilnext('noSuchField')).toBeNull();
    expect(anvilnext('noSuchField[2].x')).toBeNull();
  });
});

describe('a sibling layout', () => {
  it("labels its fields public reading and the bytes it keeps raw Unknown (docs/format-anvilnext-unity.md: Unity's header word)", () => {
    const unity = resourceFieldInfo({ kind: 'Skeleton', dialect: 'anvilnext/unity' });
    expect(unity('bones[4].nameHash')?.confidence).toBe('public reading');
    expect(unity('headerWord')?.confidence).toBe('Unknown');
  });
});

describe('fieldInfoTable', () => {
  it('gives each field its declared confidence, public reading included, and lists nested fields with [] for positions', () => {
    const inner = struct('Inner', { a: field(u32, 'Observed', 'x') });
    const outer = struct('Outer', { n: field(u32, 'public reading', 'docs/archives.md'), inner: field(inner, 'Inferred') });
    const table = fieldInfoTable(outer);
    expect(table.get('n')?.confidence).toBe('public reading');
    expect(table.get('inner')?.confidence).toBe('Inferred');
    expect(table.get('inner.a')).toEqual({ type: 'u32', confidence: 'Observed', note: 'x' });
  });
});
