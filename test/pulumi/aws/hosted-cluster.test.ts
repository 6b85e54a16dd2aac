/**
 * AwsHostedCluster under strict mocks: the resource graph for 1-3 zones, the order Pulumi creates
 * and deletes in (the dependencies the SDK sends to the engine), secrets, the generated etcd key,
 * the kubeconfig output, validation before anything is registered, and the same HostedCluster
 * and NodePools as the cdk8s construct given the stack's infra/iam outputs.
 */
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { SecretSource } from '../../../lib';
import { checkObjectSchema } from '../../../lib/api';
import { ANNOTATIONS } from '../../../lib/core/defaults';
import type { KubernetesObject } from '../../../lib';
import { HostedClusterBundle } from '../../../lib/cdk8s';
import { awsIamNames, awsPropsFromCliOutput } from '../../../lib/platforms';
import { SUPPORTED_VERSIONS } from '../../../examples/clusters';
import { ACCOUNT, ADMIN_KUBECONFIG, ETCD_KEY, MockRecord, PUBLIC_ZONE_ID, Registration, isRpcSecret, settle, unwrapSecrets, valueOf } from './mocks';

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

const ZONES = ['us-east-2a', 'us-east-2b', 'us-east-2c'];
const awsRoleNames = awsIamNames('demo').roles;
const PULL_SECRET = '{"auths":{"quay.io":{"auth":"cHVsbC1zZWNyZXQtdmFsdWU="}}}';
const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNzaC1rZXktdmFsdWUtZm9yLXRlc3Rz ops@example.com';
const MANAGEMENT_KUBECONFIG = 'apiVersion: v1\nkind: Config\n# management-cluster-credentials\n';
const release = { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' };

type Args = ConstructorParameters<typeof hcp.AwsHostedCluster>[1];
function args(zones = ZONES, aws: Partial<Args['aws']> = {}): Args {
  return {
    name: 'demo',
    namespace: 'clusters',
    baseDomain: 'example.com',
    release,
    controllerAvailabilityPolicy: 'HighlyAvailable',
    aws: { region: 'us-east-2', zones, oidc: { bucketName: 'oidc-bucket', bucketRegion: 'us-east-2' }, endpointAccess: 'PublicAndPrivate', resourceTags: { team: 'platform' }, ...aws },
    secretValues: { pullSecret: pulumi.secret(PULL_SECRET), sshPublicKey: pulumi.secret(SSH_KEY) },
    managementKubeconfig: pulumi.secret(MANAGEMENT_KUBECONFIG),
    nodePools: zones.map((zone) => ({ name: `demo-${zone}`, replicas: 2, platform: { aws: { zone, instanceType: 'm6i.xlarge' } } })),
    options: { supportedVersions: SUPPORTED_VERSIONS },
  };
}

async function build(a: Args = args()) {
  const cluster = new hcp.AwsHostedCluster('demo', a);
  await settle(cluster.urn, cluster.kubeconfig, cluster.infra as pulumi.Output<unknown>, cluster.iamOutput as pulumi.Output<unknown>);
  return cluster;
}

/** `type name count` rows for every registration (components included), sorted by type. */
function resourceTable(): string[][] {
  const rows = new Map<string, { names: string[] }>();
  for (const r of record.registrations) {
    const key = r.type;
    rows.set(key, { names: [...(rows.get(key)?.names ?? []), r.name] });
  }
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, { names }]) => [type, names.length > 3 ? `${names[0]} ... (${names.length})` : names.join(', '), String(names.length)]);
}

const kube = (kind: string) => record.registrations.filter((r) => r.type.startsWith('kubernetes:') && r.type.endsWith(`:${kind}`) && !r.id);

