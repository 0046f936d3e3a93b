import { composeTransforms, type Transform } from '../math/transform.js';

/**
 * Descendant count of every bone (bones in its subtree, itself excluded), given parent indices where
 * each parent comes before its child. Bones whose parent is out of order count nothing up. Never throws.
 */
export function descendantCounts(parents: readonly number[]): number[] {
  const counts = new Array<number>(parents.length).fill(0);
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i]!;
    if (p >= 0 && p < i) counts[p]! += counts[i]! + 1;
  }
  return counts;
}

/**
 * Global transforms from locals: a root's global is its local, a child's is parent ∘ local. A parent that does not come before its child is treated as none. Never throws.
 */
export function globalsFromLocals(locals: readonly Transform[], parents: readonly number[]): Transform[] {
  const globals: Transform[] = [];
  for (let i = 0; i < locals.length; i++) {
    const p = parents[i]!;
    const local = locals[i]!;
    globals.push(
      p >= 0 && p < i ? composeTransforms(globals[p]!, local) : { position: [...local.position], rotation: [...local.rotation] },
    );
  }
  return globals;
}
