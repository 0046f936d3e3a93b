import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompressLzo1c, decompressLzo1cInto } from '../../src/archive/lzo1c.js';
import { decompressLzo2a, decompressLzo2aInto } from '../../src/archive/lzo2a.js';
import { ParseError } from '../../src/io/errors.js';
import {
  liblzo2Compress,
  liblzo2Decompress,
  liblzo2Python,
  liblzo2SkipReason,
  type Liblzo2Compressor,
} from '../helpers/liblzo2-reference.js';
import { refusalOf } from '../helpers/refusal.js';
import { expectSameBytes } from '../helpers/bytes.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('LZO1C, hand-assembled streams', () => {
  it('decodes the end code alone as the empty output', () => {
    // 21 = 001 00001: M3 (32–63), length 1 + 3; b0 b1 = 00 00: distance 0 is the end code.
    expect(decompressLzo1c(bytes(0x21, 0x00, 0x00), 0)).toEqual(new Uint8Array(0));
  });

  it('decodes a short literal run, then an M2 match', () => {
    // 03: run of 3 literals "abc". 62 = 011 00010: M2, length (3) + 1 = 4, distance 1 + (2 | 0 << 5)
    // = 3 → "abca". Then the end code.
    expect(decompressLzo1c(bytes(0x03, 0x61, 0x62, 0x63, 0x62, 0x00, 0x21, 0x00, 0x00), 7)).toEqual(ascii('abcabca'));
  });

  it('decodes an R1 (3-byte match and one literal) right after a run', () => {
    // 03 "abc"; 02 < 32 after a run: R1 from distance 1 + (2 | 0 << 5) = 3 → "abc", then literal "x".
    expect(decompressLzo1c(bytes(0x03, 0x61, 0x62, 0x63, 0x02, 0x00, 0x78, 0x21, 0x00, 0x00), 7)).toEqual(ascii('abcabcx'));
  });

  it('decodes an M3 whose offset byte announces trailing literals', () => {
    // 02 "ab"; 22: M3 of 2 + 3 = 5; b0 = 41 = 01 000001: distance 1 | 0 << 6 = 1, 41 >> 6 = 1
    // trailing literal "z". Five copies of the "b" one back, then "z".
    expect(decompressLzo1c(bytes(0x02, 0x61, 0x62, 0x22, 0x41, 0x00, 0x7a, 0x21, 0x00, 0x00), 8)).toEqual(ascii('abbbbbbz'));
  });

  it('decodes a long literal run (00 F9: 256 << 1 = 512 bytes)', () => {
    const literal = Uint8Array.from({ length: 512 }, (_, i) => (i * 5 + 3) & 0xff);
    expect(decompressLzo1c(bytes(0x00, 0xf9, ...literal, 0x21, 0x00, 0x00), 512)).toEqual(literal);
  });

  it('refuses, naming the offset: past the input, past the declared size, before the output, bytes after the end', () => {
    const e = refusalOf(() => decompressLzo1c(bytes(0x03, 0x61, 0x62), 3, { baseOffset: 0x40, path: ['blocks', 1] }));
    expect(e.offset).toBe(0x41); // the 3 literals start at 1; only 2 are there
    expect(e.path).toBe('blocks[1]');
    // The M2 of 4 at offset 4 into a declared 6 bytes.
    expect(refusalOf(() => decompressLzo1c(bytes(0x03, 0x61, 0x62, 0x63, 0x62, 0x00, 0x21, 0x00, 0x00), 6)).offset).toBe(4);
    // 62 04: distance 1 + (2 | 4 << 5) = 131, only 3 bytes written.
    expect(refusalOf(() => decompressLzo1c(bytes(0x03, 0x61, 0x62, 0x63, 0x62, 0x04, 0x21, 0x00, 0x00), 7)).message).toMatch(
      /distance 131/,
    );
    expect(refusalOf(() => decompressLzo1c(bytes(0x21, 0x00, 0x00, 0x00), 0)).offset).toBe(3);
    // No end code at all.
    expect(refusalOf(() => decompressLzo1c(bytes(0x03, 0x61, 0x62, 0x63), 3)).offset).toBe(4);
  });
});

