/**
 * What `hcp create infra azure --output-file` writes (cmd/infra/azure/types.go CreateInfraOutput),
 * as plain types (kept equal to `azureInfraOutputSchema` by test/types/props-match-schemas.ts).
 * Keys the library does not know are allowed: newer CLIs add fields.
 */
/** One workload identity as the CLI writes it. */
export interface AzureCliIdentity {
  /** The managed identity's client ID. */
  readonly clientID: string;
  readonly [key: string]: unknown;
}

/** The workload identities as the CLI writes them, each `{ clientID }`. */
export interface AzureCliWorkloadIdentities {
  /** The Azure cloud provider's identity. */
  readonly cloudProvider: AzureCliIdentity;
  /** The Azure Disk CSI driver's identity. */
  readonly disk: AzureCliIdentity;
  /** The Azure File CSI driver's identity. */
  readonly file: AzureCliIdentity;
  /** The image registry operator's identity. */
  readonly imageRegistry: AzureCliIdentity;
  /** The ingress operator's identity. */
  readonly ingress: AzureCliIdentity;
  /** The cloud network config controller's identity. */
  readonly network: AzureCliIdentity;
  /** Cluster API Provider Azure's identity. */
  readonly nodePoolManagement: AzureCliIdentity;
  /** Only for Private and PublicAndPrivate endpoint access. @default none */
  readonly controlPlaneOperator?: AzureCliIdentity;
  readonly [key: string]: unknown;
}

/** `hcp create infra azure --output-file` (CreateInfraOutput), with any keys newer CLIs add. */
export type AzureInfraOutput = AzureInfraOutputFields & { readonly [key: string]: unknown };

/** The keys of `hcp create infra azure --output-file` the library reads. */
export interface AzureInfraOutputFields {
  /** Base domain of the cluster. */
  readonly baseDomain: string;
  /** Azure DNS zone of the base domain. @default none */
  readonly publicZoneID?: string;
  /** The cluster's private DNS zone. @default none */
  readonly privateZoneID?: string;
  /** Azure region (`--location`). */
  readonly region: string;
  /** The managed resource group. */
  readonly resourceGroupName: string;
  /** The VNet's resource ID. */
  readonly vnetID: string;
  /** The workers' subnet's resource ID. */
  readonly subnetID: string;
  /** A boot image the CLI uploaded; empty when the release's Marketplace image is used. @default none */
  readonly bootImageID?: string;
  /** Infrastructure ID the resources are tagged with. */
  readonly infraID: string;
  /** The network security group's resource ID. */
  readonly securityGroupID: string;
  /** The Private Link NAT subnet. @default none */
  readonly natSubnetID?: string;
  /** The workload identities' client IDs (`--workload-identities-file`); null when the infra was made for managed identities. @default none */
  readonly workloadIdentities?: AzureCliWorkloadIdentities | null;
  /** ARO HCP's control-plane managed identities; set only for managed Azure, which the library does not offer. @default none */
  readonly controlPlaneMIs?: unknown;
  /** The KMS identity's client ID (`create iam azure --enable-kms`). @default none */
  readonly kmsClientID?: string;
}
