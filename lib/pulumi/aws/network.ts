/**
 * The network of a hosted cluster, as `hypershift create infra aws` creates it: the resources of
 * {@link awsNetworkLayout}, one Pulumi resource each, or an existing VPC and zones by ID.
 */
import * as aws from '@pulumi/aws';
import * as pulumi from '@pulumi/pulumi';
import { IssueCollector } from '../../core/errors';
import { AWS_NETWORK_DEFAULTS, AwsNetworkInput, AwsNetworkLayout, awsNetworkLayout, checkAwsNetworkInput } from '../../platforms/aws';
import { HcpResourceError } from '../errors';

/** Type token of {@link AwsNetwork}. */
export const AWS_NETWORK_TYPE = 'hcp:aws:Network';

/** A VPC and subnets that exist already: nothing of the network is created but the hosted zones not given. */
export interface ExistingAwsVpc {
  /** ID of the VPC the given subnets are in. */
  readonly vpcId: pulumi.Input<string>;
  /** The private subnet of each zone, in the order of `zones`. */
  readonly privateSubnetIds: readonly pulumi.Input<string>[];
}

/** Hosted zones that exist already, by ID; each one given is not created. */
export interface ExistingAwsZones {
  /** @default looked up by name: the public zone `<baseDomain>` (it must exist) */
  readonly publicZoneId?: pulumi.Input<string>;
  /** @default created: `<prefix>.<baseDomain>`, private, on the VPC */
  readonly privateZoneId?: pulumi.Input<string>;
  /** @default created: `<name>.hypershift.local`, private, on the VPC */
  readonly localZoneId?: pulumi.Input<string>;
}

/** Plain values decide which resources exist (zones, NAT gateways); the IDs of existing ones may be Inputs. */
export interface AwsNetworkArgs extends AwsNetworkInput {
  /** Use this VPC and its subnets instead of creating them. @default created */
  readonly existingVpc?: ExistingAwsVpc;
  /** Use these hosted zones. @default the public one looked up, the private ones created */
  readonly existingZones?: ExistingAwsZones;
}

/**
 * Everything about the network's args AWS or the CLI would refuse ({@link checkAwsNetworkInput}),
 * and one existing subnet per zone. Findings go to `issues` with `path` as the prefix.
 */
export function checkAwsNetworkArgs(args: AwsNetworkArgs, issues: IssueCollector, path: string, machineNetwork?: readonly string[]): void {
  checkAwsNetworkInput(args, issues, path, machineNetwork);
  const subnets = args.existingVpc?.privateSubnetIds;
  if (subnets && subnets.length !== args.zones.length) {
    issues.error(`${path}.existingVpc.privateSubnetIds`, `${subnets.length} subnets for ${args.zones.length} zones.`, 'Give one private subnet per zone, in the order of zones.');
  }
}

/**
 * `hcp create infra aws` as a component: VPC (DNS support and hostnames), DHCP options, internet
 * gateway, per zone a public and a private /20, an Elastic IP and NAT gateway per zone (or one
 * with `singleNatGateway`), private route tables through them, the public route table as the
 * VPC's main one, the S3 gateway endpoint, and the private zones `<prefix>.<baseDomain>` and
 * `<name>.hypershift.local` (negative-cache TTL 60 s, as the CLI sets). The public zone
 * `<baseDomain>` is looked up and must exist. Names and tags are the CLI's.
 */
export class AwsNetwork extends pulumi.ComponentResource {
  /** ID of the VPC: created, or `existingVpc.vpcId`. */
  readonly vpcId: pulumi.Output<string>;
  /** The VPC CIDR, which is the cluster's machine network. */
  readonly machineCidr: string;
  /** The availability zones as given; the per-zone lists follow their order. */
  readonly zones: readonly string[];
  /** Per zone, in the order of `zones`: where the workers run. */
  readonly privateSubnetIds: readonly pulumi.Output<string>[];
  /** Per zone (empty with an existing VPC). */
  readonly publicSubnetIds: readonly pulumi.Output<string>[];
  /** The NAT gateways: one per zone, or one with `singleNatGateway`; none with an existing VPC. */
  readonly natGatewayIds: readonly pulumi.Output<string>[];
  /** ID of the public zone `<baseDomain>`: looked up by name unless `existingZones.publicZoneId` is given. */
  readonly publicZoneId: pulumi.Output<string>;
  /** ID of the private zone of the cluster's DNS names on the VPC, created unless `existingZones.privateZoneId` is given. */
  readonly privateZoneId: pulumi.Output<string>;
  /** ID of the private zone `<name>.hypershift.local` on the VPC, created unless `existingZones.localZoneId` is given. */
  readonly localZoneId: pulumi.Output<string>;

