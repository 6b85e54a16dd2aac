/** Self-managed Azure props, as users write them (kept equal to the Azure props schemas by test/types/props-match-schemas.ts). */
import type { SecretSource } from '../../core/secret-source';

/** Who may reach the cluster's API (`--endpoint-access`; `spec.platform.azure.topology`). */
export const AZURE_ENDPOINT_ACCESS = ['Public', 'PublicAndPrivate', 'Private'] as const;

/** The Azure clouds the HostedCluster CRD accepts (`spec.platform.azure.cloud`). */
export const AZURE_CLOUDS = ['AzurePublicCloud', 'AzureUSGovernmentCloud', 'AzureChinaCloud', 'AzureGermanCloud', 'AzureBleuCloud', 'AzureStackCloud'] as const;

/** Availability zones a NodePool can name (`--availability-zones`; the NodePool CRD's rule). */
export const AZURE_AVAILABILITY_ZONES = ['1', '2', '3'] as const;

/** OS disk storage account types (`--disk-storage-account-type`). */
export const AZURE_DISK_STORAGE_ACCOUNT_TYPES = ['Premium_LRS', 'PremiumV2_LRS', 'Standard_LRS', 'StandardSSD_LRS'] as const;

/** Hyper-V generations of the node image (`--image-generation`). */
export const AZURE_IMAGE_GENERATIONS = ['Gen1', 'Gen2'] as const;

/** Where boot diagnostics go (`--diagnostics-storage-account-type`). */
export const AZURE_DIAGNOSTICS = ['Disabled', 'Managed', 'UserManaged'] as const;

/** Encryption at host on the VMs (`--encryption-at-host`). */
export const AZURE_ENCRYPTION_AT_HOST = ['Enabled', 'Disabled'] as const;

/**
 * The client IDs of the managed identities the hosted cluster's components sign in as, through
 * workload identity federation (`hypershift create iam azure` makes them and writes this file).
 */
export interface AzureWorkloadIdentities {
  /** The Azure cloud provider (`kube-system/azure-cloud-provider`). */
  readonly cloudProvider: string;
  /** The Azure Disk CSI driver. */
  readonly disk: string;
  /** The Azure File CSI driver. */
  readonly file: string;
  /** The image registry operator. */
  readonly imageRegistry: string;
  /** The ingress operator. */
  readonly ingress: string;
  /** The cloud network config controller. */
  readonly network: string;
  /** Cluster API Provider Azure, which makes the NodePools' VMs (`kube-system/capi-provider`). */
  readonly nodePoolManagement: string;
  /** The control-plane operator; needed for Private and PublicAndPrivate endpoint access (Private Link). @default none */
  readonly controlPlaneOperator?: string;
}

/** The cluster's Azure infrastructure, created beforehand (`hypershift create infra azure` and `create iam azure`). */
export interface AzureClusterProps {
  /** Azure region (`--location`). @default 'eastus' */
  readonly location?: string;
  /** The Azure cloud. @default the CRD's, 'AzurePublicCloud' */
  readonly cloud?: (typeof AZURE_CLOUDS)[number];
  /** Subscription of the cluster's resources (a UUID). */
  readonly subscriptionId: string;
  /** Entra ID tenant of the subscription (a UUID). */
  readonly tenantId: string;
  /** The resource group the operator puts the VMs, disks and load balancers in (`<name>-<infraID>` from the CLI). */
  readonly resourceGroup: string;
  /** The VNet's resource ID (`/subscriptions/.../providers/Microsoft.Network/virtualNetworks/<name>`). */
  readonly vnetId: string;
  /** The workers' subnet, a resource ID in that VNet; NodePools use it unless they name another. */
  readonly subnetId: string;
  /** The network security group's resource ID. */
  readonly securityGroupId: string;
  /** Client IDs of the workload identities (`hypershift create iam azure`). */
  readonly workloadIdentities: AzureWorkloadIdentities;
  /** The OIDC issuer the identities trust (`--oidc-issuer-url`, an https URL in Azure Blob Storage). */
  readonly issuerURL: string;
  /** Private key that signs the service-account tokens, matching the issuer's keys (`--sa-token-issuer-private-key-path`; key `key`). */
  readonly serviceAccountSigningKey: SecretSource;
  /** Who may reach the cluster's API; Private and PublicAndPrivate go through Azure Private Link. @default 'Public' */
  readonly endpointAccess?: (typeof AZURE_ENDPOINT_ACCESS)[number];
  /** Subnet of the management cluster's VNet for the Private Link Service's NAT. @default chosen by the operator */
  readonly natSubnetId?: string;
  /** More subscriptions allowed to connect to the Private Link Service. @default none */
  readonly additionalAllowedSubscriptions?: readonly string[];
  /** Publish API and OAuth (and with Public access, Konnectivity and Ignition) under this domain (external DNS). @default none */
  readonly externalDnsDomain?: string;
  /** Azure DNS zone of the base domain. @default none */
  readonly publicZoneId?: string;
  /** The cluster's private DNS zone. @default none */
  readonly privateZoneId?: string;
  /** Zones for the default NodePools, one pool each (`--availability-zones`). @default none: one pool without a zone */
  readonly availabilityZones?: ReadonlyArray<(typeof AZURE_AVAILABILITY_ZONES)[number]>;
  /** Boot image resource ID the default NodePools use (`bootImageID` of `create infra azure`). @default the release's marketplace image */
  readonly bootImageId?: string;
}

