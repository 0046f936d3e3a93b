/**
 * Writing refuses what cannot be read back: values a field cannot hold and references to bones
 * that are not in the skeleton being written, with the field path, the output offset, and what
 * was expected and given. Offsets are worked out from the seed's layouts (comments give the sum).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readResource, writeResource, type Resource } from '../../src/formats/resource.js';
import { ANVILNEXT_READING_DEFAULTS, type AnvilnextSkeleton } from '../../src/formats/anvilnext/index.js';
import type { ScimitarSkeleton } from '../../src/formats/scimitar/index.js';
import { counted, decodeAll, encodeAll, f32, field, struct, u16, u32, u64, u8, vec4, type AnyCodec } from '../../src/grammar/index.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { EncodeError, ParseError } from '../../src/io/errors.js';
import {
  anvilnextRecordFromSkeleton,
  scimitarRecordFromSkeleton,
  skeletonFromAnvilnext,
  skeletonFromScimitar,
} from '../../src/model/index.js';
import { f32FromBits, isSignallingNaN } from '../helpers/arbitraries.js';

/** The EncodeError `run` throws; fails the test when it returns or throws anything else. */
function encodeRefusal(run: () => unknown): EncodeError {
  try {
    run();
  } catch (e) {
    if (e instanceof EncodeError) return e;
    throw e;
  }
  throw new Error('expected an EncodeError');
}

function refusalOf(e: EncodeError): { offset: number; path: string; expected: string; actual: string } {
  return { offset: e.offset, path: e.path, expected: e.expected, actual: e.actual };
}

function sample(path: string): Resource {
  return readResource(new Uint8Array(readFileSync(`samples/${path}`)))!.resource;
}

/** SWS_Skater, decoded afresh: 23 bones, bone 0 the root, constraints on bones 5, 9 and 13 only. */
function skater(): { resource: Resource; record: ScimitarSkeleton } {
  const resource = sample('scimitar/SWS_Skater.Skeleton');
  if (resource.kind !== 'Skeleton' || resource.dialect !== 'scimitar') throw new Error('not a scimitar Skeleton');
  return { resource, record: resource.record };
}

/** MAD_CHR_Skel_U, decoded afresh: 31 bones, no bone words, every display pointer null. */
function rider(): { resource: Resource; record: AnvilnextSkeleton } {
  const resource = sample('anvilnext/MAD_CHR_Skel_U.Skeleton');
  if (resource.kind !== 'Skeleton' || resource.dialect !== 'anvilnext') throw new Error('not an anvilnext Skeleton');
  return { resource, record: resource.record };
}

// scimitar: the Skeleton's managed u8, id, class, unknown0 and bone count take 17 bytes, so
// bones[0] starts at 17. A Bone is tag, managed, id, class, name hash (14 bytes), the parent
// (1 byte null, 5 bytes a reference), BoneInitialTransforms (73), a u32 constraint count,
// then index and descendants: 94 bytes for the root, 98 for a bone with a parent and no
// constraints. So bones[1] starts at 111, bones[k] (1 ≤ k ≤ 5) at 111 + 98 (k − 1).

// anvilnext: id, class, managed, skeleton type and bone count take 21 bytes. A Bone is tag, id,
// class, name hash (17), parent and mirror (1 or 9 each), display data (1, null here), four vec4
// (64), a u8, a u32, two empty counted arrays (8) and three u32 (12): 117 bytes for the root
// (null parent), 125 for the others. So bones[k] (k ≥ 1) starts at 138 + 125 (k − 1).

