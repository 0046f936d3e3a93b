import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANVILNEXT_READING_DEFAULTS } from '../../src/formats/anvilnext/reading.js';
import type { Dialect } from '../../src/formats/dialect.js';
import { readResource, writeResource, type Resource } from '../../src/formats/resource.js';
import type { Transform } from '../../src/math/transform.js';
import { anvilnextRecordFromSkeleton, scimitarRecordFromSkeleton } from '../../src/model/from-records.js';
import { skeletonFromResource } from '../../src/model/read.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { skeletonModel } from '../helpers/arbitraries.js';

const RUNS = 150;

function resourceOf(skeleton: Skeleton): Resource {
  return skeleton.dialect === 'anvilnext'
    ? { kind: 'Skeleton', dialect: 'anvilnext', record: anvilnextRecordFromSkeleton(skeleton), reading: ANVILNEXT_READING_DEFAULTS }
    : { kind: 'Skeleton', dialect: 'scimitar', record: scimitarRecordFromSkeleton(skeleton) };
}

const stored = (t: Transform): Transform => ({
  position: t.position.map(Math.fround) as Transform['position'],
  rotation: t.rotation.map(Math.fround) as Transform['rotation'],
});

/** What a model looks like after a trip through its layout's bytes: transforms rounded to f32. */
function expectedAfterTrip(model: Skeleton): Skeleton {
  return {
    ...model,
    ownTransform: model.ownTransform ? stored(model.ownTransform) : null,
    bones: model.bones.map((b) => ({ ...b, global: stored(b.global), local: stored(b.local) })),
  };
}

function decode(bytes: Uint8Array): { skeleton: Skeleton; resource: Resource } {
  const result = readResource(bytes);
  if (result?.resource.kind !== 'Skeleton') throw new Error('not decoded as a Skeleton');
  return { skeleton: skeletonFromResource(result.resource), resource: result.resource };
}

describe.each<Dialect>(['anvilnext', 'scimitar'])('random well-formed %s skeletons', (dialect) => {
  it('encode, decode to the same model, and re-encode to identical bytes', () => {
    fc.assert(
      fc.property(skeletonModel(dialect), (model) => {
        const bytes = writeResource(resourceOf(model));
        const { skeleton, resource } = decode(bytes);
        expect(resource.dialect).toBe(dialect);
        const expected = expectedAfterTrip(model);
        expect(skeleton.id).toBe(expected.id);
        expect(skeleton.skeletonType).toBe(expected.skeletonType);
        expect(skeleton.ownTransform).toEqual(expected.ownTransform);
        expect(skeleton.bones.map((b) => b.parent)).toEqual(expected.bones.map((b) => b.parent));
        expect(skeleton.bones.map((b) => b.nameHash)).toEqual(expected.bones.map((b) => b.nameHash));
        expect(skeleton.bones.map((b) => b.id)).toEqual(expected.bones.map((b) => b.id));
        expect(skeleton.bones.map((b) => b.descendants)).toEqual(expected.bones.map((b) => b.descendants));
        expect(skeleton.bones.map((b) => b.storedIndex)).toEqual(expected.bones.map((b) => b.index));
        expect(skeleton.bones.map((b) => b.mirror)).toEqual(expected.bones.map((b) => b.mirror));
        expect(skeleton.bones.map((b) => b.global)).toEqual(expected.bones.map((b) => b.global));
        expect(skeleton.bones.map((b) => b.local)).toEqual(expected.bones.map((b) => b.local));
        expect(skeleton).toEqual(expected);
        // The decoded resource re-encodes to the same bytes, and so does the decoded model.
        expect(writeResource(resource)).toEqual(bytes);
        expect(writeResource(resourceOf(skeleton))).toEqual(bytes);
      }),
      { numRuns: RUNS },
    );
  });
});
