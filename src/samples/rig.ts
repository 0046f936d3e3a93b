/**
 * Rig descriptions: bones by name with parent names and local transforms, turned into skeleton
 * models. The synthetic sample corpus is written from these by the project's own writer.
 */
import { quatFromAxisAngle, quatMultiply } from '../math/quaternion.js';
import type { Transform } from '../math/transform.js';
import type { Quat } from '../math/vector.js';
import { buildSkeleton, type BoneDescription } from '../model/build.js';
import type { LayoutName, Skeleton } from '../model/skeleton.js';
import { crc32 } from '../names/crc32.js';
import { counterpartName } from '../names/side.js';

/** One bone of a {@link Rig}, by name, with its parent's name and its local transform. */
export interface RigBone {
  /** The bone's name; its CRC-32 is the name hash. */
  name: string;
  /** Parent's name; absent for the root. */
  parent?: string;
  /** Local position x, y, z (bone space: x forward, y left, z up). */
  at: [number, number, number];
  /** Local rotation as turns in degrees about x, then y, then z. */
  turn?: [number, number, number];
  /** A whole local transform, taking the place of `at` and `turn` (e.g. a root equal to the own transform). */
  local?: Transform;
}

/** A rig description: bones by name, turned into a skeleton by {@link rigToSkeleton}. */
export interface Rig {
  /** The rig's (file) name. */
  name: string;
  /** The layout it is written in. */
  dialect: LayoutName;
  /** The Skeleton's id; bone ids follow it. */
  id: bigint;
  /** SkeletonType (`anvilnext`). */
  skeletonType?: number;
  /** The own transform (`anvilnext`). */
  ownTransform?: Transform;
  /** The bones, each parent before its children. */
  bones: RigBone[];
}

const DEG = Math.PI / 180;

export function rotationFromTurns(turn: readonly [number, number, number] = [0, 0, 0]): Quat {
  const qx = quatFromAxisAngle([1, 0, 0], turn[0] * DEG);
  const qy = quatFromAxisAngle([0, 1, 0], turn[1] * DEG);
  const qz = quatFromAxisAngle([0, 0, 1], turn[2] * DEG);
  return quatMultiply(qz, quatMultiply(qy, qx));
}

/** Quarter turn about z used by the rider and bike rigs. */
export function turnAboutZ(degrees: number): Quat {
  return quatFromAxisAngle([0, 0, 1], degrees * DEG);
}

/**
 * The skeleton of a rig description: locals from positions and turns, globals composed, name hashes
 * from the names, mirrors to each bone's opposite-side bone where the rig has one (else itself).
 * Throws an `Error` when a bone names a parent the rig does not hold before it.
 */
export function rigToSkeleton(rig: Rig): Skeleton {
  const indexByName = new Map(rig.bones.map((b, i) => [b.name, i]));
  const bones: BoneDescription[] = rig.bones.map((b, index) => {
    const parent = b.parent === undefined ? -1 : indexByName.get(b.parent);
    if (parent === undefined || parent >= index) throw new Error(`rig ${rig.name}: bone ${b.name} has parent ${b.parent} not listed before it`);
    const mirror = indexByName.get(counterpartName(b.name)) ?? index;
    const local: Transform = b.local
      ? { position: [...b.local.position], rotation: [...b.local.rotation] }
      : { position: [b.at[0], b.at[1], b.at[2], 0], rotation: rotationFromTurns(b.turn) };
    return { nameHash: crc32(b.name), parent, local, mirror };
  });
  return buildSkeleton({ dialect: rig.dialect, id: rig.id, skeletonType: rig.skeletonType, ownTransform: rig.ownTransform ?? null, bones });
}

/** Both sides of a limb description: `Left…` bones as given, `Right…` with y negated. */
export function bothSides(bones: RigBone[]): RigBone[] {
  const right = bones.map((b) => ({
    name: counterpartName(b.name),
    parent: b.parent === undefined ? undefined : counterpartName(b.parent),
    at: [b.at[0], -b.at[1], b.at[2]] as [number, number, number],
    turn: b.turn ? ([-b.turn[0], b.turn[1], -b.turn[2]] as [number, number, number]) : undefined,
  }));
  return [...bones, ...right];
}
