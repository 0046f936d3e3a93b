import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompressLzo1x, decompressLzo1xInto } from '../../src/archive/lzo1x.js';
import { ParseError } from '../../src/io/errors.js';
import { lzoCompress, lzoPython, lzoSkipReason } from '../helpers/lzo-reference.js';
import { refusalOf } from '../helpers/refusal.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

// Byte equality without a deep-equal walk of 200 kB (slow); the first difference is named.
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  const at = actual.findIndex((b, i) => b !== expected[i]);
  expect(at, `first differing byte`).toBe(-1);
}

describe('hand-assembled streams', () => {
  it('decodes the end marker alone as the empty output', () => {
    // 11 = M4 (0001 H=0 LLL=001), v = 00 00: distance 16384 + 0 exactly is the end marker.
    expect(decompressLzo1x(bytes(0x11, 0x00, 0x00), 0)).toEqual(new Uint8Array(0));
  });

  it('decodes a first-byte literal run', () => {
    // First byte 0x12 = 18 > 17: copy 18 − 17 = 1 literal ("a"), then the end marker.
    expect(decompressLzo1x(bytes(0x12, 0x61, 0x11, 0x00, 0x00), 1)).toEqual(ascii('a'));
  });

  it('decodes an overlapping M3 match as a run', () => {
    // 12 61: literal "a". 27 = 001 00111: M3, length 7 + 2 = 9; v = 00 00: distance (0 >> 2) + 1 = 1,
    // S = 0. Copying 9 bytes from 1 back repeats the "a": ten in all.
    expect(decompressLzo1x(bytes(0x12, 0x61, 0x27, 0x00, 0x00, 0x11, 0x00, 0x00), 10)).toEqual(ascii('aaaaaaaaaa'));
  });

  it('decodes an M2 match', () => {
    // 14: 20 − 17 = 3 literals "abc". 88 = 1 00 010 00: M2, length (0x88 >> 5) + 1 = 5,
    // D = 2, H = 00: distance 2 + 0 + 1 = 3 → "abcab"; S = 0.
    expect(decompressLzo1x(bytes(0x14, 0x61, 0x62, 0x63, 0x88, 0x00, 0x11, 0x00, 0x00), 8)).toEqual(ascii('abcabcab'));
  });

  it('decodes an M1 match after 1–3 literals (2 bytes, distance ≤ 1 kB)', () => {
    // 13: 2 literals "ab", state 2. 04 = 0000 01 00 with state 2: M1 of 2 bytes, distance
    // (1) + (H=0 << 2) + 1 = 2 → "ab".
    expect(decompressLzo1x(bytes(0x13, 0x61, 0x62, 0x04, 0x00, 0x11, 0x00, 0x00), 4)).toEqual(ascii('abab'));
  });

  it('decodes an extended literal run and the 3-byte M1 that may follow it (distance 2049+)', () => {
    // 00 with state 0: literal run, length extended: seven 00 bytes add 7 × 255 and F9 adds 249:
    // 15 + 1785 + 249 = 2049, plus 3 = 2052 literals. Then 0C = 0000 11 00 with state 4: M1 of 3
    // bytes from distance 2049 + 3 + (H=0 << 2) = 2052, i.e. the first three bytes again.
    const literal = Uint8Array.from({ length: 2052 }, (_, i) => (i * 7 + 1) & 0xff);
    const stream = bytes(0x00, 0, 0, 0, 0, 0, 0, 0, 0xf9, ...literal, 0x0c, 0x00, 0x11, 0x00, 0x00);
    const expected = new Uint8Array(2055);
    expected.set(literal);
    expected.set(literal.subarray(0, 3), 2052);
    expect(decompressLzo1x(stream, 2055)).toEqual(expected);
  });

  it('refuses streams that read past their input, naming the offset', () => {
    // The end marker's second byte of v is missing: the need is at offset 1.
    const e = refusalOf(() => decompressLzo1x(bytes(0x11, 0x00), 0, { baseOffset: 0x100, path: ['blocks', 0] }));
    expect(e.offset).toBe(0x101);
    expect(e.path).toBe('blocks[0]');
    expect(refusalOf(() => decompressLzo1x(new Uint8Array(0), 0)).offset).toBe(0);
    // 14 promises 3 literals; only 2 follow.
    expect(refusalOf(() => decompressLzo1x(bytes(0x14, 0x61, 0x62), 3)).offset).toBe(1);
  });

  it('refuses a stream that would write past the declared size (a bomb stops there)', () => {
    // The 10-byte run of above, declared as 5 bytes: the M3 at offset 2 would overflow.
    const e = refusalOf(() => decompressLzo1x(bytes(0x12, 0x61, 0x27, 0x00, 0x00, 0x11, 0x00, 0x00), 5));
    expect(e.offset).toBe(2);
    expect(e.message).toMatch(/declared 5 bytes/);
  });

  it('refuses a stream that ends short of the declared size', () => {
    // "a" then the end marker (at 2, read to 5), declared as 2 bytes.
    expect(refusalOf(() => decompressLzo1x(bytes(0x12, 0x61, 0x11, 0x00, 0x00), 2)).offset).toBe(5);
  });

  it('refuses a match that reaches before the output start', () => {
    // "a" then M2 88 00 at offset 2: distance 3, but only 1 byte is written.
    const e = refusalOf(() => decompressLzo1x(bytes(0x12, 0x61, 0x88, 0x00, 0x11, 0x00, 0x00), 6));
    expect(e.offset).toBe(2);
    expect(e.message).toMatch(/distance 3/);
  });

  it('refuses bytes after the end marker', () => {
    expect(refusalOf(() => decompressLzo1x(bytes(0x11, 0x00, 0x00, 0x00), 0)).offset).toBe(3);
  });
});

