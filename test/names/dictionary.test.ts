import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/names/crc32.js';
import {
  CLASS_NAMES,
  NameDictionary,
  builtInDictionary,
  builtInNames,
  classDictionary,
  newBuiltInDictionary,
} from '../../src/names/dictionary.js';

/** Published class hashes of the format, as the issue lists them. */
const CLASS_HASHES: Record<string, number> = {
  Skeleton: 0x24aecb7c,
  Bone: 0x95741049,
  Reference: 0x2c52cbb0,
  SkeletonType: 0x9c78eb24,
  SkeletonPoseGroup: 0xc8f8abff,
  SkeletonPose: 0x209cf072,
  SkeletonPoseBone: 0x071cee50,
  IKData: 0x9a33101e,
  BoneInitialTransforms: 0x6350e5a6,
  COMData: 0x9a67179a,
  SkeletonMirrorData: 0xe96b19a5,
  ConstraintTarget: 0xdf638110,
  SkeletonComponent: 0x71fda747,
  AnimTrackDefinition: 0xa8037d53,
  WindForce: 0xe7f9a244,
  MeshBone: 0x9ef0e7a1,
};

describe('class names', () => {
  it('hash to the published values', () => {
    for (const name of CLASS_NAMES) expect(crc32(name), name).toBe(CLASS_HASHES[name]);
    expect([...CLASS_NAMES].sort()).toEqual(Object.keys(CLASS_HASHES).sort());
  });

  it('resolve through the class dictionary and the built-in dictionary', () => {
    for (const [name, hash] of Object.entries(CLASS_HASHES)) {
      expect(classDictionary().resolve(hash)).toBe(name);
      expect(builtInDictionary().lookup(hash)).toContain(name);
    }
    expect(classDictionary().resolve(crc32('Hips'))).toBeNull();
  });
});

describe('the built-in dictionary', () => {
  const humanIk = [
    'Reference',
    'Hips',
    'Spine',
    'Spine1',
    'Spine9',
    'Neck',
    'Neck1',
    'Neck9',
    'Head',
    'HeadEnd',
    'LeftShoulder',
    'RightShoulder',
    'LeftArm',
    'LeftForeArm',
    'LeftHand',
    'RightForeArm',
    'LeftUpLeg',
    'LeftLeg',
    'LeftFoot',
    'LeftToeBase',
    'RightToeBase',
    'LeftHandThumb1',
    'LeftHandThumb4',
    'RightHandPinky4',
    'RightHandIndex2',
    'LeftHandMiddle3',
    'LeftHandRing1',
    'LeftInHandIndex',
    'RightInHandPinky',
    'LeftHandExtraFinger2',
    'LeftFootThumb1',
    'RightFootPinky4',
    'LeftFootExtraFinger3',
    'LeftInFootMiddle',
    'LeftArmRoll',
    'LeftForeArmRoll',
    'RightUpLegRoll',
    'RightLegRoll',
    'LeftForeArmRoll3',
    'LeafLeftArmRoll1',
  ];
  const anvilHelpers = [
    'O_Hips',
    'O_LeftHand',
    'L_ForeArm',
    'R_UpLeg',
    'Prop_RightHand',
    'Prop_LeftHand',
    'Prop_Back',
    'Holster_Back',
    'wb-Root',
    'wb-Trigger',
    'wb-Magazine',
    'wb-Slide',
    'wb-Bolt',
    'wb-Hammer',
    'wb-Muzzle',
  ];

  it('resolves HumanIK and Anvil helper names from their hashes', () => {
    const dictionary = builtInDictionary();
    for (const name of [...humanIk, ...anvilHelpers]) expect(dictionary.lookup(crc32(name)), name).toContain(name);
    expect(dictionary.resolve(crc32('Hips'))).toBe('Hips');
  });

  it('knows nothing it was not given', () => {
    expect(builtInDictionary().lookup(crc32('NotABoneName_xyz'))).toEqual([]);
    expect(builtInDictionary().resolve(crc32('NotABoneName_xyz'))).toBeNull();
    expect(builtInDictionary().has('lefthand')).toBe(false);
  });

  it('is built once and holds distinct names', () => {
    expect(builtInDictionary()).toBe(builtInDictionary());
    expect(new Set(builtInNames()).size).toBe(builtInNames().length);
    expect(builtInDictionary().size).toBe(builtInNames().length);
    expect(builtInDictionary().size).toBeGreaterThan(500);
  });
});

describe('NameDictionary', () => {
  it('keeps every name of a colliding hash, in order', () => {
    // A well-known CRC-32 collision.
    expect(crc32('plumless')).toBe(crc32('buckeroo'));
    const dictionary = new NameDictionary(['plumless', 'buckeroo']);
    expect(dictionary.lookup(crc32('plumless'))).toEqual(['plumless', 'buckeroo']);
    expect(dictionary.resolve(crc32('buckeroo'))).toBe('plumless');
  });

  it('ignores duplicates and grows with add', () => {
    const dictionary = new NameDictionary(['A', 'B', 'A']);
    expect(dictionary.size).toBe(2);
    expect(dictionary.add(['B', 'C'])).toBe(dictionary);
    expect(dictionary.size).toBe(3);
    expect(dictionary.lookup(crc32('A'))).toEqual(['A']);
    expect(dictionary.resolve(crc32('C'))).toBe('C');
  });

  it('copies independently', () => {
    const original = new NameDictionary(['A']);
    const copy = original.copy().add(['B']);
    expect(copy.resolve(crc32('B'))).toBe('B');
    expect(original.resolve(crc32('B'))).toBeNull();
    expect(original.size).toBe(1);
  });
});

describe('a dictionary indexed on first use', () => {
  it('gives the names of a frozen list and later additions in the order added, first name per hash first', () => {
    const later = ['Spine', 'Head'];
    const dictionary = new NameDictionary(Object.freeze(['Hips', 'Spine'])).add(later);
    later.push('Neck'); // added by value: a change after add is not seen
    expect([...dictionary.names()]).toEqual(['Hips', 'Spine', 'Head']);
    expect(dictionary.size).toBe(3);
    expect(dictionary.resolve(crc32('Hips'))).toBe('Hips');
    expect(dictionary.lookup(crc32('Head'))).toEqual(['Head']);
    expect(dictionary.has('Neck')).toBe(false);
    expect(dictionary.copy().size).toBe(3);
  });

  it('of the built-in names, listed at the first look-up, holds them first, then what was added', () => {
    const dictionary = newBuiltInDictionary().add(['AddedOne', 'Hips', 'AddedTwo']);
    const names = [...dictionary.names()];
    expect(names.slice(0, builtInNames().length)).toEqual([...builtInNames()]);
    expect(builtInNames()).toContain('Hips'); // a duplicate of a built-in name is not added again
    expect(names.slice(builtInNames().length)).toEqual(['AddedOne', 'AddedTwo']);
    expect(dictionary.resolve(crc32('AddedTwo'))).toBe('AddedTwo');
    expect(dictionary.resolve(crc32('LeftForeArm'))).toBe('LeftForeArm');
    // Its own: the shared built-in dictionary does not see the additions.
    expect(builtInDictionary().has('AddedOne')).toBe(false);
    expect(newBuiltInDictionary().size).toBe(builtInDictionary().size);
  });
});
