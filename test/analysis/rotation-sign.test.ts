/**
 * q and −q are the same rotation: every place that compares rotations must accept the negated
 * quaternion and still refuse a different rotation. The models are written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { storedRootLocalEqualsOwn } from '../../src/analysis/census.js';
import { runChecks } from '../../src/analysis/checks/index.js';
import { createPoseMatcher } from '../../src/analysis/pose-match.js';
import type { AnvilnextSkeleton } from '../../src/formats/anvilnext/skeleton.js';
import type { Quat, Vec4 } from '../../src/math/vector.js';
import type { Skeleton } from '../../src/model/skeleton.js';

const S = Math.SQRT1_2;
const QUARTER_Z: Quat = [0, 0, S, S]; // 90° about z: (0, 0, sin 45°, cos 45°)
const MINUS_QUARTER_Z: Quat = [0, 0, -S, -S];
const IDENTITY: Quat = [0, 0, 0, 1];

/**
 * Root at the origin with no turn; bone 1 one unit along x, turned 90° about z. The parent is the
 * identity, so bone 1's global equals its local; it is stored as `globalRotation`.
 */
function twoBones(globalRotation: Quat, ownRotation: Quat | null = null): Skeleton {
  const bone = (index: number, parent: number, position: Vec4, local: Quat, global: Quat) => ({
    index,
    id: BigInt(10 + index),
    nameHash: 100 + index,
    parent,
    mirror: index,
    local: { position: [...position] as Vec4, rotation: [...local] as Quat },
    global: { position: [...position] as Vec4, rotation: [...global] as Quat },
    descendants: index === 0 ? 1 : 0,
    storedIndex: index,
  });
  return {
    dialect: 'anvilnext',
    id: 1n,
    skeletonType: 0,
    ownTransform: ownRotation === null ? null : { position: [0, 0, 0, 0], rotation: [...ownRotation] },
    bones: [bone(0, -1, [0, 0, 0, 0], IDENTITY, IDENTITY), bone(1, 0, [1, 0, 0, 0], QUARTER_Z, globalRotation)],
  };
}

const status = (skeleton: Skeleton, id: string) => runChecks({ skeleton }, { only: [id] })[0]!.status;

describe('rotation comparisons treat q and −q as equal', () => {
  it('global-composition: a global stored as −q holds; a global without the turn fails', () => {
    expect(status(twoBones(QUARTER_Z), 'global-composition')).toBe('held');
    expect(status(twoBones(MINUS_QUARTER_Z), 'global-composition')).toBe('held');
    expect(status(twoBones(IDENTITY), 'global-composition')).toBe('failed');
  });

  it('root-local-equals-own: an own rotation of −(root local) holds', () => {
    expect(status(twoBones(QUARTER_Z, [0, 0, 0, -1]), 'root-local-equals-own')).toBe('held');
    expect(status(twoBones(QUARTER_Z, QUARTER_Z), 'root-local-equals-own')).toBe('noted');
  });

  it('census tally: a stored root local of −(own rotation) counts as equal', () => {
    const record = (local: Quat, own: Quat) =>
      ({
        bones: [{ localPosition: [1, 2, 3, 0], localRotation: local }],
        ownPosition: [1, 2, 3, 0],
        ownRotation: own,
      }) as unknown as AnvilnextSkeleton;
    expect(storedRootLocalEqualsOwn(record(QUARTER_Z, QUARTER_Z))).toBe(true);
    expect(storedRootLocalEqualsOwn(record(MINUS_QUARTER_Z, QUARTER_Z))).toBe(true);
    expect(storedRootLocalEqualsOwn(record(IDENTITY, QUARTER_Z))).toBe(false);
    // a sign flip of only some lanes is another rotation
    expect(storedRootLocalEqualsOwn(record([0, 0, S, -S], QUARTER_Z))).toBe(false);
  });

  it('pose matching: a runtime record holding −q matches the stored local', () => {
    const matcher = createPoseMatcher(twoBones(QUARTER_Z))!;
    // Two 48-byte records: position (x, y, z, 0), rotation xyzw, scale (1, 1, 1, 0).
    const dump = (rotation: Quat) => new Float32Array([0, 0, 0, 0, ...IDENTITY, 1, 1, 1, 0, 1, 0, 0, 0, ...rotation, 1, 1, 1, 0]);
    const verify = (rotation: Quat) => {
      const f32 = dump(rotation);
      return matcher.verify(new Uint32Array(f32.buffer), f32, 0);
    };
    expect(verify(QUARTER_Z)).toMatchObject({ root: 'stored', matched: 2 });
    expect(verify(MINUS_QUARTER_Z)).toMatchObject({ root: 'stored', matched: 2 });
    expect(verify(IDENTITY)).toBeNull();
  });
});
