import { describe, expect, it } from 'vitest';
import {
  countDescendants,
  ANVILNEXT_RECORD_CHECKS,
  DECLARED_CHECKS,
  SCIMITAR_RECORD_CHECKS,
  CHECKS,
  MAX_OFFENDERS,
  anyFailed,
  checkById,
  counterpartName,
  hasSide,
  runChecks,
  type CheckResult,
  type CheckSubject,
} from '../../src/analysis/checks/index.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { BIPED, biped, makeSkeleton, namesOf, rotZ, transform } from './fixtures.js';

function run(id: string, subject: CheckSubject): CheckResult {
  const [result] = runChecks(subject, { only: [id] });
  return result!;
}

function offenderBones(result: CheckResult): number[] {
  return result.offenders.map((o) => o.bone);
}

const names = namesOf(BIPED);

describe('the registry', () => {
  it('lists every check once, kebab-case, with its data', () => {
    // Which checks exist is held to the hand-written list of checks-doc.test.ts (against the generated
    // docs/checks.md); here: no id twice, and the record-level checks apply to their own dialect only.
    const ids = CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CHECKS) {
      expect(check.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(check.title.length).toBeGreaterThan(0);
      expect(check.failure.length, check.id).toBeGreaterThan(0);
      expect(check.dialects.length).toBeGreaterThan(0);
    }
    for (const check of ANVILNEXT_RECORD_CHECKS) expect(check.dialects, check.id).toEqual(['anvilnext']);
    for (const check of SCIMITAR_RECORD_CHECKS) expect(check.dialects, check.id).toEqual(['scimitar']);
  });

  it('holds everything on a well-formed skeleton, with plain JSON reports', () => {
    const skeleton = biped({ ownTransform: transform([0, 0, 0]) });
    const results = runChecks({ skeleton, boneName: names });
    // Without a decoded record the record-level checks cannot run; every model-level one holds.
    const recordLevel = new Set([...ANVILNEXT_RECORD_CHECKS, ...DECLARED_CHECKS, ...SCIMITAR_RECORD_CHECKS].map((c) => c.id));
    expect(results.map((r) => [r.id, r.status])).toEqual(CHECKS.map((c) => [c.id, recordLevel.has(c.id) ? 'not-applicable' : 'held']));
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
    expect(anyFailed(results)).toBe(false);
  });

  it('runs only the checks asked for, and rejects unknown ids', () => {
    const skeleton = biped();
    expect(runChecks({ skeleton }, { only: ['stored-index', 'single-root'] }).map((r) => r.id)).toEqual(['single-root', 'stored-index']);
    expect(() => runChecks({ skeleton }, { only: ['no-such-check'] })).toThrow(/no-such-check/);
    expect(checkById('parent-order')?.confidence).toBe('Proven');
  });

  it('reports confidence by dialect and not-applicable outside a check’s dialects', () => {
    const scimitar = biped({ dialect: 'scimitar' });
    expect(run('stored-index', { skeleton: scimitar }).confidence).toBe('Proven');
    expect(run('stored-index', { skeleton: biped() }).confidence).toBe('Observed');
    expect(run('root-local-equals-own', { skeleton: scimitar }).status).toBe('not-applicable');
  });

  it('caps the offenders listed but keeps the total count', () => {
    const specs = Array.from({ length: 150 }, (_, i) => ({ parent: i - 1, local: transform([0, 0, 0.1]) }));
    const skeleton = makeSkeleton(specs);
    skeleton.bones.forEach((bone) => (bone.storedIndex += 1));
    const result = run('stored-index', { skeleton });
    expect(result.status).toBe('failed');
    expect(result.offenders).toHaveLength(MAX_OFFENDERS);
    expect(result.offenderCount).toBe(150);
  });

  it('never throws on a weird model: NaN transforms, parents out of range, cycles, missing parts', () => {
    const skeleton = biped({ ownTransform: transform([NaN, 0, 0], [NaN, 0, 0, 1]) });
    const bones = skeleton.bones;
    bones[1]!.global = { position: [NaN, NaN, NaN, NaN], rotation: [NaN, NaN, NaN, NaN] };
    bones[2]!.parent = 3; // cycle 2 → 3 → 2
    bones[4]!.parent = 99;
    bones[5]!.parent = 1.5;
    bones[6]!.mirror = -7;
    (bones[7] as unknown as { local: unknown }).local = undefined;
    const results = runChecks({
      skeleton,
      boneName: () => {
        throw new Error('resolver down');
      },
    });
    expect(results).toHaveLength(CHECKS.length);
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expect(offenderBones(byId['parent-order']!)).toEqual([2, 4, 5]);
    expect(offenderBones(byId['global-composition']!)).toContain(1);
    expect(offenderBones(byId['unit-rotations']!)).toEqual([1, 7, -1]);
    expect(byId['mirror-counterpart']!.offenders.map((o) => o.bone)).toEqual([6]);
  });
});

