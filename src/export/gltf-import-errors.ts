/**
 * The refusals and tolerances of {@link applyArmature}, kept apart from the code that handles
 * glTF-Transform's documents so that the gltf entry's declarations never reach that library's.
 */

/**
 * How far an imported lane may be from the export's value and still count as unchanged: 1e-6,
 * relative beyond magnitude 1 (where f32 steps are coarser than 1e-6 and an editor's single
 * precision would otherwise read as an edit).
 */
export const UNCHANGED_TOLERANCE = 1e-6;
/** How far a node's scale may be from 1 and still be no scale. */
export const SCALE_TOLERANCE = 1e-6;

/** Why {@link applyArmature} refused a glTF; nothing was written. */
export type ArmatureRefusalReason =
  | 'not-a-skeleton'
  | 'not-gltf'
  | 'no-skin'
  | 'runtime-pose'
  | 'axes'
  | 'other-skeleton'
  | 'unknown-node'
  | 'hierarchy'
  | 'scale'
  | 'transform';

/** A refusal of {@link applyArmature}: its reason and a message naming the node or bone. */
export class ArmatureImportError extends Error {
  override name = 'ArmatureImportError';
  /** What was refused. */
  readonly reason: ArmatureRefusalReason;

  /** A refusal for `reason` with its message. Never throws. */
  constructor(reason: ArmatureRefusalReason, message: string) {
    super(message);
    this.reason = reason;
  }
}
