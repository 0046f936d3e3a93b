/**
 * The names published for shipped Anvil rigs (src/names/data/anvil-*.txt, except the helper
 * vocabulary). Hashes come from zlib (the reference CRC-32) or are the values the sources publish,
 * copied here with the source named, never from the project's crc32.
 */
import { readFileSync } from 'node:fs';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readNameDataFiles } from '../../scripts/name-data.js';
import { ANVIL_AC1_ALTAIR, ANVIL_AC_ODYSSEY, ANVIL_AC_UNITY, ANVIL_GHOST_RECON_WILDLANDS } from '../../src/names/data/lists.js';
import { anvilRigNames, builtInDictionary, builtInNames } from '../../src/names/dictionary.js';

const LISTS = {
  'anvil-ghost-recon-wildlands.txt': ANVIL_GHOST_RECON_WILDLANDS,
  'anvil-ac-odyssey.txt': ANVIL_AC_ODYSSEY,
  'anvil-ac-unity.txt': ANVIL_AC_UNITY,
  'anvil-ac1-altair.txt': ANVIL_AC1_ALTAIR,
};
const namesOf = (list: Readonly<Record<string, readonly string[]>>): string[] => Object.values(list).flat();

/** Names with the hash each source publishes for them (a sample of every list). */
const PUBLISHED: Record<keyof typeof LISTS, [string, number][]> = {
  // docs/03-skeleton.md and docs/06-weapons.md of the Wildlands documentation.
  'anvil-ghost-recon-wildlands.txt': [
    ['Neck1', 0xb05fd12b],
    ['RightHand_Weapon_Ref', 0x3fb256e5],
    ['Fake_gunroot', 0x826846f3],
    ['FakeGunRoot_Gameplay', 0x08b4ddd5],
    ['Backpack_Gun_AttachPoint_Secondary', 0x776266e1],
    ['wb-ref-anim', 0x8cda0e3f],
  ],
  // The BoneID enum of ForgeModel.cs: a commented entry, then entries named from their identifiers.
  'anvil-ac-odyssey.txt': [
    ['RightHandCup', 0x2a0d8811],
    ['CameraNode', 0xa9cefd4a],
    ['Root', 0xb6c65665], // BONE_ROOT
    ['Fx_Jaw_M', 0x5da6e280], // BONE_FX_JAW_M
    ['Fx_Teeth_down', 0x9e64f428], // BONE_FX_TEETH_DOWN
    ['C_LeftKnee', 0x65a177f9], // BONE_C_LEFTKNEE
    ['R_LeftForeArmRoll_U', 0xdd0e822d], // BONE_R_LEFTFOREARMROLL_U
    ['L_RightThigh', 0x07cdc2c3], // BONE_L_RIGHTTHIGH
  ],
  // g_RecognizedTracks of AnimationEditor.cpp gives the IDs in decimal.
  'anvil-ac-unity.txt': [
    ['A_BloodFX', 4214103169],
    ['LeftFootThumb1', 93034205],
    ['A_Pistol_L_Tag', 4140400542],
    ['H_LB2_Skirt', 1088042174],
    ['A_Blunderbuss_Align', 565228797],
  ],
  // altair_bone_names.json keys.
  'anvil-ac1-altair.txt': [
    ['LeftClavicle', 0xb898b609],
    ['RightClavicle', 0x63d89144],
    ['LeftHandPinky3', 0x1aa88c90],
  ],
};

