import { describe, expect, it } from 'vitest';
import { struct, field } from '../../src/grammar/struct.js';
import { constBytes } from '../../src/grammar/signed.js';
import { u16, u8 } from '../../src/grammar/index.js';
import { decodeAll, decodeFast, decodeTracked } from '../../src/grammar/decode.js';
import { ParseError } from '../../src/io/errors.js';

// A magic of three bytes AB CD EF between a u8 and a u16, as a set header has one: the struct
// compares only numeric constants itself, and a byte constant is checked by its codec.
const header = struct('Header', {
  kind: field(u8, 'Proven'),
  magic: field(constBytes([0xab, 0xcd, 0xef], 'the test magic'), 'Proven'),
  count: field(u16, 'Proven'),
});

describe('a struct with a byte constant', () => {
  it('reads a magic that matches and keeps the other fields, not the magic (bytes by hand)', () => {
    const bytes = Uint8Array.of(0x07, 0xab, 0xcd, 0xef, 0x34, 0x12);
    expect(decodeFast(header, bytes)).toEqual({ kind: 7, count: 0x1234 });
    expect(decodeTracked(header, bytes)).toEqual({ kind: 7, count: 0x1234 });
  });

  it('gives the magic its span', () => {
    const { spans } = decodeAll(header, Uint8Array.of(0x07, 0xab, 0xcd, 0xef, 0x34, 0x12), { spans: true });
    expect(spans?.map((s) => [s.path, s.start, s.end])).toEqual([
      ['kind', 0, 1],
      ['magic', 1, 4],
      ['count', 4, 6],
    ]);
  });

  it('refuses a magic that differs at the differing byte, naming the field and the expected bytes', () => {
    const bytes = Uint8Array.of(0x07, 0xab, 0xcc, 0xef, 0x34, 0x12);
    for (const decode of [decodeFast, decodeTracked]) {
      let error: unknown;
      try {
        decode(header, bytes);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ParseError);
      expect(error).toMatchObject({ offset: 2, expected: 'the test magic (AB CD EF)' });
    }
    expect(() => decodeTracked(header, bytes)).toThrow(expect.objectContaining({ path: 'magic' }));
  });

  it('refuses a magic cut short by the end of the bytes', () => {
    expect(() => decodeTracked(header, Uint8Array.of(0x07, 0xab, 0xcd))).toThrow(expect.objectContaining({ offset: 1, path: 'magic' }));
  });
});
