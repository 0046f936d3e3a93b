import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSkeletonResource, isBlockingFailure } from '../../src/analysis/check-resource.js';
import { readResource, type Resource } from '../../src/formats/resource.js';

type SkeletonResource = Extract<Resource, { kind: 'Skeleton' }>;

function load(path: string): SkeletonResource {
  const resource = readResource(new Uint8Array(readFileSync(path)))!.resource;
  if (resource.kind !== 'Skeleton') throw new Error(path);
  return resource;
}

function result(resource: SkeletonResource, id: string) {
  return checkSkeletonResource(resource, undefined, { only: [id] })[0]!;
}

const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';
const SKATER = 'samples/scimitar/SWS_Skater.Skeleton';

describe('anvilnext record checks', () => {
  it('all hold on the rider sample, and none blocks', () => {
    const results = checkSkeletonResource(load(RIDER));
    for (const id of ['root-pointer-bone-0', 'null-display-reflex', 'bone-constants', 'skeleton-type-known']) {
      expect(results.find((r) => r.id === id)?.status, id).toBe('held');
    }
    expect(results.filter((r) => isBlockingFailure(r, true))).toEqual([]);
  });

  it('root pointer naming bone 2 fails at bone 2', () => {
    const rider = load(RIDER);
    if (rider.dialect !== 'anvilnext') throw new Error();
    rider.record.root = { kind: 'ref', id: rider.record.bones[2]!.id };
    const r = result(rider, 'root-pointer-bone-0');
    expect(r.status).toBe('failed');
    expect(r.confidence).toBe('Proven');
    expect(r.offenders[0]!.bone).toBe(2);
  });

  it('a BoneDisplayData reference on bone 5 and a ReflexSystem reference are both reported', () => {
    const rider = load(RIDER);
    if (rider.dialect !== 'anvilnext') throw new Error();
    rider.record.bones[5]!.displayData = { kind: 'ref', id: 1n };
    rider.record.reflexSystem = { kind: 'ref', id: 2n };
    const r = result(rider, 'null-display-reflex');
    expect(r.offenders.map((o) => o.bone)).toEqual([5, -1]);
    expect(isBlockingFailure(r, false)).toBe(false); // Observed: a warning unless --strict
    expect(isBlockingFailure(r, true)).toBe(true);
  });

  it('constant word 8 on bone 3 and float 0.5 on bone 4 are reported with the measured error', () => {
    const rider = load(RIDER);
    if (rider.dialect !== 'anvilnext') throw new Error();
    rider.record.bones[3]!.constantWord = 8;
    rider.record.bones[4]!.constantFloat = 0.5;
    const r = result(rider, 'bone-constants');
    expect(r.offenders.map((o) => [o.bone, o.actual])).toEqual([
      [3, '8'],
      [4, '0.5'],
    ]);
    expect(r.offenders[1]!.measured).toBe(0.5);
  });

  it('SkeletonType 11 fails; 14 holds', () => {
    const rider = load(RIDER);
    if (rider.dialect !== 'anvilnext') throw new Error();
    rider.record.skeletonType = 11;
    expect(result(rider, 'skeleton-type-known').status).toBe('failed');
    rider.record.skeletonType = 14;
    expect(result(rider, 'skeleton-type-known').status).toBe('held');
  });
});

describe('scimitar record checks', () => {
  it('all hold on the skater sample', () => {
    const results = checkSkeletonResource(load(SKATER));
    for (const id of ['root-reference-first-bone', 'constraint-bone-itself', 'mirror-pairs-name-bones']) {
      expect(results.find((r) => r.id === id)?.status, id).toBe('held');
    }
    expect(results.find((r) => r.id === 'bone-constants')?.status).toBe('not-applicable');
  });

  it('a constraint on bone 9 naming bone 10 fails at bone 9', () => {
    const skater = load(SKATER);
    if (skater.dialect !== 'scimitar') throw new Error();
    const holder = skater.record.bones.findIndex((b: { constraints: unknown[] }) => b.constraints.length > 0);
    skater.record.bones[holder]!.constraints[0]!.bone = { kind: 'ref', id: skater.record.bones[holder + 1]!.id };
    const r = result(skater, 'constraint-bone-itself');
    expect(r.status).toBe('failed');
    expect(r.offenders[0]!.bone).toBe(holder);
  });

  it('a mirror pair naming an unknown hash and a root naming bone 1 fail', () => {
    const skater = load(SKATER);
    if (skater.dialect !== 'scimitar') throw new Error();
    skater.record.mirrorData.pairs[0]!.boneNameB = 0x12345678;
    expect(result(skater, 'mirror-pairs-name-bones').offenders[0]!.actual).toBe('0x12345678');
    skater.record.root = { kind: 'ref', id: skater.record.bones[1]!.id };
    expect(result(skater, 'root-reference-first-bone').status).toBe('failed');
  });
});
