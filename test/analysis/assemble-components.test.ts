/**
 * assembleComponents over hand-built models: a main rig of bones 0xA (root) and 0xB (under it), an
 * addon of 0xA and 0xC (under 0xA), so the rig is A, B, C with one bone joined and one added; the
 * addresses are written out here, and the lookup counts its calls.
 */
import { describe, expect, it } from 'vitest';
import {
  anvilnextSkeletonId,
  assembleComponents,
  cachedSkeletonLookup,
  SkeletonIndex,
  type FoundSkeleton,
} from '../../src/analysis/assemble-components.js';
import type { SkeletonComponent } from '../../src/formats/anvilnext/component.js';
import { classifyHeader, resourceIdentities } from '../../src/formats/resource.js';
import type { ResourceAddress } from '../../src/io/address.js';
import { buildSkeleton } from '../../src/model/build.js';
import type { Skeleton } from '../../src/model/skeleton.js';

const at = (x: number) => ({
  position: [x, 0, 0, 0] as [number, number, number, number],
  rotation: [0, 0, 0, 1] as [number, number, number, number],
});
const rig = (id: bigint, bones: [hash: number, parent: number][]): Skeleton =>
  buildSkeleton({ dialect: 'anvilnext', id, bones: bones.map(([nameHash, parent]) => ({ nameHash, parent, local: at(1) })) });

const MAIN = rig(0x100n, [
  [0xa, -1],
  [0xb, 0],
]);
const ADDON = rig(0x200n, [
  [0xa, -1],
  [0xc, 0],
]);
const EMPTY = buildSkeleton({ dialect: 'anvilnext', id: 0x300n, bones: [] });

/** Only the ids are read by the assembly: the rest of a component's fields play no part. */
const component = (id: bigint, main: bigint, addons: bigint[]): SkeletonComponent =>
  ({ id, mainSkeleton: { id: main }, addons: addons.map((a) => ({ id: a })) }) as unknown as SkeletonComponent;

const archiveRecord = (index: number, name: string): ResourceAddress => ({
  file: 'DataPC.forge',
  archive: true,
  entry: { number: 4, name: 'CHR.Skeleton' },
  resource: { index, name },
});

describe('assembleComponents', () => {
  const places = new Map<bigint, FoundSkeleton>([
    [0x100n, { address: { file: 'main.Skeleton' }, skeleton: MAIN }],
    [0x200n, { address: archiveRecord(1, 'Addon'), skeleton: ADDON }],
    [0x300n, { address: archiveRecord(2, 'Empty'), skeleton: EMPTY }],
    [0x400n, { address: { file: 'refused.Skeleton' }, skeleton: null }],
  ]);
  const calls: bigint[] = [];
  const lookup = cachedSkeletonLookup((id) => {
    calls.push(id);
    return places.get(id) ?? null;
  });

  it('joins and appends by name hash, naming where each Skeleton was found, and reads each id once', async () => {
    const results = await assembleComponents(
      [
        { address: { file: 'a.SkeletonComponent' }, component: component(1n, 0x100n, [0x200n, 0x999n]) },
        { address: { file: 'b.SkeletonComponent' }, component: component(2n, 0x100n, [0x200n]) },
      ],
      lookup,
    );
    const [a, b] = results;
    expect(a!.assembly!.bones.map((bone) => [bone.nameHash, bone.parent, bone.source])).toEqual([
      [0xa, -1, 'main'],
      [0xb, 0, 'main'],
      [0xc, 0, 0x200n],
    ]);
    expect(a!.main).toEqual({ id: 0x100n, address: { file: 'main.Skeleton' } });
    expect(a!.addons).toEqual([
      { id: 0x200n, address: archiveRecord(1, 'Addon'), joined: 1, added: 1 },
      { id: 0x999n, address: null, joined: 0, added: 0 },
    ]);
    expect(a!.missing).toEqual([0x999n]);
    expect(a!.problem).toBeNull();
    expect(b!.missing).toEqual([]);
    // The second component names the same two Skeletons: no second read.
    expect(calls).toEqual([0x100n, 0x200n, 0x999n]);
  });

  it('assembles nothing without a main Skeleton, and lists every id not read as missing', async () => {
    const [missing, refused] = await assembleComponents(
      [
        { address: { file: 'c' }, component: component(3n, 0x555n, [0x200n]) },
        { address: { file: 'd' }, component: component(4n, 0x400n, [0x999n]) },
      ],
      lookup,
    );
    expect(missing!.assembly).toBeNull();
    expect(missing!.main.address).toBeNull();
    expect(missing!.missing).toEqual([0x555n]);
    // Found but refused: the address is known, the Skeleton is not, so both ids are missing.
    expect(refused!.main.address).toEqual({ file: 'refused.Skeleton' });
    expect(refused!.missing).toEqual([0x400n, 0x999n]);
    expect(refused!.problem).toBeNull();
  });

  it('says why a main Skeleton without bones is not assembled, naming it by its address', async () => {
    const [result] = await assembleComponents([{ address: { file: 'e' }, component: component(5n, 0x300n, [0x200n]) }], lookup);
    expect(result!.assembly).toBeNull();
    expect(result!.problem).toEqual({
      kind: 'main-without-bones',
      message:
        'its main Skeleton 0x0000000000000300 (DataPC.forge: entry 4 "CHR.Skeleton": resource 2 "Empty") has no bones: nothing to assemble',
    });
    // The addon was found, even though nothing was assembled.
    expect(result!.addons[0]!.address).toEqual(archiveRecord(1, 'Addon'));
  });

  it('takes components lazily, one after the other', async () => {
    const order: string[] = [];
    async function* components() {
      order.push('first');
      yield { address: { file: 'f' }, component: component(6n, 0x100n, []) };
      order.push('second');
      yield { address: { file: 'g' }, component: component(7n, 0x100n, []) };
    }
    const results = await assembleComponents(components(), (id) => {
      order.push(`lookup ${id}`);
      return places.get(id) ?? null;
    });
    expect(results).toHaveLength(2);
    expect(order).toEqual(['first', 'lookup 256', 'second', 'lookup 256']);
  });
});

describe('SkeletonIndex', () => {
  it('keeps the first place of an id and names the later ones as duplicates', () => {
    const index = new SkeletonIndex<{ address: ResourceAddress; n: number }>();
    index.add(1n, { address: { file: 'x' }, n: 1 });
    index.add(1n, { address: { file: 'y' }, n: 2 });
    index.add(2n, { address: { file: 'z' }, n: 3 });
    expect(index.get(1n)!.n).toBe(1);
    expect(index.get(3n)).toBeUndefined();
    expect(index.duplicates).toEqual([{ id: 1n, used: { file: 'x' }, other: { file: 'y' } }]);
  });
});

describe('anvilnextSkeletonId', () => {
  it('reads the id of an anvilnext Skeleton header: u64 id, then the Skeleton class 0x24AECB7C', () => {
    const head = new Uint8Array(64);
    const view = new DataView(head.buffer);
    view.setBigUint64(0, 0x1234_5678_9abc_def0n, true);
    view.setUint32(8, 0x24aecb7c, true);
    if (classifyHeader(head).length === 0) return expect.fail('the header is not read as a Skeleton');
    expect(anvilnextSkeletonId(resourceIdentities(head))).toBe(0x1234_5678_9abc_def0n);
    expect(anvilnextSkeletonId([])).toBeUndefined();
  });
});
