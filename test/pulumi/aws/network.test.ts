/** AwsNetwork under strict mocks: what it registers for 1-3 zones and one NAT gateway, names, tags, CIDRs, order, bring-your-own. */
import { MockRecord, PUBLIC_ZONE_ID, settle, valueOf } from './mocks';

const record = new MockRecord();
let hcp: typeof import('../../../lib/pulumi/aws');
beforeAll(async () => {
  await record.newProgram();
  hcp = await import('../../../lib/pulumi/aws');
});
beforeEach(() => record.newProgram());

const base = { infraID: 'demo', clusterName: 'demo', region: 'us-east-2', baseDomain: 'example.com' };
const ZONES = ['us-east-2a', 'us-east-2b', 'us-east-2c'];

async function build(args: Partial<ConstructorParameters<typeof hcp.AwsNetwork>[1]> = {}) {
  const network = new hcp.AwsNetwork('demo-network', { ...base, zones: ZONES, ...args });
  await settle(network.urn, network.vpcId, network.privateZoneId, network.localZoneId, network.publicZoneId);
  return network;
}

/** type (short) -> count, for the AWS resources. */
function counts(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of record.registrations.filter((r) => r.type.startsWith('aws:'))) out[r.type.split(':')[2]] = (out[r.type.split(':')[2]] ?? 0) + 1;
  return out;
}

test.each([
  [1, false, 1],
  [2, false, 2],
  [3, false, 3],
  [3, true, 1],
])('%i zone(s), singleNatGateway %s: the CLI resources, with %i NAT gateway(s)', async (zoneCount, singleNatGateway, nats) => {
  await build({ zones: ZONES.slice(0, zoneCount), singleNatGateway });
  expect(counts()).toEqual({
    Vpc: 1,
    VpcDhcpOptions: 1,
    VpcDhcpOptionsAssociation: 1,
    InternetGateway: 1,
    Subnet: 2 * zoneCount,
    Eip: nats,
    NatGateway: nats,
    RouteTable: zoneCount + 1,
    RouteTableAssociation: 2 * zoneCount,
    MainRouteTableAssociation: 1,
    VpcEndpoint: 1,
    Zone: 2,
    Record: 2,
  });
  expect(record.calls.map((c) => [c.token, c.inputs])).toEqual([['aws:route53/getZone:getZone', { name: 'example.com', privateZone: false }]]);
});

test("names, CIDRs, tags and routes as the CLI's", async () => {
  const network = await build({ singleNatGateway: true, tags: { team: 'platform' } });
  const subnets = record.byType('aws:ec2/subnet:Subnet').map((r) => [r.name, r.inputs.cidrBlock, r.inputs.availabilityZone]);
  expect(subnets).toEqual([
    ['demo-public-us-east-2a', '10.0.0.0/20', 'us-east-2a'],
    ['demo-public-us-east-2b', '10.0.16.0/20', 'us-east-2b'],
    ['demo-public-us-east-2c', '10.0.32.0/20', 'us-east-2c'],
    ['demo-private-us-east-2a', '10.0.128.0/20', 'us-east-2a'],
    ['demo-private-us-east-2b', '10.0.144.0/20', 'us-east-2b'],
    ['demo-private-us-east-2c', '10.0.160.0/20', 'us-east-2c'],
  ]);
  const vpc = record.one('aws:ec2/vpc:Vpc', 'demo-vpc').inputs;
  expect(vpc).toMatchObject({ cidrBlock: '10.0.0.0/16', enableDnsSupport: true, enableDnsHostnames: true });
  // The order is the CLI's (test/unit/aws-network.test.ts); the wire sorts keys.
  expect(vpc.tags).toEqual({
    'kubernetes.io/cluster/demo': 'owned',
    'hypershift.openshift.io/infra-id': 'demo',
    'hypershift.openshift.io/cluster-name': 'demo',
    Name: 'demo-vpc',
    team: 'platform',
  });
  expect(record.one('aws:ec2/subnet:Subnet', 'demo-private-us-east-2b').inputs.tags).toMatchObject({ 'kubernetes.io/role/internal-elb': '1', 'karpenter.sh/discovery': 'demo' });
  expect(record.one('aws:ec2/subnet:Subnet', 'demo-public-us-east-2b').inputs.tags).toMatchObject({ 'kubernetes.io/role/elb': '1' });
  expect(record.one('aws:ec2/vpcDhcpOptions:VpcDhcpOptions', 'demo-dhcp').inputs).toMatchObject({ domainName: 'us-east-2.compute.internal', domainNameServers: ['AmazonProvidedDNS'] });
  // Every private table routes through the one NAT gateway of the first zone.
  const nat = await valueOf(network.natGatewayIds[0]);
  for (const zone of ZONES) {
    expect(record.one('aws:ec2/routeTable:RouteTable', `demo-private-${zone}`).inputs.routes).toEqual([{ cidrBlock: '0.0.0.0/0', natGatewayId: nat }]);
  }
  const publicTable = record.one('aws:ec2/routeTable:RouteTable', 'demo-public');
  expect((publicTable.inputs.routes as object[])[0]).toMatchObject({ cidrBlock: '0.0.0.0/0', gatewayId: expect.stringMatching(/^igw-/) });
  expect(record.one('aws:ec2/mainRouteTableAssociation:MainRouteTableAssociation', 'demo-public-main').inputs.routeTableId).toMatch(/^rtb-/);
  const endpoint = record.one('aws:ec2/vpcEndpoint:VpcEndpoint', 'demo-s3').inputs;
  expect(endpoint).toMatchObject({ serviceName: 'com.amazonaws.us-east-2.s3', vpcEndpointType: 'Gateway' });
  expect(endpoint.routeTableIds).toHaveLength(4);
  const zones = record.byType('aws:route53/zone:Zone').map((r) => [r.inputs.name, r.inputs.vpcs, r.inputs.forceDestroy, (r.inputs.tags as Record<string, string>).Name]);
  expect(zones).toEqual([
    ['demo.example.com', [{ vpcId: await valueOf(network.vpcId), vpcRegion: 'us-east-2' }], true, undefined],
    ['demo.hypershift.local', [{ vpcId: await valueOf(network.vpcId), vpcRegion: 'us-east-2' }], true, undefined],
  ]);
  const soa = record.byType('aws:route53/record:Record').map((r) => [r.inputs.name, r.inputs.type, (r.inputs.records as string[])[0].split(' ').pop(), r.inputs.allowOverwrite]);
  expect(soa).toEqual([
    ['demo.example.com', 'SOA', '60', true],
    ['demo.hypershift.local', 'SOA', '60', true],
  ]);
  expect(await valueOf(network.publicZoneId)).toBe(PUBLIC_ZONE_ID);
});