/** An Azure Marketplace image: all four or none. */
export interface AzureMarketplaceImage {
  /** Publisher, e.g. `azureopenshift`. */
  readonly publisher: string;
  /** Offer, e.g. `aro4`. */
  readonly offer: string;
  /** SKU, e.g. `aro_419`. */
  readonly sku: string;
  /** Version, e.g. `419.6.20250523` or `latest`. */
  readonly version: string;
}

/** A NodePool's Azure settings: its VMs. */
export interface AzureNodePoolProps {
  /** VM size (`--instance-type`). @default 'Standard_D4s_v5' ('Standard_D4ps_v5' for arm64) */
  readonly instanceType?: string;
  /** Availability zone of the VMs; leave it out in a region without zones. @default none */
  readonly availabilityZone?: (typeof AZURE_AVAILABILITY_ZONES)[number];
  /** Subnet resource ID of the VMs (`--nodepool-subnet-id`). @default the cluster's subnet */
  readonly subnetId?: string;
  /** OS disk size in GiB (`--root-disk-size`, 16 at least). @default 120 */
  readonly rootDiskSize?: number;
  /** OS disk storage account type. @default 'Premium_LRS' */
  readonly diskStorageAccountType?: (typeof AZURE_DISK_STORAGE_ACCOUNT_TYPES)[number];
  /** Disk encryption set resource ID for the OS disks. @default none (platform-managed keys) */
  readonly diskEncryptionSetId?: string;
  /** Ephemeral OS disks (`--enable-ephemeral-disk`). @default false */
  readonly ephemeralOSDisk?: boolean;
  /** Encryption at host. @default the CRD's ('Enabled') */
  readonly encryptionAtHost?: (typeof AZURE_ENCRYPTION_AT_HOST)[number];
  /** Hyper-V generation of the image. @default 'Gen2' */
  readonly imageGeneration?: (typeof AZURE_IMAGE_GENERATIONS)[number];
  /** A Marketplace image instead of the release's. @default the release's (OpenShift 4.20 and later) */
  readonly marketplaceImage?: AzureMarketplaceImage;
  /** An image resource ID instead of the release's. @default the cluster's bootImageId, else the release's */
  readonly imageId?: string;
  /** Where boot diagnostics go. @default none (the CRD's 'Disabled') */
  readonly diagnostics?: (typeof AZURE_DIAGNOSTICS)[number];
  /** The storage account's https URI, for UserManaged diagnostics. @default none */
  readonly diagnosticsStorageAccountURI?: string;
}

/** The props' `platform` of a self-managed Azure cluster. */
export interface AzurePlatformProps {
  readonly type: 'Azure';
  /** The cluster's Azure infrastructure and identities. */
  readonly azure: AzureClusterProps;
}
