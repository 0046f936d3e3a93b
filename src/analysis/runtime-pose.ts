import type { Transform } from '../math/transform.js';
import type { Skeleton } from '../model/skeleton.js';

/**
 * The engine's runtime local pose: every bone's stored local, except that the Skeleton's own
 * transform replaces the root's local (seed: it "replaces the root local rather than multiplying
 * an additional offset onto it"). A layout without an own transform keeps the stored root local.
 */
export function runtimeLocalTransforms(skeleton: Skeleton): Transform[] {
  return skeleton.bones.map((bone, index) =>
    index === 0 && bone.parent === -1 && skeleton.ownTransform !== null ? cloneTransform(skeleton.ownTransform) : cloneTransform(bone.local),
  );
}

function cloneTransform(t: Transform): Transform {
  return { position: [...t.position], rotation: [...t.rotation] };
}
