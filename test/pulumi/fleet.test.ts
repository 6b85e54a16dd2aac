/**
 * The Pulumi Fleet under strict mocks: each management cluster's objects and each hosted
 * cluster's go through the provider of the management cluster the fleet places it on, the same
 * objects as the cdk8s Fleet writes into that cluster's folder; a missing provider or a move
 * against the previous placement fails before anything is registered.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { App } from 'cdk8s';
import { dependsOnRecorder, strictMocks, valueOf } from './strict-mocks';
import { Fleet as Cdk8sFleet } from '../../lib/cdk8s';
import { synthesizeCharts } from '../../lib/cdk8s';
import type { FleetProps } from '../../lib';
import { EXAMPLE_FLEET } from '../../examples/fleet-app';
import { EXAMPLE_OPTIONS } from '../../examples/clusters';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

// Pulumi is the delivery engine: no GitOps objects.
const { delivery: _delivery, ...FLEET } = EXAMPLE_FLEET;
const kubeconfig = 'apiVersion: v1\nkind: Config\n';
const providerRef = (provider: pulumi.ProviderResource) => valueOf(pulumi.all([provider.urn, provider.id]).apply(([urn, id]) => `${urn}::${id}`));
type Inputs = { kind?: string; metadata?: { name?: string; namespace?: string } };
const identity = (inputs: Inputs) => `${inputs.kind} ${inputs.metadata?.namespace ?? ''}/${inputs.metadata?.name ?? ''}`;

test('each management cluster and each hosted cluster goes through the provider of the management cluster it is placed on, with the objects cdk8s writes to its folder', async () => {
  const providers = { east: new k8s.Provider('east', { kubeconfig }), west: new k8s.Provider('west', { kubeconfig }) };
  const fleet = new hcp.Fleet('fleet', { ...FLEET, providers, options: EXAMPLE_OPTIONS });
  const resources = [...Object.values(fleet.managementClusters), ...Object.values(fleet.hostedClusters)].flatMap((c) => c.phases.flatMap((p) => p.resources));
  await Promise.all(resources.map((r) => valueOf(r.urn)));
  const placement = JSON.parse(await valueOf(fleet.placement)) as { placements: Record<string, string> };
  expect(placement.placements['kubevirt-clusters/kv-dev']).toBe('west');

  const app = new App();
  new Cdk8sFleet(app, 'fleet', { ...FLEET, options: EXAMPLE_OPTIONS });
  for (const mc of ['east', 'west'] as const) {
    const ref = await providerRef(providers[mc]);
    const viaPulumi = registrations.filter((r) => r.custom && r.provider === ref && (r.inputs as Inputs).kind).map((r) => identity(r.inputs as Inputs));
    const viaCdk8s = synthesizeCharts(app)
      .filter((c) => c.folder === `management-${mc}`)
      .flatMap((c) => c.documents.map((d) => identity(d as Inputs)));
    expect([mc, [...new Set(viaPulumi)].sort()]).toEqual([mc, [...new Set(viaCdk8s)].sort()]);
  }
});

test('a management cluster without a provider fails before anything is registered', async () => {
  const east = new k8s.Provider('east-only', { kubeconfig });
  await valueOf(east.urn);
  const before = registrations.length;
  expect(() => new hcp.Fleet('no-west', { ...FLEET, providers: { east }, options: EXAMPLE_OPTIONS })).toThrow(
    'providers.west: management cluster west has no provider. Fix: Give providers.west: a k8s.Provider for that cluster',
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(registrations.slice(before)).toEqual([]);
});

test('the previous placement keeps clusters where they are; a pin that moves one is refused at preview', async () => {
  const providers = { east: new k8s.Provider('east-2', { kubeconfig }), west: new k8s.Provider('west-2', { kubeconfig }) };
  const previousPlacement = { version: 1 as const, placements: { 'kubevirt-clusters/kv-dev': 'east' }, allocations: {} };
  const kept = new hcp.Fleet('kept', { ...FLEET, providers, previousPlacement, options: EXAMPLE_OPTIONS });
  expect(kept.plan.hostedClusters.find((c) => c.cluster === 'kubevirt-clusters/kv-dev')?.managementCluster).toBe('east');
  const moved: FleetProps = { ...FLEET, hostedClusters: FLEET.hostedClusters.map((c) => (c.name === 'kv-dev' ? { ...c, managementCluster: 'west' } : c)) };
  await Promise.all([kept, ...Object.values(kept.hostedClusters)].map((r) => valueOf(r.urn)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = registrations.length;
  expect(() => new hcp.Fleet('moved', { ...moved, providers, previousPlacement: JSON.stringify(previousPlacement), options: EXAMPLE_OPTIONS })).toThrow(
    'kubevirt-clusters/kv-dev is pinned to "west", but the previous output places it on "east"',
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(registrations.slice(before).filter((r) => r.name.startsWith('moved'))).toEqual([]);
});

test("the placement guard: the fleet's resources wait for it, and its check refuses a move against the placement the state holds", async () => {
  const providers = { east: new k8s.Provider('east-3', { kubeconfig }), west: new k8s.Provider('west-3', { kubeconfig }) };
  const { dependsOn, record } = dependsOnRecorder();
  const fleet = new hcp.Fleet('guarded', { ...FLEET, providers, options: EXAMPLE_OPTIONS }, { transformations: [record] });
  const components = [...Object.values(fleet.managementClusters), ...Object.values(fleet.hostedClusters)];
  await Promise.all([fleet, ...components, ...components.flatMap((c) => c.phases.flatMap((p) => p.resources))].map((r) => valueOf(r.urn)));
  for (const component of [...Object.values(fleet.managementClusters), ...Object.values(fleet.hostedClusters)]) {
    // The guard is the one dynamic resource a component is given to wait for.
    const deps = dependsOn.get(component) as pulumi.Resource[] | undefined;
    const urns = await Promise.all((deps ?? []).map((d) => valueOf(d.urn)));
    expect(urns.filter((urn) => /[:$]pulumi-nodejs:dynamic:Resource::/.test(urn))).toHaveLength(1);
  }
  const guard = registrations.find((r) => r.name === 'guarded-placement');
  expect(guard?.type).toBe('pulumi-nodejs:dynamic:Resource');
  expect((guard?.inputs as { placements: Record<string, string> }).placements['kubevirt-clusters/kv-dev']).toBe('west');

  const stored = { placements: { 'kubevirt-clusters/kv-dev': 'west', 'clusters/gone': 'east' } };
  expect(hcp.placementFailures(stored, { placements: { 'kubevirt-clusters/kv-dev': 'west', 'clusters/new': 'east' } })).toEqual([]);
  expect(hcp.placementFailures(stored, { placements: { 'kubevirt-clusters/kv-dev': 'east' } })).toEqual([
    {
      property: '',
      reason:
        'hosted cluster kubevirt-clusters/kv-dev would move from management cluster west to east: Pulumi would delete it there and create a new one. ' +
        "Fix: Give the stack's last placement output as previousPlacement (or pin it: managementCluster: 'west'); to move it, use HostedClusterMigration.",
    },
  ]);
  // Anything the engine passes that is not a placement counts as none.
  expect(hcp.placementFailures(undefined, 42)).toEqual([]);
});

test("the fleet's guard refuses a rollout state that starts more than one wave since the last update, for the same target", () => {
  const target = 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi';
  const progress = (reached: number, to = target) => ({ placements: {}, rollout: { target: to, reached, waves: ['canary', 'east', 'rest'] } });
  // One wave on, the same, back, another target, or nothing stored: nothing refused.
  for (const [olds, news] of [
    [progress(0), progress(1)],
    [progress(1), progress(2)],
    [progress(2), progress(2)],
    [progress(2), progress(0)],
    [progress(3, 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi'), progress(2)],
    [{ placements: {} }, progress(3)],
    [{ placements: {}, rollout: { target, reached: 'two', waves: [] } }, progress(3)],
  ]) {
    expect(hcp.placementFailures(olds, news)).toEqual([]);
  }
  expect(hcp.placementFailures(progress(0), progress(2))).toEqual([
    {
      property: '',
      reason:
        `the rollout to ${target} would start 2 waves in one update (canary, east): the last update had started 0 of 3, ` +
        'and waves start one at a time, each once the one before it is healthy. ' +
        'Fix: Give rolloutState the rollout output of the last update, advanced by one wave with `hcp-constructs rollout next --record`.',
    },
  ]);
  expect(hcp.placementFailures(progress(1), progress(3))[0].reason).toContain('would start 2 waves in one update (east, rest)');
});

