import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompressZstd, decompressZstdInto } from '../../src/archive/zstd.js';
import { ParseError } from '../../src/io/errors.js';
import { zstdCli, zstdCompress, zstdDecompress, zstdSkipReason } from '../helpers/zstd-reference.js';
import { refusalOf } from '../helpers/refusal.js';
import { expectSameBytes } from '../helpers/bytes.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

describe('hand-assembled frames (RFC 8878)', () => {
  it('decodes a raw block', () => {
    // Descriptor 20: single segment, 1-byte content size (3). Block header 19 00 00 = 3 << 3 | raw (0) << 1 | last.
    expect(decompressZstd(bytes(...MAGIC, 0x20, 0x03, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63), 3)).toEqual(ascii('abc'));
  });

  it('decodes an RLE block', () => {
    // Block header 2B 00 00 = 5 << 3 | RLE (1) << 1 | last; then the one byte repeated 5 times.
    expect(decompressZstd(bytes(...MAGIC, 0x20, 0x05, 0x2b, 0x00, 0x00, 0x78), 5)).toEqual(ascii('xxxxx'));
  });

  it('refuses before allocating: another content size, a reserved bit, a dictionary, a block past the declared size', () => {
    // Content size 3 declared as 4: refused at the size field (offset 5).
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x20, 0x03, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63), 4)).offset).toBe(5);
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x28, 0x03, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63), 3)).message).toMatch(/reserved/);
    // Descriptor 21: a 1-byte dictionary id (07) at offset 5.
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x21, 0x07, 0x03, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63), 3)).message).toMatch(
      /dictionary id 7/,
    );
    // Descriptor 00: no content size, window byte 00; an RLE block of 2^20 bytes (header 03 00 80:
    // 0x800003 = 2^20 << 3 | RLE (1) << 1 | last), above the 128 KiB block maximum: refused at the
    // block header (offset 6), nothing of 1 MiB allocated.
    const e = refusalOf(() => decompressZstd(bytes(...MAGIC, 0x00, 0x00, 0x03, 0x00, 0x80, 0x78), 5, { baseOffset: 0x1000 }));
    expect(e.offset).toBe(0x1006);
    expect(e.message).toMatch(/at most 131072 bytes/);
    // The same with a 10-byte RLE block (header 53 00 00 = 10 << 3 | 1 << 1 | 1): past the declared 5.
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x00, 0x00, 0x53, 0x00, 0x00, 0x78), 5)).message).toMatch(/declared 5 bytes/);
  });

  it('refuses literals beyond the output’s room before allocating them', () => {
    // Content size 5; a compressed block (header 0D 01 00 = 33 << 3 | compressed (2) << 1 | last)
    // whose literals header F8 (raw, 1-byte form, 0xF8 >> 3 = 31 literals) claims 31 literals,
    // then the 31 bytes and a sequence count of 0. The literals header sits at 4 + 1 + 1 + 3 = 9.
    const frame = bytes(...MAGIC, 0x20, 0x05, 0x0d, 0x01, 0x00, 0xf8, ...new Array<number>(31).fill(0x61), 0x00);
    const e = refusalOf(() => decompressZstd(frame, 5));
    expect(e.offset).toBe(9);
    expect(e.message).toMatch(/at most 5 literals/);
    // The same frame declared (and sized) 31 decodes: the block itself is well formed.
    frame[5] = 31;
    expect(decompressZstd(frame, 31)).toEqual(ascii('a'.repeat(31)));
  });

  it('refuses bytes after the frame, a truncated frame, and a frame short of the declared size', () => {
    // The frame: magic 4 + descriptor 1 + size 1 + block header 3 + 3 raw bytes = 12; the extra byte is at 12.
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x20, 0x03, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63, 0x00), 3)).offset).toBe(12);
    // The raw block's 3 bytes start at 9; only one is there.
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x20, 0x03, 0x19, 0x00, 0x00, 0x61), 3)).offset).toBe(9);
    // No content size (window byte 00), a 3-byte raw block, declared 4.
    expect(refusalOf(() => decompressZstd(bytes(...MAGIC, 0x00, 0x00, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63), 4)).message).toMatch(/3 bytes/);
    expect(refusalOf(() => decompressZstd(bytes(0x28, 0xb5, 0x2f, 0xfe, 0x20), 0)).offset).toBe(0);
  });
});

describe('decoding into a caller’s buffer', () => {
  it('writes only the region it is given', () => {
    // The RLE frame above ("xxxxx") into bytes 3–7 of 10: the 0xEE sentinels must survive.
    const whole = new Uint8Array(10).fill(0xee);
    decompressZstdInto(bytes(...MAGIC, 0x20, 0x05, 0x2b, 0x00, 0x00, 0x78), whole.subarray(3, 8));
    expect([...whole]).toEqual([0xee, 0xee, 0xee, ...ascii('xxxxx'), 0xee, 0xee]);
  });
});

