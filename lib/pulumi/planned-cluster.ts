/** What every Pulumi part planned against a hosted cluster is given of it: one type for all of them. */
import type * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan, PlanOptions } from '../core';

/** The hosted cluster a part is planned against: a `HostedClusterBundle` or `PlannedBundle` of this program. */
export interface PlannedClusterRef {
  /** Its plan, which the part is checked against. */
  readonly plan: HostedClusterPlan;
  /** The provider of the management cluster that runs it: the part's objects there go through it. @default the ambient one */
  readonly managementProvider?: pulumi.ProviderResource;
  /** The options it was planned with; a NodePool planned against it is checked with them. @default {} */
  readonly options?: PlanOptions;
}
