/**
 * A fleet as one Pulumi program: a provider per management cluster, its ManagementCluster, and
 * each hosted cluster on the management cluster the fleet places it on. Pulumi is the delivery
 * engine here, so no Argo CD, Flux or ACM objects are created. The placement of the last update
 * comes back in through `previousPlacement` (the stack's `placement` output); a hosted cluster
 * that would move to another management cluster is refused before anything is registered, and,
 * when `previousPlacement` was not given, at preview by the placement the state holds
 * (placement-guard.ts).
 */
import * as pulumi from '@pulumi/pulumi';
import type { PlanOptions, ValidationIssue } from '../core';
import { formatIssues } from '../core';
import type { FleetPlan, FleetProps, FleetRecord, HostedClusterChecks } from '../fleet';
import { FLEET_LABEL, checkFleet, isClusterWarning, fleetRecordJson, readFleetRecord, readRolloutRecord, rolloutRecordJson } from '../fleet';
import { HcpResourceError } from './errors';
import type { HostedClusterProps } from '../platforms';
import { checkHostedCluster } from '../platforms';
import { HostedClusterBundle, PlannedBundle } from './hosted-cluster';
import { ManagementCluster } from './management-cluster';
import { PlacementGuard } from './placement-guard';

/** Type token of {@link Fleet}. */
export const FLEET_TYPE = 'hcp:index:Fleet';

/** Args of the Pulumi {@link Fleet}: the fleet, a provider per management cluster, and the placement of the last update. */
export interface FleetArgs extends FleetProps {
  /** The Kubernetes provider of each management cluster, by its name in `managementClusters`. */
  readonly providers: Readonly<Record<string, pulumi.ProviderResource>>;
  /**
   * The `placement` output of the stack's last update (its JSON text, or the record), so that no
   * hosted cluster moves: `new pulumi.StackReference(...)` or `pulumi config set --path`.
   * @default none (a first update)
   */
  readonly previousPlacement?: string | FleetRecord;
  /**
   * The rollout's state (`rollout` output of the last update, JSON text), advanced by one wave
   * per stage with `hcp-constructs rollout next --record <file>`: the stage's update gives the
   * target to the clusters of the waves started. @default none (no wave started)
   */
  readonly rolloutState?: string;
  /** Validation and secret-handling options of every hosted cluster. @default {} */
  readonly options?: PlanOptions;
}

/**
 * Places every hosted cluster on a management cluster (pins, then `previousPlacement`, then by
 * platform, zone and capacity) and registers it with that cluster's provider, after its
 * ManagementCluster. Invalid args, a missing provider or a move throw {@link HcpResourceError}
 * before anything is registered.
 */
export class Fleet extends pulumi.ComponentResource {
  /** Where each hosted cluster is placed, as checked before anything was registered. */
  readonly plan: FleetPlan;
  /** The placement record of this update (JSON): export it and give it back as `previousPlacement`. */
  readonly placement: pulumi.Output<string>;
  /** The rollout's state of this update (JSON), when the fleet has a rollout: give it back as `rolloutState`. */
  readonly rollout?: pulumi.Output<string>;
  /** The ManagementCluster component of each management cluster, by its name in the fleet. */
  readonly managementClusters: Readonly<Record<string, ManagementCluster>>;
  /** The hosted clusters, by `namespace/name`. */
  readonly hostedClusters: Readonly<Record<string, HostedClusterBundle>>;

  constructor(name: string, args: FleetArgs, opts?: pulumi.ComponentResourceOptions) {
    const { providers, previousPlacement, rolloutState, options = {}, ...fleet } = args;
    const rolloutRecord = readRolloutRecord(rolloutState);
    const previous = typeof previousPlacement === 'string' ? readFleetRecord(previousPlacement) : { record: previousPlacement, issues: [] as ValidationIssue[] };
    // Each hosted cluster is planned once, to place it; its bundle takes that plan.
    const clusterPlans = new Map<HostedClusterProps, ReturnType<typeof checkHostedCluster>>();
    const planEach: HostedClusterChecks = (clusters, clusterOptions) =>
      clusters.map((props) => {
        const result = checkHostedCluster(props, clusterOptions);
        if (clusterOptions === options) clusterPlans.set(props, result);
        return result;
      });
    const checked = checkFleet(fleet, previous.record, options, planEach, rolloutRecord.record ? { record: rolloutRecord.record } : {});
    const issues: ValidationIssue[] = [...previous.issues, ...rolloutRecord.issues, ...checked.issues.filter((i) => !isClusterWarning(i))];
    for (const mc of checked.plan?.managementClusters ?? []) {
      if (!(typeof providers === 'object' && providers !== null && providers[mc.name])) {
        issues.push({ severity: 'error', object: FLEET_LABEL, path: `providers.${mc.name}`, message: `management cluster ${mc.name} has no provider.`, fix: `Give providers.${mc.name}: a k8s.Provider for that cluster's kubeconfig.` });
      }
    }
    if (!checked.plan || issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues);
    super(FLEET_TYPE, name, {}, opts);
    const plan = (this.plan = checked.plan);
    // Everything waits for the guard, so a refused move or wave creates nothing, with or without a preview.
    const record = plan.rollout?.record;
    const progress = record ? { target: record.target, reached: record.reached, waves: record.waves.map((w) => w.name) } : undefined;
    const guard = new PlacementGuard(`${name}-placement`, plan.record.placements, progress, this);
    const managementClusters: Record<string, ManagementCluster> = {};
    for (const mc of plan.managementClusters) {
      managementClusters[mc.name] = new ManagementCluster(`${name}-${mc.name}`, mc.props, { parent: this, provider: providers[mc.name], dependsOn: [guard] });
    }
    const hostedClusters: Record<string, HostedClusterBundle> = {};
    for (const hc of plan.hostedClusters) {
      const management = managementClusters[hc.managementCluster];
      const planned = clusterPlans.get(hc.props);
      const args = planned ? PlannedBundle.fromCheck(planned) : { ...hc.props, options };
      hostedClusters[hc.cluster] = new HostedClusterBundle(`${name}-${hc.cluster.replace('/', '-')}`, args, { parent: this, provider: providers[hc.managementCluster], dependsOn: [guard, management] });
    }
    this.managementClusters = managementClusters;
    this.hostedClusters = hostedClusters;
    this.placement = pulumi.output(fleetRecordJson(plan.record));
    if (plan.rollout) this.rollout = pulumi.output(rolloutRecordJson(plan.rollout.record));
    // As the other components log theirs: one line each, with the fix.
    for (const issue of issues.filter((i) => i.severity === 'warning')) pulumi.log.warn(formatIssues([issue]).trim(), this);
    this.registerOutputs({ placement: this.placement, ...(this.rollout ? { rollout: this.rollout } : {}) });
  }
}
