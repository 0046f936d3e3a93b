import type { Resource } from '../formats/resource.js';
import { skeletonFromResource } from '../model/read.js';
import { runChecks, type CheckResult, type RunChecksOptions } from './checks/index.js';

export interface CheckResourceOptions extends RunChecksOptions {
  /** False: results carry no one-line `summary` (quicker; what a caller that only counts wants). */
  summaries?: boolean;
}

/** Runs every named check on a decoded Skeleton resource, record-level checks included. */
export function checkSkeletonResource(
  resource: Extract<Resource, { kind: 'Skeleton' }>,
  boneName?: (hash: number) => string | null,
  options: CheckResourceOptions = {},
): CheckResult[] {
  return runChecks({ skeleton: skeletonFromResource(resource), record: resource.record, boneName, summaries: options.summaries }, options);
}

/** A failed check that makes a file fail: Proven always, any other failed check under `strict`. */
export function isBlockingFailure(result: CheckResult, strict: boolean): boolean {
  return result.status === 'failed' && (strict || result.confidence === 'Proven');
}