describe('single-root', () => {
  it('holds on one parentless bone 0', () => {
    expect(run('single-root', { skeleton: biped() }).status).toBe('held');
  });
  it('fails at a second parentless bone', () => {
    const skeleton = biped();
    skeleton.bones[4]!.parent = -1;
    const result = run('single-root', { skeleton, boneName: names });
    expect(result.status).toBe('failed');
    expect(result.offenders).toEqual([expect.objectContaining({ bone: 4, name: 'Head' })]);
  });
  it('fails when bone 0 has a parent, and on an empty skeleton', () => {
    const skeleton = biped();
    skeleton.bones[0]!.parent = 2;
    expect(offenderBones(run('single-root', { skeleton }))).toEqual([0]);
    const empty: Skeleton = { ...biped(), bones: [] };
    expect(run('single-root', { skeleton: empty })).toMatchObject({ status: 'failed', offenders: [{ bone: -1 }] });
  });
});

describe('parent-order', () => {
  it('holds when every parent comes first', () => {
    expect(run('parent-order', { skeleton: biped() }).status).toBe('held');
  });
  it('fails at a bone whose parent comes after it, at its own parent and out of range', () => {
    const skeleton = biped();
    skeleton.bones[5]!.parent = 7;
    skeleton.bones[8]!.parent = 8;
    skeleton.bones[9]!.parent = 11;
    const result = run('parent-order', { skeleton });
    expect(result.offenders).toEqual([
      expect.objectContaining({ bone: 5, expected: '< 5', actual: '7' }),
      expect.objectContaining({ bone: 8, message: 'bone 8 is its own parent' }),
      expect.objectContaining({ bone: 9, actual: '11' }),
    ]);
  });
});

describe('global-composition', () => {
  it('holds on globals worked out by hand, and fails when the rotations compose in the wrong order', () => {
    const S = Math.SQRT1_2;
    // Root turned 90° about z; bone 1 one unit along the root's x, turned 90° about x; bone 2 one
    // unit along bone 1's x. q_root · q_x = (0, 0, S, S)·(S, 0, 0, S) = (½, ½, ½, ½), the third of a
    // turn that cycles x → y → z; it takes bone 2's offset (1, 0, 0) to (0, 1, 0).
    const skeleton = makeSkeleton([
      { parent: -1, local: transform([0, 0, 0], [0, 0, S, S]) },
      { parent: 0, local: transform([1, 0, 0], [S, 0, 0, S]) },
      { parent: 1, local: transform([1, 0, 0]) },
    ]);
    skeleton.bones[1]!.global = transform([0, 1, 0], [0.5, 0.5, 0.5, 0.5]);
    skeleton.bones[2]!.global = transform([0, 2, 0], [0.5, 0.5, 0.5, 0.5]);
    expect(run('global-composition', { skeleton }).status).toBe('held');
    // q_x · q_root = (½, −½, ½, ½): the local applied first would be the wrong order.
    skeleton.bones[1]!.global = transform([0, 1, 0], [0.5, -0.5, 0.5, 0.5]);
    expect(offenderBones(run('global-composition', { skeleton }))).toContain(1);
  });
  it('holds, and treats q and −q as the same rotation', () => {
    const skeleton = biped();
    const g = skeleton.bones[5]!.global.rotation;
    skeleton.bones[5]!.global.rotation = [-g[0], -g[1], -g[2], -g[3]];
    expect(run('global-composition', { skeleton }).status).toBe('held');
  });
  it('fails at exactly the moved leaf, measuring the distance', () => {
    const skeleton = biped();
    skeleton.bones[7]!.global.position[1] += 0.01;
    const result = run('global-composition', { skeleton });
    expect(result.status).toBe('failed');
    expect(offenderBones(result)).toEqual([7]);
    expect(result.offenders[0]!.measured).toBeCloseTo(0.01, 6);
    expect(result.offenders[0]!.message).toMatch(/position by 0\.01/);
  });
  it('fails at a moved inner bone and its children, naming it as the origin', () => {
    const skeleton = biped();
    skeleton.bones[3]!.global.position[0] += 0.01;
    const result = run('global-composition', { skeleton });
    expect(offenderBones(result)).toEqual([3, 4, 9, 10]);
    expect(result.offenders[0]!.measured).toBeCloseTo(0.01, 6);
    expect(result.offenders[0]!.message).not.toMatch(/origin/);
    for (const child of result.offenders.slice(1)) expect(child.message).toMatch(/bone 3 is the likely origin/);
  });
  it('measures a rotation lane difference, and checks the root against its local', () => {
    const skeleton = biped();
    skeleton.bones[6]!.global.rotation[3] += 0.002;
    skeleton.bones[0]!.global.position[2] = 0.5;
    const result = run('global-composition', { skeleton });
    expect(offenderBones(result)).toEqual([0, 1, 6]);
    expect(result.offenders[0]!.measured).toBeCloseTo(0.5, 6);
    expect(result.offenders[2]!.measured).toBeCloseTo(0.002, 6);
  });
  it('allows errors within 1e-3', () => {
    const skeleton = biped();
    skeleton.bones[7]!.global.position[0] += 0.0009;
    expect(run('global-composition', { skeleton }).status).toBe('held');
  });
});

