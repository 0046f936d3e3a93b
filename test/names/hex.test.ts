import { describe, expect, it } from 'vitest';
import { formatOffset, formatValue } from '../../src/io/format.js';
import { formatHash } from '../../src/names/crc32.js';
import { hex, hexDigits } from '../../src/names/hex.js';

// Expected strings are written out by hand: 418 = 1·256 + 10·16 + 2 = 0x1A2; 255 = 0xFF.
describe('the one hex formatter', () => {
  it('pads to the field width and spells digits in uppercase', () => {
    expect(hex(0x1a2)).toBe('0x000001A2');
    expect(hex(0x1a2, 1)).toBe('0x1A2');
    expect(hex(0xff, 2)).toBe('0xFF');
    expect(hexDigits(10, 2)).toBe('0A');
    expect(hex(0n, 16)).toBe('0x0000000000000000');
  });

  it('shows a negative number as its u32 and a negative bigint as its u64', () => {
    expect(hex(-1)).toBe('0xFFFFFFFF');
    expect(hex(-1n, 16)).toBe('0xFFFFFFFFFFFFFFFF');
  });

  it('does not wrap an offset past 2^32', () => {
    // 2^32 + 1 = 0x1_0000_0001
    expect(hex(2 ** 32 + 1, 1)).toBe('0x100000001');
  });

  it('is what hashes, offsets and values are shown with', () => {
    expect(formatHash(0x071cee50)).toBe('0x071CEE50');
    expect(formatOffset(418)).toBe('0x1A2 (418)');
    expect(formatValue(418)).toBe('418 (0x1A2)');
    expect(formatValue(0xffffffffn)).toBe('4294967295 (0xFFFFFFFF)');
    expect(formatValue(-3)).toBe('-3');
    expect(formatValue(0.5)).toBe('0.5');
  });
});
