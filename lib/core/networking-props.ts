/** The networks of a hosted cluster, as users write them (kept equal to `networkingPropsSchema` by test/types/props-match-schemas.ts). */
import type { ApiServerNetworkingProps } from './access-props';

/** The network plugins a HostedCluster accepts (`NetworkingProps.networkType`). */
export const NETWORK_TYPES = ['OpenShiftSDN', 'Calico', 'OVNKubernetes', 'Other'] as const;

/** Cluster, service and machine networks; every field has the CLI's default. Each network is a CIDR string or an object with `cidr`, in all three lists. */
export interface NetworkingProps {
  /** Pod networks, one per IP family: a CIDR, or `{ cidr, hostPrefix }`. @default ['10.132.0.0/14'] (dual stack adds 'fd01::/48') */
  readonly clusterNetwork?: ReadonlyArray<string | ClusterNetworkEntry>;
  /** Service networks, one per IP family: a CIDR, or `{ cidr }`. @default ['172.31.0.0/16'] (dual stack adds 'fd02::/112') */
  readonly serviceNetwork?: ReadonlyArray<string | NetworkEntry>;
  /** Node networks: a CIDR, or `{ cidr }`. @default the platform's (AWS: the VPC CIDR), else none */
  readonly machineNetwork?: ReadonlyArray<string | NetworkEntry>;
  /** The network plugin. @default 'OVNKubernetes' */
  readonly networkType?: (typeof NETWORK_TYPES)[number];
  /** Use the CLI's IPv4 + IPv6 defaults for cluster and service networks (Agent `--default-dual`). @default false */
  readonly dualStack?: boolean;
  /** OVN-Kubernetes MTU, 576 to 9216. @default the operator's */
  readonly ovnMtu?: number;
  /** Who may reach the API server (allow-list), and its address and port inside the nodes. @default the operator's: any source, 172.20.0.1:6443 */
  readonly apiServer?: ApiServerNetworkingProps;
}

/** A network written as an object, the form the HostedCluster spec uses. */
export interface NetworkEntry {
  /** The network, e.g. `172.31.0.0/16`. */
  readonly cidr: string;
}

/** A pod network with the size of each node's slice. */
export interface ClusterNetworkEntry extends NetworkEntry {
  /** Prefix length of each node's slice. @default the operator's (23 for IPv4, 64 for IPv6) */
  readonly hostPrefix?: number;
}