describe('the samples, as the layouts above assume', () => {
  it('have the shapes the hand-worked offsets rely on', () => {
    const s = skater().record;
    expect(s.bones.length).toBe(23);
    expect(s.bones[0]!.parent.kind).toBe('null');
    expect(s.bones.map((b) => b.constraints!.length)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(s.bones.slice(1).every((b) => b.parent.kind === 'ref')).toBe(true);
    const a = rider().record;
    expect(a.bones.length).toBe(31);
    expect(a.bones[0]!.parent.kind).toBe('null');
    expect(a.bones.slice(1).every((b) => b.parent.kind === 'ref')).toBe(true);
    expect(a.bones.every((b) => b.mirror.kind === 'ref' && b.displayData!.kind === 'null' && b.words!.length === 0)).toBe(true);
  });

  it('write back to their own bytes (nothing valid is refused)', () => {
    for (const path of [
      'scimitar/SWS_Skater.Skeleton',
      'anvilnext/MAD_CHR_Skel_U.Skeleton',
      'anvilnext/MAD_CHR_Skel_Bike_U.Skeleton',
      'anvilnext/MAD_CHR_Rider.SkeletonComponent',
    ]) {
      expect(writeResource(sample(path)), path).toEqual(new Uint8Array(readFileSync(`samples/${path}`)));
    }
  });
});

describe('integer fields', () => {
  it('refuse 300 in a u8, with the offset, path and message a ParseError would give', () => {
    const { resource, record } = skater();
    record.bones[0]!.index = 300;
    const e = encodeRefusal(() => writeResource(resource));
    // bones[0] at 17; index after 14 bytes, the 1-byte null parent, 73 bytes of transforms and the
    // 4-byte constraint count: 17 + 92 = 109.
    expect(refusalOf(e)).toEqual({ offset: 109, path: 'bones[0].index', expected: 'an integer 0..255', actual: '300 (0x12C)' });
    expect(e.message).toBe('offset 0x6D (109): bones[0].index: expected an integer 0..255, got 300 (0x12C)');
    expect(e.name).toBe('EncodeError');
    expect(e.pathSegments).toEqual(['bones', 0, 'index']);
    expect(e).not.toBeInstanceOf(ParseError);
    expect(e.toJSON()).toEqual({ ...refusalOf(e), message: e.message });
  });

  it('refuse −1 in a u8', () => {
    const { resource, record } = skater();
    record.bones[0]!.descendants = -1;
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 110,
      path: 'bones[0].descendants',
      expected: 'an integer 0..255',
      actual: '-1',
    });
  });

  it('refuse 1.5 in a u32', () => {
    const { resource, record } = skater();
    record.bones[1]!.id = 1.5;
    // bones[1] at 111, its id after tag and managed: 113.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 113,
      path: 'bones[1].id',
      expected: 'an integer 0..4294967295',
      actual: '1.5',
    });
  });

  it('refuse NaN in a u32', () => {
    const { resource, record } = skater();
    record.bones[2]!.nameHash = NaN;
    // bones[2] at 111 + 98 = 209, its name hash at +10.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 219,
      path: 'bones[2].nameHash',
      expected: 'an integer 0..4294967295',
      actual: 'NaN',
    });
  });

  it('refuse a u64 id out of range or given as a number', () => {
    const first = rider();
    first.record.bones[0]!.id = -1n;
    // bones[0] at 21, its id after the tag.
    expect(refusalOf(encodeRefusal(() => writeResource(first.resource)))).toEqual({
      offset: 22,
      path: 'bones[0].id',
      expected: 'a bigint 0..18446744073709551615',
      actual: '-1',
    });
    const second = rider();
    second.record.bones[0]!.id = 2n ** 64n;
    expect(encodeRefusal(() => writeResource(second.resource)).actual).toBe('18446744073709551616 (0x10000000000000000)');
    const third = rider();
    (third.record.bones[0] as { id: unknown }).id = 5;
    expect(encodeRefusal(() => writeResource(third.resource)).actual).toBe('the number 5 (0x5)');
  });
});

