/**
 * The small mesh that draws a rig: an octahedron from each bone to each child (Blender's bone
 * shape: a ring a tenth of the way along, a tenth of the length wide) and a small diamond for a
 * bone that has no child far enough away to point at. Every vertex belongs wholly to one bone.
 * Works in output space: the positions given are already axis-converted.
 */
import { vec3Distance as distance, vec3Sub as sub, type Vec3 } from '../math/vector.js';

export interface BoneMeshGeometry {
  /** xyz per vertex. */
  positions: Float32Array;
  /** The one joint (bone index) each vertex is bound to. */
  joints: number[];
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  triangles: number[];
}

/** Fraction of a bone's length at which the ring sits, and its half-width. */
const RING_AT = 0.1;
const RING_HALF_WIDTH = 0.1;
/** A bone's diamond radius, as a fraction of the typical bone length. */
const DIAMOND_RADIUS = 0.1;
/**
 * Bones shorter than this fraction of the skeleton's coordinate magnitude are drawn as a diamond
 * instead: their ring would collapse in float32 and leave degenerate triangles.
 */
const MIN_LENGTH_RATIO = 1e-4;
const MIN_LENGTH_ABSOLUTE = 1e-6;

/**
 * @param points the bones' bind positions in output space, index-aligned with `parents`.
 * @param parents parent index per bone, −1 for a root.
 */
export function buildBoneMesh(points: readonly Vec3[], parents: readonly number[]): BoneMeshGeometry {
  const magnitude = points.reduce((m, p) => Math.max(m, Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2])), 0);
  const minLength = Math.max(MIN_LENGTH_RATIO * magnitude, MIN_LENGTH_ABSOLUTE);
  const lengths = parents.map((parent, child) => (parent >= 0 ? distance(points[parent]!, points[child]!) : 0));
  const usable = lengths.filter((length) => length >= minLength).sort((a, b) => a - b);
  const typical = usable.length > 0 ? usable[Math.floor(usable.length / 2)]! : boundingDiagonal(points);
  const radius = Math.max(DIAMOND_RADIUS * (typical >= minLength ? typical : 1), 10 * minLength);

  const positions: number[] = [];
  const joints: number[] = [];
  const triangles: number[] = [];
  const pointsAt = new Array<boolean>(points.length).fill(false);
  const add = (owner: number, shape: Octahedron): void => {
    const base = joints.length;
    for (const vertex of octahedronVertices(shape)) {
      positions.push(vertex[0], vertex[1], vertex[2]);
      joints.push(owner);
    }
    for (const index of OCTAHEDRON_TRIANGLES) triangles.push(base + index);
  };

  parents.forEach((parent, child) => {
    if (parent < 0 || lengths[child]! < minLength) return;
    const head = points[parent]!;
    const tail = points[child]!;
    const length = lengths[child]!;
    const axis = scale(sub(tail, head), 1 / length);
    const [u, v] = perpendiculars(axis);
    add(parent, { head, tail, centre: addScaled(head, axis, RING_AT * length), u, v, halfWidth: RING_HALF_WIDTH * length });
    pointsAt[parent] = true;
  });
  points.forEach((point, bone) => {
    if (pointsAt[bone]) return;
    add(bone, {
      head: addScaled(point, [0, 0, 1], -radius),
      tail: addScaled(point, [0, 0, 1], radius),
      centre: point,
      u: [1, 0, 0],
      v: [0, 1, 0],
      halfWidth: radius,
    });
  });
  return { positions: Float32Array.from(positions), joints, triangles };
}

/** Head and tail on the axis u × v, a ring of four points at `centre`. */
interface Octahedron {
  head: Vec3;
  tail: Vec3;
  centre: Vec3;
  u: Vec3;
  v: Vec3;
  halfWidth: number;
}

function octahedronVertices(o: Octahedron): Vec3[] {
  return [
    o.head,
    o.tail,
    addScaled(o.centre, o.u, o.halfWidth),
    addScaled(o.centre, o.v, o.halfWidth),
    addScaled(o.centre, o.u, -o.halfWidth),
    addScaled(o.centre, o.v, -o.halfWidth),
  ];
}

/** Ring i → 2 + i; (r_i, r_i+1, tail) and (r_i+1, r_i, head) face outwards when u × v points to the tail. */
const OCTAHEDRON_TRIANGLES: readonly number[] = [0, 1, 2, 3].flatMap((i) => {
  const r = 2 + i;
  const next = 2 + ((i + 1) % 4);
  return [r, next, 1, next, r, 0];
});

/** Unit u, v with u × v = axis (axis a unit vector). */
function perpendiculars(axis: Vec3): [Vec3, Vec3] {
  const abs = axis.map(Math.abs);
  const helper: Vec3 = abs[0]! <= abs[1]! && abs[0]! <= abs[2]! ? [1, 0, 0] : abs[1]! <= abs[2]! ? [0, 1, 0] : [0, 0, 1];
  const c = cross(axis, helper);
  const u = scale(c, 1 / Math.hypot(c[0], c[1], c[2]));
  return [u, cross(axis, u)];
}

function boundingDiagonal(points: readonly Vec3[]): number {
  if (points.length === 0) return 0;
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const p of points) {
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i]!, p[i]!);
      max[i] = Math.max(max[i]!, p[i]!);
    }
  }
  return distance(min, max);
}

function scale(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}
function addScaled(a: Vec3, b: Vec3, s: number): Vec3 {
  return [a[0] + b[0] * s, a[1] + b[1] * s, a[2] + b[2] * s];
}
function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
