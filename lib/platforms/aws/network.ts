/**
 * The network `hypershift create infra aws` creates, as data: names, CIDRs and tags of every
 * resource (cmd/infra/aws/create.go, ec2.go, route53.go). The Pulumi component creates exactly
 * this; nothing here talks to AWS.
 */
import { Cidr, contains, formatCidr, formatIPv4, hasHostBits, parseCidr } from '../../core/cidr';
import type { IssueCollector } from '../../core/errors';
import { quote } from '../../core/schema';
import { checkAwsZones, isAwsRegion } from './zones';

/** The CLI's network constants (cmd/infra/aws/create.go, util/util.go `ValidateVPCCIDR`). */
export const AWS_NETWORK_DEFAULTS = {
  vpcCidr: '10.0.0.0/16',
  /** The CLI accepts only a /16 VPC. */
  vpcPrefix: 16,
  /** Every subnet is a /20: public ones from x.y.0.0, private ones from x.y.128.0, 16 apart in the third octet. */
  subnetPrefix: 20,
  privateThirdOctet: 128,
  thirdOctetStep: 16,
  /**
   * Zones one /16 can hold: the CLI adds 16 to the third octet of the private /20 per zone, so a
   * ninth zone would wrap past 255 onto the public subnets (create.go `privateNetwork.IP[2] += 16`).
   * The CLI does not check; the library refuses.
   */
  maxZones: 8,
  /** Hosted zone suffix of the cluster's local zone (create.go `hypershiftLocalZoneName`). */
  localZoneDomain: 'hypershift.local',
} as const;

/** Tag keys on EC2 resources (support/awsutil/tags.go, cmd/infra/aws/ec2.go). */
export const AWS_TAG_KEYS = {
  cluster: (infraID: string) => `kubernetes.io/cluster/${infraID}`,
  infraID: 'hypershift.openshift.io/infra-id',
  clusterName: 'hypershift.openshift.io/cluster-name',
  name: 'Name',
  publicElb: 'kubernetes.io/role/elb',
  internalElb: 'kubernetes.io/role/internal-elb',
  karpenterDiscovery: 'karpenter.sh/discovery',
} as const;

/** Who the tags say a resource belongs to. */
export interface AwsTagOwner {
  readonly infraID: string;
  readonly clusterName: string;
  /** The user's tags, after the library's. */
  readonly extra?: Readonly<Record<string, string>>;
}

/**
 * Tags in the CLI's order (ec2.go `ec2Tags`): cluster tag `owned`, infra-id, cluster-name, Name
 * (when the resource has one), then the user's tags (which cannot replace the library's).
 */
export function awsEc2Tags(owner: AwsTagOwner, name?: string, roleTags: Readonly<Record<string, string>> = {}): Record<string, string> {
  const own: Record<string, string> = {
    [AWS_TAG_KEYS.cluster(owner.infraID)]: 'owned',
    [AWS_TAG_KEYS.infraID]: owner.infraID,
    [AWS_TAG_KEYS.clusterName]: owner.clusterName,
    ...(name !== undefined ? { [AWS_TAG_KEYS.name]: name } : {}),
    ...roleTags,
  };
  // Name is the library's even where the CLI sets none (DHCP options, endpoint, zones).
  const extra = Object.entries(owner.extra ?? {}).filter(([key]) => !(key in own) && key !== AWS_TAG_KEYS.name);
  return { ...own, ...Object.fromEntries(extra) };
}

/** One zone's public and private /20. */
export interface AwsZoneCidrs {
  readonly public: string;
  readonly private: string;
}

/**
 * The CLI's subnet layout: zone i gets public `x.y.(16·i).0/20` and private `x.y.(128+16·i).0/20`
 * of the /16 VPC (create.go `createPerZoneResources`). Returns a reason when the VPC CIDR is not
 * a usable /16 or there are too many zones.
 */
export function awsSubnetCidrs(vpcCidr: string, zoneCount: number): AwsZoneCidrs[] | string {
  const vpc = parseVpcCidr(vpcCidr);
  if (typeof vpc === 'string') return vpc;
  if (!Number.isInteger(zoneCount) || zoneCount < 0 || zoneCount > AWS_NETWORK_DEFAULTS.maxZones) {
    return `${zoneCount} zones do not fit the CLI's layout; a /16 holds at most ${AWS_NETWORK_DEFAULTS.maxZones}`;
  }
  const { privateThirdOctet, thirdOctetStep, subnetPrefix } = AWS_NETWORK_DEFAULTS;
  const subnet = (thirdOctet: number) => `${formatIPv4(vpc.address + (BigInt(thirdOctet) << 8n))}/${subnetPrefix}`;
  return Array.from({ length: zoneCount }, (_, i) => ({
    public: subnet(thirdOctetStep * i),
    private: subnet(privateThirdOctet + thirdOctetStep * i),
  }));
}