describe('f32 fields', () => {
  it('refuse a finite value that overflows to Infinity', () => {
    const { resource, record } = skater();
    record.bones[5]!.constraints![0]!.targets[0]!.weight = 1e40;
    // bones[5] at 111 + 4 × 98 = 503; its constraint at +92 + 4 = +96; the constraint's targets at
    // +15 + 4 = +19; the target's weight after tag, id, class and a 5-byte reference: +14.
    // 503 + 96 + 19 + 14 = 632.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 632,
      path: 'bones[5].constraints[0].targets[0].weight',
      expected: 'a finite value within the f32 range (±3.4028234663852886e+38 after rounding)',
      actual: '1e+40',
    });
  });

  it('refuse a vec4 lane that overflows, naming the lane', () => {
    const { resource, record } = rider();
    record.bones[3]!.localPosition[1] = 1e40;
    // bones[3] at 138 + 250 = 388; localPosition after 17 bytes, two 9-byte references, the 1-byte
    // null display pointer and two vec4: +68; lane 1 at +4. 388 + 72 = 460.
    const e = encodeRefusal(() => writeResource(resource));
    expect(refusalOf(e)).toEqual({
      offset: 460,
      path: 'bones[3].localPosition[1]',
      expected: 'a finite value within the f32 range (±3.4028234663852886e+38 after rounding)',
      actual: '1e+40',
    });
    expect(e.message).toBe(
      'offset 0x1CC (460): bones[3].localPosition[1]: expected a finite value within the f32 range (±3.4028234663852886e+38 after rounding), got 1e+40',
    );
  });

  it('take the largest value that rounds to the largest f32 and refuse the halfway point above it', () => {
    const halfway = 2 ** 128 - 2 ** 103;
    const below = 3.4028235677973362e38; // the double just under halfway
    expect(decodeAll(f32, encodeAll(f32, below)).value).toBe(3.4028234663852886e38);
    expect(decodeAll(f32, encodeAll(f32, -below)).value).toBe(-3.4028234663852886e38);
    expect(refusalOf(encodeRefusal(() => encodeAll(f32, halfway)))).toEqual({
      offset: 0,
      path: '(root)',
      expected: 'a finite value within the f32 range (±3.4028234663852886e+38 after rounding)',
      actual: '3.4028235677973366e+38',
    });
    expect(encodeRefusal(() => encodeAll(f32, -Number.MAX_VALUE)).actual).toBe('-1.7976931348623157e+308');
  });

  it('take NaN and ±Infinity given as such, NaN payloads bit for bit', () => {
    for (const bits of [0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0xffff1eb8, 0x7fffffff]) {
      const bytes = encodeAll(f32, f32FromBits(bits));
      expect(new DataView(bytes.buffer).getUint32(0, true), bits.toString(16)).toBe(bits);
    }
  });

  it('refuse anything that is not a number', () => {
    expect(refusalOf(encodeRefusal(() => encodeAll(f32, '1' as unknown as number)))).toEqual({
      offset: 0,
      path: '(root)',
      expected: 'a number',
      actual: 'the string "1"',
    });
  });
});

