/**
 * A consumer's program under the real engine (test/engines/program: the package imported by name,
 * props as JSON stack config): changes the API server would refuse fail `pulumi preview` and
 * `pulumi up` with the library's message and change nothing; the ACM import's ManagedCluster is
 * deleted before the HostedCluster on `pulumi destroy`, observed on the server.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { HostedClusterProps } from '../../lib';
import { SUPPORTED_VERSIONS, kubevirtCluster } from '../../examples/clusters';
import { engineTool } from './engine-tools';
import { PULUMI_TOOLS, REPO_ROOT, describeWithEngines } from './engine-suite';
import { startKubeServer, type KubeServer } from './kube-server';
import { createOpenShiftBasics, engineCrds } from './management-fixture';
import { PulumiStack } from './pulumi-cli';
import { StandInOperators } from './stand-in-operators';

const MINUTES = 60_000;
const NAMESPACE = 'engine-clusters';
/** A NodePool the program adds with the `NodePool` component, beside the bundle's own. */
const EXTRA_POOL = 'kv-engine-extra';

const { pullSecret: _pullSecret, ...cluster } = { ...kubevirtCluster, name: 'kv-engine', namespace: NAMESPACE };
const withWorkers = (upgradeType: 'Replace' | 'InPlace'): Omit<HostedClusterProps, 'pullSecret'> => ({
  ...cluster,
  nodePools: cluster.nodePools!.map((p, i) => (i === 0 ? { ...p, upgradeType } : p)),
});

