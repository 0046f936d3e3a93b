/**
 * The model checks in one pass over the bones, for the common case where they all hold: each bone
 * is loaded once and every per-bone fact is tested in scalars, with no offender list, closure or
 * result built. It only ever says "this check holds"; a check it cannot vouch for runs in full
 * (its own `run`), so an offender is always reported by the check itself, with its words. The
 * conditions are each check's own held test, restated on the same fields and the same tolerances
 * (test/analysis/one-pass.test.ts holds them to the checks on every sample and on broken skeletons).
 */
import { quatLanesWithin } from '../../math/quaternion.js';
import type { Skeleton } from '../../model/skeleton.js';
import { counterpartName } from '../../names/side.js';
import { COMPOSITION_TOLERANCE, POSITION_W_TOLERANCE, UNIT_LENGTH_TOLERANCE } from './tolerances.js';

/** One bit per model check that the pass can vouch for. */
export const ONE_PASS = {
  singleRoot: 1 << 0,
  parentOrder: 1 << 1,
  globalComposition: 1 << 2,
  unitRotations: 1 << 3,
  positionWZero: 1 << 4,
  storedIndex: 1 << 5,
  descendantCount: 1 << 6,
  mirrorCounterpart: 1 << 7,
} as const;

const ALL = 0xff;

const isLane4 = (v: ArrayLike<number> | undefined | null): v is ArrayLike<number> => v !== undefined && v !== null && v.length === 4;

/** | ‖q‖ − 1 | ≤ tolerance, false on NaN: unit-rotations' held test for one rotation. */
function unitLength(q: ArrayLike<number>): boolean {
  return Math.abs(Math.sqrt(q[0]! * q[0]! + q[1]! * q[1]! + q[2]! * q[2]! + q[3]! * q[3]!) - 1) <= UNIT_LENGTH_TOLERANCE;
}

/**
 * The model checks that certainly hold on `skeleton`, as ONE_PASS bits; a bit left clear means
 * "not vouched for", never "failed". `names`: the bones' names as the checks see them (index-
 * aligned, null unknown), or undefined when no name resolves; `checkMirrorNames`: whether the
 * layout's family names mirrors by their Left/Right counterpart (the anvilnext family);
 * `counterparts`: each name's counterpart when the caller has them (else they are looked up). Never throws
 * on a malformed model (a thrown error leaves every bit clear).
 */
export function modelChecksHeld(
  skeleton: Skeleton,
  names: readonly (string | null)[] | undefined,
  checkMirrorNames: boolean,
  counterparts?: readonly (string | null)[],
): number {
  try {
    return heldBits(skeleton, names, checkMirrorNames, counterparts);
  } catch {
    return 0;
  }
}

// The descendant sums, kept between passes (a pass runs to its end before another starts).
let scratch = new Int32Array(256);

function zeroedScratch(count: number): Int32Array {
  if (scratch.length < count) scratch = new Int32Array(count);
  scratch.fill(0, 0, count);
  return scratch;
}

