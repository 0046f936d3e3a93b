/**
 * `pose show`'s report of a two-bone rig without an own transform: the root at (1, 0, 0), a child one
 * unit further along x, so its world position is (2, 0, 0); every rotation the identity. The lines
 * are written out here from those values and the column widths of the header.
 */
import { describe, expect, it } from 'vitest';
import { runtimePoseJson, runtimePoseText } from '../../src/export/runtime-pose-report.js';
import { buildSkeleton } from '../../src/model/build.js';

const local = { position: [1, 0, 0, 0] as [number, number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number] };
const skeleton = buildSkeleton({
  dialect: 'anvilnext',
  id: 1n,
  bones: [
    { nameHash: 0xa, parent: -1, local },
    { nameHash: 0xb, parent: 0, local },
  ],
});
const nameOf = (hash: number) => (hash === 0xa ? 'Root' : null);

describe('the runtime pose report', () => {
  it('gives each bone its runtime local and world transform', () => {
    const json = runtimePoseJson(skeleton, nameOf);
    expect(json.ownTransform).toBeNull();
    expect(json.bones.map((b) => [b.bone, b.parent, b.nameHash, b.name, b.world.position])).toEqual([
      [0, -1, '0x0000000A', 'Root', [1, 0, 0, 0]],
      [1, 0, '0x0000000B', null, [2, 0, 0, 0]],
    ]);
  });

  it('prints a header and one line per bone', () => {
    const p1 = 'p( 1.0000, 0.0000, 0.0000) q( 0.0000, 0.0000, 0.0000, 1.0000)';
    const p2 = 'p( 2.0000, 0.0000, 0.0000) q( 0.0000, 0.0000, 0.0000, 1.0000)';
    expect(runtimePoseText(skeleton, nameOf).split('\n')).toEqual([
      'anvilnext skeleton, 2 bones; no own transform: the runtime root local is the stored one',
      ` bone parent  ${'name'.padEnd(20)}  ${'runtime local'.padEnd(p1.length + 2)}world`,
      `    0      -  ${'Root'.padEnd(20)}  ${p1}  ${p1}`,
      `    1      0  ${'0x0000000B'.padEnd(20)}  ${p1}  ${p2}`,
      '',
    ]);
  });
});
