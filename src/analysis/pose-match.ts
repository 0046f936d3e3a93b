/**
 * Recognising one skeleton's runtime pose array at a given word of a memory view.
 *
 * Pre-filter: the runtime writes every record's scale lanes exactly (1, 1, 1, 0); those words carry
 * no skeleton data, so an exact-bit match on them loses no array whose transforms differ within
 * tolerance. Position and rotation lanes are then compared with a per-lane tolerance (q ≡ −q), so
 * an engine that recomputes a local in f32 (e.g. the composed root) is still recognised. An exact
 * search for a position or rotation lane would miss such arrays; this one would only miss a
 * runtime whose scale is not exactly (1, 1, 1, 0) (the fourth lane may be +0 or −0).
 *
 * Sampling: the array's 1.0f scale words sit at word offsets S = {12r + 8, 12r + 9, 12r + 10}.
 * With a stride s such that S covers every residue mod s, every possible start a has a first
 * lattice point g = a + e (g ≡ 0 mod s, e ∈ S) that must hold 1.0f; so a scan reads one word in s
 * and, on a 1.0f, verifies the s starts g − e (one per residue, each start exactly once).
 */
import { quatLaneDifferenceOf } from '../math/quaternion.js';
import { composeTransforms, type Transform } from '../math/transform.js';
import type { Skeleton } from '../model/skeleton.js';
import { POSE_LANE_TOLERANCE } from './checks/tolerances.js';
import { POSE_RECORD_BYTES } from './pose-array.js';
import { cloneTransform } from './runtime-pose.js';

/** How the root record (bone 0) relates to the skeleton's transforms. */
export type PoseRootKind = 'replace' | 'compose' | 'stored' | 'unknown';
/** Every {@link PoseRootKind}, in the order a root record is tested against them. */
export const POSE_ROOT_KINDS: readonly PoseRootKind[] = ['replace', 'compose', 'stored', 'unknown'];

/** f32 bit pattern of 1.0. */
export const F32_ONE_BITS = 0x3f800000;
const RECORD_WORDS = POSE_RECORD_BYTES / 4;
/** Records whose scale words define the sampling lattice: the stride grows to about 3 × this. */
const LATTICE_RECORDS = 64;

export interface RecordsMatch {
  /** The first kind the root record equals, or `unknown`. */
  root: PoseRootKind;
  /** Every kind the root record equals, in order (replace and stored both, when own = stored root local). */
  rootKinds: PoseRootKind[];
  /** Bones whose record equals its expected local (bones 1..n−1, plus the root unless `unknown`). */
  matched: number;
  /** Largest lane error over the matched records. */
  maxError: number;
}

export interface PoseMatcher {
  bones: number;
  /** Length of the pose array in bytes. */
  byteLength: number;
  /** Sampling stride in words. */
  stride: number;
  /** For a 1.0f at lattice word g, the candidate starts are g − e for each e here (one per residue). */
  latticeOffsets: Int32Array;
  minOffset: number;
  maxOffset: number;
  /** Verifies the array starting at `word` of the views (all its words must be inside them). */
  verify(u32: Uint32Array, f32: Float32Array, word: number): RecordsMatch | null;
}

interface RootForm {
  kind: PoseRootKind;
  lanes: Float64Array;
}

/** The lanes of a record as expected in the dump: f32-rounded, fourth position lane 0. */
function recordLanes(t: Transform, out: Float64Array, at: number): void {
  const lanes = [t.position[0], t.position[1], t.position[2], 0, t.rotation[0], t.rotation[1], t.rotation[2], t.rotation[3]];
  for (let i = 0; i < 8; i++) out[at + i] = Math.fround(lanes[i]!);
}

/** Largest lane error of the record at `word` against 8 expected lanes; NaN when any lane is NaN. */
function recordError(f32: Float32Array, word: number, lanes: Float64Array, at: number): number {
  let position = 0;
  for (let i = 0; i < 4; i++) {
    position = Math.max(position, Math.abs(f32[word + i]! - lanes[at + i]!)); // NaN propagates
  }
  const rotation = quatLaneDifferenceOf(
    f32[word + 4]!,
    f32[word + 5]!,
    f32[word + 6]!,
    f32[word + 7]!,
    lanes[at + 4]!,
    lanes[at + 5]!,
    lanes[at + 6]!,
    lanes[at + 7]!,
  );
  return Math.max(position, rotation);
}

