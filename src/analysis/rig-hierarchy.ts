/**
 * A rig's hashes and parent links, what `crack` weighs names against: from a Skeleton's bones, or
 * from a hierarchy given as JSON (`{ "<hash>": ["<parent hash>" | null, ...] }`). Browser-safe.
 */
import type { Skeleton } from '../model/skeleton.js';
import { parseHash } from '../names/crc32.js';
import type { RigHierarchy } from '../names/rig-names.js';

/** A hierarchy document that is not one: its message names the item. */
export class RigHierarchyError extends Error {
  /** Always `RigHierarchyError`. */
  override name = 'RigHierarchyError';
}

/** Every bone's name hash, and a link from each bone to its parent's. Never throws. */
export function rigHierarchyOf(skeleton: Pick<Skeleton, 'bones'>): { hashes: number[]; links: [number, number][] } {
  const hashes: number[] = [];
  const links: [number, number][] = [];
  for (const bone of skeleton.bones) {
    hashes.push(bone.nameHash);
    const parent = skeleton.bones[bone.parent];
    if (parent) links.push([bone.nameHash, parent.nameHash]);
  }
  return { hashes, links };
}

/**
 * The hashes and parent links of a hierarchy document: an object whose keys are hashes and whose
 * values are arrays of parent hashes (or null for none). Throws a RigHierarchyError naming the
 * first item that is not one.
 */
export function parseRigHierarchy(text: string): RigHierarchy {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RigHierarchyError(`not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RigHierarchyError('expected an object { "<hash>": ["<parent hash>" | null, ...] }');
  }
  const hashes: number[] = [];
  const links: [number, number][] = [];
  for (const [key, parents] of Object.entries(value as Record<string, unknown>)) {
    const hash = parseHash(key);
    if (hash === null) throw new RigHierarchyError(`key ${JSON.stringify(key)} is not a hash`);
    hashes.push(hash);
    if (!Array.isArray(parents)) throw new RigHierarchyError(`${key}: expected an array of parent hashes or null`);
    for (const parent of parents) {
      if (parent === null) continue;
      const parentHash = typeof parent === 'string' ? parseHash(parent) : null;
      if (parentHash === null) throw new RigHierarchyError(`${key}: parent ${JSON.stringify(parent)} is not a hash or null`);
      hashes.push(parentHash);
      links.push([hash, parentHash]);
    }
  }
  return { hashes, links };
}
