/**
 * Found by the campaign (test/fuzz-regressions/skeleton.2c8c76bbe2ee.bin): a vec4 lane holding a
 * quiet NaN with a payload or a sign (0xFFC00000 is x86's default NaN) came back as 0x7FC00000 on
 * some decodes — V8 may replace a NaN stored into an array of doubles with its canonical NaN,
 * depending on how far the reading code has been optimised. The bytes must come back regardless.
 */
import { describe, expect, it } from 'vitest';
import { ByteReader } from '../../src/io/reader.js';

const NANS = [0xffff1eb8, 0xffc00000, 0x7fc00001, 0x7fffffff, 0xffffffff, 0x7fc00000];

function bitsOf(value: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value, true);
  return view.getUint32(0, true);
}

describe('vec4 lanes holding quiet NaNs', () => {
  it('keep their exact bits, cold, warm and through tier-up', () => {
    const plain = new Uint8Array(16);
    new DataView(plain.buffer).setFloat32(12, 1, true);
    const lost: string[] = [];
    for (let i = 0; i < 60_000; i++) {
      const bytes = new Uint8Array(16);
      const view = new DataView(bytes.buffer);
      const nan = NANS[i % NANS.length]!;
      view.setFloat32(0, i % 7, true);
      view.setUint32(4, nan, true);
      view.setFloat32(8, -0, true);
      view.setUint32(12, NANS[(i + 1) % NANS.length]!, true);
      // Mostly NaN-free lanes, as in real files: the NaN path runs after the fast path is optimised.
      for (let k = 0; k < 4; k++) new ByteReader(plain).vec4();
      const lanes = new ByteReader(bytes).vec4();
      if (bitsOf(lanes[1]) !== nan || bitsOf(lanes[3]) !== NANS[(i + 1) % NANS.length] || !Object.is(lanes[2], -0)) {
        lost.push(`decode ${i}: ${bitsOf(lanes[1]).toString(16)} for ${nan.toString(16)}`);
      }
    }
    expect(lost).toEqual([]);
  });
});
