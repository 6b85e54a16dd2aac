/**
 * Day 2 inside a hosted cluster, with Pulumi: the same objects as the cdk8s
 * `HostedClusterIngress`, applied to the hosted cluster's own API through a Kubernetes provider
 * built from its admin kubeconfig (so nothing is applied before the HostedCluster is Available).
 * Phases become `dependsOn` and readiness `pulumi.com/waitFor`, as on the management cluster.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterIngressPlan, HostedClusterIngressProps } from '../day2';
import { checkHostedClusterIngress } from '../day2';
import type { DnsRecord } from '../platforms';
import { clusterDnsRecords } from '../platforms';
import { HostedClusterRef, hostedClusterProvider } from './hosted-cluster-provider';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedComponent } from './planned-component';

/** Type token of {@link HostedClusterIngress}. */
export const HOSTED_CLUSTER_INGRESS_TYPE = 'hcp:index:HostedClusterIngress';

/** The {@link HostedClusterIngressProps} of a hosted cluster of this program, and the provider its API is reached with. */
export interface HostedClusterIngressArgs extends HostedClusterIngressProps {
  /** The hosted cluster: a `HostedClusterBundle` of this program. */
  readonly cluster: PlannedClusterRef & HostedClusterRef;
  /** Provider for the hosted cluster's API. @default hostedClusterProvider(cluster), a child of this component */
  readonly provider?: pulumi.ProviderResource;
}

/**
 * MetalLB inside the hosted cluster (bare metal) and the LoadBalancer Service in front of its
 * router. Invalid args, and pools that overlap another cluster's MetalLB pools in the program,
 * throw {@link HcpResourceError} before anything is registered. Pulumi deletes in reverse: the
 * Service, then pools, the MetalLB instance, the operator.
 */
export class HostedClusterIngress extends PlannedComponent<HostedClusterIngressPlan> {
  /** The provider the objects are applied with. */
  readonly provider: pulumi.ProviderResource;
  /** The router's LoadBalancer Service. */
  readonly service: k8s.core.v1.Service;
  /**
   * The `*.apps` records of a router behind the infrastructure cluster's load balancer (KubeVirt):
   * `ingressAddresses` when given, else the address the Service got; empty for other platforms.
   */
  readonly dnsRecords: pulumi.Output<DnsRecord[]>;

  constructor(name: string, args: HostedClusterIngressArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, provider, ...props } = args;
    super(HOSTED_CLUSTER_INGRESS_TYPE, name, checkHostedClusterIngress(cluster.plan.hostedCluster, props), opts, {
      managementProvider: cluster.managementProvider,
      targetProvider: (component) => provider ?? hostedClusterProvider(cluster, { name: `${name}-hosted`, parent: component }),
    });
    this.provider = this.targetProvider!;
    this.service = this.resourceOf((object) => object.kind === 'Service') as k8s.core.v1.Service;
    this.dnsRecords = dnsRecordsOf(this.plan, cluster.plan.hostedCluster.spec.dns?.baseDomain ?? '', this.service);
    this.registerOutputs({ warnings: this.warnings, dnsRecords: this.dnsRecords });
  }
}

/** The plan's records, or, for a router whose address was not given, those of the address its Service got (Pulumi waits for it). */
function dnsRecordsOf(plan: HostedClusterIngressPlan, baseDomain: string, service: k8s.core.v1.Service): pulumi.Output<DnsRecord[]> {
  if (plan.zoneFile === undefined || plan.dnsRecords.length > 0) return pulumi.output([...plan.dnsRecords]);
  return service.status.apply((status) =>
    clusterDnsRecords({ clusterName: plan.name, baseDomain, apiAddresses: [], ingressAddresses: (status?.loadBalancer?.ingress ?? []).flatMap((entry) => (entry.ip ? [entry.ip] : [])) }),
  );
}
