/**
 * Declared values compared while reading (`ReadContext.unmet`): the declaration and the reader
 * generated from it note the same checks, each once, in the order first missed, on bytes assembled
 * here by hand; on the samples nothing is unmet, and a patched field is noted; and the census takes
 * the decoding's word for the declared checks only where the scan would say the same.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CensusAccumulator } from '../../src/analysis/census.js';
import { readResource } from '../../src/formats/resource.js';
import {
  compiledReaderStatus,
  counted,
  decodeAll,
  decodeFastResult,
  decodeTrackedResult,
  f32,
  field,
  pointer,
  struct,
  u32,
  type AnyCodec,
} from '../../src/grammar/index.js';
import { Bytes } from '../helpers/bytes.js';
import { loadCompiledReader } from '../helpers/compiled-module.js';

const bone = struct('Bone', {
  word: field(u32, 'Observed', '', { check: 'constants', equals: 7 }),
  float: field(f32, 'Observed', '', { check: 'constants', equals: 1 }),
  display: field(pointer({ id: u32 }), 'Observed', '', { check: 'nulls', pointer: 'null' }),
});
const skeleton = struct('Skeleton', {
  type: field(u32, 'Observed', '', { check: 'type-known', oneOf: [0, 1, 14] }),
  bones: field(counted(bone), 'Observed'),
});

/** A Skeleton of the test declaration: its type, then per bone its word, float and display pointer (null when undefined). */
function bytesOf(type: number, bones: { word: number; float: number; display?: number }[]): Uint8Array {
  const b = new Bytes().u32(type).u32(bones.length);
  for (const x of bones) {
    b.u32(x.word).f32(x.float);
    if (x.display === undefined) b.u8(3);
    else b.u8(2).u32(x.display);
  }
  return b.build();
}

const dir = mkdtempSync(join(tmpdir(), 'anvil-unmet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compiled(): Promise<AnyCodec> {
  const { source, codec } = await loadCompiledReader(skeleton, dir);
  // Each check's name once, at the module's top, however many fields and readers note it.
  expect(source.match(/"constants"/g)).toHaveLength(1);
  expect(source.match(/noteUnmet\(ctx, CHECK_\d+\)/g)).toHaveLength(4);
  expect(compiledReaderStatus(codec)).toBe('compiled');
  return codec;
}

describe('declared values compared while reading', () => {
  const cases: [string, Uint8Array, string[]][] = [
    [
      'every value as declared',
      bytesOf(14, [
        { word: 7, float: 1 },
        { word: 7, float: 1 },
      ]),
      [],
    ],
    [
      'a word of 8 on the second bone',
      bytesOf(0, [
        { word: 7, float: 1 },
        { word: 8, float: 1 },
      ]),
      ['constants'],
    ],
    ['a word and a float off: the check once', bytesOf(1, [{ word: 6, float: 0.5 }]), ['constants']],
    [
      'a type of 2, then a display reference, then a float off: in the order first missed',
      bytesOf(2, [
        { word: 7, float: 1, display: 5 },
        { word: 7, float: 2 },
      ]),
      ['type-known', 'nulls', 'constants'],
    ],
    ['no bones, a type of 14', bytesOf(14, []), []],
  ];

  it('the declaration notes the checks whose values a field misses', () => {
    for (const [what, bytes, unmet] of cases) {
      expect(decodeTrackedResult(skeleton, bytes).unmet, what).toEqual(unmet);
      expect(decodeAll(skeleton, bytes).unmet, what).toEqual(unmet);
      expect(decodeAll(skeleton, bytes, { spans: true }).unmet, what).toEqual(unmet);
    }
  });

  it('the reader generated from it notes the same', async () => {
    const codec = await compiled();
    for (const [what, bytes, unmet] of cases) {
      expect(decodeFastResult(codec, bytes).unmet, what).toEqual(unmet);
      expect(decodeFastResult(codec, bytes).value, what).toEqual(decodeTrackedResult(skeleton, bytes).value);
    }
  });
});

const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';

/** The rider sample with bone 3's constant word set to 8 (its offset from the read's spans). */
function riderWithWord8(): Uint8Array {
  const bytes = new Uint8Array(readFileSync(RIDER));
  const span = readResource(bytes, { spans: true })!.spans!.find((s) => s.path === 'bones[3].constantWord')!;
  expect(span.end - span.start).toBe(4);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(span.start, 8, true);
  return bytes;
}

describe('on the layouts', () => {
  it('nothing is unmet in the rider sample; its bone 3 with a word of 8 leaves bone-constants unmet', () => {
    expect(readResource(new Uint8Array(readFileSync(RIDER)))!.unmet).toEqual([]);
    expect(readResource(riderWithWord8())!.unmet).toEqual(['bone-constants']);
  });

  it('the census still fails bone-constants on that file, naming bone 3, and holds it on the sample', () => {
    const census = new CensusAccumulator();
    census.addFile('rider.Skeleton', new Uint8Array(readFileSync(RIDER)));
    census.addFile('patched.Skeleton', riderWithWord8());
    const tally = census.report().checks['bone-constants']!;
    expect(tally).toMatchObject({ held: 1, failed: 1 });
    expect(tally.examples).toEqual([expect.objectContaining({ file: 'patched.Skeleton', bone: 3 })]);
  });
});
