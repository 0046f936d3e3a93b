/**
 * The keyed union as a general codec, on a toy declaration: a u8 tag and a u32 kind, then an f32
 * (kind 1) or a counted u32 array (kind 2). Bytes worked out by hand, little-endian.
 */
import { describe, expect, it } from 'vitest';
import { counted, decodeAll, encodeAll, f32, field, keyedUnion, struct, u32, u8, unknownLayout } from '../../src/grammar/index.js';
import { fieldInfoTable } from '../../src/grammar/field-info.js';
import { unionTable } from '../../src/formats/docs.js';
import { Bytes } from '../helpers/bytes.js';
import { refusalOf } from '../helpers/refusal.js';

const head = struct('Head', { tag: field(u8, 'Observed', 'a tag'), kind: field(u32, 'Observed', 'selects the rest') });
const single = struct('Single', { value: field(f32, 'Observed', 'one float') });
const list = struct('List', { values: field(counted(u32), 'Inferred', 'a counted list') });
const thing = keyedUnion('Thing', {
  head,
  key: 'kind',
  cases: [
    { key: 1, name: 'Single', codec: single },
    { key: 2, name: 'List', codec: list },
  ],
  describeKey: (k) => `kind ${k}`,
  summary: 'A toy.',
});
const things = counted(thing);

describe('keyedUnion', () => {
  it('reads the common part, then the case its key selects, as one object, and writes the same bytes', () => {
    // count 2; Single: tag 7, kind 1, f32 0.5 (9 bytes); List: tag 8, kind 2, count 2, 10, 20 (17 bytes).
    const bytes = new Bytes().u32(2).u8(7).u32(1).f32(0.5).u8(8).u32(2).u32(2).u32(10).u32(20).build();
    expect(bytes.length).toBe(4 + 9 + 17);
    const { value, spans } = decodeAll(things, bytes, { spans: true });
    expect(value).toEqual([
      { tag: 7, kind: 1, value: 0.5 },
      { tag: 8, kind: 2, values: [10, 20] },
    ]);
    expect(encodeAll(things, value)).toEqual(bytes);
    // The case's fields are spanned under the element, after the common part.
    expect(spans!.find((s) => s.path === '[0].value')).toEqual({ path: '[0].value', segments: [0, 'value'], start: 9, end: 13 });
    expect(spans!.find((s) => s.path === '[1].values')).toEqual({ path: '[1].values', segments: [1, 'values'], start: 18, end: 30 });
  });

  it('refuses a key no case has at the key field, naming it, when reading and writing', () => {
    const bytes = new Bytes().u32(1).u8(7).u32(3).f32(0.5).build();
    const error = refusalOf(() => decodeAll(things, bytes));
    // The element at 4, its tag 1 byte: the kind at 5.
    expect([error.offset, error.path]).toEqual([5, '[0].kind']);
    expect(error.message).toContain('got kind 3');
    expect(() => encodeAll(things, [{ tag: 7, kind: 3, value: 0.5 }])).toThrow(
      /offset 0x5 \(5\): \[0\]\.kind: expected a kind whose fields are known/,
    );
  });

  it('sizes itself from its parts, and lists every field for the field table and the docs', () => {
    expect(thing.minSize).toBe(5 + 4);
    expect(thing.fixedSize).toBeNull();
    const fixed = keyedUnion('Fixed', { head, key: 'kind', cases: [{ key: 1, name: 'Single', codec: single }] });
    expect(fixed.fixedSize).toBe(9);
    const table = fieldInfoTable(things);
    expect([...table.keys()]).toEqual(expect.arrayContaining(['[].tag', '[].kind', '[].value', '[].values']));
    expect(unionTable(thing)).toContain('| 0x00000002 | List | List | at least 4 |');
  });

  it('refuses at once a key that is not a stored field at a fixed offset, a repeated key, a case repeating a common field', () => {
    const cases = [{ key: 1, name: 'Single', codec: single }];
    expect(() => keyedUnion('X', { head, key: 'missing', cases })).toThrow(/not a stored field/);
    const varying = struct('Varying', { list: field(counted(u8), 'Observed'), kind: field(u32, 'Observed') });
    expect(() => keyedUnion('X', { head: varying, key: 'kind', cases })).toThrow(/fixed offset/);
    expect(() => keyedUnion('X', { head, key: 'kind', cases: [...cases, ...cases] })).toThrow(/two cases/);
    const clash = struct('Clash', { tag: field(unknownLayout('x'), 'Unknown') });
    expect(() => keyedUnion('X', { head, key: 'kind', cases: [{ key: 1, name: 'Clash', codec: clash }] })).toThrow(
      /repeats the common field tag/,
    );
  });
});
