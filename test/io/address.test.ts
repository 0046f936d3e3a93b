import { describe, expect, it } from 'vitest';
import { formatAddress, refusalReport } from '../../src/io/address.js';
import { EncodeError, ParseError } from '../../src/io/errors.js';

describe('resource addresses', () => {
  it('are put in words only by formatAddress, as the census and validate name records', () => {
    expect(formatAddress({ file: 'a/b.Skeleton' })).toBe('a/b.Skeleton');
    expect(formatAddress({ file: 'DataPC.forge', archive: true })).toBe('DataPC.forge');
    expect(formatAddress({ file: 'DataPC.forge', archive: true, entry: { number: 3, name: 'CHR "Rider"' } })).toBe(
      'DataPC.forge: entry 3 "CHR \\"Rider\\""',
    );
    expect(
      formatAddress({
        file: 'v27.forge',
        archive: true,
        entry: { number: 119, name: 'CHR_Skel_118' },
        resource: { index: 0, name: 'CHR_Skel_118' },
      }),
    ).toBe('v27.forge: entry 119 "CHR_Skel_118": resource 0 "CHR_Skel_118"');
  });

  it('go onto a refusal with at(), which keeps its class, message and fields and names the original as cause', () => {
    const original = new ParseError({ offset: 418, path: ['bones', 3, 'parent'], expected: 'a bone read before', actual: '7' });
    expect(original.address).toBeUndefined();
    const address = { file: 'x.forge', archive: true, entry: { number: 1, name: 'e' } };
    const placed = original.at(address);
    expect(placed).toBeInstanceOf(ParseError);
    expect(placed).not.toBe(original);
    expect(placed.message).toBe('offset 0x1A2 (418): bones[3].parent: expected a bone read before, got 7');
    expect(placed.address).toEqual(address);
    expect(placed.cause).toBe(original);
    expect(placed.pathSegments).toEqual(['bones', 3, 'parent']);
    const encode = new EncodeError({ offset: 30, path: ['bones', 0, 'index'], expected: 'an integer 0..255', actual: '300' }).at({
      file: 'y',
    });
    expect(encode).toBeInstanceOf(EncodeError);
    expect(encode.name).toBe('EncodeError');
  });

  it('give one refusal report shape, its message prefixed "refused at"', () => {
    const error = new ParseError({ offset: 16, path: ['header', 'magic'], expected: '0x1', actual: '0x2' });
    expect(refusalReport(error)).toEqual({
      offset: 16,
      path: 'header.magic',
      expected: '0x1',
      actual: '0x2',
      message: 'refused at offset 0x10 (16): header.magic: expected 0x1, got 0x2',
    });
  });
});
