/**
 * The cdk8s side of a kind: a construct that renders a planner's checked part into the app's
 * plan. A new kind's construct passes its planner's result to `super` and adds only what is
 * particular to it (a report beside the YAML, convenience getters).
 */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { PlannedPart, ValidationIssue } from '../core';
import { besidePart } from '../core/plan-model';
import { renderChecked } from './render';

export abstract class PlannedConstruct<P extends PlannedPart> extends Construct {
  /** The validated plan; undefined when the props have errors (synthesis then fails with every problem). */
  readonly plan?: P;
  readonly issues: readonly ValidationIssue[];
  readonly apiObjects: readonly ApiObject[];

  /**
   * `beside`: the plan of the hosted cluster this part is planned against; a part for the
   * management cluster then goes to the one that cluster runs on (a fleet's).
   */
  protected constructor(scope: Construct, id: string, checked: { readonly plan?: P; readonly issues: readonly ValidationIssue[] }, beside?: PlannedPart) {
    super(scope, id);
    const placed = checked.plan && beside ? { plan: besidePart(checked.plan, beside), issues: checked.issues } : checked;
    const { plan, apiObjects, issues } = renderChecked(this, placed);
    this.plan = plan;
    this.apiObjects = apiObjects;
    this.issues = issues;
  }
}
