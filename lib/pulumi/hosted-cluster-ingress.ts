/**
 * Day 2 inside a hosted cluster, with Pulumi: the same objects as the cdk8s
 * `HostedClusterIngress`, applied to the hosted cluster's own API through a Kubernetes provider
 * built from its admin kubeconfig (so nothing is applied before the HostedCluster is Available).
 * Phases become `dependsOn` and readiness `pulumi.com/waitFor`, as on the management cluster.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan } from '../core';
import { formatIssues, targetKey } from '../core';
import type { HostedClusterIngressPlan, HostedClusterIngressProps } from '../day2';
import { checkHostedClusterIngress } from '../day2';
import { HostedClusterRef, hostedClusterProvider } from './hosted-cluster-provider';
import { RegisteredPhase, registerPhases } from './register-phases';
import { addToProgram, componentContribution, renderResource, resourceNameFor } from './render';

/** Type token of {@link HostedClusterIngress}. */
export const HOSTED_CLUSTER_INGRESS_TYPE = 'hcp:index:HostedClusterIngress';

export interface HostedClusterIngressArgs extends HostedClusterIngressProps {
  /** The hosted cluster: a `HostedClusterBundle` of this program. */
  readonly cluster: HostedClusterRef & { readonly plan: HostedClusterPlan };
  /** Provider for the hosted cluster's API. @default hostedClusterProvider(cluster), a child of this component */
  readonly provider?: pulumi.ProviderResource;
}

/**
 * MetalLB inside the hosted cluster (bare metal) and the LoadBalancer Service in front of its
 * router. Invalid args, and pools that overlap another cluster's MetalLB pools in the program,
 * throw {@link HcpResourceError} before anything is registered.
 */
export class HostedClusterIngress extends pulumi.ComponentResource {
  readonly plan: HostedClusterIngressPlan;
  readonly phases: readonly RegisteredPhase[];
  /** The provider the objects are applied with. */
  readonly provider: pulumi.ProviderResource;
  /** The router's LoadBalancer Service. */
  readonly service: k8s.core.v1.Service;
  /** Validation warnings, one line each. */
  readonly warnings: pulumi.Output<string[]>;

  constructor(name: string, args: HostedClusterIngressArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, provider, ...props } = args;
    const { plan, contribution } = componentContribution(checkHostedClusterIngress(cluster.plan.hostedCluster, props), name);
    const { program, added } = addToProgram(cluster.managementProvider, contribution);
    super(HOSTED_CLUSTER_INGRESS_TYPE, name, {}, opts);
    this.plan = plan;
    this.provider = provider ?? hostedClusterProvider(cluster, { name: `${name}-hosted`, parent: this });
    const providers = new Map([[targetKey(plan.target), this.provider]]);

    // Pulumi deletes in reverse: the Service, then pools, the MetalLB instance, the operator.
    this.phases = registerPhases({
      program,
      objects: added,
      added: new Set(added),
      dependsOn: opts?.dependsOn,
      register: (p, dependsOn) =>
        renderResource(resourceNameFor(name, p.object), p, undefined, new Map(), { parent: this, ...(dependsOn ? { dependsOn } : {}) }, providers),
    });
    const last = this.phases[this.phases.length - 1]?.resources ?? [];
    this.service = last.find((r) => r instanceof k8s.core.v1.Service) as k8s.core.v1.Service;

    const warningLines = plan.warnings.map((w) => formatIssues([w]).trim());
    for (const line of warningLines) pulumi.log.warn(line, this);
    this.warnings = pulumi.output(warningLines);
    this.registerOutputs({ warnings: this.warnings });
  }
}
