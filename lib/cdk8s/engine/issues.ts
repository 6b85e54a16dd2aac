/**
 * The validation findings of an app's constructs: recorded on each construct that has any, and
 * collected by the synth (or turned into construct validations for cdk8s's own `app.synth()`).
 */
import type { Construct, IConstruct } from 'constructs';
import type { ValidationIssue } from '../../core';
import { formatIssues } from '../../core/errors';
import { appState } from './app-state';

/** A construct that carries validation findings, found by {@link collectIssues}. */
export interface HasIssues extends IConstruct {
  readonly issues: readonly ValidationIssue[];
}

/**
 * Records findings on a construct. Errors also become a construct validation, so a plain
 * `app.synth()` fails too, with every message.
 */
export function attachIssues(construct: Construct, issues: readonly ValidationIssue[]): void {
  appState(construct).findings.set(construct, () => issues);
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) construct.node.addValidation({ validate: () => formatIssues(errors).split('\n') });
}

/**
 * Records findings known only later (a schema check in another thread), after those of
 * {@link attachIssues}: `later` is called when the app's findings are collected or validated.
 */
export function attachLaterIssues(construct: Construct, later: () => readonly ValidationIssue[]): void {
  const { findings } = appState(construct);
  const now = findings.get(construct);
  findings.set(construct, () => [...(now?.() ?? []), ...later()]);
  construct.node.addValidation({
    validate: () => {
      const errors = later().filter((i) => i.severity === 'error');
      return errors.length > 0 ? formatIssues(errors).split('\n') : [];
    },
  });
}

/** Every finding recorded anywhere below `root`. */
export function collectIssues(root: IConstruct): ValidationIssue[] {
  const { findings } = appState(root);
  return root.node.findAll().flatMap((c) => findings.get(c)?.() ?? []);
}
