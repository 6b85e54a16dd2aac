/**
 * Day 2 inside a hosted cluster: OLM operators, their catalogs and OperatorHub, and SR-IOV.
 * Their objects target the hosted cluster's own API, so the synth writes them to
 * `hosted-<namespace>-<name>/<chart>.yaml`, beside the cluster's MetalLB ingress.
 */
import type { Construct } from 'constructs';
import type { HostedClusterOperatorsPlan, HostedClusterOperatorsProps, HostedClusterSriovPlan, HostedClusterSriovProps } from '../day2';
import { checkHostedClusterOperators, checkHostedClusterSriov } from './engine/lazy';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';

/** The hosted cluster the objects go into (a `HostedClusterBundle` or `HostedCluster` of this app). */
export interface HostedClusterRefProps {
  /** The cluster construct these objects are checked against; when its own props have errors, nothing is planned here. */
  readonly cluster: PlannedClusterRef;
}

/** Props of {@link HostedClusterOperators}: the operators, catalogs and OperatorHub settings, and the cluster they go into. */
export interface HostedClusterOperatorsConstructProps extends HostedClusterOperatorsProps, HostedClusterRefProps {}

/**
 * Operators inside the hosted cluster: Namespaces, OperatorGroups, CatalogSources and OperatorHub
 * (wave -4), Subscriptions (-3), CredentialsRequests (4). An operator's AWS role (`aws.roleArn`)
 * is an input here: create the role elsewhere (the Pulumi `AwsOperatorRole`, or `ccoctl`).
 * Invalid props emit nothing and fail synthesis.
 */
export class HostedClusterOperators extends PlannedConstruct<HostedClusterOperatorsPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterOperatorsConstructProps) {
    const { cluster, ...operators } = props;
    // Without the cluster's plan there is nothing to check against; the cluster's own findings stop synthesis already.
    super(scope, id, cluster.plan ? checkHostedClusterOperators(cluster.plan, operators) : { issues: [] });
  }
}

/** Props of {@link HostedClusterSriov}: the SR-IOV operator, node policies and networks, and the cluster they go into. */
export interface HostedClusterSriovConstructProps extends HostedClusterSriovProps, HostedClusterRefProps {}

/** SR-IOV inside the hosted cluster: the operator (waves -4, -3), then node policies and networks (-1). */
export class HostedClusterSriov extends PlannedConstruct<HostedClusterSriovPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterSriovConstructProps) {
    const { cluster, ...sriov } = props;
    super(scope, id, cluster.plan ? checkHostedClusterSriov(cluster.plan, sriov) : { issues: [] });
  }
}
