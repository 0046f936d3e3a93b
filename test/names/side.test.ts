import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterpartName, hasSide } from '../../src/names/side.js';
import { rigToSkeleton } from '../../src/samples/rig.js';
import { crc32 } from '../../src/names/crc32.js';

// Each expected name is the input with every side marker swapped by hand.
const CASES: [string, string][] = [
  ['LeftArm', 'RightArm'],
  ['RightHand', 'LeftHand'],
  ['L_Thigh', 'R_Thigh'],
  ['Thigh_L', 'Thigh_R'],
  ['Prop_RightHand3', 'Prop_LeftHand3'],
  // Every marker flips, not just the first one found: the prefix, the word and the suffix.
  ['L_LeftThing_R', 'R_RightThing_L'],
  ['LeftHand_RightProp', 'RightHand_LeftProp'],
];

describe('counterpartName', () => {
  it.each(CASES)('%s ↔ %s', (name, other) => {
    expect(counterpartName(name)).toBe(other);
    expect(counterpartName(other)).toBe(name);
    expect(hasSide(name)).toBe(true);
  });

  it('swaps every Left and Right word as one left-to-right pattern replacement would, on names built of side words', () => {
    // The rule written as a pattern, here in the test: every Left ↔ Right, then the L_/R_ prefix and _L/_R suffix.
    const byPattern = (name: string): string => {
      let head = '';
      let body = name;
      let tail = '';
      if (body.startsWith('L_') || body.startsWith('R_')) [head, body] = [body[0] === 'L' ? 'R_' : 'L_', body.slice(2)];
      if (body.endsWith('_L') || body.endsWith('_R')) [tail, body] = [body.endsWith('L') ? '_R' : '_L', body.slice(0, -2)];
      return head + body.replace(/Left|Right/g, (word) => (word === 'Left' ? 'Right' : 'Left')) + tail;
    };
    const piece = fc.constantFrom('Left', 'Right', 'Lef', 'ight', 'L', 'R', '_', 'Le', 'ft', 'Rig', 'Arm', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const name = pieces.join('');
        expect(counterpartName(name)).toBe(byPattern(name));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['Spine', 'Reference', 'Head', 'Cleft', 'LThigh', 'Thigh_Lower', 'Hips_', 'L', '_R_', ''])('%j has no side', (name) => {
    // `left` in lower case, `L` without its underscore and an inner `_L…` are not markers.
    expect(counterpartName(name)).toBe(name);
    expect(hasSide(name)).toBe(false);
  });
});

describe('the sample writer pairs mirrors with the same rule', () => {
  it('mirrors L_LeftThing_R with R_RightThing_L, not with L_RightThing_R', () => {
    const skeleton = rigToSkeleton({
      name: 'sides',
      dialect: 'anvilnext',
      id: 1n,
      bones: [
        { name: 'Reference', at: [0, 0, 0] },
        { name: 'L_LeftThing_R', parent: 'Reference', at: [0, 1, 0] },
        { name: 'L_RightThing_R', parent: 'Reference', at: [0, 2, 0] },
        { name: 'R_RightThing_L', parent: 'Reference', at: [0, -1, 0] },
      ],
    });
    expect(skeleton.bones.map((b) => b.nameHash)).toEqual(
      ['Reference', 'L_LeftThing_R', 'L_RightThing_R', 'R_RightThing_L'].map((n) => crc32(n)),
    );
    // Bone 1 ↔ bone 3; bone 2's counterpart (R_LeftThing_L) is absent, so it mirrors itself.
    expect(skeleton.bones.map((b) => b.mirror)).toEqual([0, 3, 2, 1]);
  });
});
