/**
 * A manifest from a folder layout with no manifest: two folders given out of order, files named
 * `name.Class`; the rider's id is the u64 at the start of its anvilnext header (0x3A1F…, read off
 * the sample below), the filler body's the CRC-32 of `folder/name`, worked out with the project's
 * crc32 of that text.
 */
import { describe, expect, it } from 'vitest';
import { ForgePackLayoutError, manifestFromFolders, manifestWithProfile } from '../../src/archive/forge-pack-folders.js';
import { forgeProfileByName } from '../../src/archive/profile/profiles.js';
import { crc32 } from '../../src/names/crc32.js';
import { filler, RIDER } from './forge-fixtures.js';

const unity = forgeProfileByName('unity')!;
const riderId = new DataView(RIDER.buffer, RIDER.byteOffset).getBigUint64(0, true);

describe('manifestFromFolders', () => {
  it('numbers the folders in name order, each file a resource of the class its extension names', () => {
    const bodies: Record<string, Uint8Array> = { 'b/Rider.Skeleton': RIDER, 'a/Box.0x415D9568': filler(20) };
    const manifest = manifestFromFolders(
      'out',
      [
        { name: 'b', files: ['Rider.Skeleton'] },
        { name: 'a', files: ['Box.0x415D9568'] },
      ],
      unity,
      27,
      (folder, file) => bodies[`${folder}/${file}`]!,
    );
    expect(manifest.profile).toBe('unity');
    expect(manifest.version).toBe(27);
    expect(manifest.entries.map((e) => [e.number, e.name, e.type])).toEqual([
      [0, 'a', '0x415D9568'],
      [1, 'b', '0x24AECB7C'],
    ]);
    expect(manifest.entries[0]!.resources[0]).toMatchObject({
      name: 'Box',
      file: 'Box.0x415D9568',
      id: `0x${crc32('a/Box').toString(16).toUpperCase().padStart(16, '0')}`,
    });
    expect(manifest.entries[1]!.resources[0]!.id).toBe(`0x${riderId.toString(16).toUpperCase().padStart(16, '0')}`);
  });

  it('refuses a layout that names no manifest, saying which file', () => {
    const none = () => new Uint8Array(0);
    expect(() => manifestFromFolders('out', [], unity, 27, none)).toThrow(
      new ForgePackLayoutError('out holds no folder (one folder per data file, one file per resource)'),
    );
    expect(() => manifestFromFolders('out', [{ name: 'a', files: ['noext'] }], unity, 27, none)).toThrow(
      /^a\/noext has no class extension/,
    );
    expect(() => manifestFromFolders('out', [{ name: 'a', files: ['x.Nothing'] }], unity, 27, none)).toThrow(/unknown class "Nothing"/);
    expect(() => manifestFromFolders('out', [{ name: 'a', files: [] }], unity, 27, none)).toThrow('out/a holds no resource file');
  });

  it('rewrites a manifest for another profile, its TOC record reading with it', () => {
    const manifest = manifestFromFolders('out', [{ name: 'a', files: ['Box.0x415D9568'] }], unity, 27, () => filler(4));
    const wildlands = forgeProfileByName('wildlands')!;
    expect(manifestWithProfile(manifest, unity)).toBe(manifest);
    expect(manifestWithProfile(manifest, wildlands)).toMatchObject({ profile: 'wildlands', tocRecord: wildlands.tocRecord.value });
  });
});
