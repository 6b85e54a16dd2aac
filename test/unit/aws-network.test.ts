/** The CLI's AWS network as data: subnet layout, names, tags, DNS names, and the input checks. */
import fc from 'fast-check';
import { IssueCollector, contains, parseCidr, overlaps } from '../../lib/core';
import type { Cidr } from '../../lib/core';
import { awsEc2Tags, awsNetworkLayout, awsPrivateZoneName, awsSubnetCidrs, checkAwsNetworkInput } from '../../lib/platforms/aws';

describe('awsSubnetCidrs', () => {
  test('the CLI layout on the default VPC: public from 10.0.0.0/20, private from 10.0.128.0/20, 16 apart', () => {
    expect(awsSubnetCidrs('10.0.0.0/16', 3)).toEqual([
      { public: '10.0.0.0/20', private: '10.0.128.0/20' },
      { public: '10.0.16.0/20', private: '10.0.144.0/20' },
      { public: '10.0.32.0/20', private: '10.0.160.0/20' },
    ]);
    expect(awsSubnetCidrs('172.20.0.0/16', 1)).toEqual([{ public: '172.20.0.0/20', private: '172.20.128.0/20' }]);
    expect(awsSubnetCidrs('10.0.0.0/16', 8)?.[7]).toEqual({ public: '10.0.112.0/20', private: '10.0.240.0/20' });
  });

  test('refuses what the CLI layout cannot hold: a ninth zone, a VPC that is not a /16, host bits, IPv6', () => {
    expect(awsSubnetCidrs('10.0.0.0/16', 9)).toMatch(/at most 8/);
    expect(awsSubnetCidrs('10.0.0.0/17', 1)).toMatch(/needs a \/16/);
    expect(awsSubnetCidrs('10.0.1.0/16', 1)).toMatch(/host bits/);
    expect(awsSubnetCidrs('fd00::/16', 1)).toMatch(/not IPv4/);
    expect(awsSubnetCidrs('10.0.0/16', 1)).toMatch(/not a CIDR/);
  });

  test('property: for any /16 and up to 8 zones, every subnet is a /20 inside the VPC and no two overlap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 8 }), (a, b, zones) => {
        const vpc = parseCidr(`${a}.${b}.0.0/16`) as Cidr;
        const layout = awsSubnetCidrs(`${a}.${b}.0.0/16`, zones);
        if (typeof layout === 'string') return false;
        const subnets = layout.flatMap((z) => [z.public, z.private]).map((s) => parseCidr(s) as Cidr);
        return subnets.every((s, i) => s.prefix === 20 && contains(vpc, s) && subnets.every((t, j) => i === j || !overlaps(s, t)));
      }),
    );
  });
});

