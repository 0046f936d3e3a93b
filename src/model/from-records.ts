/**
 * Factories from decoded records to the dialect-free skeleton, and back for writing.
 *
 * A model built from a record shares the record's transform tuples (the decoder made them fresh,
 * and copying every one again showed in the census profile); copy them before changing one side
 * alone. Records built from a model get copies.
 */
import type { Vec4 } from '../math/vector.js';
import type { PointerValue } from '../grammar/pointer.js';
import {
  boneWordDescendants,
  boneWordIndex,
  NULL_RESOURCE,
  packBoneWord,
  type AnvilnextBone,
  type AnvilnextSkeleton,
} from '../formats/anvilnext/index.js';
import type { ScimitarBone, ScimitarSkeleton } from '../formats/scimitar/index.js';
import type { Skeleton, SkeletonBone } from './skeleton.js';

const v4 = (v: readonly number[]): Vec4 => [v[0]!, v[1]!, v[2]!, v[3]!];

function refIndex<I>(pointer: PointerValue<I, unknown>, indexById: Map<I, number>): number | null {
  return pointer.kind === 'ref' ? (indexById.get(pointer.id) ?? null) : null;
}

export function skeletonFromAnvilnext(record: AnvilnextSkeleton): Skeleton {
  const records = record.bones;
  const indexById = new Map<bigint, number>();
  for (let i = 0; i < records.length; i++) indexById.set(records[i]!.id, i);
  const bones: SkeletonBone[] = [];
  for (let index = 0; index < records.length; index++) {
    const b = records[index]!;
    bones.push({
      index,
      id: b.id,
      nameHash: b.nameHash,
      parent: refIndex(b.parent, indexById) ?? -1,
      mirror: refIndex(b.mirror, indexById),
      global: { position: b.globalPosition, rotation: b.globalRotation },
      local: { position: b.localPosition, rotation: b.localRotation },
      descendants: boneWordDescendants(b.packedWord),
      storedIndex: boneWordIndex(b.packedWord),
    });
  }
  return {
    dialect: 'anvilnext',
    id: record.id,
    skeletonType: record.skeletonType,
    ownTransform: { position: record.ownPosition, rotation: record.ownRotation },
    bones,
  };
}

export function skeletonFromScimitar(record: ScimitarSkeleton): Skeleton {
  const indexById = new Map<number, number>();
  const indexByName = new Map<number, number>();
  record.bones.forEach((b, i) => {
    indexById.set(b.id, i);
    if (!indexByName.has(b.nameHash)) indexByName.set(b.nameHash, i);
  });
  const mirrors = new Map<number, number>();
  for (const pair of record.mirrorData.pairs) {
    const a = indexByName.get(pair.boneNameA);
    const b = indexByName.get(pair.boneNameB);
    if (a === undefined || b === undefined) continue;
    if (!mirrors.has(a)) mirrors.set(a, b);
    if (!mirrors.has(b)) mirrors.set(b, a);
  }
  return {
    dialect: 'scimitar',
    id: BigInt(record.id),
    skeletonType: null,
    ownTransform: null,
    bones: record.bones.map((b, index) => {
      const t = b.initialTransforms;
      return {
        index,
        id: BigInt(b.id),
        nameHash: b.nameHash,
        parent: refIndex(b.parent, indexById) ?? -1,
        mirror: mirrors.get(index) ?? null,
        global: { position: t.globalPosition, rotation: t.globalRotation },
        local: { position: t.localPosition, rotation: t.localRotation },
        descendants: b.descendants,
        storedIndex: b.index,
      };
    }),
  };
}

/**
 * An `anvilnext` Skeleton record for a model, ready for {@link writeResource}, with the seed's usual
 * values where the model is silent and `overrides` on top. Throws a RangeError for a stored index or
 * descendant count past 16 bits; a model the layout
 * cannot hold (a parent or mirror that is not a bone index) makes {@link writeResource} throw.
 */
