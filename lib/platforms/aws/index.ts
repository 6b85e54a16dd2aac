/** AWS: the CLI's defaults (`hcp create cluster aws`) and what the operator requires there. */
import type { HostedClusterSpec, NodePoolSpec, ServiceType } from '../../api';
import type { ClusterContext, IssueCollector, PlatformStrategy } from '../../core';

/** The seven control-plane roles created by `hypershift create iam aws`. */
export type AwsRolesRef = HostedClusterSpec['platform'] extends infer P
  ? P extends { aws?: infer A } ? NonNullable<A> extends { rolesRef: infer R } ? R : never : never
  : never;

export type EndpointAccess = 'Public' | 'PublicAndPrivate' | 'Private';

export interface AwsZone {
  /** Availability zone, e.g. `us-east-1a`. */
  readonly name: string;
  /** The zone's private subnet (`subnet-...`), where its workers run. */
  readonly privateSubnetId: string;
}

export interface AwsClusterProps {
  /** @default 'us-east-1' */
  readonly region?: string;
  /** @default 'Public' */
  readonly endpointAccess?: EndpointAccess;
  /** The VPC (`vpc-...`) of the cluster's infrastructure. */
  readonly vpcId: string;
  /** The VPC CIDR, used as the machine network. @default '10.0.0.0/16' */
  readonly machineCIDR?: string;
  /** Zones and their private subnets; the first also hosts the cloud provider config. */
  readonly zones: readonly AwsZone[];
  /** ARNs of the control-plane roles. */
  readonly rolesRef: AwsRolesRef;
  /** OIDC issuer, `https://<bucket>.s3.<region>.amazonaws.com/<infraID>`. */
  readonly issuerURL: string;
  /** Route 53 zones of the base domain. @default none */
  readonly publicZoneID?: string;
  readonly privateZoneID?: string;
  /** Publish API and OAuth (and with Public access, Konnectivity and Ignition) under this domain. */
  readonly externalDnsDomain?: string;
  /** Tags for every AWS resource the operator creates. */
  readonly resourceTags?: Readonly<Record<string, string>>;
  /** Allow NodePools of both amd64 and arm64 (needs a multi-arch release). @default false */
  readonly multiArch?: boolean;
  /** Worker instance profile. @default `<infraID>-worker` */
  readonly instanceProfile?: string;
}

export interface AwsNodePoolProps {
  /** Zone whose private subnet the pool uses. @default the first zone */
  readonly zone?: string;
  /** Subnet override. @default the zone's private subnet */
  readonly subnetId?: string;
  /** @default 'm5.large' ('m6g.large' for arm64) */
  readonly instanceType?: string;
  /** @default the cluster's instance profile */
  readonly instanceProfile?: string;
  /** Root volume. @default { size: 120, type: 'gp3' } */
  readonly rootVolume?: Partial<NonNullable<NodePoolSpec['platform']['aws']>['rootVolume']>;
  /** Extra security groups by ID. */
  readonly securityGroupIds?: readonly string[];
  readonly ami?: string;
  readonly placement?: NonNullable<NodePoolSpec['platform']['aws']>['placement'];
  readonly resourceTags?: Readonly<Record<string, string>>;
}

const ROLE_ARN = /^arn:(aws|aws-cn|aws-us-gov):iam::[0-9]{12}:role\/.+$/;

/** The control-plane roles and the name suffix `hypershift create iam aws` gives each (`<infraID>-<suffix>`). */
export const AWS_CONTROL_PLANE_ROLES: Readonly<Record<keyof AwsRolesRef, string>> = {
  ingressARN: 'openshift-ingress',
  imageRegistryARN: 'openshift-image-registry',
  storageARN: 'aws-ebs-csi-driver-controller',
  networkARN: 'cloud-network-config-controller',
  kubeCloudControllerARN: 'cloud-controller',
  nodePoolManagementARN: 'node-pool',
  controlPlaneOperatorARN: 'control-plane-operator',
};

/** The role ARNs as the CLI names them: `arn:<partition>:iam::<account>:role/<infraID>-<suffix>`. */
export function cliRolesRef(accountId: string, infraID: string, partition: 'aws' | 'aws-cn' | 'aws-us-gov' = 'aws'): AwsRolesRef {
  const entries = Object.entries(AWS_CONTROL_PLANE_ROLES).map(([key, suffix]) => [key, `arn:${partition}:iam::${accountId}:role/${infraID}-${suffix}`]);
  return Object.fromEntries(entries) as AwsRolesRef;
}
const TAG = /^[0-9A-Za-z_.:/=+@-]+$/;

