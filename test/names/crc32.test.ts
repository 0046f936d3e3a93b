import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRC32_INITIAL_STATE,
  crc32,
  crc32BackwardLinearTable,
  crc32Finalize,
  crc32ForwardLinearTable,
  crc32StepByte,
  crc32UnstepByte,
  crc32Unupdate,
  crc32Update,
  formatHash,
  nameBytes,
  parseHash,
} from '../../src/names/crc32.js';

function applyLinear(table: Uint32Array, state: number): number {
  return (
    (table[state & 0xff] ^ table[256 + ((state >>> 8) & 0xff)] ^ table[512 + ((state >>> 16) & 0xff)] ^ table[768 + (state >>> 24)]) >>> 0
  );
}

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }));
const anyState = fc.integer({ min: 0, max: 0xffffffff });
const anyBytes = fc.uint8Array({ maxLength: 64 });

describe('crc32', () => {
  it('gives the known hashes', () => {
    expect(crc32('Skeleton')).toBe(0x24aecb7c);
    expect(crc32('Bone')).toBe(0x95741049);
    expect(crc32('Reference')).toBe(0x2c52cbb0);
    expect(crc32('')).toBe(0);
    // The check value every CRC-32 implementation publishes.
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('is case-sensitive and returns unsigned numbers', () => {
    expect(crc32('bone')).not.toBe(crc32('Bone'));
    expect(crc32('Bone')).toBeGreaterThan(0x7fffffff);
  });

  it('hashes the UTF-8 bytes of non-ASCII names', () => {
    expect(crc32('Épaule')).toBe(crc32(new Uint8Array([0xc3, 0x89, ...new TextEncoder().encode('paule')])));
  });

  it('matches zlib on random strings, unicode included', () => {
    fc.assert(
      fc.property(anyString, (text) => crc32(text) === zlibCrc32(text) >>> 0),
      { numRuns: 500 },
    );
  });

  it('matches zlib on random bytes', () => {
    fc.assert(fc.property(anyBytes, (bytes) => crc32(bytes) === zlibCrc32(bytes) >>> 0));
  });

  it('composes: updating over a then b equals updating over a + b', () => {
    fc.assert(
      fc.property(anyString, anyString, (a, b) => {
        const state = crc32Update(crc32Update(CRC32_INITIAL_STATE, nameBytes(a)), nameBytes(b));
        return crc32Finalize(state) === crc32(a + b);
      }),
    );
  });
});

describe('stepping the register backwards', () => {
  it('undoes one forward byte step', () => {
    fc.assert(
      fc.property(anyState, fc.integer({ min: 0, max: 255 }), (state, byte) => {
        return crc32UnstepByte(crc32StepByte(state, byte), byte) === state;
      }),
    );
  });

  it('undoes a forward update over any bytes, and the other way round', () => {
    fc.assert(
      fc.property(anyState, anyBytes, (state, bytes) => {
        return crc32Unupdate(crc32Update(state, bytes), bytes) === state && crc32Update(crc32Unupdate(state, bytes), bytes) === state;
      }),
    );
  });

  it('recovers the initial register from a name hash', () => {
    const name = nameBytes('LeftForeArmRoll2');
    expect(crc32Unupdate(crc32Finalize(crc32('LeftForeArmRoll2')), name)).toBe(CRC32_INITIAL_STATE);
    expect(crc32Unupdate(crc32Finalize(crc32('LeftForeArmRoll2')), nameBytes('LeftForeArmRoll3'))).not.toBe(CRC32_INITIAL_STATE);
  });

  it('steps over whole words with the byte-sliced linear tables', () => {
    fc.assert(
      fc.property(anyState, anyBytes, (state, bytes) => {
        const forward = applyLinear(crc32ForwardLinearTable(bytes.length), state) ^ crc32Update(0, bytes);
        const backward = applyLinear(crc32BackwardLinearTable(bytes.length), state) ^ crc32Unupdate(0, bytes);
        return forward >>> 0 === crc32Update(state, bytes) && backward >>> 0 === crc32Unupdate(state, bytes);
      }),
      { numRuns: 50 },
    );
  });
});

describe('formatHash / parseHash', () => {
  it('formats as 0x and 8 uppercase hex digits', () => {
    expect(formatHash(0x24aecb7c)).toBe('0x24AECB7C');
    expect(formatHash(0x71cee50)).toBe('0x071CEE50');
    expect(formatHash(0)).toBe('0x00000000');
  });

  it('reads prefixed and bare forms', () => {
    expect(parseHash('0x1234ABCD')).toBe(0x1234abcd);
    expect(parseHash('1234abcd')).toBe(0x1234abcd);
    expect(parseHash('0X071cee50')).toBe(0x071cee50);
    expect(parseHash('0x71CEE50')).toBe(0x071cee50);
    expect(parseHash(' 0xFFFFFFFF ')).toBe(0xffffffff);
  });

  it('rejects anything else', () => {
    for (const text of ['', '0x', '1234', '0x123456789', '123456789', 'xyz', '0xGHIJKLMN', '-0x1', '12 34abcd', '0x1.5']) {
      expect(parseHash(text), text).toBeNull();
    }
  });

  it('round-trips every hash', () => {
    fc.assert(fc.property(anyState, (hash) => parseHash(formatHash(hash)) === hash));
  });
});
