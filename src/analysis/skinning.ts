/**
 * Skinning: a mesh's MeshBone matrices against the skeleton's bind, the renderer's `g_Bones`
 * palette, and bone locals recovered from captured palettes. Pure: reports are data.
 *
 * Conventions (all products in column form, `M · v`, see src/math/matrix.ts):
 *
 * - **IB**, a MeshBone matrix, is stored row-major in row-vector form (translation in the last
 *   row); read as column-major, the same numbers are its column form. Seed (SWS): it holds the
 *   inverse of the bone's global bind, rotation R_G⁻¹ exactly and translation −R_G⁻¹ · p_G times a
 *   per-mesh scale s (1.02–1.10 on most meshes, 1 on a few). The mesh's units differ from the
 *   skeleton's by that scale, so only the translation carries it.
 * - **S**, a palette entry, is `S = P · IB`: the bone's pose P (its model-space world transform
 *   for the frame, in the skeleton's units) times its MeshBone matrix, the matrix a vertex shader
 *   applies to a bind-space vertex. In the bind pose with s = 1 it is the identity; with s ≠ 1 it
 *   is a pure translation (1 − s) · p_G.
 * - **Recovery**: for a palette entry c whose bone's parent is the bone of entry p,
 *   `IB_p · S_p⁻¹ · S_c · IB_c⁻¹ = IB_p · IB_p⁻¹ · P_p⁻¹ · P_c · IB_c · IB_c⁻¹ = P_p⁻¹ · P_c`,
 *   the child's local transform, whatever s is. Its translation is compared with the stored local
 *   position (distance, within the tolerance).
 */
import {
  leastSquaresScale,
  mat3MaxDifference,
  mat4FromRowVectorStorage,
  mat4InvertAffine,
  mat4Multiply,
  mat4Translation,
} from '../math/matrix.js';
import { invertTransform, transformToMat4, type Transform } from '../math/transform.js';
import { vec3Distance, type Mat4, type Vec3 } from '../math/vector.js';
import type { Skeleton } from '../model/skeleton.js';
import { runtimeWorldTransforms } from './runtime-pose.js';
import { meshBoneBones, SkinningInputError, type MeshBone } from './skinning-input.js';

// Parsing the inputs lives in skinning-input.ts; this module is still where callers find it.
export { meshBoneBones, parseMeshBones, parsePalette, SkinningInputError, type MeshBone } from './skinning-input.js';
// And the register block in skinning-palette.ts.
export {
  constantsBytesNeeded,
  decodePaletteConstants,
  encodePaletteConstants,
  REGISTER_BYTES,
  type PaletteLayout,
} from './skinning-palette.js';
import { SKINNING_DEFAULTS, type SkinPose } from './skinning-options.js';

/** Refuses a bone transform with a lane that is not finite (the layouts store NaN bit for bit), so no NaN reaches a report. */
function requireFinite(t: Readonly<Transform>, item: string): void {
  if (![...t.position.slice(0, 3), ...t.rotation].every(Number.isFinite))
    throw new SkinningInputError(
      item,
      `is not finite: position (${t.position.slice(0, 3).join(', ')}), rotation (${t.rotation.join(', ')})`,
    );
}

/** One MeshBone against its bone's global bind. */
export interface MeshBoneBinding {
  /** Position in the MeshBones list. */
  index: number;
  /** The MeshBone's name hash. */
  nameHash: number;
  /** Index of the skeleton bone carrying the hash. */
  bone: number;
  /** Largest difference between the matrix's 3×3 part and the rotation of the inverse global bind. */
  rotationError: number;
  /** Whether {@link rotationError} is within the tolerance. */
  rotationMatches: boolean;
  /** Distance between the matrix's translation and the inverse global bind's translation. */
  translationError: number;
  /** Whether {@link translationError} is within the tolerance. */
  translationMatches: boolean;
  /** The matrix's translation (row-vector lanes 12–14). */
  translation: Vec3;
  /** The inverse global bind's translation, −R_G⁻¹ · p_G. */
  inverseBindTranslation: Vec3;
}

