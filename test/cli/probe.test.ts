/**
 * `probe`, `--dialect auto` and the census per layout, on files of every layout assembled by hand
 * (test/helpers/sibling-fixtures.ts) and the bundled samples; and a toy layout registered by the
 * test, which detection, probe, the census and the docs then know without any other change.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CensusAccumulator } from '../../src/analysis/census.js';
import { probeResource } from '../../src/analysis/probe.js';
import { layoutFormatDoc } from '../../src/formats/docs.js';
import { anvilnextFamilyDeclaration } from '../../src/formats/anvilnext/family.js';
import { defineLayout, publicReadingLabel } from '../../src/formats/layout.js';
import { registerLayout } from '../../src/formats/registry.js';
import { readResource, writeResource } from '../../src/formats/resource.js';
import { recordFromSkeleton } from '../../src/model/from-records.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { runCli } from '../helpers/cli.js';
import { ac1File, breakpointFile, unityFile, wildlandsFile } from '../helpers/sibling-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'anvil-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Which layout wrote each file is known from how it was built, not from the reader.
const FILES: Record<string, string> = {
  'Hero.Skeleton': 'anvilnext/wildlands',
  'Arno.Skeleton': 'anvilnext/unity',
  'Nomad.Skeleton': 'anvilnext/breakpoint',
  'Altair.Skeleton': 'scimitar/ac1',
  'Rider.Skeleton': 'anvilnext',
  'Skater.Skeleton': 'scimitar',
};
const tree = join(dir, 'tree');
mkdirSync(tree);
writeFileSync(join(tree, 'Hero.Skeleton'), wildlandsFile());
writeFileSync(join(tree, 'Arno.Skeleton'), unityFile());
writeFileSync(join(tree, 'Nomad.Skeleton'), breakpointFile(true));
writeFileSync(join(tree, 'Altair.Skeleton'), ac1File());
copyFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton', join(tree, 'Rider.Skeleton'));
copyFileSync('samples/scimitar/SWS_Skater.Skeleton', join(tree, 'Skater.Skeleton'));

describe('probe', () => {
  it('names the layout that wrote each file, and exits 0 when every file has exactly one', async () => {
    const run = await runCli(['probe', '--json', tree]);
    expect(run.code).toBe(0);
    const results = JSON.parse(run.stdout) as { file: string; match: string | null; candidates: { layout: string }[] }[];
    expect(Object.fromEntries(results.map((r) => [r.file.slice(tree.length + 1), r.match]))).toEqual(FILES);
    // Every layout under every reading is tried: 4 + 1 + 2 (unity) + 4 (wildlands) + 2 (breakpoint) + 1, and the component's 4.
    for (const r of results) expect(r.candidates.length).toBe(18);
  });

  it("says where each other layout stops: the main title at the Wildlands bone's missing BoneDisplayData", () => {
    const wildlands = probeResource(wildlandsFile());
    const main = wildlands.candidates.find((c) => c.layout === 'anvilnext' && c.kind === 'Skeleton')!;
    // Header 8 + 4 + 1 + 4, the count 4; bone 0: tag 1, id 8, class 4, name 4, parent 03 (1), mirror 9:
    // the pointer the main title expects at 21 + 27 = 48 finds the first float's byte 00.
    expect([main.exact, main.offset, main.path]).toEqual([false, 48, 'bones[0].displayData']);
    const exact = wildlands.candidates.filter((c) => c.exact).map((c) => `${c.layout} ${c.reading}`);
    expect(exact).toEqual([
      'anvilnext/wildlands reflexConstraints=u32-length,poseBoneHeader=id-class',
      'anvilnext/wildlands reflexConstraints=u32-length,poseBoneHeader=raw',
    ]);
  });

  it('exits 1 and says so for a file no layout reads, with the offset each stops at', async () => {
    const other = join(dir, 'notes.txt');
    writeFileSync(other, 'some notes, not a skeleton at all');
    const run = await runCli(['probe', other]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('no layout reads it exactly');
    // The class of the main title is at 8, of SWS at 5 after its managed byte 1 (here "s", refused at 0).
    expect(run.stdout).toMatch(/anvilnext +stops at 0x8 \(8\) in classHash/);
    expect(run.stdout).toMatch(/scimitar +stops at 0x0 \(0\) in managed/);
  });

  it('--layouts lists every registered layout', async () => {
    const run = await runCli(['probe', '--layouts', '--json']);
    const names = (JSON.parse(run.stdout) as { name: string; idBits: number }[]).map((l) => [l.name, l.idBits]);
    expect(names).toEqual([
      ['anvilnext', 64],
      ['scimitar', 32],
      ['anvilnext/unity', 64],
      ['anvilnext/wildlands', 64],
      ['anvilnext/breakpoint', 64],
      ['scimitar/ac1', 32],
    ]);
  });
});

describe('--dialect auto and the census per layout', () => {
  it('reads every file with its own layout and counts Skeletons and bones per layout', async () => {
    const run = await runCli(['census', '--json', '-', tree]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { skeletons: { byDialect: Record<string, number> }; bonesByDialect: Record<string, number> };
    const rider = skeletonFromResource(readResource(readFileSync('samples/anvilnext/MAD_CHR_Skel_U.Skeleton'))!.resource as never).bones
      .length;
    const skater = skeletonFromResource(readResource(readFileSync('samples/scimitar/SWS_Skater.Skeleton'))!.resource as never).bones.length;
    expect(report.skeletons.byDialect).toEqual({
      anvilnext: 1,
      scimitar: 1,
      'anvilnext/unity': 1,
      'anvilnext/wildlands': 1,
      'anvilnext/breakpoint': 1,
      'scimitar/ac1': 1,
    });
    // Each hand-built file holds two bones.
    expect(report.bonesByDialect).toEqual({
      anvilnext: rider,
      scimitar: skater,
      'anvilnext/unity': 2,
      'anvilnext/wildlands': 2,
      'anvilnext/breakpoint': 2,
      'scimitar/ac1': 2,
    });
  });

  it('a refusal lists where every layout the header fits stopped', () => {
    const census = new CensusAccumulator();
    const broken = wildlandsFile();
    // Bone 0's u32 array count (Wildlands: its dependencies) sits after its transforms (from 48), byte, enum and modifier count: at
    // 48 + 64 + 1 + 4 + 4 = 121. Its high byte 0x40 makes a count no file can hold.
    broken[121 + 3] = 0x40;
    census.addFile('broken.Skeleton', broken);
    const refusal = census.report().refusals[0]!;
    expect(refusal.dialect).toBe('anvilnext');
    expect(refusal.candidates!.map((c) => c.dialect)).toEqual(['anvilnext', 'anvilnext/wildlands', 'anvilnext/breakpoint']);
    expect(refusal.offset).toBe(48); // the main title's BoneDisplayData
    expect([refusal.candidates![1]!.offset, refusal.candidates![1]!.path]).toEqual([121, 'bones[0].dependencies']);
  });

  it('--dialect takes a sibling layout and refuses the others', async () => {
    expect((await runCli(['validate', '--dialect', 'anvilnext/unity', join(tree, 'Arno.Skeleton')])).code).toBe(0);
    expect((await runCli(['validate', '--dialect', 'anvilnext', join(tree, 'Arno.Skeleton')])).code).toBe(1);
  });
});

describe('a layout registered by a plug-in', () => {
  it('is detected, read, probed, counted and documented with no other change', async () => {
    // A title no source describes: the Wildlands header and bones with Breakpoint's second byte, and Unity's tail.
    const toy = defineLayout(
      anvilnextFamilyDeclaration({
        name: 'anvilnext/toy',
        title: 'a toy title',
        source: 'public reading',
        variant: { header: 'seed', displayData: false, secondByte: true, modifiers: 'by-class', tail: 'unity', label: publicReadingLabel },
        component: false,
        compiledModule: null,
        docs: { path: 'docs/format-anvilnext-toy.md', title: 'Skeleton format: anvilnext/toy', intro: 'toy.md' },
      }),
      {},
    );
    const unregister = registerLayout(toy);
    try {
      expect(() => registerLayout(toy)).toThrow(/registered already/);
      // Its file: the model of the Wildlands fixture written by the toy layout's own record builder.
      const model = skeletonFromResource(readResource(wildlandsFile())!.resource as never);
      const bytes = writeResource({ kind: 'Skeleton', dialect: 'anvilnext/toy', record: recordFromSkeleton('anvilnext/toy', model) });
      // Header 17 + count 4; the root bone 117 bytes (its parent 03 is one byte), the other 125 (02 + id);
      // then root pointer 9, own transform 32, BodyPartMapping 10, pose groups 4, IKData 1, LookAt 10, ReflexSystem 1, two f32 8.
      expect(bytes.length).toBe(17 + 4 + 117 + 125 + 9 + 32 + 10 + 4 + 1 + 10 + 1 + 8);
      expect(readResource(bytes)!.resource.dialect).toBe('anvilnext/toy');
      expect(probeResource(bytes).match).toBe('anvilnext/toy');
      const census = new CensusAccumulator();
      census.addFile('toy.Skeleton', bytes);
      expect(census.report().skeletons.byDialect['anvilnext/toy']).toBe(1);
      expect(layoutFormatDoc(toy, () => 'A toy.')).toMatch(/^# Skeleton format: anvilnext\/toy[\s\S]*\| secondByte \|/m);
      expect((await runCli(['probe', '--layouts'])).stdout).toContain('anvilnext/toy');
    } finally {
      unregister();
    }
    expect((await runCli(['probe', '--layouts'])).stdout).not.toContain('anvilnext/toy');
  });
});
