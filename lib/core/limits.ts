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

/**
 * KubeVirt VM shape: OpenShift Virtualization "Supported limits", tested maximums per VM: 216 vCPUs
 * and 6 TB of memory (taken as 6Ti); "each VM must have at least 512 MB of memory" (taken as 512Mi).
 */
export const KUBEVIRT_VM = { maxCores: 216, minMemoryBytes: 512 * 2 ** 20, maxMemoryBytes: 6 * 2 ** 40 } as const;

/** NodePool CRD (`kubevirt.additionalNetworks`: maxItems 20; `hostDevices`: maxItems 10). */
export const KUBEVIRT_MAX_ADDITIONAL_NETWORKS = 20;
export const KUBEVIRT_MAX_HOST_DEVICES = 10;

/**
 * AWS name limits (AWS IAM User Guide, "IAM and AWS STS quotas", name lengths): role names 64
 * characters, instance profile names 128.
 */
export const AWS_IAM_ROLE_NAME_MAX = 64;
export const AWS_INSTANCE_PROFILE_NAME_MAX = 128;

/** HostedCluster and NodePool CRDs, `platform.aws.resourceTags`: maxItems 25, key maxLength 128, value maxLength 256. */
export const AWS_TAGS = { maxPerList: 25, keyMax: 128, valueMax: 256 } as const;
