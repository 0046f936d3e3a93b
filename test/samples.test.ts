import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checksDocs } from '../src/analysis/checks/docs.js';
import { forgeProfileDocs } from '../src/archive/profile/docs.js';
import { formatDocs } from '../src/formats/docs.js';
import { readResource } from '../src/formats/resource.js';
import { skeletonFromResource } from '../src/model/read.js';
import { sampleCorpus, sampleSkeletons } from '../src/samples/corpus.js';

describe('the bundled sample corpus', () => {
  it('matches what the writer produces (run `node dist/cli.js sample samples` after changing the rigs)', () => {
    for (const file of sampleCorpus()) {
      expect(new Uint8Array(readFileSync(`samples/${file.path}`)), file.path).toEqual(file.bytes);
    }
  });

  it('decodes to the rig models it was written from (to f32 precision)', () => {
    for (const [path, model] of Object.entries(sampleSkeletons())) {
      const resource = readResource(new Uint8Array(readFileSync(`samples/${path}`)))!.resource;
      if (resource.kind !== 'Skeleton') throw new Error(path);
      const decoded = skeletonFromResource(resource);
      expect(
        decoded.bones.map((b) => b.parent),
        path,
      ).toEqual(model.bones.map((b) => b.parent));
      expect(
        decoded.bones.map((b) => b.nameHash),
        path,
      ).toEqual(model.bones.map((b) => b.nameHash));
      expect(
        decoded.bones.map((b) => b.descendants),
        path,
      ).toEqual(model.bones.map((b) => b.descendants));
      for (const [i, b] of decoded.bones.entries()) {
        expect(b.global.position, `${path} bone ${i}`).toEqual(model.bones[i]!.global.position.map(Math.fround));
      }
    }
  });

  it("has the seed's rider and bike own transforms", () => {
    const skeletons = sampleSkeletons();
    const rider = skeletons['anvilnext/MAD_CHR_Skel_U.Skeleton']!;
    expect(rider.ownTransform!.position).toEqual([0, 0, 0.964, 0]);
    expect(rider.bones[0]!.local).toEqual(rider.ownTransform);
    const bike = skeletons['anvilnext/MAD_CHR_Skel_Bike_U.Skeleton']!;
    expect(bike.bones[0]!.local.rotation[2]).toBeCloseTo(-Math.SQRT1_2, 6);
    expect(bike.ownTransform!.rotation[2]).toBeCloseTo(Math.SQRT1_2, 6);
  });
});

describe('generated format docs', () => {
  it('are up to date (run `npm run docs`)', () => {
    for (const [path, text] of Object.entries(formatDocs((path) => readFileSync(path, 'utf8'))))
      expect(readFileSync(path, 'utf8'), path).toBe(text);
    for (const [path, text] of Object.entries(forgeProfileDocs())) expect(readFileSync(path, 'utf8'), path).toBe(text);
    for (const [path, text] of Object.entries(checksDocs())) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  it("show each archive profile's framing from its declaration", () => {
    const docs = forgeProfileDocs();
    expect(Object.keys(docs).sort()).toEqual(
      ['ac1', 'ac2', 'ac3', 'origins-odyssey', 'steep', 'unity', 'wildlands'].map((p) => `docs/archive-${p}.md`),
    );
    // The v27 data header's fields at +28, +32 and +36; AC Unity's u32 block count; Steep's method 5.
    expect(docs['docs/archive-unity.md']).toMatch(/\| 0x1C \| 4 \| i32 \| maxEntriesPerBlock \|/);
    expect(docs['docs/archive-unity.md']).toMatch(/\| 0x20 \| 4 \| i32 \| indexBlockCount \|/);
    expect(docs['docs/archive-unity.md']).toContain("| a set's block count | u32 |");
    expect(docs['docs/archive-steep.md']).toContain('| 5 | Zstandard |');
    // Versions 25 and 26: the FILEDATA header and its size at +395.
    expect(docs['docs/archive-ac1.md']).toMatch(/\| 0x18B \| 4 \| i32 \| rawSize \|/);
  });

  it("show the seed's scimitar offsets", () => {
    const doc = formatDocs((path) => readFileSync(path, 'utf8'))['docs/format-scimitar.md']!;
    expect(doc).toContain('| 0xD | variable | u32 count, then Bone × count | bones |');
    expect(doc).toContain('| 0xE | 1 or 5 |');
    expect(doc).toMatch(/\| 0x9 \| 4 \| u32 \| unknown0 \| Unknown \|/);
  });
});