/** A mesh's MeshBones against the skeleton's bind: what {@link meshBindReport} returns. */
export interface MeshBindReport {
  /** MeshBones checked. */
  meshBones: number;
  /** How many rotations equal the inverse global bind rotation. */
  rotationMatches: number;
  /** How many translations equal the inverse global bind translation. */
  translationMatches: number;
  /**
   * The least-squares s with translation ≈ s · inverse bind translation over the MeshBones whose
   * rotation matches (on the others the translation is not the inverse bind's to begin with); null
   * when none of them has a non-zero inverse bind translation.
   */
  scale: number | null;
  /** Root mean square of |translation − s · inverse bind translation| over those MeshBones; null with the scale. */
  residual: number | null;
  /** How many MeshBones the scale was fitted over. */
  scaleBones: number;
  /** The tolerance of the matches. */
  tolerance: number;
  /** Every MeshBone, in order. */
  bones: MeshBoneBinding[];
}

/** The column-form matrix of a MeshBone. */
function meshBoneMatrix(meshBone: MeshBone): Mat4 {
  return mat4FromRowVectorStorage(meshBone.matrix);
}

/**
 * Each MeshBone's matrix against the inverse of its bone's stored global bind (seed: mesh inverse
 * binds correspond to stored globals): the 3×3 part against R_G⁻¹ (largest element difference),
 * the translation against −R_G⁻¹ · p_G (distance), each within `tolerance` (default 1e-3), and the
 * per-mesh translation scale fitted by least squares. Throws {@link SkinningInputError} for a hash
 * no bone carries or a bone global that is not finite (`skeleton.bones[k].global`); never reports NaN.
 */
export function meshBindReport(skeleton: Skeleton, meshBones: readonly MeshBone[], options: { tolerance?: number } = {}): MeshBindReport {
  const tolerance = options.tolerance ?? SKINNING_DEFAULTS.tolerance;
  const bonesOf = meshBoneBones(skeleton, meshBones);
  const bones = meshBones.map((meshBone, index): MeshBoneBinding => {
    const bone = bonesOf[index]!;
    requireFinite(skeleton.bones[bone]!.global, `skeleton.bones[${bone}].global`);
    const stored = meshBoneMatrix(meshBone);
    const expected = transformToMat4(invertTransform(skeleton.bones[bone]!.global));
    const translation = mat4Translation(stored);
    const inverseBindTranslation = mat4Translation(expected);
    const rotationError = mat3MaxDifference(stored, expected);
    const translationError = vec3Distance(translation, inverseBindTranslation);
    return {
      index,
      nameHash: meshBone.nameHash,
      bone,
      rotationError,
      rotationMatches: rotationError <= tolerance,
      translationError,
      translationMatches: translationError <= tolerance,
      translation,
      inverseBindTranslation,
    };
  });
  const fitted = bones.filter((b) => b.rotationMatches);
  const fit = leastSquaresScale(
    fitted.map((b) => b.translation),
    fitted.map((b) => b.inverseBindTranslation),
  );
  return {
    meshBones: bones.length,
    rotationMatches: fitted.length,
    translationMatches: bones.filter((b) => b.translationMatches).length,
    scale: fit?.scale ?? null,
    residual: fit?.residual ?? null,
    scaleBones: fitted.length,
    tolerance,
    bones,
  };
}

/** The model-space pose of every bone: the stored global binds, or the runtime world pose. */
function poseOf(skeleton: Skeleton, pose: SkinPose | readonly Transform[]): readonly Transform[] {
  if (pose === 'bind') return skeleton.bones.map((bone) => bone.global);
  if (pose === 'runtime') return runtimeWorldTransforms(skeleton);
  if (pose.length !== skeleton.bones.length) throw new RangeError(`a pose of ${pose.length} transforms for ${skeleton.bones.length} bones`);
  return pose;
}

