/** What every Pulumi part planned against a hosted cluster is given of it: one type for all of them. */
import type * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan, PlannedObject, PlanOptions } from '../core';
import { contributionOf } from '../core';

/** The hosted cluster a part is planned against: a `HostedClusterBundle` or `PlannedBundle` of this program. */
export interface PlannedClusterRef {
  /** Its plan, which the part is checked against. */
  readonly plan: HostedClusterPlan;
  /** The provider of the management cluster that runs it: the part's objects there go through it. @default the ambient one */
  readonly managementProvider?: pulumi.ProviderResource;
  /** The options it was planned with; a NodePool planned against it is checked with them. @default {} */
  readonly options?: PlanOptions;
}

/** The cluster's HostedCluster as planned: what a protection component's guard stores beside its own objects (see PlannedComponentOptions.guarded). */
export function plannedHostedCluster(cluster: PlannedClusterRef): PlannedObject[] {
  return contributionOf(cluster.plan, []).objects.filter((planned) => planned.object.kind === 'HostedCluster');
}
