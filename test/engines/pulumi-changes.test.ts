/**
 * A consumer's program under the real engine (test/engines/program: the package imported by name,
 * props as JSON stack config): changes the API server would refuse fail `pulumi preview` and
 * `pulumi up` with the library's message and change nothing, whether the resource hook refuses
 * them (an object's own change, on the bundle's objects and on a `NodePool` component's) or the
 * previous-state guard (a Restore of the live cluster, which the backup component guards); the ACM
 * import's ManagedCluster is deleted before the HostedCluster on `pulumi destroy`, observed on the
 * server.
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
/** The cluster's backup schedule (HostedClusterBackupProps), which brings the previous-state guard. */
const BACKUP = JSON.stringify({ schedule: '0 2 * * *' });
const extraPool = (upgradeType: 'Replace' | 'InPlace') => JSON.stringify({ ...cluster.nodePools![1], name: EXTRA_POOL, upgradeType });

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
    // The OADP operator's namespace, where the backup's Schedule goes.
    execFileSync(engineTool('kubectl')!, ['--kubeconfig', server.kubeconfig, 'create', 'namespace', 'openshift-adp']);
    operators = new StandInOperators(server);
    await operators.start();
    stack = await PulumiStack.create({ programDir: path.join(REPO_ROOT, 'test/engines/program'), stack: 'consumer', env: { KUBECONFIG: server.kubeconfig } });
    await stack.config({
      pullSecret: { secret: '{"auths":{}}' },
      supportedVersions: JSON.stringify(SUPPORTED_VERSIONS),
      import: 'true',
      extraNodePool: extraPool('Replace'),
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
    // With a backup of the cluster: its warning, logged before it was registered, once held the error back.
    await stack.config({ pullSecret: { secret: 'not-json-at-all' }, backup: BACKUP });
    const preview = await stack.run(['preview']);
    expect(preview.code).not.toBe(0);
    expect(preview.stdout).toContain('secretValues.pullSecret: the pull secret is not valid JSON.');
    expect(preview.stdout).not.toContain('not-json-at-all');
    const up = await stack.run(['up', '--yes', '--skip-preview']);
    expect(up.code).not.toBe(0);
    expect(up.stdout).toContain('secretValues.pullSecret: the pull secret is not valid JSON.');
    expect(() => kubectlJson(['get', 'namespace', NAMESPACE])).toThrow(/NotFound/);
    await stack.config({ pullSecret: { secret: '{"auths":{}}' } });
    // The other tests run without the guard the backup brings, and its dynamic-provider host's start in every command.
    await stack.ok(['config', 'rm', 'backup']);
  }, 10 * MINUTES);

  test('`pulumi up` creates the cluster, its import and a NodePool added with the NodePool component; a second preview finds no change', async () => {
    const up = await stack.ok(['up', '--yes', '--skip-preview']);
    expect(up.stdout).toMatch(/\+ \d+ created/);
    expect(kubectlJson(['get', 'managedcluster', 'kv-engine']).spec).toMatchObject({ hubAcceptsClient: true });
    expect(kubectlJson(['get', 'nodepool', '-n', NAMESPACE, EXTRA_POOL]).spec).toMatchObject({ clusterName: 'kv-engine' });
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
  }, 10 * MINUTES);

  const specs = () => ({
    hc: kubectlJson(['get', 'hostedcluster', '-n', NAMESPACE, 'kv-engine']).spec,
    np: kubectlJson(['get', 'nodepool', '-n', NAMESPACE, 'kv-dev-workers']).spec,
    extra: kubectlJson(['get', 'nodepool', '-n', NAMESPACE, EXTRA_POOL]).spec,
  });

  test.each([
    ['a NodePool upgradeType', { props: JSON.stringify(withWorkers('InPlace')) }, 'NodePool engine-clusters/kv-dev-workers', 'UpgradeType is immutable: it was "Replace" in the previous output and is "InPlace" now'],
    [
      'an immutable HostedCluster field',
      { props: JSON.stringify({ ...withWorkers('Replace'), controllerAvailabilityPolicy: 'SingleReplica' }) },
      'HostedCluster engine-clusters/kv-engine',
      'ControllerAvailabilityPolicy is immutable: it was "HighlyAvailable" in the previous output and is "SingleReplica" now',
    ],
    ["the upgradeType of a NodePool component's pool", { extraNodePool: extraPool('InPlace') }, `NodePool ${NAMESPACE}/${EXTRA_POOL}`, 'UpgradeType is immutable: it was "Replace" in the previous output and is "InPlace" now'],
  ])('a change of %s fails `pulumi preview` and `pulumi up` in the resource hook with the way forward, and changes nothing', async (_what, change, object, message) => {
    const before = specs();
    await stack.config(change);
    const preview = await stack.run(['preview']);
    expect(preview.code).not.toBe(0);
    // The program's resource hook refuses it, on the object itself.
    expect(preview.stdout.replace(/\s+/g, ' ')).toContain(`failed: before hook "hcp-previous-state" failed: error ${object} `);
    expect(preview.stdout.replace(/\s+/g, ' ')).toContain(message);
    expect(preview.stdout).toContain('Fix:');
    const up = await stack.run(['up', '--yes', '--skip-preview']);
    expect(up.code).not.toBe(0);
    expect(up.stdout.replace(/\s+/g, ' ')).toContain(message);
    expect(specs()).toEqual(before);
    await stack.config({ props: JSON.stringify(withWorkers('Replace')), extraNodePool: extraPool('Replace') });
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
  }, 10 * MINUTES);

  test('a Restore of the live cluster fails `pulumi preview` and `pulumi up` in the previous-state guard (its dynamic-provider host) and creates no Restore', async () => {
    const restores = () => execFileSync(engineTool('kubectl')!, ['--kubeconfig', server.kubeconfig, 'get', 'restores.velero.io', '-A', '-o', 'name'], { encoding: 'utf8' });
    // The backup brings the guard, which stores the HostedCluster it protects.
    await stack.config({ backup: BACKUP });
    await stack.ok(['up', '--yes', '--skip-preview']);
    await stack.config({ restore: JSON.stringify({ backupName: 'nightly-1' }) });
    const preview = await stack.run(['preview']);
    expect(preview.code).not.toBe(0);
    const said = preview.stdout.replace(/\s+/g, ' ');
    expect(said).toContain(`(component kv-engine-restore) clusterGone: the previous output applied HostedCluster ${NAMESPACE}/kv-engine`);
    expect(said).toContain('Fix: Destroy the cluster first');
    await stack.ok(['config', 'rm', 'restore']);
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
    // Without a preview the Restore waits for the guard, which refuses it: the server never gets it.
    await stack.config({ restore: JSON.stringify({ backupName: 'nightly-1' }) });
    const up = await stack.run(['up', '--yes', '--skip-preview']);
    expect(up.code).not.toBe(0);
    expect(up.stdout.replace(/\s+/g, ' ')).toContain('clusterGone: the previous output applied HostedCluster');
    expect(restores()).toBe('');
    // The restore set's component was recorded before its Restore failed; the next update removes it.
    await stack.ok(['config', 'rm', 'restore']);
    await stack.ok(['up', '--yes', '--skip-preview']);
    expect((await stack.run(['preview', '--expect-no-changes'])).code).toBe(0);
    expect(restores()).toBe('');
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