/**
 * The palette's matrices S = P · IB (column form), one per palette entry: P the entry's bone pose
 * (`bind`, `runtime`, or one model-space transform per bone) and IB its MeshBone matrix. Throws
 * {@link SkinningInputError} for a hash no bone carries, a palette index outside the MeshBones or
 * a pose that is not finite (`skeleton.bones[k].global`, `pose[k]`), RangeError for a pose array of
 * the wrong length.
 */
export function paletteMatrices(
  skeleton: Skeleton,
  meshBones: readonly MeshBone[],
  palette: readonly number[],
  pose: SkinPose | readonly Transform[] = 'bind',
): Mat4[] {
  const bonesOf = meshBoneBones(skeleton, meshBones);
  const world = poseOf(skeleton, pose);
  return palette.map((entry, k) => {
    const meshBone = meshBones[entry];
    if (meshBone === undefined)
      throw new SkinningInputError(`palette[${k}]`, `${entry} is not a MeshBone index (0–${meshBones.length - 1})`);
    const bone = bonesOf[entry]!;
    requireFinite(
      world[bone]!,
      typeof pose === 'string' ? `skeleton.bones[${bone}].${pose === 'bind' ? 'global' : 'runtime world'}` : `pose[${bone}]`,
    );
    return mat4Multiply(transformToMat4(world[bone]!), meshBoneMatrix(meshBone));
  });
}

/** A parent–child pair of one frame whose recovered local translation is outside the tolerance. */
export interface CaptureOffender {
  /** The parent's skeleton bone index. */
  parent: number;
  /** The child's skeleton bone index. */
  child: number;
  /** The parent's palette entry. */
  parentEntry: number;
  /** The child's palette entry. */
  childEntry: number;
  /** Distance between the recovered and the stored local position. */
  error: number;
  /** Translation of IB_p · S_p⁻¹ · S_c · IB_c⁻¹. */
  recovered: Vec3;
  /** The child's stored local position. */
  stored: Vec3;
}

/** One captured frame's pairs. */
export interface CaptureFrame {
  /** Parent–child pairs in the draw. */
  pairs: number;
  /** How many recovered local translations are within the tolerance of the stored ones. */
  within: number;
  /** The largest distance; null when the draw has no pair. */
  maxError: number | null;
  /** The pairs outside the tolerance. */
  offenders: CaptureOffender[];
}

/** Bone locals recovered from captured palettes: what {@link captureReport} returns. */
export interface CaptureReport {
  /** Pairs over every frame. */
  pairs: number;
  /** Pairs within the tolerance over every frame. */
  within: number;
  /** The largest distance over every frame; null when there is no pair. */
  maxError: number | null;
  /** The tolerance. */
  tolerance: number;
  /** Per frame, in the order given. */
  frames: CaptureFrame[];
}

/**
 * The parent–child pairs of a draw as palette entries: each entry whose bone's parent is the bone
 * of another entry (the first such entry), in palette order.
 */
export function palettePairs(
  skeleton: Skeleton,
  meshBones: readonly MeshBone[],
  palette: readonly number[],
): { parentEntry: number; childEntry: number }[] {
  const bonesOf = meshBoneBones(skeleton, meshBones);
  const boneOfEntry = palette.map((entry) => bonesOf[entry]!);
  const pairs: { parentEntry: number; childEntry: number }[] = [];
  boneOfEntry.forEach((bone, childEntry) => {
    const parent = skeleton.bones[bone]!.parent;
    const parentEntry = parent < 0 ? -1 : boneOfEntry.indexOf(parent);
    if (parentEntry >= 0) pairs.push({ parentEntry, childEntry });
  });
  return pairs;
}

/**
 * Every parent–child pair of the draw recovered in every frame: IB_p · S_p⁻¹ · S_c · IB_c⁻¹ (the
 * child's local, see the module comment), its translation against the stored local position within
 * `tolerance` (default 1e-3). `frames[f]` holds the palette's matrices S of frame f, as
 * {@link decodePaletteConstants} returns them. Throws {@link SkinningInputError} for a hash no bone
 * carries, a palette index outside the MeshBones, a frame with fewer matrices than the palette
 * (`frames[f]`), a stored local that is not finite (`skeleton.bones[k].local`), or a matrix of a
 * pair that cannot be inverted (`frames[f]: palette entry k`,
 * `meshBones[i].matrix`).
 */
