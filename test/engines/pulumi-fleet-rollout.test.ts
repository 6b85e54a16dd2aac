/**
 * A Fleet with a rollout under the real engine (docs/rollouts.md, Pulumi): the program of
 * test/engines/program/fleet-rollout, two management clusters, each a kube-apiserver of its own
 * with a provider. The stages run as a user runs them: `pulumi up`, the stack's `rollout` output
 * advanced by `hcp-constructs rollout next --record` (the built command), given back as
 * `rolloutState` config, `pulumi up` again. Each stage moves only the waves started, on the
 * server; a target the rollout refuses fails the preview and changes nothing.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FleetProps, HostedClusterProps } from '../../lib';
import { hcp } from '../cli/cli';
import { engineTool } from './engine-tools';
import { PULUMI_TOOLS, describeWithEngines } from './engine-suite';
import type { KubeServer } from './kube-server';
import { startManagementServers } from './management-fixture';
import { PulumiStack } from './pulumi-cli';

const MINUTES = 60_000;
const NAMES = ['east', 'west'] as const;
const FROM = 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64';
const TARGET = 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64';
const NAMESPACE = 'fleet-clusters';

/** A None cluster with one NodePool, on the management cluster named. */
const cluster = (name: string, managementCluster: string): HostedClusterProps & { managementCluster: string } => ({
  name,
  namespace: NAMESPACE,
  managementCluster,
  release: { image: FROM },
  baseDomain: 'example.com',
  controllerAvailabilityPolicy: 'HighlyAvailable',
  platform: { type: 'None' },
  services: { apiServerAddress: '192.0.2.10' },
  pullSecret: { existingSecret: `${name}-pull-secret` },
  secretEncryption: { aescbc: { existingSecret: `${name}-etcd-key` } },
  nodePools: [{ name: `${name}-workers`, replicas: 1 }],
});

const capacity = { workers: [{ name: 'control-plane', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 250 }] };

/** Three waves of one cluster each: the canary (on west, an hour of soak), east's cluster, the rest. */
const fleet = (target = TARGET): FleetProps => ({
  managementClusters: NAMES.map((name) => ({ name, cluster: { platforms: ['None'], capacity } })),
  hostedClusters: [cluster('canary-a', 'west'), cluster('east-a', 'east'), cluster('west-a', 'west')],
  rollout: {
    target: { image: target },
    canary: { clusters: [`${NAMESPACE}/canary-a`], soak: '1h' },
    waves: [{ name: 'east', managementClusters: ['east'] }, { name: 'rest' }],
  },
});

