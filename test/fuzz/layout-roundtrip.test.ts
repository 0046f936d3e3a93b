/**
 * Every registered layout, under every reading: random well-formed models written through the
 * layout's own record builder read back to the same record and bytes, the model comes back, and
 * every truncation is refused with a ParseError. The registry is iterated, so a layout added later
 * is held to the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layouts } from '../../src/formats/registry.js';
import { readResourceAs, writeResource } from '../../src/formats/resource.js';
import { ParseError } from '../../src/io/errors.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { skeletonModel } from '../helpers/arbitraries.js';

const cases = layouts().flatMap((layout) =>
  layout.readings().map((reading) => [`${layout.name} ${layout.readingKey(reading) || '(no choices)'}`, layout, reading] as const),
);

describe.each(cases)('%s', (_name, layout, reading) => {
  const header = { kind: 'Skeleton' as const, dialect: layout.name };
  // The scimitar family keeps index and descendant count in a byte each.
  const models = skeletonModel(layout.name, { maxBones: layout.family === 'scimitar' ? 30 : 24 });

  it('writes a model through its record builder, and reads back the same bytes and model', () => {
    fc.assert(
      fc.property(models, (model) => {
        const bytes = writeResource({ kind: 'Skeleton', dialect: layout.name, record: layout.record(model), reading });
        const { resource } = readResourceAs(bytes, header, { reading });
        // The model's f64 transforms are stored as f32: the bytes, not the first record, are the fixed point.
        expect(writeResource(resource)).toEqual(bytes);
        const back = skeletonFromResource(resource as never);
        expect(back.bones.map((b) => [b.nameHash, b.parent, b.mirror, b.descendants])).toEqual(
          model.bones.map((b) => [b.nameHash, b.parent, b.mirror, b.descendants]),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('refuses every truncation with a ParseError', () => {
    fc.assert(
      fc.property(skeletonModel(layout.name, { maxBones: 2 }), (model) => {
        const bytes = writeResource({ kind: 'Skeleton', dialect: layout.name, record: layout.record(model), reading });
        for (let length = 0; length < bytes.length; length++) {
          expect(() => readResourceAs(bytes.subarray(0, length), header, { reading }), `${length} of ${bytes.length}`).toThrow(ParseError);
        }
      }),
      { numRuns: 6 },
    );
  });
});
