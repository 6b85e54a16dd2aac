/**
 * Day 2 inside a hosted cluster, with Pulumi: the same objects as the cdk8s
 * `HostedClusterIngress`, applied to the hosted cluster's own API through a Kubernetes provider
 * built from its admin kubeconfig (so nothing is applied before the HostedCluster is Available).
 * Phases become `dependsOn` and readiness `pulumi.com/waitFor`, as on the management cluster.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan } from '../core';
import { formatIssues, hostedClusterTarget, targetKey } from '../core';
import type { HostedClusterIngressPlan, HostedClusterIngressProps } from '../day2';
import { checkHostedClusterIngress, checkPoolsDisjoint, hostedClusterIngressContribution } from '../day2';
import { HcpResourceError } from './errors';
import { renderResource, resourceNameFor } from './hosted-cluster';
import { HostedClusterRef, hostedClusterProvider } from './hosted-cluster-provider';
import { programPlan } from './program-plan';
import { RegisteredPhase, registerPhases } from './register-phases';

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
    const checked = checkHostedClusterIngress(cluster.plan.hostedCluster, props);
    if (!checked.plan) throw new HcpResourceError(checked.issues);
    const program = programPlan(cluster.managementProvider);
    const contributor = `HostedClusterIngress ${checked.plan.namespace}/${checked.plan.name} (component ${name})`;
    const before = checkPoolsDisjoint(program.plan);
    const contribution = hostedClusterIngressContribution(checked.plan, [...checked.issues, ...before], contributor);
    if (contribution.issues.some((i) => i.severity === 'error')) throw new HcpResourceError(contribution.issues);
    const { added, issues } = program.plan.add(contribution);
    if (issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues);
    super(HOSTED_CLUSTER_INGRESS_TYPE, name, {}, opts);
    this.plan = checked.plan;
    this.provider = provider ?? hostedClusterProvider(cluster, { name: `${name}-hosted`, parent: this });
    const target = targetKey(hostedClusterTarget(checked.plan.namespace, checked.plan.name));
    const providers = new Map([[target, this.provider]]);

    // Pulumi deletes in reverse: the Service, then pools, the MetalLB instance, the operator.
    this.phases = registerPhases({
      program,
      objects: added,
      added: new Set(added),
      dependsOn: opts?.dependsOn,
      register: (p, dependsOn) =>
        renderResource(resourceNameFor(name, p.object), p, undefined, { parent: this, ...(dependsOn ? { dependsOn } : {}) }, providers),
    });
    const last = this.phases[this.phases.length - 1]?.resources ?? [];
    this.service = last.find((r) => r instanceof k8s.core.v1.Service) as k8s.core.v1.Service;

    const warningLines = checked.plan.warnings.map((w) => formatIssues([w]).trim());
    for (const line of warningLines) pulumi.log.warn(line, this);
    this.warnings = pulumi.output(warningLines);
    this.registerOutputs({ warnings: this.warnings });
  }
}
