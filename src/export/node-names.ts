/** Names and extras of the glTF nodes that stand for bones. */
import { hex } from '../io/format.js';
import { idHexWidth, type Skeleton, type SkeletonBone } from '../model/skeleton.js';

/** The name a bone gets when no resolver knows it: `bone_0xXXXXXXXX` (its name hash). */
export function fallbackBoneName(bone: Pick<SkeletonBone, 'nameHash'>): string {
  return `bone_${hex(bone.nameHash, 8)}`;
}

/**
 * One unique name per bone, in bone order. glTF joints and Blender bones need unique names: the
 * first bone keeps a name, later duplicates get `.1`, `.2`… (skipping any name another bone has).
 */
export function uniqueBoneNames(bones: readonly SkeletonBone[], resolve?: (bone: SkeletonBone) => string | null): string[] {
  const wanted = bones.map((bone) => {
    const name = resolve?.(bone);
    return name ? name : fallbackBoneName(bone);
  });
  return makeUnique(wanted);
}

/**
 * Keeps each first occurrence; renames later duplicates to `name.k` with the smallest free k.
 * The next k to try is remembered per name, so many bones of one name stay linear in time.
 */
export function makeUnique(wanted: readonly string[]): string[] {
  const taken = new Set(wanted);
  const seen = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return wanted.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let k = nextSuffix.get(name) ?? 1;
    while (taken.has(`${name}.${k}`)) k++;
    nextSuffix.set(name, k + 1);
    const renamed = `${name}.${k}`;
    taken.add(renamed);
    return renamed;
  });
}

/** A name not in `names`: `base`, else `base.1`, `base.2`… */
export function freeName(base: string, names: readonly string[]): string {
  const taken = new Set(names);
  if (!taken.has(base)) return base;
  let k = 1;
  while (taken.has(`${base}.${k}`)) k++;
  return `${base}.${k}`;
}

/**
 * The `extras` of every bone's glTF node: its name hash and id as `0x` hex text, and its bone index (= joint index).
 */
export interface BoneNodeExtras {
  [key: string]: string | number | undefined;
  /** CRC-32 of the bone's name, `0x` + 8 hex digits. */
  nameHash: string;
  /** The bone's object id as hex text. */
  id: string;
  /** The bone's list position, also its joint index. */
  index: number;
  /** Where the bone came from, when the export was given a `boneSource` (an assembled rig: `main` or the addon's id). */
  source?: string;
}

/** `index` is the bone's list position, which is also its joint index in the skin. */
export function boneNodeExtras(skeleton: Skeleton, index: number, source?: (bone: SkeletonBone) => string | null): BoneNodeExtras {
  const bone = skeleton.bones[index]!;
  const extras: BoneNodeExtras = { nameHash: hex(bone.nameHash, 8), id: hex(bone.id, idHexWidth(skeleton.dialect)), index };
  const from = source?.(bone);
  if (from !== undefined && from !== null) extras.source = from;
  return extras;
}
