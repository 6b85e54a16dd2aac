import type { ObjectMeta } from '../k8s';
import type { HostedClusterSpec } from './hosted-cluster.generated';
import type { NodePoolSpec } from './node-pool.generated';

export * from './hosted-cluster.generated';
export * from './node-pool.generated';

/** API group and version of the HyperShift kinds the library emits. */
export const HYPERSHIFT_API_VERSION = 'hypershift.openshift.io/v1beta1';

/** `hypershift.openshift.io/v1beta1` HostedCluster (spec only; status belongs to the operator). */
export interface HostedCluster {
  readonly apiVersion: typeof HYPERSHIFT_API_VERSION;
  readonly kind: 'HostedCluster';
  readonly metadata: ObjectMeta;
  readonly spec: HostedClusterSpec;
}

/** `hypershift.openshift.io/v1beta1` NodePool (spec only). */
export interface NodePool {
  readonly apiVersion: typeof HYPERSHIFT_API_VERSION;
  readonly kind: 'NodePool';
  readonly metadata: ObjectMeta;
  readonly spec: NodePoolSpec;
}

export type PlatformType = HostedClusterSpec['platform']['type'];
export type ServiceType = HostedClusterSpec['services'][number]['service'];
export type PublishingStrategy = HostedClusterSpec['services'][number]['servicePublishingStrategy'];
export type PublishingType = PublishingStrategy['type'];
