/**
 * The assemble command's report of one component, from a hand-built rig: main bones 0xA (root) and
 * 0xB, an addon of 0xA and 0xC, and a second addon no Skeleton carries. The JSON fields and the
 * lines of text are written out here from that rig.
 */
import { describe, expect, it } from 'vitest';
import { assembleComponent, type FoundSkeleton } from '../../src/analysis/assemble-components.js';
import { assemblyJson, assemblyRunSummary, assemblyRunSummaryText, assemblySummaryText } from '../../src/export/assembly-report.js';
import type { SkeletonComponent } from '../../src/formats/anvilnext/component.js';
import { buildSkeleton } from '../../src/model/build.js';

const local = { position: [1, 0, 0, 0] as [number, number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number] };
const rig = (id: bigint, bones: [number, number][]) =>
  buildSkeleton({ dialect: 'anvilnext', id, bones: bones.map(([nameHash, parent]) => ({ nameHash, parent, local })) });
const found = new Map<bigint, FoundSkeleton>([
  [
    0x100n,
    {
      address: { file: 'main.Skeleton' },
      skeleton: rig(0x100n, [
        [0xa, -1],
        [0xb, 0],
      ]),
    },
  ],
  [
    0x200n,
    {
      address: { file: 'a.forge', archive: true, entry: { number: 2, name: 'E' }, resource: { index: 0, name: 'Addon' } },
      skeleton: rig(0x200n, [
        [0xa, -1],
        [0xc, 0],
      ]),
    },
  ],
]);
/** Only the ids are read by the assembly. */
const component = { id: 0x1n, mainSkeleton: { id: 0x100n }, addons: [{ id: 0x200n }, { id: 0x999n }] } as unknown as SkeletonComponent;

describe('the assembly report', () => {
  const result = assembleComponent({ address: { file: 'rider.SkeletonComponent' }, component }, (id) => found.get(id) ?? null);
  const json = assemblyJson(result, { resolve: (hash) => (hash === 0xc ? 'Prop' : null) });

  it('gives ids in hex, every Skeleton by its address, bone names where known', () => {
    expect(json.component).toBe('rider.SkeletonComponent');
    expect(json.mainSkeleton).toEqual({ id: '0x0000000000000100', file: 'main.Skeleton' });
    expect(json.bones.map((b) => [b.nameHash, b.name, b.parent, b.source])).toEqual([
      ['0x0000000A', null, -1, 'main'],
      ['0x0000000B', null, 0, 'main'],
      ['0x0000000C', 'Prop', 0, '0x0000000000000200'],
    ]);
    expect(json.addons).toEqual([
      { id: '0x0000000000000200', file: 'a.forge: entry 2 "E": resource 0 "Addon"', joined: 1, added: 1 },
      { id: '0x0000000000000999', file: null, joined: 0, added: 0 },
    ]);
    expect(json.missing).toEqual(['0x0000000000000999']);
  });

  it('prints the main Skeleton, each addon, the totals and the missing addon', () => {
    expect(assemblySummaryText(json)).toBe(
      [
        'rider.SkeletonComponent (0x0000000000000001)',
        '  main 0x0000000000000100 main.Skeleton: 2 bones',
        '  addon 0x0000000000000200 a.forge: entry 2 "E": resource 0 "Addon": 1 joined, 1 added',
        '  addon 0x0000000000000999: missing',
        '  3 bones: 2 main, 1 added; 1 joined; 0 conflicts; 1 missing',
        '  missing: addon 0x0000000000000999',
        '',
      ].join('\n'),
    );
  });

  it('totals a run: one component assembled without conflict, not complete', () => {
    const summary = assemblyRunSummary([result], [{ file: 'x', message: 'refused' }]);
    expect(summary).toEqual({
      components: 1,
      assembled: 1,
      withoutConflict: 1,
      complete: 0,
      failures: [{ file: 'x', message: 'refused' }],
    });
    expect(assemblyRunSummaryText(summary)).toBe('1 component: 1 assembled, 1 without conflict, 0 with every Skeleton found\n');
  });
});
