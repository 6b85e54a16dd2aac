import type { SpecResource } from '../k8s';
import type { HostedClusterSpec } from './hosted-cluster.generated';
import type { NodePoolSpec } from './node-pool.generated';

export * from './hosted-cluster.generated';
export * from './node-pool.generated';

/** API group and version of the HyperShift kinds the library emits. */
export const HYPERSHIFT_API_VERSION = 'hypershift.openshift.io/v1beta1';

/** `hypershift.openshift.io/v1beta1` HostedCluster (spec only; status belongs to the operator). */
export type HostedCluster = SpecResource<typeof HYPERSHIFT_API_VERSION, 'HostedCluster', HostedClusterSpec>;

/** `hypershift.openshift.io/v1beta1` NodePool (spec only). */
export type NodePool = SpecResource<typeof HYPERSHIFT_API_VERSION, 'NodePool', NodePoolSpec>;

/** A HostedCluster's platform (`AWS`, `KubeVirt`, `Agent`, `None`, ...). */
export type PlatformType = HostedClusterSpec['platform']['type'];
/** A control-plane service a HostedCluster publishes (`APIServer`, `OAuthServer`, `Konnectivity`, `Ignition`). */
export type ServiceType = HostedClusterSpec['services'][number]['service'];
/** How one control-plane service is published (LoadBalancer, NodePort, Route, with its settings). */
export type PublishingStrategy = HostedClusterSpec['services'][number]['servicePublishingStrategy'];
export type PublishingType = PublishingStrategy['type'];
