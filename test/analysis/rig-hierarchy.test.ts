/** The rig `crack` weighs names against: from bones, and from a hierarchy document, each bad item named. */
import { describe, expect, it } from 'vitest';
import { parseRigHierarchy, rigHierarchyOf, RigHierarchyError } from '../../src/analysis/rig-hierarchy.js';

describe('rig hierarchies', () => {
  it('links each bone to its parent, the root to none', () => {
    const bones = [
      { nameHash: 0xa, parent: -1 },
      { nameHash: 0xb, parent: 0 },
      { nameHash: 0xc, parent: 1 },
    ];
    expect(rigHierarchyOf({ bones } as never)).toEqual({
      hashes: [0xa, 0xb, 0xc],
      links: [
        [0xb, 0xa],
        [0xc, 0xb],
      ],
    });
  });

  it('reads a document of hashes and parents, and names the first item that is not one', () => {
    expect(parseRigHierarchy('{ "0x0000000B": ["0x0000000A", null], "0x0000000A": [null] }')).toEqual({
      hashes: [0xb, 0xa, 0xa],
      links: [[0xb, 0xa]],
    });
    expect(() => parseRigHierarchy('[]')).toThrow(new RigHierarchyError('expected an object { "<hash>": ["<parent hash>" | null, ...] }'));
    expect(() => parseRigHierarchy('{ "bone": [] }')).toThrow('key "bone" is not a hash');
    expect(() => parseRigHierarchy('{ "0x1": 3 }')).toThrow('0x1: expected an array of parent hashes or null');
    expect(() => parseRigHierarchy('{ "0x1": [7] }')).toThrow('0x1: parent 7 is not a hash or null');
    expect(() => parseRigHierarchy('{')).toThrow(/^not JSON \(/);
  });
});
