/**
 * The registry of named invariant checks. Model-level checks need only the dialect-free Skeleton;
 * record-level checks (later) read `subject.record` and list only their dialect in `dialects`.
 * To add one: write `<id>.ts` exporting a `Check`, and append it to CHECKS.
 */
import { ANVILNEXT_RECORD_CHECKS } from './anvilnext-record.js';
import { DECLARED_CHECKS } from './declared.js';
import { defaultLayouts, findLayout, type LayoutSet } from '../../formats/registry.js';
import { descendantCount } from './descendant-count.js';
import { globalComposition } from './global-composition.js';
import { mirrorCounterpart } from './mirror-counterpart.js';
import { modelChecksHeld, ONE_PASS } from './one-pass.js';
import { parentOrder } from './parent-order.js';
import { positionWZero } from './position-w-zero.js';
import { boneNames, confidenceFor, notApplicable } from './report.js';
import { rootLocalEqualsOwn } from './root-local-equals-own.js';
import { SCIMITAR_RECORD_CHECKS } from './scimitar-record.js';
import { singleRoot } from './single-root.js';
import { storedIndex } from './stored-index.js';
import type { Check, CheckResult, CheckSubject } from './types.js';
import { unitRotations } from './unit-rotations.js';

export type { Check, CheckResult, CheckStatus, CheckSubject, CheckConfidence, Offender } from './types.js';
export { CHECK_CONFIDENCES } from './types.js';
export * from './anvilnext-record.js';
export * from './declared.js';
export * from './scimitar-record.js';
export * from './tolerances.js';
export { counterpartName, hasSide } from '../../names/side.js';
export { countDescendants } from './descendant-count.js';
export { expectedGlobal, transformError, type TransformError } from './global-composition.js';
export {
  descendantCount,
  globalComposition,
  mirrorCounterpart,
  parentOrder,
  positionWZero,
  rootLocalEqualsOwn,
  singleRoot,
  storedIndex,
  unitRotations,
};

/** Every named check, in report order (structure first, then transforms, then stored fields). */
export const CHECKS: readonly Check[] = [
  singleRoot,
  parentOrder,
  globalComposition,
  unitRotations,
  positionWZero,
  storedIndex,
  descendantCount,
  mirrorCounterpart,
  ...ANVILNEXT_RECORD_CHECKS,
  ...DECLARED_CHECKS,
  ...SCIMITAR_RECORD_CHECKS,
  rootLocalEqualsOwn,
];

/** The registered check with this id, or undefined when there is none. */
export function checkById(id: string): Check | undefined {
  return CHECKS.find((check) => check.id === id);
}

/** Which checks {@link runChecks} runs. */
export interface RunChecksOptions {
  /** Run only these check ids (in registry order). Unknown ids throw a RangeError. */
  only?: readonly string[];
}

/**
 * The results of the checks on one subject, in registry order; a check that does not apply to the
 * dialect is `not-applicable`, and one that throws is reported as failed. Throws a `RangeError` only
 * when `options.only` names an unknown check.
 */
export function runChecks(subject: CheckSubject, options: RunChecksOptions = {}): CheckResult[] {
  const only = options.only;
  if (only !== undefined) {
    const unknown = only.filter((id) => checkById(id) === undefined);
    if (unknown.length > 0) {
      throw new RangeError(`unknown check id(s): ${unknown.join(', ')}; known: ${CHECKS.map((c) => c.id).join(', ')}`);
    }
  }
  const held = onePassHeld(subject);
  if (only === undefined) return runPlanned(subject, held);
  const selected = CHECKS.filter((check) => only.includes(check.id));
  const results = new Array<CheckResult>(selected.length);
  for (let i = 0; i < selected.length; i++) {
    const check = selected[i]!;
    const bit = ONE_PASS_BIT.get(check) ?? 0;
    results[i] =
      (held & bit) !== 0 && checkAppliesTo(check, subject.skeleton.dialect) ? heldResult(check, subject) : runOne(check, subject);
  }
  return results;
}

/** What runChecks works out per check for a layout: whether it applies, its confidence there, its one-pass bit. */
interface PlannedCheck {
  check: Check;
  applies: boolean;
  confidence: Check['confidence'];
  bit: number;
  /** The result without a summary when the check holds (or does not apply): one frozen object shared by every Skeleton of the layout. */
  quietResult: CheckResult;
}

/** A result with no offender and no summary, frozen so that sharing it between Skeletons is safe. */
function frozenResult(check: Check, confidence: Check['confidence'], status: 'held' | 'not-applicable'): CheckResult {
  return Object.freeze({
    id: check.id,
    confidence,
    status,
    offenders: Object.freeze([]) as unknown as CheckResult['offenders'],
    offenderCount: 0,
  });
}

/**
 * Every check's plan per layout name, for each set of registered layouts (registering one makes a
 * new set, and a declared check's layouts are read from the registry): the census asks the same
 * questions of every Skeleton of a layout.
 */
