/**
 * `export`, `pose` and `skin` on a Skeleton inside a .forge archive (`--entry`, `--resource`),
 * against the same command on the same body written out as a loose file: the archive is assembled
 * by hand (test/archive/forge-hand.ts, from docs/archives.md), so the bodies in it are the bodies the test
 * wrote, and whatever a command makes of the loose copy it must make of the archived one, byte for
 * byte. Refusals are held to the flag, the entry and the archive offset worked out here.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeResource } from '../../src/formats/resource.js';
import { buildSkeleton } from '../../src/model/build.js';
import { scimitarRecordFromSkeleton } from '../../src/model/from-records.js';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import {
  bikeEntry,
  BIKE,
  COMPONENT_BODY,
  componentEntry,
  filler,
  MESH,
  RIDER,
  riderEntry,
  SKATER,
  SKELETON,
} from '../archive/forge-fixtures.js';
import { runCli, type CliRun } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-archive-address-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
const fresh = (name: string): string => {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  return join(dir, name);
};
const write = (name: string, bytes: Uint8Array | string): string => {
  const path = fresh(name);
  writeFileSync(path, bytes);
  return path;
};
const bytesOf = (path: string): Uint8Array => new Uint8Array(readFileSync(path));
/**
 * A body's bone count, read off its header: anvilnext after u64 id, u32 class, u8 managed prefix
 * and u32 SkeletonType, so at 0x11 (docs/format-anvilnext.md); scimitar at 0xD (the seed's table).
 */
const boneCount = (body: Uint8Array, dialect: 'anvilnext' | 'scimitar'): number =>
  new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(dialect === 'anvilnext' ? 0x11 : 0xd, true);

/**
 * The skin tests' three-bone rig (bone 1 at (1, 2, 3) turned 90° about z, bone 2 at (1, 0, 0) under
 * it), as a scimitar Skeleton: the body of a resource whose MeshBones the test can write by hand.
 */