describe('unit-rotations', () => {
  it('fails at the bone whose rotation is not unit, measuring | ‖q‖ − 1 |', () => {
    const skeleton = biped();
    skeleton.bones[6]!.local.rotation = skeleton.bones[6]!.local.rotation.map(
      (v) => v * 1.01,
    ) as (typeof skeleton.bones)[6]['local']['rotation'];
    const result = run('unit-rotations', { skeleton });
    expect(offenderBones(result)).toEqual([6]);
    expect(result.offenders[0]!.measured).toBeCloseTo(0.01, 6);
    expect(result.offenders[0]!.message).toMatch(/^local rotation/);
  });
  it('checks the own transform as bone −1', () => {
    const skeleton = biped({ ownTransform: transform([0, 0, 1], [0, 0, 0, 0.9]) });
    const result = run('unit-rotations', { skeleton });
    expect(result.offenders).toEqual([expect.objectContaining({ bone: -1, measured: expect.closeTo(0.1, 6) })]);
  });
});

describe('position-w-zero', () => {
  it('fails at the bone whose position has w ≠ 0', () => {
    const skeleton = biped();
    skeleton.bones[2]!.global.position[3] = 1;
    const result = run('position-w-zero', { skeleton });
    expect(result.offenders).toEqual([expect.objectContaining({ bone: 2, measured: 1, actual: 'global w = 1' })]);
  });
  it('holds on w = −0', () => {
    const skeleton = biped();
    skeleton.bones[2]!.local.position[3] = -0;
    expect(run('position-w-zero', { skeleton }).status).toBe('held');
  });
});

