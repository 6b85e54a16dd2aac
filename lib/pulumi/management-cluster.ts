/**
 * A Pulumi component that renders the management cluster's part of the program's plan: phases
 * become `dependsOn` (operators, then their configuration, then what needs their webhooks),
 * readiness becomes `pulumi.com/waitFor`, objects an operator already created are patched, and
 * the nodes that host control planes get their labels and taints through `NodePatch`.
 *
 * Give it to hosted clusters as `dependsOn`: `new HostedClusterBundle('c', args, { dependsOn: [mgmt] })`.
 * They then wait for the multicluster engine to be Available, and `pulumi destroy` deletes them
 * before the engine.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { PlannedObject } from '../core';
import { formatIssues } from '../core';
import type { ManagementClusterPlan, ManagementClusterProps } from '../management';
import { checkManagementCluster, managementClusterContribution, managementRequirements } from '../management';
import { HcpResourceError } from './errors';
import { metadataWithReadiness, renderResource, resourceNameFor } from './hosted-cluster';
import { programPlan } from './program-plan';
import { RegisteredPhase, registerPhases } from './register-phases';

/** Type token of {@link ManagementCluster}. */
export const MANAGEMENT_CLUSTER_TYPE = 'hcp:index:ManagementCluster';

/** The same props as the cdk8s `ManagementCluster`: plain values (they decide which resources exist). */
export type ManagementClusterArgs = ManagementClusterProps;

/**
 * The management cluster: operators through OLM, the multicluster engine with HyperShift,
 * MetalLB, OpenShift Virtualization and assisted-service, each phase waiting for the previous
 * one to be ready. Invalid args throw {@link HcpResourceError} before anything is registered.
 */
export class ManagementCluster extends pulumi.ComponentResource {
  readonly plan: ManagementClusterPlan;
  readonly phases: readonly RegisteredPhase[];
  /** The MultiClusterEngine; resolves once its phase is Available. */
  readonly multiClusterEngine: pulumi.CustomResource;
  /** One NodePatch per control-plane node. */
  readonly nodePatches: readonly k8s.core.v1.NodePatch[];
  /** Validation warnings, one line each. */
  readonly warnings: pulumi.Output<string[]>;

  constructor(name: string, args: ManagementClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    const checked = checkManagementCluster(args);
    if (!checked.plan) throw new HcpResourceError(checked.issues);
    const plan = checked.plan;
    const program = programPlan(opts?.provider);
    const contributor = `ManagementCluster (component ${name})`;
    const before = program.plan.addCheck(managementRequirements({ contributor, ...plan.capabilities }));
    const contribution = managementClusterContribution(plan, [...checked.issues, ...before], contributor);
    if (contribution.issues.some((i) => i.severity === 'error')) throw new HcpResourceError(contribution.issues);
    const { added, issues } = program.plan.add(contribution);
    if (issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues);
    super(MANAGEMENT_CLUSTER_TYPE, name, {}, opts);
    this.plan = plan;

    // Pulumi deletes in the reverse of this order: webhooks-ready objects, then the operands
    // (MultiClusterEngine last of them, after every HostedCluster that depends on it), then the
    // Subscriptions, OperatorGroups and Namespaces.
    const byObject = new Map<PlannedObject, pulumi.CustomResource>();
    this.phases = registerPhases({
      program,
      objects: contribution.objects,
      added: new Set(added),
      dependsOn: opts?.dependsOn,
      register: (p, dependsOn) => {
        const childOpts: pulumi.CustomResourceOptions = { parent: this, ...(dependsOn ? { dependsOn } : {}) };
        const resource = p.patch ? renderPatch(resourceNameFor(name, p.object), p, childOpts) : renderResource(resourceNameFor(name, p.object), p, undefined, childOpts);
        byObject.set(p, resource);
        return resource;
      },
    });
    this.multiClusterEngine = [...byObject].find(([p]) => p.object.kind === 'MultiClusterEngine')![1];

    // Nodes exist already: patch their labels and taints (server-side apply, only these fields).
    this.nodePatches = plan.controlPlaneNodes.map(
      (node) =>
        new k8s.core.v1.NodePatch(
          `${name}-node-${node.name}`,
          { metadata: { name: node.name, labels: node.labels }, ...(node.taints.length > 0 ? { spec: { taints: [...node.taints] } } : {}) },
          { parent: this },
        ),
    );

    const warningLines = plan.warnings.map((w) => formatIssues([w]).trim());
    for (const line of warningLines) pulumi.log.warn(line, this);
    this.warnings = pulumi.output(warningLines);
    this.registerOutputs({ warnings: this.warnings });
  }
}

/** An object the operator created already (the add-on's AddOnDeploymentConfig): a server-side-apply patch of our fields. */
function renderPatch(resourceName: string, planned: PlannedObject, opts: pulumi.CustomResourceOptions): pulumi.CustomResource {
  const metadata = metadataWithReadiness(planned);
  // patchForce: MCE wrote the object first; our fields win over its field manager for what we set.
  const annotated = { ...metadata, annotations: { ...metadata.annotations, 'pulumi.com/patchForce': 'true' } };
  return new k8s.apiextensions.CustomResourcePatch(resourceName, { ...planned.object, metadata: annotated } as unknown as k8s.apiextensions.CustomResourcePatchArgs, opts);
}
