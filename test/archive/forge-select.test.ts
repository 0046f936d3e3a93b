import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  forgeClassName,
  forgeEntriesToRead,
  forgeNameMatcher,
  isForgeHeader,
  parseForgeClasses,
  safeForgeName,
  UniqueNames,
} from '../../src/archive/forge-select.js';

describe('safeForgeName', () => {
  it.each([
    ['../x', '___x'], // "/" → "_", then the ".." run → "__"
    ['/abs', '_abs'],
    ['a\u0000b', 'a_b'],
    ['C:\\x', 'C__x'],
    ['..', '__'],
    ['.', '_'],
    ['a..b', 'a__b'],
    ['name. ', 'name__'], // Windows drops trailing dots and spaces: they are made visible instead
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['Hips_Skel', 'Hips_Skel'],
    ['', 'fallback'],
    [`${'a'.repeat(199)}.b`, `${'a'.repeat(199)}_`], // cut at 200 bytes, leaving a dot at the end
  ])('%j becomes %j', (name, safe) => {
    expect(safeForgeName(name, 'fallback')).toBe(safe);
  });

  it('never gives a separator, NUL, "..", an edge dot, or an empty name, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '.', ' ', '/', '\\', '\u0000', ':', 'é', '😀'), maxLength: 300 }), (name) => {
        const safe = safeForgeName(name, 'x');
        expect(safe.length).toBeGreaterThan(0);
        expect(new TextEncoder().encode(safe).length).toBeLessThanOrEqual(201);
        expect(safe).not.toMatch(/[/\\\u0000:]/);
        expect(safe).not.toContain('..');
        expect(safe).not.toMatch(/^[. ]|[. ]$/);
      }),
    );
  });
});

describe('UniqueNames', () => {
  it('tells apart names that differ only in case, before the extension', () => {
    const names = new UniqueNames();
    expect(['a.Skeleton', 'A.Skeleton', 'a.Skeleton', 'b'].map((n) => names.take(n))).toEqual([
      'a.Skeleton',
      'A~2.Skeleton',
      'a~3.Skeleton',
      'b',
    ]);
  });
});

describe('classes and names', () => {
  it('parses class lists by name and hex hash, and all', () => {
    // 0x24AECB7C is CRC-32("Skeleton") (the seed's class table).
    expect(parseForgeClasses('Skeleton, skeletoncomponent')).toEqual(new Set([0x24aecb7c, 0x71fda747]));
    expect(parseForgeClasses('0x12345678')).toEqual(new Set([0x12345678]));
    expect(parseForgeClasses('all')).toBeNull();
    expect(() => parseForgeClasses('Skelton')).toThrow(/unknown class "Skelton"/);
    expect(forgeClassName(0x24aecb7c)).toBe('Skeleton');
    expect(forgeClassName(0x12345678)).toBeNull();
  });

  it('matches globs on whole names, case-insensitively', () => {
    const m = forgeNameMatcher('ACU_*.Skel?ton');
    expect(m('acu_Arno.Skeleton')).toBe(true);
    expect(m('xACU_Arno.Skeleton')).toBe(false);
    expect(forgeNameMatcher('a+b(c)')('a+b(c)')).toBe(true);
  });

  it('tells an archive by its magic', () => {
    expect(isForgeHeader(new TextEncoder().encode('scimitar\0rest'))).toBe(true);
    expect(isForgeHeader(new TextEncoder().encode('scimitar!'))).toBe(false);
    expect(isForgeHeader(new TextEncoder().encode('scim'))).toBe(false);
  });
});

describe('forgeEntriesToRead', () => {
  // Class hashes from the seed: Skeleton 0x24AECB7C, SkeletonComponent 0x71FDA747; 0x12345678 is none of ours.
  const entries = [0x24aecb7c, 0x12345678, 0x71fda747, 0x24aecb7c, 0].map((resourceType, number) => ({
    number,
    resourceType,
    bookkeeping: null,
  }));
  // Entry 5: a bookkeeping entry (typed Skeleton here, to show its type does not matter).
  const bookkeeping = { number: 5, resourceType: 0x24aecb7c, bookkeeping: { name: 'GlobalMetaFile', meaning: 'metadata', source: 'test' } };
  it('keeps the entries typed Skeleton or SkeletonComponent, in index order, and never a bookkeeping entry', () => {
    expect(forgeEntriesToRead([...entries, bookkeeping], false).map((e) => e.number)).toEqual([0, 2, 3]);
  });
  it('keeps every entry but the bookkeeping ones with everyDataFile', () => {
    expect(forgeEntriesToRead([...entries, bookkeeping], true)).toEqual(entries);
  });
});
