/**
 * The census says whether each component's main and addon Skeletons are in the corpus. The sample
 * corpus's rider component names the rider (0x3A1F000000010000) and five addons
 * (0x3A1F0000001n0000, n = 0…4, src/samples/rigs.ts); the NPC component names the rider alone.
 */
import { describe, expect, it } from 'vitest';
import { CensusAccumulator } from '../../src/analysis/census.js';
import { censusMarkdown } from '../../src/export/census-markdown.js';
import { censusSummaryText } from '../../src/export/census-text.js';
import { sampleCorpus } from '../../src/samples/corpus.js';

const RIDER = 'anvilnext/MAD_CHR_Rider.SkeletonComponent';
const NPC = 'anvilnext/MAD_NPC_Generic.SkeletonComponent';
const OUTFIT = 'anvilnext/addons/MAD_CHR_SkelAddon_Outfit.Skeleton';

function census(paths: (path: string) => boolean): CensusAccumulator {
  const accumulator = new CensusAccumulator();
  for (const file of sampleCorpus()) if (paths(file.path)) accumulator.addFile(file.path, file.bytes);
  return accumulator;
}

describe('census: component references', () => {
  it('finds every reference of the sample corpus', () => {
    const { resolution } = census(() => true).report().components;
    expect([resolution.complete, resolution.mainMissing, resolution.addonMissing]).toEqual([2, 0, 0]);
    expect(resolution.components.map((c) => [c.file, c.main, c.addons.length, c.missing])).toEqual([
      [RIDER, '0x3A1F000000010000', 5, []],
      [NPC, '0x3A1F000000010000', 0, []],
    ]);
  });

  it('names the addon a corpus without it misses, in JSON, text and Markdown', () => {
    const report = census((path) => path !== OUTFIT).report();
    const { resolution } = report.components;
    expect([resolution.complete, resolution.mainMissing, resolution.addonMissing]).toEqual([1, 0, 1]);
    expect(resolution.components[0]!.missing).toEqual(['0x3A1F000000130000']);
    expect(censusSummaryText(report, 'x')).toContain('1 of 2 find their main and every addon Skeleton');
    expect(censusMarkdown(report)).toContain(`Not found: \`${RIDER}\` (0x3A1F000000130000).`);
  });

  it('counts a missing main apart from missing addons', () => {
    const { resolution } = census((path) => path !== 'anvilnext/MAD_CHR_Skel_U.Skeleton').report().components;
    expect([resolution.complete, resolution.mainMissing, resolution.addonMissing]).toEqual([0, 2, 0]);
  });

  it('gives the same resolution however the files were shared out and merged', () => {
    const whole = census(() => true).report().components.resolution;
    // The components in one part and the Skeletons they name in the other, merged both ways.
    const components = (path: string) => path.endsWith('Component');
    const a = census(components);
    const b = census((path) => !components(path));
    expect(new CensusAccumulator().merge(a.state()).merge(b.state()).report().components.resolution).toEqual(whole);
    expect(new CensusAccumulator().merge(b.state()).merge(a.state()).report().components.resolution).toEqual(whole);
  });
});
