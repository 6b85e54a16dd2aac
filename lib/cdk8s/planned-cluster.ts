/** What every cdk8s part planned against a hosted cluster is given of it: one type for all of them. */
import type { ApiObject } from 'cdk8s';
import type { HostedClusterPlan, PlanOptions } from '../core';

/** The hosted cluster a part is planned against: a `HostedClusterBundle` or `HostedCluster` of this app. */
export interface PlannedClusterRef {
  /** Its plan; undefined when its props have errors (its own findings stop synthesis, and the part plans nothing). */
  readonly plan?: HostedClusterPlan;
  /** The options it was planned with; a NodePool planned against it is checked with them. @default {} */
  readonly options?: PlanOptions;
  /** Its objects; a NodePool is written after them. @default none */
  readonly apiObjects?: readonly ApiObject[];
}
