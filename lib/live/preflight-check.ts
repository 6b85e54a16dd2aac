/** What a preflight check is given and what it does: the plan of one management cluster, and one check over it. */
import type { PlanCapacityOptions } from '../capacity';
import type { PlannedObject } from '../core';
import type { ControlPlaneNodeSettings } from '../management/nodes';
import type { Findings } from './findings';
import type { LiveState, Read } from './live-state';

/** What the preflight judges: the objects an app applies to one management cluster, and what it expects of the cluster beside them. */
export interface PreflightPlan {
  /** The objects applied to this management cluster (others, such as a hosted cluster's own, are left out). */
  readonly objects: readonly PlannedObject[];
  /** The nodes the app labels and taints for control planes (`ManagementCluster` `controlPlaneNodes`). @default none */
  readonly controlPlaneNodes?: readonly ControlPlaneNodeSettings[];
  /** The capacity model of this management cluster (`ManagementCluster` `capacity`): hosted clusters already there count against it. @default not checked */
  readonly capacity?: PlanCapacityOptions;
}

/** One check of the preflight. */
export interface PreflightCheck {
  /** `supported-versions` */
  readonly name: string;
  /** The LISTs it needs for this plan; none when nothing in the plan concerns it. */
  reads(plan: PreflightPlan): readonly Read[];
  /** Judges the plan against what was read; returns what it read and found, in a few words. */
  run(plan: PreflightPlan, live: LiveState, findings: Findings): string;
}
