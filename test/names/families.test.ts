import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NameDictionary } from '../../src/names/dictionary.js';
import { defaultFamilies, expectedChanceMatches, familySize, type NameFamily } from '../../src/names/families.js';
import { searchFamilies } from '../../src/names/family-search.js';
import { resolveRigNames, type RigHierarchy } from '../../src/names/rig-names.js';

// Every hash in these tests comes from zlib, the reference CRC-32, never from the project's crc32.
const hash = (name: string): number => zlibCrc32(name);
const TWO_32 = 2 ** 32;

const family = (id: string, ...slots: string[][]): NameFamily => ({ id, template: id, slots });
const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

describe('family sizes', () => {
  it('are the product of the slot sizes', () => {
    // 2 sides × 3 parts × 3 digits ('' '1' '2') = 18 names.
    expect(familySize(family('f', ['L_', 'R_'], ['Arm', 'Leg', 'Hand'], ['', '1', '2']))).toBe(18);
  });

  it('of the built-in numbered and chain families, worked out by hand', () => {
    const byId = new Map(defaultFamilies().map((f) => [f.id, familySize(f)]));
    // Bone + one of '', '_', ' ' + a number: 0..999 unpadded (1000), plus the padded 00..09 (10)
    // and 000..099 (100) that are not already unpadded numbers: 3 × 1110.
    expect(byId.get('numbered-bone')).toBe(3330);
    // Bip01 / Bip001, a space, 5 chains (Spine Neck Tail Ponytail1 Ponytail2 in biped.txt), links 1..25.
    expect(byId.get('biped-link')).toBe(2 * 5 * 25);
    // 22 chain words in chains.txt × ('' or '_') × (1..99 plus the padded 00..09) = 22 × 2 × 109.
    expect(byId.get('chain-number')).toBe(4796);
  });

  it('give the expected chance count size × targets / 2^32', () => {
    expect(expectedChanceMatches(2 ** 20, 2 ** 12)).toBe(1);
    // 3,000 bones leave a family of 71,582 names just under the default 0.05.
    expect(expectedChanceMatches(71_582, 3000)).toBeLessThan(0.05);
    expect(expectedChanceMatches(71_583, 3000)).toBeGreaterThan(0.05);
  });
});

describe('searchFamilies', () => {
  it('finds every family name of the targets, and no other', () => {
    const sided = family('sided', ['L_', 'R_'], ['Arm', 'Leg', 'Hand'], ['', '1', '2']);
    const result = searchFamilies([hash('R_Leg2'), hash('L_Arm'), hash('Spine')], [sided]);
    expect(result.matches.map((m) => m.name).sort()).toEqual(['L_Arm', 'R_Leg2']);
    expect(result.matches.find((m) => m.name === 'L_Arm')).toEqual({ hash: hash('L_Arm'), name: 'L_Arm', family: 'sided' });
    expect(result).toMatchObject({ tried: 18, complete: true, finished: ['sided'] });
  });

  it('agrees with hashing every name of random families with zlib', () => {
    const value = fc.string({ unit: fc.constantFrom('a', 'B', '_', '1', 'é', 'Z'), minLength: 0, maxLength: 5 });
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(value, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (slots, pick) => {
          const names: string[] = [''];
          for (const slot of slots) names.splice(0, names.length, ...names.flatMap((prefix) => slot.map((v) => prefix + v)));
          const target = names[pick % names.length];
          const found = searchFamilies([hash(target)], [family('random', ...slots)]).matches.map((m) => m.name);
          const expected = [...new Set(names.filter((name) => hash(name) === hash(target)))];
          expect(new Set(found)).toEqual(new Set(expected));
        },
      ),
    );
  });

  it('stops when asked, and says so', () => {
    const big = family('big', twoDigits, twoDigits, twoDigits);
    const result = searchFamilies([hash('nothing')], [big], { shouldStop: () => true });
    expect(result.complete).toBe(false);
    expect(result.finished).toEqual([]);
    expect(result.tried).toBeLessThan(familySize(big));
  });
});

