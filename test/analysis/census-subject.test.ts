/**
 * The census runs the checks with the bones' names resolved once (`names`), without summaries
 * (`summaries: false`) and without the offenders' expected/actual words (`details: false`): each
 * must change nothing else in the results.
 */
import { describe, expect, it } from 'vitest';
import { runChecks, type CheckResult, type CheckSubject } from '../../src/analysis/checks/index.js';
import { boneNameOf, boneNames } from '../../src/analysis/checks/report.js';
import { BIPED, biped, namesOf } from './fixtures.js';

const resolve = namesOf(BIPED);

/** A biped that fails several checks: a wrong global, a mirror that is not the counterpart, a bad count. */
function brokenBiped(): CheckSubject['skeleton'] {
  const skeleton = biped({ ownTransform: { position: [1, 0, 0, 0], rotation: [0, 0, 0, 1] } });
  skeleton.bones[3]!.global = { position: [9, 9, 9, 0], rotation: [0, 0, 0, 1] };
  skeleton.bones[5]!.mirror = 8;
  skeleton.bones[1]!.descendants = 99;
  return skeleton;
}

function withoutSummaries(results: readonly CheckResult[]): CheckResult[] {
  return results.map(({ summary: _summary, ...rest }) => rest);
}

describe('checks as the census runs them', () => {
  it('gives the same results without summaries, only the summary left out', () => {
    for (const skeleton of [biped(), brokenBiped()]) {
      const full = runChecks({ skeleton, boneName: resolve });
      const lean = runChecks({ skeleton, boneName: resolve, summaries: false });
      expect(full.every((r) => typeof r.summary === 'string')).toBe(true);
      expect(lean.some((r) => 'summary' in r)).toBe(false);
      expect(lean).toEqual(withoutSummaries(full));
    }
  });

  it('gives the same results without offender details, only expected and actual left out', () => {
    const strip = (results: readonly CheckResult[]): CheckResult[] =>
      results.map((r) => ({ ...r, offenders: r.offenders.map(({ expected: _e, actual: _a, ...rest }) => rest) }));
    for (const skeleton of [biped(), brokenBiped()]) {
      const full = runChecks({ skeleton, boneName: resolve });
      const lean = runChecks({ skeleton, boneName: resolve, details: false });
      expect(lean.flatMap((r) => r.offenders).some((o) => 'expected' in o || 'actual' in o)).toBe(false);
      expect(lean).toEqual(strip(full));
    }
    // The broken biped's own transform differs from its root local: a noted offender that, in full,
    // words both transforms (what the census no longer formats).
    const noted = runChecks({ skeleton: brokenBiped(), boneName: resolve }).find((r) => r.id === 'root-local-equals-own')!;
    expect(noted.status).toBe('noted');
    expect(noted.offenders[0]!.expected).toBe('position [1, 0, 0, 0] rotation [0, 0, 0, 1]');
    expect(noted.offenders[0]!.message).toMatch(/^the stored root local differs from the own transform by /);
  });

  it('reads names resolved once exactly as it would resolve them', () => {
    const skeleton = brokenBiped();
    const names = boneNames(skeleton, resolve);
    expect(names).toEqual(skeleton.bones.map((_, index) => boneNameOf({ skeleton, boneName: resolve }, index)));
    const failed = runChecks({ skeleton, boneName: resolve }).filter((r) => r.status !== 'held');
    expect(failed.length).toBeGreaterThan(2);
    expect(runChecks({ skeleton, boneName: resolve, names })).toEqual(runChecks({ skeleton, boneName: resolve }));
  });

  it('gives a resolver that throws or returns a non-string the same null either way', () => {
    const skeleton = brokenBiped();
    const odd = (hash: number): string | null => {
      if (hash === skeleton.bones[2]!.nameHash) throw new Error('no');
      if (hash === skeleton.bones[6]!.nameHash) return 42 as unknown as string;
      return resolve(hash);
    };
    const names = boneNames(skeleton, odd);
    expect(names[2]).toBeNull();
    expect(names[6]).toBeNull();
    expect(runChecks({ skeleton, boneName: odd, names })).toEqual(runChecks({ skeleton, boneName: odd }));
  });
});
