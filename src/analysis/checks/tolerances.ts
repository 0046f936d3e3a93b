/** The tolerances the checks and the pose search use, in one place. */

/** Stored global vs parent global ∘ local: position distance and rotation lane difference. */
export const COMPOSITION_TOLERANCE = 1e-3;
/** | ‖q‖ − 1 | for a stored rotation. */
export const UNIT_LENGTH_TOLERANCE = 1e-3;
/** | w | of a stored position's fourth lane: the formats store exactly 0. */
export const POSITION_W_TOLERANCE = 0;
/** Per-lane tolerance of the informative stored-root-local vs own-transform comparison. */
export const ROOT_OWN_TOLERANCE = 1e-4;
/** Per-lane tolerance of a runtime pose record vs the expected local (q and −q are equal). */
export const POSE_LANE_TOLERANCE = 1e-4;
/** Offenders listed per check result; `offenderCount` keeps the total. */
export const MAX_OFFENDERS = 100;
