/** File sizes as people write them, worked out by hand: units are powers of 1024. */
import { describe, expect, it } from 'vitest';
import { parseFileSize } from '../../src/node.js';

describe('parseFileSize', () => {
  it('reads bytes and the K/M/G units, with or without B or iB', () => {
    expect(parseFileSize('300000')).toBe(300_000);
    expect(parseFileSize('1KiB')).toBe(1024);
    expect(parseFileSize(' 64 MiB ')).toBe(67_108_864);
    expect(parseFileSize('64m')).toBe(67_108_864);
    expect(parseFileSize('1.5 GiB')).toBe(1_610_612_736);
    expect(parseFileSize('3000b')).toBe(3000);
    expect(parseFileSize('2147483647')).toBe(2 ** 31 - 1);
  });

  it('refuses what is not a size from 1 byte to 2 GiB − 1, naming the option', () => {
    for (const text of ['', 'lots', '0', '0.5', '-1', '2GiB', '3GiB', '12 parsecs', '1e6'])
      expect(() => parseFileSize(text, '--max-size')).toThrow(
        new RangeError(`--max-size takes a size from 1 byte to 2 GiB, such as 300000, 64MiB or 1GiB; got "${text}"`),
      );
  });
});
