/**
 * `assemble` with archives among its paths. The archives are assembled by hand
 * (test/archive/forge-hand.ts works out every offset from docs/archives.md) from the bundled rider's
 * bodies; the expectation for each is what `assemble` gives on the same bodies as loose files, with
 * the archive labels (`archive: entry N "name": resource I "name"`, spelled out here from the
 * entries the test wrote) where the report names files.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { bikeEntry, COMPONENT, COMPONENT_BODY, filler, MESH, RIDER, SKELETON } from '../archive/forge-fixtures.js';
import { runCli } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-assemble-archive-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
/** A fresh folder of its own, so that no output lies inside a searched folder. */
function freshDir(): string {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  return dir;
}

const NAMES = join(process.cwd(), 'samples/names.txt');
const ADDON_DIR = 'samples/anvilnext/addons';
/** The component's addons in its order, with the object ids their headers carry (u64 at 0, read with xxd). */
const ADDONS = [
  ['Head', '0x3A1F000000100000'],
  ['UpperBody', '0x3A1F000000110000'],
  ['LowerBody', '0x3A1F000000120000'],
  ['Outfit', '0x3A1F000000130000'],
  ['Hair', '0x3A1F000000140000'],
] as const;
const MAIN_ID = '0x3A1F000000010000';
const OUTFIT = '0x3A1F000000130000';
const addonBody = (name: string): Uint8Array => new Uint8Array(readFileSync(join(ADDON_DIR, `MAD_CHR_SkelAddon_${name}.Skeleton`)));

/**
 * The archive's entries, each in a data file of its own: 0 the component, 1 the main Skeleton
 * with a mesh record after it, 2..6 the addons in the component's order, 7 the bike and the
 * skater (Skeletons no component names), 8 a mesh. The TOC ids are not the header ids, so the
 * index must take the id from each record's header.
 */
function entries(): HandEntry[] {
  return [
    {
      id: 0x12n, // not 0x10: id 16 is the GlobalMetaFile bookkeeping entry
      name: 'CHR_Rider.SkeletonComponent',
      type: COMPONENT,
      resources: [{ classHash: COMPONENT, id: 0xc1n, name: 'RiderComponent', body: COMPONENT_BODY }],
    },
    {
      id: 0x11n,
      name: 'CHR_Rider.Skeleton',
      type: SKELETON,
      resources: [
        { classHash: SKELETON, id: 0xa1n, name: 'Rider', body: RIDER },
        { classHash: MESH, id: 0xa2n, name: 'Rider_Mesh', body: filler(300, 1) },
      ],
    },
    ...ADDONS.map(([name], i) => ({
      id: BigInt(0x20 + i),
      name: `CHR_Addon_${name}.Skeleton`,
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: BigInt(0xe0 + i), name, body: addonBody(name) }],
    })),
    bikeEntry(),
    { id: 0x44n, name: 'PROP_Crate.Mesh', type: MESH, resources: [{ classHash: MESH, id: 0xd1n, name: 'Crate', body: filler(2000, 2) }] },
  ];
}

const componentLabel = (archive: string): string => `${archive}: entry 0 "CHR_Rider.SkeletonComponent": resource 0 "RiderComponent"`;
const mainLabel = (archive: string): string => `${archive}: entry 1 "CHR_Rider.Skeleton": resource 0 "Rider"`;
/** Entry numbers follow the archive's order; `first` is the number of the first addon's entry. */
const addonLabels = (archive: string, names: readonly string[], first = 2): string[] =>
  names.map((name, i) => `${archive}: entry ${first + i} "CHR_Addon_${name}.Skeleton": resource 0 "${name}"`);

function writeArchive(dir: string, list: HandEntry[], name = 'DataPC.forge'): string {
  const path = join(dir, name);
  writeFileSync(path, handArchive(list, { version: 27 }).bytes);
  return path;
}

