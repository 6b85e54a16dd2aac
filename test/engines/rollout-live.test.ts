/**
 * `hcp-constructs rollout next --kubeconfig` against a real kube-apiserver with the HyperShift CRDs:
 * the example fleet's rollout (examples/fleet-rollout.ts) synthesized and its canary started, the
 * canary's HostedCluster and NodePools applied server-side as Argo CD does, and their status
 * written through the status subresource as the HyperShift operator writes it, one state after
 * another. Each state not done (no status, an update in progress, NodePools not yet at the
 * target, a degraded control plane) is refused with the cluster named and the record left as it
 * was; the done state starts the next wave and the record says so. The command reads as a
 * ServiceAccount that may only get HostedClusters and list NodePools in the wave's namespace.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as yaml from 'js-yaml';
import { ENGINES_BIN, KUBECTL } from './engine-tools';
import { HYPERSHIFT_CRDS, describeUnlessMissing, missingForCliOnHypershiftServer } from './engine-suite';
import { KubeServer, startKubeServer } from './kube-server';
import { tokenKubeconfig } from './kube-apply';
import { ROOT, hcp, makeProject, removeProject } from '../cli/cli';

const execFileP = promisify(execFile);
const TIMEOUT = 180_000;
const APP = path.join(ROOT, 'examples', 'fleet-rollout.ts');
/** kv-dev, the canary: KubeVirt, so EXAMPLE_ROLLOUT's override gives it the multi-arch image. */
const NAMESPACE = 'kubevirt-clusters';
const CLUSTER = 'kv-dev';
/** In the order the server lists them (by name), which the refusal follows. */
const POOLS = ['kv-dev-infra', 'kv-dev-workers'];
const FROM = { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi', version: '4.16.4' };
const TARGET = { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi', version: '4.17.3' };
/** When the canary starts, and a time after its 24h soak: only the live gate can refuse then. */
const CANARY_STARTED = '2026-12-01T00:00:00Z';
const AFTER_SOAK = '2026-12-02T01:00:00Z';
const REFUSED = 'rollout next: nothing started (no wave, no NodePools step).\n  wave "canary" is not healthy yet:\n';

const condition = (type: string, status: 'True' | 'False', reason = 'AsExpected', message = '') => ({ type, status, reason, message, lastTransitionTime: '2026-12-01T00:00:00Z' });
/** One entry of a HostedCluster's version history, as the operator copies it from the hosted cluster's ClusterVersion. */
const entry = (release: typeof TARGET, state: 'Partial' | 'Completed', completed: boolean) => ({
  ...release, state, verified: true, startedTime: '2026-12-01T00:00:00Z', completionTime: completed ? '2026-12-01T00:40:00Z' : null,
});
/** The HostedCluster's status with `history` newest first, and its conditions. */
const hostedClusterStatus = (history: object[], conditions: object[]) => ({ version: { desired: TARGET, observedGeneration: 2, availableUpdates: null, history }, conditions });
const UPDATING = [entry(TARGET, 'Partial', false), entry(FROM, 'Completed', true)];
const UPDATED = [entry(TARGET, 'Completed', true), entry(FROM, 'Completed', true)];
const HEALTHY = [condition('Available', 'True'), condition('Progressing', 'False'), condition('Degraded', 'False')];
const nodePoolStatus = (version: string, updating: boolean) => ({
  version,
  replicas: 2,
  conditions: [condition('UpdatingVersion', updating ? 'True' : 'False', 'AsExpected', updating ? `Updating version in progress. Target version: ${TARGET.version}` : ''), condition('Ready', 'True')],
});

/** kubectl on `server` as its admin. */
const kubectlOn = async (server: KubeServer, args: string[], input?: string) => {
  const child = execFileP(KUBECTL, ['--kubeconfig', server.kubeconfig, ...args], {
    env: { ...process.env, PATH: `${ENGINES_BIN}${path.delimiter}${process.env.PATH}`, KUBECACHEDIR: path.join(server.dir, 'kubectl-cache') },
    timeout: 60_000,
  });
  if (input !== undefined) child.child.stdin!.end(input);
  return child;
};
/**
 * Replaces the status of a HostedCluster or NodePool through the status subresource, as the
 * operator does. A JSON patch: a merge patch would drop the nulls the CRD requires (availableUpdates).
 */
const setStatusOn = (server: KubeServer, kind: 'hostedcluster' | 'nodepool', namespace: string, name: string, status: object) =>
  kubectlOn(server, ['patch', `${kind}.hypershift.openshift.io`, name, '-n', namespace, '--subresource=status', '--type=json', '--field-manager=hypershift-operator', '-p', JSON.stringify([{ op: 'add', path: '/status', value: status }])]);
/** The Namespace, HostedCluster and NodePools of a synthesized cluster file (the kinds these servers serve), applied server-side as argocd-controller. */
const applyClusterFile = async (server: KubeServer, file: string) => {
  const objects = yaml.loadAll(fs.readFileSync(file, 'utf8')).filter((o) => ['Namespace', 'HostedCluster', 'NodePool'].includes((o as { kind: string }).kind)) as Array<{ kind: string; metadata: { name: string } }>;
  await kubectlOn(server, ['apply', '--server-side', '--field-manager=argocd-controller', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
  return objects;
};

describeUnlessMissing('rollout next --kubeconfig against kube-apiserver (the example fleet\'s canary)', missingForCliOnHypershiftServer(), () => {
  let server: KubeServer;
  let project: string;
  /** The kubeconfig `rollout next` reads with: the ServiceAccount with the gate's read-only Role. */
  let reader: string;
  const recordFile = () => path.join(project, 'dist', 'reports', 'rollout-state.json');

  const kubectl = (args: string[], input?: string) => kubectlOn(server, args, input);
  const setStatus = (kind: 'hostedcluster' | 'nodepool', name: string, status: object) => setStatusOn(server, kind, NAMESPACE, name, status);
  const setPools = async (status: object) => {
    for (const pool of POOLS) await setStatus('nodepool', pool, status);
  };
  /** `rollout next` as users run it, with the management cluster's kubeconfig. */
  const next = () => hcp(project, 'rollout', 'next', APP, '-o', 'dist', '--now', AFTER_SOAK, '--kubeconfig', reader);
  /** Runs it in a state that must be refused: exit 1, nothing written; returns what it printed. */
  const refused = () => {
    const before = fs.readFileSync(recordFile(), 'utf8');
    const run = next();
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 1, stdout: '' });
    expect(fs.readFileSync(recordFile(), 'utf8')).toBe(before);
    return run.stderr;
  };

  beforeAll(async () => {
    server = await startKubeServer({ name: 'rollout-live', crds: [HYPERSHIFT_CRDS] });
    project = makeProject();
    expect(hcp(project, 'synth', APP, '-o', 'dist').status).toBe(0);
    const canary = hcp(project, 'rollout', 'next', APP, '-o', 'dist', '--now', CANARY_STARTED);
    expect(canary.stdout).toContain('Started wave canary (1 cluster(s)), 1 of 3');
    // Delivered as Argo CD delivers it: the canary's HostedCluster and NodePools (the only kinds this
    // server serves of the file), applied server-side as argocd-controller.
    const objects = await applyClusterFile(server, path.join(project, 'dist', 'management-west', '05-resources', 'kubevirt-kv-dev.yaml'));
    expect(objects.map((o) => o.kind)).toEqual(['Namespace', 'HostedCluster', 'NodePool', 'NodePool']);
    const applied = await kubectl(['get', 'hostedcluster', CLUSTER, '-n', NAMESPACE, '-o', 'jsonpath={.spec.release.image}']);
    expect(applied.stdout).toBe(TARGET.image);
    // What the gate reads, and nothing more: get HostedClusters, list NodePools (docs/rollouts.md).
    const gate = [
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'rollout-gate', namespace: NAMESPACE } },
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'rollout-gate', namespace: NAMESPACE }, rules: [{ apiGroups: ['hypershift.openshift.io'], resources: ['hostedclusters'], verbs: ['get'] }, { apiGroups: ['hypershift.openshift.io'], resources: ['nodepools'], verbs: ['list'] }] },
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'rollout-gate', namespace: NAMESPACE }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'rollout-gate' }, subjects: [{ kind: 'ServiceAccount', name: 'rollout-gate', namespace: NAMESPACE }] },
    ];
    await kubectl(['apply', '--server-side', '--field-manager=admin', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: gate }));
    reader = await tokenKubeconfig(async (args) => (await kubectl(args)).stdout, server, 'rollout-gate', NAMESPACE);
  }, TIMEOUT);

  afterAll(async () => {
    if (project) removeProject(project);
    await server?.stop();
  }, TIMEOUT);

  test('applied, with no status yet (the operator has not reconciled it): refused, the canary named', () => {
    expect(refused()).toBe(`${REFUSED}  ${NAMESPACE}/${CLUSTER}: the control plane runs no version yet, not ${TARGET.image}\n  ${NAMESPACE}/${CLUSTER}: not Available\n`);
  }, TIMEOUT);

  test('the control plane\'s update in progress (Partial), the NodePools waiting on it: refused, saying which', async () => {
    await setStatus('hostedcluster', CLUSTER, hostedClusterStatus(UPDATING, [condition('Available', 'True'), condition('Progressing', 'True', 'AsExpected', `Working towards ${TARGET.version}`)]));
    await setPools(nodePoolStatus(FROM.version, true));
    expect(refused()).toBe(
      `${REFUSED}  ${NAMESPACE}/${CLUSTER}: the control plane's update to ${TARGET.image} is Partial, not Completed\n` +
        POOLS.map((p) => `  ${NAMESPACE}/${CLUSTER}: NodePool ${p} is still updating its version\n`).join(''),
    );
  }, TIMEOUT);

  test('the control plane done, its NodePools still at the release they had (not updating any more, or not yet): refused', async () => {
    await setStatus('hostedcluster', CLUSTER, hostedClusterStatus(UPDATED, HEALTHY));
    await setPools(nodePoolStatus(FROM.version, false));
    expect(refused()).toBe(`${REFUSED}${POOLS.map((p) => `  ${NAMESPACE}/${CLUSTER}: NodePool ${p} runs ${FROM.version}, not ${TARGET.version}\n`).join('')}`);
  }, TIMEOUT);

  test('at the target but Degraded: the rollout stops there, the canary named with the operator\'s message', async () => {
    await setPools(nodePoolStatus(TARGET.version, false));
    const message = 'kube-apiserver deployment has 1 unavailable replicas';
    await setStatus('hostedcluster', CLUSTER, hostedClusterStatus(UPDATED, [condition('Available', 'True'), condition('Progressing', 'False'), condition('Degraded', 'True', 'UnavailableReplicas', message)]));
    expect(refused()).toBe(`${REFUSED}  ${NAMESPACE}/${CLUSTER}: Degraded (${message})\n`);
  }, TIMEOUT);

  test('every cluster of the canary at the target, Available, its NodePools updated: the next wave (east) starts, with --record too', async () => {
    await setStatus('hostedcluster', CLUSTER, hostedClusterStatus(UPDATED, HEALTHY));
    // Pulumi's stages (--record): the advanced record on stdout, the file left as it is.
    const before = fs.readFileSync(recordFile(), 'utf8');
    const staged = hcp(project, 'rollout', 'next', '--record', recordFile(), '--now', AFTER_SOAK, '--kubeconfig', reader);
    expect({ status: staged.status, stderr: staged.stderr, reached: JSON.parse(staged.stdout).reached }).toEqual({ status: 0, stderr: '', reached: 2 });
    expect(fs.readFileSync(recordFile(), 'utf8')).toBe(before);
    const run = next();
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: expect.not.stringContaining('nothing started') });
    expect(run.stdout).toContain('Upgrades (in apply order):\n  HostedCluster aws-clusters/aws-prod 4.16.4 -> 4.17.3\n');
    expect(run.stdout).toContain('  HostedCluster kubevirt-clusters/kv-lb 4.16.4 -> 4.17.3\n');
    expect(run.stdout).toContain('Started wave east (2 cluster(s)), 2 of 3: commit dist/.\n');
    const record = JSON.parse(fs.readFileSync(recordFile(), 'utf8'));
    expect({ reached: record.reached, startedAt: record.startedAt }).toEqual({ reached: 2, startedAt: '2026-12-02T01:00:00.000Z' });
    // The output gives east's clusters the target; kv-dev (done) keeps it.
    const eastCluster = fs.readFileSync(path.join(project, 'dist', 'management-east', '05-resources', 'kubevirt-kv-lb.yaml'), 'utf8');
    expect(eastCluster).toContain(`image: ${TARGET.image}`);
  }, TIMEOUT);
});

