/**
 * Day 2 inside a hosted cluster, with Pulumi: the same objects as the cdk8s
 * `HostedClusterOperators` and `HostedClusterSriov`, applied through a Kubernetes provider built
 * from the cluster's admin kubeconfig (so nothing is applied before the HostedCluster is Available).
 */
import type * as pulumi from '@pulumi/pulumi';
import type { PlannedPart, ValidationIssue } from '../core';
import type { HostedClusterOperatorsPlan, HostedClusterOperatorsProps, HostedClusterSriovPlan, HostedClusterSriovProps } from '../day2';
import { checkHostedClusterOperators, checkHostedClusterSriov } from '../day2';
import { HostedClusterRef, hostedClusterProvider } from './hosted-cluster-provider';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedComponent } from './planned-component';

/** Type tokens of {@link HostedClusterOperators} and {@link HostedClusterSriov}. */
export const HOSTED_CLUSTER_OPERATORS_TYPE = 'hcp:index:HostedClusterOperators';
export const HOSTED_CLUSTER_SRIOV_TYPE = 'hcp:index:HostedClusterSriov';

/** The hosted cluster the objects go into, and how to reach its API. */
export interface HostedClusterTargetArgs {
  /** The hosted cluster: a `HostedClusterBundle` of this program. */
  readonly cluster: PlannedClusterRef & HostedClusterRef;
  /** Provider for the hosted cluster's API. @default hostedClusterProvider(cluster), a child of this component */
  readonly provider?: pulumi.ProviderResource;
}

/** The {@link HostedClusterOperatorsProps} of a hosted cluster of this program, and how its API is reached. */
export interface HostedClusterOperatorsArgs extends HostedClusterOperatorsProps, HostedClusterTargetArgs {}
/** The {@link HostedClusterSriovProps} of a hosted cluster of this program, and how its API is reached. */
export interface HostedClusterSriovArgs extends HostedClusterSriovProps, HostedClusterTargetArgs {}

/** A day-2 part of a hosted cluster's API, registered through that cluster's provider. */
abstract class HostedClusterPart<P extends PlannedPart> extends PlannedComponent<P> {
  /** The provider the objects are applied with. */
  readonly provider: pulumi.ProviderResource;

  protected constructor(type: string, name: string, args: HostedClusterTargetArgs, checked: { readonly plan?: P; readonly issues: readonly ValidationIssue[] }, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, provider } = args;
    super(type, name, checked, opts, {
      managementProvider: cluster.managementProvider,
      targetProvider: (component) => provider ?? hostedClusterProvider(cluster, { name: `${name}-hosted`, parent: component }),
    });
    this.provider = this.targetProvider!;
  }
}

/**
 * OLM operators inside the hosted cluster. An operator's `aws.roleArn` is checked while planning,
 * so it is a plain string: the `roleArn` of an `AwsOperatorRole` (hcp-constructs/pulumi/aws),
 * known from its account and name before the role exists; give that role in `opts.dependsOn`.
 * Invalid args throw {@link HcpResourceError} before anything is registered.
 */
export class HostedClusterOperators extends HostedClusterPart<HostedClusterOperatorsPlan> {
  constructor(name: string, args: HostedClusterOperatorsArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, provider: _provider, ...props } = args;
    super(HOSTED_CLUSTER_OPERATORS_TYPE, name, args, checkHostedClusterOperators(cluster.plan, props), opts);
    this.registerOutputs({ warnings: this.warnings });
  }
}

/** SR-IOV inside the hosted cluster: the operator, then node policies and networks. */
export class HostedClusterSriov extends HostedClusterPart<HostedClusterSriovPlan> {
  constructor(name: string, args: HostedClusterSriovArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, provider: _provider, ...props } = args;
    super(HOSTED_CLUSTER_SRIOV_TYPE, name, args, checkHostedClusterSriov(cluster.plan, props), opts);
    this.registerOutputs({ warnings: this.warnings });
  }
}
