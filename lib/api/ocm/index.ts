/**
 * Kinds of importing clusters into ACM/MCE (the hub is the management cluster): the ManagedCluster
 * and, with ACM, the KlusterletAddonConfig of its add-ons. Spec types are generated from the
 * upstream CRDs (scripts/gen-api/targets.ts).
 */
import type { SpecResource } from '../k8s';
import type { KlusterletAddonConfigSpec } from './klusterlet-addon-config.generated';
import type { ManagedClusterSpec } from './managed-cluster.generated';

export * from './klusterlet-addon-config.generated';
export * from './managed-cluster.generated';

/** The API versions the library writes for cluster registration. */
export const OCM_API_VERSIONS = {
  managedCluster: 'cluster.open-cluster-management.io/v1',
  klusterletAddonConfig: 'agent.open-cluster-management.io/v1',
} as const;

type O = typeof OCM_API_VERSIONS;
/** `cluster.open-cluster-management.io/v1` ManagedCluster (cluster-scoped): a cluster registered with the hub. */
export type ManagedCluster = SpecResource<O['managedCluster'], 'ManagedCluster', ManagedClusterSpec>;
/** `agent.open-cluster-management.io/v1` KlusterletAddonConfig (in the namespace named after the ManagedCluster; ACM only): which ACM add-ons run on it. */
export type KlusterletAddonConfig = SpecResource<O['klusterletAddonConfig'], 'KlusterletAddonConfig', KlusterletAddonConfigSpec>;
