/** AWS props, as users write them (kept equal to the AWS props schemas by test/types/props-match-schemas.ts). */
import type { HostedClusterSpec, NodePoolSpec } from '../../api';

/** The seven control-plane role ARNs created by `hypershift create iam aws` (or {@link cliRolesRef}). */
export type AwsRolesRef = NonNullable<HostedClusterSpec['platform']['aws']>['rolesRef'];

/** Who may reach the cluster's API: from the internet, from the VPC, or both. */
export type EndpointAccess = (typeof ENDPOINT_ACCESS_KINDS)[number];

/** The endpoint access kinds, in the order error messages list them. */
export const ENDPOINT_ACCESS_KINDS = ['Public', 'PublicAndPrivate', 'Private'] as const;

/** An availability zone and its private subnet. */
export interface AwsZone {
  /** Availability zone, e.g. `us-east-1a`. */
  readonly name: string;
  /** The zone's private subnet (`subnet-...`), where its workers run. */
  readonly privateSubnetId: string;
}

/** The cluster's AWS infrastructure, created beforehand (`hypershift create infra aws` and `create iam aws`). */
export interface AwsClusterProps {
  /** AWS region of the cluster. @default 'us-east-1' */
  readonly region?: string;
  /** Who may reach the cluster's API. @default 'Public' */
  readonly endpointAccess?: EndpointAccess;
  /** The VPC (`vpc-...`) of the cluster's infrastructure. */
  readonly vpcId: string;
  /** The VPC CIDR, used as the machine network. @default '10.0.0.0/16' */
  readonly machineCIDR?: string;
  /** Zones and their private subnets; the first also hosts the cloud provider config. */
  readonly zones: readonly AwsZone[];
  /** ARNs of the control-plane roles (`hypershift create iam aws`, or {@link cliRolesRef}). */
  readonly rolesRef: AwsRolesRef;
  /** OIDC issuer, `https://<bucket>.s3.<region>.amazonaws.com/<infraID>`. */
  readonly issuerURL: string;
  /** Route 53 public zone of the base domain. @default none */
  readonly publicZoneID?: string;
  /** Route 53 private zone. @default none */
  readonly privateZoneID?: string;
  /** Publish API and OAuth (and with Public access, Konnectivity and Ignition) under this domain. @default none */
  readonly externalDnsDomain?: string;
  /** Tags for every AWS resource the operator creates. @default none */
  readonly resourceTags?: Readonly<Record<string, string>>;
  /** Allow NodePools of both amd64 and arm64 (needs a multi-arch release). @default false */
  readonly multiArch?: boolean;
  /** Worker instance profile. @default `<infraID>-worker` */
  readonly instanceProfile?: string;
}

type AwsPoolSpec = NonNullable<NodePoolSpec['platform']['aws']>;

/** A NodePool's AWS settings. */
export interface AwsNodePoolProps {
  /** Zone whose private subnet the pool uses. @default the first zone */
  readonly zone?: string;
  /** Subnet override. @default the zone's private subnet */
  readonly subnetId?: string;
  /** EC2 instance type of the nodes. @default 'm5.large' ('m6g.large' for arm64) */
  readonly instanceType?: string;
  /** IAM instance profile of the nodes. @default the cluster's instance profile */
  readonly instanceProfile?: string;
  /** Root volume. @default { size: 120, type: 'gp3' } */
  readonly rootVolume?: Partial<NonNullable<AwsPoolSpec['rootVolume']>>;
  /** Extra security groups by ID. @default none */
  readonly securityGroupIds?: readonly string[];
  /** AMI ID. @default the release's RHCOS image */
  readonly ami?: string;
  /** Placement (tenancy, capacity reservation). @default none */
  readonly placement?: AwsPoolSpec['placement'];
  /** Tags for this pool's instances. @default none */
  readonly resourceTags?: Readonly<Record<string, string>>;
}

/** The props' `platform` of an AWS cluster. */
export interface AwsPlatformProps {
  readonly type: 'AWS';
  /** The cluster's AWS infrastructure. */
  readonly aws: AwsClusterProps;
}
