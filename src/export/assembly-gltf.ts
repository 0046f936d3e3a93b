/** An assembled rig as glTF, as `assemble -o` writes it: bones named from the dictionary, each with the Skeleton it came from. */
import type { ComponentAssembly } from '../analysis/assemble-components.js';
import type { SkeletonBone } from '../model/skeleton.js';
import type { NameDictionary } from '../names/dictionary.js';
import type { AssemblyJson } from './assembly-report.js';
import { exportGlb, exportGltfEmbedded } from './gltf.js';

/**
 * `result`'s rig as a .glb (`binary`) or an embedded .gltf, each bone's source taken from
 * `report` (the component's JSON report); null when the main skeleton is missing, so there is no rig.
 */
export async function assemblyGltf(
  result: ComponentAssembly | undefined,
  report: AssemblyJson | undefined,
  names: Pick<NameDictionary, 'resolve'>,
  binary: boolean,
): Promise<Uint8Array | string | null> {
  if (result?.assembly == null) return null;
  const sources = report!.bones.map((b) => b.source);
  const options = {
    boneName: (bone: SkeletonBone) => names.resolve(bone.nameHash),
    boneSource: (bone: SkeletonBone) => sources[bone.index] ?? null,
  };
  return binary ? exportGlb(result.assembly.skeleton, options) : exportGltfEmbedded(result.assembly.skeleton, options);
}
