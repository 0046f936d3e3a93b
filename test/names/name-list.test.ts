import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNameList } from '../../src/names/name-list.js';

describe('parseNameList', () => {
  it('reads one trimmed name per line, skipping blanks and comments', () => {
    const text = '# bones of the left arm\nLeftArm\n\n  LeftForeArm  \nLeftHand # the wrist\n   # indented comment\n\t\nwb-Trigger\n';
    expect(parseNameList(text)).toEqual(['LeftArm', 'LeftForeArm', 'LeftHand', 'wb-Trigger']);
  });

  it('accepts CRLF, lone CR and a byte-order mark', () => {
    expect(parseNameList('\uFEFFHips\r\nSpine\r\n\r\nNeck\rHead')).toEqual(['Hips', 'Spine', 'Neck', 'Head']);
  });

  it('keeps inner spaces and non-ASCII names', () => {
    expect(parseNameList('Left Hand\nÉpaule_G\n')).toEqual(['Left Hand', 'Épaule_G']);
  });

  it('gives nothing for empty or comment-only text', () => {
    expect(parseNameList('')).toEqual([]);
    expect(parseNameList('\uFEFF')).toEqual([]);
    expect(parseNameList('#\n# x\n\n   \n#Hips')).toEqual([]);
  });

  it('copes with a huge list', () => {
    const text = 'Bone\n'.repeat(200_000) + '#'.repeat(1_000_000) + '\n' + 'x'.repeat(1_000_000);
    const names = parseNameList(text);
    expect(names.length).toBe(200_001);
    expect(names[200_000].length).toBe(1_000_000);
  });

  it('never throws, and every name is trimmed, non-empty, one line and comment-free', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\t', '#', '\r', '\n', '\uFEFF', '_', '1', 'é') });
    fc.assert(
      fc.property(line, (text) => {
        for (const name of parseNameList(text)) {
          if (name.length === 0 || name !== name.trim() || /[#\r\n]/.test(name)) return false;
        }
        return true;
      }),
    );
  });
});
