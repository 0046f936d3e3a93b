import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readScimitarBaseline } from '../../bench/baseline-scimitar.js';
import { readResourceAs } from '../../src/formats/resource.js';
import { inventoryCorpus } from '../../src/samples/inventory.js';

function librarySums(bytes: Uint8Array): { bones: number; transformSum: number } {
  const { resource } = readResourceAs(bytes, { kind: 'Skeleton', dialect: 'scimitar' });
  if (resource.kind !== 'Skeleton' || resource.dialect !== 'scimitar') throw new Error('expected a scimitar Skeleton');
  let transformSum = 0;
  for (const bone of resource.record.bones) {
    const t = bone.initialTransforms;
    for (const v of [t.globalPosition, t.globalRotation, t.localPosition, t.localRotation]) for (const lane of v) transformSum += lane;
  }
  return { bones: resource.record.bones.length, transformSum };
}

describe('the benchmark’s hand-written scimitar reader', () => {
  it('reads the bundled skater and the inventory’s first scimitar files like the library', () => {
    const files = [readFileSync('samples/scimitar/SWS_Skater.Skeleton')];
    for (const file of inventoryCorpus({ seed: 5 })) {
      if (file.path.startsWith('scimitar/')) files.push(Buffer.from(file.bytes));
      if (files.length > 40) break;
    }
    for (const bytes of files) {
      const baseline = readScimitarBaseline(bytes);
      expect({ bones: baseline.bones, transformSum: baseline.transformSum }).toEqual(librarySums(bytes));
    }
  });

  it('refuses what the library refuses', () => {
    const skater = readFileSync('samples/scimitar/SWS_Skater.Skeleton');
    expect(() => readScimitarBaseline(skater.subarray(0, skater.length - 1))).toThrow();
    expect(() => readScimitarBaseline(Buffer.concat([skater, Buffer.from([0])]))).toThrow(/the end/);
    const flipped = Buffer.from(skater);
    flipped[23]! ^= 1;
    expect(() => readScimitarBaseline(flipped)).toThrow(/class/);
  });
});