describe('stored-index and descendant-count', () => {
  it('fail at the bone storing another index', () => {
    const skeleton = biped();
    skeleton.bones[8]!.storedIndex = 9;
    expect(run('stored-index', { skeleton }).offenders).toEqual([
      expect.objectContaining({ bone: 8, expected: '8', actual: '9', measured: 1 }),
    ]);
  });
  it('fail at the bone storing another descendant count', () => {
    const skeleton = biped();
    expect(skeleton.bones.map((b) => b.descendants)).toEqual([10, 9, 6, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(run('descendant-count', { skeleton }).status).toBe('held');
    skeleton.bones[3]!.descendants = 2;
    expect(run('descendant-count', { skeleton }).offenders).toEqual([expect.objectContaining({ bone: 3, expected: '3', actual: '2' })]);
  });
});

describe('mirror-counterpart', () => {
  it('swaps Left/Right anywhere, L_/R_ prefixes and _L/_R suffixes', () => {
    expect(counterpartName('LeftThigh')).toBe('RightThigh');
    expect(counterpartName('Arm_Right_Twist')).toBe('Arm_Left_Twist');
    expect(counterpartName('L_Hand')).toBe('R_Hand');
    expect(counterpartName('Eye_R')).toBe('Eye_L');
    expect(counterpartName('L_LeftThing_R')).toBe('R_RightThing_L');
    expect(counterpartName('Spine')).toBe('Spine');
    expect(hasSide('Spine')).toBe(false);
    expect(hasSide('Eye_L')).toBe(true);
  });
  it('holds on counterpart pairs and self-mirrors', () => {
    expect(run('mirror-counterpart', { skeleton: biped(), boneName: names }).status).toBe('held');
  });
  it('fails at a bone mirrored to a non-counterpart, and at a mirror out of range', () => {
    const skeleton = biped();
    skeleton.bones[7]!.mirror = 6;
    skeleton.bones[3]!.mirror = 4;
    skeleton.bones[9]!.mirror = 42;
    const result = run('mirror-counterpart', { skeleton, boneName: names });
    expect(result.offenders).toEqual([
      expect.objectContaining({ bone: 3, name: 'Neck', actual: 'bone 4 Head' }),
      expect.objectContaining({ bone: 7, name: 'L_Hand', expected: 'R_Hand', actual: 'bone 6 RightThigh' }),
      expect.objectContaining({ bone: 9, actual: '42' }),
    ]);
  });
  it('passes unknown names; on scimitar checks the range only', () => {
    const skeleton = biped();
    skeleton.bones[7]!.mirror = 6;
    expect(run('mirror-counterpart', { skeleton }).status).toBe('held');
    const scimitar = biped({ dialect: 'scimitar' });
    scimitar.bones[7]!.mirror = 6;
    expect(run('mirror-counterpart', { skeleton: scimitar, boneName: names }).status).toBe('held');
    scimitar.bones[7]!.mirror = 11;
    expect(offenderBones(run('mirror-counterpart', { skeleton: scimitar, boneName: names }))).toEqual([7]);
  });
});

describe('root-local-equals-own (informative)', () => {
  it('holds when the stored root local is the own transform', () => {
    const own = transform([0, 0, 0.964], rotZ(90));
    const skeleton = makeSkeleton([{ parent: -1, local: own }], { ownTransform: own });
    expect(run('root-local-equals-own', { skeleton }).status).toBe('held');
  });
  it('notes, never fails, a difference', () => {
    const skeleton = makeSkeleton([{ parent: -1, local: transform([0, 0, 0], rotZ(-90)) }], {
      ownTransform: transform([0, 0, 0], rotZ(90)),
    });
    const result = run('root-local-equals-own', { skeleton });
    expect(result.status).toBe('noted');
    expect(result.confidence).toBe('Informative');
    expect(result.offenders).toEqual([expect.objectContaining({ bone: 0, measured: expect.closeTo(Math.SQRT2, 6) })]);
    expect(anyFailed([result])).toBe(false);
  });
  it('is not applicable without an own transform', () => {
    expect(run('root-local-equals-own', { skeleton: biped() }).status).toBe('not-applicable');
  });
});

describe('countDescendants on a hostile chain', () => {
  it('counts a 100,000-bone chain in linear time (the quadratic walk took minutes)', () => {
    const n = 100_000;
    const bones = Array.from({ length: n }, (_, i) => ({ parent: i - 1 }) as unknown as Skeleton['bones'][number]);
    const counts = countDescendants(bones);
    expect(counts[0]).toBe(n - 1);
    expect(counts[n / 2]).toBe(n / 2 - 1);
    expect(counts[n - 1]).toBe(0);
  });

  it('ends on a cycle: bones on it count only the acyclic subtrees hanging from them', () => {
    // 0 → 1 → 2 → 0 is a cycle; 3 hangs from 1; 4 is a root with child 5.
    const parents = [2, 0, 1, 1, -1, 4];
    const counts = countDescendants(parents.map((parent) => ({ parent }) as unknown as Skeleton['bones'][number]));
    expect(counts).toEqual([0, 1, 0, 0, 1, 0]);
  });
});
