/**
 * One more NodePool of a bundle's cluster with Pulumi, under strict mocks: planned against the
 * cluster's plan (its options, its pools so far) as the cdk8s NodePool is, registered under its
 * component after the HostedCluster, and refused before anything is registered.
 */
import { App, Chart } from 'cdk8s';
import { dependsOnRecorder, strictMocks, valueOf, withoutAdapterAnnotations } from './strict-mocks';
import { HostedClusterBundle as Cdk8sBundle, NodePool as Cdk8sNodePool } from '../../lib/cdk8s';
import { EXAMPLE_OPTIONS, noneCluster } from '../../examples/clusters';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

const POOL = { name: 'edge-lab-extra', replicas: 2 };

test('the NodePool is registered under hcp:index:NodePool and depends on the HostedCluster (deleted before it)', async () => {
  const { dependsOn, record } = dependsOnRecorder();
  const bundle = new hcp.HostedClusterBundle('edge', { ...noneCluster, options: EXAMPLE_OPTIONS });
  const pool = new hcp.NodePool('extra', { cluster: bundle, ...POOL }, { transformations: [record] });
  await Promise.all([pool, bundle, pool.nodePool].map((r) => valueOf(r.urn)));
  expect(registrations.find((r) => r.name === 'extra')?.type).toBe('hcp:index:NodePool');
  expect(pool.phases.map((p) => [p.name, p.wave, p.resources.length])).toEqual([['node-pools', 3, 1]]);
  expect(pool.plan.nodePool.spec.clusterName).toBe('edge-lab');
  expect(dependsOn.get(pool.nodePool)).toContain(bundle.hostedCluster);
  const inputs = registrations.find((r) => r.name.startsWith('extra-') && (r.inputs as { kind?: string }).kind === 'NodePool')?.inputs as { spec: { replicas: number } };
  expect(inputs.spec.replicas).toBe(2);
});

test('parity: the same objects as the cdk8s NodePool added to the same cluster', async () => {
  const bundle = new hcp.HostedClusterBundle('edge', { ...noneCluster, options: EXAMPLE_OPTIONS });
  const pool = new hcp.NodePool('extra', { cluster: bundle, ...POOL });
  await Promise.all([pool, ...pool.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  const chart = new Chart(new App(), 'edge');
  const cdk8s = new Cdk8sNodePool(chart, 'extra', { cluster: new Cdk8sBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS }), ...POOL });
  const fromPulumi = registrations.filter((r) => r.name.startsWith('extra-')).map((r) => withoutAdapterAnnotations(r.inputs));
  expect(fromPulumi).toHaveLength(1);
  expect(fromPulumi).toEqual(cdk8s.apiObjects.map((o) => withoutAdapterAnnotations(o.toJson())));
});

test("the pool is checked with the cluster's options and against its pools so far; a refused pool throws before anything is registered", async () => {
  const bundle = new hcp.HostedClusterBundle('edge', { ...noneCluster, options: EXAMPLE_OPTIONS });
  expect(bundle.options).toBe(EXAMPLE_OPTIONS);
  // 4.13 is within the NodePool skew of a 4.15 cluster, but not among the versions the bundle was planned to support.
  const older = { name: 'edge-lab-old', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.10-x86_64' } };
  expect(() => new hcp.NodePool('old', { cluster: bundle, ...older })).toThrow(/not among the versions the HyperShift operator supports/);
  new hcp.NodePool('extra', { cluster: bundle, ...POOL });
  expect(() => new hcp.NodePool('again', { cluster: bundle, ...POOL })).toThrow(/two NodePools are named "edge-lab-extra"/);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(registrations.filter((r) => r.name.startsWith('old') || r.name.startsWith('again'))).toEqual([]);
});