describeWithEngines('a Fleet with a rollout under the real engine: one wave per update, on two servers', PULUMI_TOOLS, () => {
  let servers: Record<string, KubeServer> = {};
  let stopServers: (() => Promise<void>) | undefined;
  let stack: PulumiStack;

  /** `namespace/name` → spec.release.image of every object of `kind` on every server. */
  const releasesOf = (kind: 'hostedclusters' | 'nodepools'): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const name of NAMES) {
      const list = JSON.parse(execFileSync(engineTool('kubectl')!, ['--kubeconfig', servers[name].kubeconfig, 'get', kind, '-A', '-o', 'json'], { encoding: 'utf8' })) as {
        items: Array<{ metadata: { namespace: string; name: string }; spec: { release: { image: string } } }>;
      };
      for (const i of list.items) found[`${i.metadata.namespace}/${i.metadata.name}`] = i.spec.release.image;
    }
    return found;
  };
  /** The releases on the servers when the clusters named are at the target and the others not. */
  const expected = (moved: readonly string[]) => ({
    hostedclusters: Object.fromEntries(['canary-a', 'east-a', 'west-a'].map((c) => [`${NAMESPACE}/${c}`, moved.includes(c) ? TARGET : FROM])),
    nodepools: Object.fromEntries(['canary-a', 'east-a', 'west-a'].map((c) => [`${NAMESPACE}/${c}-workers`, moved.includes(c) ? TARGET : FROM])),
  });
  const onServers = () => ({ hostedclusters: releasesOf('hostedclusters'), nodepools: releasesOf('nodepools') });
  /** The stack's `rollout` output, as text: what the user gives `rollout next --record`. */
  const rolloutOutput = async (): Promise<string> => JSON.parse((await stack.ok(['stack', 'output', 'rollout', '--json'])).stdout) as string;
  /** `hcp-constructs rollout next --record` on `state` at `now`. */
  const rolloutNext = (state: string, now: string) => {
    const file = path.join(stack.home, 'rollout-state.json');
    fs.writeFileSync(file, state);
    return hcp(stack.home, 'rollout', 'next', '--record', file, '--now', now);
  };
  const up = async (what: string) => {
    const run = await stack.ok(['up', '--yes', '--skip-preview']);
    const summary = run.stdout.split('\n').filter((line) => /^\s+[~+-]? ?\d+ (created|updated|unchanged|deleted)/.test(line));
    process.stderr.write(`\n[engine] fleet rollout, pulumi up (${what}): ${(run.ms / 1000).toFixed(1)} s\n${summary.join('\n')}\n`);
    return run;
  };

  beforeAll(async () => {
    ({ servers, stop: stopServers } = await startManagementServers(NAMES, 'rollout'));
    // No ambient kubeconfig: every object goes through the provider of its management cluster.
    stack = await PulumiStack.create({ programDir: path.join(__dirname, 'program', 'fleet-rollout'), stack: 'rollout', env: { KUBECONFIG: '/nonexistent' } });
    await stack.config({ fleet: JSON.stringify(fleet()) });
    for (const name of NAMES) await stack.config({ [`managementKubeconfigs.${name}`]: { secret: fs.readFileSync(servers[name].kubeconfig, 'utf8') } });
    process.stderr.write(`[engine] fleet rollout: transcript in ${stack.transcript}\n`);
  }, 5 * MINUTES);

  afterAll(async () => {
    await stopServers?.();
    stack?.remove();
  });

  let state = '';

  test('the first update starts no wave; with the canary started, only the canary moves, `rollout` is the state given, and a state two waves on is refused', async () => {
    await up('no wave');
    expect(onServers()).toEqual(expected([]));
    const first = JSON.parse(await rolloutOutput()) as { reached: number; target: string; waves: Array<{ name: string }>; startedAt?: string };
    expect(first).toMatchObject({ version: 1, reached: 0, target: TARGET, paused: false });
    expect(first.startedAt).toBeUndefined();
    expect(first.waves.map((w) => w.name)).toEqual(['canary', 'east', 'rest']);

    const next = rolloutNext(await rolloutOutput(), '2026-12-01T00:00:00Z');
    expect(next.stderr).toBe('');
    expect(next.status).toBe(0);
    state = next.stdout;
    expect(JSON.parse(state)).toMatchObject({ reached: 1, startedAt: '2026-12-01T00:00:00.000Z' });
    await stack.config({ rolloutState: state });
    await up('canary');
    expect(onServers()).toEqual(expected(['canary-a']));
    // The output is the state as given back: the next `rollout next --record` reads it.
    expect(await rolloutOutput()).toBe(state);

    // A state edited by hand two waves on: the fleet's guard refuses it before anything moves.
    await stack.config({ rolloutState: JSON.stringify({ ...JSON.parse(state), reached: 3 }) });
    const skipping = await stack.run(['preview']);
    expect(skipping.code).not.toBe(0);
    expect(skipping.stdout + skipping.stderr).toContain('would start 2 waves in one update (east, rest): the last update had started 1 of 3');
    expect(onServers()).toEqual(expected(['canary-a']));
    await stack.config({ rolloutState: state });
  }, 20 * MINUTES);

  test('the next wave waits for the soak, then moves east\'s cluster on its server; a preview after it finds no change', async () => {
    const soaking = rolloutNext(await rolloutOutput(), '2026-12-01T00:30:00Z');
    expect(soaking.status).toBe(1);
    expect(soaking.stdout).toBe('');
    expect(soaking.stderr).toContain('wave "canary" soaks for 1h from 2026-12-01T00:00:00.000Z, until 2026-12-01T01:00:00.000Z.');

    const next = rolloutNext(await rolloutOutput(), '2026-12-01T01:00:00Z');
    expect(next.status).toBe(0);
    state = next.stdout;
    expect(JSON.parse(state)).toMatchObject({ reached: 2, startedAt: '2026-12-01T01:00:00.000Z' });
    await stack.config({ rolloutState: state });
    await up('east');
    expect(onServers()).toEqual(expected(['canary-a', 'east-a']));
    expect(await rolloutOutput()).toBe(state);
    const preview = await stack.run(['preview', '--expect-no-changes']);
    expect(preview.code).toBe(0);
  }, 20 * MINUTES);

  test('a target two minor releases ahead fails the preview with the rollout\'s finding, and the servers keep their releases', async () => {
    await stack.config({ fleet: JSON.stringify(fleet('quay.io/openshift-release-dev/ocp-release:4.18.2-x86_64')) });
    const preview = await stack.run(['preview']);
    expect(preview.code).not.toBe(0);
    const printed = preview.stdout + preview.stderr;
    // Every cluster the rollout would move two minors is named, at its wave's path.
    for (const [wave, c] of [['canary', 'canary-a'], ['east', 'east-a'], ['rest', 'west-a']]) {
      expect(printed).toContain(`wave "${wave}" would move hosted cluster ${NAMESPACE}/${c} 4.16.4 → 4.18.2, more than one minor release at once.`);
    }
    expect(onServers()).toEqual(expected(['canary-a', 'east-a']));
    // Back to the fleet as it was: nothing to change.
    await stack.config({ fleet: JSON.stringify(fleet()) });
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
  }, 15 * MINUTES);
});
