/**
 * `findPoseArrayInFile`: a Skeleton's pose array written into a file between filler bytes is found
 * at the offset the test put it, across chunk boundaries, with progress told against the file's size.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePoseArray } from '../../src/analysis/pose-array.js';
import { readResource } from '../../src/formats/resource.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { findPoseArrayInFile } from '../../src/node.js';
import { filler, RIDER } from '../archive/forge-fixtures.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-pose-dump-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const resource = readResource(RIDER)!.resource;
if (resource.kind !== 'Skeleton') throw new Error('the rider sample is a Skeleton');
const skeleton = skeletonFromResource(resource);

describe('findPoseArrayInFile', () => {
  it('finds the array where it was written, and tells progress against the size', async () => {
    const array = encodePoseArray(skeleton);
    const at = 4096 + 12;
    const dump = new Uint8Array(at + array.byteLength + 3000);
    dump.set(filler(dump.byteLength, 7));
    dump.set(array, at);
    const path = join(temp, 'dump.bin');
    writeFileSync(path, dump);
    const seen: [number, number][] = [];
    const { result, size } = await findPoseArrayInFile(skeleton, path, {
      chunkBytes: 1000,
      onProgress: (scanned, total) => seen.push([scanned, total]),
    });
    expect(size).toBe(dump.byteLength);
    expect(result?.offset).toBe(at);
    expect(result?.bones).toBe(skeleton.bones.length);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(([, total]) => total === dump.byteLength)).toBe(true);
  });

  it('gives null for a dump without it, and rejects with the file system error for a missing one', async () => {
    const path = join(temp, 'empty.bin');
    writeFileSync(path, filler(5000, 9));
    expect(await findPoseArrayInFile(skeleton, path)).toEqual({ result: null, size: 5000 });
    await expect(findPoseArrayInFile(skeleton, join(temp, 'missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