/** Services that may carry a hostname, per endpoint access (product docs, Table 3.3). */
const HOSTNAME_ALLOWED: Record<EndpointAccess, readonly ServiceType[]> = {
  Public: ['APIServer', 'OAuthServer', 'Konnectivity', 'Ignition'],
  PublicAndPrivate: ['APIServer', 'OAuthServer'],
  Private: [],
};

function tags(record: Readonly<Record<string, string>> | undefined) {
  return Object.entries(record ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value }));
}

function validateTags(record: Readonly<Record<string, string>> | undefined, path: string, issues: IssueCollector): void {
  const entries = Object.entries(record ?? {});
  if (entries.length > 25) issues.error(path, `${entries.length} tags; AWS allows 25 here.`, 'Keep at most 25 tags.');
  for (const [key, value] of entries) {
    if (!TAG.test(key) || key.length > 128) issues.error(`${path}["${key}"]`, 'tag key has characters AWS does not accept or is too long.', 'Use letters, digits and _ . : / = + - @ (128 at most).');
    if (!TAG.test(value) || value.length > 256) issues.error(`${path}["${key}"]`, `tag value "${value}" has characters AWS does not accept or is too long.`, 'Use letters, digits and _ . : / = + - @ (256 at most).');
  }
}

function validateCluster(props: AwsClusterProps, issues: IssueCollector): void {
  const path = 'platform.aws';
  if (props.region !== undefined && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(props.region)) {
    issues.error(`${path}.region`, `"${props.region}" is not an AWS region.`, 'Use a region such as us-east-1.');
  }
  if (!/^vpc-[0-9a-f]+$/.test(props.vpcId ?? '')) issues.error(`${path}.vpcId`, `"${props.vpcId}" is not a VPC ID.`, 'Give the vpc-... ID of the cluster VPC.');
  if (!props.zones || props.zones.length === 0) {
    issues.error(`${path}.zones`, 'no zones are given.', 'List at least one zone with its private subnet.');
  }
  const names = new Set<string>();
  (props.zones ?? []).forEach((zone, index) => {
    if (names.has(zone.name)) issues.error(`${path}.zones[${index}].name`, `zone ${zone.name} is listed twice.`, 'List each zone once.');
    names.add(zone.name);
    if (!/^subnet-[0-9a-f]+$/.test(zone.privateSubnetId)) {
      issues.error(`${path}.zones[${index}].privateSubnetId`, `"${zone.privateSubnetId}" is not a subnet ID.`, 'Give the subnet-... ID of the zone\'s private subnet.');
    }
  });
  for (const [role, arn] of Object.entries(props.rolesRef ?? {})) {
    if (!ROLE_ARN.test(String(arn))) issues.error(`${path}.rolesRef.${role}`, `"${arn}" is not an IAM role ARN.`, 'Use arn:aws:iam::<12-digit account>:role/<name>.');
  }
  const missing = Object.keys(AWS_CONTROL_PLANE_ROLES).filter((role) => !(props.rolesRef && role in props.rolesRef));
  if (missing.length > 0) issues.error(`${path}.rolesRef`, `missing ${missing.join(', ')}.`, 'Give all seven role ARNs from `hypershift create iam aws`.');
  if (!/^https:\/\/\S+$/.test(props.issuerURL ?? '')) {
    issues.error(`${path}.issuerURL`, `"${props.issuerURL}" is not an https URL.`, 'Use the OIDC issuer https://<bucket>.s3.<region>.amazonaws.com/<infraID>.');
  }
  if (props.externalDnsDomain && props.endpointAccess === 'Private') {
    issues.error(`${path}.externalDnsDomain`, 'external DNS works only with Public or PublicAndPrivate endpoint access.', 'Remove externalDnsDomain or change endpointAccess.');
  }
  validateTags(props.resourceTags, `${path}.resourceTags`, issues);
}

