/** IBM Cloud Power Virtual Server (PowerVS) props, as users write them (kept equal to the PowerVS props schemas by test/types/props-match-schemas.ts). */
import type { SecretSource } from '../../core/secret-source';

/** A PowerVS resource named by its ID, its name, or both (`PowervsClusterProps.subnet`, `PowervsNodePoolProps.image`). */
export interface PowervsResourceReference {
  /** The resource's ID. @default none: the name identifies it */
  readonly id?: string;
  /** The resource's name. @default none: the ID identifies it */
  readonly name?: string;
}

/** The VPC whose load balancers carry the cluster's ingress traffic. */
export interface PowervsVpc {
  /** Name of the VPC. */
  readonly name: string;
  /** IBM Cloud region of the VPC. @default 'us-south' */
  readonly region?: string;
  /** Zone where the load balancers are created. @default none: the cloud chooses */
  readonly zone?: string;
  /** Subnet of the VPC for the load balancers. @default none: the cloud chooses */
  readonly subnet?: string;
}

/**
 * The five IBM Cloud service-ID credentials of the cluster's controllers (`hypershift create infra
 * powervs` creates one API key each). The node-management Secret holds `ibm-credentials.env`; the
 * others hold `ibmcloud_api_key` and `ibm-credentials.env`, so a secret store's key holds both as
 * properties.
 */
export interface PowervsCredentials {
  /** The cloud controller manager's (`<name>-cloud-controller-creds`). */
  readonly kubeCloudController: SecretSource;
  /** The Cluster API provider's, which creates the nodes (`<name>-node-management-creds`). */
  readonly nodePoolManagement: SecretSource;
  /** The ingress operator's, for DNS records in Cloud Internet Services (`<name>-ingress-creds`). */
  readonly ingressOperator: SecretSource;
  /** The storage operator's (`<name>-storage-creds`). */
  readonly storageOperator: SecretSource;
  /** The image registry operator's, for Cloud Object Storage (`<name>-image-registry-creds`). */
  readonly imageRegistryOperator: SecretSource;
}

/** The cluster's PowerVS infrastructure, created beforehand (`hypershift create infra powervs`, or {@link powervsPropsFromCliOutput}). */
export interface PowervsClusterProps {
  /** IBM Cloud account ID. */
  readonly accountID: string;
  /** IBM Cloud resource group of the cluster's resources. */
  readonly resourceGroup: string;
  /** PowerVS region; also picks the RHCOS boot image's region. @default 'us-south' */
  readonly region?: string;
  /** PowerVS zone of the control plane's cloud resources. @default 'us-south' */
  readonly zone?: string;
  /** CRN of the Cloud Internet Services instance that serves the base domain (`crn:...`). */
  readonly cisInstanceCRN: string;
  /** ID of the base domain in Cloud Internet Services, written as the public and private zone. @default none */
  readonly cisDomainID?: string;
  /** ID of the PowerVS workspace (service instance) the nodes are created in. */
  readonly serviceInstanceID: string;
  /** The workspace's DHCP subnet the nodes use, by ID and/or name. */
  readonly subnet: PowervsResourceReference;
  /** The VPC of the load balancers. */
  readonly vpc: PowervsVpc;
  /** The machine network. @default '10.0.0.0/16' */
  readonly machineCIDR?: string;
  /** The controllers' IBM Cloud credentials. */
  readonly credentials: PowervsCredentials;
}

/** How a PowerVS VM gets its processors (`PowervsNodePoolProps.processorType`). */
export const POWERVS_PROCESSOR_TYPES = ['dedicated', 'shared', 'capped'] as const;

/** PowerVS storage tiers of the boot image and volumes (`PowervsNodePoolProps.storageType`). */
export const POWERVS_STORAGE_TYPES = ['tier1', 'tier3'] as const;

/** What happens to the boot image in the workspace when the NodePool goes (`PowervsNodePoolProps.imageDeletePolicy`). */
export const POWERVS_IMAGE_DELETE_POLICIES = ['delete', 'retain'] as const;

/** A NodePool's PowerVS settings: its VMs. */
export interface PowervsNodePoolProps {
  /** System type of the hosts (s922, e880, e980...). @default 's922' */
  readonly systemType?: string;
  /** Processor type; dedicated processors are whole. @default 'shared' */
  readonly processorType?: (typeof POWERVS_PROCESSOR_TYPES)[number];
  /** Virtual processors per VM (0.5 or more when shared or capped, 1 or more when dedicated). @default '0.5' ('1' when dedicated; the CLI writes 0.5 either way) */
  readonly processors?: string | number;
  /** Memory per VM in GiB (32 or more). @default 32 */
  readonly memoryGiB?: number;
  /** Boot image in the workspace. @default the release's RHCOS image for the region */
  readonly image?: PowervsResourceReference;
  /** Storage tier of the image and volumes (ignored with `image`). @default 'tier1' */
  readonly storageType?: (typeof POWERVS_STORAGE_TYPES)[number];
  /** Delete the boot image from the workspace with the NodePool, or keep it. @default 'delete' */
  readonly imageDeletePolicy?: (typeof POWERVS_IMAGE_DELETE_POLICIES)[number];
}

/** The props' `platform` of a PowerVS cluster. */
export interface PowervsPlatformProps {
  readonly type: 'PowerVS';
  /** The cluster's PowerVS infrastructure. */
  readonly powervs: PowervsClusterProps;
}
