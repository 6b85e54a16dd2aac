/**
 * A fleet plans each hosted cluster once, to place it, and hands that plan to the cluster's
 * bundle: the cdk8s Fleet (its HostedClusterBundle takes the checked plan) and the Pulumi Fleet
 * (its HostedClusterBundle takes a PlannedBundle) alike. The planner is counted per cluster.
 */
import * as k8s from '@pulumi/kubernetes';
import { App } from 'cdk8s';
import { strictMocks, valueOf } from './strict-mocks';
import { Fleet as Cdk8sFleet } from '../../lib/cdk8s';
import { EXAMPLE_FLEET } from '../../examples/fleet-app';
import { EXAMPLE_OPTIONS } from '../../examples/clusters';

/** Every hosted cluster the planner was asked for, as `namespace/name`, once per call. */
const planned: string[] = [];
jest.mock('../../lib/platforms', () => {
  const actual = jest.requireActual('../../lib/platforms');
  const count = (props: { namespace?: string; name?: string }) => planned.push(`${props.namespace ?? 'clusters'}/${props.name}`);
  return {
    ...actual,
    checkHostedCluster: (props: never, ...rest: unknown[]) => (count(props), actual.checkHostedCluster(props, ...rest)),
    checkHostedClusterWith: (props: never, ...rest: unknown[]) => (count(props), actual.checkHostedClusterWith(props, ...rest)),
  };
});

const mocked = strictMocks();
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});
beforeEach(() => void (planned.length = 0));

const { delivery: _delivery, ...FLEET } = EXAMPLE_FLEET;
const clusters = FLEET.hostedClusters.map((hc) => `${hc.namespace ?? 'clusters'}/${hc.name}`).sort();

test('the cdk8s Fleet plans each hosted cluster once; its bundles do not plan again', () => {
  const fleet = new Cdk8sFleet(new App(), 'fleet', { ...FLEET, options: EXAMPLE_OPTIONS });
  expect(fleet.plan).toBeDefined();
  for (const cluster of clusters) expect(fleet.hostedCluster(...(cluster.split('/') as [string, string]))?.plan).toBeDefined();
  expect(clusters.length).toBeGreaterThan(1);
  expect([...planned].sort()).toEqual(clusters);
});

test('the Pulumi Fleet plans each hosted cluster once; its bundles take that plan', async () => {
  const kubeconfig = 'apiVersion: v1\nkind: Config\n';
  const providers = { east: new k8s.Provider('east', { kubeconfig }), west: new k8s.Provider('west', { kubeconfig }) };
  const fleet = new hcp.Fleet('fleet', { ...FLEET, providers, options: EXAMPLE_OPTIONS });
  const bundles = Object.values(fleet.hostedClusters);
  await Promise.all(bundles.flatMap((b) => b.phases.flatMap((p) => p.resources)).map((r) => valueOf(r.urn)));
  expect(Object.keys(fleet.hostedClusters).sort()).toEqual(clusters);
  expect(bundles.every((b) => b.plan !== undefined)).toBe(true);
  expect([...planned].sort()).toEqual(clusters);
});