  constructor(name: string, args: AwsNetworkArgs, opts?: pulumi.ComponentResourceOptions) {
    const issues = new IssueCollector(`Network ${args.infraID}`);
    checkAwsNetworkArgs(args, issues, 'network');
    if (issues.issues.length > 0) throw new HcpResourceError(issues.issues);
    super(AWS_NETWORK_TYPE, name, {}, opts);
    const layout = awsNetworkLayout(args);
    const parent = { parent: this };
    this.zones = [...args.zones];
    this.machineCidr = args.vpcCidr ?? AWS_NETWORK_DEFAULTS.vpcCidr;

    const vpc = args.existingVpc
      ? { vpcId: pulumi.output(args.existingVpc.vpcId), privateSubnetIds: args.existingVpc.privateSubnetIds.map((id) => pulumi.output(id)), publicSubnetIds: [], natGatewayIds: [] }
      : createVpc(layout, parent);
    this.vpcId = vpc.vpcId;
    this.privateSubnetIds = vpc.privateSubnetIds;
    this.publicSubnetIds = vpc.publicSubnetIds;
    this.natGatewayIds = vpc.natGatewayIds;

    const zones = args.existingZones ?? {};
    this.publicZoneId = zones.publicZoneId
      ? pulumi.output(zones.publicZoneId)
      : aws.route53.getZoneOutput({ name: layout.publicZoneName, privateZone: false }, parent).zoneId;
    const onVpc = { vpcId: this.vpcId, vpcRegion: args.region };
    this.privateZoneId = zones.privateZoneId ? pulumi.output(zones.privateZoneId) : createPrivateZone(`${args.infraID}-private-zone`, layout.privateZone, onVpc, parent);
    this.localZoneId = zones.localZoneId ? pulumi.output(zones.localZoneId) : createPrivateZone(`${args.infraID}-local-zone`, layout.localZone, onVpc, parent);

    this.registerOutputs({
      vpcId: this.vpcId,
      machineCidr: this.machineCidr,
      privateSubnetIds: this.privateSubnetIds,
      publicSubnetIds: this.publicSubnetIds,
      natGatewayIds: this.natGatewayIds,
      publicZoneId: this.publicZoneId,
      privateZoneId: this.privateZoneId,
      localZoneId: this.localZoneId,
    });
  }
}

/** The IDs of the network's VPC part, created or existing. */
interface VpcIds {
  readonly vpcId: pulumi.Output<string>;
  readonly privateSubnetIds: readonly pulumi.Output<string>[];
  readonly publicSubnetIds: readonly pulumi.Output<string>[];
  readonly natGatewayIds: readonly pulumi.Output<string>[];
}

/** The VPC with DHCP options, internet gateway and per zone a public and a private subnet; then its routes. */
function createVpc(layout: AwsNetworkLayout, parent: pulumi.CustomResourceOptions): VpcIds {
  const vpc = new aws.ec2.Vpc(layout.vpc.name, { cidrBlock: layout.vpc.cidr, enableDnsSupport: true, enableDnsHostnames: true, tags: layout.vpc.tags }, parent);
  const dhcp = new aws.ec2.VpcDhcpOptions(
    layout.dhcpOptions.name,
    { domainName: layout.dhcpOptions.domainName, domainNameServers: [...layout.dhcpOptions.domainNameServers], tags: layout.dhcpOptions.tags },
    parent,
  );
  new aws.ec2.VpcDhcpOptionsAssociation(`${layout.dhcpOptions.name}-association`, { vpcId: vpc.id, dhcpOptionsId: dhcp.id }, parent);
  const igw = new aws.ec2.InternetGateway(layout.internetGateway.name, { vpcId: vpc.id, tags: layout.internetGateway.tags }, parent);

  const publicSubnets = layout.zones.map(
    (z) => new aws.ec2.Subnet(z.publicSubnet.name, { vpcId: vpc.id, cidrBlock: z.publicSubnet.cidr, availabilityZone: z.zone, tags: z.publicSubnet.tags }, parent),
  );
  const privateSubnets = layout.zones.map(
    (z) => new aws.ec2.Subnet(z.privateSubnet.name, { vpcId: vpc.id, cidrBlock: z.privateSubnet.cidr, availabilityZone: z.zone, tags: z.privateSubnet.tags }, parent),
  );
  const natGatewayIds = createRoutes(layout, { vpc, igw, publicSubnets, privateSubnets }, parent);
  return { vpcId: vpc.id, privateSubnetIds: privateSubnets.map((s) => s.id), publicSubnetIds: publicSubnets.map((s) => s.id), natGatewayIds };
}

