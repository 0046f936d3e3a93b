/**
 * The neutral view of a Skeleton record of the `scimitar` family, and a record from a view. Mirrors
 * come from the mirror pairs (by name hash); the bind-transform objects get ids after the largest
 * bone id.
 */
import type { PointerValue } from '../../grammar/pointer.js';
import type { Vec4 } from '../../math/vector.js';
import type { LayoutBone, LayoutName, LayoutSkeleton, SkeletonRecord, StoredBoneTransforms } from '../layout.js';
import type { ScimitarVariant } from './bone.js';
import { firstBoneWithName } from './bone-names.js';

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

/**
 * The bone holding `id`: among bones whose ids increase (as the files store them) a search trying
 * `guess` first, the bone before (no map of the ids, which the census would build for every
 * Skeleton); else the last bone holding it, from `byId`. Undefined when no bone holds it.
 */
function boneWithId(bones: readonly FamilyBone[], byId: Map<number, number> | null, id: number, guess: number): number | undefined {
  if (byId !== null) return byId.get(id);
  if (guess >= 0 && guess < bones.length && bones[guess]!.id === id) return guess;
  let low = 0;
  let high = bones.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = bones[middle]!.id;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** Each bone's mirror from the pairs (by name hash, the first bone of a name; the first pair naming a bone wins), −1 for none. */
function mirrorsOf(bones: readonly FamilyBone[], pairs: readonly { boneNameA: number; boneNameB: number }[]): Int32Array {
  const mirrors = new Int32Array(bones.length).fill(-1);
  if (pairs.length === 0) return mirrors;
  const boneNamed = firstBoneWithName(bones, 2 * pairs.length);
  for (const pair of pairs) {
    const a = boneNamed(pair.boneNameA);
    const b = boneNamed(pair.boneNameB);
    if (a === undefined || b === undefined) continue;
    if (mirrors[a] === -1) mirrors[a] = b;
    if (mirrors[b] === -1) mirrors[b] = a;
  }
  return mirrors;
}

/** The view of a decoded record (shares its transform tuples). Never throws on a record the layout read. */
export function scimitarView(dialect: LayoutName, record: SkeletonRecord): LayoutSkeleton {
  const r = record as unknown as FamilySkeleton;
  const records = r.bones;
  let increasing = true;
  for (let i = 1; i < records.length && increasing; i++) increasing = records[i]!.id > records[i - 1]!.id;
  let byId: Map<number, number> | null = null;
  if (!increasing) {
    byId = new Map<number, number>();
    for (let i = 0; i < records.length; i++) byId.set(records[i]!.id, i);
  }
  const mirrors = mirrorsOf(records, r.mirrorData.pairs);
  const bones: LayoutBone[] = new Array<LayoutBone>(records.length);
  for (let index = 0; index < records.length; index++) {
    const b = records[index]!;
    const t = b.initialTransforms;
    const mirror = mirrors[index]!;
    bones[index] = {
      index,
      id: BigInt(b.id),
      nameHash: b.nameHash,
      parent: b.parent.kind === 'ref' ? (boneWithId(records, byId, b.parent.id, index - 1) ?? -1) : -1,
      mirror: mirror === -1 ? null : mirror,
      global: { position: t.globalPosition, rotation: t.globalRotation },
      local: { position: t.localPosition, rotation: t.localRotation },
      descendants: b.descendants,
      storedIndex: b.index,
    };
  }
  return { dialect, id: BigInt(r.id), skeletonType: null, ownTransform: null, bones };
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
