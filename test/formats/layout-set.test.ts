import { describe, expect, it } from 'vitest';
import { anvilnextFamilyDeclaration } from '../../src/formats/anvilnext/family.js';
import { defineLayout, publicReadingLabel } from '../../src/formats/layout.js';
import { BUILT_IN_LAYOUT_SET, BUILT_IN_LAYOUTS, defaultLayouts, layoutNames, LayoutSet } from '../../src/formats/registry.js';
import { readResource, resourceIdentities, writeResource } from '../../src/formats/resource.js';
import { validateResourceBytes } from '../../src/analysis/validate-resource.js';
import { recordFromSkeleton } from '../../src/model/from-records.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { wildlandsFile } from '../helpers/sibling-fixtures.js';

// A title no source describes, declared here alone: the Wildlands header and bones with
// Breakpoint's second byte and Unity's tail. It is never registered: it exists only in the set
// the test passes to the readers.
const toy = defineLayout(
  anvilnextFamilyDeclaration({
    name: 'anvilnext/toy-set',
    title: 'a toy title',
    source: 'public reading',
    variant: { header: 'seed', displayData: false, secondByte: true, modifiers: 'by-class', tail: 'unity', label: publicReadingLabel },
    component: false,
    compiledModule: null,
    docs: { path: 'docs/format-anvilnext-toy-set.md', title: 'Skeleton format: anvilnext/toy-set', intro: 'toy.md' },
  }),
  {},
);

describe('a LayoutSet passed to the readers', () => {
  it('holds the built-ins in detection order by default, and is a value: with() leaves the original as it was', () => {
    expect(BUILT_IN_LAYOUT_SET.names()).toEqual([
      'anvilnext',
      'scimitar',
      'anvilnext/unity',
      'anvilnext/wildlands',
      'anvilnext/breakpoint',
      'scimitar/ac1',
    ]);
    expect(defaultLayouts()).toBe(BUILT_IN_LAYOUT_SET);
    const set = BUILT_IN_LAYOUT_SET.with(toy);
    expect(set.names()).toEqual([...BUILT_IN_LAYOUT_SET.names(), 'anvilnext/toy-set']);
    expect(BUILT_IN_LAYOUT_SET.find('anvilnext/toy-set')).toBeUndefined();
    expect(layoutNames()).not.toContain('anvilnext/toy-set');
    expect(() => set.with(toy)).toThrow(/registered already/);
    expect(() => new LayoutSet([...BUILT_IN_LAYOUTS, BUILT_IN_LAYOUTS[0]!])).toThrow(/"anvilnext" is registered already/);
    expect(() => BUILT_IN_LAYOUT_SET.get('anvilnext/toy-set')).toThrow(/unknown layout "anvilnext\/toy-set"; known: anvilnext, scimitar/);
    expect(set.without(toy).names()).toEqual(BUILT_IN_LAYOUT_SET.names());
  });

  it('reads, writes and detects a layout added from its declaration alone, with no global registration', () => {
    const set = BUILT_IN_LAYOUT_SET.with(toy);
    const model = skeletonFromResource(readResource(wildlandsFile())!.resource as never);
    const bytes = writeResource(
      { kind: 'Skeleton', dialect: 'anvilnext/toy-set', record: recordFromSkeleton('anvilnext/toy-set', model, {}, set) },
      set,
    );
    // Header 17 + count 4; the root bone 117 bytes (its parent 03 is one byte), the other 125 (02 + id);
    // then root pointer 9, own transform 32, BodyPartMapping 10, pose groups 4, IKData 1, LookAt 10, ReflexSystem 1, two f32 8.
    expect(bytes.length).toBe(17 + 4 + 117 + 125 + 9 + 32 + 10 + 4 + 1 + 10 + 1 + 8);
    expect(readResource(bytes, { layouts: set })!.resource.dialect).toBe('anvilnext/toy-set');
    const read = readResource(bytes, { layouts: set, dialect: 'anvilnext/toy-set' })!.resource;
    expect(read.kind === 'Skeleton' && skeletonFromResource(read, set).bones.map((b) => b.parent)).toEqual(
      model.bones.map((b) => b.parent),
    );
    expect(() => skeletonFromResource(read as never)).toThrow(/unknown layout/);
    // Without the set, no built-in layout reads these bytes to their end.
    expect(() => readResource(bytes)).toThrow();
    expect(resourceIdentities(bytes, undefined, set).map((c) => c.header.dialect)).toContain('anvilnext/toy-set');
    const validated = validateResourceBytes(bytes, { layouts: set, roundtrip: true });
    expect(validated.status === 'decoded' && validated.resource.dialect).toBe('anvilnext/toy-set');
    expect(validated.status === 'decoded' && validated.roundtrip).toBe(true);
    expect(() => writeResource({ kind: 'Skeleton', dialect: 'anvilnext/toy-set', record: {} as never })).toThrow(/unknown layout/);
  });
});
