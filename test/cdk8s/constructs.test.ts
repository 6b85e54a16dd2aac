import { App, Chart, Testing } from 'cdk8s';
import { HostedCluster, HostedClusterBundle, NodePool } from '../../lib/cdk8s';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { agentCluster, awsCluster, kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
type Doc = { kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> }; spec?: Record<string, unknown> };
const wave = (doc: Doc) => doc.metadata.annotations?.['argocd.argoproj.io/sync-wave'];

describe('HostedClusterBundle', () => {
  test('renders the agent cluster in sync-wave order with explicit fields', () => {
    const chart = Testing.chart();
    new HostedClusterBundle(chart, 'vcluster2', { ...agentCluster, options });
    const docs = Testing.synth(chart) as Doc[];
    expect(docs.map((d) => `${wave(d)} ${d.kind}/${d.metadata.name}`)).toEqual([
      '0 Namespace/clusters',
      '1 ExternalSecret/vcluster2-pull-secret',
      '1 ExternalSecret/vcluster2-ssh-key',
      '1 ExternalSecret/vcluster2-etcd-encryption-key',
      '2 HostedCluster/vcluster2',
      '3 NodePool/vcluster2',
    ]);
    const hc = docs.find((d) => d.kind === 'HostedCluster')!;
    expect(hc.spec).toMatchObject({
      release: { image: agentCluster.release.image },
      platform: { type: 'Agent', agent: { agentNamespace: 'clusters' } },
      dns: { baseDomain: 'int.massopen.cloud' },
      pullSecret: { name: 'vcluster2-pull-secret' },
    });
    const pull = docs.find((d) => d.metadata.name === 'vcluster2-pull-secret')!;
    expect(pull.spec).toEqual({
      refreshInterval: '1h',
      secretStoreRef: { kind: 'ClusterSecretStore', name: 'vault' },
      target: { creationPolicy: 'Owner', name: 'vcluster2-pull-secret', template: { metadata: { labels: { 'hypershift.openshift.io/safe-to-delete-with-cluster': 'true' } } } },
      data: [{ secretKey: '.dockerconfigjson', remoteRef: { key: 'hosted-clusters/pull-secret' } }],
    });
  });

  test('invalid props emit nothing and fail synthesis with every problem', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'bad');
    const bundle = new HostedClusterBundle(chart, 'bad', { ...noneCluster, networking: { serviceNetwork: ['10.0.0.0/33'] }, services: {}, options });
    expect(bundle.apiObjects).toHaveLength(0);
    expect(bundle.plan).toBeUndefined();
    expect(collectIssues(app).filter((i) => i.severity === 'error').map((i) => i.path)).toEqual([
      'networking.serviceNetwork[0]',
      'services',
    ]);
    expect(() => app.synthYaml()).toThrow(/serviceNetwork\[0\]\.cidr[\s\S]*nodePort\.address/);
  });
});

