/** AWS: the CLI's defaults (`hcp create cluster aws`) and what the operator requires there. */
import { v } from '../../core/valibot';
import type { HostedCluster, NodePoolSpec, ServiceType } from '../../api';
import type { IssueCollector } from '../../core';
import { AWS_MAX_INFRA_ID_LENGTH, AWS_OPERATOR_ROLES, AWS_WORKER, AwsPartition, AwsRoleKey, awsIamNames, awsRoleArn, isAwsIssuerURL } from './iam';
import { AWS_IAM_ROLE_NAME_MAX, AWS_INSTANCE_PROFILE_NAME_MAX, AWS_TAGS } from './limits';
import { checkAwsClusterArchitecture, checkAwsNodePoolArchitecture } from './architecture';
import { AWS_MANAGEMENT_PRESET, awsManagementNeeds } from './management';
import { AWS_NETWORK_DEFAULTS } from './network';
import { checkAwsZones, isAwsRegion } from './zones';
import type { AwsClusterProps, AwsNodePoolProps, AwsRolesRef, EndpointAccess } from './props';
import { ENDPOINT_ACCESS_KINDS } from './props';

export type { AwsClusterProps, AwsNodePoolProps, AwsPlatformProps, AwsRolesRef, AwsZone, EndpointAccess } from './props';

export * from './limits';
export * from './network';
export * from './iam';
export * from './zones';
export * from './assigned-ids';
export * from './bastion';
export * from './external-dns-zone';
import {
  bool,
  checking,
  definePlatform,
  joinPath,
  list,
  oneOf,
  passthrough,
  quote,
  schemaMessage,
  strict,
  stringMap,
  text,
} from '../../core';


/** The control-plane roles and the name suffix `hypershift create iam aws` gives each (`<infraID>-<suffix>`). */
export const AWS_CONTROL_PLANE_ROLES: Readonly<Record<keyof AwsRolesRef, string>> = Object.fromEntries(
  Object.entries(AWS_OPERATOR_ROLES).map(([key, role]) => [key, role.suffix]),
) as Record<AwsRoleKey, string>;

/** The role ARNs as the CLI names them: `arn:<partition>:iam::<account>:role/<infraID>-<suffix>`. */
export function cliRolesRef(accountId: string, infraID: string, partition: AwsPartition = 'aws'): AwsRolesRef {
  const entries = Object.entries(awsIamNames(infraID).roles).map(([key, roleName]) => [key, awsRoleArn(partition, accountId, roleName)]);
  return Object.fromEntries(entries) as AwsRolesRef;
}

/** The CLI's AWS values (`cmd/cluster/aws/create.go`, `cmd/infra/aws`). */
export const AWS_DEFAULTS = {
  region: 'us-east-1',
  endpointAccess: 'Public',
  machineCIDR: AWS_NETWORK_DEFAULTS.vpcCidr,
  etcdStorageClassName: 'gp3-csi',
  multiArch: false,
  instanceType: { amd64: 'm5.large', arm64: 'm6g.large' },
  rootVolume: { size: 120, type: 'gp3' },
  instanceProfile: AWS_WORKER.profile,
} as const;

const ID = {
  vpc: /^vpc-[0-9a-f]+$/,
  subnet: /^subnet-[0-9a-f]+$/,
  roleArn: /^arn:(aws|aws-cn|aws-us-gov):iam::[0-9]{12}:role\/(.+)$/,
  tag: /^[0-9A-Za-z_.:/=+@ -]+$/,
};

const subnetId = v.pipe(
  text(),
  v.check((id) => ID.subnet.test(id), (issue) => schemaMessage(`${quote(issue.input)} is not a subnet ID.`, 'Give the subnet-... ID of the zone\'s private subnet.')),
);

/** @internal */
export const awsZoneSchema = strict({
  name: text({ max: 64 }),
  privateSubnetId: subnetId,
});

const rolesRefSchema = strict(
  Object.fromEntries(Object.keys(AWS_CONTROL_PLANE_ROLES).map((key) => [key, text({ max: 2048 })])) as Record<keyof AwsRolesRef, ReturnType<typeof text>>,
  'the seven role ARNs',
);

/** @internal */
export const awsClusterPropsSchema = strict({
  region: v.optional(text({ max: 64 })),
  endpointAccess: v.optional(oneOf(ENDPOINT_ACCESS_KINDS)),
  vpcId: text({ max: 64 }),
  machineCIDR: v.optional(text({ max: 64 })),
  zones: list(awsZoneSchema),
  rolesRef: rolesRefSchema,
  issuerURL: text({ max: 2048 }),
  publicZoneID: v.optional(text({ max: 64 })),
  privateZoneID: v.optional(text({ max: 64 })),
  externalDnsDomain: v.optional(text({ max: 253 })),
  resourceTags: v.optional(stringMap()),
  multiArch: v.optional(bool()),
  instanceProfile: v.optional(text({ max: AWS_INSTANCE_PROFILE_NAME_MAX })),
});