test('a 3-zone cluster: every resource, printed as a table, with the counts of the CLI layout', async () => {
  await build();
  const table = resourceTable();
  console.log(['type | name | count', ...table.map((row) => row.join(' | '))].join('\n'));
  const count = Object.fromEntries(table.map(([type, , n]) => [type, Number(n)]));
  expect(count).toEqual({
    'aws:ec2/eip:Eip': 3,
    'aws:ec2/internetGateway:InternetGateway': 1,
    'aws:ec2/mainRouteTableAssociation:MainRouteTableAssociation': 1,
    'aws:ec2/natGateway:NatGateway': 3,
    'aws:ec2/routeTable:RouteTable': 4,
    'aws:ec2/routeTableAssociation:RouteTableAssociation': 6,
    'aws:ec2/subnet:Subnet': 6,
    'aws:ec2/vpc:Vpc': 1,
    'aws:ec2/vpcDhcpOptions:VpcDhcpOptions': 1,
    'aws:ec2/vpcDhcpOptionsAssociation:VpcDhcpOptionsAssociation': 1,
    'aws:ec2/vpcEndpoint:VpcEndpoint': 1,
    'aws:iam/instanceProfile:InstanceProfile': 1,
    'aws:iam/openIdConnectProvider:OpenIdConnectProvider': 1,
    'aws:iam/role:Role': 8,
    'aws:iam/rolePolicy:RolePolicy': 8,
    'aws:route53/record:Record': 2,
    'aws:route53/zone:Zone': 2,
    'hcp:aws:HostedCluster': 1,
    'hcp:aws:Iam': 1,
    'hcp:aws:Network': 1,
    'hcp:index:HostedClusterBundle': 1,
    // Pull secret, SSH key, etcd key; and the read of the admin kubeconfig.
    'kubernetes:core/v1:Secret': 4,
    'kubernetes:core/v1:Namespace': 1,
    'kubernetes:hypershift.openshift.io/v1beta1:HostedCluster': 1,
    'kubernetes:hypershift.openshift.io/v1beta1:NodePool': 3,
    'pulumi:providers:kubernetes': 1,
    'random:index/randomBytes:RandomBytes': 1,
  });
  expect(kube('NodePool').map((r) => r.name)).toEqual(ZONES.map((zone) => `demo-nodepool-clusters/demo-${zone}`));
  expect(record.calls.map((c) => c.token)).toEqual(['aws:route53/getZone:getZone']);
});

test.each([
  [1, false, 1],
  [2, false, 2],
  [3, true, 1],
])('%i zone(s), singleNatGateway %s: %i NAT gateway(s), one NodePool and two subnets per zone', async (zoneCount, singleNatGateway, nats) => {
  await build(args(ZONES.slice(0, zoneCount), { singleNatGateway }));
  expect(record.byType('aws:ec2/natGateway:NatGateway')).toHaveLength(nats);
  expect(record.byType('aws:ec2/subnet:Subnet')).toHaveLength(2 * zoneCount);
  expect(kube('NodePool')).toHaveLength(zoneCount);
});

test('the HostedCluster and NodePools carry the IDs and ARNs AWS assigned, and pass the API server schema', async () => {
  const cluster = await build();
  const [hc] = kube('HostedCluster');
  const spec = hc.inputs.spec as Record<string, any>;
  const vpcId = await valueOf(cluster.network.vpcId);
  const subnets = await Promise.all(cluster.network.privateSubnetIds.map(valueOf));
  expect(spec.platform.aws.cloudProviderConfig).toEqual({ vpc: vpcId, subnet: { id: subnets[0] }, zone: 'us-east-2a' });
  expect(spec.platform.aws.rolesRef.nodePoolManagementARN).toBe(`arn:aws:iam::${ACCOUNT}:role/demo-node-pool`);
  expect(spec.dns).toEqual({ baseDomain: 'example.com', publicZoneID: PUBLIC_ZONE_ID, privateZoneID: await valueOf(cluster.network.privateZoneId) });
  expect(spec.issuerURL).toBe('https://oidc-bucket.s3.us-east-2.amazonaws.com/demo');
  expect(spec.platform.aws.resourceTags).toEqual([{ key: 'team', value: 'platform' }]);
  expect(JSON.stringify(kube('HostedCluster').concat(kube('NodePool')).map((r) => r.inputs))).not.toMatch(/Z0HCPDEPLOYTIME|000000000000|subnet-0{10}/);
  expect(kube('NodePool').map((r) => (r.inputs.spec as any).platform.aws)).toEqual(
    subnets.map((id) => ({ instanceType: 'm6i.xlarge', instanceProfile: 'demo-worker', subnet: { id }, rootVolume: { size: 120, type: 'gp3' } })),
  );
  for (const r of [...kube('HostedCluster'), ...kube('NodePool'), ...kube('Namespace')]) {
    expect(checkObjectSchema(unwrapSecrets(r.inputs) as KubernetesObject)).toEqual([]);
  }
});

