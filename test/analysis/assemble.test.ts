/**
 * Assembling a rider from its SkeletonComponent: the component is hand-assembled bytes (the
 * seed's field order), the main skeleton and five addon rigs hand-built models, and the expected
 * rig is written out bone by bone below from the rule (join by name hash, else append under the
 * bone carrying the parent's hash).
 */
import { describe, expect, it } from 'vitest';
import { assemble, type Assembly } from '../../src/analysis/assemble.js';
import { readResource } from '../../src/formats/resource.js';
import type { Transform } from '../../src/math/transform.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { Bytes } from '../helpers/bytes.js';
import { nameHash } from './fixtures.js';

type Spec = [name: string, parent: string | null, at: [number, number, number]];

const MAIN_ID = 0x3a1f_0000_0001_0000n;
const ADDON_IDS = [0x10n, 0x11n, 0x12n, 0x13n, 0x14n].map((n) => 0x3a1f_0000_0000_0000n | (n << 16n));

/** A model with translation-only locals: a global is the sum of the locals up the chain. */
function skeleton(id: bigint, specs: readonly Spec[]): Skeleton {
  const index = new Map(specs.map(([name], i) => [name, i]));
  const globals: [number, number, number][] = [];
  const bones = specs.map(([name, parentName, at], i) => {
    const parent = parentName === null ? -1 : index.get(parentName)!;
    const p = parent === -1 ? [0, 0, 0] : globals[parent]!;
    globals.push([p[0]! + at[0], p[1]! + at[1], p[2]! + at[2]]);
    const mirrorName = name.startsWith('Left') ? `Right${name.slice(4)}` : name.startsWith('Right') ? `Left${name.slice(5)}` : name;
    return {
      index: i,
      id: id + BigInt(i + 1),
      nameHash: nameHash(name),
      parent,
      mirror: index.get(mirrorName) ?? i,
      global: t(globals[i]!),
      local: t(at),
      descendants: 0,
      storedIndex: i,
    };
  });
  return { dialect: 'anvilnext', id, skeletonType: 1, ownTransform: t([0, 0, 1]), bones };
}

function t(at: readonly number[], rotation: [number, number, number, number] = [0, 0, 0, 1]): Transform {
  return { position: [at[0]!, at[1]!, at[2]!, 0], rotation };
}

const CHAIN: Spec[] = [
  ['Reference', null, [0, 0, 1]],
  ['Hips', 'Reference', [0, 0, 0]],
  ['Spine', 'Hips', [0, 0, 0.1]],
  ['Spine1', 'Spine', [0, 0, 0.12]],
  ['Neck', 'Spine1', [0, 0, 0.16]],
  ['Head', 'Neck', [0, 0, 0.1]],
];
const MAIN: Spec[] = [...CHAIN, ['LeftArm', 'Spine1', [0, 0.15, 0.1]], ['RightArm', 'Spine1', [0, -0.15, 0.1]]];
const upTo = (name: string): Spec[] => CHAIN.slice(0, CHAIN.findIndex(([n]) => n === name) + 1);

const HEAD: Spec[] = [
  ...upTo('Head'),
  ['Jaw', 'Head', [0.02, 0, -0.02]],
  ['LeftEye', 'Head', [0.09, 0.03, 0.07]],
  ['RightEye', 'Head', [0.09, -0.03, 0.07]],
];
const UPPER: Spec[] = [
  ...upTo('Spine1'),
  ['LeftArm', 'Spine1', [0, 0.15, 0.1]],
  ['LeftArmRoll', 'LeftArm', [0, 0.14, 0]],
  ['RightArm', 'Spine1', [0, -0.15, 0.1]],
  ['RightArmRoll', 'RightArm', [0, -0.14, 0]],
];
const LOWER: Spec[] = [...upTo('Hips'), ['LeftUpLeg', 'Hips', [0, 0.09, -0.05]], ['RightUpLeg', 'Hips', [0, -0.09, -0.05]]];
const OUTFIT: Spec[] = [...upTo('Spine1'), ['Backpack', 'Spine1', [-0.16, 0, 0.05]], ['Backpack_Strap', 'Backpack', [0.05, 0.1, 0.1]]];
// The hair repeats the chain only to the neck; its root joins the rig's Head by name.
const HAIR: Spec[] = [...upTo('Head'), ['Hair_Root', 'Head', [-0.03, 0, 0.12]], ['Hair_Tail', 'Hair_Root', [-0.08, 0, -0.02]]];