const S = Math.SQRT1_2;
const RIG = writeResource({
  kind: 'Skeleton',
  dialect: 'scimitar',
  record: scimitarRecordFromSkeleton(
    buildSkeleton({
      dialect: 'scimitar',
      id: 0x100n,
      bones: [
        { nameHash: 0xa0, parent: -1, local: { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] } },
        { nameHash: 0xa1, parent: 0, local: { position: [1, 2, 3, 0], rotation: [0, 0, S, S] } },
        { nameHash: 0xa2, parent: 1, local: { position: [1, 0, 0, 0], rotation: [0, 0, 0, 1] } },
      ],
    }),
  ),
});
/** The rig's inverse global binds (worked out in test/cli/skin.test.ts): rotation Rz−90, translations (−2, 1, −3) and (−3, 1, −3). */
const ROWS = [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
const MESH_BONES = JSON.stringify([
  { bone: '0xA0', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
  { bone: '0xA1', matrix: [...ROWS, -2, 1, -3, 1] },
  { bone: '0xA2', matrix: [...ROWS, -3, 1, -3, 1] },
]);

/**
 * Entry 0: the rider Skeleton, then a mesh record. Entry 1: the bike and the skater. Entry 2: a
 * SkeletonComponent. Entry 3: a mesh record, then the rig (so its one Skeleton is resource 1).
 */
const ENTRIES: HandEntry[] = [
  riderEntry(filler(300, 1)),
  bikeEntry(),
  componentEntry(),
  {
    id: 0x4444n,
    name: 'CHR_Rig.Skeleton',
    type: SKELETON,
    resources: [
      { classHash: MESH, id: 0xd1n, name: 'Rig_Mesh', body: filler(64, 2) },
      { classHash: SKELETON, id: 0xd2n, name: 'Rig', body: RIG },
    ],
  },
];
const archive = write('DataPC.forge', handArchive(ENTRIES, { version: 27 }).bytes);
const ARCHIVE_BYTES = bytesOf(archive);
const loose = {
  rider: write('Rider.Skeleton', RIDER),
  skater: write('Skater.Skeleton', SKATER),
  component: write('RiderComponent.SkeletonComponent', COMPONENT_BODY),
  rig: write('Rig.Skeleton', RIG),
};
const meshBones = write('rig-meshbones.json', MESH_BONES);
const palette = write('palette.json', '[0, 1, 2]');
/** The label every archive message uses, as validate's report names a resource: archive, entry, resource. */
const label = (entry: number, entryName: string, index: number, name: string): string =>
  `${archive}: entry ${entry} ${JSON.stringify(entryName)}: resource ${index} ${JSON.stringify(name)}`;

/**
 * `export`, `pose show` and `skin bind` on a Skeleton inside `archive`, each addressed by its own
 * of `addresses` (the forms are varied on purpose); the runs, in that order.
 */
async function eachCommand(archive: string, addresses: [string[], string[], string[]]): Promise<CliRun[]> {
  const runs: CliRun[] = [];
  for (const args of [
    ['export', archive, ...addresses[0], '-o', fresh('x.glb')],
    ['pose', 'show', archive, ...addresses[1]],
    ['skin', 'bind', archive, meshBones, ...addresses[2]],
  ])
    runs.push(await runCli(args));
  return runs;
}

describe('export of a Skeleton inside an archive', () => {
  // Each address, and the loose file of the body it names.
  const cases: [string, string[], string][] = [
    ['an entry named, no --resource (its one Skeleton)', ['--entry', 'CHR_Rider.Skeleton'], loose.rider],
    ['an entry named, --resource by index', ['--entry', 'CHR_Rider.Skeleton', '--resource', '0'], loose.rider],
    ['an entry numbered, no --resource', ['--entry', '0'], loose.rider],
    ['an entry numbered, --resource by name', ['--entry', '1', '--resource', 'Skater'], loose.skater],
    ['an entry named, --resource by hex id', ['--entry', 'CHR_Bike.Skeleton', '--resource', '0xB2'], loose.skater],
  ];
  it.each(cases)('%s: the .glb is byte for byte the loose file’s', async (_, address, file) => {
    const fromArchive = fresh('a.glb');
    const fromFile = fresh('f.glb');
    const a = await runCli(['export', archive, ...address, '-o', fromArchive]);
    expect(a.code).toBe(0);
    expect((await runCli(['export', file, '-o', fromFile])).code).toBe(0);
    expect(bytesOf(fromArchive)).toEqual(bytesOf(fromFile));
    const bones = file === loose.rider ? boneCount(RIDER, 'anvilnext') : boneCount(SKATER, 'scimitar');
    expect(a.stdout).toContain(`: ${bones} bones,`);
    expect(bytesOf(archive)).toEqual(ARCHIVE_BYTES);
  });

  it('a .gltf with its buffer beside it is the loose file’s too, both files', async () => {
    const fromArchive = fresh('a.gltf');
    const fromFile = fresh('f.gltf');
    expect(
      (await runCli(['export', archive, '--entry', '1', '--resource', '1', '-o', fromArchive, '--separate', '--pose', 'runtime'])).code,
    ).toBe(0);
    expect((await runCli(['export', loose.skater, '-o', fromFile, '--separate', '--pose', 'runtime'])).code).toBe(0);
    // The .gltf names its buffer by file name: a.bin and f.bin, the only difference.
    expect(readFileSync(fromArchive, 'utf8').replace('"a.bin"', '"f.bin"')).toBe(readFileSync(fromFile, 'utf8'));
    expect(bytesOf(fromArchive.replace(/gltf$/, 'bin'))).toEqual(bytesOf(fromFile.replace(/gltf$/, 'bin')));
  });
});

describe('pose of a Skeleton inside an archive', () => {
  it('pose build writes the loose file’s pose array', async () => {
    const fromArchive = fresh('a.bin');
    const fromFile = fresh('f.bin');
    expect((await runCli(['pose', 'build', archive, '--entry', 'CHR_Bike.Skeleton', '--resource', 'Bike', '-o', fromArchive])).code).toBe(
      0,
    );
    const bike = write('Bike.Skeleton', BIKE);
    expect((await runCli(['pose', 'build', bike, '-o', fromFile])).code).toBe(0);
    expect(bytesOf(fromArchive)).toEqual(bytesOf(fromFile));
    // 48 bytes a bone (position, rotation, scale vec4).
    expect(bytesOf(fromArchive).byteLength).toBe(boneCount(BIKE, 'anvilnext') * 48);
  });

  it('pose show prints what it prints for the loose file, as text and as JSON', async () => {
    for (const json of [[], ['--json']]) {
      const a = await runCli(['pose', 'show', archive, '--entry', '0', ...json]);
      const f = await runCli(['pose', 'show', loose.rider, ...json]);
      expect(a.code).toBe(0);
      expect(a.stdout).toBe(f.stdout);
    }
  });

  it('pose find finds the archived skeleton’s array where the test put it in a dump', async () => {
    const array = fresh('rider.bin');
    expect((await runCli(['pose', 'build', loose.rider, '-o', array])).code).toBe(0);
    // 1,000 filler bytes, the array, 500 more: it starts at offset 1000.
    const dump = write('game.dmp', Uint8Array.from([...filler(1000, 7), ...bytesOf(array), ...filler(500, 8)]));
    const a = await runCli(['pose', 'find', archive, dump, '--entry', 'CHR_Rider.Skeleton', '--json']);
    const f = await runCli(['pose', 'find', loose.rider, dump, '--json']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(f.stdout);
    expect(JSON.parse(a.stdout)).toMatchObject({ offset: 1000, bones: boneCount(RIDER, 'anvilnext') });
  });

  it('pose find names the archived skeleton by archive, entry and resource when the array is not there', async () => {
    const dump = write('empty.dmp', filler(2000, 9));
    const a = await runCli(['pose', 'find', archive, dump, '--entry', '1', '--resource', 'Skater']);
    expect(a.code).toBe(1);
    expect(a.stderr).toContain(
      `the ${boneCount(SKATER, 'scimitar')}-bone skeleton ${label(1, 'CHR_Bike.Skeleton', 1, 'Skater')} in ${dump}`,
    );
  });
});

describe('skin of a Skeleton inside an archive', () => {
  const rig = label(3, 'CHR_Rig.Skeleton', 1, 'Rig');

  it('skin bind reports what it reports for the loose file, naming the archived Skeleton in the text', async () => {
    const a = await runCli(['skin', 'bind', archive, meshBones, '--entry', 'CHR_Rig.Skeleton', '--json']);
    const f = await runCli(['skin', 'bind', loose.rig, meshBones, '--json']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(f.stdout);
    // The MeshBones are the exact inverse binds: all three match.
    expect(JSON.parse(a.stdout)).toMatchObject({ meshBones: 3, rotationMatches: 3, translationMatches: 3 });
    const text = await runCli(['skin', 'bind', archive, meshBones, '--entry', '3']);
    const looseText = await runCli(['skin', 'bind', loose.rig, meshBones]);
    expect(text.stdout).toContain(`of ${meshBones} against ${rig} (`);
    expect(text.stdout).toBe(looseText.stdout.replace(loose.rig, rig));
  });

  it('skin palette writes the loose file’s register block', async () => {
    const fromArchive = fresh('a.bin');
    const fromFile = fresh('f.bin');
    const args = [meshBones, '--palette', palette, '--pose', 'runtime'];
    expect((await runCli(['skin', 'palette', archive, ...args, '--entry', '3', '--resource', 'Rig', '-o', fromArchive])).code).toBe(0);
    expect((await runCli(['skin', 'palette', loose.rig, ...args, '-o', fromFile])).code).toBe(0);
    expect(bytesOf(fromArchive)).toEqual(bytesOf(fromFile));
    // 16 bytes a register, registers up to base 39 + count 96 (the defaults).
    expect(bytesOf(fromArchive).byteLength).toBe(16 * (39 + 96));
  });

  it('skin capture reports what it reports for the loose file', async () => {
    const frame = fresh('frame.bin');
    expect((await runCli(['skin', 'palette', loose.rig, meshBones, '--palette', palette, '-o', frame])).code).toBe(0);
    const a = await runCli(['skin', 'capture', archive, meshBones, '--entry', '3', '--palette', palette, '--json', '--constants', frame]);
    const f = await runCli(['skin', 'capture', loose.rig, meshBones, '--palette', palette, '--json', '--constants', frame]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(f.stdout);
    // Two parent-child pairs (0–1, 1–2), both recovered from the bind-pose block.
    expect(JSON.parse(a.stdout)).toMatchObject({ pairs: 2, within: 2 });
  });

  it('a refusal of the MeshBones still names the MeshBones file, not the archive', async () => {
    const unknown = write('unknown.json', JSON.stringify([{ bone: '0xEE', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }]));
    const a = await runCli(['skin', 'bind', archive, unknown, '--entry', '3']);
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(new RegExp(`^anvil-skel: ${unknown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  });
});

describe('what an archive address refuses', () => {
  it('an archive without --entry is a usage error naming --entry, for every command', async () => {
    const runs = [
      await runCli(['export', archive, '-o', fresh('x.glb')]),
      await runCli(['pose', 'show', archive]),
      await runCli(['pose', 'build', archive, '-o', fresh('x.bin')]),
      await runCli(['skin', 'bind', archive, meshBones]),
    ];
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${archive} is a .forge archive; choose an entry with --entry`);
    }
  });

  it('an unknown entry, or an entry of two Skeletons without --resource, is a usage error', async () => {
    const unknown = await runCli(['export', archive, '--entry', 'CHR_Horse.Skeleton', '-o', fresh('x.glb')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no entry numbered or named "CHR_Horse.Skeleton"');
    // Four entries: numbers 0 to 3; 4 is none of them.
    expect((await runCli(['pose', 'show', archive, '--entry', '4'])).code).toBe(2);
    const two = await runCli(['pose', 'show', archive, '--entry', 'CHR_Bike.Skeleton']);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/holds 2 Skeletons/);
  });

  it('--entry or --resource with a loose file is a usage error', async () => {
    const entry = await runCli(['export', loose.rider, '--entry', '0', '-o', fresh('x.glb')]);
    expect(entry.code).toBe(2);
    expect(entry.stderr).toContain(`--entry and --resource address a resource inside a .forge archive, and ${loose.rider} is not one`);
    expect((await runCli(['pose', 'show', loose.rider, '--resource', '0'])).code).toBe(2);
    expect((await runCli(['skin', 'bind', loose.rig, meshBones, '--entry', '3'])).code).toBe(2);
  });

  it('a SkeletonComponent where a Skeleton is needed fails as the loose file does, naming it', async () => {
    const component = label(2, 'CHR_Rider.SkeletonComponent', 0, 'RiderComponent');
    const fromLoose = await runCli(['export', loose.component, '-o', fresh('x.glb')]);
    expect(fromLoose.code).toBe(1);
    for (const run of await eachCommand(archive, [
      ['--entry', '2'],
      ['--entry', 'CHR_Rider.SkeletonComponent'],
      ['--entry', '2', '--resource', 'RiderComponent'],
    ])) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`anvil-skel: ${component}: is a SkeletonComponent, not a Skeleton\n`);
      expect(run.stderr).toBe(fromLoose.stderr.replace(loose.component, component));
    }
  });

  it('an entry whose TOC set fails its checksum fails (exit 1) at the archive offset of the checksum', async () => {
    const { bytes, tocSets } = handArchive([riderEntry(filler(300, 1))], { version: 27 });
    // One entry, v27: the header 0x15 + data header 44 = 65, the index block 48 + one index
    // entry 20 + one name entry 192 = 260, so the data file (its TOC set first) is at 325. A
    // one-block set: magic 8, set version 2, method 1, two sizes 4, count 4, sizes 8: the
    // checksum at +27 = 352 (0x160), the stored bytes from +31.
    expect(tocSets[0]).toBe(325);
    bytes[325 + 31]! ^= 0xff;
    const broken = write('Broken.forge', bytes);
    for (const run of await eachCommand(broken, [
      ['--entry', 'CHR_Rider.Skeleton'],
      ['--entry', '0'],
      ['--entry', '0'],
    ])) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${broken}: entry 0 "CHR_Rider.Skeleton": refused at offset 0x160 (352): entries[0].toc.blocks[0].checksum`,
      );
    }
  });

  it('a body the reader refuses fails (exit 1) naming archive, entry and resource, with the loose file’s refusal', async () => {
    // The rider cut to 100 bytes: its header still names a Skeleton, but the bone count at 0x11
    // (docs/format-anvilnext.md) asks for more bones than the 79 bytes after it hold.
    const cut = RIDER.subarray(0, 100);
    const entries: HandEntry[] = [
      { id: 1n, name: 'CHR_Cut.Skeleton', type: SKELETON, resources: [{ classHash: SKELETON, id: 2n, name: 'Cut', body: cut }] },
    ];
    const cutArchive = write('Cut.forge', handArchive(entries, { version: 27 }).bytes);
    const cutFile = write('Cut.Skeleton', cut);
    const fromFile = await runCli(['export', cutFile, '-o', fresh('x.glb')]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toMatch(/^\S+: offset 0x11 \(17\): bones: /);
    const refusal = fromFile.stderr.slice(`${cutFile}: `.length);
    const where = `${cutArchive}: entry 0 "CHR_Cut.Skeleton": resource 0 "Cut"`;
    for (const run of await eachCommand(cutArchive, [
      ['--entry', '0'],
      ['--entry', 'CHR_Cut.Skeleton'],
      ['--entry', '0', '--resource', 'Cut'],
    ])) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`anvil-skel: ${where}: ${refusal}`);
    }
  });

  it('-o naming the archive itself is refused, and the archive is unchanged', async () => {
    // export wants .glb or .gltf, so the archive here is named like one: it is told by its magic.
    const asGlb = write('DataPC.glb', ARCHIVE_BYTES);
    const run = await runCli(['export', asGlb, '--entry', '0', '-o', asGlb]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`is the input file ${asGlb}`);
    expect(bytesOf(asGlb)).toEqual(ARCHIVE_BYTES);
    const build = await runCli(['pose', 'build', archive, '--entry', '0', '-o', archive]);
    expect(build.code).toBe(2);
    expect(build.stderr).toContain(`is the input file ${archive}`);
    const skin = await runCli(['skin', 'palette', archive, meshBones, '--entry', '3', '--palette', palette, '-o', archive]);
    expect(skin.code).toBe(2);
    expect(bytesOf(archive)).toEqual(ARCHIVE_BYTES);
  });
});