export function captureReport(
  skeleton: Skeleton,
  meshBones: readonly MeshBone[],
  palette: readonly number[],
  frames: readonly (readonly Readonly<Mat4>[])[],
  options: { tolerance?: number } = {},
): CaptureReport {
  const tolerance = options.tolerance ?? SKINNING_DEFAULTS.tolerance;
  palette.forEach((entry, k) => {
    if (!Number.isInteger(entry) || entry < 0 || entry >= meshBones.length)
      throw new SkinningInputError(`palette[${k}]`, `${entry} is not a MeshBone index (0–${meshBones.length - 1})`);
  });
  const bonesOf = meshBoneBones(skeleton, meshBones);
  const pairs = palettePairs(skeleton, meshBones, palette);
  for (const { childEntry } of pairs) {
    const child = bonesOf[palette[childEntry]!]!;
    requireFinite(skeleton.bones[child]!.local, `skeleton.bones[${child}].local`);
  }
  const inverseBind = palette.map((entry) => meshBoneMatrix(meshBones[entry]!));
  const inverseBindInverse = palette.map((entry, k) => {
    const inverse = mat4InvertAffine(inverseBind[k]!);
    if (inverse === null && pairs.some((pair) => pair.childEntry === k))
      throw new SkinningInputError(`meshBones[${entry}].matrix`, 'its 3×3 part is singular, so it cannot be inverted');
    return inverse;
  });
  const reportFrames = frames.map((matrices, f): CaptureFrame => {
    if (matrices.length < palette.length)
      throw new SkinningInputError(`frames[${f}]`, `holds ${matrices.length} palette matrices for a palette of ${palette.length}`);
    const offenders: CaptureOffender[] = [];
    let within = 0;
    let maxError: number | null = null;
    const inverses = new Map<number, Mat4>();
    for (const { parentEntry, childEntry } of pairs) {
      const parentInverse = inverses.get(parentEntry) ?? mat4InvertAffine(matrices[parentEntry]!);
      if (parentInverse === null)
        throw new SkinningInputError(
          `frames[${f}]: palette entry ${parentEntry}`,
          'its matrix is singular or not finite, so it cannot be inverted',
        );
      inverses.set(parentEntry, parentInverse);
      if (!matrices[childEntry]!.every(Number.isFinite))
        throw new SkinningInputError(`frames[${f}]: palette entry ${childEntry}`, 'its matrix is not finite');
      const local = mat4Multiply(
        mat4Multiply(inverseBind[parentEntry]!, parentInverse),
        mat4Multiply(matrices[childEntry]!, inverseBindInverse[childEntry]!),
      );
      const child = bonesOf[palette[childEntry]!]!;
      const recovered = mat4Translation(local);
      const storedPosition = skeleton.bones[child]!.local.position;
      const stored: Vec3 = [storedPosition[0], storedPosition[1], storedPosition[2]];
      const error = vec3Distance(recovered, stored);
      maxError = maxError === null ? error : Math.max(maxError, error);
      if (error <= tolerance) within++;
      else offenders.push({ parent: skeleton.bones[child]!.parent, child, parentEntry, childEntry, error, recovered, stored });
    }
    return { pairs: pairs.length, within, maxError, offenders };
  });
  const errors = reportFrames.map((frame) => frame.maxError).filter((e): e is number => e !== null);
  return {
    pairs: reportFrames.reduce((sum, frame) => sum + frame.pairs, 0),
    within: reportFrames.reduce((sum, frame) => sum + frame.within, 0),
    maxError: errors.length === 0 ? null : Math.max(...errors),
    tolerance,
    frames: reportFrames,
  };
}
