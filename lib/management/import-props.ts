/** The import of a hosted cluster into ACM/MCE, as users write it (kept equal to `hostedClusterImportPropsSchema` by test/types/props-match-schemas.ts). */

/**
 * The ACM add-ons of an imported cluster (a KlusterletAddonConfig). Only hubs with Advanced
 * Cluster Management have this kind; a hub with the multicluster engine alone refuses it.
 */
export interface KlusterletAddOnsProps {
  /** Application lifecycle (subscriptions, channels). @default true */
  readonly applicationManager?: boolean;
  /** Certificate policies. @default true */
  readonly certPolicyController?: boolean;
  /** Governance policies. @default true */
  readonly policyController?: boolean;
  /** Search indexing of the cluster's resources. @default false */
  readonly searchCollector?: boolean;
}

/**
 * A hosted cluster registered with the hub (the management cluster, where the multicluster engine
 * runs) as a ManagedCluster, with its klusterlet in Hosted mode beside the control plane.
 */
export interface HostedClusterImportProps {
  /**
   * The ManagedClusterSet the cluster joins (label `cluster.open-cluster-management.io/clusterset`);
   * a DNS-1123 label. @default 'default'
   */
  readonly clusterSet?: string;
  /**
   * More labels of the ManagedCluster (Placements select clusters by them). `cloud`, `vendor`,
   * `name` and the cluster-set label are the library's. @default none
   */
  readonly labels?: Readonly<Record<string, string>>;
  /** The hub accepts the cluster's registration; false leaves it pending until an admin accepts it. @default true */
  readonly hubAcceptsClient?: boolean;
  /** Seconds between the klusterlet's lease renewals; the hub marks the cluster unknown when they stop. @default 60 */
  readonly leaseDurationSeconds?: number;
  /**
   * ACM add-ons (a KlusterletAddonConfig in the namespace named after the cluster). Only on a hub
   * with Advanced Cluster Management: a multicluster-engine-only hub has no such kind. @default none
   */
  readonly addons?: KlusterletAddOnsProps;
}
