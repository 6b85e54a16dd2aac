/**
 * Request-serving isolation: a hosted cluster's request-serving components (its API server, OAuth
 * server, ignition proxy, router) on management nodes of their own. The HostedCluster asks for it
 * with the annotation `hypershift.openshift.io/topology: dedicated-request-serving-components`
 * (HyperShift api hostedcluster_types.go `TopologyAnnotation`). The HyperShift operator's scheduler
 * (hypershift-operator/controllers/scheduler, on unless the operator runs with
 * `--enable-dedicated-request-serving-isolation=false`) then takes two nodes labelled
 * `hypershift.openshift.io/request-serving-component` in two zones (`topology.kubernetes.io/zone`;
 * nodes without one are skipped), labels and taints them `hypershift.openshift.io/cluster:
 * <namespace>-<name>`, and those components require such nodes (support/controlplane-component
 * defaults.go `setControlPlaneIsolation`). `hypershift.openshift.io/request-serving-node-additional-selector`
 * (`key=value,...`, read by `ParseNodeSelector`) narrows the nodes further. The nodes' label and
 * taint are the management cluster's `controlPlaneNodes[].requestServing`.
 */
import type { IssueCollector } from './errors';
import type { RequestServingIsolationProps } from './hosted-cluster-props';
import { labelValueProblem, qualifiedNameProblem } from './names';
import { strict, stringMap } from './schema';
import { v } from './valibot';

export const REQUEST_SERVING = {
  topologyAnnotation: 'hypershift.openshift.io/topology',
  dedicated: 'dedicated-request-serving-components',
  additionalSelectorAnnotation: 'hypershift.openshift.io/request-serving-node-additional-selector',
  /** The label (and taint) of the management nodes the scheduler may take. */
  nodeLabel: 'hypershift.openshift.io/request-serving-component',
  /** How many nodes, in as many zones, the scheduler takes for each cluster. */
  nodesPerCluster: 2,
} as const;

/** @internal */
export const requestServingIsolationSchema = strict({
  additionalNodeSelector: v.optional(stringMap()),
});

/** The annotations of the prop; none without it. The selector's keys are sorted, so the value is the same whatever their order. */
export function requestServingAnnotations(props: RequestServingIsolationProps | undefined): Record<string, string> {
  if (!props) return {};
  const selector = Object.entries(props.additionalNodeSelector ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    [REQUEST_SERVING.topologyAnnotation]: REQUEST_SERVING.dedicated,
    ...(selector.length > 0 ? { [REQUEST_SERVING.additionalSelectorAnnotation]: selector.map(([key, value]) => `${key}=${value}`).join(',') } : {}),
  };
}

/** The selector's labels; and SingleReplica, which runs one replica on the two nodes the scheduler still takes. */
export function checkRequestServing(props: RequestServingIsolationProps | undefined, singleReplica: boolean, issues: IssueCollector): void {
  if (!props) return;
  for (const [key, value] of Object.entries(props.additionalNodeSelector ?? {})) {
    const problem = qualifiedNameProblem(key) ?? labelValueProblem(value);
    if (problem) issues.error(`requestServingIsolation.additionalNodeSelector[${JSON.stringify(key)}]`, `label ${problem}.`, 'Use a valid label key and value.');
  }
  if (singleReplica) {
    issues.warn(
      'requestServingIsolation',
      `with SingleReplica each request-serving component runs one replica, yet the scheduler still dedicates ${REQUEST_SERVING.nodesPerCluster} nodes to the cluster.`,
      'Use controllerAvailabilityPolicy: HighlyAvailable with request-serving isolation, or leave isolation out.',
    );
  }
}
