import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CensusAccumulator, type CensusReport } from '../../src/analysis/census.js';
import { emptyArchiveCensus } from '../../src/analysis/census/archive.js';
import { addPaths } from '../../src/node/census-files.js';
import { walkInputs, type InputFile } from '../../src/node/files.js';
import { censusConfidence, censusMarkdown, groupThousands } from '../../src/export/census-markdown.js';
import { builtInDictionary } from '../../src/names/dictionary.js';
import { plantedCorpus, type PlantedCorpus } from './helpers.js';

async function censusOf(path: string): Promise<CensusReport> {
  const census = new CensusAccumulator({ names: builtInDictionary() });
  const files: InputFile[] = [];
  files.push(...walkInputs([path]).files);
  addPaths(census, files);
  return census.report();
}

/** The table row whose first cell is `name`, in the section that starts with `heading`. */
function row(markdown: string, heading: string, name: string): string {
  const section = markdown.slice(markdown.indexOf(heading));
  const line = section.split('\n').find((l) => l.startsWith(`| ${name} |`));
  if (!line) throw new Error(`no row ${name} under ${heading}`);
  return line;
}

let corpus: PlantedCorpus;
beforeAll(() => {
  corpus = plantedCorpus();
});
afterAll(() => rmSync(corpus.dir, { recursive: true, force: true }));

describe('census Markdown', () => {
  it('says Proven · all N Skeletons on every portion, Bone field and check of a clean corpus', async () => {
    const markdown = censusMarkdown(await censusOf('samples'));
    expect(row(markdown, '## Skeleton (`anvilnext`', 'bones')).toContain('| Proven · all 7 Skeletons |');
    expect(row(markdown, '## Skeleton (`anvilnext`', '(end)')).toContain('| Proven · all 7 Skeletons |');
    expect(row(markdown, '### Bone (`anvilnext`)', 'packedWord')).toContain('| Proven · all 7 Skeletons |');
    expect(row(markdown, '## Skeleton (`scimitar`', 'mirrorData')).toContain('| Proven · all 1 Skeleton |');
    expect(row(markdown, '## SkeletonComponent', 'windForce')).toContain('| Proven · all 2 SkeletonComponents |');
    expect(row(markdown, '## Named checks', '`global-composition`')).toContain('| Proven · all 8 Skeletons | 0 |');
    // The informative comparison is the one row that does not hold everywhere (the bike).
    expect(row(markdown, '## Named checks', '`root-local-equals-own`')).toContain('| Observed · 6 of 7 | 1 |');
    expect(markdown.match(/Observed · /g)).toHaveLength(1);
    expect(markdown).toContain(
      "In 6 of the 7 Skeletons that store an own transform and a root local (the anvilnext family's, read to their end, with bones and a root reference), the stored root local already equals the own transform.",
    );
    expect(markdown).toContain('Length is 56 + 10 × addons + 20 × track definitions on 2 of the 2 read to their end.');
    expect(markdown).toContain('SkeletonType values (u32 enum 0x9C78EB24) that occur: 1, 5, 8.');
    expect(markdown).not.toContain('Refused');
  });

  it('says Observed · M of N on the portions a planted file stops in, and lists the refusals below the table', async () => {
    const markdown = censusMarkdown(await censusOf(corpus.dir));
    const anvilnext = '## Skeleton (`anvilnext`';
    expect(row(markdown, anvilnext, 'skeletonType')).toContain('| Proven · all 11 Skeletons |');
    expect(row(markdown, anvilnext, 'bones')).toContain('| Observed · 8 of 11 |');
    expect(row(markdown, anvilnext, '(end)')).toContain('| Observed · 7 of 11 |');
    expect(row(markdown, '### Bone (`anvilnext`)', 'classHash')).toContain('| Observed · 8 of 11 |');
    expect(row(markdown, '## SkeletonComponent', '(end)')).toContain('| Observed · 2 of 3 |');
    const section = markdown.slice(markdown.indexOf(anvilnext), markdown.indexOf('### Bone (`anvilnext`)'));
    expect(section).toContain('Refused (4):');
    expect(section).toMatch(
      // Wildlands and Breakpoint read the header and the Bone's class as the main title does: they stop there too.
      /- `[^`]*planted\/b\.dat`: offset 0x1E \(30\): bones\[0\]\.classHash: expected 0x95741049 \(Bone\), got 0x95741009; anvilnext\/wildlands stops at offset 0x1E \(30\) \(bones\[0\]\.classHash\); anvilnext\/breakpoint stops at offset 0x1E \(30\) \(bones\[0\]\.classHash\)\n/,
    );
    expect(section).toMatch(/- `[^`]*planted\/c`: offset 0x11 \(17\): bones: expected a count /);
    expect(markdown).toContain('7 of 11 Skeleton resources consume exactly with the checked grammar; 4 are refused.');
  });

  it('groups thousands as the seed does', () => {
    expect(groupThousands(54925)).toBe('54,925');
    expect(groupThousands(1138)).toBe('1,138');
    expect(groupThousands(521)).toBe('521');
    expect(censusConfidence(1138, 1138, 'Skeleton')).toBe('Proven · all 1,138 Skeletons');
    expect(censusConfidence(1033, 1120, 'Skeleton')).toBe('Observed · 1,033 of 1,120');
    expect(censusConfidence(0, 0, 'Skeleton')).toBe('Observed · 0 of 0');
  });
});

