/**
 * The Pulumi path under the real engine: the Pulumi CLI, the Node.js language host, the
 * dynamic-provider host and the Kubernetes provider (engines/build.sh), against a full
 * kube-apiserver (test/engines/kube-server.ts), with a local file backend and a passphrase.
 * A stand-in answers the readiness the operators would report (stand-in-operators.ts).
 *
 * The repository's own program (Pulumi.yaml at the root, the laptop path of docs/pulumi.md) creates the
 * example management cluster and a hosted cluster of each platform but AWS; a consumer's program
 * (test/engines/program, which imports the package by name) takes the refused changes and the
 * ACM import. The AWS components stay under mocks: the AWS provider cannot be built here.
 */
import { execFileSync } from 'node:child_process';
import { agentCluster, kubevirtCluster, noneCluster } from '../../examples/clusters';
import { engineTool } from './engine-tools';
import { PULUMI_TOOLS, REPO_ROOT, describeWithEngines } from './engine-suite';
import { startKubeServer, type KubeServer } from './kube-server';
import { PulumiStack } from './pulumi-cli';
import { StandInOperators } from './stand-in-operators';
import { createOpenShiftBasics, engineCrds } from './management-fixture';

const MINUTES = 60_000;
const PULL_SECRET = '{"auths":{"quay.io":{"auth":"ZW5naW5lLXN1aXRlOnRvcC1zZWNyZXQtdmFsdWU="}}}';
const ETCD_KEY = Buffer.from('engine-suite-etcd-key-32-bytes!!').toString('base64'); // 32 bytes, as aescbc needs

/** `kubectl` against `server`, parsed as JSON. */
function kubectl(server: KubeServer, args: string[]): unknown {
  const out = execFileSync(engineTool('kubectl')!, ['--kubeconfig', server.kubeconfig, ...args, '-o', 'json'], { encoding: 'utf8' });
  return JSON.parse(out);
}

describeWithEngines('the Pulumi engine against a full API server', PULUMI_TOOLS, () => {
  let server: KubeServer;
  let operators: StandInOperators;
  const stacks: PulumiStack[] = [];

  beforeAll(async () => {
    server = await startKubeServer({ crds: engineCrds(), name: 'engine' });
    createOpenShiftBasics(server);
    operators = new StandInOperators(server);
    await operators.start();
  }, 5 * MINUTES);

  afterAll(async () => {
    operators?.stop();
    await server?.stop();
    for (const s of stacks) s.remove();
  });

  /** A stack of the repository's own program with `cluster` set, on this server. */
  async function rootStack(cluster: string): Promise<PulumiStack> {
    const stack = await PulumiStack.create({ programDir: REPO_ROOT, stack: cluster, env: { KUBECONFIG: server.kubeconfig } });
    stacks.push(stack);
    await stack.config({ cluster });
    if (cluster !== 'management') await stack.config({ pullSecret: { secret: PULL_SECRET }, etcdEncryptionKey: { secret: ETCD_KEY } });
    return stack;
  }

  const programs: Record<string, PulumiStack> = {};

  test.each(['management', 'none', 'kubevirt', 'agent'])(
    '`pulumi up` of the repository program with cluster=%s creates everything, and a second preview finds no change',
    async (cluster) => {
      const stack = await rootStack(cluster);
      programs[cluster] = stack;
      process.stderr.write(`[engine] cluster=${cluster}: transcript in ${stack.transcript}\n`);
      const up = await stack.ok(['up', '--yes', '--skip-preview']);
      process.stderr.write(`\n[engine] pulumi up (cluster=${cluster}): ${(up.ms / 1000).toFixed(1)} s\n${up.stdout.split('\n').slice(-12).join('\n')}\n`);
      expect(up.stdout).toMatch(/Resources:\n\s+\+ \d+ created/);
      const again = await stack.run(['preview', '--expect-no-changes']);
      expect({ code: again.code, out: again.stdout.includes('unchanged') }).toEqual({ code: 0, out: true });
    },
    10 * MINUTES,
  );

  test('the hosted clusters are on the server as the program planned them, their Secrets with the values given', () => {
    for (const c of [noneCluster, kubevirtCluster, agentCluster]) {
      const hc = kubectl(server, ['get', 'hostedcluster', '-n', c.namespace!, c.name]) as { spec: { pullSecret: { name: string } } };
      const secret = kubectl(server, ['get', 'secret', '-n', c.namespace!, hc.spec.pullSecret.name]) as { type: string; data: Record<string, string> };
      expect(Buffer.from(secret.data['.dockerconfigjson'], 'base64').toString()).toBe(PULL_SECRET);
    }
  });

  test('no secret value is in the state (`pulumi stack export`)', async () => {
    for (const [cluster, stack] of Object.entries(programs)) {
      const exported = await stack.ok(['stack', 'export']);
      expect(exported.stdout.length).toBeGreaterThan(1000);
      for (const value of [PULL_SECRET, ETCD_KEY, Buffer.from(PULL_SECRET).toString('base64'), 'top-secret-value']) {
        expect({ cluster, found: exported.stdout.includes(value) }).toEqual({ cluster, found: false });
      }
      if (cluster !== 'management') expect(exported.stdout).toContain('"4dabf18193072939515e22adb298388d"'); // Pulumi's secret signature
    }
  });

  test('`pulumi destroy` of each program removes what it created, in reverse order, and leaves nothing behind', async () => {
    for (const cluster of ['agent', 'kubevirt', 'none', 'management']) {
      const before = operators.deleted.length;
      const destroy = await programs[cluster].ok(['destroy', '--yes', '--skip-preview']);
      const removed = operators.deleted.slice(before);
      process.stderr.write(`\n[engine] pulumi destroy (cluster=${cluster}): ${(destroy.ms / 1000).toFixed(1)} s; removed on the server, in order:\n  ${removed.join('\n  ')}\n`);
      expect(removed.length).toBeGreaterThan(0);
      const first = (kind: string) => removed.findIndex((r) => r.startsWith(`${kind} `));
      const last = (kind: string) => removed.length - 1 - [...removed].reverse().findIndex((r) => r.startsWith(`${kind} `));
      if (cluster !== 'management') {
        // NodePools, then the HostedCluster, then its Secrets and the Namespace.
        if (first('NodePool') >= 0) expect(last('NodePool')).toBeLessThan(first('HostedCluster'));
        expect(last('HostedCluster')).toBeLessThan(first('Secret'));
        expect(last('Secret')).toBeLessThan(first('Namespace'));
      }
    }
    // Nothing is left in the program's Namespaces when they go, but the object the management
    // cluster's operator made and the program only patched (it is retained, the operator's own).
    const expected = Object.fromEntries(Object.keys(operators.leftInNamespaces).map((ns) => [ns, [] as string[]]));
    expected['multicluster-engine'] = ['addondeploymentconfigs multicluster-engine/hypershift-addon-deploy-config'];
    expect(operators.leftInNamespaces).toEqual(expected);
  }, 15 * MINUTES);

});
