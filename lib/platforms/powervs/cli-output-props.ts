/**
 * The JSON that `hypershift create infra powervs --output-file` writes (cmd/infra/powervs/create.go
 * `Infra`), as plain types (kept equal to `powervsInfraOutputSchema` by
 * test/types/props-match-schemas.ts). Keys the library does not know are allowed: newer CLIs add fields.
 */

/** `hypershift create infra powervs --output-file`, with any keys newer CLIs add. */
export type PowervsInfraOutput = PowervsInfraOutputFields & { readonly [key: string]: unknown };

/** One credential Secret as the CLI writes it into the JSON; only its name is read (its API key never enters the props). */
export interface PowervsInfraOutputSecret {
  readonly metadata: { readonly name: string; readonly [key: string]: unknown };
  readonly [key: string]: unknown;
}

/** The keys of `hypershift create infra powervs --output-file` the library reads. */
export interface PowervsInfraOutputFields {
  /** Infrastructure ID the resources are tagged with. */
  readonly id: string;
  /** PowerVS region. */
  readonly region: string;
  /** PowerVS zone. */
  readonly zone: string;
  /** Region of the VPC. */
  readonly vpcRegion: string;
  /** IBM Cloud account. */
  readonly accountID: string;
  /** Base domain (a Cloud Internet Services domain). */
  readonly baseDomain: string;
  /** CRN of the Cloud Internet Services instance. */
  readonly cisCrn: string;
  /** ID of the base domain in Cloud Internet Services. */
  readonly cisDomainID: string;
  /** Resource group. */
  readonly resourceGroup: string;
  /** The PowerVS workspace (service instance). */
  readonly cloudInstanceID: string;
  /** Name of the workspace's DHCP subnet. */
  readonly dhcpSubnet: string;
  /** ID of the workspace's DHCP subnet. */
  readonly dhcpSubnetID: string;
  /** Name of the VPC. */
  readonly vpcName: string;
  /** Name of the VPC's subnet. */
  readonly vpcSubnetName: string;
  /** The five credential Secrets the CLI created, under its Go field names. */
  readonly secrets: {
    readonly KubeCloudControllerManager: PowervsInfraOutputSecret | null;
    readonly NodePoolManagement: PowervsInfraOutputSecret | null;
    readonly IngressOperator: PowervsInfraOutputSecret | null;
    readonly StorageOperator: PowervsInfraOutputSecret | null;
    readonly ImageRegistryOperator: PowervsInfraOutputSecret | null;
    readonly [key: string]: unknown;
  };
}
