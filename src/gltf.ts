/**
 * `anvil-skeleton/gltf`: a skeleton as a glTF 2.0 armature, written through glTF-Transform, and an
 * edited armature applied back onto its Skeleton. The
 * only entry that loads `@gltf-transform/core`. Its functions are declared here with types of our
 * own (bytes and text in, bytes and text out) so a consumer's type check never reaches
 * glTF-Transform's declarations, which need the DOM and ESNext libraries (`RequestInit`,
 * `Float16Array`) to compile without `skipLibCheck`. For the same reason the glTF-Transform
 * `Document` the exporter builds is not exported.
 *
 * @packageDocumentation
 */
import * as gltf from './export/gltf.js';
import * as gltfImport from './export/gltf-import.js';
import type { ApplyArmatureOptions, ArmatureImport, GltfInput } from './export/gltf-import.js';
import type { GltfExportOptions } from './export/options.js';
import type { Resource } from './formats/resource.js';
import type { Skeleton } from './model/skeleton.js';

export { GLTF_EXPORT_DEFAULTS, GLTF_POSES, type GltfExportOptions, type GltfPose } from './export/options.js';
export type { BoneNodeExtras } from './export/node-names.js';
export { AXIS_CONVENTIONS, type AxisConvention } from './math/axes.js';
export {
  ArmatureImportError,
  UNCHANGED_TOLERANCE,
  type ApplyArmatureOptions,
  type ArmatureImport,
  type ArmatureRefusalReason,
  type BoneChange,
  type GltfInput,
} from './export/gltf-import.js';

/** The `asset.generator` every exported file carries. */
export const GLTF_GENERATOR: string = gltf.GLTF_GENERATOR;

/**
 * The skeleton as GLB bytes: one node per bone (node index = bone index = joint index), a skin over
 * every bone with the inverses of the stored global binds, and unless `mesh: false` a small
 * skinned mesh drawing each bone. Rejects with an `Error` when the options are unknown, the
 * skeleton has no bones or more than 65,536, a parent is not a bone index or closes a cycle, or
 * a transform is not finite.
 */
export function exportGlb(skeleton: Skeleton, options: Partial<GltfExportOptions> = {}): Promise<Uint8Array> {
  return gltf.exportGlb(skeleton, options);
}

/**
 * The skeleton as `.gltf` JSON text with its one buffer embedded as a base64 data URI. Rejects as
 * {@link exportGlb} does.
 */
export function exportGltfEmbedded(skeleton: Skeleton, options: Partial<GltfExportOptions> = {}): Promise<string> {
  return gltf.exportGltfEmbedded(skeleton, options);
}

/**
 * The skeleton as `.gltf` JSON text whose buffer is the separate file `binName` (a plain file
 * name, stored beside the `.gltf`; percent-encoded in the URI), and that buffer's bytes. Rejects
 * with an `Error` when `binName` holds a path separator or is empty, `.` or `..`, and otherwise as
 * {@link exportGlb} does.
 */
export function exportGltfSeparate(
  skeleton: Skeleton,
  options: Partial<GltfExportOptions>,
  binName: string,
): Promise<{ json: string; bin: Uint8Array }> {
  return gltf.exportGltfSeparate(skeleton, options, binName);
}

/**
 * Applies an edited glTF armature onto the Skeleton it was exported from, the way back from a glTF
 * editor. Nodes join bones by `extras.nameHash` (else by the name the export gave them, never by
 * their position in the node list); each node's local translation and rotation, turned back to
 * engine axes, become the bone's stored local, and the stored global of every moved bone and of
 * every bone below it is recomputed from the locals (`q_parent · q_local`,
 * `p_parent + q_parent · p_local`). A lane within {@link UNCHANGED_TOLERANCE} of what the export
 * wrote keeps its original f32 bits, so an unedited round trip gives back the original bytes; every
 * other byte is kept. Resolves to the new resource, its bytes and the changes per bone. Rejects with
 * an {@link ArmatureImportError} (its `reason` and a message naming the node or bone) when the
 * resource is not a Skeleton, the bytes are not glTF, the glTF has no skin, is a `--pose runtime`
 * export, names other axes or another skeleton, has a node whose nameHash names no bone, adds,
 * removes or reparents a bone, scales a bone, or holds a transform an f32 cannot store.
 */
export function applyArmature(resource: Resource, gltfInput: GltfInput, options: ApplyArmatureOptions = {}): Promise<ArmatureImport> {
  return gltfImport.applyArmature(resource, gltfInput, options);
}
