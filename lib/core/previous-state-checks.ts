/**
 * How the previous-state checks (see previous-state.ts) are run, and the ones core owns. Every
 * function takes the checks to run: the layers above core own their rules (lib/edge an edge
 * site's identity, lib/management the OADP restore), and lib/previous-state assembles all of
 * them for the adapters, so core names none of those layers' kinds.
 */
import type { ValidationIssue } from './errors';
import type { PlannedObject } from './plan-model';
import type { PreviousObjects, PreviousStateCheck } from './previous-state';
import { transitionRuleCheck } from './transition-checks';
import { upgradeCheck } from './upgrade';

/** Core's previous-state checks: the CRDs' transition rules and the upgrade rules of any hosted cluster. */
export const CORE_PREVIOUS_STATE_CHECKS: readonly PreviousStateCheck[] = [transitionRuleCheck, upgradeCheck];

/** The kinds any of `checks` reads, for its findings or its summary lines (what a synth reads back). */
export function previousKinds(checks: readonly PreviousStateCheck[]): ReadonlySet<string> {
  return new Set(checks.flatMap((c) => [...c.kinds, ...(c.summaryKinds ?? [])]));
}

/** The kinds the findings of `checks` read (what the Pulumi guard keeps: it shows no summary). */
export function judgedKinds(checks: readonly PreviousStateCheck[]): ReadonlySet<string> {
  return new Set(checks.flatMap((c) => c.kinds));
}

/** Every finding of `checks` on the planned objects; none when nothing was applied before. */
export function checkAgainstPrevious(previous: PreviousObjects, planned: readonly PlannedObject[], checks: readonly PreviousStateCheck[]): ValidationIssue[] {
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
export function reviewAgainstPrevious(previous: PreviousObjects, planned: readonly PlannedObject[], checks: readonly PreviousStateCheck[]): PreviousStateReview {
  if (previous.size === 0) return { findings: [], summary: [] };
  return { findings: checkAgainstPrevious(previous, planned, checks), summary: checks.flatMap((c) => c.summary?.(previous, planned) ?? []) };
}
