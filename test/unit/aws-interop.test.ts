/** The JSON of hcp create infra/iam aws as platform.aws props. */
import { HcpValidationError, SecretSource, planHostedCluster } from '../../lib';
import { awsPropsFromCliOutput, checkAwsCliOutput, cliRolesRef } from '../../lib/platforms';

/** As `hcp create infra aws --output-file` writes it (cmd/infra/aws/create.go CreateInfraOutput). */
export const INFRA_JSON = {
  region: 'us-east-2',
  zone: '',
  infraID: 'jsonc-k8w2q',
  machineCIDR: '10.0.0.0/16',
  vpcID: 'vpc-0f1e2d3c4b5a69788',
  zones: [
    { name: 'us-east-2a', subnetID: 'subnet-0a1b2c3d4e5f60001' },
    { name: 'us-east-2b', subnetID: 'subnet-0a1b2c3d4e5f60002' },
  ],
  Name: 'jsonc',
  baseDomain: 'example.com',
  baseDomainPrefix: 'jsonc',
  publicZoneID: 'Z0PUBLIC0000000001',
  privateZoneID: 'Z0PRIVATE000000001',
  localZoneID: 'Z0LOCAL00000000001',
  proxyAddr: '',
  secureProxyAddr: '',
  proxyPrivateSSHKey: '',
  publicOnly: false,
  proxyCA: '',
  vpcCreatorAccountID: '',
  clusterAccountID: '',
};

/** As `hcp create iam aws --output-file` writes it (cmd/infra/aws/create_iam.go CreateIAMOutput). */
export const IAM_JSON = {
  region: 'us-east-2',
  profileName: 'jsonc-k8w2q-worker',
  infraID: 'jsonc-k8w2q',
  issuerURL: 'https://hcp-oidc.s3.us-east-2.amazonaws.com/jsonc-k8w2q',
  roles: cliRolesRef('123456789012', 'jsonc-k8w2q'),
  kmsKeyARN: '',
  kmsProviderRoleARN: '',
};

const release = { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' };

test('maps as hcp create cluster aws --infra-json --iam-json does, and the cluster plans', () => {
  const fromJson = awsPropsFromCliOutput(INFRA_JSON, IAM_JSON, { endpointAccess: 'PublicAndPrivate' });
  expect(fromJson).toEqual({
    name: 'jsonc',
    infraID: 'jsonc-k8w2q',
    baseDomain: 'example.com',
    baseDomainPrefix: 'jsonc',
    platform: {
      type: 'AWS',
      aws: {
        region: 'us-east-2',
        vpcId: 'vpc-0f1e2d3c4b5a69788',
        machineCIDR: '10.0.0.0/16',
        zones: [
          { name: 'us-east-2a', privateSubnetId: 'subnet-0a1b2c3d4e5f60001' },
          { name: 'us-east-2b', privateSubnetId: 'subnet-0a1b2c3d4e5f60002' },
        ],
        rolesRef: IAM_JSON.roles,
        issuerURL: IAM_JSON.issuerURL,
        publicZoneID: 'Z0PUBLIC0000000001',
        privateZoneID: 'Z0PRIVATE000000001',
        instanceProfile: 'jsonc-k8w2q-worker',
        endpointAccess: 'PublicAndPrivate',
      },
    },
  });
  const plan = planHostedCluster({ ...fromJson, release, pullSecret: SecretSource.existing('jsonc-pull-secret') });
  const aws = plan.hostedCluster.spec.platform.aws!;
  expect(aws.cloudProviderConfig).toEqual({ vpc: 'vpc-0f1e2d3c4b5a69788', subnet: { id: 'subnet-0a1b2c3d4e5f60001' }, zone: 'us-east-2a' });
  expect(plan.hostedCluster.spec.dns).toEqual({ baseDomain: 'example.com', baseDomainPrefix: 'jsonc', publicZoneID: 'Z0PUBLIC0000000001', privateZoneID: 'Z0PRIVATE000000001' });
  expect(plan.nodePools.map((np) => [np.metadata.name, np.spec.platform.aws?.subnet.id, np.spec.platform.aws?.instanceProfile])).toEqual([
    ['jsonc-us-east-2a', 'subnet-0a1b2c3d4e5f60001', 'jsonc-k8w2q-worker'],
    ['jsonc-us-east-2b', 'subnet-0a1b2c3d4e5f60002', 'jsonc-k8w2q-worker'],
  ]);
});

test('KMS, the "none" prefix and a public-only network carry over', () => {
  const kms = { ...IAM_JSON, kmsKeyARN: 'arn:aws:kms:us-east-2:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab', kmsProviderRoleARN: 'arn:aws:iam::123456789012:role/jsonc-k8w2q-kms-provider' };
  const props = awsPropsFromCliOutput({ ...INFRA_JSON, baseDomainPrefix: 'none', publicOnly: true }, kms);
  expect(props.secretEncryption).toEqual({ kms: { provider: 'AWS', aws: { region: 'us-east-2', activeKey: { arn: kms.kmsKeyARN }, auth: { awsKms: kms.kmsProviderRoleARN } } } });
  expect(props.baseDomainPrefix).toBe('');
  expect(props.annotations).toEqual({ 'hypershift.openshift.io/aws-machine-public-ips': 'true' });
});

test('malformed JSON gives findings with paths, never an exception; what cannot be carried over is an error', () => {
  const { vpcID: _vpc, ...noVpc } = INFRA_JSON;
  const shape = checkAwsCliOutput({ ...noVpc, zones: [{ name: 'us-east-2a', subnetID: 7 }] }, { ...IAM_JSON, roles: { ...IAM_JSON.roles, storageARN: undefined } });
  expect(shape.props).toBeUndefined();
  expect(shape.issues.map((i) => i.path)).toEqual(['infra.vpcID', 'infra.zones[0].subnetID', 'iam.roles.storageARN']);
  for (const value of [undefined, null, 'text', 42]) expect(checkAwsCliOutput(value, value).issues.map((i) => i.path)).toEqual(['infra', 'iam']);
  expect(checkAwsCliOutput([], {}).issues.map((i) => i.path)).toEqual(expect.arrayContaining(['infra.vpcID', 'iam.roles']));

  const mixed = checkAwsCliOutput({ ...INFRA_JSON, proxyAddr: 'http://10.0.0.5:3128', vpcCreatorAccountID: '210987654321' }, { ...IAM_JSON, infraID: 'other', region: 'eu-west-1', kmsKeyARN: 'arn:aws:kms:x' });
  expect(mixed.issues.map((i) => i.path)).toEqual(['iam.infraID', 'iam.region', 'infra.proxyAddr', 'infra.vpcCreatorAccountID', 'iam.kmsProviderRoleARN']);
  expect(() => awsPropsFromCliOutput({}, IAM_JSON)).toThrow(HcpValidationError);
});