// Inputs the reference compresses, chosen to exercise every instruction: random (literals),
// repetitive (long matches, far M4s), text-like, empty, long runs.
function corpus(): Uint8Array[] {
  let seed = 12345;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  const words = ['bone', 'skeleton', 'parent', 'matrix', 'the', 'of', 'Anvil', 'quaternion', '\n', ' '];
  const text = Array.from({ length: 40_000 }, (_, i) => words[(i * 7 + (i >> 3)) % words.length]).join(' ');
  const repetitive = new Uint8Array(100_000);
  for (let i = 0; i < repetitive.length; i++) repetitive[i] = i % 3 === 0 ? random() : (repetitive[i - 1] ?? 0);
  const far = new Uint8Array(120_000);
  const chunk = Uint8Array.from({ length: 20_000 }, random);
  for (let i = 0; i < 6; i++) far.set(chunk, i * 20_000); // repeats 20 kB back: M4 distances
  return [
    new Uint8Array(0),
    bytes(0),
    Uint8Array.from({ length: 70_000 }, random),
    ascii(text),
    repetitive,
    far,
    new Uint8Array(200_000), // one long run of zeros
    new Uint8Array(70_000).fill(0xab),
    Uint8Array.from({ length: 3000 }, (_, i) => (i % 17 < 5 ? i & 0xff : 0x20)),
  ];
}

describe.skipIf(lzoPython === undefined)(`against liblzo2 (skipped when ${lzoSkipReason})`, () => {
  const inputs = corpus();

  it.each([1, 9] as const)('decodes what LZO1X-%s wrote, byte for byte', (level) => {
    const streams = lzoCompress(inputs, level);
    inputs.forEach((input, i) => expectSameBytes(decompressLzo1x(streams[i]!, input.length), input));
  });

  it('round-trips arbitrary inputs the reference compresses', () => {
    // Mixes of random bytes and repeats of a short alphabet, so both literals and matches occur.
    const arbitrary = fc.oneof(
      fc.uint8Array({ maxLength: 5000 }),
      fc.array(fc.constantFrom(0, 1, 2, 0x61), { maxLength: 8000 }).map((a) => Uint8Array.from(a)),
      fc
        .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.integer({ min: 1, max: 400 }))
        .map(([unit, times]) => Uint8Array.from({ length: unit.length * times }, (_, i) => unit[i % unit.length]!)),
    );
    const samples = fc.sample(arbitrary, { numRuns: 300, seed: 42 });
    const streams = [...lzoCompress(samples, 1), ...lzoCompress(samples, 9)];
    streams.forEach((stream, i) => {
      const input = samples[i % samples.length]!;
      expectSameBytes(decompressLzo1x(stream, input.length), input);
    });
  });

  it('decodes or refuses any mutation of a valid stream, never beyond the declared size', () => {
    const pool = inputs.filter((input) => input.length > 0 && input.length <= 70_000);
    const streams = lzoCompress(pool, 1);
    fc.assert(
      fc.property(
        fc.nat({ max: pool.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -3, max: 3 }),
        (which, edits, resize) => {
          const stream = Uint8Array.from(streams[which]!);
          for (const [at, value] of edits) stream[at % stream.length] = value;
          const size = Math.max(0, pool[which]!.length + resize);
          try {
            expect(decompressLzo1x(stream, size).length).toBe(size);
          } catch (e) {
            if (!(e instanceof ParseError)) throw e;
            expect(e.offset).toBeGreaterThanOrEqual(0);
            expect(e.offset).toBeLessThanOrEqual(stream.length);
          }
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });
});

describe('decoding into a caller’s buffer', () => {
  it('writes only the region it is given, even with whole-word copies near its end', () => {
    // 14 61 62 63: 3 literals "abc"; 88 00: M2 of 5 from distance 3 → "abcab"; 11 00 00: end.
    // Word copies may run up to 3 bytes past a run, but never past the region: the 0xEE
    // sentinels on both sides must survive.
    const whole = new Uint8Array(16).fill(0xee);
    decompressLzo1xInto(bytes(0x14, 0x61, 0x62, 0x63, 0x88, 0x00, 0x11, 0x00, 0x00), whole.subarray(4, 12));
    expect([...whole]).toEqual([0xee, 0xee, 0xee, 0xee, ...ascii('abcabcab'), 0xee, 0xee, 0xee, 0xee]);
    // "abc" alone into a 3-byte region: a whole word would write a 4th byte, over the sentinel.
    const tight = new Uint8Array(5).fill(0xee);
    decompressLzo1xInto(bytes(0x14, 0x61, 0x62, 0x63, 0x11, 0x00, 0x00), tight.subarray(1, 4));
    expect([...tight]).toEqual([0xee, ...ascii('abc'), 0xee]);
  });
});
