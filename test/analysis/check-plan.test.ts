/**
 * runChecks works out per layout which checks apply and with what confidence once (its plan), and
 * `only` takes the path that asks the registry for every check and subject: both must give the
 * same results, on the samples, on inventory Skeletons of both families, on broken skeletons,
 * with and without summaries, and for a layout registered after the first run.
 */
import { describe, expect, it } from 'vitest';
import { CHECKS, runChecks, type CheckSubject } from '../../src/analysis/checks/index.js';
import { layoutByName, registerLayout } from '../../src/formats/registry.js';
import { readResource } from '../../src/formats/resource.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { builtInDictionary } from '../../src/names/dictionary.js';
import { sampleCorpus } from '../../src/samples/corpus.js';
import { inventoryCorpus } from '../../src/samples/inventory.js';
import { BIPED, biped, namesOf } from './fixtures.js';

const ALL = CHECKS.map((check) => check.id);
const dictionary = builtInDictionary();
const resolve = (hash: number): string | null => dictionary.resolve(hash);

function subjects(files: Iterable<{ path: string; bytes: Uint8Array }>, limit: number): CheckSubject[] {
  const out: CheckSubject[] = [];
  for (const file of files) {
    const resource = readResource(file.bytes)?.resource;
    if (resource?.kind !== 'Skeleton') continue;
    out.push({ skeleton: skeletonFromResource(resource), record: resource.record, boneName: resolve });
    if (out.length >= limit) break;
  }
  return out;
}

describe('the checks through their plan per layout', () => {
  it('give what the checks asked one by one give, on every sample and inventory Skeletons', () => {
    const all = [...subjects(sampleCorpus(), 100), ...subjects(inventoryCorpus({ scale: 1 }), 300)];
    expect(new Set(all.map((s) => s.skeleton.dialect))).toEqual(new Set(['anvilnext', 'scimitar']));
    const statuses = new Set<string>();
    for (const subject of all) {
      for (const summaries of [false, true]) {
        const s = { ...subject, summaries };
        const planned = runChecks(s);
        expect(planned).toEqual(runChecks(s, { only: ALL }));
        for (const r of planned) statuses.add(r.status);
      }
    }
    // Both kinds of answer the plan gives without running a check, and a check run, are met.
    expect(statuses).toEqual(new Set(['held', 'not-applicable', 'noted']));
  });

  it('give the same failures on broken skeletons and without a record', () => {
    const broken = biped();
    broken.bones[3]!.parent = 7;
    broken.bones[2]!.local.rotation = [0, 0, 0, 2];
    broken.bones[4]!.storedIndex = 9;
    for (const skeleton of [biped(), broken])
      for (const summaries of [false, true]) {
        const subject: CheckSubject = { skeleton, boneName: namesOf(BIPED), summaries };
        const planned = runChecks(subject);
        expect(planned).toEqual(runChecks(subject, { only: ALL }));
        if (skeleton === broken) expect(planned.filter((r) => r.status === 'failed').length).toBeGreaterThan(0);
      }
  });

  it('follow a layout registered after a first run', () => {
    const [sample] = subjects(sampleCorpus(), 1);
    runChecks({ ...sample!, summaries: false });
    const unregister = registerLayout({ ...layoutByName('anvilnext'), name: 'anvilnext/plan-test' });
    try {
      const subject: CheckSubject = { ...sample!, skeleton: { ...sample!.skeleton, dialect: 'anvilnext/plan-test' }, summaries: false };
      const planned = runChecks(subject);
      expect(planned).toEqual(runChecks(subject, { only: ALL }));
      expect(planned.find((r) => r.id === 'single-root')?.status).toBe('held');
    } finally {
      unregister();
    }
  });
});
