/** Numeric limits of KubeVirt NodePools, each with where it comes from. */

/**
 * KubeVirt VM shape: OpenShift Virtualization "Supported limits", tested maximums per VM: 216 vCPUs
 * and 6 TB of memory (taken as 6Ti); "each VM must have at least 512 MB of memory" (taken as 512Mi).
 */
export const KUBEVIRT_VM = { maxCores: 216, minMemoryBytes: 512 * 2 ** 20, maxMemoryBytes: 6 * 2 ** 40 } as const;

/** NodePool CRD (`kubevirt.additionalNetworks`: maxItems 20; `hostDevices`: maxItems 10). */
export const KUBEVIRT_MAX_ADDITIONAL_NETWORKS = 20;
export const KUBEVIRT_MAX_HOST_DEVICES = 10;

/**
 * The network MTU multiqueue needs: HCP documentation, KubeVirt prerequisites, "Enable multiqueue
 * on node pools only when the MTU is 9000 or greater" (on the cluster that hosts the VMs).
 */
export const KUBEVIRT_MULTIQUEUE_MIN_MTU = 9000;

/** MTUs a network can have: the minimum every IPv4 host takes (RFC 791) to the largest jumbo frames (the bounds of the HostedCluster CRD's OVN MTU). */
export const NETWORK_MTU = { min: 576, max: 9216 } as const;
