import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storedRootLocalEqualsOwn, type CensusReport } from '../../src/analysis/census.js';
import { readResource } from '../../src/formats/resource.js';
import { builtInDictionary } from '../../src/names/dictionary.js';
import { sampleSkeletons } from '../../src/samples/corpus.js';
import { runCensusCli } from './helpers.js';

describe('census of the bundled samples (no path given)', () => {
  it('counts every Skeleton, bone, component and SkeletonType, and exits 0', async () => {
    const run = await runCensusCli(['--json', '-']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as CensusReport;
    const models = Object.values(sampleSkeletons());
    const bones = (dialect: string) => models.filter((m) => m.dialect === dialect).reduce((n, m) => n + m.bones.length, 0);

    expect(report.files).toBe(12); // 10 resources, README.md and names.txt
    expect(report.skipped).toBe(2);
    expect(report.unreadable).toBe(0);
    expect(report.skeletons).toEqual({ total: 8, exact: 8, refused: 0, byDialect: { anvilnext: 7, scimitar: 1 }, exactByDialect: { anvilnext: 7, scimitar: 1 } });
    expect(report.bonesByDialect).toEqual({ anvilnext: bones('anvilnext'), scimitar: bones('scimitar') });
    expect(report.bones).toBe(118);
    expect(report.bonesByDialect).toEqual({ anvilnext: 95, scimitar: 23 });
    expect(report.skeletonTypes).toEqual({ '1': 1, '5': 1, '8': 5 }); // rider, bike, five addons
    expect(report.components).toEqual({ total: 2, exact: 2, refused: 0, lengthRuleHolds: 2, addons: { '0': 1, '5': 1 }, tracks: { '0': 1, '2': 1 } });
    const dictionary = builtInDictionary();
    const resolved = models.flatMap((m) => m.bones).filter((b) => dictionary.resolve(b.nameHash) !== null).length;
    expect(report.names).toEqual({ resolved, total: 118 });
    expect(resolved).toBe(99);
    expect(report.ok).toBe(true);
    expect(report.refusals).toEqual([]);
    for (const [id, check] of Object.entries(report.checks)) {
      expect(check.held + check.failed + check.noted + check.notApplicable, id).toBe(8);
      expect(check.failed, id).toBe(0);
    }
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
    expect(run.stdout).toContain('Census of samples: 12 files, 8 Skeletons (7 anvilnext, 1 scimitar), 2 SkeletonComponents, 2 other files skipped.');
    expect(run.stdout).toContain('All 8 Skeletons consume exactly with the checked grammar, with no refusals; they hold 118 bones (95 anvilnext, 23 scimitar).');
    expect(run.stdout).toContain('In 6 of 7 Skeletons the stored root local already equals the own transform.');
    expect(run.stdout).toContain('SkeletonType values: 1 (1), 5 (1), 8 (5).');
  });
});
