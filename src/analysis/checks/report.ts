/** Helpers the checks share to build plain, capped, JSON-safe reports. */
import { findLayout } from '../../formats/registry.js';
import type { Transform } from '../../math/transform.js';
import type { LayoutName, Skeleton } from '../../model/skeleton.js';
import { MAX_OFFENDERS } from './tolerances.js';
import type { Check, CheckResult, CheckSubject, Offender } from './types.js';

/** An offender before the bone's name is attached. */
export type OffenderInput = Omit<Offender, 'name'>;

/** A check's one-line summary for either outcome. */
export interface Summaries {
  held: string;
  failed: string;
}

export interface OffenderList {
  add(offender: OffenderInput): void;
  readonly count: number;
  /**
   * The result: `failed` when there are offenders (or `failStatus`), else `held`. The summaries
   * are made only when the subject wants them (the census does not).
   */
  result(summarise: () => Summaries, failStatus?: 'failed' | 'noted'): CheckResult;
}

/**
 * Collects offenders for one check run, capped at MAX_OFFENDERS, with names attached. A class,
 * not an object literal with a getter: such literals get a map of their own per creation, which
 * kept each checked skeleton alive until a full collection.
 */
class CappedOffenderList implements OffenderList {
  private readonly listed: Offender[] = [];
  private total = 0;

  constructor(
    private readonly check: Check,
    private readonly subject: CheckSubject,
  ) {}

  add(offender: OffenderInput): void {
    this.total++;
    if (this.listed.length >= MAX_OFFENDERS) return;
    const entry: Partial<Offender> & { bone: number } = { bone: offender.bone };
    if (this.subject.boneName !== undefined) entry.name = boneNameOf(this.subject, offender.bone);
    if (offender.measured !== undefined && Number.isFinite(offender.measured)) entry.measured = offender.measured;
    if (this.subject.details !== false) {
      if (offender.expected !== undefined) entry.expected = offender.expected;
      if (offender.actual !== undefined) entry.actual = offender.actual;
    }
    entry.message = offender.message;
    this.listed.push(entry as Offender);
  }

  get count(): number {
    return this.total;
  }

  result(summarise: () => Summaries, failStatus: 'failed' | 'noted' = 'failed'): CheckResult {
    const result: CheckResult = {
      id: this.check.id,
      confidence: confidenceFor(this.check, this.subject.skeleton.dialect),
      status: this.total === 0 ? 'held' : failStatus,
      offenders: this.listed,
      offenderCount: this.total,
    };
    if (this.subject.summaries !== false) {
      const summaries = summarise();
      result.summary = this.total === 0 ? summaries.held : summaries.failed;
    }
    return result;
  }
}

/**
 * What `offenderList(check, subject).result(…)` gives for a check with no offender when the subject
 * wants no summary: built directly, for a check whose held case is found without a list.
 */
export function heldWithoutSummary(check: Check, subject: CheckSubject): CheckResult {
  return { id: check.id, confidence: confidenceFor(check, subject.skeleton.dialect), status: 'held', offenders: [], offenderCount: 0 };
}

export function offenderList(check: Check, subject: CheckSubject): OffenderList {
  return new CappedOffenderList(check, subject);
}

export function confidenceFor(check: Check, dialect: LayoutName): Check['confidence'] {
  const byDialect = check.confidenceByDialect;
  if (byDialect === undefined) return check.confidence;
  const family = findLayout(dialect)?.family;
  return byDialect[dialect] ?? (family === undefined ? undefined : byDialect[family]) ?? check.confidence;
}

/**
 * Runs a record-level check when the subject carries the dialect's decoded record (recognised by
 * `isRecord`); without it the check is `not-applicable`.
 */
export function withRecord<R>(
  check: Check,
  subject: CheckSubject,
  isRecord: (record: unknown) => record is R,
  run: (record: R) => CheckResult,
): CheckResult {
  return isRecord(subject.record)
    ? run(subject.record)
    : notApplicable(check, subject, () => `needs the decoded ${check.dialects.join('/')} record`);
}

/** A `not-applicable` result; the summary (text, or a function making it) is left out when the subject wants none. */
export function notApplicable(check: Check, subject: CheckSubject, summary: string | (() => string)): CheckResult {
  const result: CheckResult = {
    id: check.id,
    confidence: confidenceFor(check, subject.skeleton.dialect),
    status: 'not-applicable',
    offenders: [],
    offenderCount: 0,
  };
  if (subject.summaries !== false) result.summary = typeof summary === 'string' ? summary : summary();
  return result;
}

/** The bone's name through the resolver; null when unknown, out of range or the resolver throws. */
export function boneNameOf(subject: CheckSubject, bone: number): string | null {
  const resolve = subject.boneName;
  const entry = subject.skeleton.bones[bone];
  if (resolve === undefined || entry === undefined) return null;
  return subject.names !== undefined ? (subject.names[bone] ?? null) : resolveBoneName(resolve, entry.nameHash);
}

/** Every bone's name through the resolver, index-aligned: what `boneNameOf` gives for each bone. */
export function boneNames(skeleton: Skeleton, resolve: (hash: number) => string | null): (string | null)[] {
  const bones = skeleton.bones;
  const names = new Array<string | null>(bones.length);
  for (let index = 0; index < bones.length; index++) {
    const entry = bones[index];
    names[index] = entry === undefined ? null : resolveBoneName(resolve, entry.nameHash);
  }
  return names;
}

/** A name hash's name through the resolver, as the checks see it: null when unknown, not a string, or the resolver throws. */
export function resolveBoneName(resolve: (hash: number) => string | null, hash: number): string | null {
  try {
    const name = resolve(hash);
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** A valid bone index of a skeleton of `count` bones. */
export function isBoneIndex(value: unknown, count: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < count;
}

/** A number for a message: 7 significant digits, NaN and ±Infinity spelled out. */
export function formatNumber(value: number): string {
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(7)));
}

export function formatTuple(values: ArrayLike<number> | undefined): string {
  if (values === undefined || values === null) return 'missing';
  return `[${Array.from(values, formatNumber).join(', ')}]`;
}

export function formatTransform(t: Transform | undefined): string {
  if (t === undefined || t === null) return 'missing';
  return `position ${formatTuple(t.position)} rotation ${formatTuple(t.rotation)}`;
}

/** Largest of the values, NaN when any is NaN (so a NaN never passes a `<=` test). */
export function worst(...values: number[]): number {
  let result = 0;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (v > result) result = v;
  }
  return result;
}

/** Plural helper for summaries. */
export function bonesWord(count: number): string {
  return count === 1 ? '1 bone' : `${count} bones`;
}