/** The rider SkeletonComponent, field by field from the seed: body 56 + 10 × 5 addons, no tracks. */
function riderComponentBytes(): Uint8Array {
  const b = new Bytes();
  b.u64(0x3a1f_0000_0100_0000n).u32(0x71fda747); // object id, class SkeletonComponent
  b.u8(1, 0, 0, 0); // four base bytes
  b.u8(4, 0).u64(MAIN_ID); // main Skeleton: mode 04, flag, u64 id
  b.u32(5);
  for (const id of ADDON_IDS) b.u8(4, 0).u64(id);
  b.u8(3, 0).u64(0n); // ExpressionPack null: 03 and nine zero bytes
  b.u32(0); // no AnimTrackDefinitions
  b.u64(0x3a1f_0000_0100_0040n)
    .u32(0xe7f9a244)
    .u8(...new Array<number>(12).fill(0)); // WindForce
  return b.build();
}

const byId = new Map<bigint, Skeleton>([
  [MAIN_ID, skeleton(MAIN_ID, MAIN)],
  [ADDON_IDS[0]!, skeleton(ADDON_IDS[0]!, HEAD)],
  [ADDON_IDS[1]!, skeleton(ADDON_IDS[1]!, UPPER)],
  [ADDON_IDS[2]!, skeleton(ADDON_IDS[2]!, LOWER)],
  [ADDON_IDS[3]!, skeleton(ADDON_IDS[3]!, OUTFIT)],
  [ADDON_IDS[4]!, skeleton(ADDON_IDS[4]!, HAIR)],
]);

function componentIds(): { main: bigint; addons: bigint[] } {
  const resource = readResource(riderComponentBytes())!.resource;
  if (resource.kind !== 'SkeletonComponent') throw new Error(resource.kind);
  return { main: resource.record.mainSkeleton.id, addons: resource.record.addons.map((a) => a.id) };
}

const NAMES = new Map(
  [...[...MAIN, ...HEAD, ...UPPER, ...LOWER, ...OUTFIT, ...HAIR].map(([name]) => name), 'Prop_Root', 'Prop_Tip', 'Pelvis', 'Thigh'].map(
    (name) => [nameHash(name), name],
  ),
);
const nameOf = (hash: number): string => NAMES.get(hash) ?? `?${hash}`;

/** [name, parent name, source] per assembled bone. */
function boneList(assembly: Assembly): [string, string | null, string][] {
  return assembly.bones.map((b) => [
    nameOf(b.nameHash),
    b.parent === -1 ? null : nameOf(assembly.bones[b.parent]!.nameHash),
    b.source === 'main' ? 'main' : `0x${b.source.toString(16)}`,
  ]);
}

