import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storedRootLocalEqualsOwn, type CensusReport } from '../../src/analysis/census.js';
import { readResource } from '../../src/formats/resource.js';
import { runCensusCli } from './helpers.js';

/** The bundled Skeletons, by dialect: rider, bike and five addons; the skater. */
const ANVILNEXT_FILES = [
  'samples/anvilnext/MAD_CHR_Skel_U.Skeleton',
  'samples/anvilnext/MAD_CHR_Skel_Bike_U.Skeleton',
  ...readdirSync('samples/anvilnext/addons')
    .filter((f) => f.endsWith('.Skeleton'))
    .map((f) => `samples/anvilnext/addons/${f}`),
];
const SCIMITAR_FILES = ['samples/scimitar/SWS_Skater.Skeleton'];
const u32At = (path: string, offset: number) => readFileSync(path).readUInt32LE(offset);

describe('census of the bundled samples (no path given)', () => {
  it('counts every Skeleton, bone, component and SkeletonType, and exits 0', async () => {
    const run = await runCensusCli(['--json', '-']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as CensusReport;
    expect(ANVILNEXT_FILES).toHaveLength(7);

    expect(report.files).toBe(12); // 10 resources, README.md and names.txt
    expect(report.skipped).toBe(2);
    expect(report.unreadable).toBe(0);
    expect(report.skeletons).toEqual({
      total: 8,
      exact: 8,
      refused: 0,
      byDialect: { anvilnext: 7, scimitar: 1 },
      exactByDialect: { anvilnext: 7, scimitar: 1 },
    });
    // Bone counts and SkeletonTypes straight from the bytes, at the offsets docs/format-anvilnext.md gives:
    // anvilnext u64 id, u32 class, u8 managed, then SkeletonType at 13 and the bone count at 17;
    // scimitar u8 managed, u32 id, u32 class, u32, then the bone count at 0xD.
    const anvilnextBones = ANVILNEXT_FILES.reduce((n, f) => n + u32At(f, 17), 0);
    const scimitarBones = SCIMITAR_FILES.reduce((n, f) => n + u32At(f, 0xd), 0);
    expect(report.bonesByDialect).toEqual({ anvilnext: anvilnextBones, scimitar: scimitarBones });
    expect(report.bones).toBe(anvilnextBones + scimitarBones);
    const types: Record<string, number> = {};
    for (const f of ANVILNEXT_FILES) types[u32At(f, 13)] = (types[u32At(f, 13)] ?? 0) + 1;
    expect(report.skeletonTypes).toEqual(types);
    expect(types).toEqual({ '1': 1, '5': 1, '8': 5 }); // rider, bike, five addons, as the rigs declare
    // The components' lengths by the seed's rule: 12-byte header + 56 + 10 × addons + 20 × tracks;
    // the rider's has five addons and two track definitions, the NPC's none.
    expect(readFileSync('samples/anvilnext/MAD_CHR_Rider.SkeletonComponent').length).toBe(12 + 56 + 10 * 5 + 20 * 2);
    expect(readFileSync('samples/anvilnext/MAD_NPC_Generic.SkeletonComponent').length).toBe(12 + 56);
    expect(report.components).toMatchObject({ total: 2, exact: 2, refused: 0, addons: { '0': 1, '5': 1 }, tracks: { '0': 1, '2': 1 } });
    // Some rig names are deliberately outside the dictionary.
    expect(report.names.total).toBe(report.bones);
    expect(report.names.resolved).toBeLessThan(report.names.total);
    expect(report.ok).toBe(true);
    expect(report.refusals).toEqual([]);
    // Every check holds where it applies: on the seven anvilnext or the one scimitar Skeleton, or all
    // eight. The root-local comparison is noted on the bike only (its root local turns −90°).
    expect(report.checks['single-root']).toMatchObject({ held: 8, failed: 0, notApplicable: 0 });
    expect(report.checks['global-composition']).toMatchObject({ held: 8, failed: 0, notApplicable: 0 });
    expect(report.checks['root-pointer-bone-0']).toMatchObject({ held: 7, failed: 0, notApplicable: 1 });
    expect(report.checks['root-reference-first-bone']).toMatchObject({ held: 1, failed: 0, notApplicable: 7 });
    expect(report.checks['root-local-equals-own']).toMatchObject({ held: 6, noted: 1, notApplicable: 1 });
    for (const [id, check] of Object.entries(report.checks)) expect(check.failed, id).toBe(0);
  });

  it('finds the stored root local equal to the own transform on the rider and the addons, not the bike', async () => {
    const report = JSON.parse((await runCensusCli(['--json', '-'])).stdout) as CensusReport;
    expect(report.rootLocalCompared).toBe(7);
    expect(report.rootLocalEqualsOwn).toBe(6);
    const noted = report.checks['root-local-equals-own']!;
    expect(noted.noted).toBe(1);
    expect(noted.examples.map((e) => e.file)).toEqual(['samples/anvilnext/MAD_CHR_Skel_Bike_U.Skeleton']);
    for (const [path, equal] of [
      ['samples/anvilnext/MAD_CHR_Skel_U.Skeleton', true],
      ['samples/anvilnext/MAD_CHR_Skel_Bike_U.Skeleton', false],
      ['samples/anvilnext/addons/MAD_CHR_SkelAddon_Hair.Skeleton', true],
    ] as const) {
      const resource = readResource(readFileSync(path))!.resource;
      if (resource.kind !== 'Skeleton' || resource.dialect !== 'anvilnext') throw new Error('expected an anvilnext Skeleton');
      expect(storedRootLocalEqualsOwn(resource.record), path).toBe(equal);
    }
  });

  it('prints the seed-style summary on stdout', async () => {
    const run = await runCensusCli([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Census of samples: 12 files, 8 Skeletons (7 anvilnext, 1 scimitar), 2 SkeletonComponents, 2 other files skipped.',
    );
    expect(run.stdout).toContain(
      'All 8 Skeletons consume exactly with the checked grammar, with no refusals; they hold 118 bones (95 anvilnext, 23 scimitar).',
    );
    expect(run.stdout).toContain(
      "In 6 of the 7 Skeletons that store an own transform and a root local (the anvilnext family's, read to their end, with bones and a root reference), the stored root local already equals the own transform.",
    );
    expect(run.stdout).toContain('SkeletonType values: 1 (1), 5 (1), 8 (5).');
  });
});
