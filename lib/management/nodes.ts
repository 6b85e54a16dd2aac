/**
 * Labels and taints of the management nodes that host control planes (documentation, "Labeling
 * management cluster nodes"): `hypershift.openshift.io/control-plane` dedicates nodes to control
 * planes, `hypershift.openshift.io/cluster: <control-plane namespace>` to one cluster, and
 * `topology.kubernetes.io/zone` spreads HighlyAvailable control planes. Control-plane pods
 * tolerate both taints and prefer such nodes. `hypershift.openshift.io/request-serving-component`
 * offers a node to request-serving isolation (lib/core/request-serving.ts).
 *
 * Nodes are not created by the library, so these are not plan objects: Pulumi patches the nodes
 * (`NodePatch`); for GitOps the README gives the manual step.
 */
import type { Toleration } from '../api';
import type { IssueCollector } from '../core/errors';
import { dnsLabelProblem, labelValueProblem, qualifiedNameProblem } from '../core/names';
import { REQUEST_SERVING } from '../core/request-serving';
import type { ControlPlaneNodeProps } from './props';

export const CONTROL_PLANE_LABEL = 'hypershift.openshift.io/control-plane';
export const CLUSTER_LABEL = 'hypershift.openshift.io/cluster';
export const ZONE_LABEL = 'topology.kubernetes.io/zone';
export const INFRA_ROLE_LABEL = 'node-role.kubernetes.io/infra';

export interface NodeTaint {
  readonly key: string;
  readonly value: string;
  readonly effect: NonNullable<Toleration['effect']>;
}

/** What to set on one node. */
export interface ControlPlaneNodeSettings {
  /** The node's name, as listed in `controlPlaneNodes`. */
  readonly name: string;
  /** Every label to set on the node: the given ones, `hypershift.openshift.io/control-plane`, and the zone, cluster and infra labels it asked for. */
  readonly labels: Readonly<Record<string, string>>;
  /** Taints to set on the node so only control planes (or one cluster's) run there; none when tainting is off. */
  readonly taints: readonly NodeTaint[];
}

export function controlPlaneNodeSettings(nodes: readonly ControlPlaneNodeProps[], taint: boolean, issues: IssueCollector): ControlPlaneNodeSettings[] {
  const seen = new Set<string>();
  return nodes.map((node, i) => {
    const path = `controlPlaneNodes[${i}]`;
    if (seen.has(node.name)) issues.error(`${path}.name`, `node "${node.name}" is listed twice.`, 'List each node once.');
    seen.add(node.name);
    const labels: Record<string, string> = { ...node.labels, [CONTROL_PLANE_LABEL]: 'true' };
    const taints: NodeTaint[] = taint ? [{ key: CONTROL_PLANE_LABEL, value: 'true', effect: 'NoSchedule' }] : [];
    if (node.zone !== undefined) {
      const problem = labelValueProblem(node.zone);
      if (problem) issues.error(`${path}.zone`, `zone ${problem}.`, 'Use a label value such as rack1.');
      labels[ZONE_LABEL] = node.zone;
    }
    if (node.dedicatedTo !== undefined) {
      const problem = dnsLabelProblem(node.dedicatedTo);
      if (problem) issues.error(`${path}.dedicatedTo`, `"${node.dedicatedTo}" ${problem}.`, 'Give the control-plane namespace, <namespace>-<name> of the HostedCluster.');
      labels[CLUSTER_LABEL] = node.dedicatedTo;
      if (taint) taints.push({ key: CLUSTER_LABEL, value: node.dedicatedTo, effect: 'NoSchedule' });
    }
    if (node.requestServing) {
      labels[REQUEST_SERVING.nodeLabel] = 'true';
      if (taint) taints.push({ key: REQUEST_SERVING.nodeLabel, value: 'true', effect: 'NoSchedule' });
      // The scheduler skips request-serving nodes without a zone (dedicated_request_serving_nodes.go).
      if (node.zone === undefined) issues.warn(`${path}.zone`, 'the HyperShift operator\'s scheduler takes only request-serving nodes with a zone (topology.kubernetes.io/zone), so it never takes this one.', 'Give the node its zone.');
    }
    if (node.infra) labels[INFRA_ROLE_LABEL] = '';
    for (const [key, value] of Object.entries(node.labels ?? {})) {
      const problem = qualifiedNameProblem(key) ?? labelValueProblem(value);
      if (problem) issues.error(`${path}.labels[${JSON.stringify(key)}]`, `label ${problem}.`, 'Use a valid label key and value.');
    }
    return { name: node.name, labels, taints };
  });
}
