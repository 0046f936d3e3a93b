import { readFileSync } from 'node:fs';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crackHashes, defaultVocabulary } from '../../src/names/crack.js';
import { builtInDictionary, builtInNames, builtInNamesWithout, NameDictionary } from '../../src/names/dictionary.js';
import { defaultFamilies, familySize } from '../../src/names/families.js';
import { searchFamilies } from '../../src/names/family-search.js';
import { resolveRigNames } from '../../src/names/rig-names.js';

// Hashes come from the sources (anvil-published-hashes.json, transcribed from them) or from zlib,
// never from the project's crc32.
const published = JSON.parse(readFileSync(new URL('./anvil-published-hashes.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, Record<string, string>>
>;
const odyssey = published['anvil-ac-odyssey.txt'].recovered;
const publishedHash = (name: string): number => Number.parseInt(odyssey[name], 16);

describe('the helper families of shipped Anvil rigs', () => {
  const families = defaultFamilies();
  const familyOf = (hash: number, name: string): string | undefined =>
    searchFamilies([hash], families).matches.find((match) => match.name === name)?.family;

  it("find the Odyssey table's helper names from the hashes it publishes, each in its pattern's family", () => {
    const expected: [string, string][] = [
      ['C_LeftElbow', 'corrective'],
      ['C_RightKnee', 'corrective'],
      ['R_LeftArmRoll_U', 'roll-up-down'],
      ['R_RightForeArmRoll_D', 'roll-up-down'],
      ['Fx_Eyelid_LU', 'face-part-side'],
      ['Fx_Cheek_R4', 'face-part-side'],
      ['Fx_Mouth_DL', 'face-part-side'],
      ['Fx_Teeth_down', 'face-part-side'],
      ['Fx_Tongue', 'face-part'],
    ];
    for (const [name, family] of expected) expect(familyOf(publishedHash(name), name), name).toBe(family);
  });

  it("find the Wildlands page's numbered helpers (no hash published: zlib's)", () => {
    for (const name of ['O_01LeftForeArm', 'L_01LeftArm']) expect(familyOf(zlibCrc32(name), name), name).toBe('numbered-helper');
  });

  it('find twist helpers and side-lettered chains', () => {
    expect(familyOf(zlibCrc32('L_Thigh_Twist2'), 'L_Thigh_Twist2')).toBe('side-part-twist');
    expect(familyOf(zlibCrc32('Cape_M_03'), 'Cape_M_03')).toBe('chain-side-nn');
  });

  it('have the sizes worked out from their slots by hand', () => {
    const size = new Map(families.map((family) => [family.id, familySize(family)]));
    // Fx_ × 18 face parts × '_' × 17 side codes (R L M U D UR UL DR DL RU RD LU LD Up Down up down) × ('' or 1..9).
    expect(size.get('face-part-side')).toBe(18 * 17 * 10);
    expect(size.get('face-part')).toBe(18 * 10);
    // 22 chain words (chains.txt) × '_' × 4 side letters × '_' × (1..30 plus the padded 00..09).
    expect(size.get('chain-side-nn')).toBe(22 * 4 * 40);
  });
});

describe('the vocabulary a new user found missing', () => {
  const words =
    'Knee Elbow Wrist Clavicle Pelvis Calf Thigh Eye Eyelid Brow Lip Jaw Tongue Ear Nose Cheek Cape Hood Belt Quiver Scabbard'.split(' ');

  it('is all in the cracker vocabulary', () => {
    const vocabulary = new Set(defaultVocabulary().words);
    expect(words.filter((word) => !vocabulary.has(word))).toEqual([]);
  });

  it('resolves Left<Word> and R_<Word> names through the families, likely on their odds alone', () => {
    const names = words.flatMap((word) => [`Left${word}`, `R_${word}`]);
    const hashes = names.map((name) => zlibCrc32(name));
    const dictionary = builtInDictionary();
    const unknown = hashes.filter((hash) => dictionary.lookup(hash).length === 0);
    const { matches } = searchFamilies(unknown, defaultFamilies());
    const results = resolveRigNames({ hashes, links: [] }, { dictionary, families: defaultFamilies(), matches });
    results.forEach((result, i) => {
      expect(result.name, names[i]).toBe(names[i]);
      expect(['known', 'likely']).toContain(result.confidence);
    });
  });

  it('lets the word search build LeftKnee and Scabbard_L from the words', () => {
    const targets = ['LeftKnee', 'Scabbard_L'].map((name) => zlibCrc32(name));
    const results = crackHashes(targets, { ...defaultVocabulary(), maxWords: 2 });
    expect(results[0].matches.map((m) => m.name)).toContain('LeftKnee');
    expect(results[1].matches.map((m) => m.name)).toContain('Scabbard_L');
  });
});

describe('the dictionary without one list of rig names', () => {
  it('drops the names only that list gives, and keeps the ones a naming scheme also gives', () => {
    const without = new NameDictionary(builtInNamesWithout('anvil-ac-unity'));
    // A_BloodFX is found only in the Unity track table; LeftHand is a HumanIK name.
    expect(builtInNames()).toContain('A_BloodFX');
    expect(without.has('A_BloodFX')).toBe(false);
    expect(without.has('LeftHand')).toBe(true);
    expect(() => builtInNamesWithout('no-such-list')).toThrow(RangeError);
  });
});

describe("other tools' rig names", () => {
  it('resolve from their zlib hashes, one example of each list as its source writes it', () => {
    const examples = [
      'mixamorig:LeftHandIndex4',
      'mixamorigHips',
      'upperarm_twist_02_l',
      'ValveBiped.Bip01_L_Forearm',
      'DEF-upper_arm.L',
      'UpArm_L',
      'LEFT_HAIR_BACK_1',
    ];
    for (const name of examples) expect(builtInDictionary().lookup(zlibCrc32(name)), name).toContain(name);
  });
});
