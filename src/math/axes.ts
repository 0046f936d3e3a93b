/**
 * The one place that converts the engine's axes for export.
 *
 * The engine is right-handed and z-up; a rider faces +x in bone space (toes +x, left +y),
 * which the own transform's quarter turn about z makes the game's +y forward.
 * glTF is right-handed and y-up. `y-up` maps engine (x, y, z) to glTF (x, z, −y): a proper
 * rotation of −90° about x, so Blender's importer (which maps glTF back to z-up) shows the
 * engine's own coordinates unchanged. `z-up` keeps the engine's numbers as they are.
 */
import type { Quat, Vec3, Vec4 } from './vector.js';
import type { Transform } from './transform.js';

/** Axes of an export: `y-up` maps engine (x, y, z) to glTF (x, z, −y); `z-up` keeps the engine's numbers. */
export type AxisConvention = 'y-up' | 'z-up';
/** Every {@link AxisConvention}. */
export const AXIS_CONVENTIONS: readonly AxisConvention[] = ['y-up', 'z-up'];

export function convertPosition(p: Readonly<Vec3 | Vec4>, axes: AxisConvention): Vec3 {
  return axes === 'y-up' ? [p[0], p[2], -p[1]] : [p[0], p[1], p[2]];
}

/** A rotation's vector part turns like a position under a proper change of basis. */
export function convertRotation(q: Readonly<Quat>, axes: AxisConvention): Quat {
  return axes === 'y-up' ? [q[0], q[2], -q[1], q[3]] : [q[0], q[1], q[2], q[3]];
}

export function convertTransform(t: Readonly<Transform>, axes: AxisConvention): Transform {
  const p = convertPosition(t.position, axes);
  return { position: [p[0], p[1], p[2], 0], rotation: convertRotation(t.rotation, axes) };
}

/** The inverse of {@link convertPosition}: glTF (x, y, z) in `y-up` is engine (x, −z, y); `z-up` keeps the numbers. */
export function unconvertPosition(p: Readonly<Vec3 | Vec4>, axes: AxisConvention): Vec3 {
  return axes === 'y-up' ? [p[0], -p[2], p[1]] : [p[0], p[1], p[2]];
}

/** The inverse of {@link convertRotation}: the vector part turns back like a position. */
export function unconvertRotation(q: Readonly<Quat>, axes: AxisConvention): Quat {
  return axes === 'y-up' ? [q[0], -q[2], q[1], q[3]] : [q[0], q[1], q[2], q[3]];
}
