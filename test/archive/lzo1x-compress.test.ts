/**
 * The project's LZO1X compressor: hand-worked streams for each instruction it writes, and
 * everything it writes read back by liblzo2 (the reference decoder) as well as by our decoder.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressLzo1x, compressLzo1xBlock } from '../../src/archive/lzo1x-compress.js';
import { decompressLzo1x } from '../../src/archive/lzo1x.js';
import { openForge, readDataFile } from '../../src/archive/forge.js';
import { writeForge } from '../../src/archive/forge-writer.js';
import { bytesSource } from '../../src/archive/source.js';
import { inventoryCorpus } from '../../src/samples/inventory.js';
import { expectSameBytes } from '../helpers/bytes.js';
import { lzoDecompress, lzoPython, lzoSkipReason } from '../helpers/lzo-reference.js';

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Deterministic pseudo-random bytes (a linear congruential generator), incompressible to LZ77. */
function noise(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

describe('streams worked out by hand', () => {
  it('writes the end marker alone for no input', () => {
    expect(hex(compressLzo1x(new Uint8Array(0)))).toBe('110000');
  });

  it('writes up to three bytes as a first-byte literal run', () => {
    // 17 + 3 = 0x14, the literals, then the end marker 11 00 00 (no 4-byte match is possible).
    expect(hex(compressLzo1x(ascii('abc')))).toBe('14616263' + '110000');
  });

  it('writes a short near repeat as M2', () => {
    // "abcd" then 8 bytes repeating it from 4 back: first-byte run 17 + 4 = 0x15 and "abcd";
    // M2: (8 − 1) << 5 = 0xE0, low distance bits (4 − 1) & 7 = 3 << 2 = 0x0C: 0xEC, high byte
    // (4 − 1) >> 3 = 0; no literals follow (S = 0); the end marker.
    expect(hex(compressLzo1x(ascii('abcdabcdabcd')))).toBe('1561626364' + 'ec00' + '110000');
  });

  it('writes a long run as M3 with a length extension, and trailing literals in its S bits', () => {
    // 64 × "a" then "xyz". At 1 the 4-byte probe finds "aaaa" at 0, 1 back, so one literal (first
    // byte 17 + 1 = 0x12, "a") and an overlapping match of the other 63: M3, 63 − 2 = 61 > 31, so
    // the length field is 0 (0x20) and 61 − 31 = 30 follows (0x1E); v = ((1 − 1) << 2) | S with
    // S = 3 literals after it: 03 00; then "xyz" and the end marker.
    const input = concat(ascii('a'.repeat(64)), ascii('xyz'));
    expect(hex(compressLzo1x(input))).toBe('1261' + '201e' + '0300' + '78797a' + '110000');
  });

  it('writes literals after a match with a run instruction when there are four or more', () => {
    // "abcd" × 3 as above but with S = 0, then 5 new literals "vwxyz": run instruction 5 − 3 = 2.
    expect(hex(compressLzo1x(ascii('abcdabcdabcdvwxyz')))).toBe('1561626364' + 'ec00' + '02' + '767778797a' + '110000');
  });

  it('writes a far repeat as M4', () => {
    // 4 noise bytes N (none zero), 20,000 zero bytes, N again. N and the first zero are 5 literals,
    // the other zeros an M3 from 1 back; then N repeats from 20,004 back (> 16,384: M4), the last
    // instruction before the end marker: distance − 16,384 = 3,620 = 0x0E24, bit 14 clear; length
    // 4 − 2 = 2: 16 | 2 = 0x12; v = 0x0E24 << 2 = 0x3890, S = 0: 90 38.
    const n = ascii('Nois');
    const stream = compressLzo1x(concat(n, new Uint8Array(20_000), n));
    // The start: 17 + 5 = 0x16, "Nois", 00; the M3 of 19,999 zeros: field 0 (0x20), then
    // 19,997 − 31 = 19,966 as 78 zero bytes (78 × 255 = 19,890) and 76 (0x4C); v = 00 00.
    expect(hex(stream.subarray(0, 7 + 78 + 3))).toBe('16' + hex(n) + '00' + '20' + '00'.repeat(78) + '4c' + '0000');
    expect(hex(stream.subarray(stream.length - 6))).toBe('129038' + '110000');
  });
});

const FAR = 30_000;
const cases: [string, Uint8Array][] = [
  ['empty', new Uint8Array(0)],
  ['one byte', ascii('q')],
  ['noise of 300 bytes (a first run of more than 238 literals)', noise(300, 1)],
  ['noise of 70 KB (long literal runs, extended)', noise(70_000, 2)],
  ['100 KB of zeros (overlapping matches, long extensions)', new Uint8Array(100_000)],
  ['a block repeated 30 KB later (M4 matches)', concat(noise(2_000, 3), noise(FAR, 4), noise(2_000, 3))],
  ['a block repeated 49,151 bytes later (the farthest distance)', concat(noise(64, 5), noise(49_087, 6), noise(64, 5))],
  ['a block repeated 49,152 bytes later (one past it)', concat(noise(64, 5), noise(49_088, 6), noise(64, 5))],
  ['text', ascii('the bone hierarchy of the rig, the bones of the rig, '.repeat(400))],
  [
    'noise with short repeats (M2, M3 and literals of 1–3 between them)',
    concat(...Array.from({ length: 500 }, (_, i) => concat(noise(1 + (i % 5), i), ascii('Bone_'), noise(i % 3, i + 1000)))),
  ],
];

describe.skipIf(lzoPython === undefined)(`what liblzo2 reads back${lzoPython === undefined ? ` (skipped: ${lzoSkipReason})` : ''}`, () => {
  it.each(cases)('%s', (_, input) => {
    const stream = compressLzo1x(input);
    const [reference] = lzoDecompress([{ stream, size: input.length }]);
    expectSameBytes(reference!, input);
    expectSameBytes(decompressLzo1x(stream, input.length), input);
  });

  it('reads back every Skeleton of the inventory corpus, each smaller than it was', () => {
    const bodies = [...inventoryCorpus({ scale: 1 })]
      .filter((f) => f.path.endsWith('.Skeleton'))
      .slice(0, 400)
      .map((f) => f.bytes);
    const streams = bodies.map((body) => ({ stream: compressLzo1x(body), size: body.length }));
    const back = lzoDecompress(streams);
    bodies.forEach((body, i) => {
      expectSameBytes(back[i]!, body);
      expect(streams[i]!.stream.length).toBeLessThan(body.length);
    });
  });

  it('reads back random inputs with repeats (property, one liblzo2 run for all)', () => {
    const inputs = fc
      .sample(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.constantFrom(ascii('LeftArm'), ascii('RightArm'), new Uint8Array(50))), {
          maxLength: 60,
        }),
        { numRuns: 300, seed: 14 },
      )
      .map((parts) => concat(...parts));
    const back = lzoDecompress(inputs.map((input) => ({ stream: compressLzo1x(input), size: input.length })));
    inputs.forEach((input, i) => expectSameBytes(back[i]!, input));
  });
});