const PLANS = new WeakMap<LayoutSet, Map<string, PlannedCheck[]>>();

function planFor(dialect: string): PlannedCheck[] {
  const set = defaultLayouts();
  let byDialect = PLANS.get(set);
  if (byDialect === undefined) PLANS.set(set, (byDialect = new Map()));
  let plan = byDialect.get(dialect);
  if (plan === undefined) {
    plan = CHECKS.map((check) => {
      const applies = checkAppliesTo(check, dialect);
      const confidence = confidenceFor(check, dialect);
      return {
        check,
        applies,
        confidence,
        bit: ONE_PASS_BIT.get(check) ?? 0,
        quietResult: frozenResult(check, confidence, applies ? 'held' : 'not-applicable'),
      };
    });
    byDialect.set(dialect, plan);
  }
  return plan;
}

/** Every check on the subject, through the layout's plan: what runOne and heldResult give, without asking the registry again. */
function runPlanned(subject: CheckSubject, held: number): CheckResult[] {
  const plan = planFor(subject.skeleton.dialect);
  const quiet = subject.summaries === false;
  const results = new Array<CheckResult>(plan.length);
  for (let i = 0; i < plan.length; i++) {
    const planned = plan[i]!;
    if (!planned.applies) results[i] = quiet ? planned.quietResult : runOne(planned.check, subject);
    // A set bit is only ever given without summaries (onePassHeld).
    else if ((held & planned.bit) !== 0) results[i] = planned.quietResult;
    else results[i] = runApplicable(planned.check, subject);
  }
  return results;
}

/** The model checks the one pass vouches for, by the bit it gives each. */
const ONE_PASS_BIT: ReadonlyMap<Check, number> = new Map<Check, number>([
  [singleRoot, ONE_PASS.singleRoot],
  [parentOrder, ONE_PASS.parentOrder],
  [globalComposition, ONE_PASS.globalComposition],
  [unitRotations, ONE_PASS.unitRotations],
  [positionWZero, ONE_PASS.positionWZero],
  [storedIndex, ONE_PASS.storedIndex],
  [descendantCount, ONE_PASS.descendantCount],
  [mirrorCounterpart, ONE_PASS.mirrorCounterpart],
]);

/**
 * The model checks known to hold after one pass over the bones. Only without summaries (a held
 * check's summary reports what its own pass measured) and with the names as the checks would see
 * them: the subject's list, resolved here as `boneNameOf` would when the subject has none, or none
 * when nothing resolves.
 */
function onePassHeld(subject: CheckSubject): number {
  if (subject.summaries !== false) return 0;
  const resolve = subject.boneName;
  const names = resolve === undefined ? undefined : (subject.names ?? boneNames(subject.skeleton, resolve));
  const counterparts = subject.names === undefined ? undefined : subject.counterparts;
  return modelChecksHeld(subject.skeleton, names, findLayout(subject.skeleton.dialect)?.family === 'anvilnext', counterparts);
}

/** What a check's own run returns when it holds and no summary is wanted. */
function heldResult(check: Check, subject: CheckSubject): CheckResult {
  return { id: check.id, confidence: confidenceFor(check, subject.skeleton.dialect), status: 'held', offenders: [], offenderCount: 0 };
}

function runOne(check: Check, subject: CheckSubject): CheckResult {
  const dialect = subject.skeleton.dialect;
  if (!checkAppliesTo(check, dialect)) {
    return notApplicable(check, subject, () =>
      check.dialects.length > 0 ? `applies to ${check.dialects.join(', ')} only` : `does not apply to ${dialect}`,
    );
  }
  return runApplicable(check, subject);
}

/** A check that applies, run; one that throws is reported as failed. */
function runApplicable(check: Check, subject: CheckSubject): CheckResult {
  const dialect = subject.skeleton.dialect;
  try {
    return check.run(subject);
  } catch (error) {
    // Checks are written not to throw; this keeps one bad check from losing the other reports.
    const message = error instanceof Error ? error.message : String(error);
    return {
      id: check.id,
      confidence: confidenceFor(check, dialect),
      status: check.confidence === 'Informative' ? 'noted' : 'failed',
      offenders: [{ bone: -1, message: `the check could not run: ${message}` }],
      offenderCount: 1,
      summary: `the check could not run on this model: ${message}`,
    };
  }
}

/** Whether a check applies to a layout: named, of a named family, or by the check's own test. Never throws. */
export function checkAppliesTo(check: Check, dialect: string): boolean {
  // The check's own test first: a declared check answers it from a cache, where its `dialects`
  // are worked out anew from the registry on every read (and read once here, not twice).
  if (check.appliesTo?.(dialect) === true) return true;
  const dialects = check.dialects;
  if (dialects.includes(dialect)) return true;
  const family = findLayout(dialect)?.family;
  return family !== undefined && dialects.includes(family);
}

/** True when any result is a failure (`noted` and `not-applicable` are not). Never throws. */
export function anyFailed(results: readonly CheckResult[]): boolean {
  return results.some((result) => result.status === 'failed');
}
