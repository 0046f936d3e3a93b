/**
 * A character's whole rig from its SkeletonComponent: the main skeleton with its addon rigs joined
 * by bone name hash. Pure: skeleton models in, the assembled skeleton and a report as data out.
 *
 * The seed says the addons "repeat the main skeleton's upper chain, and bones join by name hash",
 * and marks the full assembly rules Unknown. {@link assemble} documents the project's reading.
 */
import { quatLaneDifference } from '../math/quaternion.js';
import { composeTransforms, invertTransform, type Transform } from '../math/transform.js';
import { descendantCounts } from '../model/hierarchy.js';
import type { Skeleton, SkeletonBone } from '../model/skeleton.js';

/** Where an assembled bone came from: `'main'`, or the id of the addon Skeleton that added it. */
export type BoneSource = 'main' | bigint;

/** One bone of an assembled rig. */
export interface AssembledBone {
  /** Position in the assembled rig. */
  index: number;
  /** CRC-32 of the bone's name, the key bones join by. */
  nameHash: number;
  /** Index of the parent in the assembled rig, −1 for the root. */
  parent: number;
  /** `'main'`, or the id of the addon that added the bone. */
  source: BoneSource;
}

/**
 * What an addon's joined bone disagrees on, or why an added bone hangs from the root:
 * `transform`: its local transform differs from the rig's by more than the tolerance;
 * `parent`: its parent's name hash is not the rig parent's;
 * `parent-absent`: its parent's name hash is in no bone of the rig (the bone is attached to the root).
 */
export type AssemblyConflictKind = 'transform' | 'parent' | 'parent-absent';

/** A disagreement between an addon and the rig, reported and never resolved silently. */
export interface AssemblyConflict {
  /** The rig bone it concerns (the joined bone, or the added bone attached to the root). */
  bone: number;
  /** Its name hash. */
  nameHash: number;
  /** The addon whose bone disagrees. */
  addon: bigint;
  /** What disagrees. */
  kind: AssemblyConflictKind;
  /** `transform`: the larger of the position distance and the rotation lane difference (q and −q equal); else null. */
  error: number | null;
  /** `parent`, `parent-absent`: the addon parent's name hash (null when the addon bone is its root). */
  addonParent: number | null;
  /** `parent`: the rig parent's name hash (null for the rig's root); else null. */
  rigParent: number | null;
}

/** How one addon went into the rig, in the component's order. */
export interface AddonAssembly {
  /** The addon's id as the component names it. */
  id: bigint;
  /** Whether a Skeleton carrying the id was given; a missing addon adds nothing. */
  found: boolean;
  /** Its bones that joined a bone already in the rig. */
  joined: number;
  /** Its bones appended to the rig. */
  added: number;
}

/** The result of {@link assemble}: the rig as a skeleton model and what happened, as data. */
export interface Assembly {
  /** The assembled rig: the main skeleton's dialect, id, type and own transform; every bone, main's first. */
  skeleton: Skeleton;
  /** Each assembled bone's name hash, parent and source, index-aligned with `skeleton.bones`. */
  bones: AssembledBone[];
  /** Per addon, in the component's order. */
  addons: AddonAssembly[];
  /** Addon bones that joined a rig bone, over every addon. */
  joined: number;
  /** Addon bones appended, over every addon. */
  added: number;
  /** Ids of the addons no Skeleton was given for, in the component's order. */
  missing: bigint[];
  /** Every disagreement, in the order the addons were joined. */
  conflicts: AssemblyConflict[];
}

/** How {@link assemble} compares a joined bone's transform. */
export interface AssembleOptions {
  /** Largest position distance and rotation lane difference at which a joined bone agrees (default 1e-3). */
  tolerance: number;
}

/** The tolerance joined bones are compared with, 1e-3 as the seed's composition check. */
export const ASSEMBLE_DEFAULTS: Readonly<AssembleOptions> = Object.freeze({ tolerance: 1e-3 });

/** An addon as the component lists it: its Skeleton, or its id alone when no Skeleton carries it (then reported missing). */
export type AssemblyAddonInput = Skeleton | bigint;

function copyTransform(t: Readonly<Transform>): Transform {
  return { position: [...t.position], rotation: [...t.rotation] };
}

/** Position distance (xyz) or rotation lane difference, whichever is larger; NaN when either is. */
function transformDifference(a: Readonly<Transform>, b: Readonly<Transform>): number {
  const position = Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1], a.position[2] - b.position[2]);
  const rotation = quatLaneDifference(a.rotation, b.rotation);
  return Number.isNaN(position) || Number.isNaN(rotation) ? NaN : Math.max(position, rotation);
}

/**
 * Assembles a character's rig: the main skeleton, then each addon in the component's order.
 *
 * The project's reading of the assembly rule (the seed marks the full rules Unknown):
 * - The rig starts as the main skeleton's bones, in order, with their stored transforms.
 * - An addon bone whose name hash is already in the rig **joins** that bone: the rig keeps its
 *   own bone and transforms. It is compared, never merged: a local transform differing by more
 *   than `tolerance` (position distance or rotation lane difference, q and −q equal) is a
 *   `transform` conflict, and an addon parent of another name hash than the rig parent's is a
 *   `parent` conflict. An addon's root has no parent to disagree with; its local is its global
 *   (Proven), so when it joins a rig bone that is not the rig's root, it is compared with that
 *   bone's global.
 * - Any other addon bone is **appended**, in the addon's bone order, parented to the rig bone
 *   carrying its addon parent's name hash, with its addon local transform (its global is the rig
 *   parent's global ∘ that local).
 * - An addon bone whose parent's name hash is in no rig bone (or an addon root not in the rig) is
 *   attached to the rig's root, keeping its addon global transform (its local becomes root
 *   global⁻¹ ∘ that global), and reported as `parent-absent`. Its own children then find it.
 * - Name hashes are matched against the rig as it grows, so an earlier addon's bones can be joined
 *   by a later addon: the addon order changes only the order of appended bones (and which addon a
 *   disagreement is reported against).
 * - An addon given by id alone (no Skeleton carries it) adds nothing and is listed in `missing`.
 * - Mirrors of appended bones are mapped by name hash into the rig (null when not in it); ids stay
 *   as stored; descendant counts and stored indices are recomputed for the rig.
 *
 * Throws a `RangeError` when `tolerance` is negative or not a number, or when the main skeleton has
 * no bones.
 */