function heldBits(
  skeleton: Skeleton,
  names: readonly (string | null)[] | undefined,
  checkMirrorNames: boolean,
  counterparts: readonly (string | null)[] | undefined,
): number {
  const bones = skeleton.bones;
  const count = bones.length;
  let held = ALL;
  if (count === 0) held &= ~ONE_PASS.singleRoot;
  // Descendants are summed from the leaves up, which needs every parent before its child: kept
  // only while parent-order holds, and compared once the pass is done.
  const descendants = zeroedScratch(count);
  for (let index = 0; index < count; index++) {
    const bone = bones[index];
    if (bone === undefined || bone === null) return 0;
    const parent: unknown = bone.parent;
    if (parent === -1) {
      if (index !== 0) held &= ~ONE_PASS.singleRoot;
    } else {
      if (index === 0) held &= ~ONE_PASS.singleRoot;
      if (typeof parent !== 'number' || !Number.isInteger(parent) || parent < 0 || parent >= index) held &= ~ONE_PASS.parentOrder;
    }
    if (bone.storedIndex !== index) held &= ~ONE_PASS.storedIndex;

    const local = bone.local;
    const global = bone.global;
    const lp = local?.position;
    const lq = local?.rotation;
    const gp = global?.position;
    const gq = global?.rotation;
    if (!isLane4(lp) || !isLane4(lq) || !isLane4(gp) || !isLane4(gq)) {
      held &= ~(ONE_PASS.globalComposition | ONE_PASS.unitRotations | ONE_PASS.positionWZero);
    } else {
      if (!unitLength(lq) || !unitLength(gq)) held &= ~ONE_PASS.unitRotations;
      if (!(Math.abs(lp[3]!) <= POSITION_W_TOLERANCE) || !(Math.abs(gp[3]!) <= POSITION_W_TOLERANCE)) held &= ~ONE_PASS.positionWZero;
      if ((held & ONE_PASS.globalComposition) !== 0 && !composes(skeleton, index, parent, lp, lq, gp, gq))
        held &= ~ONE_PASS.globalComposition;
    }

    const mirror: unknown = bone.mirror;
    if (mirror !== null && mirror !== undefined) {
      if (typeof mirror !== 'number' || !Number.isInteger(mirror) || mirror < 0 || mirror >= count) held &= ~ONE_PASS.mirrorCounterpart;
      else if (checkMirrorNames && mirror !== index && names !== undefined) {
        const name = names[index] ?? null;
        const mirrorName = names[mirror] ?? null;
        if (name !== null && mirrorName !== null && (counterparts?.[index] ?? counterpartName(name)) !== mirrorName)
          held &= ~ONE_PASS.mirrorCounterpart;
      }
    }
  }
  if ((held & ONE_PASS.parentOrder) !== 0) {
    for (let index = count - 1; index > 0; index--) {
      const parent = bones[index]!.parent;
      if (parent >= 0) descendants[parent] += descendants[index]! + 1;
    }
    for (let index = 0; index < count; index++) {
      if (bones[index]!.descendants !== descendants[index]) {
        held &= ~ONE_PASS.descendantCount;
        break;
      }
    }
  } else held &= ~ONE_PASS.descendantCount;

  const own = skeleton.ownTransform;
  if (own !== null && own !== undefined) {
    const q = own.rotation;
    if (!isLane4(q) || !unitLength(q)) held &= ~ONE_PASS.unitRotations;
    const p = own.position;
    if (p === undefined || p === null || !(p.length >= 4) || !(Math.abs(p[3]!) <= POSITION_W_TOLERANCE)) held &= ~ONE_PASS.positionWZero;
  }
  return held;
}

/**
 * global-composition's held test for one bone: the stored global within the tolerance of the
 * parent's stored global ∘ the local (a root: of its local), false on NaN or a parent that is not
 * an earlier bone of four-lane transforms.
 */
function composes(
  skeleton: Skeleton,
  index: number,
  parent: unknown,
  lp: ArrayLike<number>,
  lq: ArrayLike<number>,
  gp: ArrayLike<number>,
  gq: ArrayLike<number>,
): boolean {
  let px: number, py: number, pz: number, qx: number, qy: number, qz: number, qw: number;
  if (parent === -1) {
    px = lp[0]!;
    py = lp[1]!;
    pz = lp[2]!;
    qx = lq[0]!;
    qy = lq[1]!;
    qz = lq[2]!;
    qw = lq[3]!;
  } else {
    if (typeof parent !== 'number' || !Number.isInteger(parent) || parent < 0 || parent >= skeleton.bones.length || parent === index)
      return false;
    const of = skeleton.bones[parent]!.global;
    const ap = of?.position;
    const aq = of?.rotation;
    if (!isLane4(ap) || !isLane4(aq)) return false;
    const ax = aq[0]!,
      ay = aq[1]!,
      az = aq[2]!,
      aw = aq[3]!;
    const lx = lp[0]!,
      ly = lp[1]!,
      lz = lp[2]!;
    // p = p_parent + q_parent · p_local (t = 2 q × v; v' = v + w t + q × t)
    const tx = 2 * (ay * lz - az * ly);
    const ty = 2 * (az * lx - ax * lz);
    const tz = 2 * (ax * ly - ay * lx);
    px = ap[0]! + lx + aw * tx + (ay * tz - az * ty);
    py = ap[1]! + ly + aw * ty + (az * tx - ax * tz);
    pz = ap[2]! + lz + aw * tz + (ax * ty - ay * tx);
    // q = q_parent · q_local
    const bx = lq[0]!,
      by = lq[1]!,
      bz = lq[2]!,
      bw = lq[3]!;
    qx = aw * bx + ax * bw + ay * bz - az * by;
    qy = aw * by - ax * bz + ay * bw + az * bx;
    qz = aw * bz + ax * by - ay * bx + az * bw;
    qw = aw * bw - ax * bx - ay * by - az * bz;
  }
  const dx = px - gp[0]!;
  const dy = py - gp[1]!;
  const dz = pz - gp[2]!;
  const position = Math.sqrt(dx * dx + dy * dy + dz * dz);
  return position <= COMPOSITION_TOLERANCE && quatLanesWithin(qx, qy, qz, qw, gq[0]!, gq[1]!, gq[2]!, gq[3]!, COMPOSITION_TOLERANCE);
}