/** Null for a skeleton without bones (there is no array to find). */
export function createPoseMatcher(skeleton: Skeleton, tolerance = POSE_LANE_TOLERANCE): PoseMatcher | null {
  const bones = skeleton.bones;
  const count = bones.length;
  if (count === 0) return null;
  const expected = new Float64Array(count * 8);
  for (let bone = 1; bone < count; bone++) recordLanes(bones[bone]!.local, expected, bone * 8);
  const forms = rootForms(skeleton);
  const lattice = samplingLattice(Math.min(count, LATTICE_RECORDS));

  const verify = (u32: Uint32Array, f32: Float32Array, word: number): RecordsMatch | null => {
    for (let bone = 0, w = word + 8; bone < count; bone++, w += RECORD_WORDS) {
      if (u32[w] !== F32_ONE_BITS || u32[w + 1] !== F32_ONE_BITS || u32[w + 2] !== F32_ONE_BITS || u32[w + 3]! << 1 !== 0) return null;
    }
    let maxError = 0;
    for (let bone = 1; bone < count; bone++) {
      const error = recordError(f32, word + bone * RECORD_WORDS, expected, bone * 8);
      if (!(error <= tolerance)) return null;
      if (error > maxError) maxError = error;
    }
    const rootKinds: PoseRootKind[] = [];
    let rootError = NaN;
    for (const form of forms) {
      const error = recordError(f32, word, form.lanes, 0);
      if (error <= tolerance) {
        if (rootKinds.length === 0) rootError = error;
        rootKinds.push(form.kind);
      }
    }
    if (rootKinds.length === 0 && count === 1) return null; // a one-bone array is only its root record
    if (rootKinds.length > 0 && rootError > maxError) maxError = rootError;
    return { root: rootKinds[0] ?? 'unknown', rootKinds, matched: count - 1 + (rootKinds.length > 0 ? 1 : 0), maxError };
  };

  return {
    bones: count,
    byteLength: count * POSE_RECORD_BYTES,
    stride: lattice.stride,
    latticeOffsets: lattice.offsets,
    minOffset: Math.min(...lattice.offsets),
    maxOffset: Math.max(...lattice.offsets),
    verify,
  };
}

/** The forms the root record may take: own transform, own ∘ stored root local, stored root local. */
function rootForms(skeleton: Skeleton): RootForm[] {
  const root = skeleton.bones[0]!;
  const own = skeleton.ownTransform;
  const forms: [PoseRootKind, Transform][] =
    own === null
      ? [['stored', root.local]]
      : [
          ['replace', own],
          ['compose', composeTransforms(own, root.local)],
          ['stored', root.local],
        ];
  return forms.map(([kind, transform]) => {
    const lanes = new Float64Array(8);
    recordLanes(cloneTransform(transform), lanes, 0);
    return { kind, lanes };
  });
}

/**
 * The largest stride s ≤ 3 · records for which the scale words of `records` records cover every
 * residue mod s, and for each residue the smallest such word offset. s = 3 always works.
 */
export function samplingLattice(records: number): { stride: number; offsets: Int32Array } {
  const scaleWords: number[] = [];
  for (let r = 0; r < records; r++) scaleWords.push(r * RECORD_WORDS + 8, r * RECORD_WORDS + 9, r * RECORD_WORDS + 10);
  for (let stride = 3 * records; stride >= 3; stride--) {
    const offsets = new Int32Array(stride).fill(-1);
    let covered = 0;
    for (const e of scaleWords) {
      const residue = (stride - (e % stride)) % stride; // starts a with a + e ≡ 0 (mod stride)
      if (offsets[residue] === -1) {
        offsets[residue] = e;
        covered++;
      }
    }
    if (covered === stride) return { stride, offsets };
  }
  throw new Error('unreachable: stride 3 always covers');
}
