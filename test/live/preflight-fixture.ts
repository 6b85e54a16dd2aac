/**
 * The preflight tests' plan and the live management cluster it passes against: the example
 * KubeVirt cluster (HighlyAvailable, 4.16, an existing etcd key Secret, its pull secret from the
 * ClusterSecretStore `vault`, two NodePools with node configuration) and a nightly backup of it.
 * The unit tests judge it against these objects in memory; the kube-server suite applies them to
 * a real API server (their `status` through the status subresource) and reads them back.
 */
import type { HostedCluster, KubernetesObject } from '../../lib/api';
import { contributionOf } from '../../lib/core';
import type { PlannedObject } from '../../lib/core';
import { checkHostedClusterBackup } from '../../lib/management';
import { checkHostedCluster } from '../../lib/platforms';
import type { PreflightPlan } from '../../lib/live';
import { kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

function planned(): PlannedObject[] {
  const cluster = checkHostedCluster(kubevirtCluster, { supportedVersions: SUPPORTED_VERSIONS });
  if (!cluster.plan) throw new Error(`the example cluster does not plan: ${JSON.stringify(cluster.issues)}`);
  const hostedCluster = cluster.plan.objects.map((i) => i.object).find((o) => o.kind === 'HostedCluster') as HostedCluster;
  const backup = checkHostedClusterBackup(hostedCluster, { schedule: '0 2 * * *' });
  if (!backup.plan) throw new Error(`the backup does not plan: ${JSON.stringify(backup.issues)}`);
  return [...contributionOf(cluster.plan, []).objects, ...contributionOf(backup.plan, []).objects];
}

export const PLAN: PreflightPlan = { objects: planned() };

const condition = (type: string, status: 'True' | 'False', reason = 'AsExpected') => ({ type, status, reason, message: '', lastTransitionTime: '2026-11-01T00:00:00Z' });

export const SUPPORTED = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'supported-versions', namespace: 'hypershift', labels: { 'hypershift.openshift.io/supported-versions': 'true' } }, data: { 'supported-versions': '{"versions":["4.17","4.16","4.15"]}', 'server-version': 'abc123' } };
export const ETCD_KEY = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'kv-dev-etcd-encryption-key', namespace: 'kubevirt-clusters' }, type: 'Opaque', data: { key: Buffer.alloc(32, 7).toString('base64') } };
export const ENGINE = { apiVersion: 'multicluster.openshift.io/v1', kind: 'MultiClusterEngine', metadata: { name: 'multiclusterengine' }, spec: { overrides: { components: [{ name: 'hypershift', enabled: true }] } }, status: { phase: 'Available' } };
export const ADD_ON = { apiVersion: 'addon.open-cluster-management.io/v1alpha1', kind: 'ManagedClusterAddOn', metadata: { name: 'hypershift-addon', namespace: 'local-cluster' }, spec: { installNamespace: 'open-cluster-management-agent-addon' }, status: { conditions: [condition('Available', 'True')] } };
export const STORE = { apiVersion: 'external-secrets.io/v1', kind: 'ClusterSecretStore', metadata: { name: 'vault' }, spec: { provider: { fake: { data: [] } } }, status: { conditions: [condition('Ready', 'True', 'Valid')] } };
export const DPA = {
  apiVersion: 'oadp.openshift.io/v1alpha1',
  kind: 'DataProtectionApplication',
  metadata: { name: 'dpa', namespace: 'openshift-adp' },
  spec: { configuration: { velero: { defaultPlugins: ['openshift', 'aws', 'csi', 'hypershift'] } } },
  status: { conditions: [condition('Reconciled', 'True', 'Complete')] },
};

/** Three nodes labelled and tainted for control planes, one per zone. */
export function nodes(zones: readonly string[] = ['zone-a', 'zone-b', 'zone-c'], dedicated = true): KubernetesObject[] {
  return zones.map((zone, i) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: `cp-${i}`, labels: { 'topology.kubernetes.io/zone': zone, ...(dedicated ? { 'hypershift.openshift.io/control-plane': 'true' } : {}) } },
    spec: dedicated ? { taints: [{ key: 'hypershift.openshift.io/control-plane', value: 'true', effect: 'NoSchedule' }] } : {},
  })) as KubernetesObject[];
}

/** The namespaces the live objects live in. */
export const NAMESPACES = ['hypershift', 'kubevirt-clusters', 'local-cluster', 'openshift-adp', 'multicluster-engine', 'foreign-clusters'].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));

/** Everything of the clean state (namespaces aside). */
export function cleanState(): KubernetesObject[] {
  return [SUPPORTED, ETCD_KEY, ENGINE, ADD_ON, STORE, DPA, ...nodes()] as KubernetesObject[];
}

/** `count` HostedClusters this plan does not manage (valid ones: the example None cluster, renamed). */
export function foreignHostedClusters(count: number): KubernetesObject[] {
  const checked = checkHostedCluster({ ...noneCluster, namespace: 'foreign-clusters' }, {});
  const template = checked.plan!.objects.map((i) => i.object).find((o) => o.kind === 'HostedCluster')!;
  return Array.from({ length: count }, (_, i) => ({ ...template, metadata: { ...template.metadata, name: `foreign-${String(i).padStart(3, '0')}` } }));
}

/** The AddOnDeploymentConfig of the hypershift add-on with the given limits. */
export function addOnLimits(hcMaxNumber: number, hcThresholdNumber: number): KubernetesObject {
  return {
    apiVersion: 'addon.open-cluster-management.io/v1alpha1',
    kind: 'AddOnDeploymentConfig',
    metadata: { name: 'hypershift-addon-deploy-config', namespace: 'multicluster-engine' },
    spec: { customizedVariables: [{ name: 'hcMaxNumber', value: String(hcMaxNumber) }, { name: 'hcThresholdNumber', value: String(hcThresholdNumber) }] },
  } as KubernetesObject;
}
