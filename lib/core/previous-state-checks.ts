/** The checks every adapter runs against the previous state (see previous-state.ts), and how to run them. */
import type { ValidationIssue } from './errors';
import type { PlannedObject } from './plan-model';
import type { PreviousObjects, PreviousStateCheck } from './previous-state';
import { transitionRuleCheck } from './transition-checks';

/** Every previous-state check: add a new one here. */
export const PREVIOUS_STATE_CHECKS: readonly PreviousStateCheck[] = [transitionRuleCheck];

/** The kinds any of `checks` reads. */
export function previousKinds(checks: readonly PreviousStateCheck[] = PREVIOUS_STATE_CHECKS): ReadonlySet<string> {
  return new Set(checks.flatMap((c) => c.kinds));
}

/** Every finding of `checks` on the planned objects; none when nothing was applied before. */
export function checkAgainstPrevious(
  previous: PreviousObjects,
  planned: readonly PlannedObject[],
  checks: readonly PreviousStateCheck[] = PREVIOUS_STATE_CHECKS,
): ValidationIssue[] {
  if (previous.size === 0) return [];
  return checks.flatMap((c) => c.check(previous, planned));
}