type AwsPoolSpec = NonNullable<NodePoolSpec['platform']['aws']>;

/** @internal */
export const awsNodePoolPropsSchema = strict({
  zone: v.optional(text({ max: 64 })),
  subnetId: v.optional(text({ max: 64 })),
  instanceType: v.optional(text({ max: 64 })),
  instanceProfile: v.optional(text({ max: AWS_INSTANCE_PROFILE_NAME_MAX })),
  rootVolume: v.optional(passthrough<Partial<NonNullable<AwsPoolSpec['rootVolume']>>>('a root volume')),
  securityGroupIds: v.optional(list(text({ max: 64 }))),
  ami: v.optional(text({ max: 64 })),
  placement: v.optional(passthrough<AwsPoolSpec['placement']>()),
  resourceTags: v.optional(stringMap()),
});

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

function validateTags(list: ReadonlyArray<{ key: string; value: string }> | undefined, path: string, issues: IssueCollector): void {
  const entries = list ?? [];
  if (entries.length > AWS_TAGS.maxPerList) issues.error(path, `${entries.length} tags; the API allows ${AWS_TAGS.maxPerList} here.`, `Keep at most ${AWS_TAGS.maxPerList} tags.`);
  entries.forEach(({ key, value }, index) => {
    if (!ID.tag.test(key) || key.length > AWS_TAGS.keyMax) {
      issues.error(`${path}[${index}].key`, `tag key ${quote(key)} has characters AWS does not accept or is longer than ${AWS_TAGS.keyMax}.`, `Use letters, digits, spaces and _ . : / = + - @ (${AWS_TAGS.keyMax} at most).`);
    }
    if (!ID.tag.test(value) || value.length > AWS_TAGS.valueMax) {
      issues.error(`${path}[${index}].value`, `tag value ${quote(value)} has characters AWS does not accept or is longer than ${AWS_TAGS.valueMax}.`, `Use letters, digits, spaces and _ . : / = + - @ (${AWS_TAGS.valueMax} at most).`);
    }
  });
}

/** Checks on the final HostedCluster: what the operator and AWS would reject later. */
function validateCluster(hc: HostedCluster, issues: IssueCollector): void {
  const aws = hc.spec.platform.aws;
  if (!aws) return;
  const path = 'spec.platform.aws';
  if (!isAwsRegion(aws.region ?? '')) issues.error(`${path}.region`, `${quote(aws.region)} is not an AWS region.`, 'Use a region such as us-east-1.');
  const config = aws.cloudProviderConfig;
  if (config?.vpc !== undefined && !ID.vpc.test(config.vpc)) {
    issues.error(`${path}.cloudProviderConfig.vpc`, `${quote(config.vpc)} is not a VPC ID.`, 'Give the vpc-... ID of the cluster VPC (platform.aws.vpcId).');
  }
  for (const [role, arn] of Object.entries(aws.rolesRef ?? {})) {
    const match = ID.roleArn.exec(String(arn));
    if (!match) {
      issues.error(`${path}.rolesRef.${role}`, `${quote(arn)} is not an IAM role ARN.`, 'Use arn:aws:iam::<12-digit account>:role/<name>.');
      continue;
    }
    const roleName = match[2].split('/').pop() ?? '';
    if (roleName.length > AWS_IAM_ROLE_NAME_MAX) {
      issues.error(
        `${path}.rolesRef.${role}`,
        `role name ${quote(roleName)} is ${roleName.length} characters; AWS allows ${AWS_IAM_ROLE_NAME_MAX} for IAM role names.`,
        `Use a shorter infraID (at most ${AWS_MAX_INFRA_ID_LENGTH} characters for the CLI's <infraID>-<suffix> names) or shorter role names.`,
      );
    }
  }
  const infraID = hc.spec.infraID ?? '';
  if (infraID.length > AWS_MAX_INFRA_ID_LENGTH) {
    issues.error(
      'spec.infraID',
      `infraID ${quote(infraID)} is ${infraID.length} characters; on AWS the IAM role <infraID>-cloud-network-config-controller would exceed AWS's ${AWS_IAM_ROLE_NAME_MAX}-character limit.`,
      `Set infraID to ${AWS_MAX_INFRA_ID_LENGTH} characters or fewer (the CLI generates 27), or shorten the cluster name.`,
    );
  }
  if (!isAwsIssuerURL(hc.spec.issuerURL ?? '')) {
    issues.error('spec.issuerURL', `${quote(hc.spec.issuerURL)} is not an https URL.`, 'Use the OIDC issuer https://<bucket>.s3.<region>.amazonaws.com/<infraID> (platform.aws.issuerURL).');
  }
  if (!hc.spec.dns?.baseDomain) {
    issues.error('spec.dns.baseDomain', 'AWS clusters need a base domain with a Route 53 public zone.', 'Set baseDomain, e.g. example.com.');
  }
  validateTags(aws.resourceTags, `${path}.resourceTags`, issues);
  const access = aws.endpointAccess ?? AWS_DEFAULTS.endpointAccess;
  hc.spec.services.forEach((entry, index) => {
    const strategy = entry.servicePublishingStrategy;
    const hostname = strategy.route?.hostname ?? strategy.loadBalancer?.hostname;
    if (hostname && !(HOSTNAME_ALLOWED[access] ?? []).includes(entry.service)) {
      issues.error(
        `spec.services[${index}].servicePublishingStrategy`,
        `${entry.service} cannot have a hostname with ${access} endpoint access.`,
        access === 'Private' ? 'Private clusters resolve through the hypershift.local zone; remove the hostname.' : 'Only APIServer and OAuthServer take hostnames here; remove it.',
      );
    }
  });
}