/** An IPv4 /16 network address, or why not. */
function parseVpcCidr(text: string): Cidr | string {
  const cidr = parseCidr(text);
  if (typeof cidr === 'string') return `${quote(text)} is not a CIDR: ${cidr}`;
  if (cidr.family !== 4) return `${quote(text)} is not IPv4; AWS VPCs take an IPv4 primary CIDR`;
  if (cidr.prefix !== AWS_NETWORK_DEFAULTS.vpcPrefix) return `${quote(text)} is a /${cidr.prefix}; the CLI's layout needs a /16 VPC`;
  if (hasHostBits(cidr)) return `${quote(text)} has host bits set; use ${formatCidr(cidr)}`;
  return cidr;
}

/** DHCP `domain-name` (ec2.go `CreateDHCPOptions`): `ec2.internal` in us-east-1, else `<region>.compute.internal`. */
export function awsDhcpDomainName(region: string): string {
  return region === 'us-east-1' ? 'ec2.internal' : `${region}.compute.internal`;
}

/** The S3 gateway endpoint's service (ec2.go `CreateVPCS3Endpoint`). */
export function awsS3ServiceName(region: string): string {
  return `com.amazonaws.${region}.s3`;
}

/**
 * The private zone: `<prefix>.<baseDomain>`, the prefix being the cluster name when none is given
 * and nothing when it is empty (the CLI's `none`; create.go `ZoneName`, HostedCluster
 * `spec.dns.baseDomainPrefix`).
 */
export function awsPrivateZoneName(clusterName: string, baseDomain: string, baseDomainPrefix?: string): string {
  if (baseDomainPrefix === undefined) return `${clusterName}.${baseDomain}`;
  return baseDomainPrefix === '' || baseDomainPrefix === 'none' ? baseDomain : `${baseDomainPrefix}.${baseDomain}`;
}

/** The local zone the control-plane operator writes PrivateLink records into: `<name>.hypershift.local`. */
export function awsLocalZoneName(clusterName: string): string {
  return `${clusterName}.${AWS_NETWORK_DEFAULTS.localZoneDomain}`;
}

/** What decides the network: all plain values, since they decide how many resources exist. */
export interface AwsNetworkInput {
  readonly infraID: string;
  readonly clusterName: string;
  readonly region: string;
  /** Availability zones, in order; the first gets the shared NAT gateway. */
  readonly zones: readonly string[];
  /** @default '10.0.0.0/16' */
  readonly vpcCidr?: string;
  /** One NAT gateway (in the first zone) for all private subnets instead of one per zone. @default false */
  readonly singleNatGateway?: boolean;
  readonly baseDomain: string;
  /** @default the cluster name */
  readonly baseDomainPrefix?: string;
  /** The user's tags, after the library's. @default none */
  readonly tags?: Readonly<Record<string, string>>;
}

export interface AwsNamedResource {
  readonly name: string;
  readonly tags: Record<string, string>;
}

export interface AwsZoneLayout {
  readonly zone: string;
  readonly publicSubnet: AwsNamedResource & { readonly cidr: string };
  readonly privateSubnet: AwsNamedResource & { readonly cidr: string };
  /** The zone's Elastic IP and NAT gateway; absent in zones 2+ with a single NAT gateway. */
  readonly nat?: { readonly eip: AwsNamedResource; readonly gateway: AwsNamedResource };
  /** Index of the zone whose NAT gateway this zone's private route table uses. */
  readonly natZone: number;
  readonly privateRouteTable: AwsNamedResource;
}

/** Every resource of the network, with its name and tags, in the CLI's creation order. */
export interface AwsNetworkLayout {
  readonly vpc: AwsNamedResource & { readonly cidr: string };
  readonly dhcpOptions: AwsNamedResource & { readonly domainName: string; readonly domainNameServers: readonly string[] };
  readonly internetGateway: AwsNamedResource;
  readonly zones: readonly AwsZoneLayout[];
  readonly publicRouteTable: AwsNamedResource;
  readonly s3Endpoint: AwsNamedResource & { readonly serviceName: string };
  /** The public zone `<baseDomain>` must already exist; it is looked up, never created. */
  readonly publicZoneName: string;
  readonly privateZone: AwsNamedResource;
  readonly localZone: AwsNamedResource;
}

/**
 * The network for valid input (see {@link checkAwsNetworkInput}): names as the CLI gives them
 * (`<infraID>-vpc`, `-igw`, `-private-<zone>`, `-public-<zone>`, `-eip-<zone>`, `-nat-<zone>`,
 * `-public`), the CLI's tags, and the subnet layout of {@link awsSubnetCidrs}.
 */