/** The same bodies as loose files in one folder: the component, the main Skeleton, the addons, the bike, the skater and two mesh bodies. */
function writeLoose(dir: string): { component: string; main: string; addons: string[] } {
  const component = join(dir, 'rider.SkeletonComponent');
  writeFileSync(component, COMPONENT_BODY);
  const main = join(dir, 'rider.Skeleton');
  writeFileSync(main, RIDER);
  const addons = ADDONS.map(([name]) => {
    const path = join(dir, `addon_${name}.Skeleton`);
    writeFileSync(path, addonBody(name));
    return path;
  });
  for (const r of bikeEntry().resources) writeFileSync(join(dir, `${r.name}.Skeleton`), r.body);
  writeFileSync(join(dir, 'Rider_Mesh.bin'), filler(300, 1));
  writeFileSync(join(dir, 'Crate.bin'), filler(2000, 2));
  return { component, main, addons };
}

interface Assembly {
  component: string;
  mainSkeleton: { id: string; file: string | null };
  boneCount: number;
  addons: { id: string; file: string | null; joined: number; added: number }[];
  missing: string[];
  bones: unknown[];
}
interface Report {
  components: Assembly[];
  summary: { components: number; assembled: number; complete: number; failures: { file: string; message: string }[] };
}

async function assembleJson(args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const run = await runCli(['assemble', ...args, '--json', '--names', NAMES]);
  return { code: run.code, report: JSON.parse(run.stdout) as Report, stderr: run.stderr };
}

/** An assembly with the three fields that name files taken out, for comparing the rest. */
function withoutFiles(a: Assembly): Omit<Assembly, 'component' | 'mainSkeleton' | 'addons'> & { mainId: string; addons: unknown[] } {
  const { component: _c, mainSkeleton, addons, ...rest } = a;
  return { ...rest, mainId: mainSkeleton.id, addons: addons.map(({ file: _f, ...addon }) => addon) };
}

