/**
 * How bad a failed check is, as `validate` judges it: a failed Proven check fails the file (exit 1),
 * any other failed check is a warning. Every panel words and colours checks by this one rule.
 */
import { isBlockingFailure, type CheckResult } from '../src/index.js';

/** `fails`: a Proven check failed; `warns`: only checks of lesser confidence did. */
export type Severity = 'fails' | 'warns';

/** A check's severity, or null when it did not fail. */
export function severityOf(check: CheckResult): Severity | null {
  if (check.status !== 'failed') return null;
  return isBlockingFailure(check, false) ? 'fails' : 'warns';
}

/** The worst severity among checks, or null when none failed. */
export function worstSeverity(checks: readonly CheckResult[]): Severity | null {
  let worst: Severity | null = null;
  for (const check of checks) {
    const severity = severityOf(check);
    if (severity === 'fails') return 'fails';
    if (severity === 'warns') worst = 'warns';
  }
  return worst;
}

/** The CSS class of a severity's text: the failure colour or the warning colour. */
export const severityClass = (severity: Severity): string => (severity === 'fails' ? 'bad' : 'warn');
