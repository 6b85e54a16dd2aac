/**
 * The IDs AWS assigns: a cluster planned with stand-ins gets each real ID at exactly the field the
 * platform wrote the stand-in to, and nowhere else.
 */
import { SecretSource } from '../../lib';
import { objectKey } from '../../lib/core';
import { withFieldValues } from '../../lib/core/field-values';
import { HostedClusterProps, awsAssignedIdFields, awsKmsSecretEncryption, awsStandInIds, checkHostedCluster } from '../../lib/platforms';
import type { AwsAssignedIds } from '../../lib/platforms';
import { SUPPORTED_VERSIONS } from '../../examples/clusters';

const ZONES = ['us-east-2a', 'us-east-2b', 'us-east-2c'];
const standIns = awsStandInIds({ infraID: 'demo', region: 'us-east-2', zoneCount: ZONES.length, kms: true });
const real: AwsAssignedIds<string> = {
  vpcId: 'vpc-0f00000000000000a',
  privateSubnetIds: ZONES.map((_, i) => `subnet-0f0000000000000${i}b`),
  publicZoneId: 'Z0REALPUBLIC',
  privateZoneId: 'Z0REALPRIVATE',
  roles: Object.fromEntries(Object.entries(standIns.roles).map(([key, arn]) => [key, arn.replace('000000000000', '123456789012')])) as AwsAssignedIds<string>['roles'],
  kms: { keyArn: 'arn:aws:kms:us-east-2:123456789012:key/real', providerRoleArn: 'arn:aws:iam::123456789012:role/demo-kms-provider' },
};

function plan(change: Partial<HostedClusterProps> = {}) {
  const props = {
    name: 'demo',
    namespace: 'clusters',
    baseDomain: 'example.com',
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
    pullSecret: SecretSource.existing('demo-pull-secret'),
    secretEncryption: awsKmsSecretEncryption('us-east-2', standIns.kms!.keyArn, standIns.kms!.providerRoleArn),
    platform: {
      type: 'AWS',
      aws: {
        region: 'us-east-2',
        vpcId: standIns.vpcId,
        zones: ZONES.map((name, i) => ({ name, privateSubnetId: standIns.privateSubnetIds[i] })),
        rolesRef: standIns.roles,
        issuerURL: 'https://oidc.s3.us-east-2.amazonaws.com/demo',
        publicZoneID: standIns.publicZoneId,
        privateZoneID: standIns.privateZoneId,
      },
    },
    ...change,
  } as HostedClusterProps;
  const checked = checkHostedCluster(props, { supportedVersions: SUPPORTED_VERSIONS });
  expect(checked.issues.filter((i) => i.severity === 'error')).toEqual([]);
  return checked.plan!;
}

const allStandIns = [standIns.vpcId, ...standIns.privateSubnetIds, standIns.publicZoneId, standIns.privateZoneId, ...Object.values(standIns.roles), standIns.kms!.keyArn, standIns.kms!.providerRoleArn];

test('stand-ins are distinct and pass validation; each is found at the field the platform writes it to, and only there', () => {
  expect(new Set(allStandIns).size).toBe(allStandIns.length);
  const p = plan();
  const fields = awsAssignedIdFields(p, standIns, real);
  const at = (key: string) => Object.fromEntries((fields.get(key) ?? []).map((f) => [f.path.join('.'), f.value]));
  expect(at(objectKey(p.hostedCluster))).toEqual({
    'spec.platform.aws.cloudProviderConfig.vpc': real.vpcId,
    'spec.platform.aws.cloudProviderConfig.subnet.id': real.privateSubnetIds[0],
    'spec.dns.publicZoneID': real.publicZoneId,
    'spec.dns.privateZoneID': real.privateZoneId,
    ...Object.fromEntries(Object.entries(real.roles).map(([key, arn]) => [`spec.platform.aws.rolesRef.${key}`, arn])),
    'spec.secretEncryption.kms.aws.activeKey.arn': real.kms!.keyArn,
    'spec.secretEncryption.kms.aws.auth.awsKms': real.kms!.providerRoleArn,
  });
  // The CLI's default pools, one per zone, each on its zone's subnet.
  expect(p.nodePools.map((np) => at(objectKey(np)))).toEqual(real.privateSubnetIds.map((id) => ({ 'spec.platform.aws.subnet.id': id })));
  // With the real values in, no stand-in is left anywhere: the table knows every field the platform writes one to.
  const applied = [p.hostedCluster, ...p.nodePools].map((object) => withFieldValues(object, fields.get(objectKey(object)) ?? []));
  const text = JSON.stringify(applied);
  for (const standIn of allStandIns) expect(text).not.toContain(standIn);
});

test('a stand-in-like string elsewhere is not touched; a field the user set (an own subnet, specOverrides) keeps its value', () => {
  const own = 'subnet-0123456789abcdef0';
  const p = plan({
    annotations: { 'example.com/vpc': standIns.vpcId, 'example.com/role': standIns.roles.ingressARN },
    labels: { 'example.com/subnet': standIns.privateSubnetIds[1] },
    specOverrides: { platform: { aws: { cloudProviderConfig: { vpc: 'vpc-0aaaaaaaaaaaaaaaa' } } } } as HostedClusterProps['specOverrides'],
    nodePools: [
      { name: 'in-b', platform: { aws: { zone: 'us-east-2b' } }, labels: { 'example.com/subnet': standIns.privateSubnetIds[0] } },
      { name: 'own-subnet', platform: { aws: { subnetId: own } } },
    ],
  });
  const fields = awsAssignedIdFields(p, standIns, real);
  const paths = [...fields.get(objectKey(p.hostedCluster))!].map((f) => f.path.join('.'));
  expect(paths).not.toContain('spec.platform.aws.cloudProviderConfig.vpc');
  expect(paths.every((path) => path.startsWith('spec.'))).toBe(true);
  const [inB, ownSubnet] = p.nodePools;
  expect(fields.get(objectKey(inB))).toEqual([{ path: ['spec', 'platform', 'aws', 'subnet', 'id'], value: real.privateSubnetIds[1] }]);
  expect(fields.has(objectKey(ownSubnet))).toBe(false);

  const hc = withFieldValues(p.hostedCluster, fields.get(objectKey(p.hostedCluster))!);
  expect(hc.metadata.annotations).toMatchObject({ 'example.com/vpc': standIns.vpcId, 'example.com/role': standIns.roles.ingressARN });
  expect(hc.metadata.labels).toMatchObject({ 'example.com/subnet': standIns.privateSubnetIds[1] });
  expect(hc.spec.platform.aws!.cloudProviderConfig!.vpc).toBe('vpc-0aaaaaaaaaaaaaaaa');
  expect(withFieldValues(inB, fields.get(objectKey(inB))!).metadata.labels).toMatchObject({ 'example.com/subnet': standIns.privateSubnetIds[0] });
  expect(ownSubnet.spec.platform.aws!.subnet!.id).toBe(own);
});

test('IDs that do not match the stand-ins in shape (KMS on one side only, another zone count) are a bug: it throws', () => {
  const { kms: _kms, ...withoutKms } = real;
  expect(() => awsAssignedIdFields(plan(), standIns, withoutKms)).toThrow('differ in shape');
  expect(() => awsAssignedIdFields(plan(), standIns, { ...real, privateSubnetIds: real.privateSubnetIds.slice(1) })).toThrow('differ in shape');
});
