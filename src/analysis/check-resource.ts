import type { Resource } from '../formats/resource.js';
import { skeletonFromResource } from '../model/read.js';
import { runChecks, type CheckResult, type RunChecksOptions } from './checks/index.js';

/** Runs every named check on a decoded Skeleton resource, record-level checks included. */
export function checkSkeletonResource(
  resource: Extract<Resource, { kind: 'Skeleton' }>,
  boneName?: (hash: number) => string | null,
  options: RunChecksOptions = {},
): CheckResult[] {
  return runChecks({ skeleton: skeletonFromResource(resource), record: resource.record, boneName }, options);
}

/** A failed check that makes a file fail: Proven always, any other failed check under `strict`. */
export function isBlockingFailure(result: CheckResult, strict: boolean): boolean {
  return result.status === 'failed' && (strict || result.confidence === 'Proven');
}