function resolve(rig: RigHierarchy, families: NameFamily[], dictionary: string[], threshold: number) {
  const names = new NameDictionary(dictionary);
  const unknown = rig.hashes.filter((h) => names.lookup(h).length === 0);
  const { matches } = searchFamilies(unknown, families);
  const results = resolveRigNames(rig, { dictionary: names, families, matches, threshold });
  return new Map(results.map((r) => [r.hash, r]));
}

describe('resolveRigNames: likely and possible', () => {
  it('splits matches at the threshold by family size × targets / 2^32', () => {
    const small = family('small', ['L_', 'R_'], ['Arm', 'Leg', 'Hand'], ['', '1', '2']); // 18 names
    const big = family(
      'big',
      ['Tail', 'Fin'],
      ['_'],
      Array.from({ length: 500 }, (_, n) => String(n)),
    ); // 1000 names
    const rig = { hashes: [hash('R_Hand1'), hash('Fin_77')], links: [] };
    // 2 targets: small 18 × 2 / 2^32 ≈ 8.4e-9, big 1000 × 2 / 2^32 ≈ 4.7e-7; the threshold 1e-7 lies between.
    const results = resolve(rig, [small, big], [], 1e-7);
    expect(results.get(hash('R_Hand1'))).toMatchObject({
      name: 'R_Hand1',
      confidence: 'likely',
      family: 'small',
      expectedChance: (18 * 2) / TWO_32,
    });
    const possible = results.get(hash('Fin_77'))!;
    expect(possible).toMatchObject({ name: null, confidence: 'possible', family: 'big', expectedChance: (1000 * 2) / TWO_32 });
    expect(possible.candidates.map((c) => c.name)).toEqual(['Fin_77']);
  });

  it('calls a dictionary hash known and a hash no family matches unmatched', () => {
    const results = resolve({ hashes: [hash('Hips'), hash('Zzz')], links: [] }, [family('f', ['A'])], ['Hips'], 0.05);
    expect(results.get(hash('Hips'))).toMatchObject({ name: 'Hips', confidence: 'known', family: 'dictionary' });
    expect(results.get(hash('Zzz'))).toMatchObject({ name: null, confidence: null, family: null, expectedChance: null });
  });

  it('refuses a threshold that is not a positive number', () => {
    const options = { dictionary: new NameDictionary(), families: [], matches: [] };
    expect(() => resolveRigNames({ hashes: [], links: [] }, { ...options, threshold: 0 })).toThrow(RangeError);
    expect(() => resolveRigNames({ hashes: [], links: [] }, { ...options, threshold: NaN })).toThrow(RangeError);
  });
});