describe('fixed-size values and arrays', () => {
  it('refuse a vec4 of three numbers', () => {
    const { resource, record } = skater();
    (record.bones[3]!.initialTransforms as { localPosition: number[] }).localPosition = [0, 0, 0];
    // bones[3] at 111 + 196 = 307; its transforms at +19 = 326; their localPosition after tag,
    // id, class and two vec4: +41. 326 + 41 = 367.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 367,
      path: 'bones[3].initialTransforms.localPosition',
      expected: '4 numbers (f32 × 4)',
      actual: 'an array of 3',
    });
  });

  it('refuse a non-empty array the layout knows only as empty', () => {
    const { resource, record } = rider();
    (record.bones[0] as { modifiers: unknown[] }).modifiers = [{}];
    // bones[0] at 21; modifiers after 17 bytes, null parent (1), mirror (9), display (1), four
    // vec4 (64), a u8 and a u32 (5): +97. 21 + 97 = 118.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 118,
      path: 'bones[0].modifiers',
      expected: 'an empty BoneModifier array (count 0)',
      actual: 'count 1 (0x1)',
    });
  });

  it('refuse raw bytes of the wrong length', () => {
    const resource = sample('anvilnext/MAD_CHR_Rider.SkeletonComponent');
    if (resource.kind !== 'SkeletonComponent') throw new Error('not a SkeletonComponent');
    resource.record.base = new Uint8Array(3);
    // The four base bytes follow the u64 id and the class: offset 12.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 12,
      path: 'base',
      expected: '4 raw bytes',
      actual: '3 bytes',
    });
  });

  it('refuse an empty byte buffer where length 0 reads back as absent', () => {
    const { resource, record } = rider();
    expect([record.reflexConstraints?.length, record.trailingWords!.length]).toEqual([8, 3]);
    record.reflexConstraints = new Uint8Array(0);
    // The file is 4095 bytes; it ends with the trailing words (a count and three u32: 16 bytes),
    // before them the reflex buffer (a length and 8 bytes: 12). 4095 − 16 − 12 = 4067.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 4067,
      path: 'reflexConstraints',
      expected: 'null (absent) or at least one byte (length 0 reads as absent)',
      actual: '0 bytes',
    });
  });

  it('refuse a pointer kind the field cannot hold', () => {
    const { resource, record } = rider();
    (record.bones[0] as { displayData: unknown }).displayData = { kind: 'inline', value: {} };
    // bones[0] at 21; display data after 17 bytes, null parent (1) and mirror (9): +27 = 48.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 48,
      path: 'bones[0].displayData',
      expected: 'a pointer of kind null or ref',
      actual: 'kind "inline"',
    });
  });
});