describe('assemble: the rider and its five addons', () => {
  const ids = componentIds();
  const rider = assemble(
    byId.get(ids.main)!,
    ids.addons.map((id) => byId.get(id) ?? id),
  );

  it('reads the main and addon ids from the hand-assembled component', () => {
    expect(ids.main).toBe(MAIN_ID);
    expect(ids.addons).toEqual(ADDON_IDS);
  });

  it('keeps the main bones, then appends each addon’s new bones under the bone of its parent’s name', () => {
    const head = '0x3a1f000000100000';
    const upper = '0x3a1f000000110000';
    const lower = '0x3a1f000000120000';
    const outfit = '0x3a1f000000130000';
    const hair = '0x3a1f000000140000';
    expect(boneList(rider)).toEqual([
      ['Reference', null, 'main'],
      ['Hips', 'Reference', 'main'],
      ['Spine', 'Hips', 'main'],
      ['Spine1', 'Spine', 'main'],
      ['Neck', 'Spine1', 'main'],
      ['Head', 'Neck', 'main'],
      ['LeftArm', 'Spine1', 'main'],
      ['RightArm', 'Spine1', 'main'],
      ['Jaw', 'Head', head],
      ['LeftEye', 'Head', head],
      ['RightEye', 'Head', head],
      ['LeftArmRoll', 'LeftArm', upper],
      ['RightArmRoll', 'RightArm', upper],
      ['LeftUpLeg', 'Hips', lower],
      ['RightUpLeg', 'Hips', lower],
      ['Backpack', 'Spine1', outfit],
      ['Backpack_Strap', 'Backpack', outfit],
      ['Hair_Root', 'Head', hair],
      ['Hair_Tail', 'Hair_Root', hair],
    ]);
    expect(rider.skeleton.bones.map((b) => b.parent)).toEqual(rider.bones.map((b) => b.parent));
  });

  it('counts joined and added bones per addon', () => {
    // Head: its 6 chain bones join, 3 new; upper: 4 chain + both arms join, 2 rolls new; …
    expect(rider.addons.map((a) => [a.joined, a.added])).toEqual([
      [6, 3],
      [6, 2],
      [2, 2],
      [4, 2],
      [6, 2],
    ]);
    expect([rider.joined, rider.added]).toEqual([24, 11]);
    expect(rider.missing).toEqual([]);
    expect(rider.conflicts).toEqual([]);
  });

  it('composes an appended bone’s global from its rig parent, and keeps the main skeleton’s identity', () => {
    // Hair_Tail: Reference (0,0,1) + Spine 0.1 + Spine1 0.12 + Neck 0.16 + Head 0.1 + Hair_Root (−0.03, 0, 0.12) + (−0.08, 0, −0.02).
    const tail = rider.skeleton.bones[18]!;
    expect(tail.global.position[0]).toBeCloseTo(-0.11, 12);
    expect(tail.global.position[2]).toBeCloseTo(1.58, 12);
    expect(rider.skeleton.id).toBe(MAIN_ID);
    expect(rider.skeleton.ownTransform).toEqual(t([0, 0, 1]));
    // Descendants recomputed: Head holds Jaw, both eyes, Hair_Root and Hair_Tail.
    expect(rider.skeleton.bones[5]!.descendants).toBe(5);
    // Mirrors map into the rig by name: LeftEye (9) ↔ RightEye (10).
    expect([rider.skeleton.bones[9]!.mirror, rider.skeleton.bones[10]!.mirror]).toEqual([10, 9]);
  });
});