describe('the names found on shipped Anvil rigs', () => {
  it('hash, by zlib, to the values their sources publish, and the dictionary resolves them', () => {
    const dictionary = builtInDictionary();
    for (const [file, samples] of Object.entries(PUBLISHED)) {
      const list = namesOf(LISTS[file as keyof typeof LISTS]);
      for (const [name, hash] of samples) {
        expect(list, `${file} lists ${name}`).toContain(name);
        expect(zlibCrc32(name) >>> 0, name).toBe(hash);
        expect(dictionary.lookup(hash), name).toContain(name);
      }
    }
  });

  it('are every one in the built-in dictionary under its zlib hash', () => {
    const dictionary = builtInDictionary();
    for (const [file, list] of Object.entries(LISTS)) {
      for (const name of namesOf(list)) expect(dictionary.lookup(zlibCrc32(name)), `${file}: ${name}`).toContain(name);
    }
  });

  it('leave out a comment whose name does not match its hash', () => {
    // ForgeModel.cs comments BONE_C_RIGHTELBOW = 0xee3f1ccb as RightElbow, which hashes elsewhere.
    expect(zlibCrc32('RightElbow') >>> 0).not.toBe(0xee3f1ccb);
    expect(builtInDictionary().lookup(0xee3f1ccb)).toEqual(['C_RightElbow']);
    expect(namesOf(ANVIL_AC_ODYSSEY)).not.toContain('RightElbow');
  });

  it('are kept with their case, as found', () => {
    const dictionary = builtInDictionary();
    // Wildlands spells the visual gun root Fake_gunroot and the gameplay one FakeGunRoot_Gameplay.
    expect(dictionary.has('Fake_gunroot')).toBe(true);
    expect(dictionary.has('Fake_GunRoot')).toBe(false);
    expect(dictionary.lookup(zlibCrc32('fake_gunroot'))).toEqual([]);
  });

  it('hold a name found in several lists once, and it resolves to itself', () => {
    // Hips is in all four lists (and HumanIK); the Wildlands page gives its hash.
    for (const list of Object.values(LISTS)) expect(namesOf(list)).toContain('Hips');
    expect(builtInNames().filter((name) => name === 'Hips')).toHaveLength(1);
    expect(builtInDictionary().lookup(0xded10611)).toEqual(['Hips']);
    const all = Object.values(LISTS).flatMap(namesOf);
    expect(anvilRigNames().length).toBeLessThan(all.length);
    expect(new Set(anvilRigNames()).size).toBe(anvilRigNames().length);
    expect(new Set(anvilRigNames())).toEqual(new Set(all));
  });

  it('each name their public source: a repository, a file in it, and what was checked', () => {
    const files = readNameDataFiles();
    for (const file of Object.keys(LISTS)) {
      const header = files
        .get(file)!
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) => line.replace(/^#\s?/, ''))
        .join(' ');
      expect(header, file).toMatch(/Source: .*\b[\w.-]+\/[\w.-]+\b/);
      expect(header, file).toMatch(/files? [\w./-]+\.\w+/);
      expect(header, file).toMatch(/zlib's CRC-32/);
    }
  });
});

describe('every checked name of the Anvil rig lists', () => {
  // The published hashes of every name the lists call checked, transcribed from the sources.
  const published = JSON.parse(readFileSync(new URL('./anvil-published-hashes.json', import.meta.url), 'utf8')) as Record<
    string,
    Record<string, Record<string, string>>
  >;
  const checkedSections: Record<keyof typeof LISTS, string[]> = {
    'anvil-ghost-recon-wildlands.txt': ['hashVerified'],
    'anvil-ac-odyssey.txt': ['commented', 'recovered'],
    'anvil-ac-unity.txt': ['names'],
    'anvil-ac1-altair.txt': ['names'],
  };
  const sectionKey = (section: string): string => section.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

  it('hashes, by zlib, to the value its source publishes', () => {
    for (const [file, sections] of Object.entries(published)) {
      if (file.startsWith('_')) continue;
      const list = LISTS[file as keyof typeof LISTS] as Readonly<Record<string, readonly string[]>>;
      for (const [section, names] of Object.entries(sections)) {
        for (const [name, hash] of Object.entries(names)) {
          expect(list[sectionKey(section)], `${file} [${section}] lists ${name}`).toContain(name);
          expect(zlibCrc32(name) >>> 0, `${file}: ${name}`).toBe(Number(hash));
        }
      }
    }
  });

  it('has its published hash on record, so no unchecked name hides in a checked section', () => {
    for (const [file, sections] of Object.entries(checkedSections)) {
      const list = LISTS[file as keyof typeof LISTS] as Readonly<Record<string, readonly string[]>>;
      const recorded = new Set(Object.values(published[file]!).flatMap((names) => Object.keys(names)));
      for (const section of sections) {
        expect(list[section]!.length, `${file} ${section}`).toBeGreaterThan(0);
        for (const name of list[section]!) expect(recorded.has(name), `${file}: ${name}`).toBe(true);
      }
    }
  });
});
