import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crackHashes, defaultVocabulary, planCrack, splitNameIntoWords, type CrackResult } from '../../src/names/crack.js';
import { crc32 } from '../../src/names/crc32.js';

const vocabulary = defaultVocabulary();

function namesOf(result: CrackResult): string[] {
  return result.matches.map((match) => match.name);
}

function expectExact(result: CrackResult): void {
  for (const match of result.matches) {
    expect(crc32(match.name), match.name).toBe(result.hash);
    let rebuilt = match.words[0];
    match.separators.forEach((separator, i) => (rebuilt += separator + match.words[i + 1]));
    expect(rebuilt).toBe(match.name);
  }
}

describe('defaultVocabulary', () => {
  it('splits dictionary names into words and adds the numbers 0-99 and _', () => {
    for (const word of [
      'Left',
      'Right',
      'Arm',
      'Fore',
      'Up',
      'Leg',
      'Roll',
      'Twist',
      'Hand',
      'Prop',
      'Holster',
      'O',
      'L',
      'R',
      'wb',
      'COM',
      'Data',
    ]) {
      expect(vocabulary.words, word).toContain(word);
    }
    expect(vocabulary.words).toContain('0');
    expect(vocabulary.words).toContain('99');
    expect(vocabulary.words).not.toContain('100');
    expect(vocabulary.words).not.toContain('ForeArm');
    expect(vocabulary.separators).toEqual(['_']);
  });

  it('splits on case changes, digits, _ and -', () => {
    expect(splitNameIntoWords('LeftForeArmRoll2')).toEqual(['Left', 'Fore', 'Arm', 'Roll']);
    expect(splitNameIntoWords('COMData')).toEqual(['COM', 'Data']);
    expect(splitNameIntoWords('wb-Trigger')).toEqual(['wb', 'Trigger']);
    expect(splitNameIntoWords('O_Hips')).toEqual(['O', 'Hips']);
    expect(splitNameIntoWords('IKData')).toEqual(['IK', 'Data']);
  });
});