describe('census Markdown, the parts a corpus on disk seldom shows', () => {
  it('names the components with an id not found, ten at most, and ends with the archives table', async () => {
    const report = await censusOf('samples');
    const incomplete = Array.from({ length: 12 }, (_, i) => ({
      file: `c${i}.SkeletonComponent`,
      main: '0x100',
      addons: [`0x${i}`],
      missing: [`0x${i}`],
    }));
    report.components.resolution.components.push(...incomplete);
    const archives = [
      {
        ...emptyArchiveCensus('a|b.forge'),
        version: 27,
        profile: 'unity',
        entries: 12000,
        dataFilesRead: 2000,
        dataFilesSkipped: 10000,
        resources: 5,
        skeletons: 3,
        skeletonComponents: 1,
        refused: 1,
      },
      { ...emptyArchiveCensus('bad.forge'), refused: 1 },
    ];
    const markdown = censusMarkdown({ ...report, archives });
    const shown = Array.from({ length: 10 }, (_, i) => `\`c${i}.SkeletonComponent\` (0x${i})`).join('; ');
    // The samples' two components find theirs; the twelve added do not, and only the first ten are named.
    expect(markdown).toContain(
      `References: 2 of 14 find their main and every addon Skeleton among the Skeletons read (by object id); the main is missing for 0, an addon for 0. Not found: ${shown}, and 2 more.\n`,
    );
    expect(
      markdown.endsWith(
        [
          '',
          '## Archives',
          '',
          '| archive | version | profile | entries | data files read | skipped by type | resources | Skeletons | SkeletonComponents | refused |',
          '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
          '| a\\|b.forge | 27 | unity | 12,000 | 2,000 | 10,000 | 5 | 3 | 1 | 1 |',
          '| bad.forge | refused | – | 0 | 0 | 0 | 0 | 0 | 0 | 1 |',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
    // samples/README.md and samples/names.txt are files of other classes; a blank line between paragraphs.
    expect(markdown).toContain('2 of other classes skipped.\n\nAll 8 Skeleton resources consume');
    expect(markdown).not.toMatch(/\n\n\n/);
  });

  it('lists two refusals at most when told, then how many more', async () => {
    const markdown = censusMarkdown(await censusOf(corpus.dir), { maxRefusalsListed: 2 });
    const section = markdown.slice(markdown.indexOf('## Skeleton (`anvilnext`'), markdown.indexOf('### Bone (`anvilnext`)'));
    // Four anvilnext files of the planted corpus are refused (a.bin, b.dat, c, d.Skeleton).
    expect(section).toContain('Refused (4):\n\n- `');
    expect(section).toContain('\n- … and 2 more (the JSON report lists every one)\n');
    expect(section.match(/^- `/gm)).toHaveLength(2);
  });
});
