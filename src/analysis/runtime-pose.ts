import { composeTransforms, type Transform } from '../math/transform.js';
import type { Skeleton } from '../model/skeleton.js';

/**
 * The engine's runtime local pose, as new transforms: every bone's stored local, except that the
 * Skeleton's own transform replaces the root's local (seed: it "replaces the root local rather than
 * multiplying an additional offset onto it"). A layout without an own transform keeps the stored root
 * local. Never throws.
 */
export function runtimeLocalTransforms(skeleton: Skeleton): Transform[] {
  return skeleton.bones.map((bone, index) =>
    index === 0 && bone.parent === -1 && skeleton.ownTransform !== null
      ? cloneTransform(skeleton.ownTransform)
      : cloneTransform(bone.local),
  );
}

/**
 * The world pose of the runtime local pose: each bone's world is its parent's world ∘ its runtime
 * local, so the own transform (the root's runtime local) is applied exactly once, at the root. Never
 * throws, as {@link worldFromLocals}.
 */
export function runtimeWorldTransforms(skeleton: Skeleton): Transform[] {
  return worldFromLocals(
    skeleton.bones.map((bone) => bone.parent),
    runtimeLocalTransforms(skeleton),
  );
}

/**
 * World transforms from parent indices and local transforms, in any parent order. A bone whose
 * parent is out of range, or that closes a parent cycle, is treated as a root (world = local):
 * it never throws or loops on a malformed hierarchy.
 */
export function worldFromLocals(parents: readonly number[], locals: readonly Transform[]): Transform[] {
  const count = locals.length;
  const world = new Array<Transform>(count);
  const state = new Uint8Array(count); // 0 not seen, 1 on the current chain, 2 done
  const chain: number[] = [];
  const validParent = (bone: number): number => {
    const parent = parents[bone];
    return typeof parent === 'number' && Number.isInteger(parent) && parent >= 0 && parent < count ? parent : -1;
  };
  for (let start = 0; start < count; start++) {
    let bone = start;
    while (bone !== -1 && state[bone] === 0) {
      state[bone] = 1;
      chain.push(bone);
      bone = validParent(bone);
    }
    while (chain.length > 0) {
      const current = chain.pop()!;
      const parent = validParent(current);
      world[current] =
        parent !== -1 && state[parent] === 2 ? composeTransforms(world[parent]!, locals[current]!) : cloneTransform(locals[current]!);
      state[current] = 2;
    }
  }
  return world;
}

export function cloneTransform(t: Readonly<Transform>): Transform {
  return { position: [...t.position], rotation: [...t.rotation] };
}