export function anvilnextRecordFromSkeleton(skeleton: Skeleton, overrides: Partial<AnvilnextSkeleton> = {}): AnvilnextSkeleton {
  const ids = skeleton.bones.map((b) => b.id);
  const ref = (index: number | null): PointerValue<bigint, never> =>
    index === null || index < 0 ? { kind: 'null' } : { kind: 'ref', id: ids[index]! };
  const own = skeleton.ownTransform ?? skeleton.bones[0]?.local ?? { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] };
  const bones: AnvilnextBone[] = skeleton.bones.map((b, index) => ({
    id: b.id,
    nameHash: b.nameHash,
    parent: ref(b.parent),
    mirror: ref(b.mirror ?? index),
    displayData: { kind: 'null' },
    globalPosition: v4(b.global.position),
    globalRotation: v4(b.global.rotation),
    localPosition: v4(b.local.position),
    localRotation: v4(b.local.rotation),
    unknownByte: 0,
    enumValue: 0,
    modifiers: [],
    words: [],
    constantWord: 7,
    constantFloat: 1,
    packedWord: packBoneWord(b.storedIndex, b.descendants),
  }));
  return {
    id: skeleton.id,
    managed: 1,
    skeletonType: skeleton.skeletonType ?? 0,
    bones,
    root: bones.length > 0 ? { kind: 'ref', id: ids[0]! } : { kind: 'null' },
    ownPosition: v4(own.position),
    ownRotation: v4(own.rotation),
    bodyPartMapping: { ...NULL_RESOURCE },
    poseGroups: [],
    ikData: { kind: 'null' },
    lookAt: { ...NULL_RESOURCE },
    reflexSystem: { kind: 'null' },
    float0: 0,
    float1: 0,
    reflexConstraints: null,
    trailingWords: [],
    ...overrides,
  };
}

/**
 * A `scimitar` Skeleton record for a model, ready for {@link writeResource}: mirror pairs from the
 * model's mirrors, ids of the bind-transform objects allocated after the largest bone id, `overrides`
 * on top. Never throws itself; a stored index or descendant count past 255 makes {@link writeResource} throw.
 */
export function scimitarRecordFromSkeleton(skeleton: Skeleton, overrides: Partial<ScimitarSkeleton> = {}): ScimitarSkeleton {
  const ids = skeleton.bones.map((b) => Number(BigInt.asUintN(32, b.id)));
  let nextId = ids.reduce((a, b) => Math.max(a, b), Number(BigInt.asUintN(32, skeleton.id))) + 1;
  const allocate = () => nextId++ >>> 0;
  const bones: ScimitarBone[] = skeleton.bones.map((b) => ({
    id: ids[b.index]!,
    nameHash: b.nameHash,
    parent: b.parent < 0 ? { kind: 'null' } : { kind: 'ref', id: ids[b.parent]! },
    initialTransforms: {
      id: allocate(),
      globalPosition: v4(b.global.position),
      globalRotation: v4(b.global.rotation),
      localPosition: v4(b.local.position),
      localRotation: v4(b.local.rotation),
    },
    constraints: [],
    // Not masked: a value past 255 is refused when written (bones[i].index), never wrapped.
    index: b.storedIndex,
    descendants: b.descendants,
  }));
  // A mirror naming no bone of the model (a removed one) has no name to give: the pair is left
  // without one, which writing refuses at that pair's field.
  const pairs = skeleton.bones
    .filter((b) => b.mirror !== null && b.mirror > b.index)
    .map((b) => ({ id: allocate(), boneNameA: b.nameHash, boneNameB: skeleton.bones[b.mirror!]?.nameHash as number, byte0: 0, byte1: 0 }));
  return {
    id: Number(BigInt.asUintN(32, skeleton.id)),
    unknown0: 0,
    bones,
    root: { kind: 'ref', id: ids[0] ?? 0 },
    unknown1: 0,
    poseGroups: [],
    ikData: { kind: 'null' },
    comData: { kind: 'null' },
    unknown2: 0,
    mirrorData: { id: allocate(), pairs },
    ...overrides,
  };
}