describe('references', () => {
  it('refuse an anvilnext mirror that names a removed bone, at the end of the bones', () => {
    const { resource, record } = rider();
    // Bone 30 is a leaf, the last bone, and bone 26's mirror.
    expect(record.bones[26]!.mirror).toEqual({ kind: 'ref', id: record.bones[30]!.id });
    record.bones.splice(30, 1);
    // bones[26] at 138 + 25 × 125 = 3263; its mirror after 17 bytes and the 9-byte parent: +26;
    // the id after the tag: 3263 + 27 = 3290.
    const e = encodeRefusal(() => writeResource(resource));
    expect(refusalOf(e)).toEqual({
      offset: 3290,
      path: 'bones[26].mirror',
      expected: 'the id of a bone of this skeleton',
      actual: 'id 4188066178477916191 (0x3A1F00000001001F), which names no bone',
    });
    expect(e.message).toBe(
      'offset 0xCDA (3290): bones[26].mirror: expected the id of a bone of this skeleton, got id 4188066178477916191 (0x3A1F00000001001F), which names no bone',
    );
  });

  it('refuse a model whose mirror names a bone removed from it, through its record', () => {
    const model = skeletonFromAnvilnext(rider().record);
    expect(model.bones[26]!.mirror).toBe(30);
    model.bones.splice(30, 1);
    // The record's mirror pointer has no id for bone 30 to carry; same layout, same offset as above.
    const record = anvilnextRecordFromSkeleton(model);
    expect(
      refusalOf(
        encodeRefusal(() => writeResource({ kind: 'Skeleton', dialect: 'anvilnext', record, reading: ANVILNEXT_READING_DEFAULTS })),
      ),
    ).toEqual({
      offset: 3290,
      path: 'bones[26].mirror',
      expected: 'a bigint 0..18446744073709551615',
      actual: 'undefined',
    });
  });

  it('refuse a scimitar model whose mirror names a bone removed from it, at the mirror pair', () => {
    const model = skeletonFromScimitar(skater().record);
    expect(model.bones.map((b) => b.mirror).slice(7)).toEqual([11, 12, 13, 14, 7, 8, 9, 10, 19, 20, 21, 22, 15, 16, 17, 18]);
    model.bones.splice(22, 1);
    const record = scimitarRecordFromSkeleton(model);
    // Pairs come from bones 7, 8, 9, 10, 15, 16, 17 and 18, so bone 18's is pairs[7]. The record has
    // no constraints, so its 22 bones end at 17 + 94 + 21 × 98 = 2169; then the root reference (5),
    // unknown1 (4), an empty pose-group array (4), null IK and centre-of-mass pointers (2),
    // unknown2 (4), and the mirror data's id, class and count (12): pairs at 2200. A pair is 18
    // bytes, its second name at +12: 2200 + 7 × 18 + 12 = 2338.
    expect(refusalOf(encodeRefusal(() => writeResource({ kind: 'Skeleton', dialect: 'scimitar', record })))).toEqual({
      offset: 2338,
      path: 'mirrorData.pairs[7].boneNameB',
      expected: 'an integer 0..4294967295',
      actual: 'undefined',
    });
  });

  it('refuse a scimitar constraint target that names a removed bone', () => {
    const { resource, record } = skater();
    // Bone 6 is a leaf, the target of bone 5's constraint.
    expect(record.bones[5]!.constraints![0]!.targets[0]!.bone).toEqual({ kind: 'ref', id: record.bones[6]!.id });
    record.bones.splice(6, 1);
    // bones[5] at 503 + 96 + 19 (see the weight above), then the target's reference after tag, id
    // and class: +9, its id at +10. 503 + 96 + 19 + 10 = 628.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 628,
      path: 'bones[5].constraints[0].targets[0].bone',
      expected: 'the id of a bone of this skeleton',
      actual: 'id 1577062407 (0x5E001007), which names no bone',
    });
  });

  it('refuse a parent that names a removed bone', () => {
    const { resource, record } = skater();
    record.bones.splice(5, 1);
    // Old bone 6 is now bones[5] (at 503), its parent the removed bone 5; the id at +15.
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 518,
      path: 'bones[5].parent',
      expected: 'the id of a bone written before',
      actual: 'id 1577062406 (0x5E001006), which names no bone written before',
    });
  });

  it('refuse a parent that comes after its child, as the reader would', () => {
    const { resource, record } = skater();
    const [five, six] = [record.bones[5]!, record.bones[6]!];
    record.bones[5] = six;
    record.bones[6] = five;
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 518,
      path: 'bones[5].parent',
      expected: 'the id of a bone written before',
      actual: 'id 1577062406 (0x5E001006), which names no bone written before',
    });
  });

  it('refuse a repeated bone id, at the start of the bone', () => {
    const { resource, record } = skater();
    record.bones[2]!.id = record.bones[1]!.id;
    expect(refusalOf(encodeRefusal(() => writeResource(resource)))).toEqual({
      offset: 209,
      path: 'bones[2]',
      expected: 'a bone id not used by an earlier bone',
      actual: 'id 1577062402 (0x5E001002) again',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: in range writes and reads back equal; out of range is refused, always as an EncodeError.

interface Case {
  name: string;
  codec: AnyCodec;
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
  expected: string;
}

const notIntegers = fc.oneof(
  fc.double({ noInteger: true }),
  fc.constantFrom(NaN, Infinity, -Infinity),
  fc.string().map((s) => `7${s}`),
  fc.bigInt(),
  fc.constant(undefined),
  fc.constant(null),
);
const outside = (max: number) =>
  fc.oneof(fc.integer({ min: -(2 ** 31), max: -1 }), fc.double({ min: max + 1, max: 2 ** 60, noNaN: true }).map(Math.floor), notIntegers);
const storableF32 = fc.oneof(
  fc.float(),
  fc
    .integer({ min: 0, max: 0xffffffff })
    .filter((b) => !isSignallingNaN(b))
    .map(f32FromBits),
);
const overflowingF32 = fc.double({ min: 2 ** 128 - 2 ** 103, noNaN: true, noDefaultInfinity: true }).chain((x) => fc.constantFrom(x, -x));

const CASES: Case[] = [
  { name: 'u8', codec: u8, valid: fc.integer({ min: 0, max: 0xff }), invalid: outside(0xff), expected: 'an integer 0..255' },
  { name: 'u16', codec: u16, valid: fc.integer({ min: 0, max: 0xffff }), invalid: outside(0xffff), expected: 'an integer 0..65535' },
  {
    name: 'u32',
    codec: u32,
    valid: fc.integer({ min: 0, max: 0xffffffff }),
    invalid: outside(0xffffffff),
    expected: 'an integer 0..4294967295',
  },
  {
    name: 'u64',
    codec: u64,
    valid: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    invalid: fc.oneof(
      fc.bigInt({ min: -(2n ** 70n), max: -1n }),
      fc.bigInt({ min: 2n ** 64n, max: 2n ** 70n }),
      fc.integer(),
      fc.constant(undefined),
    ),
    expected: 'a bigint 0..18446744073709551615',
  },
  {
    name: 'f32',
    codec: f32,
    valid: storableF32,
    invalid: overflowingF32,
    expected: 'a finite value within the f32 range (±3.4028234663852886e+38 after rounding)',
  },
];

function bitsOf(value: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value, true);
  return view.getUint32(0, true);
}

describe('every primitive, by property', () => {
  for (const c of CASES) {
    it(`${c.name}: any value in range writes and reads back equal`, () => {
      fc.assert(
        fc.property(c.valid, (v) => {
          const back = decodeAll(c.codec, encodeAll(c.codec, v)).value;
          if (c.codec === f32) expect(bitsOf(back as number)).toBe(bitsOf(v as number));
          else expect(back).toBe(v);
        }),
      );
    });

    it(`${c.name}: any value out of range is refused, as an EncodeError at offset 0`, () => {
      fc.assert(
        fc.property(c.invalid, (v) => {
          const e = encodeRefusal(() => encodeAll(c.codec, v));
          expect(e.offset).toBe(0);
          expect(e.path).toBe('(root)');
          if (typeof v === (c.codec === u64 ? 'bigint' : 'number')) expect(e.expected).toBe(c.expected);
        }),
      );
    });
  }

  it('struct in an array: a bad value anywhere is refused with its index, field and offset', () => {
    const element = struct('Element', { a: field(u8, 'Observed'), b: field(vec4, 'Observed') });
    const list = counted(element);
    const elements = fc.array(
      fc.record({ a: fc.integer({ min: 0, max: 255 }), b: fc.tuple(fc.float(), fc.float(), fc.float(), fc.float()) }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(elements, fc.nat(), fc.nat(4), fc.oneof(outside(0xff), overflowingF32), (values, pick, lane, bad) => {
        // In range first: written and read back equal (f32 lanes as their f32 bits).
        const back = decodeAll(list, encodeAll(list, values)).value;
        expect(back.map((e) => [e.a, ...e.b.map(bitsOf)])).toEqual(values.map((e) => [e.a, ...e.b.map(bitsOf)]));
        const i = pick % values.length;
        const broken = values.map((e) => ({ a: e.a, b: [...e.b] as [number, number, number, number] }));
        // Each element is a u8 then 16 bytes, after the 4-byte count.
        const overflows = typeof bad === 'number' && Number.isFinite(bad) && !Number.isFinite(Math.fround(bad));
        if (lane === 4 || !overflows) {
          (broken[i] as { a: unknown }).a = bad;
          const e = encodeRefusal(() => encodeAll(list, broken));
          expect([e.offset, e.path]).toEqual([4 + 17 * i, `[${i}].a`]);
        } else {
          broken[i]!.b[lane] = bad;
          const e = encodeRefusal(() => encodeAll(list, broken));
          expect([e.offset, e.path]).toEqual([4 + 17 * i + 1 + 4 * lane, `[${i}].b[${lane}]`]);
        }
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Whole resources: any number or bigint of a decoded sample, replaced by what no field of its
// type holds, is refused as an EncodeError naming that very field.

interface Leaf {
  /** Keys from the record down to the value. */
  keys: (string | number)[];
  /** The field path a refusal names: a pointer's `id` and an inline pointer's `value` add no segment. */
  path: string;
  kind: 'number' | 'bigint';
}

function leavesOf(value: unknown, keys: (string | number)[] = [], path = ''): Leaf[] {
  if (typeof value === 'number') return [{ keys, path, kind: 'number' }];
  if (typeof value === 'bigint') return [{ keys, path, kind: 'bigint' }];
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return [];
  const pointerKind = (value as { kind?: unknown }).kind;
  const out: Leaf[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = Array.isArray(value) ? Number(k) : k;
    const silent = (pointerKind === 'ref' && k === 'id') || (pointerKind === 'inline' && k === 'value');
    const next = silent ? path : typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    out.push(...leavesOf(v, [...keys, key], next));
  }
  return out;
}

function replaced<T>(record: T, keys: readonly (string | number)[], value: unknown): T {
  const copy = structuredClone(record);
  let at = copy as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[keys[keys.length - 1]!] = value;
  return copy;
}

describe('every number of a sample, replaced by a value no field of its type holds', () => {
  const BAD = { number: [undefined, null, '1', 1n, {}], bigint: [undefined, null, -1n, 2n ** 64n, 1, '1'] };
  for (const path of ['scimitar/SWS_Skater.Skeleton', 'anvilnext/MAD_CHR_Skel_U.Skeleton', 'anvilnext/MAD_CHR_Rider.SkeletonComponent']) {
    it(`${path}: is refused as an EncodeError at that field, every one`, () => {
      const resource = sample(path);
      const leaves = leavesOf(resource.record);
      expect(leaves.length).toBeGreaterThan(20);
      const wrong: string[] = [];
      for (const leaf of leaves) {
        for (const bad of BAD[leaf.kind]) {
          const record = replaced(resource.record, leaf.keys, bad);
          let got = 'no refusal';
          try {
            writeResource({ ...resource, record } as Resource);
          } catch (e) {
            got = e instanceof EncodeError ? e.path : `a ${(e as Error).name}`;
          }
          if (got !== leaf.path) wrong.push(`${leaf.keys.join('/')} = ${String(bad)}: ${got}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('model to record: a stored index or descendant count is never wrapped', () => {
  it('scimitar: a stored index of 300 is refused at bones[3].index when written, not written as 44', () => {
    const skeleton = skeletonFromResource(skater().resource as Extract<Resource, { kind: 'Skeleton' }>);
    const bones = skeleton.bones.map((b, i) => (i === 3 ? { ...b, storedIndex: 300 } : b));
    const record = scimitarRecordFromSkeleton({ ...skeleton, bones });
    expect(record.bones[3]!.index).toBe(300);
    const e = encodeRefusal(() => writeResource({ kind: 'Skeleton', dialect: 'scimitar', record }));
    // bones[3] starts at 111 + 98 · 2 = 307; its index byte is its second-to-last byte: 307 + 98 − 2 = 403.
    expect(refusalOf(e)).toEqual({ offset: 403, path: 'bones[3].index', expected: 'an integer 0..255', actual: '300 (0x12C)' });
  });

  it('anvilnext: a descendant count past 16 bits is refused with a RangeError naming it', () => {
    const skeleton = skeletonFromResource(rider().resource as Extract<Resource, { kind: 'Skeleton' }>);
    const bones = skeleton.bones.map((b, i) => (i === 2 ? { ...b, descendants: 0x10000 } : b));
    expect(() => anvilnextRecordFromSkeleton({ ...skeleton, bones })).toThrow(
      new RangeError("the descendant count 65536 does not fit the packed bone word's 16 bits"),
    );
  });
});
