/**
 * The example fleet (examples/fleet-app.ts) as the repository's Pulumi program (`cluster fleet`)
 * under the real engine: two management clusters, each a kube-apiserver of its own, a Kubernetes
 * provider each. Every hosted cluster lands on the server of the management cluster the fleet
 * placed it on, a second preview finds no change, and `pulumi destroy` empties both.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { engineTool } from './engine-tools';
import { PULUMI_TOOLS, REPO_ROOT, describeWithEngines } from './engine-suite';
import type { KubeServer } from './kube-server';
import { startManagementServers } from './management-fixture';
import { PulumiStack } from './pulumi-cli';

const MINUTES = 60_000;
const NAMES = ['east', 'west'] as const;

describeWithEngines('the example fleet under the real engine: two management clusters, two servers, two providers', PULUMI_TOOLS, () => {
  let servers: Record<string, KubeServer> = {};
  let stopServers: (() => Promise<void>) | undefined;
  let stack: PulumiStack;

  const hostedClustersOn = (name: string): string[] =>
    (JSON.parse(execFileSync(engineTool('kubectl')!, ['--kubeconfig', servers[name].kubeconfig, 'get', 'hostedclusters', '-A', '-o', 'json'], { encoding: 'utf8' })) as {
      items: Array<{ metadata: { namespace: string; name: string } }>;
    }).items
      .map((i) => `${i.metadata.namespace}/${i.metadata.name}`)
      .sort();

  beforeAll(async () => {
    ({ servers, stop: stopServers } = await startManagementServers(NAMES, 'fleet'));
    // No ambient kubeconfig: every object must go through the provider of its management cluster.
    stack = await PulumiStack.create({ programDir: REPO_ROOT, stack: 'fleet', env: { KUBECONFIG: '/nonexistent' } });
    await stack.config({ cluster: 'fleet' });
    for (const name of NAMES) await stack.config({ [`managementKubeconfigs.${name}`]: { secret: fs.readFileSync(servers[name].kubeconfig, 'utf8') } });
    process.stderr.write(`[engine] fleet: transcript in ${stack.transcript}\n`);
  }, 5 * MINUTES);

  afterAll(async () => {
    await stopServers?.();
    stack?.remove();
  });

  test('`pulumi up` puts each hosted cluster on the server of its management cluster; a second preview finds no change', async () => {
    const up = await stack.ok(['up', '--yes', '--skip-preview']);
    process.stderr.write(`\n[engine] fleet pulumi up: ${(up.ms / 1000).toFixed(1)} s\n${up.stdout.split('\n').slice(-6).join('\n')}\n`);
    const record = JSON.parse(JSON.parse((await stack.ok(['stack', 'output', 'placement', '--json'])).stdout)) as { placements: Record<string, string> };
    const placedOn = (name: string) => Object.keys(record.placements).filter((cluster) => record.placements[cluster] === name).sort();
    for (const name of NAMES) {
      expect(hostedClustersOn(name).length).toBeGreaterThan(0);
      expect(hostedClustersOn(name)).toEqual(placedOn(name));
    }
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
  }, 15 * MINUTES);

  test('`pulumi destroy` removes every hosted cluster from both servers', async () => {
    await stack.ok(['destroy', '--yes', '--skip-preview']);
    for (const name of NAMES) expect(hostedClustersOn(name)).toEqual([]);
  }, 15 * MINUTES);
});
