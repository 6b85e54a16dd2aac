/**
 * What differs per platform, as an interface the platform modules implement
 * (lib/platforms/{aws,kubevirt,agent,none}). Core code never names a platform.
 */
import type { HostedClusterSpec, KubernetesObject, NodePoolSpec, PlatformType, ServiceType } from '../api';
import type { IssueCollector } from './errors';
import type { PublishingMapping, PublishingRules } from './services';

export type Arch = NonNullable<NodePoolSpec['arch']>;
export type UpgradeType = NodePoolSpec['management']['upgradeType'];

/** What the core has settled about a cluster before asking the platform for its part. */
export interface ClusterContext {
  readonly name: string;
  readonly namespace: string;
  readonly infraID: string;
  readonly baseDomain?: string;
  readonly issues: IssueCollector;
  readonly allowInlineSecrets: boolean;
}

/** A platform's contribution to the HostedCluster spec and the objects that go with it. */
export interface ClusterContribution {
  readonly platform: HostedClusterSpec['platform'];
  /** Replaces the default base domain handling (e.g. KubeVirt passthrough). */
  readonly dns?: HostedClusterSpec['dns'];
  readonly issuerURL?: string;
  readonly machineNetwork?: string;
  readonly etcdStorageClassName?: string;
  /** Hostnames for Route/LoadBalancer services, e.g. from an external DNS domain. */
  readonly hostnames?: Partial<Record<ServiceType, string>>;
  /** Extra Secrets, ConfigMaps and Roles to emit before the HostedCluster. */
  readonly objects?: readonly KubernetesObject[];
  /** Namespaces the platform needs besides the HostedCluster's (e.g. the Agent namespace). */
  readonly namespaces?: readonly string[];
}

export interface NodePoolContext {
  readonly cluster: ClusterContext;
  readonly arch: Arch;
  /** Where the pool's props are, for messages (`nodePools[0]`). */
  readonly path: string;
}

export interface PlatformStrategy<ClusterProps, PoolProps> {
  readonly type: PlatformType;
  /** The CLI's default publishing mapping for this platform. */
  readonly defaultMapping: PublishingMapping;
  /** Publishing types the operator accepts per service on this platform. */
  readonly publishingRules: PublishingRules;
  readonly defaultUpgradeType: UpgradeType;
  readonly archs: readonly Arch[];
  /** Whether autoScaling.min may be 0. */
  readonly scaleFromZero: boolean;
  /** The key of this platform's block under spec.platform, if it has one. */
  readonly blockKey?: 'aws' | 'kubevirt' | 'agent';
  /** True when the HostedCluster must carry the block. */
  readonly blockRequired: boolean;
  cluster(props: ClusterProps, ctx: ClusterContext): ClusterContribution;
  /** The CLI's NodePools when the user lists none: names and their platform blocks. */
  defaultPools(props: ClusterProps, clusterName: string): ReadonlyArray<{ readonly name: string; readonly platform?: object }>;
  nodePool(props: PoolProps | undefined, clusterProps: ClusterProps, ctx: NodePoolContext): NodePoolSpec['platform'];
  /** Checks on the final services that depend on platform settings (e.g. AWS endpoint access). */
  validateServices?(clusterProps: ClusterProps, services: HostedClusterSpec['services'], issues: IssueCollector): void;
}

export type AnyPlatformStrategy = PlatformStrategy<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

