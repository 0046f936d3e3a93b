/**
 * One named resource read from disk: a file of its own or a record inside a hand-built archive,
 * the same bytes either way, and each way it can fail said with whose mistake it is.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ForgeAddressError } from '../../src/index.js';
import { ParseError } from '../../src/io/errors.js';
import {
  loadResourceFile,
  readArchiveResource,
  readNamedSkeleton,
  readResourceFile,
  ResourceInputError,
  skeletonOfBytes,
} from '../../src/node.js';
import { handArchive } from '../archive/forge-hand.js';
import { bikeEntry, componentEntry, COMPONENT_BODY, SKATER, filler } from '../archive/forge-fixtures.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-resource-input-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const skater = 'samples/scimitar/SWS_Skater.Skeleton';
const archive = join(temp, 'hand.forge');
writeFileSync(archive, handArchive([bikeEntry(), componentEntry()], { version: 27 }).bytes);

function failure(run: () => unknown): ResourceInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResourceInputError) return error;
    throw error;
  }
  throw new Error('did not fail');
}

describe('a named resource', () => {
  it('from a file: its bytes, header and model', () => {
    const read = readResourceFile(skater);
    expect([read.bytes, read.header.kind, read.label]).toEqual([SKATER, 'Skeleton', skater]);
    expect(loadResourceFile(skater).resource.kind).toBe('Skeleton');
    expect(skeletonOfBytes(read.bytes, skater).bones.length).toBeGreaterThan(0);
  });

  it('from inside an archive: the same bytes, labelled by address', async () => {
    const inside = await readArchiveResource(archive, 'CHR_Bike.Skeleton', 'Skater');
    expect([inside.bytes, inside.label]).toEqual([SKATER, `${archive}: entry 0 "CHR_Bike.Skeleton": resource 1 "Skater"`]);
    await expect(readArchiveResource(archive, 'NoSuchEntry', undefined)).rejects.toBeInstanceOf(ForgeAddressError);
  });

  it('fails as the call’s mistake or the input’s', async () => {
    expect(failure(() => readResourceFile(join(temp, 'missing.Skeleton')))).toMatchObject({ kind: 'usage' });
    const stray = join(temp, 'stray.bin');
    writeFileSync(stray, filler(64));
    expect(failure(() => readResourceFile(stray))).toMatchObject({ kind: 'unread' });
    expect(failure(() => skeletonOfBytes(COMPONENT_BODY, 'rider'))).toMatchObject({
      kind: 'unread',
      message: 'rider: is a SkeletonComponent, not a Skeleton',
    });
    // An archive whose tables are refused: the refusal, with the archive named.
    const broken = join(temp, 'broken.forge');
    writeFileSync(broken, handArchive([bikeEntry()], { version: 27 }).bytes.subarray(0, 40));
    const refused = await readArchiveResource(broken, '0', undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ResourceInputError);
    expect((refused as ResourceInputError).kind).toBe('refused');
    expect((refused as ResourceInputError).refused?.file).toBe(broken);
  });

  it('as a Skeleton, from a file or inside an archive, a refusal named where it is', async () => {
    const loose = await readNamedSkeleton(skater, {}, {}, 'test');
    expect([loose.label, loose.skeleton.bones.length]).toEqual([skater, skeletonOfBytes(SKATER, skater).bones.length]);
    const inside = await readNamedSkeleton(archive, { entry: '0', resource: '1' }, {}, 'test');
    expect(inside.label).toBe(`${archive}: entry 0 "CHR_Bike.Skeleton": resource 1 "Skater"`);
    expect(inside.skeleton.bones.map((bone) => bone.nameHash)).toEqual(loose.skeleton.bones.map((bone) => bone.nameHash));
    // A loose file cut short: the decoder's refusal as it is, for the caller to name.
    const cut = join(temp, 'cut.Skeleton');
    writeFileSync(cut, SKATER.subarray(0, SKATER.length - 3));
    await expect(readNamedSkeleton(cut, {}, {}, 'test')).rejects.toBeInstanceOf(ParseError);
    // An archive without an entry named is the call's mistake, prefixed by the command.
    const noEntry = await readNamedSkeleton(archive, {}, {}, 'pose find').catch((error: unknown) => error);
    expect(noEntry).toMatchObject({
      kind: 'usage',
      message: `pose find: ${archive} is a .forge archive; choose an entry with --entry N|NAME`,
    });
  });
});
