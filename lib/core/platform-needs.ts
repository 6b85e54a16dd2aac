/**
 * What a platform asks of the world around its hosted clusters: what the management cluster must
 * run for them, and how their router gets a LoadBalancer address. Each platform states these in
 * its definition ({@link PlatformDefinition}); the management cluster, its requirement checks and
 * the day-2 ingress read them there instead of naming platforms.
 */
import type { HostedCluster } from '../api';

/** What a management cluster can install for its hosted clusters, each switchable to "bring your own". */
export type ManagementComponent = (typeof MANAGEMENT_COMPONENTS)[number];

/** The management components, in the order they are planned. */
export const MANAGEMENT_COMPONENTS = ['metallb', 'virtualization', 'assistedService'] as const;

/** What each platform needs on the management cluster (its preset). */
export interface PlatformPreset {
  /** Components turned on by default; each can be switched off (`false`) to bring your own. */
  readonly components: readonly ManagementComponent[];
  /** MultiClusterEngine components enabled beside hypershift and hypershift-local-hosting. */
  readonly mceComponents: readonly string[];
  /** The hypershift add-on needs the OIDC bucket secret. */
  readonly needsOidcStorage: boolean;
  /** Oldest multicluster engine minor the documentation supports for the platform. */
  readonly minimumMceMinor: number;
  /** Oldest hosted OpenShift minor (4.x) the documentation supports for the platform (its Table 2.1). @default none stated */
  readonly hostedMinimumMinor?: number;
  /**
   * Its management clusters are bare metal, whose nodes carry no `topology.kubernetes.io/zone`
   * unless someone gives them one: control-plane nodes without a zone are warned about.
   */
  readonly nodeZonesByHand: boolean;
  /** Why, for the README and messages. */
  readonly summary: string;
  /** What to open between the management cluster, the control planes and the nodes (the management cluster's `reports/ports.md`). */
  readonly ports: PlatformPorts;
}

/** The ports and endpoints the documentation asks to open for a platform's hosted clusters. */
export interface PlatformPorts {
  /** Where the rules come from: the documentation's sections, or why there are none. */
  readonly source: string;
  readonly rules: readonly PortRule[];
  /** Services the documentation says the platform does not need. @default none */
  readonly notNeeded?: readonly string[];
  /** What else the documentation says about them. @default none */
  readonly notes?: readonly string[];
}

/** One flow to let through, as the documentation states it. */
export interface PortRule {
  /** What is reached: a control-plane service (`APIServer`) or an endpoint. */
  readonly service: string;
  /** Its port: `6443/TCP`, `the Service's node port`, or `not stated`. */
  readonly port: string;
  /** Who connects to what. */
  readonly flow: string;
  /** When it applies (a publishing strategy, an endpoint access). @default always */
  readonly when?: string;
  /** The flow reaches the load balancer's addresses: the report names the management cluster's MetalLB pools. @default false */
  readonly toLoadBalancer?: boolean;
  /** The documentation's section it comes from (`3.2.1.2`). */
  readonly source: string;
}

/** What a management cluster offers beyond its platforms' presets (the fields of `ManagementCapabilities`). */
export type ManagementCapability = 'privateLink' | 'metallb' | 'wildcardRoutes';

/** One thing a hosted cluster needs from the management cluster, beyond its platform's preset. */
export interface ManagementNeed {
  readonly capability: ManagementCapability;
  /** Where on the HostedCluster the need comes from (`spec.platform.aws.endpointAccess`). */
  readonly path: string;
  /** The finding when the management cluster named `provider` does not offer it. */
  message(provider: string): string;
  readonly fix: string;
  /**
   * Where the capability must reach, for a management cluster that offers it in some places only
   * (PrivateLink: the zones it has subnets or workers in). @default anywhere
   */
  readonly place?: {
    /** The place (a zone name). */
    readonly name: string;
    /** Where on the HostedCluster it comes from. */
    readonly path: string;
    /** The finding when the management cluster named `provider` offers the capability in `places` only. */
    message(provider: string, places: readonly string[]): string;
    readonly fix: string;
  };
}