describeWithEngines("a consumer's program under the real engine: refused changes and the import's delete order", PULUMI_TOOLS, () => {
  let server: KubeServer;
  let operators: StandInOperators;
  let stack: PulumiStack;

  const kubectlJson = (args: string[]): { spec: Record<string, unknown> } =>
    JSON.parse(execFileSync(engineTool('kubectl')!, ['--kubeconfig', server.kubeconfig, ...args, '-o', 'json'], { encoding: 'utf8' }));
  const setProps = (props: object) => stack.config({ props: JSON.stringify(props) });

  beforeAll(async () => {
    server = await startKubeServer({ crds: engineCrds(), name: 'consumer' });
    createOpenShiftBasics(server);
    operators = new StandInOperators(server);
    await operators.start();
    stack = await PulumiStack.create({ programDir: path.join(REPO_ROOT, 'test/engines/program'), stack: 'consumer', env: { KUBECONFIG: server.kubeconfig } });
    await stack.config({
      pullSecret: { secret: '{"auths":{}}' },
      supportedVersions: JSON.stringify(SUPPORTED_VERSIONS),
      import: 'true',
      extraNodePool: JSON.stringify({ ...cluster.nodePools![1], name: EXTRA_POOL }),
    });
    await setProps(withWorkers('Replace'));
    process.stderr.write(`[engine] consumer program: transcript in ${stack.transcript}\n`);
  }, 5 * MINUTES);

  afterAll(async () => {
    operators?.stop();
    await server?.stop();
    stack?.remove();
  });

  test('a malformed secret value fails `pulumi preview` with the finding (never the value) and creates nothing', async () => {
    await stack.config({ pullSecret: { secret: 'not-json-at-all' } });
    const preview = await stack.run(['preview']);
    expect(preview.code).not.toBe(0);
    expect(preview.stdout).toContain('secretValues.pullSecret: the pull secret is not valid JSON.');
    expect(preview.stdout).not.toContain('not-json-at-all');
    const up = await stack.run(['up', '--yes', '--skip-preview']);
    expect(up.code).not.toBe(0);
    expect(up.stdout).toContain('secretValues.pullSecret: the pull secret is not valid JSON.');
    expect(() => kubectlJson(['get', 'namespace', NAMESPACE])).toThrow(/NotFound/);
    await stack.config({ pullSecret: { secret: '{"auths":{}}' } });
  }, 10 * MINUTES);

  test('`pulumi up` creates the cluster, its import and a NodePool added with the NodePool component; a second preview finds no change', async () => {
    const up = await stack.ok(['up', '--yes', '--skip-preview']);
    expect(up.stdout).toMatch(/\+ \d+ created/);
    expect(kubectlJson(['get', 'managedcluster', 'kv-engine']).spec).toMatchObject({ hubAcceptsClient: true });
    expect(kubectlJson(['get', 'nodepool', '-n', NAMESPACE, EXTRA_POOL]).spec).toMatchObject({ clusterName: 'kv-engine' });
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
  }, 10 * MINUTES);

  test.each([
    ['a NodePool upgradeType', withWorkers('InPlace'), 'UpgradeType is immutable: it was "Replace" in the previous output and is "InPlace" now'],
    ['an immutable HostedCluster field', { ...withWorkers('Replace'), controllerAvailabilityPolicy: 'SingleReplica' }, 'ControllerAvailabilityPolicy is immutable: it was "HighlyAvailable" in the previous output and is "SingleReplica" now'],
  ])('a change of %s fails `pulumi preview` and `pulumi up` with the way forward, and changes nothing', async (_what, props, message) => {
    const before = { hc: kubectlJson(['get', 'hostedcluster', '-n', NAMESPACE, 'kv-engine']).spec, np: kubectlJson(['get', 'nodepool', '-n', NAMESPACE, 'kv-dev-workers']).spec };
    await setProps(props);
    const preview = await stack.run(['preview']);
    expect(preview.code).not.toBe(0);
    // The program's resource hook refuses it, on the object itself.
    expect(preview.stdout.replace(/\s+/g, ' ')).toContain('failed: before hook "hcp-previous-state" failed: error ');
    expect(preview.stdout.replace(/\s+/g, ' ')).toContain(message);
    expect(preview.stdout).toContain('Fix:');
    const up = await stack.run(['up', '--yes', '--skip-preview']);
    expect(up.code).not.toBe(0);
    expect(up.stdout.replace(/\s+/g, ' ')).toContain(message);
    expect({ hc: kubectlJson(['get', 'hostedcluster', '-n', NAMESPACE, 'kv-engine']).spec, np: kubectlJson(['get', 'nodepool', '-n', NAMESPACE, 'kv-dev-workers']).spec }).toEqual(before);
    await setProps(withWorkers('Replace'));
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
  }, 10 * MINUTES);

  test('`pulumi destroy` deletes the ManagedCluster, then the NodePools, then the HostedCluster, then the rest', async () => {
    const before = operators.deleted.length;
    await stack.ok(['destroy', '--yes', '--skip-preview']);
    const removed = operators.deleted.slice(before);
    process.stderr.write(`\n[engine] consumer program: pulumi destroy removed, in order:\n  ${removed.join('\n  ')}\n`);
    const at = (label: string) => removed.indexOf(label);
    const managed = at('ManagedCluster kv-engine');
    const hostedCluster = at(`HostedCluster ${NAMESPACE}/kv-engine`);
    const nodePools = [at(`NodePool ${NAMESPACE}/kv-dev-workers`), at(`NodePool ${NAMESPACE}/kv-dev-infra`), at(`NodePool ${NAMESPACE}/${EXTRA_POOL}`)];
    expect(Math.min(managed, hostedCluster, ...nodePools)).toBeGreaterThanOrEqual(0);
    expect(managed).toBeLessThan(hostedCluster);
    expect(Math.max(...nodePools)).toBeLessThan(hostedCluster);
    const rest = removed.filter((r, i) => i > hostedCluster && !r.startsWith('Namespace '));
    expect(removed.slice(hostedCluster + 1).filter((r) => r.startsWith('Secret ') || r.startsWith('ConfigMap ')).length).toBeGreaterThan(0);
    expect(removed.filter((r) => r.startsWith('Namespace ')).every((ns) => removed.indexOf(ns) > hostedCluster)).toBe(true);
    expect(rest.every((r) => removed.indexOf(r) > hostedCluster)).toBe(true);
    expect(operators.leftInNamespaces[NAMESPACE] ?? []).toEqual([]);
  }, 10 * MINUTES);
});
