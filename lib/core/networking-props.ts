/** The networks of a hosted cluster, as users write them (kept equal to `networkingPropsSchema` by test/types/props-match-schemas.ts). */

/** Cluster, service and machine networks; every field has the CLI's default. */
export interface NetworkingProps {
  /** Pod networks, one per IP family: a CIDR, or `{ cidr, hostPrefix }`. @default ['10.132.0.0/14'] (dual stack adds 'fd01::/48') */
  readonly clusterNetwork?: ReadonlyArray<string | ClusterNetworkEntry>;
  /** Service networks, one per IP family. @default ['172.31.0.0/16'] (dual stack adds 'fd02::/112') */
  readonly serviceNetwork?: readonly string[];
  /** Node networks. @default the platform's (AWS: the VPC CIDR), else none */
  readonly machineNetwork?: readonly string[];
  /** The network plugin. @default 'OVNKubernetes' */
  readonly networkType?: 'OpenShiftSDN' | 'Calico' | 'OVNKubernetes' | 'Other';
  /** Use the CLI's IPv4 + IPv6 defaults for cluster and service networks (Agent `--default-dual`). @default false */
  readonly dualStack?: boolean;
  /** OVN-Kubernetes MTU, 576 to 9216. @default the operator's */
  readonly ovnMtu?: number;
}

/** A pod network with the size of each node's slice. */
export interface ClusterNetworkEntry {
  /** The network, e.g. `10.132.0.0/14`. */
  readonly cidr: string;
  /** Prefix length of each node's slice. @default the operator's (23 for IPv4, 64 for IPv6) */
  readonly hostPrefix?: number;
}
