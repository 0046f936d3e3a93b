/**
 * The shapes of the named invariant checks. A check is data (id, title, the fact it encodes, how
 * sure the seed is of it, where it applies) plus a pure function from a subject to a report.
 * Reports are plain JSON-serialisable data: no bigint, no class instances.
 */
import type { LayoutName, Skeleton } from '../../model/skeleton.js';

/** How the seed knows the fact a check encodes. `Informative` checks never fail. */
export type CheckConfidence = 'Proven' | 'Observed' | 'Inferred' | 'Informative';
export const CHECK_CONFIDENCES: readonly CheckConfidence[] = ['Proven', 'Observed', 'Inferred', 'Informative'];

/**
 * `held`: the fact holds on this subject. `failed`: it does not (offenders list where).
 * `not-applicable`: the check does not apply (other dialect, no data to check).
 * `noted`: an `Informative` observation that did not hold; never a failure.
 */
export type CheckStatus = 'held' | 'failed' | 'not-applicable' | 'noted';

/** What a check looks at: the dialect-free skeleton, and for record-level checks the decoded record. */
export interface CheckSubject {
  /** The dialect-free skeleton to check. */
  skeleton: Skeleton;
  /** The dialect's decoded record, for record-level checks; absent when only the model is known. */
  record?: unknown;
  /** Resolves a name hash to its name, null when unknown. Without it every name is unknown. */
  boneName?: (hash: number) => string | null;
  /**
   * The bones' names as `boneNames(skeleton, boneName)` gives them, for a caller that has them
   * already (the census counts them): checks then read names here rather than resolve each again.
   */
  names?: readonly (string | null)[];
  /**
   * The Left/Right counterpart of each of `names` as `counterpartName` gives it (null where the name
   * is unknown), for a caller that has them already: the one pass over the model checks compares mirrors with these.
   */
  counterparts?: readonly (string | null)[];
  /**
   * The checks whose declared field values `record` does not hold, as the decoding of `record`
   * under its layout's default reading found them, for a caller that checks a record it has just
   * decoded and not changed (the census): a declared check missing from the list then holds
   * without a scan of the bones. Absent: the declared checks scan the record.
   */
  unmet?: readonly string[];
  /** False: results carry no `summary` (the census never shows one, and each costs a few strings). */
  summaries?: boolean;
  /**
   * False: offenders carry no `expected` and `actual` words, only their message (the census keeps
   * nothing else of an offender, and the words of a transform cost a dozen number formats).
   */
  details?: boolean;
}

/** One place a check found its fact broken: the bone (or −1 for the whole skeleton) and what was wrong. */
export interface Offender {
  /** Bone index (array position); −1 stands for the skeleton as a whole (e.g. its own transform). */
  bone: number;
  /** The bone's name when a resolver was given (null: unknown); absent without a resolver. */
  name?: string | null;
  /** The measured error, in the unit the check's tolerance uses; absent when not finite. */
  measured?: number;
  /** What the fact expected here, in words. */
  expected?: string;
  /** What the skeleton holds, in words. */
  actual?: string;
  /** The offence in one sentence. */
  message: string;
}

/** One check's verdict on one skeleton: its status, confidence and offenders. Plain JSON-ready data. */
export interface CheckResult {
  /** The check's id. */
  id: string;
  /** The check's confidence for this skeleton's dialect. */
  confidence: CheckConfidence;
  /** Whether the fact held; see {@link CheckStatus}. */
  status: CheckStatus;
  /** The offending bones, in bone order, capped at MAX_OFFENDERS. */
  offenders: Offender[];
  /** How many offenders there are in all (offenders.length may be capped). */
  offenderCount: number;
  /** One sentence on the outcome; absent when `summaries: false` was asked for. */
  summary?: string;
}

/**
 * A named check: the fact it encodes and how sure the seed is of it, and `run`, which returns a
 * {@link CheckResult} and never throws on a malformed skeleton (it reports offenders instead).
 */
export interface Check {
  /** Kebab-case, stable: reports and `--only` name checks by it. */
  id: string;
  /** A short title for reports. */
  title: string;
  /** The fact the check encodes, in one sentence. */
  statement: string;
  /** How the seed knows the fact, in general. */
  confidence: CheckConfidence;
  /** What a failure names, in one sentence: the offender (a bone, or the Skeleton as bone −1) and what it reports of it (docs/checks.md lists it). */
  failure: string;
  /** Where the seed's confidence differs by dialect. */
  confidenceByDialect?: Partial<Record<LayoutName, CheckConfidence>>;
  /** The layouts (by name, or by family: `anvilnext`, `scimitar`) the check applies to; elsewhere its result is `not-applicable`. */
  dialects: readonly LayoutName[];
  /** Whether the check applies to a layout its `dialects` do not list (checks derived from declarations). */
  appliesTo?(dialect: LayoutName): boolean;
  /** Never throws on a weird model: reports offenders instead. */
  run(subject: CheckSubject): CheckResult;
}
