/**
 * Bones found by name hash in one scimitar skeleton: what its mirror pairs name (the view pairs
 * mirrors by them; a check asks that every name is a bone's).
 */

/** Bones × lookups up to which scanning the bones costs less than building a map of their names. */
const SCAN_AT_MOST = 8192;

/**
 * The first bone with a name hash (undefined when none has it), for `lookups` questions about
 * these bones: a scan for a skeleton's few, a map of every name's first bone for many. Never throws.
 */
export function firstBoneWithName(bones: readonly { nameHash: number }[], lookups: number): (nameHash: number) => number | undefined {
  if (bones.length * lookups <= SCAN_AT_MOST) {
    return (nameHash) => {
      for (let i = 0; i < bones.length; i++) if (bones[i]!.nameHash === nameHash) return i;
      return undefined;
    };
  }
  const indexByName = new Map<number, number>();
  for (let i = 0; i < bones.length; i++) if (!indexByName.has(bones[i]!.nameHash)) indexByName.set(bones[i]!.nameHash, i);
  return (nameHash) => indexByName.get(nameHash);
}