/**
 * The NAT gateways, the private route tables through them, the public route table (the VPC's
 * main one) through the internet gateway, and the S3 gateway endpoint on all tables. Returns the
 * NAT gateways' IDs.
 */
function createRoutes(
  layout: AwsNetworkLayout,
  created: { vpc: aws.ec2.Vpc; igw: aws.ec2.InternetGateway; publicSubnets: readonly aws.ec2.Subnet[]; privateSubnets: readonly aws.ec2.Subnet[] },
  parent: pulumi.CustomResourceOptions,
): pulumi.Output<string>[] {
  const { vpc, igw, publicSubnets, privateSubnets } = created;
  // A NAT gateway (and its address) needs the internet gateway attached first (AWS NAT gateway docs).
  const natGateways = layout.zones.map((z, index) => {
    if (!z.nat) return undefined;
    const eip = new aws.ec2.Eip(z.nat.eip.name, { domain: 'vpc', tags: z.nat.eip.tags }, { ...parent, dependsOn: [igw] });
    return new aws.ec2.NatGateway(z.nat.gateway.name, { allocationId: eip.id, subnetId: publicSubnets[index].id, tags: z.nat.gateway.tags }, { ...parent, dependsOn: [igw] });
  });
  const privateTables = layout.zones.map((z, index) => {
    const table = new aws.ec2.RouteTable(
      z.privateRouteTable.name,
      { vpcId: vpc.id, routes: [{ cidrBlock: '0.0.0.0/0', natGatewayId: natGateways[z.natZone]!.id }], tags: z.privateRouteTable.tags },
      parent,
    );
    new aws.ec2.RouteTableAssociation(`${z.privateRouteTable.name}-association`, { subnetId: privateSubnets[index].id, routeTableId: table.id }, parent);
    return table;
  });
  const publicTable = new aws.ec2.RouteTable(
    layout.publicRouteTable.name,
    { vpcId: vpc.id, routes: [{ cidrBlock: '0.0.0.0/0', gatewayId: igw.id }], tags: layout.publicRouteTable.tags },
    parent,
  );
  // The CLI makes the public table the VPC's main one (ReplaceRouteTableAssociation).
  new aws.ec2.MainRouteTableAssociation(`${layout.publicRouteTable.name}-main`, { vpcId: vpc.id, routeTableId: publicTable.id }, parent);
  layout.zones.forEach((z, index) => {
    new aws.ec2.RouteTableAssociation(`${z.publicSubnet.name}-association`, { subnetId: publicSubnets[index].id, routeTableId: publicTable.id }, parent);
  });
  new aws.ec2.VpcEndpoint(
    layout.s3Endpoint.name,
    {
      vpcId: vpc.id,
      serviceName: layout.s3Endpoint.serviceName,
      vpcEndpointType: 'Gateway',
      routeTableIds: [...privateTables, publicTable].map((t) => t.id),
      tags: layout.s3Endpoint.tags,
    },
    parent,
  );
  return natGateways.flatMap((n) => (n ? [n.id] : []));
}

/** A private hosted zone on the VPC, with the CLI's SOA; returns its ID. */
function createPrivateZone(
  resourceName: string,
  zone: { readonly name: string; readonly tags: Record<string, string> },
  onVpc: { vpcId: pulumi.Input<string>; vpcRegion: string },
  parent: pulumi.CustomResourceOptions,
): pulumi.Output<string> {
  // forceDestroy: records the operator left behind must not block `pulumi destroy` (the CLI's destroy deletes them too).
  const created = new aws.route53.Zone(resourceName, { name: zone.name, vpcs: [onVpc], tags: zone.tags, forceDestroy: true }, parent);
  // The CLI lowers the negative-cache TTL (the SOA's last field) to 60 s so that names the
  // operator creates resolve soon after (route53.go setSOAMinimum).
  new aws.route53.Record(
    `${resourceName}-soa`,
    {
      zoneId: created.zoneId,
      name: zone.name,
      type: 'SOA',
      ttl: 900,
      records: [pulumi.interpolate`${created.primaryNameServer}. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 60`],
      allowOverwrite: true,
    },
    parent,
  );
  return created.zoneId;
}
