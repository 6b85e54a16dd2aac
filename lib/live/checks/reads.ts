/**
 * The kinds the preflight lists, and what checks ask of the plan. A read names the API version
 * the library writes, so that a kind the cluster serves only in another version counts as not
 * served, as it would be for the objects.
 */
import type { KubernetesObject } from '../../api';
import type { PlannedObject } from '../../core';
import type { Read } from '../live-state';
import type { PreflightPlan } from '../preflight-check';

export const READS = {
  configMaps: { apiVersion: 'v1', kind: 'ConfigMap' },
  secrets: { apiVersion: 'v1', kind: 'Secret' },
  nodes: { apiVersion: 'v1', kind: 'Node' },
  services: { apiVersion: 'v1', kind: 'Service' },
  crds: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' },
  apiServices: { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService' },
  hostedClusters: { apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'HostedCluster' },
  multiclusterEngines: { apiVersion: 'multicluster.openshift.io/v1', kind: 'MultiClusterEngine' },
  addOns: { apiVersion: 'addon.open-cluster-management.io/v1alpha1', kind: 'ManagedClusterAddOn' },
  addOnConfigs: { apiVersion: 'addon.open-cluster-management.io/v1alpha1', kind: 'AddOnDeploymentConfig' },
  dataProtection: { apiVersion: 'oadp.openshift.io/v1alpha1', kind: 'DataProtectionApplication' },
  digestMirrorSets: { apiVersion: 'config.openshift.io/v1', kind: 'ImageDigestMirrorSet' },
  addressPools: { apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool' },
  secretStores: { apiVersion: 'external-secrets.io/v1', kind: 'SecretStore' },
  clusterSecretStores: { apiVersion: 'external-secrets.io/v1', kind: 'ClusterSecretStore' },
} as const satisfies Record<string, Read>;

/** The planned objects of `kind`. */
export function plannedOf(plan: PreflightPlan, kind: string): PlannedObject[] {
  return plan.objects.filter((p) => p.object.kind === kind);
}

/** `namespace/name` */
export function idOf(object: KubernetesObject): string {
  return `${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`;
}

/**
 * The operators the plan installs (its OLM Subscriptions' packages): what they bring (their
 * kinds, their operands) is missing until they run, which is no fault of the plan.
 */
export function installedByPlan(plan: PreflightPlan): string[] {
  return plannedOf(plan, 'Subscription').map((p) => String((p.object as { spec?: { name?: unknown } }).spec?.name ?? p.object.metadata.name));
}

/** The condition `type` of an object's status, if it has one. */
export function conditionOf(object: KubernetesObject, type: string): { status?: string; reason?: string; message?: string } | undefined {
  const conditions = (object as { status?: { conditions?: unknown } }).status?.conditions;
  return Array.isArray(conditions) ? conditions.find((c) => c && c.type === type) : undefined;
}

/** `a, b and 3 more` */
export function someOf(names: readonly string[], shown = 3): string {
  return names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