describe('awsNetworkLayout', () => {
  const input = { infraID: 'demo-x1', clusterName: 'demo', region: 'eu-west-1', zones: ['eu-west-1a', 'eu-west-1b'], baseDomain: 'example.com', tags: { team: 'platform', Name: 'ignored' } };

  test("the CLI's names, the NAT per zone, DHCP and S3 service of the region, the zones' names", () => {
    const layout = awsNetworkLayout(input);
    expect(layout.vpc).toMatchObject({ name: 'demo-x1-vpc', cidr: '10.0.0.0/16' });
    expect(layout.internetGateway.name).toBe('demo-x1-igw');
    expect(layout.zones.map((z) => [z.publicSubnet.name, z.privateSubnet.name, z.nat?.eip.name, z.nat?.gateway.name, z.privateRouteTable.name, z.natZone])).toEqual([
      ['demo-x1-public-eu-west-1a', 'demo-x1-private-eu-west-1a', 'demo-x1-eip-eu-west-1a', 'demo-x1-nat-eu-west-1a', 'demo-x1-private-eu-west-1a', 0],
      ['demo-x1-public-eu-west-1b', 'demo-x1-private-eu-west-1b', 'demo-x1-eip-eu-west-1b', 'demo-x1-nat-eu-west-1b', 'demo-x1-private-eu-west-1b', 1],
    ]);
    expect(layout.publicRouteTable.name).toBe('demo-x1-public');
    expect(layout.dhcpOptions).toMatchObject({ domainName: 'eu-west-1.compute.internal', domainNameServers: ['AmazonProvidedDNS'] });
    expect(awsNetworkLayout({ ...input, region: 'us-east-1', zones: ['us-east-1a'] }).dhcpOptions.domainName).toBe('ec2.internal');
    expect(layout.s3Endpoint.serviceName).toBe('com.amazonaws.eu-west-1.s3');
    expect([layout.publicZoneName, layout.privateZone.name, layout.localZone.name]).toEqual(['example.com', 'demo.example.com', 'demo.hypershift.local']);
  });

  test('a single NAT gateway: only the first zone has one, and every private route table uses it', () => {
    const layout = awsNetworkLayout({ ...input, zones: ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'], singleNatGateway: true });
    expect(layout.zones.map((z) => [Boolean(z.nat), z.natZone])).toEqual([[true, 0], [false, 0], [false, 0]]);
  });

  test("tags in the CLI's order, role tags on subnets, the user's last and never replacing the library's", () => {
    const layout = awsNetworkLayout(input);
    expect(Object.entries(layout.zones[0].privateSubnet.tags)).toEqual([
      ['kubernetes.io/cluster/demo-x1', 'owned'],
      ['hypershift.openshift.io/infra-id', 'demo-x1'],
      ['hypershift.openshift.io/cluster-name', 'demo'],
      ['Name', 'demo-x1-private-eu-west-1a'],
      ['kubernetes.io/role/internal-elb', '1'],
      ['karpenter.sh/discovery', 'demo-x1'],
      ['team', 'platform'],
    ]);
    expect(layout.zones[0].publicSubnet.tags['kubernetes.io/role/elb']).toBe('1');
    expect(layout.zones[0].publicSubnet.tags['karpenter.sh/discovery']).toBeUndefined();
    // Resources the CLI tags without a Name.
    expect(layout.dhcpOptions.tags.Name).toBeUndefined();
    expect(layout.privateZone.tags.Name).toBeUndefined();
    expect(awsEc2Tags({ infraID: 'a', clusterName: 'b' })).toEqual({ 'kubernetes.io/cluster/a': 'owned', 'hypershift.openshift.io/infra-id': 'a', 'hypershift.openshift.io/cluster-name': 'b' });
  });

  test('the private zone name follows baseDomainPrefix: the cluster name when unset, none when empty', () => {
    expect(awsPrivateZoneName('demo', 'example.com')).toBe('demo.example.com');
    expect(awsPrivateZoneName('demo', 'example.com', 'apps')).toBe('apps.example.com');
    expect(awsPrivateZoneName('demo', 'example.com', '')).toBe('example.com');
    expect(awsPrivateZoneName('demo', 'example.com', 'none')).toBe('example.com');
  });
});

describe('checkAwsNetworkInput', () => {
  const check = (input: Parameters<typeof checkAwsNetworkInput>[0], machineNetwork?: string[]) => {
    const issues = new IssueCollector('test');
    checkAwsNetworkInput(input, issues, 'aws', machineNetwork);
    return issues.issues.map((i) => `${i.path}: ${i.message}`);
  };
  const good = { clusterName: 'demo', region: 'us-east-2', zones: ['us-east-2a', 'us-east-2b'], baseDomain: 'example.com' };

  test('valid input has no findings', () => {
    expect(check(good)).toEqual([]);
    expect(check({ ...good, zones: ['us-east-2-bos-1a'] })).toEqual([]);
    expect(check({ ...good, vpcCidr: '10.1.0.0/16' }, ['10.0.0.0/8'])).toEqual([]);
  });

  test('every problem at once, each with its path', () => {
    const found = check({ clusterName: 'demo', region: 'us-east-2', zones: ['us-west-2a', 'us-east-2b', 'us-east-2b', 'us-east-2'], vpcCidr: '10.0.0.0/20', baseDomain: 'Example_com' });
    expect(found).toEqual([
      'aws.zones[0]: zone "us-west-2a" is not in region us-east-2.',
      'aws.zones[2]: zone "us-east-2b" is listed twice.',
      'aws.zones[3]: zone "us-east-2" is not in region us-east-2.',
      'aws.vpcCidr: "10.0.0.0/20" is a /20; the CLI\'s layout needs a /16 VPC.',
      'baseDomain: "Example_com" is not a DNS name Route 53 can host.',
    ]);
    expect(check({ ...good, region: 'mars-1', zones: [] })).toEqual(['aws.region: "mars-1" is not an AWS region.', 'aws.zones: no zones are given.']);
    expect(check({ ...good, zones: Array.from({ length: 9 }, (_, i) => `us-east-2${'abcdefghi'[i]}`) })[0]).toMatch(/9 zones are given/);
    expect(check(good, ['192.168.0.0/16'])[0]).toMatch(/^aws.vpcCidr: 10.0.0.0\/16 is not inside the machine network/);
  });
});