export function awsNetworkLayout(input: AwsNetworkInput): AwsNetworkLayout {
  const { infraID } = input;
  const owner: AwsTagOwner = { infraID, clusterName: input.clusterName, extra: input.tags };
  const named = (name: string, roleTags?: Record<string, string>): AwsNamedResource => ({ name, tags: awsEc2Tags(owner, name, roleTags) });
  const vpcCidr = input.vpcCidr ?? AWS_NETWORK_DEFAULTS.vpcCidr;
  const cidrs = awsSubnetCidrs(vpcCidr, input.zones.length);
  if (typeof cidrs === 'string') throw new Error(`awsNetworkLayout: ${cidrs} (check the input with checkAwsNetworkInput first)`);
  const zones = input.zones.map((zone, index): AwsZoneLayout => {
    const hasNat = !input.singleNatGateway || index === 0;
    return {
      zone,
      publicSubnet: { ...named(`${infraID}-public-${zone}`, { [AWS_TAG_KEYS.publicElb]: '1' }), cidr: cidrs[index].public },
      privateSubnet: {
        ...named(`${infraID}-private-${zone}`, { [AWS_TAG_KEYS.internalElb]: '1', [AWS_TAG_KEYS.karpenterDiscovery]: infraID }),
        cidr: cidrs[index].private,
      },
      ...(hasNat ? { nat: { eip: named(`${infraID}-eip-${zone}`), gateway: named(`${infraID}-nat-${zone}`) } } : {}),
      natZone: hasNat ? index : 0,
      privateRouteTable: named(`${infraID}-private-${zone}`),
    };
  });
  const unnamed = (name: string): AwsNamedResource => ({ name, tags: awsEc2Tags(owner) });
  return {
    vpc: { ...named(`${infraID}-vpc`), cidr: vpcCidr },
    // The CLI tags the DHCP options, the S3 endpoint and the zones without a Name.
    dhcpOptions: { ...unnamed(`${infraID}-dhcp`), domainName: awsDhcpDomainName(input.region), domainNameServers: ['AmazonProvidedDNS'] },
    internetGateway: named(`${infraID}-igw`),
    zones,
    publicRouteTable: named(`${infraID}-public`),
    s3Endpoint: { ...unnamed(`${infraID}-s3`), serviceName: awsS3ServiceName(input.region) },
    publicZoneName: input.baseDomain,
    privateZone: unnamed(awsPrivateZoneName(input.clusterName, input.baseDomain, input.baseDomainPrefix)),
    localZone: unnamed(awsLocalZoneName(input.clusterName)),
  };
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** True for a DNS name Route 53 can host: lower-case labels of 63 characters or fewer, 253 in all. */
export function isRoute53ZoneName(name: string): boolean {
  return name.length <= 253 && name.split('.').length >= 2 && name.split('.').every((label) => DNS_LABEL.test(label));
}

/**
 * Everything about the network input the CLI or AWS would refuse, or that would leave the cluster
 * inconsistent: region and zones, the /16 VPC CIDR (inside the machine network when one is
 * given), the zone names. Findings go to `issues` with `path` as the prefix.
 */
export function checkAwsNetworkInput(
  input: Omit<AwsNetworkInput, 'infraID' | 'clusterName'> & { readonly clusterName: string },
  issues: IssueCollector,
  path: string,
  machineNetwork?: readonly string[],
): void {
  const { region, zones } = input;
  issues.check(isAwsRegion(region), `${path}.region`, `${quote(region)} is not an AWS region.`, 'Use a region such as us-east-1.');
  checkAwsZones(region, zones, issues, { list: `${path}.zones`, zone: (index) => `${path}.zones[${index}]` });
  if (zones.length > AWS_NETWORK_DEFAULTS.maxZones) {
    issues.error(`${path}.zones`, `${zones.length} zones are given; the CLI's subnet layout fits ${AWS_NETWORK_DEFAULTS.maxZones} in a /16.`, `Use at most ${AWS_NETWORK_DEFAULTS.maxZones} zones.`);
  }
  const vpcCidr = input.vpcCidr ?? AWS_NETWORK_DEFAULTS.vpcCidr;
  const vpc = parseVpcCidr(vpcCidr);
  if (typeof vpc === 'string') {
    issues.error(`${path}.vpcCidr`, `${vpc}.`, `Use a /16 such as ${AWS_NETWORK_DEFAULTS.vpcCidr}.`);
  } else if (machineNetwork && machineNetwork.length > 0) {
    const inside = machineNetwork.some((entry) => {
      const network = parseCidr(entry);
      return typeof network !== 'string' && contains(network, vpc);
    });
    if (!inside) {
      issues.error(`${path}.vpcCidr`, `${vpcCidr} is not inside the machine network (${machineNetwork.join(', ')}); nodes would get addresses the cluster does not route as node addresses.`, 'Leave networking.machineNetwork unset (it defaults to the VPC CIDR) or make it contain the VPC CIDR.');
    }
  }
  if (!isRoute53ZoneName(input.baseDomain)) {
    issues.error('baseDomain', `${quote(input.baseDomain)} is not a DNS name Route 53 can host.`, 'Use lower-case labels of letters, digits and "-", e.g. example.com.');
  } else {
    const privateZone = awsPrivateZoneName(input.clusterName, input.baseDomain, input.baseDomainPrefix);
    if (!isRoute53ZoneName(privateZone)) {
      issues.error('baseDomainPrefix', `the private zone ${quote(privateZone)} is not a valid DNS name.`, 'Use a shorter cluster name or baseDomainPrefix of lower-case letters, digits and "-".');
    }
  }
}