function corpus(): Uint8Array[] {
  let seed = 4242;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  const words = ['bone', 'skeleton', 'parent', 'matrix', 'the', 'of', 'Anvil', 'quaternion', '\n', ' '];
  const text = Array.from({ length: 30_000 }, (_, i) => words[(i * 7 + (i >> 3)) % words.length]).join(' ');
  const repetitive = new Uint8Array(80_000);
  for (let i = 0; i < repetitive.length; i++) repetitive[i] = i % 3 === 0 ? random() & 7 : (repetitive[i - 1] ?? 0);
  const floats = new Uint8Array(40_000);
  const view = new DataView(floats.buffer);
  for (let i = 0; i < 10_000; i++) view.setFloat32(i * 4, Math.sin(i / 50) * ((random() % 4) + 1), true);
  return [
    new Uint8Array(0),
    bytes(9),
    Uint8Array.from({ length: 50_000 }, random),
    ascii(text),
    repetitive,
    floats,
    new Uint8Array(300_000), // several blocks, RLE
    Uint8Array.from({ length: 3000 }, (_, i) => (i % 17 < 5 ? i & 0xff : 0x20)),
  ];
}

describe.skipIf(zstdCli === undefined)(`against the zstd CLI (skipped when ${zstdSkipReason})`, () => {
  const inputs = corpus();

  it.each([['-1'], ['-3'], ['-9'], ['-19'], ['--ultra', '-22'], ['-3', '--no-check']])(
    'decodes what zstd %s wrote, byte for byte',
    (...args) => {
      zstdCompress(inputs, args).forEach((frame, i) => expectSameBytes(decompressZstd(frame, inputs[i]!.length), inputs[i]!));
    },
  );

  it('round-trips arbitrary inputs the reference compresses, at levels 1 to 19', () => {
    const arbitrary = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }),
      fc.array(fc.constantFrom(0, 1, 2, 0x61), { maxLength: 20_000 }).map((a) => Uint8Array.from(a)),
      fc
        .tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 3000 }))
        .map(([unit, times]) => Uint8Array.from({ length: unit.length * times }, (_, i) => unit[i % unit.length]!)),
    );
    const samples = fc.sample(arbitrary, { numRuns: 120, seed: 5 });
    samples.forEach((input, i) => {
      const [frame] = zstdCompress([input], [`-${1 + (i % 19)}`], i % 2 === 0);
      expectSameBytes(decompressZstd(frame!, input.length), input);
    });
  });

  it('decodes frames written from a stream (no content size, a window larger than the data)', () => {
    const frames = zstdCompress(inputs, ['-3'], false);
    // The window descriptor (byte 5, no single-segment flag) advertises 2^(10 + exponent) bytes.
    expect(frames[3]![4]! & 0x20).toBe(0);
    expect(1 << (10 + (frames[3]![5]! >> 3))).toBeGreaterThan(inputs[3]!.length);
    frames.forEach((frame, i) => expectSameBytes(decompressZstd(frame, inputs[i]!.length), inputs[i]!));
  });

  it('400 mutated frames are refused or decoded to exactly the declared size, as zstd decodes them', () => {
    const pool = inputs.filter((input) => input.length > 100 && input.length <= 80_000);
    const frames = zstdCompress(pool, ['-3', '--no-check']);
    const cases = fc.sample(
      fc.tuple(
        fc.nat({ max: pool.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: -2, max: 2 }),
        fc.boolean(),
      ),
      { numRuns: 400, seed: 31 },
    );
    let refused = 0;
    const decoded: { frame: Uint8Array; ours: Uint8Array }[] = [];
    for (const [which, edits, resize, cut] of cases) {
      let frame = Uint8Array.from(frames[which]!);
      for (const [at, value] of edits) frame[at % frame.length] = value;
      if (cut) frame = frame.subarray(0, edits[0]![0] % frame.length);
      const size = Math.max(0, pool[which]!.length + resize);
      try {
        const ours = decompressZstd(frame, size);
        expect(ours.length).toBe(size);
        decoded.push({ frame, ours });
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        expect(e.offset).toBeGreaterThanOrEqual(0);
        expect(e.offset).toBeLessThanOrEqual(frame.length);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(200);
    // What we decode from a damaged frame, zstd decodes to the same bytes when it accepts it
    // (without a checksum neither can tell a changed literal from the original).
    for (const { frame, ours } of decoded.slice(0, 40)) {
      const theirs = zstdDecompress(frame);
      if (theirs !== undefined) expectSameBytes(ours, theirs);
    }
  });
});
