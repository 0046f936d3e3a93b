import type { Resource } from '../formats/resource.js';
import { skeletonFromResource } from '../model/read.js';
import { runChecks, type CheckResult, type RunChecksOptions } from './checks/index.js';

/** Which checks {@link checkSkeletonResource} runs, and whether results carry summaries. */
export interface CheckResourceOptions extends RunChecksOptions {
  /** False: results carry no one-line `summary` (quicker; what a caller that only counts wants). */
  summaries?: boolean;
}

/**
 * The results of every named check on a decoded Skeleton resource, record-level checks included,
 * with bone names from `boneName` when given. Throws a `RangeError` only when `options.only` names
 * an unknown check.
 */
export function checkSkeletonResource(
  resource: Extract<Resource, { kind: 'Skeleton' }>,
  boneName?: (hash: number) => string | null,
  options: CheckResourceOptions = {},
): CheckResult[] {
  return runChecks({ skeleton: skeletonFromResource(resource), record: resource.record, boneName, summaries: options.summaries }, options);
}

/**
 * Whether a result makes a file fail: a failed Proven check always, any other failed check under `strict`. Never throws.
 */
export function isBlockingFailure(result: CheckResult, strict: boolean): boolean {
  return result.status === 'failed' && (strict || result.confidence === 'Proven');
}