describe('resolveRigNames: evidence', () => {
  // 4 sides × 22 words × 100 numbers = 8,800 names.
  const words = ['Cape', 'Hood', 'Belt', 'Strap', 'Hair', 'Cloth', 'Skirt', 'Coat', 'Scarf', 'Sleeve', 'Tail'];
  const sided = family('sided', ['L_', 'R_', 'Left_', 'Right_'], [...words, ...words.map((w) => `${w}s`)], ['_'], twoDigits);

  it('raises a mirrored pair: the counterpart of an established name', () => {
    expect(familySize(sided)).toBe(8800);
    const rig = { hashes: [hash('Hips'), hash('L_Cape_07'), hash('R_Cape_07')], links: [] as [number, number][] };
    // Alone, R_Cape_07 is one of 8,800 names tried on 2 unknown hashes: 8800 × 2 / 2^32 ≈ 4.1e-6 > 1e-8.
    const alone = resolve(rig, [sided], ['Hips'], 1e-8);
    expect(alone.get(hash('R_Cape_07'))).toMatchObject({ name: null, confidence: 'possible' });
    // Both sides matching each other is no evidence (the same shape pairs up by chance too).
    expect(alone.get(hash('L_Cape_07'))).toMatchObject({ name: null, confidence: 'possible' });
    expect(alone.get(hash('L_Cape_07'))!.notes).toEqual([
      'L_Cape_07: its mirror R_Cape_07 is only a candidate too; not evidence, since a chance match pairs up with a real pair of the same shape',
    ]);
    // With L_Cape_07 known, only one name of the family is its mirror: 1 × 1 target / 2^32; but
    // never better than the known name itself (dictionary of 2 names × 3 hashes / 2^32).
    const raised = resolve(rig, [sided], ['Hips', 'L_Cape_07'], 1e-8).get(hash('R_Cape_07'))!;
    expect(raised).toMatchObject({ name: 'R_Cape_07', confidence: 'likely', family: 'sided', expectedChance: (2 * 3) / TWO_32 });
    expect(raised.evidence).toEqual(['mirror L_Cape_07 is known']);
  });

  it('weighs a word shared with an established parent by the share of the family holding it', () => {
    const gear = family('gear', ['Quiver', 'Cape', 'Hood', 'Belt'], ['_'], twoDigits); // 400 names
    const rig = { hashes: [hash('Quiver'), hash('Quiver_12')], links: [[hash('Quiver_12'), hash('Quiver')]] as [number, number][] };
    // A quarter of the 400 names hold "Quiver": 100 names × 1 target / 2^32 (the known parent's own
    // count, 1 name × 2 hashes / 2^32, is smaller).
    const child = resolve(rig, [gear], ['Quiver'], 1e-7).get(hash('Quiver_12'))!;
    expect(child).toMatchObject({ name: 'Quiver_12', confidence: 'likely', expectedChance: 100 / TWO_32 });
    expect(child.evidence).toEqual(['shares "Quiver" with its parent Quiver (known)']);
    // Without the link there is no evidence: 400 / 2^32 ≈ 9.3e-8 stays under 1e-7 but not under 5e-8.
    const unlinked = resolve({ ...rig, links: [] }, [gear], ['Quiver'], 5e-8).get(hash('Quiver_12'))!;
    expect(unlinked.confidence).toBe('possible');
  });
});

describe('resolveRigNames: a numbered series (CRC-32 is linear)', () => {
  const chain = ['Cape_01', 'Cape_02', 'Cape_03', 'Cape_04', 'Cape_05'];
  const links = chain.slice(1).map((name, i) => [hash(name), hash(chain[i])] as [number, number]);
  const numbered = family('numbered', ['Cape', 'Hood', 'Belt', 'Tail'], ['_'], twoDigits); // 400 names

  it('gives equal-length names a crc xor that depends only on their xor, so one chance hit repeats along a series', () => {
    // zlib: crc('Cape_0k') ⊕ crc('Hood_0k') is the same for every k, because the two names differ
    // in the same bytes (the first four) whatever the number.
    const xors = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => (hash(`Cape_0${k}`) ^ hash(`Hood_0${k}`)) >>> 0);
    expect(new Set(xors).size).toBe(1);
    expect(xors[0]).not.toBe(0);
  });

  it('does not count a run of matches along a series as evidence', () => {
    // 400 names × 5 targets / 2^32 ≈ 4.7e-7, above the 1e-7 threshold: every link stays possible,
    // however many of its neighbours continue the series.
    const results = resolve({ hashes: chain.map(hash), links }, [numbered], [], 1e-7);
    for (const name of chain) {
      const result = results.get(hash(name))!;
      expect(result, name).toMatchObject({ name: null, confidence: 'possible', evidence: [] });
      expect(result.notes.join(' '), name).toMatch(/not evidence, since CRC-32 is linear/);
    }
  });

  it('counts a series that continues from an established name, never trusting it more than that name', () => {
    const results = resolve({ hashes: chain.map(hash), links }, [numbered], ['Cape_01'], 1e-7);
    // Cape_02 continues Cape_01: 2 names of the family do (±1), 2 × 4 targets / 2^32 ≈ 1.9e-9; then
    // names found become context: Cape_03 leans on Cape_02, and so on down the chain.
    let previous = 0;
    for (const name of chain.slice(1)) {
      const result = results.get(hash(name))!;
      expect(result, name).toMatchObject({ name, confidence: 'likely' });
      expect(result.evidence.join(' '), name).toMatch(/continues the series of Cape_0\d/);
      expect(result.expectedChance!, name).toBeGreaterThanOrEqual(previous);
      previous = result.expectedChance!;
    }
    expect(results.get(hash('Cape_02'))!.expectedChance).toBe((2 * 4) / TWO_32);
  });
});
