import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnvilnextReading } from '../../src/formats/anvilnext/reading.js';
import { anvilnextLayout } from '../../src/formats/anvilnext/index.js';
import { readResource, readResourceAs, writeResource, type HeaderClass, type Resource } from '../../src/formats/resource.js';
import { ParseError } from '../../src/io/errors.js';
import { allReadings, checkParseError, checkResource } from '../../scripts/fuzz/targets.js';
import { anvilnextRecord, scimitarRecord, skeletonComponent } from '../helpers/arbitraries.js';

/** Decodes with the resource's own layout and reading; the record must come back equal and re-encode identically. */
function expectRoundTrip(resource: Resource): Uint8Array {
  const bytes = writeResource(resource);
  const spec =
    resource.kind === 'Skeleton' && resource.dialect === 'anvilnext'
      ? { dialect: resource.dialect, reading: resource.reading }
      : { dialect: resource.dialect };
  const result = readResource(bytes, spec);
  expect(result?.resource.kind).toBe(resource.kind);
  expect(result!.resource.record).toEqual(resource.record);
  expect(writeResource(result!.resource)).toEqual(bytes);
  // The fuzz contract holds too (inspect path included).
  expect(checkResource(bytes, spec).outcome).toBe('decoded');
  return bytes;
}

/** Every proper prefix is refused with a well-formed ParseError, never another exception. */
function expectEveryTruncationRefused(bytes: Uint8Array, header: HeaderClass, reading?: AnvilnextReading): void {
  for (let length = 0; length < bytes.length; length++) {
    const prefix = bytes.subarray(0, length);
    let refusal: unknown = null;
    try {
      readResourceAs(prefix, header, { reading });
    } catch (error) {
      refusal = error;
    }
    if (!(refusal instanceof ParseError))
      throw new Error(
        `prefix of ${length}/${bytes.length} bytes: expected a ParseError, got ${refusal === null ? 'a decoded resource' : String(refusal)}`,
      );
    checkParseError(refusal, length);
    expect(refusal.pathSegments.length).toBeGreaterThan(0);
  }
}

describe.each(allReadings().map((r) => [anvilnextLayout.readingKey(r), r] as const))(
  'random anvilnext Skeleton records (reading %s)',
  (_key, reading) => {
    it('encode and decode to the same record, and re-encode to identical bytes', () => {
      fc.assert(
        fc.property(anvilnextRecord(reading), (record) => {
          expectRoundTrip({ kind: 'Skeleton', dialect: 'anvilnext', record, reading });
        }),
        { numRuns: 120 },
      );
    });

    it('refuse every truncation with a ParseError', () => {
      fc.assert(
        fc.property(anvilnextRecord(reading, { maxBones: 3 }), (record) => {
          const bytes = writeResource({ kind: 'Skeleton', dialect: 'anvilnext', record, reading });
          expectEveryTruncationRefused(bytes, { kind: 'Skeleton', dialect: 'anvilnext' }, reading);
        }),
        { numRuns: 12 },
      );
    });
  },
);

describe('random scimitar Skeleton records', () => {
  it('encode and decode to the same record, and re-encode to identical bytes', () => {
    fc.assert(
      fc.property(scimitarRecord(), (record) => {
        expectRoundTrip({ kind: 'Skeleton', dialect: 'scimitar', record });
      }),
      { numRuns: 200 },
    );
  });

  it('refuse every truncation with a ParseError', () => {
    fc.assert(
      fc.property(scimitarRecord({ maxBones: 3 }), (record) => {
        const bytes = writeResource({ kind: 'Skeleton', dialect: 'scimitar', record });
        expectEveryTruncationRefused(bytes, { kind: 'Skeleton', dialect: 'scimitar' });
      }),
      { numRuns: 25 },
    );
  });
});

describe('random SkeletonComponents', () => {
  it('encode and decode to the same record, and re-encode to identical bytes', () => {
    fc.assert(
      fc.property(skeletonComponent, (record) => {
        const bytes = expectRoundTrip({ kind: 'SkeletonComponent', dialect: 'anvilnext', record });
        expect(bytes.length - 12).toBe(56 + 10 * record.addons.length + 20 * record.trackDefinitions.length);
      }),
      { numRuns: 300 },
    );
  });

  it('refuse every truncation with a ParseError', () => {
    fc.assert(
      fc.property(skeletonComponent, (record) => {
        const bytes = writeResource({ kind: 'SkeletonComponent', dialect: 'anvilnext', record });
        expectEveryTruncationRefused(bytes, { kind: 'SkeletonComponent', dialect: 'anvilnext' });
      }),
      { numRuns: 40 },
    );
  });
});
