/** Options of the glTF export, shared by the library functions and the CLI's defaults. */
import { AXIS_CONVENTIONS, type AxisConvention } from '../math/axes.js';
import type { SkeletonBone } from '../model/skeleton.js';

/**
 * `bind`: every bone's stored local bind transform.
 * `runtime`: the engine's runtime local pose (the Skeleton's own transform replaces the root's local).
 */
export type GltfPose = 'bind' | 'runtime';
/** Every {@link GltfPose}. */
export const GLTF_POSES: readonly GltfPose[] = ['bind', 'runtime'];

/** What a glTF export writes: the pose, the axes, whether to add the bone mesh, and the bones' names. */
export interface GltfExportOptions {
  /** Which local transforms the nodes get; see {@link GltfPose}. */
  pose: GltfPose;
  /** The axes to write in; see {@link AxisConvention}. */
  axes: AxisConvention;
  /** Add a small skinned mesh drawing each bone, so viewers show the rig. */
  mesh: boolean;
  /** Resolves a bone's display name; null (or an empty string) falls back to `bone_0xXXXXXXXX`. */
  boneName?: (bone: SkeletonBone) => string | null;
  /**
   * Where each bone came from (an assembled rig: `main` or the addon's id), written as the node's
   * `extras.source`; null leaves it out. Absent: no node has a `source`.
   */
  boneSource?: (bone: SkeletonBone) => string | null;
}

/** The option values an export uses where none is given: bind pose, y-up, with the bone mesh. */
export const GLTF_EXPORT_DEFAULTS: Readonly<{ pose: GltfPose; axes: AxisConvention; mesh: boolean }> = Object.freeze({
  pose: 'bind',
  axes: 'y-up',
  mesh: true,
});

export function resolveExportOptions(options: Partial<GltfExportOptions> = {}): GltfExportOptions {
  const resolved: GltfExportOptions = {
    pose: options.pose ?? GLTF_EXPORT_DEFAULTS.pose,
    axes: options.axes ?? GLTF_EXPORT_DEFAULTS.axes,
    mesh: options.mesh ?? GLTF_EXPORT_DEFAULTS.mesh,
  };
  if (options.boneName !== undefined) resolved.boneName = options.boneName;
  if (options.boneSource !== undefined) resolved.boneSource = options.boneSource;
  if (!GLTF_POSES.includes(resolved.pose)) throw new Error(`glTF export: unknown pose '${String(resolved.pose)}'`);
  if (!AXIS_CONVENTIONS.includes(resolved.axes)) throw new Error(`glTF export: unknown axes '${String(resolved.axes)}'`);
  return resolved;
}