/**
 * Where the LoadBalancer address of a hosted cluster's router comes from; a day-2
 * `HostedClusterIngress` does what the mode says:
 * - `platform-load-balancer`: the platform's own load balancer publishes the router (a cloud):
 *   there is nothing for a day-2 ingress to do.
 * - `infrastructure-load-balancer`: the nodes are VMs on the infrastructure (management) cluster;
 *   the platform's cloud provider mirrors the router's LoadBalancer Service there, and that
 *   cluster's MetalLB gives it an address. The day-2 ingress is only the Service.
 * - `metallb-inside`: nothing gives LoadBalancer addresses inside the cluster (bare metal); the
 *   day-2 ingress installs MetalLB inside it, announcing on the nodes' network.
 */
export type IngressMode = PlatformIngress['mode'];

export type PlatformIngress =
  | { readonly mode: 'platform-load-balancer' }
  | { readonly mode: 'metallb-inside' }
  | InfrastructureIngress;

/** The router behind the infrastructure cluster's load balancer, unless the cluster uses that cluster's routes instead. */
export interface InfrastructureIngress {
  readonly mode: 'infrastructure-load-balancer';
  /** True when the router is published through the infrastructure cluster's wildcard routes instead (no LoadBalancer then). */
  throughRoutes(hc: HostedCluster): boolean;
  /** True when the infrastructure cluster is the management cluster itself (not an external one the cluster has credentials for). */
  onManagementCluster(hc: HostedCluster): boolean;
  /** Where the HostedCluster makes that choice, for findings. */
  readonly choicePath: string;
  /** How the props choose each way, for fixes. */
  readonly howTo: { readonly useRoutes: string; readonly useLoadBalancer: string };
}

/**
 * How a hosted cluster of the platform is backed up with OADP and restored (the HyperShift
 * disaster-recovery documentation, one tab per platform): what the Velero Backup includes beyond
 * the resources every platform shares, and what a restore can and must do.
 */
export interface PlatformBackup {
  /** Velero resource names backed up besides the common ones (the platform's Cluster API machines and the like). */
  readonly resources: readonly string[];
  /** Only objects that match are backed up (KubeVirt leaves out the node boot-image volumes). @default everything in the namespaces */
  readonly labelSelector?: {
    readonly matchExpressions: readonly { readonly key: string; readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; readonly values?: readonly string[] }[];
  };
  /** The restore keeps Service node ports as they were (the nodes reach the control plane through them). */
  readonly preserveNodePorts: boolean;
  /** A backup can be restored on another management cluster (the migration chapter); false where the documentation says the same one only. */
  readonly crossClusterRestore: boolean;
  /**
   * Whether the API server keeps its address through a destroy and restore without a hostname of its
   * own (AWS private endpoints); the nodes keep the old address in their kubelet configuration.
   * @default false: only a hostname in the APIServer publishing strategy keeps it
   */
  stableApiAddress?(hc: HostedCluster): boolean;
  /** A step after a restore of `hc` that the library cannot take (a CLI command), for the restore's warning. @default none */
  afterRestore?(hc: { readonly namespace: string; readonly name: string }): string;
}

/** What every platform states about its surroundings (required, so a new platform cannot forget one). */
export interface PlatformSurroundings {
  /** What its hosted clusters need on the management cluster. */
  readonly management: PlatformPreset;
  /** How its hosted clusters' router gets a LoadBalancer address. */
  readonly ingress: PlatformIngress;
  /** How its hosted clusters are backed up and restored with OADP. */
  readonly backup: PlatformBackup;
  /** What one hosted cluster needs beyond the preset, read from its final HostedCluster. @default nothing */
  managementNeeds?(hc: HostedCluster): readonly ManagementNeed[];
}
