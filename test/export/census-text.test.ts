import { describe, expect, it } from 'vitest';
import { rootLocalSentence } from '../../src/export/census-text.js';
import type { CensusReport } from '../../src/analysis/census.js';

const sentence = (compared: number, equal: number) =>
  rootLocalSentence({ rootLocalCompared: compared, rootLocalEqualsOwn: equal } as unknown as CensusReport);

describe('the root-local sentence of the census text', () => {
  it('says its denominator in good grammar for one Skeleton and for several', () => {
    expect(sentence(1, 1)).toMatch(/^In 1 of the 1 Skeleton that stores an own transform and a root local \(/);
    expect(sentence(1, 0)).toMatch(/^In 0 of the 1 Skeleton that stores /);
    expect(sentence(2000, 1999)).toMatch(/^In 1,999 of the 2,000 Skeletons that store /);
  });
});
