/**
 * The one pass over the bones only ever vouches that a model check holds: wherever it does, the
 * check's own run must say `held`, and wherever a check's own run finds an offender the pass must
 * leave its bit clear, so runChecks gives exactly what the checks give one by one.
 */
import { describe, expect, it } from 'vitest';
import { CHECKS, checkAppliesTo, runChecks, type CheckResult, type CheckSubject } from '../../src/analysis/checks/index.js';
import { modelChecksHeld, ONE_PASS } from '../../src/analysis/checks/one-pass.js';
import { boneNames } from '../../src/analysis/checks/report.js';
import { readResource } from '../../src/formats/resource.js';
import { skeletonFromResource } from '../../src/model/read.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { builtInDictionary } from '../../src/names/dictionary.js';
import { counterpartName } from '../../src/names/side.js';
import { sampleCorpus } from '../../src/samples/corpus.js';
import { inventoryCorpus } from '../../src/samples/inventory.js';
import { BIPED, biped, namesOf } from './fixtures.js';

/** Each check's own run, one by one, as runChecks ran them before the one pass (not-applicable aside). */
function oneByOne(subject: CheckSubject): CheckResult[] {
  return CHECKS.filter((check) => checkAppliesTo(check, subject.skeleton.dialect)).map((check) => check.run(subject));
}

const applicable = (results: readonly CheckResult[]): CheckResult[] => results.filter((r) => r.status !== 'not-applicable');

function censusSubject(skeleton: Skeleton, record: unknown, resolve: ((hash: number) => string | null) | undefined): CheckSubject {
  const names = resolve === undefined ? undefined : boneNames(skeleton, resolve);
  const counterparts = names?.map((name) => (name === null ? null : counterpartName(name)));
  return { skeleton, record, boneName: resolve, names, counterparts, summaries: false };
}

const dictionary = builtInDictionary();
const resolveBuiltIn = (hash: number): string | null => dictionary.resolve(hash);

function readSkeletons(files: Iterable<{ path: string; bytes: Uint8Array }>, limit: number): { skeleton: Skeleton; record: unknown }[] {
  const out: { skeleton: Skeleton; record: unknown }[] = [];
  for (const file of files) {
    if (!file.path.endsWith('.Skeleton')) continue;
    const resource = readResource(file.bytes)?.resource;
    if (resource?.kind !== 'Skeleton') continue;
    out.push({ skeleton: skeletonFromResource(resource), record: resource.record });
    if (out.length >= limit) break;
  }
  return out;
}