describe('one plan, from typed inputs, with the IDs AWS assigns as Outputs', () => {
  test('the cluster is planned once, before anything is registered, and that plan is the one rendered', async () => {
    const platforms = await import('../../../lib/platforms');
    const planner = jest.spyOn(platforms, 'checkHostedCluster');
    try {
      const cluster = await build();
      expect(planner).toHaveBeenCalledTimes(1);
      expect(cluster.bundle.plan).toBe(planner.mock.results[0].value.plan);
    } finally {
      planner.mockRestore();
    }
  });

  test('each ID goes into exactly its fields, from the resource that assigns it; a stand-in-like string elsewhere in the props stays as given', async () => {
    const standIns = (await import('../../../lib/platforms')).awsStandInIds({ infraID: 'demo', region: 'us-east-2', zoneCount: ZONES.length });
    const given = {
      'example.com/vpc': standIns.vpcId,
      'example.com/role': standIns.roles.nodePoolManagementARN,
      'example.com/zone': standIns.privateZoneId,
    };
    const a = args();
    const cluster = await build({ ...a, annotations: given, nodePools: a.nodePools!.map((p) => ({ ...p, labels: { 'example.com/subnet': standIns.privateSubnetIds[0] } })) });
    const [hc] = kube('HostedCluster');
    const spec = hc.inputs.spec as Record<string, any>;
    expect((hc.inputs.metadata as any).annotations).toEqual({ ...given, 'pulumi.com/waitFor': 'condition=Available' });
    expect(spec.platform.aws.cloudProviderConfig.vpc).toBe(await valueOf(cluster.network.vpcId));
    expect(spec.platform.aws.rolesRef.nodePoolManagementARN).toBe(await valueOf(cluster.iam.roles.nodePoolManagementARN.arn));
    expect(spec.dns.privateZoneID).toBe(await valueOf(cluster.network.privateZoneId));
    const subnets = await Promise.all(cluster.network.privateSubnetIds.map(valueOf));
    kube('NodePool').forEach((np, i) => {
      expect((np.inputs.metadata as any).labels).toEqual({ 'example.com/subnet': standIns.privateSubnetIds[0] });
      expect((np.inputs.spec as any).platform.aws.subnet.id).toBe(subnets[i]);
      // An Output of that zone's subnet, not a string put in its place: the pool depends on that subnet alone.
      const deps = record.dependenciesOf('kubernetes:hypershift.openshift.io/v1beta1:NodePool', `demo-nodepool-clusters/demo-${ZONES[i]}`);
      expect(deps.filter((d) => d.startsWith('aws:ec2/subnet:Subnet'))).toEqual([`aws:ec2/subnet:Subnet demo-private-${ZONES[i]}`]);
    });
    const hcDeps = record.dependenciesOf('kubernetes:hypershift.openshift.io/v1beta1:HostedCluster', 'demo-hostedcluster-clusters/demo');
    expect(hcDeps.filter((d) => d.startsWith('aws:')).sort()).toEqual(
      ['aws:ec2/subnet:Subnet demo-private-us-east-2a', 'aws:ec2/vpc:Vpc demo-vpc', 'aws:route53/zone:Zone demo-private-zone', ...Object.values(awsRoleNames).map((role) => `aws:iam/role:Role ${role}`)].sort(),
    );
  });
});

