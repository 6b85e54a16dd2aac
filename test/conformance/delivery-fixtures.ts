/**
 * Delivery for the conformance suite and the unit tests: the folders of a small fleet (two named
 * management clusters, the app's own with an edge site, and hosted clusters on each), and the
 * props of every shape the delivery objects take (Argo CD with each generator and each form of
 * health checks, ACM, Flux with hosted clusters and a timeout), so the API server sees each.
 */
import type { DeliveryProps } from '../../lib';
import type { FolderSpec, Phase, PlannedObject, Target } from '../../lib/core';
import { MANAGEMENT_CLUSTER, PHASES, folderSpecs, hostedClusterTarget, managementTarget } from '../../lib/core';

const planned = (apiVersion: string, kind: string, name: string, namespace: string | undefined, phase: Phase, target: Target, folder?: string): PlannedObject => ({
  object: { apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}) } },
  phase,
  target,
  readiness: { kind: 'exists' },
  contributor: 'fixture',
  ...(folder ? { folder } : {}),
});

const HYPERSHIFT = 'hypershift.openshift.io/v1beta1';

/** A management cluster's objects: mirrors, an operator, its configuration, a hosted cluster and (optionally) its import. */
function managementObjects(target: Target, cluster: { namespace: string; name: string }, imported: boolean): PlannedObject[] {
  return [
    planned('config.openshift.io/v1', 'ImageDigestMirrorSet', 'mirrors', undefined, PHASES.imageConfiguration, target),
    planned('v1', 'Namespace', 'multicluster-engine', undefined, PHASES.operators, target),
    planned('operators.coreos.com/v1', 'OperatorGroup', 'multicluster-engine', 'multicluster-engine', PHASES.operators, target),
    planned('operators.coreos.com/v1alpha1', 'Subscription', 'multicluster-engine', 'multicluster-engine', PHASES.operators, target),
    planned('multicluster.openshift.io/v1', 'MultiClusterEngine', 'multiclusterengine', undefined, PHASES.operatorConfiguration, target),
    planned('metallb.io/v1beta1', 'IPAddressPool', 'pool', 'metallb-system', PHASES.webhooksReady, target),
    planned('v1', 'Namespace', cluster.namespace, undefined, PHASES.namespaces, target),
    planned(HYPERSHIFT, 'HostedCluster', cluster.name, cluster.namespace, PHASES.hostedCluster, target),
    planned(HYPERSHIFT, 'NodePool', `${cluster.name}-workers`, cluster.namespace, PHASES.nodePools, target),
    ...(imported ? [planned('cluster.open-cluster-management.io/v1', 'ManagedCluster', cluster.name, undefined, PHASES.registration, target)] : []),
  ];
}

/** Objects inside a hosted cluster (its day-2 folder). */
const hostedObjects = (namespace: string, name: string): PlannedObject[] => [
  planned('v1', 'Namespace', 'metallb-system', undefined, PHASES.namespaces, hostedClusterTarget(namespace, name)),
  planned('v1', 'ConfigMap', 'settings', 'default', PHASES.day2, hostedClusterTarget(namespace, name)),
];

/**
 * The fleet's folders: `management` (the app's, with edge site `edge-store-1` and hosted cluster
 * apps/c), `management-east` (clusters/a, imported), `management-west` (clusters/b, imported),
 * the three hosted clusters' folders and an earlier `gitops-east` folder, which is never delivered.
 */
export const FLEET_FOLDERS: readonly FolderSpec[] = folderSpecs([
  ...managementObjects(managementTarget('east'), { namespace: 'clusters', name: 'a' }, true),
  ...managementObjects(managementTarget('west'), { namespace: 'clusters', name: 'b' }, true),
  ...managementObjects(MANAGEMENT_CLUSTER, { namespace: 'apps', name: 'c' }, false),
  planned('hive.openshift.io/v1', 'ClusterImageSet', 'img4.17.2-x86-64', undefined, PHASES.prerequisites, MANAGEMENT_CLUSTER, 'edge-store-1'),
  planned('extensions.hive.openshift.io/v1alpha1', 'ImageClusterInstall', 'store-1', 'store-1', PHASES.hostedCluster, MANAGEMENT_CLUSTER, 'edge-store-1'),
  ...hostedObjects('clusters', 'a'),
  ...hostedObjects('clusters', 'b'),
  ...hostedObjects('apps', 'c'),
  planned('source.toolkit.fluxcd.io/v1', 'GitRepository', 'old', 'flux-system', PHASES.day2, managementTarget('east'), 'gitops-east'),
]);

/** Where the fleet's hosted clusters live (apps/c: on the app's management cluster, by default). */
export const FLEET_PLACEMENT: ReadonlyMap<string, string> = new Map([
  ['clusters/a', 'east'],
  ['clusters/b', 'west'],
]);

export interface DeliveryFixture {
  readonly id: string;
  readonly props: DeliveryProps;
}

const REPO = 'https://git.example.com/platform/fleet.git';

export const DELIVERY_FIXTURES: readonly DeliveryFixture[] = [
  { id: 'argocd-list-acm', props: { repoURL: REPO, argoCd: { destinations: { 'hosted-apps-c': 'apps-c' } }, acm: {} } },
  {
    id: 'argocd-git-hub-config-map',
    props: {
      repoURL: 'git@git.example.com:platform/fleet.git',
      revision: 'release',
      path: 'clusters/prod',
      argoCd: { hub: 'east', namespace: 'argocd', project: 'fleet', generator: 'git', healthChecks: 'config-map', destinations: { 'hosted-clusters-a': 'clusters-a', 'hosted-clusters-b': 'clusters-b', 'hosted-apps-c': 'apps-c' } },
      acm: { clusterSet: 'fleet', namespace: 'fleet-gitops' },
    },
  },
  { id: 'flux', props: { repoURL: 'ssh://git@git.example.com/platform/fleet.git', flux: { interval: '10m', timeout: '30m' } } },
];