export const awsPlatform: PlatformStrategy<AwsClusterProps, AwsNodePoolProps> = {
  type: 'AWS',
  defaultMapping: 'Ingress',
  publishingRules: {
    APIServer: ['LoadBalancer', 'Route'],
    OAuthServer: ['Route'],
    Konnectivity: ['Route'],
    Ignition: ['Route'],
  },
  defaultUpgradeType: 'Replace',
  archs: ['amd64', 'arm64'],
  scaleFromZero: true,
  blockKey: 'aws',
  blockRequired: true,

  cluster(props: AwsClusterProps | undefined, ctx: ClusterContext) {
    if (!props) return { platform: { type: 'AWS' } };
    validateCluster(props, ctx.issues);
    if (!ctx.baseDomain) {
      ctx.issues.error('baseDomain', 'AWS clusters need a base domain with a Route 53 public zone.', 'Set baseDomain, e.g. example.com.');
    }
    const access = props.endpointAccess ?? 'Public';
    const first = props.zones?.[0];
    const domain = props.externalDnsDomain;
    const hostnames: Partial<Record<ServiceType, string>> = domain
      ? {
          APIServer: `api-${ctx.name}.${domain}`,
          OAuthServer: `oauth-${ctx.name}.${domain}`,
          ...(access === 'Public' ? { Konnectivity: `konnectivity-${ctx.name}.${domain}`, Ignition: `ignition-${ctx.name}.${domain}` } : {}),
        }
      : {};
    return {
      platform: {
        type: 'AWS',
        aws: {
          region: props.region ?? 'us-east-1',
          rolesRef: props.rolesRef,
          ...(first ? { cloudProviderConfig: { vpc: props.vpcId, subnet: { id: first.privateSubnetId }, zone: first.name } } : {}),
          ...(props.resourceTags ? { resourceTags: tags(props.resourceTags) } : {}),
          endpointAccess: access,
          multiArch: props.multiArch ?? false,
        },
      },
      dns: {
        baseDomain: ctx.baseDomain ?? '',
        ...(props.publicZoneID ? { publicZoneID: props.publicZoneID } : {}),
        ...(props.privateZoneID ? { privateZoneID: props.privateZoneID } : {}),
      },
      issuerURL: props.issuerURL,
      machineNetwork: props.machineCIDR ?? '10.0.0.0/16',
      etcdStorageClassName: 'gp3-csi',
      hostnames,
    };
  },

  defaultPools(props: AwsClusterProps | undefined, clusterName: string) {
    return (props?.zones ?? []).map((zone) => ({ name: `${clusterName}-${zone.name}`, platform: { aws: { zone: zone.name } } }));
  },

  nodePool(pool: AwsNodePoolProps | undefined, cluster: AwsClusterProps | undefined, ctx) {
    const issues = ctx.cluster.issues;
    const zones = cluster?.zones ?? [];
    const zone = pool?.zone ? zones.find((z) => z.name === pool.zone) : zones[0];
    if (pool?.zone && !zone) {
      issues.error(`${ctx.path}.platform.aws.zone`, `zone ${pool.zone} is not one of the cluster's zones.`, `Use one of ${zones.map((z) => z.name).join(', ')}.`);
    }
    const subnetId = pool?.subnetId ?? zone?.privateSubnetId ?? '';
    if (!/^subnet-[0-9a-f]+$/.test(subnetId)) {
      issues.error(`${ctx.path}.platform.aws.subnetId`, `"${subnetId}" is not a subnet ID.`, 'Give a subnet-... ID or a zone of the cluster.');
    }
    const rootVolume = { size: 120, type: 'gp3', ...pool?.rootVolume };
    if (rootVolume.size < 8) issues.error(`${ctx.path}.platform.aws.rootVolume.size`, `${rootVolume.size} GiB is below the 8 GiB minimum.`, 'Use 120 (the CLI default) or more.');
    validateTags(pool?.resourceTags, `${ctx.path}.platform.aws.resourceTags`, issues);
    return {
      type: 'AWS',
      aws: {
        instanceType: pool?.instanceType ?? (ctx.arch === 'arm64' ? 'm6g.large' : 'm5.large'),
        instanceProfile: pool?.instanceProfile ?? cluster?.instanceProfile ?? `${ctx.cluster.infraID}-worker`,
        subnet: { id: subnetId },
        rootVolume,
        ...(pool?.securityGroupIds ? { securityGroups: pool.securityGroupIds.map((id) => ({ id })) } : {}),
        ...(pool?.ami ? { ami: pool.ami } : {}),
        ...(pool?.placement ? { placement: pool.placement } : {}),
        ...(pool?.resourceTags ? { resourceTags: tags(pool.resourceTags) } : {}),
      },
    };
  },

  validateServices(props: AwsClusterProps | undefined, services, issues) {
    const access = props?.endpointAccess ?? 'Public';
    services.forEach((entry, index) => {
      const strategy = entry.servicePublishingStrategy;
      const hostname = strategy.route?.hostname ?? strategy.loadBalancer?.hostname;
      if (hostname && !HOSTNAME_ALLOWED[access].includes(entry.service)) {
        issues.error(
          `spec.services[${index}].servicePublishingStrategy`,
          `${entry.service} cannot have a hostname with ${access} endpoint access.`,
          access === 'Private' ? 'Private clusters resolve through the hypershift.local zone; remove the hostname.' : 'Only APIServer and OAuthServer take hostnames here; remove it.',
        );
      }
    });
  },
};
