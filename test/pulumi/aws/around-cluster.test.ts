/**
 * Around an AWS hosted cluster, under strict mocks: the bastion of a private cluster (alone and
 * through AwsHostedCluster's `aws.bastion`) and the public zone external-dns writes into with its
 * delegation. What each registers, the inputs AWS sees, and the checks before anything is registered.
 */
import * as pulumi from '@pulumi/pulumi';
import { SUPPORTED_VERSIONS } from '../../../examples/clusters';
import { AMI_ID, BASTION_IP, MockRecord, NAME_SERVERS, PUBLIC_ZONE_ID, settle, valueOf } from './mocks';

const record = new MockRecord();
let hcp: typeof import('../../../lib/pulumi/aws');
let logged: jest.SpyInstance;
beforeAll(async () => {
  await record.newProgram();
  hcp = await import('../../../lib/pulumi/aws');
});
beforeEach(async () => {
  await record.newProgram();
  logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNzaC1rZXktdmFsdWUtZm9yLXRlc3Rz ops@example.com';
const bastionArgs = { infraID: 'demo', clusterName: 'demo', vpcId: 'vpc-0123456789abcdef0', subnetId: 'subnet-0123456789abcdef0', sshCidrs: ['198.51.100.0/24'] };

describe('AwsBastion', () => {
  test('a security group open to SSH from the given networks only, an instance with a public address, IMDSv2 and an encrypted disk, and the key pair', async () => {
    const bastion = new hcp.AwsBastion('demo-bastion', { ...bastionArgs, publicKey: SSH_KEY, tags: { team: 'platform' } });
    await settle(bastion.urn, bastion.sshCommand);
    const group = record.one('aws:ec2/securityGroup:SecurityGroup', 'demo-bastion-sg');
    expect(group.inputs).toMatchObject({
      vpcId: 'vpc-0123456789abcdef0',
      ingress: [{ protocol: 'tcp', fromPort: 22, toPort: 22, cidrBlocks: ['198.51.100.0/24'] }],
      tags: { 'kubernetes.io/cluster/demo': 'owned', Name: 'demo-bastion-sg', team: 'platform' },
    });
    expect(record.one('aws:ec2/keyPair:KeyPair', 'demo-bastion').inputs).toMatchObject({ keyName: 'demo-bastion', publicKey: SSH_KEY });
    expect(record.one('aws:ec2/instance:Instance', 'demo-bastion').inputs).toMatchObject({
      ami: AMI_ID,
      instanceType: 't3.micro',
      subnetId: 'subnet-0123456789abcdef0',
      associatePublicIpAddress: true,
      keyName: 'demo-bastion',
      metadataOptions: { httpTokens: 'required' },
      rootBlockDevice: { encrypted: true },
    });
    // The newest Amazon Linux 2023 image among Amazon's own: its user is the documentation's ec2-user.
    expect(record.calls.map((c) => [c.token, c.inputs])).toEqual([
      ['aws:ec2/getAmi:getAmi', { owners: ['amazon'], mostRecent: true, filters: [{ name: 'name', values: ['al2023-ami-2023.*-x86_64'] }] }],
    ]);
    expect(await valueOf(bastion.sshCommand)).toBe(`ssh -o ProxyCommand="ssh ec2-user@${BASTION_IP} -W %h:%p" core@<node address>`);
  });

  test('an existing key pair and AMI: nothing is created or looked up for them', async () => {
    const bastion = new hcp.AwsBastion('demo-bastion', { ...bastionArgs, keyName: 'ops', ami: 'ami-00000000000000001' });
    await settle(bastion.urn, bastion.publicIp);
    expect(record.byType('aws:ec2/keyPair:KeyPair')).toEqual([]);
    expect(record.calls).toEqual([]);
    expect(record.one('aws:ec2/instance:Instance', 'demo-bastion').inputs).toMatchObject({ keyName: 'ops', ami: 'ami-00000000000000001' });
  });

  test('no network, a network that is no IPv4 CIDR, no key or two keys: refused before anything is registered', () => {
    const thrown = (args: object) => {
      try {
        new hcp.AwsBastion('bad', { ...bastionArgs, ...args });
      } catch (error) {
        return (error as { issues: Array<{ path: string; message: string }> }).issues.map((i) => `${i.path}: ${i.message}`);
      }
      return [];
    };
    expect(thrown({ sshCidrs: [] })).toEqual(['bastion.sshCidrs: no network may reach the bastion.', 'bastion: no key pair: nobody could log in to the bastion.']);
    expect(thrown({ sshCidrs: ['2001:db8::/32', '10.0.0.0/33'], keyName: 'ops' })).toEqual([
      'bastion.sshCidrs[0]: "2001:db8::/32" is not an IPv4 CIDR.',
      expect.stringMatching(/^bastion.sshCidrs\[1\]: "10.0.0.0\/33" is not an IPv4 CIDR: /),
    ]);
    expect(thrown({ keyName: 'ops', publicKey: SSH_KEY })).toEqual(['bastion: both keyName and publicKey are given.']);
    expect(record.registrations).toEqual([]);
  });

  test('SSH from the whole internet is allowed with a warning', async () => {
    const bastion = new hcp.AwsBastion('open', { ...bastionArgs, sshCidrs: ['0.0.0.0/0'], keyName: 'ops' });
    await settle(bastion.urn);
    expect(logged.mock.calls.flat().join('\n')).toMatch(/bastion.sshCidrs\[0\]: SSH to the bastion is open to the whole internet/);
  });
});

describe("AwsHostedCluster's aws.bastion", () => {
  const clusterArgs = (aws: object = {}) => ({
    name: 'demo',
    baseDomain: 'example.com',
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
    aws: { region: 'us-east-2', zones: ['us-east-2a', 'us-east-2b'], oidc: { bucketName: 'oidc-bucket', bucketRegion: 'us-east-2' }, endpointAccess: 'Private' as const, ...aws },
    secretValues: { pullSecret: pulumi.secret('{"auths":{}}') },
    options: { supportedVersions: SUPPORTED_VERSIONS },
  });

  test('the bastion goes into the first zone\'s public subnet of the cluster\'s VPC, with the cluster\'s tags', async () => {
    const cluster = new hcp.AwsHostedCluster('demo', clusterArgs({ bastion: { sshCidrs: ['198.51.100.0/24'], keyName: 'ops' }, resourceTags: { team: 'platform' } }));
    await settle(cluster.urn, cluster.bastion!.sshCommand);
    expect(record.one('aws:ec2/securityGroup:SecurityGroup', 'demo-bastion-sg').inputs).toMatchObject({ vpcId: expect.stringMatching(/^vpc-/), tags: { team: 'platform' } });
    expect(record.dependenciesOf('aws:ec2/securityGroup:SecurityGroup', 'demo-bastion-sg')).toContain('aws:ec2/vpc:Vpc demo-vpc');
    const subnet = record.dependenciesOf('aws:ec2/instance:Instance', 'demo-bastion');
    expect(subnet).toContain('aws:ec2/subnet:Subnet demo-public-us-east-2a');
    expect(subnet).not.toContain('aws:ec2/subnet:Subnet demo-public-us-east-2b');
  });

  test('with an existing VPC the public subnet must be given; the bastion\'s own problems name aws.bastion', () => {
    const existingVpc = { vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: ['subnet-0000000000000000a', 'subnet-0000000000000000b'] };
    expect(() => new hcp.AwsHostedCluster('demo', clusterArgs({ existingVpc, bastion: { sshCidrs: ['bad'] } }))).toThrow(
      /aws\.bastion\.sshCidrs\[0\]: "bad" is not an IPv4 CIDR[\s\S]*aws\.bastion: no key pair[\s\S]*aws\.bastion\.subnetId: with an existing VPC, the bastion's public subnet is not known/,
    );
    expect(record.registrations).toEqual([]);
  });
});

describe('ExternalDnsZone', () => {
  test('a public zone for the domain and the NS record delegating to it in the parent zone, looked up by name', async () => {
    const zone = new hcp.ExternalDnsZone('hcp-dns', { domain: 'hcp.example.com' });
    await settle(zone.urn, zone.zoneId, zone.nameServers);
    const created = record.one('aws:route53/zone:Zone', 'hcp-dns');
    expect(created.inputs).toMatchObject({ name: 'hcp.example.com' });
    // Public: no VPC; kept while external-dns still holds records there.
    expect(created.inputs.vpcs).toBeUndefined();
    expect(created.inputs.forceDestroy).toBeUndefined();
    expect(record.calls.map((c) => [c.token, c.inputs])).toEqual([['aws:route53/getZone:getZone', { name: 'example.com', privateZone: false }]]);
    expect(record.one('aws:route53/record:Record', 'hcp-dns-delegation').inputs).toEqual({ zoneId: PUBLIC_ZONE_ID, name: 'hcp.example.com', type: 'NS', ttl: 300, records: NAME_SERVERS });
    expect(await valueOf(zone.nameServers)).toEqual(NAME_SERVERS);
  });

  test('a parent zone by ID is not looked up; a parent domain higher up is allowed', async () => {
    const zone = new hcp.ExternalDnsZone('hcp-dns', { domain: 'hcp.east.example.com', parentDomain: 'example.com', parentZoneId: 'Z0GIVENPARENT0000000' });
    await settle(zone.urn, zone.zoneId);
    expect(record.calls).toEqual([]);
    expect(record.one('aws:route53/record:Record', 'hcp-dns-delegation').inputs).toMatchObject({ zoneId: 'Z0GIVENPARENT0000000', name: 'hcp.east.example.com' });
  });

  test('a domain that is not under its parent, or no DNS name, is refused before anything is registered', () => {
    expect(() => new hcp.ExternalDnsZone('bad', { domain: 'hcp.example.com', parentDomain: 'example.org' })).toThrow(
      /externalDnsZone.parentDomain: "hcp.example.com" is not under "example.org", so an NS record there delegates nothing/,
    );
    expect(() => new hcp.ExternalDnsZone('bad', { domain: 'Not_A.Zone' })).toThrow(/externalDnsZone.domain: "Not_A.Zone" is not a DNS name Route 53 can host/);
    expect(() => new hcp.ExternalDnsZone('bad', { domain: 'com' })).toThrow(/externalDnsZone.domain/);
    expect(record.registrations).toEqual([]);
  });
});
