/**
 * `readSkeletonRig`, the rig `crack --skeletons` reads: every Skeleton's bones and parent links,
 * from files, folders and a hand-built archive; a SkeletonComponent found in a folder passed
 * over, one named a failure, and a refused record a failure naming its address.
 */
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSkeletonRig } from '../../src/node.js';
import { readResource } from '../../src/formats/resource.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { handArchive } from '../archive/forge-hand.js';
import { bikeEntry, RIDER, SKELETON } from '../archive/forge-fixtures.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-skeleton-rig-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const rider = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';
const component = 'samples/anvilnext/MAD_CHR_Rider.SkeletonComponent';

/** The hashes and links worked out from the model of the rider, bone by bone. */
const riderResource = readResource(RIDER)!.resource;
if (riderResource.kind !== 'Skeleton') throw new Error('the rider sample is a Skeleton');
const riderModel = skeletonFromResource(riderResource);

describe('readSkeletonRig', () => {
  it('gives one Skeleton file’s bones and its parent links', async () => {
    const { rig, skeletons, failures } = await readSkeletonRig([rider]);
    expect([skeletons, failures]).toEqual([1, []]);
    expect(rig.hashes).toEqual(riderModel.bones.map((b) => b.nameHash));
    // Every bone but the roots has a link to its parent.
    expect(rig.links.length).toBe(riderModel.bones.filter((b) => riderModel.bones[b.parent] !== undefined).length);
    expect(rig.links[0]).toEqual([riderModel.bones[1]!.nameHash, riderModel.bones[riderModel.bones[1]!.parent]!.nameHash]);
  });

  it('passes over a component found in a folder, and fails one named', async () => {
    const folder = join(temp, 'folder');
    mkdirSync(folder);
    cpSync(rider, join(folder, 'rider.Skeleton'));
    cpSync(component, join(folder, 'rider.SkeletonComponent'));
    const found = await readSkeletonRig([folder]);
    expect([found.skeletons, found.failures]).toEqual([1, []]);
    const named = await readSkeletonRig([component]);
    expect([named.skeletons, named.failures]).toEqual([0, [`${component}: is a SkeletonComponent, not a Skeleton`]]);
  });

  it('reads an archive’s Skeleton records, a refused one a failure at its address', async () => {
    const archive = join(temp, 'hand.forge');
    const short = {
      id: 0x5555n,
      name: 'CHR_Short.Skeleton',
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: 0xe1n, name: 'Short', body: RIDER.subarray(0, 200) }],
    };
    writeFileSync(archive, handArchive([bikeEntry(), short], { version: 27 }).bytes);
    const { skeletons, failures } = await readSkeletonRig([archive]);
    expect(skeletons).toBe(2);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      new RegExp(`^${archive.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: entry 1 "CHR_Short.Skeleton": resource 0 "Short": `),
    );
  });
});
