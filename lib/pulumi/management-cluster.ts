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
import type * as pulumi from '@pulumi/pulumi';
import type { ManagementClusterPlan, ManagementClusterProps } from '../management';
import { checkManagementCluster } from '../management';
import { PlannedComponent } from './planned-component';

/** Type token of {@link ManagementCluster}. */
export const MANAGEMENT_CLUSTER_TYPE = 'hcp:index:ManagementCluster';

/** The same props as the cdk8s `ManagementCluster`: plain values (they decide which resources exist). */
export type ManagementClusterArgs = ManagementClusterProps;

/**
 * The management cluster: operators through OLM, the multicluster engine with HyperShift,
 * MetalLB, OpenShift Virtualization and assisted-service, each phase waiting for the previous
 * one to be ready. Pulumi deletes in reverse: webhooks-ready objects, then the operands
 * (MultiClusterEngine last of them, after every HostedCluster that depends on it), then the
 * Subscriptions, OperatorGroups and Namespaces. Invalid args throw {@link HcpResourceError}
 * before anything is registered.
 */
export class ManagementCluster extends PlannedComponent<ManagementClusterPlan> {
  /** The MultiClusterEngine; resolves once its phase is Available. */
  readonly multiClusterEngine: pulumi.CustomResource;
  /** One NodePatch per control-plane node. */
  readonly nodePatches: readonly k8s.core.v1.NodePatch[];
  /** The ports and endpoints to open for its platforms, as Markdown: no resource can open them. */
  readonly portsReport: string;

  constructor(name: string, args: ManagementClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    super(MANAGEMENT_CLUSTER_TYPE, name, checkManagementCluster(args), opts);
    this.multiClusterEngine = this.resourceOf((object) => object.kind === 'MultiClusterEngine')!;
    this.portsReport = this.plan.portsReport;
    // Nodes exist already: patch their labels and taints (server-side apply, only these fields).
    // patchForce: the taints list is one field another manager already owns (the kubelet that
    // registered the node, or whoever last set it), so a plain apply conflicts (the real engine's
    // first run was refused so); the control-plane taint is ours to set.
    this.nodePatches = this.plan.controlPlaneNodes.map(
      (node) =>
        new k8s.core.v1.NodePatch(
          `${name}-node-${node.name}`,
          {
            metadata: { name: node.name, labels: node.labels, annotations: { 'pulumi.com/patchForce': 'true' } },
            ...(node.taints.length > 0 ? { spec: { taints: [...node.taints] } } : {}),
          },
          { parent: this },
        ),
    );
    this.registerOutputs({ warnings: this.warnings });
  }
}