test('NAT gateways and their addresses wait for the internet gateway', async () => {
  await build({ zones: ['us-east-2a'] });
  expect(record.dependenciesOf('aws:ec2/eip:Eip', 'demo-eip-us-east-2a')).toEqual(['aws:ec2/internetGateway:InternetGateway demo-igw']);
  expect(record.dependenciesOf('aws:ec2/natGateway:NatGateway', 'demo-nat-us-east-2a').sort()).toEqual([
    'aws:ec2/eip:Eip demo-eip-us-east-2a',
    'aws:ec2/internetGateway:InternetGateway demo-igw',
    'aws:ec2/subnet:Subnet demo-public-us-east-2a',
  ]);
});

test('bring your own VPC and zones: nothing of them is created, nothing is looked up', async () => {
  const network = await build({
    zones: ['us-east-2a', 'us-east-2b'],
    existingVpc: { vpcId: 'vpc-0abc', privateSubnetIds: ['subnet-01', 'subnet-02'] },
    existingZones: { publicZoneId: 'ZPUB', privateZoneId: 'ZPRIV', localZoneId: 'ZLOCAL' },
  });
  expect(record.registrations.filter((r) => r.type.startsWith('aws:'))).toEqual([]);
  expect(record.calls).toEqual([]);
  expect(await Promise.all(network.privateSubnetIds.map(valueOf))).toEqual(['subnet-01', 'subnet-02']);
  expect(await valueOf(network.localZoneId)).toBe('ZLOCAL');

  await record.newProgram();
  await build({ zones: ['us-east-2a'], existingVpc: { vpcId: 'vpc-0abc', privateSubnetIds: ['subnet-01'] } });
  expect(counts()).toEqual({ Zone: 2, Record: 2 });
  expect(record.byType('aws:route53/zone:Zone')[0].inputs.vpcs).toEqual([{ vpcId: 'vpc-0abc', vpcRegion: 'us-east-2' }]);
});

test('invalid input throws HcpResourceError listing every problem; nothing is registered', async () => {
  expect(() => new hcp.AwsNetwork('bad', { ...base, zones: ['eu-west-1a'], vpcCidr: '10.0.0.0/8', existingVpc: { vpcId: 'vpc-1', privateSubnetIds: [] } })).toThrow(
    /network.zones\[0\]: zone "eu-west-1a" is not in region us-east-2[\s\S]*network.vpcCidr[\s\S]*network.existingVpc.privateSubnetIds/,
  );
  await settle();
  expect(record.registrations).toEqual([]);
});