describe('LZO2A, hand-assembled streams', () => {
  it('decodes the end code alone as the empty output', () => {
    // Flag byte 03: bits 1, 1 (least significant first): a long match; 20 00: t >> 5 = 1, distance 0: the end.
    expect(decompressLzo2a(bytes(0x03, 0x20, 0x00), 0)).toEqual(new Uint8Array(0));
  });

  it('decodes literals and an M1 match, flag bits interleaved with bytes', () => {
    // D4 = 1101 0100: bits 0, 0 (two literals "ab"), 1 0 (M1), 1 0 (L = 1: length 3), then 1 1 (the
    // end code 20 00). The M1's distance byte 01: distance 2 → "aba".
    expect(decompressLzo2a(bytes(0xd4, 0x61, 0x62, 0x01, 0x20, 0x00), 5)).toEqual(ascii('ababa'));
  });

  it('decodes a long match with a length extension', () => {
    // 1E = 0001 1110: bit 0 (literal "a"), 1 1 (match: t = 01, h = 00: distance 1, t >> 5 = 0 so
    // length 9 + the next byte 05 = 14), then 1 1 (the end code). 1 + 14 = 15 "a"s.
    expect(decompressLzo2a(bytes(0x1e, 0x61, 0x01, 0x00, 0x05, 0x20, 0x00), 15)).toEqual(ascii('a'.repeat(15)));
  });

  it('refuses a match from distance 0, one past the declared size, and a truncated stream', () => {
    // As above with t = 00: distance 0 outside the end code copies nothing that exists.
    expect(refusalOf(() => decompressLzo2a(bytes(0x1e, 0x61, 0x00, 0x00, 0x05, 0x20, 0x00), 15)).message).toMatch(/distance 0/);
    // The 14-byte match at offset 2 into a declared 10 bytes.
    const e = refusalOf(() => decompressLzo2a(bytes(0x1e, 0x61, 0x01, 0x00, 0x05, 0x20, 0x00), 10, { baseOffset: 100 }));
    expect(e.offset).toBe(102);
    expect(refusalOf(() => decompressLzo2a(bytes(0x1e, 0x61, 0x01), 15)).offset).toBe(2);
  });
});

describe('decoding into a caller’s buffer', () => {
  it('writes only the region it is given', () => {
    // The streams above: LZO1C "abbbbbbz" (an overlapping M3 and a trailing literal), LZO2A
    // "ababa" (an M1); the 0xEE sentinels on both sides of each region must survive.
    const whole = new Uint8Array(20).fill(0xee);
    decompressLzo1cInto(bytes(0x02, 0x61, 0x62, 0x22, 0x41, 0x00, 0x7a, 0x21, 0x00, 0x00), whole.subarray(2, 10));
    decompressLzo2aInto(bytes(0xd4, 0x61, 0x62, 0x01, 0x20, 0x00), whole.subarray(12, 17));
    expect([...whole]).toEqual([0xee, 0xee, ...ascii('abbbbbbz'), 0xee, 0xee, ...ascii('ababa'), 0xee, 0xee, 0xee]);
  });
});

// Random (literals), text, repetitive, runs, empty.
function corpus(): Uint8Array[] {
  let seed = 777;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  const words = ['bone', 'skeleton', 'parent', 'matrix', 'the', 'of', 'Anvil', 'quaternion', '\n', ' '];
  const text = Array.from({ length: 20_000 }, (_, i) => words[(i * 7 + (i >> 3)) % words.length]).join(' ');
  const repetitive = new Uint8Array(60_000);
  for (let i = 0; i < repetitive.length; i++) repetitive[i] = i % 3 === 0 ? random() : (repetitive[i - 1] ?? 0);
  const far = new Uint8Array(40_000);
  const chunk = Uint8Array.from({ length: 9000 }, random);
  for (let i = 0; i * 9000 < far.length; i++) far.set(chunk.subarray(0, Math.min(9000, far.length - i * 9000)), i * 9000);
  return [
    new Uint8Array(0),
    bytes(7),
    Uint8Array.from({ length: 50_000 }, random),
    ascii(text),
    repetitive,
    far,
    new Uint8Array(100_000),
    Uint8Array.from({ length: 3000 }, (_, i) => (i % 17 < 5 ? i & 0xff : 0x20)),
  ];
}

