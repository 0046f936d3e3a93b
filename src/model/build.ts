import type { Transform } from '../math/transform.js';
import { descendantCounts, globalsFromLocals } from './hierarchy.js';
import { layoutByName } from '../formats/registry.js';
import type { LayoutName, Skeleton } from './skeleton.js';

/** One bone of a {@link SkeletonDescription}: name hash, parent index and local transform. */
export interface BoneDescription {
  /** CRC-32 of the bone's name. */
  nameHash: number;
  /** Index of the parent, −1 for the root; parents come before children. */
  parent: number;
  /** Local bind transform, relative to the parent. */
  local: Transform;
  /** Object id; assigned from the skeleton id when absent. */
  id?: bigint;
  /** Index of the mirror bone (defaults: none). */
  mirror?: number | null;
}

/**
 * A skeleton to build with {@link buildSkeleton}: layout, id, and bones with parents and local transforms.
 */
export interface SkeletonDescription {
  /** The layout the skeleton is meant for. */
  dialect: LayoutName;
  /** The Skeleton's id; bone ids follow it when not given. */
  id: bigint;
  /** SkeletonType (`anvilnext`; default 0). */
  skeletonType?: number | null;
  /** The own transform (`anvilnext`; default none). */
  ownTransform?: Transform | null;
  /** The bones, each parent before its children. */
  bones: readonly BoneDescription[];
}

/**
 * A skeleton from a description: globals composed from the locals, descendant counts and stored
 * indices derived, bone ids allocated after the skeleton's id when not given. Throws a RangeError
 * only for a layout that is not registered; parents
 * that do not come before their child are kept as given (the checks report them).
 */
export function buildSkeleton(description: SkeletonDescription): Skeleton {
  const parents = description.bones.map((b) => b.parent);
  const globals = globalsFromLocals(
    description.bones.map((b) => b.local),
    parents,
  );
  const descendants = descendantCounts(parents);
  // What the layout stores: ids of its width, and a SkeletonType and an own transform where it has them.
  const layout = layoutByName(description.dialect);
  const idMask = layout.idHexWidth === 8 ? 0xffffffffn : 0xffffffffffffffffn;
  const { stores } = layout;
  return {
    dialect: description.dialect,
    id: description.id,
    skeletonType: stores.skeletonType ? (description.skeletonType ?? 0) : null,
    ownTransform: stores.ownTransform ? (description.ownTransform ?? null) : null,
    bones: description.bones.map((b, index) => ({
      index,
      id: b.id ?? (description.id + BigInt(index + 1)) & idMask,
      nameHash: b.nameHash >>> 0,
      parent: b.parent,
      mirror: b.mirror ?? null,
      global: globals[index]!,
      local: { position: [...b.local.position], rotation: [...b.local.rotation] },
      descendants: descendants[index]!,
      storedIndex: index,
    })),
  };
}
