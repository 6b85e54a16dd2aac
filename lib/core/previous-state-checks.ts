/** The checks every adapter runs against the previous state (see previous-state.ts), and how to run them. */
import type { ValidationIssue } from './errors';
import type { PlannedObject } from './plan-model';
import type { PreviousObjects, PreviousStateCheck } from './previous-state';
import { edgeSiteIdentityCheck } from './edge-site-identity';
import { restoreCheck } from './restore-check';
import { transitionRuleCheck } from './transition-checks';
import { upgradeCheck } from './upgrade';

/** Every previous-state check: add a new one here. */
export const PREVIOUS_STATE_CHECKS: readonly PreviousStateCheck[] = [transitionRuleCheck, upgradeCheck, restoreCheck, edgeSiteIdentityCheck];

/** The kinds any of `checks` reads, for its findings or its summary lines (what a synth reads back). */
export function previousKinds(checks: readonly PreviousStateCheck[] = PREVIOUS_STATE_CHECKS): ReadonlySet<string> {
  return new Set(checks.flatMap((c) => [...c.kinds, ...(c.summaryKinds ?? [])]));
}

/** The kinds the findings of `checks` read (what the Pulumi guard keeps: it shows no summary). */
export function judgedKinds(checks: readonly PreviousStateCheck[] = PREVIOUS_STATE_CHECKS): ReadonlySet<string> {
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

/** A change judged against the previous state: what the checks find, and the lines they add to the summary. */
export interface PreviousStateReview {
  readonly findings: readonly ValidationIssue[];
  /** `Upgrades (in apply order):` and one line per version that moves; empty when nothing to say. */
  readonly summary: readonly string[];
}

/** {@link checkAgainstPrevious} with the checks' summary lines (a synth's summary, `diff`). */
export function reviewAgainstPrevious(
  previous: PreviousObjects,
  planned: readonly PlannedObject[],
  checks: readonly PreviousStateCheck[] = PREVIOUS_STATE_CHECKS,
): PreviousStateReview {
  if (previous.size === 0) return { findings: [], summary: [] };
  return { findings: checkAgainstPrevious(previous, planned, checks), summary: checks.flatMap((c) => c.summary?.(previous, planned) ?? []) };
}
