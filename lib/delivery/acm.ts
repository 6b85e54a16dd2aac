/**
 * ACM registers the clusters Argo CD delivers to: a ManagedClusterSetBinding makes the cluster set
 * selectable from the namespace (named after the set, as ACM's webhook requires), a Placement
 * selects the destination ManagedClusters of that set by their `name` label, and a GitOpsCluster
 * writes an Argo CD cluster Secret for each ManagedCluster the Placement decides on, named after
 * it, which is what the ApplicationSet's destinations name. The set itself must exist, with the
 * clusters in it.
 */
import type { GitOpsCluster, ManagedClusterSetBinding, Placement } from '../api';
import { DELIVERY_API_VERSIONS } from '../api';
import type { PlanItem } from '../core';
import { PHASES, planItem } from '../core';
import { IN_CLUSTER } from './argocd';
import type { ArgoCdSettings } from './argocd';
import type { DeliveryContext } from './context';
import { checkName } from './context';
import type { AcmDeliveryProps, ArgoCdDeliveryProps } from './delivery-props';

/** ManagedCluster label that holds its name (set by ACM's registration). */
const MANAGED_CLUSTER_NAME_LABEL = 'name';

/** The binding, Placement and GitOpsCluster, beside the Argo CD objects; none when every folder goes to `in-cluster`. */
export function planAcm(props: AcmDeliveryProps, argoProps: ArgoCdDeliveryProps, settings: ArgoCdSettings, ctx: DeliveryContext): PlanItem[] {
  const clusterSet = props.clusterSet ?? 'hosted-control-planes';
  const namespace = props.namespace ?? settings.namespace;
  checkName(ctx.issues, 'acm.clusterSet', 'cluster set', clusterSet, 'label', 'hosted-control-planes');
  if (props.namespace !== undefined) checkName(ctx.issues, 'acm.namespace', 'namespace', namespace, 'label', 'openshift-gitops');
  const clusters = [...new Set(settings.destinations.values())].filter((d) => d !== IN_CLUSTER).sort();
  if (clusters.length === 0) {
    ctx.issues.warn('acm', 'every folder goes to the cluster Argo CD runs on (in-cluster), so ACM has no cluster to register with Argo CD; no Placement or GitOpsCluster is written.', argoProps.destinations ? 'Remove acm.' : 'Remove acm, or deliver to other clusters.');
    return [];
  }
  const name = settings.project;
  const binding: ManagedClusterSetBinding = {
    apiVersion: DELIVERY_API_VERSIONS.managedClusterSetBinding,
    kind: 'ManagedClusterSetBinding',
    metadata: { name: clusterSet, namespace },
    spec: { clusterSet },
  };
  const placement: Placement = {
    apiVersion: DELIVERY_API_VERSIONS.placement,
    kind: 'Placement',
    metadata: { name, namespace },
    spec: {
      clusterSets: [clusterSet],
      predicates: [{ requiredClusterSelector: { labelSelector: { matchExpressions: [{ key: MANAGED_CLUSTER_NAME_LABEL, operator: 'In', values: clusters }] } } }],
    },
  };
  const gitOpsCluster: GitOpsCluster = {
    apiVersion: DELIVERY_API_VERSIONS.gitOpsCluster,
    kind: 'GitOpsCluster',
    metadata: { name, namespace },
    spec: {
      argoServer: { argoNamespace: settings.namespace },
      placementRef: { kind: 'Placement', apiVersion: DELIVERY_API_VERSIONS.placement, name },
    },
  };
  return [planItem(binding, PHASES.day2), planItem(placement, PHASES.day2), planItem(gitOpsCluster, PHASES.day2)];
}