export function assemble(main: Skeleton, addons: readonly AssemblyAddonInput[], options: Partial<AssembleOptions> = {}): Assembly {
  const tolerance = options.tolerance ?? ASSEMBLE_DEFAULTS.tolerance;
  if (!(tolerance >= 0)) throw new RangeError(`assemble: the tolerance must be a number ≥ 0, got ${tolerance}`);
  if (main.bones.length === 0) throw new RangeError(`assemble: the main skeleton ${main.id} has no bones`);

  const rigBones: SkeletonBone[] = [];
  const sources: BoneSource[] = [];
  const indexByHash = new Map<number, number>();
  for (const bone of main.bones) {
    const index = rigBones.length;
    rigBones.push({
      ...bone,
      index,
      mirror: bone.mirror,
      global: copyTransform(bone.global),
      local: copyTransform(bone.local),
    });
    sources.push('main');
    if (!indexByHash.has(bone.nameHash)) indexByHash.set(bone.nameHash, index);
  }

  const reports: AddonAssembly[] = [];
  const missing: bigint[] = [];
  const conflicts: AssemblyConflict[] = [];
  for (const addon of addons) {
    if (typeof addon === 'bigint') {
      missing.push(addon);
      reports.push({ id: addon, found: false, joined: 0, added: 0 });
      continue;
    }
    const report: AddonAssembly = { id: addon.id, found: true, joined: 0, added: 0 };
    // Where each addon bone landed in the rig, to map mirrors once the addon is in.
    const appended: { rigIndex: number; addonMirror: number | null }[] = [];
    for (const bone of addon.bones) {
      const addonParent = bone.parent >= 0 && bone.parent < addon.bones.length ? addon.bones[bone.parent]! : null;
      const joinedAt = indexByHash.get(bone.nameHash);
      if (joinedAt !== undefined) {
        report.joined++;
        const rigBone = rigBones[joinedAt]!;
        const rigParentHash = rigBone.parent >= 0 ? rigBones[rigBone.parent]!.nameHash : null;
        const compareWith = addonParent === null && rigBone.parent >= 0 ? rigBone.global : rigBone.local;
        const error = transformDifference(bone.local, compareWith);
        const base = { bone: joinedAt, nameHash: bone.nameHash, addon: addon.id };
        if (!(error <= tolerance))
          conflicts.push({ ...base, kind: 'transform', error: Number.isFinite(error) ? error : null, addonParent: null, rigParent: null });
        if (addonParent !== null && addonParent.nameHash !== rigParentHash)
          conflicts.push({ ...base, kind: 'parent', error: null, addonParent: addonParent.nameHash, rigParent: rigParentHash });
        continue;
      }
      const index = rigBones.length;
      const parentAt = addonParent === null ? undefined : indexByHash.get(addonParent.nameHash);
      let parent: number;
      let local: Transform;
      let global: Transform;
      if (parentAt !== undefined) {
        parent = parentAt;
        local = copyTransform(bone.local);
        global = composeTransforms(rigBones[parentAt]!.global, local);
      } else {
        parent = 0;
        global = copyTransform(bone.global);
        local = composeTransforms(invertTransform(rigBones[0]!.global), global);
        conflicts.push({
          bone: index,
          nameHash: bone.nameHash,
          addon: addon.id,
          kind: 'parent-absent',
          error: null,
          addonParent: addonParent?.nameHash ?? null,
          rigParent: null,
        });
      }
      rigBones.push({
        index,
        id: bone.id,
        nameHash: bone.nameHash,
        parent,
        mirror: null,
        global,
        local,
        descendants: 0,
        storedIndex: index,
      });
      sources.push(addon.id);
      indexByHash.set(bone.nameHash, index);
      appended.push({ rigIndex: index, addonMirror: bone.mirror });
      report.added++;
    }
    for (const { rigIndex, addonMirror } of appended) {
      const mirrorHash = addonMirror !== null ? addon.bones[addonMirror]?.nameHash : undefined;
      rigBones[rigIndex]!.mirror = mirrorHash === undefined ? null : (indexByHash.get(mirrorHash) ?? null);
    }
    reports.push(report);
  }

  const descendants = descendantCounts(rigBones.map((b) => b.parent));
  rigBones.forEach((bone, i) => {
    bone.descendants = descendants[i]!;
    bone.storedIndex = i;
  });
  return {
    skeleton: {
      dialect: main.dialect,
      id: main.id,
      skeletonType: main.skeletonType,
      ownTransform: main.ownTransform === null ? null : copyTransform(main.ownTransform),
      bones: rigBones,
    },
    bones: rigBones.map((bone, index) => ({ index, nameHash: bone.nameHash, parent: bone.parent, source: sources[index]! })),
    addons: reports,
    joined: reports.reduce((n, r) => n + r.joined, 0),
    added: reports.reduce((n, r) => n + r.added, 0),
    missing,
    conflicts,
  };
}
