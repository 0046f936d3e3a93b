/**
 * The neutral view of a Skeleton record of the `scimitar` family, and a record from a view. Mirrors
 * come from the mirror pairs (by name hash); the bind-transform objects get ids after the largest
 * bone id.
 */
import type { PointerValue } from '../../grammar/pointer.js';
import type { Vec4 } from '../../math/vector.js';
import type { LayoutName, LayoutSkeleton, SkeletonRecord, StoredBoneTransforms } from '../layout.js';
import type { ScimitarVariant } from './bone.js';

interface FamilyBone {
  id: number;
  nameHash: number;
  parent: PointerValue<number, unknown>;
  initialTransforms: StoredBoneTransforms & { id: number };
  index: number;
  descendants: number;
}

interface FamilySkeleton {
  id: number;
  bones: FamilyBone[];
  mirrorData: { pairs: { boneNameA: number; boneNameB: number }[] };
}

const v4 = (v: readonly number[]): Vec4 => [v[0]!, v[1]!, v[2]!, v[3]!];

/** The view of a decoded record (shares its transform tuples). Never throws on a record the layout read. */
export function scimitarView(dialect: LayoutName, record: SkeletonRecord): LayoutSkeleton {
  const r = record as unknown as FamilySkeleton;
  const indexById = new Map<number, number>();
  const indexByName = new Map<number, number>();
  r.bones.forEach((b, i) => {
    indexById.set(b.id, i);
    if (!indexByName.has(b.nameHash)) indexByName.set(b.nameHash, i);
  });
  const mirrors = new Map<number, number>();
  for (const pair of r.mirrorData.pairs) {
    const a = indexByName.get(pair.boneNameA);
    const b = indexByName.get(pair.boneNameB);
    if (a === undefined || b === undefined) continue;
    if (!mirrors.has(a)) mirrors.set(a, b);
    if (!mirrors.has(b)) mirrors.set(b, a);
  }
  return {
    dialect,
    id: BigInt(r.id),
    skeletonType: null,
    ownTransform: null,
    bones: r.bones.map((b, index) => {
      const t = b.initialTransforms;
      return {
        index,
        id: BigInt(b.id),
        nameHash: b.nameHash,
        parent: b.parent.kind === 'ref' ? (indexById.get(b.parent.id) ?? -1) : -1,
        mirror: mirrors.get(index) ?? null,
        global: { position: t.globalPosition, rotation: t.globalRotation },
        local: { position: t.localPosition, rotation: t.localRotation },
        descendants: b.descendants,
        storedIndex: b.index,
      };
    }),
  };
}

/** Each bone's stored transforms: the record's own tuples. */
export function scimitarBoneTransforms(record: SkeletonRecord): StoredBoneTransforms[] {
  return (record as unknown as FamilySkeleton).bones.map((b) => b.initialTransforms);
}

/**
 * A record of the variant for a view: mirror pairs from the view's mirrors, ids of the
 * bind-transform objects allocated after the largest bone id, `overrides` on top. Never throws
 * itself; a stored index or descendant count past 255 makes writing refuse.
 */
export function scimitarRecord(
  variant: ScimitarVariant,
  skeleton: LayoutSkeleton,
  overrides: Readonly<Record<string, unknown>> = {},
): SkeletonRecord {
  const ids = skeleton.bones.map((b) => Number(BigInt.asUintN(32, b.id)));
  let nextId = ids.reduce((a, b) => Math.max(a, b), Number(BigInt.asUintN(32, skeleton.id))) + 1;
  const allocate = () => nextId++ >>> 0;
  const bones = skeleton.bones.map((b) => ({
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
    ...(variant.title === 'sws' ? { constraints: [] } : { extras: [] }),
    // Not masked: a value past 255 is refused when written (bones[i].index), never wrapped.
    index: b.storedIndex,
    descendants: b.descendants,
  }));
  // A mirror naming no bone of the view (a removed one) has no name to give: the pair is left
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