/** Checks on a final NodePool. */
function validateNodePool(np: { spec: NodePoolSpec }, issues: IssueCollector): void {
  const aws = np.spec.platform.aws;
  if (!aws) return;
  const path = 'spec.platform.aws';
  if (!ID.subnet.test(aws.subnet?.id ?? '')) issues.error(`${path}.subnet.id`, `${quote(aws.subnet?.id ?? '')} is not a subnet ID.`, 'Give a subnet-... ID or a zone of the cluster.');
  // NodePool CRD: rootVolume.size minimum 8 (GiB).
  const size = aws.rootVolume?.size;
  if (size !== undefined && (!Number.isInteger(size) || size < 8)) {
    issues.error(`${path}.rootVolume.size`, `${size} GiB is below the 8 GiB minimum.`, 'Use 120 (the CLI default) or more.');
  }
  const profile = aws.instanceProfile ?? '';
  if (profile.length > AWS_INSTANCE_PROFILE_NAME_MAX) {
    issues.error(`${path}.instanceProfile`, `instance profile name ${quote(profile)} is ${profile.length} characters; AWS allows ${AWS_INSTANCE_PROFILE_NAME_MAX}.`, 'Use a shorter instance profile name or infraID.');
  }
  validateTags(aws.resourceTags, `${path}.resourceTags`, issues);
}

