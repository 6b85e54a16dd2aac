/** AWS: names that feed AWS resource names stay within AWS's limits; checks read the final objects. */
import { IssueCollector } from '../../lib/core';
import { AWS_DEFAULTS, AWS_MAX_INFRA_ID_LENGTH, AWS_NETWORK_DEFAULTS, HostedClusterProps, checkAwsNetworkInput, checkHostedCluster, cliRolesRef, planHostedCluster } from '../../lib/platforms';
import { awsCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const aws = awsCluster.platform.type === 'AWS' ? awsCluster.platform.aws : undefined;
const errors = (props: HostedClusterProps) => checkHostedCluster(props, options).issues.filter((i) => i.severity === 'error');

describe('AWS name limits', () => {
  test('the longest infraID is 32: <infraID>-cloud-network-config-controller fits 64 characters', () => {
    expect(AWS_MAX_INFRA_ID_LENGTH).toBe(32);
    expect(`${'a'.repeat(32)}-cloud-network-config-controller`).toHaveLength(64);
  });

  test('a 40-character cluster name is refused as infraID, and its CLI role names exceed 64 characters', () => {
    const name = 'a'.repeat(40);
    const found = errors({ ...awsCluster, name, platform: { type: 'AWS', aws: { ...aws!, rolesRef: cliRolesRef('123456789012', name) } } });
    expect(found.find((i) => i.path === 'infraID')).toMatchObject({
      message: `infraID "${name}" is 40 characters; on AWS the IAM role <infraID>-cloud-network-config-controller would exceed AWS's 64-character limit.`,
      fix: 'Set infraID to 32 characters or fewer (the CLI generates 27), or shorten the cluster name.',
    });
    expect(found.find((i) => i.path === 'platform.aws.rolesRef.networkARN')).toMatchObject({
      message: `role name "${name}-cloud-network-config-controller" is 72 characters; AWS allows 64 for IAM role names.`,
      fix: 'Use a shorter infraID (at most 32 characters for the CLI\'s <infraID>-<suffix> names) or shorter role names.',
    });
  });

  test('a long cluster name with a short infraID passes', () => {
    const name = 'a'.repeat(40);
    expect(errors({ ...awsCluster, name, infraID: 'short-id', platform: { type: 'AWS', aws: { ...aws!, rolesRef: cliRolesRef('123456789012', 'short-id') } } })).toEqual([]);
  });

  test('an instance profile longer than 128 characters is refused', () =>
    expect(errors({ ...awsCluster, nodePools: [{ name: 'p', specOverrides: { platform: { aws: { instanceProfile: 'p'.repeat(129) } } } }] })[0]).toMatchObject({
      path: 'nodePools[0].specOverrides.platform.aws.instanceProfile',
      message: `instance profile name "${'p'.repeat(100)}…" (129 characters) is 129 characters; AWS allows 128.`,
    }));
});

describe('checks on the final objects', () => {
  test('a subnet set through specOverrides is checked', () =>
    expect(errors({ ...awsCluster, nodePools: [{ name: 'p', specOverrides: { platform: { aws: { subnet: { id: 'nope' } } } } }] })[0]).toMatchObject({
      object: 'NodePool aws-clusters/p',
      path: 'nodePools[0].specOverrides.platform.aws.subnet.id',
      message: '"nope" is not a subnet ID.',
    }));
  test('a role ARN overridden in the spec is checked', () =>
    expect(errors({ ...awsCluster, specOverrides: { platform: { aws: { rolesRef: { ingressARN: 'x' } } } } })[0]).toMatchObject({ path: 'specOverrides.platform.aws.rolesRef.ingressARN', message: '"x" is not an IAM role ARN.' }));
  test('root volume below the CRD minimum', () =>
    expect(errors({ ...awsCluster, nodePools: [{ name: 'p', platform: { aws: { rootVolume: { size: 4 } } } }] })[0]).toMatchObject({ path: 'nodePools[0].platform.aws.rootVolume.size', message: '4 GiB is below the 8 GiB minimum.' }));
  test('missing role ARNs are refused by the schema', () => {
    const { networkARN: _dropped, ...six } = aws!.rolesRef;
    expect(errors({ ...awsCluster, platform: { type: 'AWS', aws: { ...aws!, rolesRef: six as never } } })[0]).toMatchObject({ path: 'platform.aws.rolesRef.networkARN', message: 'is required but not given.' });
  });
});

describe('one rule each: the props of a cluster and the network the Pulumi component creates agree', () => {
  test('zones: the same findings for the same zones, each at its own path', () => {
    const zones = ['us-west-2a', 'us-east-2b', 'us-east-2b', 'us-east-2'];
    const fromProps = errors({ ...awsCluster, platform: { type: 'AWS', aws: { ...aws!, region: 'us-east-2', zones: zones.map((name, i) => ({ name, privateSubnetId: `subnet-0${i}` })) } } })
      .filter((i) => i.path.startsWith('platform.aws.zones'))
      .map((i) => `${i.path.replace(/^platform\.aws\.zones(\[\d+\])\.name$/, '$1')}: ${i.message} ${i.fix}`);
    const network = new IssueCollector('network');
    checkAwsNetworkInput({ clusterName: 'demo', region: 'us-east-2', zones, baseDomain: 'example.com' }, network, 'aws');
    const fromNetwork = network.issues.map((i) => `${i.path.replace(/^aws\.zones/, '')}: ${i.message} ${i.fix}`);
    expect(fromProps).toEqual(fromNetwork);
    expect(fromProps).toEqual([
      '[0]: zone "us-west-2a" is not in region us-east-2. Use zones of us-east-2, e.g. us-east-2a, or set the region the zones are in.',
      '[2]: zone "us-east-2b" is listed twice. List each zone once.',
      '[3]: zone "us-east-2" is not in region us-east-2. Use zones of us-east-2, e.g. us-east-2a, or set the region the zones are in.',
    ]);
  });

  test('an invalid region is refused by both; the default machine network is the default VPC CIDR', () => {
    expect(errors({ ...awsCluster, platform: { type: 'AWS', aws: { ...aws!, region: 'mars-1' } } }).map((i) => i.path)).toContain('platform.aws.region');
    const network = new IssueCollector('network');
    checkAwsNetworkInput({ clusterName: 'demo', region: 'mars-1', zones: ['mars-1a'], baseDomain: 'example.com' }, network, 'aws');
    expect(network.issues.map((i) => i.path)).toEqual(['aws.region']);
    expect(AWS_DEFAULTS.machineCIDR).toBe(AWS_NETWORK_DEFAULTS.vpcCidr);
    const { machineCIDR: _given, ...withoutCidr } = aws!;
    const planned = planHostedCluster({ ...awsCluster, networking: undefined, platform: { type: 'AWS', aws: withoutCidr } }, options);
    expect(planned.hostedCluster.spec.networking?.machineNetwork).toEqual([{ cidr: AWS_NETWORK_DEFAULTS.vpcCidr }]);
  });
});

describe('node architectures against the release (documentation: hosted clusters on AMD64 and ARM64)', () => {
  const withRelease = (image: string, extra: object = {}) =>
    ({ ...awsCluster, release: { image: `quay.io/openshift-release-dev/ocp-release:${image}` }, platform: { type: 'AWS', aws: { ...aws!, ...extra } } }) as HostedClusterProps;
  const arm = { name: 'arm', arch: 'arm64' as const, platform: { aws: { zone: 'us-east-2a' } } };

  test('an arm64 NodePool on an x86_64 release: its instances never join', () =>
    expect(errors({ ...withRelease('4.16.4-x86_64'), nodePools: [arm] })).toEqual([
      {
        severity: 'error',
        object: 'NodePool aws-clusters/arm',
        path: 'nodePools[0].arch',
        message: 'the NodePool\'s arch is arm64, but its release image "quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64" is for x86_64 only: its instances would start and never join the cluster.',
        fix: 'Set arch: amd64, or use the multi-architecture release (tag ending in -multi).',
      },
    ]));

  test('a NodePool\'s own arm64 release on a cluster released for x86_64 only', () =>
    expect(errors({ ...withRelease('4.16.4-x86_64'), nodePools: [{ ...arm, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-aarch64' } }] })[0]).toMatchObject({
      path: 'nodePools[0].arch',
      message: 'the NodePool\'s arch is arm64, but the cluster\'s release image "quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64" is for x86_64 only, so its control plane takes amd64 nodes only.',
      fix: 'Set arch: amd64, or give the cluster the multi-architecture release (tag ending in -multi) and platform.aws.multiArch: true.',
    }));

  test('multiArch with a single-architecture release is refused at the prop', () =>
    expect(errors(withRelease('4.16.4-x86_64', { multiArch: true }))).toEqual([
      expect.objectContaining({
        object: 'HostedCluster aws-clusters/aws-prod',
        path: 'platform.aws.multiArch',
        message: 'multiArch is set, but the release image "quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64" is for x86_64 only; NodePools of other architectures need a multi-architecture release.',
        fix: 'Use the multi-architecture release (tag ending in -multi), or set multiArch: false.',
      }),
    ]));

  test('the multi release with multiArch takes amd64 and arm64 NodePools; an arm64 release takes arm64 ones', () => {
    expect(errors({ ...withRelease('4.16.4-multi', { multiArch: true }), nodePools: [arm, { name: 'x86', platform: { aws: { zone: 'us-east-2b' } } }] })).toEqual([]);
    expect(errors({ ...withRelease('4.16.4-aarch64'), nodePools: [arm] })).toEqual([]);
  });

  test('a release pinned by digest does not say its architecture, so nothing is judged', () =>
    expect(errors({ ...awsCluster, release: { image: `quay.io/openshift-release-dev/ocp-release@sha256:${'a'.repeat(64)}` }, nodePools: [arm] })).toEqual([]));
});
