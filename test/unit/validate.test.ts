/** Every rule reports its field path, what is wrong and how to fix it; all problems come at once. */
import { HcpValidationError, ValidationIssue } from '../../lib/core';
import { HostedClusterProps, PLATFORM_TYPES, checkHostedCluster, planHostedCluster } from '../../lib/platforms';
import { agentCluster, awsCluster, kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };

function errors(props: HostedClusterProps, opts = options): ValidationIssue[] {
  return checkHostedCluster(props, opts).issues.filter((i) => i.severity === 'error');
}

/** The single error for `props`, asserting its path (the props path, or the rendered one) and message. */
function findError(props: HostedClusterProps, path: string, message: string | RegExp, opts = options): ValidationIssue {
  const found = errors(props, opts);
  const match = found.find((i) => (i.path === path || i.renderedPath === path) && (typeof message === 'string' ? i.message.includes(message) : message.test(i.message)));
  if (!match) throw new Error(`expected an error at ${path} matching ${message}; got:\n${found.map((i) => `${i.renderedPath ?? i.path}: ${i.message}`).join('\n')}`);
  expect(match.fix.length).toBeGreaterThan(0);
  return match;
}

function expectError(props: HostedClusterProps, path: string, message: string | RegExp, opts = options): void {
  findError(props, path, message, opts);
}

describe('the examples are valid', () => {
  test.each([agentCluster, kubevirtCluster, awsCluster, noneCluster].map((c) => [c.name, c]))('%s', (_name, cluster) => {
    expect(errors(cluster)).toEqual([]);
  });
});