describe('crackHashes', () => {
  it('recovers Prop_RightHand3 (four words, a separator) with the default vocabulary', () => {
    const [result] = crackHashes([crc32('Prop_RightHand3')], { ...vocabulary, maxWords: 4 });
    expect(namesOf(result)).toContain('Prop_RightHand3');
    const match = result.matches.find((m) => m.name === 'Prop_RightHand3')!;
    expect(match.words).toEqual(['Prop', 'Right', 'Hand', '3']);
    expect(match.separators).toEqual(['_', '', '']);
    // Four words of a vocabulary of over 200 are some 10^10 strings, several times 2^32: a few
    // chance matches per hash are expected, and the ranking (fewest inner numbers, fewest words,
    // then by name) cannot tell them from the real name. Only its presence is asserted.
    expect(planCrack(1, { ...vocabulary, maxWords: 4 }).candidates / 2 ** 32).toBeGreaterThan(1);
    expectExact(result);
  });

  it('recovers LeftForeArmRoll2 (five words)', () => {
    const [result] = crackHashes([crc32('LeftForeArmRoll2')], { words: vocabulary.words, maxWords: 5, limit: Infinity });
    const match = result.matches.find((m) => m.name === 'LeftForeArmRoll2');
    expect(match?.words).toEqual(['Left', 'Fore', 'Arm', 'Roll', '2']);
    expectExact(result);
  });

  it('recovers three- and four-word names, several targets at once', () => {
    const planted = ['O_Spine_Twist', 'RightLegTwist_3', 'Holster_LeftThigh', 'wbTriggerGuard'];
    const targets = planted.map((name) => crc32(name));
    const results = crackHashes(targets, { words: [...vocabulary.words, 'Guard'], separators: ['_'], maxWords: 4 });
    expect(results.map((r) => r.hash)).toEqual(targets);
    planted.forEach((name, i) => expect(namesOf(results[i]), name).toContain(name));
    results.forEach(expectExact);
  });

  it('finds nothing beyond maxWords', () => {
    const [result] = crackHashes([crc32('ArmLegHandFoot')], { words: ['Arm', 'Leg', 'Hand', 'Foot'], maxWords: 3 });
    expect(result.matches).toEqual([]);
    const [found] = crackHashes([crc32('ArmLegHandFoot')], { words: ['Arm', 'Leg', 'Hand', 'Foot'], maxWords: 4 });
    expect(namesOf(found)).toEqual(['ArmLegHandFoot']);
  });

  it('finds every name of a small vocabulary exactly once, with its fewest words', () => {
    const words = ['a', 'b', 'ab', 'Arm', 'Leg', '1'];
    const separators = ['', '_'];
    const all = new Set<string>();
    const extend = (name: string, count: number): void => {
      all.add(name);
      if (count < 3) for (const s of separators) for (const w of words) extend(name + s + w, count + 1);
    };
    for (const w of words) extend(w, 1);
    const names = [...all];
    const results = crackHashes(
      names.map((name) => crc32(name)),
      { words, separators: ['_'], maxWords: 3, limit: Infinity },
    );
    names.forEach((name, i) => {
      const found = results[i].matches.filter((m) => m.name === name);
      expect(found.length, name).toBe(1);
    });
    const ab = results[names.indexOf('ab')].matches.find((m) => m.name === 'ab')!;
    expect(ab.words).toEqual(['ab']);
    results.forEach(expectExact);
  });

  it('gives the same matches when the prefix table is split into chunks', () => {
    const options = { words: vocabulary.words, separators: ['_'], maxWords: 4, maxTableEntries: 5_000 };
    expect(planCrack(1, options).chunks).toBeGreaterThan(1);
    expect(planCrack(1, options).tableEntries).toBeLessThanOrEqual(5_000);
    const target = crc32('R_HandIndex3');
    const [chunked] = crackHashes([target], options);
    const [whole] = crackHashes([target], { ...options, maxTableEntries: undefined });
    expect(namesOf(chunked)).toContain('R_HandIndex3');
    expect(namesOf(chunked)).toEqual(namesOf(whole));
  });

  it('finds random planted names', () => {
    const words = vocabulary.words;
    const planted = fc
      .array(fc.tuple(fc.constantFrom('', '_'), fc.integer({ min: 0, max: words.length - 1 })), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.map(([separator, w], i) => (i === 0 ? '' : separator) + words[w]).join(''));
    fc.assert(
      fc.property(planted, (name) =>
        namesOf(crackHashes([crc32(name)], { words, separators: ['_'], maxWords: 4, limit: Infinity })[0]).includes(name),
      ),
      { numRuns: 12 },
    );
  });

  it('keeps the most plausible matches within the limit and says so', () => {
    const options = { words: vocabulary.words, separators: ['_'], maxWords: 4 };
    const target = crc32('Prop_RightHand3');
    const [all] = crackHashes([target], { ...options, limit: Infinity });
    expect(all.matches.length).toBeGreaterThan(1);
    expect(all.truncated).toBe(false);
    const [one] = crackHashes([target], { ...options, limit: 1 });
    expect(one.truncated).toBe(true);
    // The one kept is the first of the full list in its plausibility order.
    expect(namesOf(one)).toEqual([all.matches[0].name]);
  });

  it('reports progress and handles repeated targets and an empty vocabulary', () => {
    const fractions: number[] = [];
    const results = crackHashes([crc32('HandLeg'), crc32('HandLeg')], {
      words: ['Hand', 'Leg'],
      maxWords: 2,
      onProgress: (p) => fractions.push(p.fraction),
    });
    expect(results.map(namesOf)).toEqual([['HandLeg'], ['HandLeg']]);
    expect(fractions.at(-1)).toBe(1);
    expect(crackHashes([1], { words: [], maxWords: 3 })).toEqual([{ hash: 1, matches: [], truncated: false }]);
  });

  it('rejects nonsensical options', () => {
    expect(() => crackHashes([1], { words: ['a'], maxWords: 0 })).toThrow(RangeError);
    expect(() => crackHashes([1], { words: ['a'], maxWords: 2.5 })).toThrow(RangeError);
    expect(() => crackHashes([1], { words: ['a'], maxWords: 2, limit: -1 })).toThrow(RangeError);
    expect(() => crackHashes([1], { words: ['a'], maxWords: 2, maxTableEntries: 0 })).toThrow(RangeError);
  });
});

describe('crackHashes with shouldStop', () => {
  it('ends the search at once when asked, finding nothing, and searches fully otherwise', () => {
    const target = crc32('LeftForeArmRoll2');
    const options = { words: ['Left', 'Fore', 'Arm', 'Roll', '2'], maxWords: 5 };
    expect(crackHashes([target], { ...options, shouldStop: () => true })[0].matches).toEqual([]);
    expect(crackHashes([target], { ...options, shouldStop: () => false })[0].matches.map((m) => m.name)).toContain('LeftForeArmRoll2');
  });
});