describe('order', () => {
  const aws = () => record.registrations.filter((r) => r.type.startsWith('aws:')).map((r) => `${r.type} ${r.name}`);

  test('creation: the Kubernetes resources after every AWS resource, then Secrets, HostedCluster, NodePools, kubeconfig read; deletion in reverse', async () => {
    await build();
    const edges = {
      Namespace: record.dependenciesOf('kubernetes:core/v1:Namespace', 'demo-namespace-clusters'),
      'Secret demo-pull-secret': record.dependenciesOf('kubernetes:core/v1:Secret', 'demo-secret-clusters/demo-pull-secret'),
      HostedCluster: record.dependenciesOf('kubernetes:hypershift.openshift.io/v1beta1:HostedCluster', 'demo-hostedcluster-clusters/demo'),
      'NodePool demo-us-east-2a': record.dependenciesOf('kubernetes:hypershift.openshift.io/v1beta1:NodePool', 'demo-nodepool-clusters/demo-us-east-2a'),
      'admin kubeconfig read': record.dependenciesOf('kubernetes:core/v1:Secret', 'demo-admin-kubeconfig'),
    };
    console.log(
      Object.entries(edges)
        .map(([from, to]) => `${from} -> ${to.length > 4 ? `${to.filter((t) => !t.startsWith('aws:')).join(', ')}${to.some((t) => t.startsWith('aws:')) ? ` + all ${to.filter((t) => t.startsWith('aws:')).length} AWS resources` : ''}` : to.join(', ')}`)
        .join('\n'),
    );
    // Every AWS resource (and the provider's kubeconfig is not one): destroy deletes the cluster first.
    expect(edges.Namespace.filter((d) => d.startsWith('aws:')).sort()).toEqual(aws().sort());
    // Every Kubernetes resource waits for the one check of the secret values, the generated key among them.
    expect(edges['Secret demo-pull-secret'].sort()).toEqual(['kubernetes:core/v1:Namespace demo-namespace-clusters', 'random:index/randomBytes:RandomBytes demo-etcd-encryption-key']);
    // Besides the phase before them, the custom resources depend on the AWS resources whose IDs they carry.
    const k8sOnly = (deps: string[]) => deps.filter((d) => d.startsWith('kubernetes:')).sort();
    expect(k8sOnly(edges.HostedCluster)).toEqual(
      ['demo-etcd-encryption-key', 'demo-pull-secret', 'demo-ssh-key'].map((s) => `kubernetes:core/v1:Secret demo-secret-clusters/${s}`),
    );
    expect(edges.HostedCluster).toEqual(expect.arrayContaining(['aws:ec2/vpc:Vpc demo-vpc', 'aws:iam/role:Role demo-node-pool', 'aws:route53/zone:Zone demo-private-zone']));
    expect(k8sOnly(edges['NodePool demo-us-east-2a'])).toEqual(['kubernetes:hypershift.openshift.io/v1beta1:HostedCluster demo-hostedcluster-clusters/demo']);
    expect(edges['NodePool demo-us-east-2a']).toContain('aws:ec2/subnet:Subnet demo-private-us-east-2a');
    expect(edges['admin kubeconfig read']).toEqual(['kubernetes:hypershift.openshift.io/v1beta1:HostedCluster demo-hostedcluster-clusters/demo']);
  });

  test('waitFor: HostedCluster until Available, NodePools with machines until Ready', async () => {
    await build();
    expect((kube('HostedCluster')[0].inputs.metadata as any).annotations).toEqual({ 'pulumi.com/waitFor': 'condition=Available' });
    for (const np of kube('NodePool')) expect((np.inputs.metadata as any).annotations).toEqual({ 'pulumi.com/waitFor': 'condition=Ready' });
  });
});

