/**
 * Day 2 inside a hosted cluster: the LoadBalancer Service in front of its router, and MetalLB
 * inside it on bare metal. Its objects target the hosted cluster's own API, so the synth writes
 * them to `hosted-<namespace>-<name>/<chart>.yaml`: one more folder, one more Argo CD
 * Application (pointed at the hosted cluster) or Flux Kustomization (with its kubeconfig).
 */
import type { Construct } from 'constructs';
import type { HostedClusterIngressPlan, HostedClusterIngressProps } from '../day2';
import { checkHostedClusterIngress, zoneFileName } from './engine/lazy';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';
import { reportFile } from './engine/reports';

/** Props of {@link HostedClusterIngress}: the ingress settings and the cluster whose router they expose. */
export interface HostedClusterIngressConstructProps extends HostedClusterIngressProps {
  /** The hosted cluster (a `HostedClusterBundle` or `HostedCluster` of this app). */
  readonly cluster: PlannedClusterRef;
}

/**
 * Renders the ingress of a hosted cluster into `scope`: operators (wave -3), the MetalLB instance
 * (-2), pools and announcements (-1), the router's Service (4). Pools that overlap another
 * cluster's MetalLB pools in the app are errors. A router behind the infrastructure cluster's load
 * balancer (KubeVirt) gets its `*.apps` record in `reports/dns-<cluster>.zone`. Invalid props emit
 * nothing and fail synthesis.
 */
export class HostedClusterIngress extends PlannedConstruct<HostedClusterIngressPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterIngressConstructProps) {
    const { cluster, ...ingress } = props;
    // Without the cluster's plan there is nothing to check against; the cluster's own findings stop synthesis already.
    super(scope, id, cluster.plan ? checkHostedClusterIngress(cluster.plan.hostedCluster, ingress) : { issues: [] });
    if (this.plan?.zoneFile) reportFile(this, zoneFileName(this.plan.name), this.plan.zoneFile);
  }
}