/**
 * A wave on two management clusters: the example fleet with a canary of kv-dev (west) and kv-lb
 * (east), each management cluster a kube-apiserver of its own. The wave passes only when both
 * are healthy, each read on its own server; a management cluster without a kubeconfig is refused
 * by name, and a wrong option is a usage error.
 */
describeUnlessMissing('rollout next --kubeconfig <management>=<file> across two management clusters (two kube-apiservers)', missingForCliOnHypershiftServer(), () => {
  const servers: Record<'west' | 'east', KubeServer> = {} as Record<'west' | 'east', KubeServer>;
  let project: string;
  /** cluster → its server, and its NodePools as applied. */
  const placed: Record<string, { server: 'west' | 'east'; pools: string[] }> = { 'kv-dev': { server: 'west', pools: [] }, 'kv-lb': { server: 'east', pools: [] } };
  const both = () => ['--kubeconfig', `west=${servers.west.kubeconfig}`, '--kubeconfig', `east=${servers.east.kubeconfig}`];
  const next = (...kubeconfigs: string[]) => hcp(project, 'rollout', 'next', 'multi.ts', '-o', 'dist', '--now', AFTER_SOAK, ...kubeconfigs);
  const recordFile = () => path.join(project, 'dist', 'reports', 'rollout-state.json');
  const refused = (...kubeconfigs: string[]) => {
    const before = fs.readFileSync(recordFile(), 'utf8');
    const run = next(...kubeconfigs);
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 1, stdout: '' });
    expect(fs.readFileSync(recordFile(), 'utf8')).toBe(before);
    return run.stderr;
  };
  const healthy = async (cluster: string) => {
    const server = servers[placed[cluster].server];
    await setStatusOn(server, 'hostedcluster', NAMESPACE, cluster, hostedClusterStatus(UPDATED, HEALTHY));
    for (const pool of placed[cluster].pools) await setStatusOn(server, 'nodepool', NAMESPACE, pool, nodePoolStatus(TARGET.version, false));
  };

  beforeAll(async () => {
    const [west, east] = await Promise.all([startKubeServer({ name: 'rollout-west', crds: [HYPERSHIFT_CRDS] }), startKubeServer({ name: 'rollout-east', crds: [HYPERSHIFT_CRDS] })]);
    Object.assign(servers, { west, east });
    project = makeProject();
    // The example fleet whose canary spans both management clusters (both KubeVirt: the multi-arch target).
    fs.writeFileSync(path.join(project, 'multi.ts'), [
      `import { runSynth } from ${JSON.stringify(path.join(ROOT, 'lib', 'cdk8s'))};`,
      `import { EXAMPLE_FLEET_ROLLOUT, EXAMPLE_ROLLOUT, defineFleetExample } from ${JSON.stringify(path.join(ROOT, 'examples', 'fleet-app'))};`,
      `export const define = (app: any) => defineFleetExample(app, { ...EXAMPLE_FLEET_ROLLOUT, rollout: { ...EXAMPLE_ROLLOUT, canary: { clusters: ['${NAMESPACE}/kv-dev', '${NAMESPACE}/kv-lb'], soak: '24h' } } });`,
      `if (require.main === module) process.exitCode = runSynth(define);`,
    ].join('\n'));
    expect(hcp(project, 'synth', 'multi.ts', '-o', 'dist').status).toBe(0);
    const canary = hcp(project, 'rollout', 'next', 'multi.ts', '-o', 'dist', '--now', CANARY_STARTED);
    expect(canary.stdout).toContain('Started wave canary (2 cluster(s)), 1 of 3');
    expect(JSON.parse(fs.readFileSync(recordFile(), 'utf8')).managementClusters).toMatchObject({ [`${NAMESPACE}/kv-dev`]: 'west', [`${NAMESPACE}/kv-lb`]: 'east' });
    for (const [cluster, where] of Object.entries(placed)) {
      const objects = await applyClusterFile(servers[where.server], path.join(project, 'dist', `management-${where.server}`, '05-resources', `kubevirt-${cluster}.yaml`));
      where.pools = objects.filter((o) => o.kind === 'NodePool').map((o) => o.metadata.name);
    }
  }, TIMEOUT);

  afterAll(async () => {
    if (project) removeProject(project);
    await Promise.all(Object.values(servers).map((s) => s?.stop()));
  }, TIMEOUT);

  test('west healthy, east not yet: refused, only kv-lb named, each read on its own server', async () => {
    await healthy('kv-dev');
    expect(refused(...both())).toBe(`${REFUSED}  ${NAMESPACE}/kv-lb: the control plane runs no version yet, not ${TARGET.image}\n  ${NAMESPACE}/kv-lb: not Available\n`);
  }, TIMEOUT);

  test('no kubeconfig for east: refused naming the option, never "no HostedCluster"; wrong options are usage errors, all at once', async () => {
    await healthy('kv-lb');
    expect(refused('--kubeconfig', `west=${servers.west.kubeconfig}`)).toBe(`${REFUSED}  ${NAMESPACE}/kv-lb: its management cluster east has no kubeconfig: give --kubeconfig east=<file>\n`);
    // One file without contexts named after the management clusters reads neither of a two-cluster wave.
    expect(refused('--kubeconfig', servers.west.kubeconfig)).toContain(`${NAMESPACE}/kv-lb: its management cluster east has no kubeconfig: give --kubeconfig east=<file>, or a context named east in ${servers.west.kubeconfig}\n`);
    const wrong = next(...both(), '--kubeconfig', 'north=/nonexistent/north.kubeconfig');
    expect({ status: wrong.status, stdout: wrong.stdout }).toEqual({ status: 2, stdout: '' });
    expect(wrong.stderr).toContain('--kubeconfig north=/nonexistent/north.kubeconfig: the fleet\'s rollout has no management cluster "north" (it has east, west): name one of them.');
    expect(wrong.stderr).toContain('--kubeconfig north=/nonexistent/north.kubeconfig: cannot read the kubeconfig /nonexistent/north.kubeconfig (ENOENT).');
  }, TIMEOUT);

  test('both healthy: --record passes with one file per management cluster; -o dist starts the next wave with one file whose contexts are named after them', () => {
    const before = fs.readFileSync(recordFile(), 'utf8');
    const staged = hcp(project, 'rollout', 'next', '--record', recordFile(), '--now', AFTER_SOAK, ...both());
    expect({ status: staged.status, stderr: staged.stderr, reached: JSON.parse(staged.stdout || '{}').reached }).toEqual({ status: 0, stderr: '', reached: 2 });
    expect(fs.readFileSync(recordFile(), 'utf8')).toBe(before);
    // kubectl's form: one file, a context per management cluster.
    const merged = path.join(project, 'fleet.kubeconfig');
    const names = ['west', 'east'] as const;
    fs.writeFileSync(merged, yaml.dump({
      apiVersion: 'v1', kind: 'Config', 'current-context': 'west',
      clusters: names.map((n) => ({ name: n, cluster: { server: servers[n].url, 'certificate-authority': servers[n].ca } })),
      users: names.map((n) => ({ name: n, user: { 'client-certificate': servers[n].cert, 'client-key': servers[n].key } })),
      contexts: names.map((n) => ({ name: n, context: { cluster: n, user: n } })),
    }));
    const run = next('--kubeconfig', merged);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: expect.not.stringContaining('nothing started') });
    expect(run.stdout).toContain('Started wave east (1 cluster(s)), 2 of 3: commit dist/.\n');
    expect(JSON.parse(fs.readFileSync(recordFile(), 'utf8')).reached).toBe(2);
  }, TIMEOUT);
});