describe('the model checks in one pass', () => {
  it('gives runChecks the checks’ own results on every sample and on inventory Skeletons of both families', () => {
    const skeletons = [...readSkeletons(sampleCorpus(), 100), ...readSkeletons(inventoryCorpus({ scale: 1 }), 400)];
    expect(new Set(skeletons.map((s) => s.skeleton.dialect))).toEqual(new Set(['anvilnext', 'scimitar']));
    let vouched = 0;
    for (const { skeleton, record } of skeletons) {
      for (const resolve of [resolveBuiltIn, undefined]) {
        const subject = censusSubject(skeleton, record, resolve);
        expect(applicable(runChecks(subject))).toEqual(applicable(oneByOne(subject)));
        vouched += modelChecksHeld(skeleton, subject.names, skeleton.dialect === 'anvilnext') === 0xff ? 1 : 0;
      }
    }
    // The corpus holds every model fact, so the pass vouches for all eight checks nearly everywhere.
    expect(vouched).toBeGreaterThan(skeletons.length);
  });

  const resolve = namesOf(BIPED);
  /** Breaks one fact of a biped whose every check holds; the bit named must then be clear. */
  const breakages: [string, number, (s: Skeleton) => void][] = [
    ['a second root', ONE_PASS.singleRoot, (s) => void (s.bones[4]!.parent = -1)],
    ['bone 0 with a parent', ONE_PASS.singleRoot, (s) => void (s.bones[0]!.parent = 0)],
    ['no bones', ONE_PASS.singleRoot, (s) => void s.bones.splice(0)],
    ['a parent after its child', ONE_PASS.parentOrder, (s) => void (s.bones[2]!.parent = 5)],
    ['a parent out of range', ONE_PASS.parentOrder, (s) => void (s.bones[2]!.parent = 99)],
    ['a fractional parent', ONE_PASS.parentOrder, (s) => void (s.bones[2]!.parent = 1.5)],
    ['a global off by 2e-3', ONE_PASS.globalComposition, (s) => void (s.bones[3]!.global.position[1] += 2e-3)],
    ['a NaN global lane', ONE_PASS.globalComposition, (s) => void (s.bones[3]!.global.rotation[0] = NaN)],
    ['a root global off its local', ONE_PASS.globalComposition, (s) => void (s.bones[0]!.global.position[0] = 1)],
    ['a long local rotation', ONE_PASS.unitRotations, (s) => void (s.bones[1]!.local.rotation[3] *= 1.01)],
    ['a long own rotation', ONE_PASS.unitRotations, (s) => void (s.ownTransform = { position: [0, 0, 0, 0], rotation: [0, 0, 0, 2] })],
    ['a position w of 1e-9', ONE_PASS.positionWZero, (s) => void (s.bones[6]!.local.position[3] = 1e-9)],
    ['an own position w of 1', ONE_PASS.positionWZero, (s) => void (s.ownTransform = { position: [0, 0, 0, 1], rotation: [0, 0, 0, 1] })],
    ['a stored index off by one', ONE_PASS.storedIndex, (s) => void (s.bones[7]!.storedIndex = 8)],
    ['a descendant count off by one', ONE_PASS.descendantCount, (s) => void (s.bones[3]!.descendants += 1)],
    ['a mirror out of range', ONE_PASS.mirrorCounterpart, (s) => void (s.bones[5]!.mirror = 11)],
    ['a mirror that is not the counterpart', ONE_PASS.mirrorCounterpart, (s) => void (s.bones[5]!.mirror = 8)],
  ];

  it('vouches for all eight checks on the intact biped', () => {
    const skeleton = biped({ ownTransform: { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] } });
    expect(modelChecksHeld(skeleton, boneNames(skeleton, resolve), true)).toBe(0xff);
  });

  for (const [what, bit, change] of breakages) {
    it(`leaves the check to its own run after ${what}`, () => {
      const skeleton = biped({ ownTransform: { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] } });
      change(skeleton);
      const subject = censusSubject(skeleton, undefined, resolve);
      expect(modelChecksHeld(skeleton, subject.names, true) & bit).toBe(0);
      const results = runChecks(subject);
      expect(applicable(results)).toEqual(applicable(oneByOne(subject)));
      // The check whose fact was broken reports it.
      const id = Object.entries(ONE_PASS).find(([, b]) => b === bit)![0];
      const kebab = id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      expect(results.find((r) => r.id === kebab)?.status).toBe('failed');
    });
  }

  it('resolves the names as the checks would when given a resolver but no names', () => {
    const skeleton = biped();
    skeleton.bones[5]!.mirror = 8;
    const subject: CheckSubject = { skeleton, boneName: resolve, summaries: false };
    expect(applicable(runChecks(subject))).toEqual(applicable(oneByOne(subject)));
    expect(runChecks(subject).find((r) => r.id === 'mirror-counterpart')?.status).toBe('failed');
    // A resolver that throws on one name and gives a non-string for another: both unknown, as the checks treat them.
    const odd = (hash: number): string | null => {
      if (hash === skeleton.bones[5]!.nameHash) throw new Error('no');
      if (hash === skeleton.bones[6]!.nameHash) return 42 as unknown as string;
      return resolve(hash);
    };
    const oddSubject: CheckSubject = { skeleton, boneName: odd, summaries: false };
    expect(applicable(runChecks(oddSubject))).toEqual(applicable(oneByOne(oddSubject)));
    expect(runChecks(oddSubject).find((r) => r.id === 'mirror-counterpart')?.status).toBe('held');
  });
});