describe('assemble: what it reports', () => {
  const main = byId.get(MAIN_ID)!;

  it('reports a joined bone whose local transform differs by more than 1e-3, with the difference', () => {
    const planted = HEAD.map((s): Spec => (s[0] === 'Neck' ? ['Neck', 'Spine1', [0, 0, 0.162]] : s));
    const result = assemble(main, [skeleton(ADDON_IDS[0]!, planted)]);
    expect(result.conflicts).toHaveLength(1);
    const conflict = result.conflicts[0]!;
    expect([conflict.bone, conflict.kind, conflict.addon, conflict.nameHash]).toEqual([4, 'transform', ADDON_IDS[0], nameHash('Neck')]);
    expect(conflict.error).toBeCloseTo(0.002, 9);
    // The rig keeps its own transform for the joined bone.
    expect(result.skeleton.bones[4]!.local.position[2]).toBe(0.16);
    // 5e-4 is within the tolerance: no conflict.
    const close = HEAD.map((s): Spec => (s[0] === 'Neck' ? ['Neck', 'Spine1', [0, 0, 0.1605]] : s));
    expect(assemble(main, [skeleton(ADDON_IDS[0]!, close)]).conflicts).toEqual([]);
  });

  it('reports a rotation difference, treating q and −q as the same rotation', () => {
    const s = Math.SQRT1_2;
    const turned = skeleton(ADDON_IDS[0]!, HEAD);
    turned.bones[5]!.local.rotation = [0, 0, 0, -1]; // −identity: the same rotation
    expect(assemble(main, [turned]).conflicts).toEqual([]);
    turned.bones[5]!.local.rotation = [0, 0, s, s]; // 90° about z
    const [conflict] = assemble(main, [turned]).conflicts;
    expect([conflict?.bone, conflict?.kind]).toEqual([5, 'transform']);
    // Lanes (0, 0, √½, √½) against (0, 0, 0, 1): z differs by √½, w by 1 − √½; against −q by more.
    expect(conflict?.error).toBeCloseTo(s, 9);
  });

  it('reports a joined bone whose addon parent has another name', () => {
    const reparented = UPPER.map((s): Spec => (s[0] === 'LeftArm' ? ['LeftArm', 'Spine', [0, 0.15, 0.1]] : s));
    const result = assemble(main, [skeleton(ADDON_IDS[1]!, reparented)]);
    expect(result.conflicts.map((c) => [c.bone, c.kind, c.addonParent, c.rigParent])).toEqual([
      [6, 'parent', nameHash('Spine'), nameHash('Spine1')],
    ]);
    // Its roll still hangs from the rig's LeftArm.
    expect(boneList(result).find(([n]) => n === 'LeftArmRoll')?.[1]).toBe('LeftArm');
  });

  it('lists an addon no Skeleton carries as missing, and assembles the others', () => {
    const ids = componentIds();
    const result = assemble(
      main,
      ids.addons.map((id) => (id === ADDON_IDS[3] ? id : byId.get(id)!)),
    );
    expect(result.missing).toEqual([ADDON_IDS[3]]);
    expect(result.addons[3]).toEqual({ id: ADDON_IDS[3], found: false, joined: 0, added: 0 });
    expect(result.bones.map((b) => nameOf(b.nameHash))).not.toContain('Backpack');
    expect(result.bones).toHaveLength(19 - 2);
  });

  it('attaches an addon bone whose parent chain is absent to the root, keeping its global, and reports it', () => {
    // A prop rig whose root is not in the rig: Prop_Root at (1, 2, 3), Prop_Tip 0.5 above it.
    const prop = skeleton(0x99n, [
      ['Prop_Root', null, [1, 2, 3]],
      ['Prop_Tip', 'Prop_Root', [0, 0, 0.5]],
    ]);
    const result = assemble(main, [prop]);
    expect(boneList(result).slice(8)).toEqual([
      ['Prop_Root', 'Reference', '0x99'],
      ['Prop_Tip', 'Prop_Root', '0x99'],
    ]);
    expect(result.conflicts).toEqual([
      { bone: 8, nameHash: nameHash('Prop_Root'), addon: 0x99n, kind: 'parent-absent', error: null, addonParent: null, rigParent: null },
    ]);
    // The root is at (0, 0, 1): the attached bone's local is (1, 2, 2), its global stays (1, 2, 3).
    const root = result.skeleton.bones[8]!;
    expect(root.local.position.map((v) => +v.toFixed(12))).toEqual([1, 2, 2, 0]);
    expect(root.global.position).toEqual([1, 2, 3, 0]);
    expect(result.skeleton.bones[9]!.global.position.map((v) => +v.toFixed(12))).toEqual([1, 2, 3.5, 0]);

    // A bone in the middle of an addon whose parent is not in the rig: the Thigh's parent Pelvis is
    // the addon's root, which joins nothing… so Pelvis hangs from the root, and Thigh from Pelvis.
    const legs = skeleton(0x98n, [
      ['Reference', null, [0, 0, 1]],
      ['Pelvis', 'Reference', [0, 0, 0.9]],
      ['Thigh', 'Pelvis', [0, 0.1, 0]],
    ]);
    expect(boneList(assemble(main, [legs])).slice(8)).toEqual([
      ['Pelvis', 'Reference', '0x98'],
      ['Thigh', 'Pelvis', '0x98'],
    ]);
  });

  it('changes nothing but the order of appended bones when the addon order changes', () => {
    const ids = componentIds();
    const forward = assemble(
      main,
      ids.addons.map((id) => byId.get(id)!),
    );
    const backward = assemble(
      main,
      [...ids.addons].reverse().map((id) => byId.get(id)!),
    );
    const described = (a: Assembly) =>
      a.skeleton.bones
        .map((b, i) => [...boneList(a)[i]!, b.local.position.join(','), b.global.position.map((v) => v.toFixed(9)).join(',')].join(' '))
        .sort();
    expect(described(backward)).toEqual(described(forward));
    expect(boneList(backward).slice(0, 8)).toEqual(boneList(forward).slice(0, 8));
    expect(
      boneList(backward)
        .slice(8)
        .map(([n]) => n),
    ).toEqual([
      'Hair_Root',
      'Hair_Tail',
      'Backpack',
      'Backpack_Strap',
      'LeftUpLeg',
      'RightUpLeg',
      'LeftArmRoll',
      'RightArmRoll',
      'Jaw',
      'LeftEye',
      'RightEye',
    ]);
    expect([backward.joined, backward.added, backward.conflicts.length]).toEqual([24, 11, 0]);
  });

  it('refuses a negative tolerance and a main skeleton without bones', () => {
    expect(() => assemble(main, [], { tolerance: -1 })).toThrow(RangeError);
    expect(() => assemble({ ...main, bones: [] }, [])).toThrow(/no bones/);
  });
});