export const awsPlatform = definePlatform({
  type: 'AWS',
  block: { key: 'aws', required: true, cluster: checking<AwsClusterProps>(awsClusterPropsSchema), pool: checking<AwsNodePoolProps>(awsNodePoolPropsSchema) },
  defaults: AWS_DEFAULTS,
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
  createsMachines: true,
  management: AWS_MANAGEMENT_PRESET,
  managementNeeds: awsManagementNeeds,
  ingress: { mode: 'platform-load-balancer' },
  // HyperShift disaster recovery with OADP 1.5, AWS tab; the migration chapter moves AWS clusters between management clusters.
  backup: {
    resources: ['awscluster', 'awsmachinetemplate', 'awsmachine'],
    preserveNodePorts: false,
    crossClusterRestore: true,
    // Private endpoints keep their address: the nodes reach the API through the VPC endpoint, not a public load balancer.
    stableApiAddress: (hc) => hc.spec.platform.aws?.endpointAccess === 'Private' || hc.spec.platform.aws?.endpointAccess === 'PublicAndPrivate',
    afterRestore: (hc) => `hypershift fix dr-oidc-iam --hc-name ${hc.name} --hc-namespace ${hc.namespace} --aws-creds <credentials file>, when the control-plane operator reports WebIdentityErr or nodes stay NotReady (it uploads the OIDC documents again)`,
  },

  contribute: {
    cluster(props, ctx) {
      if (!props) return { platform: { type: 'AWS' } };
      const access = props.endpointAccess ?? AWS_DEFAULTS.endpointAccess;
      const region = props.region ?? AWS_DEFAULTS.region;
      checkAwsZones(region, props.zones.map((zone) => zone.name), ctx.issues, { list: 'platform.aws.zones', zone: (index) => `platform.aws.zones[${index}].name` });
      const domain = props.externalDnsDomain;
      if (domain && access === 'Private') {
        ctx.issues.error('platform.aws.externalDnsDomain', 'external DNS works only with Public or PublicAndPrivate endpoint access.', 'Remove externalDnsDomain or change endpointAccess.');
      }
      const hostnames: Partial<Record<ServiceType, string>> =
        domain && access !== 'Private'
          ? {
              APIServer: `api-${ctx.name}.${domain}`,
              OAuthServer: `oauth-${ctx.name}.${domain}`,
              ...(access === 'Public' ? { Konnectivity: `konnectivity-${ctx.name}.${domain}`, Ignition: `ignition-${ctx.name}.${domain}` } : {}),
            }
          : {};
      const first = props.zones[0];
      return {
        platform: {
          type: 'AWS',
          aws: {
            region,
            rolesRef: props.rolesRef,
            ...(first ? { cloudProviderConfig: { vpc: props.vpcId, subnet: { id: first.privateSubnetId }, zone: first.name } } : {}),
            ...(props.resourceTags ? { resourceTags: tags(props.resourceTags) } : {}),
            endpointAccess: access,
            multiArch: props.multiArch ?? AWS_DEFAULTS.multiArch,
          },
        },
        dns: {
          baseDomain: ctx.baseDomain ?? '',
          ...(props.publicZoneID ? { publicZoneID: props.publicZoneID } : {}),
          ...(props.privateZoneID ? { privateZoneID: props.privateZoneID } : {}),
        },
        issuerURL: props.issuerURL,
        machineNetwork: props.machineCIDR ?? AWS_DEFAULTS.machineCIDR,
        etcdStorageClassName: AWS_DEFAULTS.etcdStorageClassName,
        hostnames,
      };
    },

    defaultPools(props, clusterName) {
      return (props?.zones ?? []).map((zone) => ({ name: `${clusterName}-${zone.name}`, platform: { aws: { zone: zone.name } } }));
    },

    nodePool(pool, cluster, ctx) {
      const zones = cluster?.zones ?? [];
      const zone = pool?.zone ? zones.find((z) => z.name === pool.zone) : zones[0];
      if (pool?.zone && !zone) {
        ctx.cluster.issues.error(joinPath(ctx.path, 'platform.aws.zone'), `zone ${quote(pool.zone)} is not one of the cluster's zones.`, `Use one of ${zones.map((z) => z.name).join(', ')}.`);
      }
      return {
        type: 'AWS',
        aws: {
          instanceType: pool?.instanceType ?? (ctx.arch === 'arm64' ? AWS_DEFAULTS.instanceType.arm64 : AWS_DEFAULTS.instanceType.amd64),
          instanceProfile: pool?.instanceProfile ?? cluster?.instanceProfile ?? AWS_DEFAULTS.instanceProfile(ctx.cluster.infraID),
          subnet: { id: pool?.subnetId ?? zone?.privateSubnetId ?? '' },
          rootVolume: { ...AWS_DEFAULTS.rootVolume, ...pool?.rootVolume },
          ...(pool?.securityGroupIds ? { securityGroups: pool.securityGroupIds.map((id) => ({ id })) } : {}),
          ...(pool?.ami ? { ami: pool.ami } : {}),
          ...(pool?.placement ? { placement: pool.placement } : {}),
          ...(pool?.resourceTags ? { resourceTags: tags(pool.resourceTags) } : {}),
        },
      };
    },
  },

  validate: {
    cluster: (hc, issues) => {
      validateCluster(hc, issues);
      checkAwsClusterArchitecture(hc, issues);
    },
    nodePool: (np, hc, issues) => {
      validateNodePool(np, issues);
      checkAwsNodePoolArchitecture(np, hc, issues);
    },
    paths: {
      cluster: [
        ['spec.platform.aws.cloudProviderConfig.vpc', 'platform.aws.vpcId'],
        ['spec.platform.aws.cloudProviderConfig.subnet.id', 'platform.aws.zones[0].privateSubnetId'],
        ['spec.platform.aws.cloudProviderConfig.zone', 'platform.aws.zones[0].name'],
        ['spec.platform.aws.resourceTags', 'platform.aws.resourceTags', 'whole'],
        ['spec.dns.publicZoneID', 'platform.aws.publicZoneID'],
        ['spec.dns.privateZoneID', 'platform.aws.privateZoneID'],
        ['spec.issuerURL', 'platform.aws.issuerURL'],
        ['spec.networking.machineNetwork', 'platform.aws.machineCIDR', 'whole-default'],
      ],
      nodePool: [
        ['spec.platform.aws.subnet.id', 'platform.aws.subnetId'],
        ['spec.platform.aws.subnet.id', 'platform.aws.zone'],
        ['spec.platform.aws.securityGroups', 'platform.aws.securityGroupIds', 'whole'],
        ['spec.platform.aws.resourceTags', 'platform.aws.resourceTags', 'whole'],
      ],
    },
  },
});