describe('assemble with archives', () => {
  it('assembles the component of an archive as it does the same bodies as loose files, naming the records', async () => {
    const looseDir = freshDir();
    const loose = writeLoose(looseDir);
    const archive = writeArchive(freshDir(), entries());

    const fromLoose = await assembleJson([looseDir]);
    const fromArchive = await assembleJson([archive]);
    expect([fromLoose.code, fromArchive.code]).toEqual([0, 0]);
    expect([fromLoose.stderr, fromArchive.stderr]).toEqual(['', '']);
    // The rider assembles to 54 bones (test/cli/assemble-command.test.ts works them out); a folder and an archive both give the report of several.
    expect(fromLoose.report.components).toHaveLength(1);
    expect(fromArchive.report.components).toHaveLength(1);
    const [l, a] = [fromLoose.report.components[0]!, fromArchive.report.components[0]!];
    expect(l.boneCount).toBe(54);
    // What differs: only where the report names files, the loose paths against the archive labels.
    expect([l.component, l.mainSkeleton.file, l.addons.map((x) => x.file)]).toEqual([loose.component, loose.main, loose.addons]);
    expect([a.component, a.mainSkeleton.file, a.addons.map((x) => x.file)]).toEqual([
      componentLabel(archive),
      mainLabel(archive),
      addonLabels(
        archive,
        ADDONS.map(([n]) => n),
      ),
    ]);
    expect(withoutFiles(a)).toEqual(withoutFiles(l));
    expect(fromArchive.report.summary).toEqual(fromLoose.report.summary);

    const looseGlb = join(freshDir(), 'rider.glb');
    const archiveGlb = join(freshDir(), 'rider.glb');
    expect((await runCli(['assemble', looseDir, '-o', looseGlb, '--names', NAMES])).code).toBe(0);
    const run = await runCli(['assemble', archive, '-o', archiveGlb, '--names', NAMES]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${mainLabel(archive)}: 31 bones`);
    expect(new Uint8Array(readFileSync(archiveGlb))).toEqual(new Uint8Array(readFileSync(looseGlb)));
  });

  it('finds the Skeletons of a loose component in an archive given with --search', async () => {
    const dir = freshDir();
    const component = join(dir, 'rider.SkeletonComponent');
    writeFileSync(component, COMPONENT_BODY);
    // Without the component's entry, the main Skeleton is entry 0 and the addons 1..5.
    const archive = writeArchive(freshDir(), entries().slice(1));
    const { code, report } = await assembleJson([component, '--search', archive]);
    expect(code).toBe(0);
    const single = report as unknown as Assembly;
    expect([single.component, single.boneCount, single.missing]).toEqual([component, 54, []]);
    expect(single.mainSkeleton).toEqual({ id: MAIN_ID, file: `${archive}: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"` });
    expect(single.addons.map((x) => [x.id, x.file])).toEqual(
      ADDONS.map(([name, id], i) => [id, `${archive}: entry ${1 + i} "CHR_Addon_${name}.Skeleton": resource 0 "${name}"`]),
    );
    // Without --search, the component's own folder holds no Skeleton: nothing is assembled.
    const alone = await assembleJson([component]);
    expect([alone.code, (alone.report as unknown as Assembly).boneCount]).toEqual([1, 0]);
  });

  it('finds loose Skeletons for the component of an archive with --search DIR', async () => {
    const skeletons = freshDir();
    const loose = writeLoose(skeletons);
    rmSync(loose.component);
    const archive = writeArchive(freshDir(), entries().slice(0, 1));
    const { code, report } = await assembleJson([archive, '--search', skeletons]);
    expect(code).toBe(0);
    const a = report.components[0]!;
    expect([a.component, a.boneCount, a.missing]).toEqual([componentLabel(archive), 54, []]);
    expect([a.mainSkeleton.file, a.addons.map((x) => x.file)]).toEqual([loose.main, loose.addons]);
    // By default only the archive's own folder is searched, and it holds no Skeleton.
    const alone = await assembleJson([archive]);
    expect([alone.code, alone.report.components[0]!.boneCount, alone.report.components[0]!.missing]).toEqual([
      1,
      0,
      [MAIN_ID, ...ADDONS.map(([, id]) => id)],
    ]);
  });

  it('reports an addon whose data file is left out as missing: exit 1, 0 with --allow-missing', async () => {
    // Entry 5 (the fourth addon, Outfit) left out.
    const list = entries().filter((e) => e.name !== 'CHR_Addon_Outfit.Skeleton');
    expect(list).toHaveLength(entries().length - 1);
    const archive = writeArchive(freshDir(), list);
    const { code, report } = await assembleJson([archive]);
    expect(code).toBe(1);
    const a = report.components[0]!;
    expect(a.missing).toEqual([OUTFIT]);
    // The Outfit addon adds four bones (Backpack, its two straps, Prop_Back).
    expect(a.boneCount).toBe(54 - 4);
    expect(a.addons.map((x) => x.file)).toEqual([
      ...addonLabels(archive, ['Head', 'UpperBody', 'LowerBody']),
      null,
      ...addonLabels(archive, ['Hair'], 5),
    ]);
    expect(report.summary.failures).toEqual([]);
    expect((await assembleJson([archive, '--allow-missing'])).code).toBe(0);
  });

  it('refuses an addon data file with a corrupted checksum at its archive offset, and the addon is then missing', async () => {
    const { bytes, tocSets } = handArchive(entries(), { version: 27 });
    // Entry 5 is the Outfit addon. A v27 one-block set: u64 magic, u16 version, u8 method,
    // u16 + u16 largest sizes, u32 block count, i32 + i32 sizes (15 + 4 + 8 = 27), then the u32
    // checksum at +27 and the stored bytes from +31: one byte flipped there fails the checksum.
    bytes[tocSets[5]! + 31] ^= 0xff;
    const dir = freshDir();
    const archive = join(dir, 'DataPC.forge');
    writeFileSync(archive, bytes);
    const at = tocSets[5]! + 27;
    const where = `${archive}: entry 5 "CHR_Addon_Outfit.Skeleton"`;
    const refusal = `refused at offset 0x${at.toString(16).toUpperCase()} (${at}): entries[5].toc.blocks[0].checksum`;

    const { code, report, stderr } = await assembleJson([archive, '--allow-missing']);
    // A refusal is a failure even with --allow-missing.
    expect(code).toBe(1);
    expect(report.summary.failures).toHaveLength(1);
    expect(report.summary.failures[0]!.file).toBe(where);
    expect(report.summary.failures[0]!.message.startsWith(refusal)).toBe(true);
    expect(stderr).toContain(`${where}: ${refusal}`);
    const a = report.components[0]!;
    expect([a.missing, a.boneCount]).toEqual([[OUTFIT], 50]);

    const text = await runCli(['assemble', archive]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`missing: addon ${OUTFIT}`);
    expect(text.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an archive whose tables are refused, naming it, and still reads the other paths', async () => {
    const bad = handArchive(entries(), { version: 27 }).bytes;
    // The version at 0x09: 24 is below every reader's.
    new DataView(bad.buffer).setInt32(9, 24, true);
    const dir = freshDir();
    const archive = join(dir, 'Broken.forge');
    writeFileSync(archive, bad);
    const component = join(freshDir(), 'rider.SkeletonComponent');
    writeFileSync(component, COMPONENT_BODY);
    const run = await runCli(['assemble', archive, component, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.summary.failures).toEqual([{ file: archive, message: expect.stringMatching(/^archive refused at offset 0x9 \(9\): /) }]);
    expect(report.components.map((c) => c.component)).toEqual([component]);
  });

  it('takes the first of a duplicated id in walk order, across archives and loose files, and names both', async () => {
    const component = join(freshDir(), 'rider.SkeletonComponent');
    writeFileSync(component, COMPONENT_BODY);
    const skeletons = freshDir();
    const loose = writeLoose(skeletons);
    rmSync(loose.component);
    const archive = writeArchive(freshDir(), entries().slice(1));
    // Without the component's entry, the main Skeleton is entry 0 of the archive.
    const archiveMain = `${archive}: entry 0 "CHR_Rider.Skeleton": resource 0 "Rider"`;
    const archiveFirst = await assembleJson([component, '--search', archive, '--search', skeletons]);
    expect(archiveFirst.code).toBe(0);
    expect((archiveFirst.report as unknown as Assembly).mainSkeleton.file).toBe(archiveMain);
    expect(archiveFirst.stderr).toContain(`id ${MAIN_ID} is carried by ${archiveMain} and ${loose.main}; ${archiveMain} is used`);
    const looseFirst = await assembleJson([component, '--search', skeletons, '--search', archive]);
    expect((looseFirst.report as unknown as Assembly).mainSkeleton.file).toBe(loose.main);
    expect(looseFirst.stderr).toContain(`id ${MAIN_ID} is carried by ${loose.main} and ${archiveMain}; ${loose.main} is used`);
  });

  it('indexes the Skeletons of every data file with --every-data-file', async () => {
    // The main Skeleton hidden behind a mesh record, in a data file the index types as a mesh.
    const list = entries();
    list[1] = { ...list[1]!, type: MESH, resources: [...list[1]!.resources].reverse() };
    const archive = writeArchive(freshDir(), list);
    const typed = await assembleJson([archive]);
    expect([typed.code, typed.report.components[0]!.mainSkeleton.file]).toEqual([1, null]);
    const every = await assembleJson([archive, '--every-data-file']);
    expect(every.code).toBe(0);
    expect(every.report.components[0]!.mainSkeleton.file).toBe(`${archive}: entry 1 "CHR_Rider.Skeleton": resource 1 "Rider"`);
    expect(every.report.components[0]!.boneCount).toBe(54);
  });
});