describe('our decoder reads back what the compressor writes', () => {
  it('for arbitrary inputs (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array(40))), { maxLength: 40 }), (parts) => {
        const input = concat(...parts);
        expectSameBytes(decompressLzo1x(compressLzo1x(input), input.length), input);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a block for the archive writer', () => {
  it('is the stream when it is smaller, and nothing (store the block) when it is not', () => {
    expect(compressLzo1xBlock(new Uint8Array(1000))!.length).toBeLessThan(1000);
    expect(compressLzo1xBlock(noise(1000, 12))).toBeUndefined();
  });
});

describe('archives written with compressed blocks', () => {
  it('read back with the bodies written, through blocks that are really compressed', async () => {
    const bodies = [ascii('Skeleton body '.repeat(300)), noise(5_000, 11), new Uint8Array(70_000)];
    const bytes = writeForge({
      version: 27,
      entries: bodies.map((body, i) => ({
        id: BigInt(i),
        name: `E${i}`,
        resourceType: 0x24aecb7c,
        resources: [{ classHash: 0x24aecb7c, id: BigInt(i), name: `R${i}`, body }],
      })),
      compress: compressLzo1xBlock,
    });
    const forge = await openForge(bytesSource(bytes));
    for (const [i, entry] of forge.entries.entries()) {
      const file = await readDataFile(forge, entry);
      expectSameBytes(file.resources[0]!.body, bodies[i]!);
      const compressed = file.resourcesSet!.blocks.filter((b) => b.compressedSize !== b.uncompressedSize);
      // The text and the zeros compress; the noise's one block is stored (compressed, it is no smaller).
      expect(compressed.length > 0).toBe(i !== 1);
    }
  });
});