describe('all problems at once, in a typed error', () => {
  test('planHostedCluster throws HcpValidationError listing every error with its object and path', () => {
    const bad: HostedClusterProps = {
      ...agentCluster,
      name: 'Bad_Name',
      release: { image: 'quay.io/ocp-release' },
      networking: { serviceNetwork: ['10.132.0.0/33'] },
      services: {},
      nodePools: [{ name: 'p', replicas: 2, autoScaling: { min: 1, max: 3 } }],
    };
    let caught: unknown;
    try {
      planHostedCluster(bad, options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HcpValidationError);
    const issues = (caught as HcpValidationError).issues.filter((i) => i.severity === 'error');
    const paths = issues.map((i) => `${i.object} ${i.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'HostedCluster clusters/Bad_Name name',
        'HostedCluster clusters/Bad_Name release.image',
        'HostedCluster clusters/Bad_Name networking.serviceNetwork[0]',
        // No prop set it: the NodePort address is missing, so the path is the rendered one.
        'HostedCluster clusters/Bad_Name services',
        'NodePool clusters/p nodePools[0].replicas',
      ]),
    );
    expect((caught as Error).message).toContain('Fix:');
  });
});

describe('names', () => {
  test('cluster name is an RFC 1123 label', () => {
    expectError({ ...agentCluster, name: 'a'.repeat(64) }, 'name', 'is longer than the 63 characters allowed');
    expectError({ ...agentCluster, name: 'Bad_Name' }, 'metadata.name', 'lower-case letters');
  });
  test('"clusters" is reserved', () => expectError({ ...noneCluster, name: 'clusters' }, 'name', 'may not be named "clusters"'));
  test('the control-plane namespace must fit in 63 characters', () =>
    expectError({ ...noneCluster, name: 'n'.repeat(40), namespace: 'm'.repeat(30) }, 'name', 'control-plane namespace'));
  test('namespace local-cluster is refused', () => expectError({ ...noneCluster, namespace: 'local-cluster' }, 'namespace', 'managed hub'));
  test('NodePool names are labels and unique', () => {
    expectError({ ...noneCluster, nodePools: [{ name: 'UPPER' }] }, 'nodePools[0].name', 'NodePool name');
    expectError({ ...noneCluster, nodePools: [{ name: 'a' }, { name: 'a' }] }, 'nodePools[1].name', 'two NodePools');
  });
  test('infraID that differs from the name is a warning, an invalid one an error', () => {
    const issues = checkHostedCluster({ ...noneCluster, infraID: 'other' }, options).issues;
    expect(issues.find((i) => i.path === 'infraID')?.severity).toBe('warning');
    expectError({ ...noneCluster, infraID: 'Not Valid' }, 'infraID', 'not a valid infrastructure ID');
  });
});

describe('release images and versions', () => {
  test('tag or digest required', () => expectError({ ...noneCluster, release: { image: 'quay.io/x/ocp-release' } }, 'release.image', 'neither a tag'));
  test('digest can be required (disconnected)', () =>
    expectError(noneCluster, 'release.image', 'requires a digest', { ...options, requireReleaseDigest: true } as typeof options));
  test('a bad release is reported once, not again for every NodePool that inherits it', () => {
    const found = errors({ ...kubevirtCluster, release: { image: 'quay.io/x/ocp-release' } }).filter((i) => i.path === 'release.image');
    expect(found.map((i) => i.object)).toEqual(['HostedCluster kubevirt-clusters/kv-dev']);
  });
  test('mirrored (disconnected) clusters need a digest: mirrors apply only to pulls by digest', () =>
    expectError({ ...noneCluster, imageContentSources: [{ source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['registry.lab:5000/ocp/release'] }] }, 'release.image', 'mirrors apply only to pulls by digest'));
  test('unsupported minor versions are refused, from data', () =>
    expectError({ ...noneCluster, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.12.3-x86_64' } }, 'release.image', 'not among the versions'));
  test('a digest without a version is a warning, not a silent pass', () => {
    const issues = checkHostedCluster({ ...agentCluster, release: { image: agentCluster.release.image } }, options).issues;
    expect(issues.find((i) => i.path === 'release.image')?.severity).toBe('warning');
  });
  test('declared version must agree with the tag', () =>
    expectError({ ...noneCluster, release: { image: noneCluster.release.image, version: '4.16.1' } }, 'release.version', 'disagrees'));
  test('NodePool release not newer than the HostedCluster', () =>
    expectError(
      { ...noneCluster, nodePools: [{ name: 'p', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.1-x86_64' } }] },
      'nodePools[0].release.image',
      'newer than the HostedCluster',
    ));
  test('NodePool release within the supported skew', () =>
    expectError(
      {
        ...noneCluster,
        release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.2-x86_64' },
        nodePools: [{ name: 'p', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.0-x86_64' } }],
      },
      'nodePools[0].release.image',
      'minor releases behind',
      { supportedVersions: ['4.17', '4.13'] },
    ));
});

describe('networking', () => {
  test('a /33 is refused (the API server accepts it; the operator does not)', () =>
    expectError({ ...noneCluster, networking: { clusterNetwork: ['10.132.0.0/33'] } }, 'networking.clusterNetwork[0]', 'larger than 32'));
  test('host bits set', () =>
    expectError({ ...noneCluster, networking: { serviceNetwork: ['172.31.0.1/16'] } }, 'networking.serviceNetwork[0]', 'host bits'));
  test('overlap between cluster, service and machine networks, not only equality', () => {
    const issue = findError(
      { ...noneCluster, networking: { clusterNetwork: ['10.0.0.0/8'], serviceNetwork: ['172.31.0.0/16'], machineNetwork: ['10.1.0.0/16'] } },
      'networking.machineNetwork[0]',
      'overlaps clusterNetwork[0], 10.0.0.0/8',
    );
    expect(issue.fix).toContain('non-overlapping');
  });
  test('dual stack needs one CIDR per family, in the same order in both lists', () => {
    expectError({ ...noneCluster, networking: { clusterNetwork: ['10.132.0.0/14', '10.200.0.0/14'] } }, 'networking.clusterNetwork', 'both entries are IPv4');
    expectError({ ...noneCluster, networking: { clusterNetwork: ['fd01::/48', '10.132.0.0/14'], serviceNetwork: ['172.31.0.0/16', 'fd02::/112'] } }, 'networking', 'disagree');
    expectError({ ...noneCluster, networking: { clusterNetwork: ['10.132.0.0/14', 'fd01::/48'] } }, 'networking', 'disagree');
  });
  test('hostPrefix must be longer than the network', () =>
    expectError({ ...noneCluster, networking: { clusterNetwork: [{ cidr: '10.132.0.0/14', hostPrefix: 12 }] } }, 'networking.clusterNetwork[0].hostPrefix', 'must be longer'));
  test('OVN settings need OVNKubernetes, MTU in range', () => {
    expectError({ ...noneCluster, networking: { networkType: 'Other', ovnMtu: 1400 } }, 'spec.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig', 'networkType is Other');
    expectError({ ...noneCluster, networking: { ovnMtu: 100 } }, 'networking.ovnMtu', '100 is less than 576.');
    expectError({ ...noneCluster, specOverrides: { operatorConfiguration: { clusterNetworkOperator: { ovnKubernetesConfig: { mtu: 100 } } } } }, 'specOverrides.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig.mtu', 'outside 576-9216');
  });
});

describe('platform blocks', () => {
  test('AWS without its aws block is refused', () => {
    const props = { ...noneCluster, platform: { type: 'AWS' } } as unknown as HostedClusterProps;
    expectError(props, 'platform.aws', 'is required but not given.');
  });
  test('removing the block through specOverrides is caught too', () =>
    expectError({ ...agentCluster, specOverrides: { platform: { agent: null } } } as unknown as HostedClusterProps, 'specOverrides.platform.agent', 'needs spec.platform.agent'));
  test('a block of another platform is refused', () =>
    expectError({ ...noneCluster, specOverrides: { platform: { aws: { region: 'us-east-1' } } } } as unknown as HostedClusterProps, 'specOverrides.platform.aws', 'platform type is None'));
  test('NodePool platform blocks must match the cluster', () =>
    expectError({ ...noneCluster, nodePools: [{ name: 'p', platform: { kubevirt: { cores: 2 } } }] }, 'nodePools[0].platform.kubevirt', 'of a None cluster'));
  test('unsupported platform types', () =>
    expect(errors({ ...noneCluster, platform: { type: 'IBMCloud' } } as unknown as HostedClusterProps)[0]).toMatchObject({
      path: 'platform.type',
      message: `platform type "IBMCloud" (a string) is not one of ${PLATFORM_TYPES.join(', ')}.`,
      fix: `Give { type: ${PLATFORM_TYPES.map((t) => `"${t}"`).join(' | ')}, ... }.`,
    }));
});

describe('service publishing', () => {
  test('NodePort needs an address', () =>
    expectError({ ...agentCluster, services: {} }, 'spec.services[0].servicePublishingStrategy.nodePort.address', 'no address'));
  test('AWS requires Route for OAuth, Konnectivity and Ignition', () =>
    expectError({ ...awsCluster, services: { overrides: { OAuthServer: { type: 'LoadBalancer' } } } }, 'spec.services[3].servicePublishingStrategy.type', 'cannot be published as LoadBalancer on the AWS platform'));
  test('APIServer as a Route needs a hostname', () =>
    expectError({ ...kubevirtCluster, services: { overrides: { APIServer: { type: 'Route' } } } }, 'spec.services[0].servicePublishingStrategy.route.hostname', 'needs a hostname'));
  test('hostnames are unique across services', () =>
    expectError({ ...kubevirtCluster, services: { hostnames: { OAuthServer: 'x.example.com', Ignition: 'x.example.com' } } }, 'spec.services[3].servicePublishingStrategy', 'also used by Ignition'));
  test('hostnames per AWS endpoint access (Private: none)', () => {
    const aws = awsCluster.platform.type === 'AWS' ? awsCluster.platform.aws : undefined;
    expectError({ ...awsCluster, platform: { type: 'AWS', aws: { ...aws!, externalDnsDomain: undefined, endpointAccess: 'Private' } }, services: { hostnames: { APIServer: 'api.example.com' } } },
      'spec.services[0].servicePublishingStrategy', 'with Private endpoint access');
    expectError({ ...awsCluster, services: { hostnames: { Konnectivity: 'k.example.com' } } }, 'spec.services[2].servicePublishingStrategy', 'with PublicAndPrivate');
    expectError({ ...awsCluster, platform: { type: 'AWS', aws: { ...aws!, endpointAccess: 'Private' } } }, 'platform.aws.externalDnsDomain', 'Public or PublicAndPrivate');
  });
  test('a complete services list is required', () =>
    expectError({ ...agentCluster, specOverrides: { services: [] } }, 'specOverrides.services', 'APIServer is missing'));
  test('strategy blocks must match their type', () =>
    expectError({ ...kubevirtCluster, services: { overrides: { Ignition: { type: 'Route', nodePort: { address: '1.2.3.4' } } } } }, 'spec.services[1].servicePublishingStrategy.nodePort', 'type is Route'));
});

describe('NodePools', () => {
  test('replicas and autoScaling are exclusive', () =>
    expectError({ ...noneCluster, nodePools: [{ name: 'p', replicas: 1, autoScaling: { min: 1, max: 2 } }] }, 'nodePools[0].replicas', 'both set'));
  test('scale from zero only on AWS', () => {
    expectError({ ...kubevirtCluster, nodePools: [{ name: 'p', autoScaling: { min: 0, max: 2 } }] }, 'nodePools[0].autoScaling.min', 'not supported on KubeVirt');
    expect(errors({ ...awsCluster, nodePools: [{ name: 'p', autoScaling: { min: 0, max: 2 } }] })).toEqual([]);
  });
  test('max >= min', () => expectError({ ...noneCluster, nodePools: [{ name: 'p', autoScaling: { min: 3, max: 2 } }] }, 'nodePools[0].autoScaling.max', 'below min'));
  test('arch per platform', () => {
    expectError({ ...kubevirtCluster, nodePools: [{ name: 'p', arch: 'arm64' }] }, 'nodePools[0].arch', 'not supported on KubeVirt');
    expectError({ ...agentCluster, nodePools: [{ name: 'p', arch: 's390x' }] }, 'nodePools[0].arch', 'not supported on Agent');
  });
  test('inPlace settings need InPlace', () =>
    expectError({ ...kubevirtCluster, nodePools: [{ name: 'p', inPlace: { maxUnavailable: 1 } }] }, 'nodePools[0].inPlace', 'need upgradeType InPlace'));
  test('durations, taints, labels and config references', () => {
    expectError({ ...noneCluster, nodePools: [{ name: 'p', nodeDrainTimeout: '10 minutes' }] }, 'nodePools[0].nodeDrainTimeout', 'not a duration');
    expectError({ ...noneCluster, nodePools: [{ name: 'p', taints: [{ key: 'a/b/c', effect: 'NoSchedule' }] }] }, 'nodePools[0].taints[0].key', 'taint key');
    expectError({ ...noneCluster, nodePools: [{ name: 'p', nodeLabels: { 'ok': 'not ok!' } }] }, 'nodePools[0].nodeLabels.ok', 'node label');
    expectError({ ...noneCluster, nodePools: [{ name: 'p', config: Array.from({ length: 11 }, (_, i) => ({ existingConfigMap: `c${i}` })) }] }, 'nodePools[0].config', '11 items given; at most 10 are allowed');
    expectError({ ...noneCluster, nodePools: [{ name: 'p', specOverrides: { config: Array.from({ length: 11 }, (_, i) => ({ name: `c${i}` })) } }] }, 'nodePools[0].specOverrides.config', 'at most 10');
  });
  test('auto repair with no drain timeout is a warning', () => {
    const issues = checkHostedCluster({ ...noneCluster, nodePools: [{ name: 'p', autoRepair: true }] }, options).issues;
    expect(issues.find((i) => i.path === 'nodePools[0].nodeDrainTimeout')?.severity).toBe('warning');
  });
});

describe('platform settings', () => {
  const aws = awsCluster.platform.type === 'AWS' ? awsCluster.platform.aws : undefined;
  test('AWS IDs, ARNs, issuer, tags and base domain, on the final HostedCluster', () => {
    const bad: HostedClusterProps = {
      ...awsCluster,
      baseDomain: undefined,
      platform: {
        type: 'AWS',
        aws: { ...aws!, vpcId: 'vpc_1', issuerURL: 'http://x', rolesRef: { ...aws!.rolesRef, ingressARN: 'arn:aws:iam::1:role/x' }, resourceTags: { 'bad!tag': 'x' } },
      },
    };
    for (const [path, message] of [
      ['platform.aws.vpcId', 'not a VPC ID'],
      ['platform.aws.issuerURL', 'not an https URL'],
      ['platform.aws.rolesRef.ingressARN', 'not an IAM role ARN'],
      ['platform.aws.resourceTags', 'tag key'],
      ['baseDomain', 'need a base domain'],
    ]) {
      expectError(bad, path, message);
    }
  });
  test('zone subnets are checked in the props (only the first reaches the HostedCluster)', () =>
    expectError({ ...awsCluster, platform: { type: 'AWS', aws: { ...aws!, zones: [...aws!.zones, { name: 'us-east-2c', privateSubnetId: 'sub-1' }] } } }, 'platform.aws.zones[2].privateSubnetId', '"sub-1" is not a subnet ID.'));
  test('AWS NodePool zones must exist', () =>
    expectError({ ...awsCluster, nodePools: [{ name: 'p', platform: { aws: { zone: 'us-west-1a' } } }] }, 'nodePools[0].platform.aws.zone', 'not one of the cluster'));
  test('KubeVirt VM shape', () => {
    const pool = (kubevirt: object) => ({ ...kubevirtCluster, nodePools: [{ name: 'p', platform: { kubevirt } }] });
    expectError(pool({ cores: 0 }), 'nodePools[0].platform.kubevirt.cores', '0 is less than 1.');
    expectError(pool({ rootVolumeSize: '8Gi' }), 'nodePools[0].platform.kubevirt.rootVolumeSize', '16Gi minimum');
    expectError(pool({ attachDefaultNetwork: false }), 'nodePools[0].platform.kubevirt.attachDefaultNetwork', 'no network');
    expectError(pool({ additionalNetworks: ['no-namespace'] }), 'nodePools[0].platform.kubevirt.additionalNetworks[0]', '<namespace>/<name>');
  });
  test('Agent namespace must be a valid namespace name', () =>
    expectError({ ...agentCluster, platform: { type: 'Agent', agent: { agentNamespace: 'Bad NS' } } }, 'platform.agent.agentNamespace', 'agent namespace'));
});

describe('secrets', () => {
  test('inline values need an explicit opt-in', () =>
    expectError({ ...noneCluster, pullSecret: { inline: '{"auths":{}}' } }, 'pullSecret.inline', 'would be written into the synthesized YAML'));
  test('inline values are checked: pull secret JSON, public SSH key, 32-byte etcd key', () => {
    const opts = { ...options, allowInlineSecrets: true };
    expectError({ ...noneCluster, pullSecret: { inline: 'not json' } }, 'pullSecret.inline', 'not valid JSON', opts);
    expectError({ ...noneCluster, sshKey: { inline: '-----BEGIN OPENSSH PRIVATE KEY-----' } }, 'sshKey.inline', 'private key', opts);
    expectError({ ...noneCluster, secretEncryption: { aescbc: { inline: Buffer.alloc(16).toString('base64') } } }, 'secretEncryption.aescbc.inline', 'exactly 32', opts);
  });
  test('external secret store and key must be given', () =>
    expectError({ ...noneCluster, pullSecret: { externalSecret: { store: '', key: '' } } }, 'pullSecret.externalSecret.store', 'store name'));
  test('no etcd key source is a warning naming the Secret to create', () => {
    const issues = checkHostedCluster({ ...noneCluster, secretEncryption: undefined }, options).issues;
    const warning = issues.find((i) => i.path === 'secretEncryption');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toContain('none-clusters/edge-lab-etcd-encryption-key');
  });
});

describe('other HostedCluster rules', () => {
  test.each<[string, Partial<HostedClusterProps>, string, string]>([
    ['pausedUntil format', { pausedUntil: 'tomorrow' }, 'pausedUntil', 'RFC 3339'],
    ['clusterID is a UUID', { clusterID: '1234' }, 'clusterID', 'UUID'],
    ['signing key needs issuerURL', { serviceAccountSigningKeySecret: 'sa-key' }, 'serviceAccountSigningKeySecret', 'needs an issuerURL'],
    ['Ingress capability needs Console', { capabilities: { disabled: ['Ingress'] } }, 'capabilities.disabled', 'together with Console'],
    ['etcd size is a quantity', { etcd: { storageSize: 'eight' } }, 'etcd.storageSize', 'not a quantity'],
    ['base domain is a domain', { baseDomain: 'not a domain' }, 'baseDomain', 'not a domain name'],
    ['label keys are qualified names', { labels: { 'a/b/c': 'x' } }, 'labels["a/b/c"]', 'label'],
    ['resource overrides name container resources', { resourceRequestOverrides: { 'kube-apiserver.kube-apiserver': { '': '' } } }, 'resourceRequestOverrides["kube-apiserver.kube-apiserver"][""]', 'not a container resource'],
    ['raw resource overrides are resource=quantity', { annotations: { 'resource-request-override.hypershift.openshift.io/etcd.etcd': 'memory' } }, 'annotations["resource-request-override.hypershift.openshift.io/etcd.etcd"]', 'resource=quantity'],
  ])('%s', (_name, change, path, message) => {
    expectError({ ...noneCluster, ...change } as HostedClusterProps, path, message);
  });
  test('duplicate identity providers', () =>
    expectError(
      { ...noneCluster, configuration: { oauth: { identityProviders: [{ name: 'a', type: 'HTPasswd' }, { name: 'a', type: 'HTPasswd' }] } } },
      'configuration.oauth.identityProviders[1].name',
      'listed twice',
    ));
  test('SingleReplica and TechPreviewNoUpgrade are warnings', () => {
    const issues = checkHostedCluster({ ...noneCluster, configuration: { featureGate: { featureSet: 'TechPreviewNoUpgrade' } } }, options).issues;
    expect(issues.filter((i) => i.severity === 'warning').map((i) => i.path)).toEqual(
      expect.arrayContaining(['controllerAvailabilityPolicy', 'configuration.featureGate.featureSet']),
    );
    expect(issues.some((i) => i.severity === 'error')).toBe(false);
  });
});

describe('etcd encryption with KMS (HostedCluster CRD: each provider\'s required fields)', () => {
  const kms = (block: object) => ({ ...noneCluster, secretEncryption: { kms: block } }) as HostedClusterProps;
  test('an empty kms block names no provider', () =>
    expect(errors(kms({}))).toEqual([
      {
        severity: 'error',
        object: 'HostedCluster none-clusters/edge-lab',
        path: 'spec.secretEncryption.kms.provider',
        message: 'KMS encryption names no provider.',
        fix: 'Set kms.provider to one of AWS, Azure, IBMCloud and give that provider\'s block (e.g. kms.aws with region, activeKey.arn and auth.awsKms).',
      },
    ]));
  test('AWS without its block, or without activeKey and auth', () => {
    expect(errors(kms({ provider: 'AWS' }))[0]).toMatchObject({ path: 'spec.secretEncryption.kms.aws', message: 'KMS provider AWS needs kms.aws.', fix: 'Give kms.aws with region, activeKey.arn, auth.awsKms.' });
    expect(errors(kms({ provider: 'AWS', aws: { region: 'us-east-1' } })).map((i) => `${i.path}: ${i.message}`)).toEqual([
      'spec.secretEncryption.kms.aws.activeKey.arn: KMS provider AWS needs activeKey.arn.',
      'spec.secretEncryption.kms.aws.auth.awsKms: KMS provider AWS needs auth.awsKms.',
    ]);
  });
  test('AWS key ARNs start with arn:', () =>
    expect(errors(kms({ provider: 'AWS', aws: { region: 'us-east-1', activeKey: { arn: 'key-1' }, auth: { awsKms: 'arn:aws:iam::1:role/x' } } }))[0]).toMatchObject({
      path: 'secretEncryption.kms.aws.activeKey.arn',
      message: '"key-1" is not an ARN (the CRD requires "arn:" first).',
    }));
  test('an unknown provider', () => expect(errors(kms({ provider: 'Vault' }))[0]).toMatchObject({ message: '"Vault" is not a KMS provider.' }));
  test('the example AWS cluster\'s KMS block is complete', () => expect(errors(awsCluster)).toEqual([]));
});

describe('taints on the final NodePool', () => {
  test('an effect set through specOverrides must be one the API knows', () =>
    expect(errors({ ...noneCluster, nodePools: [{ name: 'p', specOverrides: { taints: [{ key: 'k', effect: 'Evict' as never }] } }] })).toEqual([
      {
        severity: 'error',
        object: 'NodePool none-clusters/p',
        path: 'nodePools[0].specOverrides.taints[0].effect',
        message: '"Evict" is not a taint effect.',
        fix: 'Use one of NoSchedule, PreferNoSchedule, NoExecute.',
      },
    ]));
});