const algorithms = [
  { name: 'LZO1C', decode: decompressLzo1c, algorithm: 'lzo1c', compressors: ['lzo1c_1', 'lzo1c_5', 'lzo1c_9', 'lzo1c_999'] },
  { name: 'LZO2A', decode: decompressLzo2a, algorithm: 'lzo2a', compressors: ['lzo2a_999'] },
] as const;

describe.skipIf(liblzo2Python === undefined)(`against liblzo2 (skipped when ${liblzo2SkipReason})`, () => {
  const inputs = corpus();

  for (const { name, decode, algorithm, compressors } of algorithms) {
    it.each(compressors as readonly Liblzo2Compressor[])(`${name}: decodes what %s wrote, byte for byte`, (compressor) => {
      const streams = liblzo2Compress(inputs, compressor);
      inputs.forEach((input, i) => expectSameBytes(decode(streams[i]!, input.length), input));
    });

    it(`${name}: round-trips arbitrary inputs the reference compresses`, () => {
      const arbitrary = fc.oneof(
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.constantFrom(0, 1, 2, 0x61), { maxLength: 6000 }).map((a) => Uint8Array.from(a)),
        fc
          .tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 300 }))
          .map(([unit, times]) => Uint8Array.from({ length: unit.length * times }, (_, i) => unit[i % unit.length]!)),
      );
      const samples = fc.sample(arbitrary, { numRuns: 150, seed: 11 });
      const streams = liblzo2Compress(samples, compressors[compressors.length - 1]!);
      streams.forEach((stream, i) => expectSameBytes(decode(stream, samples[i]!.length), samples[i]!));
    });

    it(`${name}: 400 mutated streams are refused or decoded as liblzo2 decodes them, never past the declared size`, () => {
      const pool = inputs.filter((input) => input.length > 0 && input.length <= 60_000);
      const streams = liblzo2Compress(pool, compressors[0]!);
      const cases = fc.sample(
        fc.tuple(
          fc.nat({ max: pool.length - 1 }),
          fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 4 }),
          fc.integer({ min: -3, max: 3 }),
          fc.boolean(),
        ),
        { numRuns: 400, seed: 23 },
      );
      const mutated = cases.map(([which, edits, resize, cut]) => {
        let stream = Uint8Array.from(streams[which]!);
        for (const [at, value] of edits) stream[at % stream.length] = value;
        if (cut) stream = stream.subarray(0, edits[0]![0] % stream.length);
        return { stream, size: Math.max(0, pool[which]!.length + resize) };
      });
      const reference = liblzo2Decompress(mutated, algorithm);
      let refused = 0;
      mutated.forEach(({ stream, size }, i) => {
        let ours: Uint8Array | undefined;
        try {
          ours = decode(stream, size);
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          expect(e.offset).toBeGreaterThanOrEqual(0);
          expect(e.offset).toBeLessThanOrEqual(stream.length);
          refused++;
        }
        // What we decode, the reference decodes to the same bytes (we may refuse more: distance 0).
        if (ours !== undefined) {
          expect(ours.length).toBe(size);
          const theirs = reference[i]!;
          expect(theirs instanceof Uint8Array, `case ${i}: liblzo2 refused what we decoded`).toBe(true);
          expectSameBytes(ours, theirs as Uint8Array);
        }
      });
      // Most single-byte edits break a stream; a mutation test where nothing is refused tests nothing.
      expect(refused).toBeGreaterThan(300);
    });
  }
});