describe('HostedCluster and NodePool constructs', () => {
  test('a cluster with pools added one by one; no Namespace, pools after the cluster', () => {
    const chart = Testing.chart();
    const { nodePools: _pools, createNamespace: _ns, ...clusterProps } = kubevirtCluster;
    const cluster = new HostedCluster(chart, 'kv', { ...clusterProps, options });
    cluster.addNodePool('workers', { name: 'kv-dev-workers', replicas: 3, platform: { kubevirt: { cores: 8 } } });
    new NodePool(chart, 'gpu', { cluster, name: 'kv-dev-gpu', replicas: 1, platform: { kubevirt: { hostDevices: [{ deviceName: 'nvidia.com/A100' }] } } });
    const docs = Testing.synth(chart) as Doc[];
    expect(docs.map((d) => `${wave(d)} ${d.kind}/${d.metadata.name}`)).toEqual([
      '1 ExternalSecret/kv-dev-pull-secret',
      '2 HostedCluster/kv-dev',
      '3 NodePool/kv-dev-workers',
      '3 NodePool/kv-dev-gpu',
    ]);
    const gpu = docs.find((d) => d.metadata.name === 'kv-dev-gpu')!;
    expect((gpu.spec as { platform: { kubevirt: { hostDevices: unknown } } }).platform.kubevirt.hostDevices).toEqual([{ deviceName: 'nvidia.com/A100', count: 1 }]);
  });

  test('a NodePool newer than its cluster fails synthesis, naming the pool', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    const { nodePools: _pools, createNamespace: _ns, ...clusterProps } = noneCluster;
    const cluster = new HostedCluster(chart, 'edge', { ...clusterProps, options });
    const pool = cluster.addNodePool('next', { name: 'next', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.0-x86_64' } });
    expect(pool.apiObject).toBeUndefined();
    expect(pool.issues.map((i) => `${i.object} ${i.path}`)).toEqual(['NodePool none-clusters/next release.image']);
    expect(() => app.synthYaml()).toThrow(/newer than the HostedCluster/);
  });

  test("a NodePool added to a bundle is planned like every part: with the bundle's options, against its pools, the NodePool as its apiObject", () => {
    const chart = Testing.chart();
    const bundle = new HostedClusterBundle(chart, 'edge', { ...noneCluster, options });
    // The bundle plans the CLI's default pool, named after the cluster: a second pool of that name is refused by the planner.
    const twin = new NodePool(chart, 'twin', { cluster: bundle, name: 'edge-lab' });
    expect(twin.plan).toBeUndefined();
    expect(twin.issues.map((i) => i.message)).toEqual(['two NodePools are named "edge-lab".']);
    // 4.13 is within the NodePool skew of the 4.15 cluster, but not among the versions the bundle supports.
    const older = new NodePool(chart, 'old', { cluster: bundle, name: 'old', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.10-x86_64' } });
    expect(older.issues.map((i) => i.path)).toEqual(['release.image']);
    const extra = new NodePool(chart, 'extra', { cluster: bundle, name: 'extra', replicas: 2 });
    expect(extra.plan?.label).toBe('NodePool none-clusters/extra');
    expect(extra.apiObject?.kind).toBe('NodePool');
    expect(extra.plan?.objects.map((o) => [o.phase.name, o.dependsOn])).toEqual([['node-pools', ['hypershift.openshift.io/HostedCluster/none-clusters/edge-lab']]]);
  });
});

describe('determinism and secret hygiene', () => {
  const synthAll = () => {
    const app = new App();
    for (const cluster of [agentCluster, kubevirtCluster, awsCluster, noneCluster]) {
      new HostedClusterBundle(new Chart(app, cluster.name), 'c', { ...cluster, options });
    }
    return app.synthYaml();
  };

  test('same input, byte-identical YAML', () => {
    expect(synthAll()).toBe(synthAll());
  });

  test('default output holds no Secret object and no secret value', () => {
    const yaml = synthAll();
    expect(yaml).not.toMatch(/^kind: Secret$/m);
    expect(yaml).not.toMatch(/stringData|\.dockerconfigjson: |BEGIN .*PRIVATE KEY|ssh-(rsa|ed25519) AAAA/);
  });

  test('inline values appear only behind allowInlineSecrets', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const props = { ...noneCluster, pullSecret: { inline: '{"auths":{"quay.io":{"auth":"c2VjcmV0"}}}' }, secretEncryption: { aescbc: { inline: key } } };
    const refused = new HostedClusterBundle(Testing.chart(), 'x', { ...props, options });
    expect(refused.apiObjects).toHaveLength(0);
    const chart = Testing.chart();
    new HostedClusterBundle(chart, 'x', { ...props, options: { ...options, allowInlineSecrets: true } });
    const secrets = (Testing.synth(chart) as Array<Doc & { data?: Record<string, string>; stringData?: Record<string, string>; type?: string }>).filter((d) => d.kind === 'Secret');
    expect(secrets.map((s) => [s.metadata.name, s.type, Object.keys(s.stringData ?? s.data ?? {})])).toEqual([
      ['edge-lab-pull-secret', undefined, ['.dockerconfigjson']],
      ['edge-lab-etcd-encryption-key', 'Opaque', ['key']],
    ]);
    expect(secrets[1].data).toEqual({ key });
  });
});
