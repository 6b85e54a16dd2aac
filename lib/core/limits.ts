/** Numeric limits the validation enforces, each with where it comes from. */

/** RFC 1123 label: namespaces, HostedCluster and NodePool names (Kubernetes object names). */
export const MAX_NAME_LENGTH = 63;

/**
 * Nodes per cluster: OpenShift's tested cluster maximum, 2,000 nodes (OpenShift Container Platform
 * "Scalability and performance", tested cluster maximums). The HCP documentation (seed004, sizing
 * guidance) gives no lower hosted-cluster figure, so the OpenShift maximum bounds every NodePool
 * and the sum of a cluster's pools.
 */
export const MAX_NODES_PER_CLUSTER = 2000;

/** The NodePool CRD (`spec.config`, `spec.tuningConfig`): `maxItems: 10`. */
export const MAX_NODEPOOL_CONFIG_REFS = 10;

/** The HostedCluster CRD: `spec.nodeSelector` and `spec.labels` hold at most 20 entries, `spec.tolerations` 25. */
export const MAX_CONTROL_PLANE_NODE_SELECTOR = 20;
export const MAX_POD_LABELS = 20;
export const MAX_TOLERATIONS = 25;

/** HostedCluster CRD, `ovnKubernetesConfig.mtu`: minimum 576 (RFC 791), maximum 9216 (jumbo frames). */
export const OVN_MTU = { min: 576, max: 9216 } as const;

/** NodePool CRD: `spec.taints` holds at most 50 entries. */
export const MAX_TAINTS = 50;

// Limits of one platform live in its folder (lib/platforms/<platform>/limits.ts).

/** HostedCluster CRD, `etcd.managed.storage.restoreSnapshotURL`: at most one URL of at most 1024 characters. */
export const MAX_RESTORE_SNAPSHOT_URL_LENGTH = 1024;

/** HostedCluster CRD, `etcd.unmanaged.endpoint`: at most 255 characters. */
export const MAX_ETCD_ENDPOINT_LENGTH = 255;