describe('secrets', () => {
  test('the kubeconfig output is the admin kubeconfig, a secret; secret inputs stay secret; no secret value in a plain input', async () => {
    const cluster = await build();
    expect(await valueOf(cluster.kubeconfig)).toBe(ADMIN_KUBECONFIG);
    expect(await pulumi.isSecret(cluster.kubeconfig)).toBe(true);
    const read = record.registrations.find((r) => r.id);
    expect(read).toMatchObject({ type: 'kubernetes:core/v1:Secret', name: 'demo-admin-kubeconfig', id: 'clusters/demo-admin-kubeconfig' });

    const provider = record.one('pulumi:providers:kubernetes', 'demo-management');
    expect(isRpcSecret(provider.inputs.kubeconfig)).toBe(true);
    const secrets = kube('Secret');
    expect(secrets.map((s) => (s.inputs.metadata as { name: string }).name).sort()).toEqual(['demo-etcd-encryption-key', 'demo-pull-secret', 'demo-ssh-key']);
    for (const s of secrets) expect(isRpcSecret(s.inputs.data ?? s.inputs.stringData)).toBe(true);
    const etcd = secrets.find((s) => (s.inputs.metadata as { name: string }).name === 'demo-etcd-encryption-key')!;
    expect(unwrapSecrets(etcd.inputs.data)).toEqual({ key: ETCD_KEY });

    const plain = (r: Registration) => !(r.type === 'kubernetes:core/v1:Secret' || r.type === 'pulumi:providers:kubernetes');
    const plainInputs = JSON.stringify(record.registrations.filter(plain).map((r) => unwrapSecrets(r.inputs)));
    for (const value of [PULL_SECRET, SSH_KEY, MANAGEMENT_KUBECONFIG, ETCD_KEY, ADMIN_KUBECONFIG, 'cHVsbC1zZWNyZXQtdmFsdWU']) expect(plainInputs).not.toContain(value);
    expect(JSON.stringify(cluster.bundle.plan)).not.toContain('cHVsbC1zZWNyZXQtdmFsdWU');
  });

  test('the etcd key is 32 random bytes made once: a RandomBytes with a fixed name and no triggers, so later runs keep it', async () => {
    await build();
    expect(record.byType('random:index/randomBytes:RandomBytes').map((r) => [r.name, r.inputs])).toEqual([['demo-etcd-encryption-key', { length: 32 }]]);
  });

  test('with KMS: a key and the kms-provider role, the HostedCluster encrypts with them, no aescbc key is generated', async () => {
    const cluster = await build(args(ZONES, { kms: true }));
    expect(record.byType('random:index/randomBytes:RandomBytes')).toHaveLength(0);
    const spec = kube('HostedCluster')[0].inputs.spec as Record<string, any>;
    expect(spec.secretEncryption).toEqual({
      type: 'kms',
      kms: { provider: 'AWS', aws: { region: 'us-east-2', activeKey: { arn: await valueOf(cluster.iam.kmsKeyArn!) }, auth: { awsKms: `arn:aws:iam::${ACCOUNT}:role/demo-kms-provider` } } },
    });
    expect(kube('Secret').map((s) => (s.inputs.metadata as { name: string }).name).sort()).toEqual(['demo-pull-secret', 'demo-ssh-key']);
  });
});

