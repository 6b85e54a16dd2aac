/**
 * The JSON that `hcp create infra aws --output-file` and `hcp create iam aws --output-file` write,
 * as plain types (kept equal to `awsInfraOutputSchema` and `awsIamOutputSchema` by
 * test/types/props-match-schemas.ts). Keys the library does not know are allowed: newer CLIs add fields.
 */
import type { AwsRolesRef } from './props';

/** `hcp create infra aws --output-file` (CreateInfraOutput), with any keys newer CLIs add. */
export type AwsInfraOutput = AwsInfraOutputFields & { readonly [key: string]: unknown };

/** The keys of `hcp create infra aws --output-file` the library reads. */
export interface AwsInfraOutputFields {
  /** Region of the infrastructure. */
  readonly region: string;
  /** Infrastructure ID the resources are tagged with. */
  readonly infraID: string;
  /** The VPC CIDR. */
  readonly machineCIDR: string;
  /** The VPC. */
  readonly vpcID: string;
  /** Zones and their private subnets. */
  readonly zones: ReadonlyArray<{
    /** Availability zone. */
    readonly name: string;
    /** The zone's private subnet. */
    readonly subnetID: string;
    readonly [key: string]: unknown;
  }>;
  /** The cluster's name (the CLI's key is `Name`). */
  readonly Name: string;
  /** Base domain of the cluster. */
  readonly baseDomain: string;
  /** Prefix before the base domain; the CLI writes `none` for an empty one. @default none */
  readonly baseDomainPrefix?: string;
  /** Route 53 public zone. */
  readonly publicZoneID: string;
  /** Route 53 private zone. */
  readonly privateZoneID: string;
  /** Route 53 local zone. @default none */
  readonly localZoneID?: string;
  /** HTTP proxy of a proxied network. @default none */
  readonly proxyAddr?: string;
  /** HTTPS proxy of a proxied network. @default none */
  readonly secureProxyAddr?: string;
  /** A network with public subnets only (machines get public addresses). @default false */
  readonly publicOnly?: boolean;
  /** Account that created the VPC (shared VPC). @default none */
  readonly vpcCreatorAccountID?: string;
  /** Account of the cluster (shared VPC). @default none */
  readonly clusterAccountID?: string;
}

/** `hcp create iam aws --output-file` (CreateIAMOutput), with any keys newer CLIs add. */
export type AwsIamOutput = AwsIamOutputFields & { readonly [key: string]: unknown };

/** The keys of `hcp create iam aws --output-file` the library reads. */
export interface AwsIamOutputFields {
  /** Region of the OIDC bucket and roles. */
  readonly region: string;
  /** The workers' instance profile. */
  readonly profileName: string;
  /** Infrastructure ID the roles are named after. */
  readonly infraID: string;
  /** The OIDC issuer. */
  readonly issuerURL: string;
  /** The seven control-plane role ARNs. */
  readonly roles: { readonly [K in keyof AwsRolesRef]: string } & { readonly [key: string]: unknown };
  /** KMS key for etcd encryption (`--kms-key-arn`). @default none */
  readonly kmsKeyARN?: string;
  /** Role of the KMS provider. @default none */
  readonly kmsProviderRoleARN?: string;
  /** Shared-VPC ingress role. @default none */
  readonly sharedIngressRoleARN?: string;
  /** Shared-VPC control-plane role. @default none */
  readonly sharedControlPlaneRoleARN?: string;
  /** Karpenter's role. @default none */
  readonly karpenterRoleARN?: string;
}
