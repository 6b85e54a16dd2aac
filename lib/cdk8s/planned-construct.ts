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

/**
 * Base class of the cdk8s constructs that each render one planned part (a NodePool, a backup, agent hosts,
 * ...): its plan, its findings and the ApiObjects it added.
 */
export abstract class PlannedConstruct<P extends PlannedPart> extends Construct {
  /** The validated plan; undefined when the props have errors (synthesis then fails with every problem). */
  readonly plan?: P;
  /** The part's findings, warnings included, and its collisions with what the app planned before; an error stops synthesis. */
  readonly issues: readonly ValidationIssue[];
  /**
   * The ApiObjects it added to the app, in apply order; none when it has errors. An object the app has
   * already (a shared Namespace) is not added again.
   */
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