test('validation before anything is registered: every problem at once, with paths', async () => {
  const bad: Args = {
    ...args(['us-west-2a', 'us-east-2b'], { vpcCidr: '10.0.0.0/20', endpointAccess: 'Private', externalDnsDomain: 'hcp.example.com' }),
    name: 'a-cluster-name-long-enough-to-break-iam',
    baseDomain: 'Bad_Domain',
    secretValues: {},
  };
  let thrown: unknown;
  try {
    new hcp.AwsHostedCluster('bad', bad);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf((await import('../../../lib/pulumi')).HcpResourceError);
  const paths = (thrown as { issues: { severity: string; path: string }[] }).issues.filter((i) => i.severity === 'error').map((i) => i.path);
  // Each problem once, at the arg the user wrote (the props the component writes from them are its own business).
  expect(paths).toEqual(['aws.zones[0]', 'aws.vpcCidr', 'baseDomain', 'infraID', 'pullSecret', 'aws.externalDnsDomain']);
  await settle();
  expect(record.registrations).toEqual([]);
});

describe('a restored etcd snapshot needs the key of the cluster it came from, never one made here', () => {
  const SNAPSHOT = 'https://backups.s3.us-east-2.amazonaws.com/demo/etcd-0-snapshot.db';
  const errorsOf = async (a: Args) => {
    let thrown: unknown;
    try {
      new hcp.AwsHostedCluster('restored', a);
    } catch (error) {
      thrown = error;
    }
    await settle();
    expect(record.registrations).toEqual([]);
    return ((thrown as { issues?: { severity: string; path: string; message: string; fix: string }[] })?.issues ?? []).filter((i) => i.severity === 'error').map(({ path, message, fix }) => ({ path, message, fix }));
  };

  test('no key given: the generated one could not read it', async () => {
    expect(await errorsOf({ ...args(), etcd: { restoreSnapshotURL: SNAPSHOT } })).toEqual([
      {
        path: 'secretEncryption',
        message: 'the snapshot of etcd.restoreSnapshotURL is encrypted with the etcd encryption key of the cluster it was taken from, but no key is given, so a new random key would be generated, which cannot read it.',
        fix: 'Give that cluster\'s aescbc key: secretValues.etcdEncryptionKey (the value) or secretEncryption.aescbc (its Secret).',
      },
    ]);
  });

  test('aws.kms: true: the new KMS key could not read it', async () => {
    expect(await errorsOf({ ...args(ZONES, { kms: true }), etcd: { restoreSnapshotURL: SNAPSHOT } })).toEqual([
      {
        path: 'aws.kms',
        message: 'aws.kms: true creates a new KMS key, which cannot read the snapshot of etcd.restoreSnapshotURL: it is encrypted through the KMS key of the cluster it was taken from.',
        fix: 'Give that cluster\'s key as aws.kms: { keyArn }.',
      },
    ]);
  });

  test('the key given as a value: planned, with no random key', async () => {
    await build({ ...args(), etcd: { restoreSnapshotURL: SNAPSHOT }, secretValues: { ...args().secretValues, etcdEncryptionKey: pulumi.secret(ETCD_KEY) } });
    expect(record.byType('random:index/randomBytes:RandomBytes')).toHaveLength(0);
    expect((kube('HostedCluster')[0].inputs.spec as Record<string, any>).etcd.managed.storage.restoreSnapshotURL).toEqual([SNAPSHOT]);
  });
});

test('parity: cdk8s given the stack outputs infra and iam (the create infra/iam JSON) renders the same HostedCluster and NodePools', async () => {
  const a = args();
  const cluster = await build(a);
  const infra = await valueOf(cluster.infra);
  const iam = await valueOf(cluster.iamOutput);
  // The outputs are JSON: what `pulumi stack output --json` gives a GitOps repository.
  const fromStack = awsPropsFromCliOutput(JSON.parse(JSON.stringify(infra)), JSON.parse(JSON.stringify(iam)), { endpointAccess: 'PublicAndPrivate', resourceTags: { team: 'platform' } });
  const chart = new Chart(new App(), 'gitops');
  new HostedClusterBundle(chart, 'cluster', {
    ...fromStack,
    namespace: 'clusters',
    release,
    controllerAvailabilityPolicy: 'HighlyAvailable',
    pullSecret: SecretSource.existing('demo-pull-secret'),
    sshKey: SecretSource.existing('demo-ssh-key'),
    secretEncryption: { aescbc: SecretSource.existing('demo-etcd-encryption-key') },
    nodePools: a.nodePools,
    options: a.options,
  });
  const strip = (object: Record<string, any>) => {
    const copy = JSON.parse(JSON.stringify(object));
    delete copy.metadata.annotations?.[ANNOTATIONS.argoSyncWave];
    delete copy.metadata.annotations?.['pulumi.com/waitFor'];
    if (copy.metadata.annotations && Object.keys(copy.metadata.annotations).length === 0) delete copy.metadata.annotations;
    return copy;
  };
  const fromCdk8s = chart.toJson().filter((o) => o.kind === 'HostedCluster' || o.kind === 'NodePool').map(strip);
  const fromPulumi = [...kube('HostedCluster'), ...kube('NodePool')].map((r) => strip(unwrapSecrets(r.inputs) as Record<string, unknown>));
  expect(fromCdk8s).toHaveLength(4);
  expect(fromPulumi).toEqual(fromCdk8s);
});
