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

describeUnlessMissing('rollout next --kubeconfig against kube-apiserver (the example fleet\'s canary)', missingForCliOnHypershiftServer(), () => {
  let server: KubeServer;
  let project: string;
  /** The kubeconfig `rollout next` reads with: the ServiceAccount with the gate's read-only Role. */
  let reader: string;
  const recordFile = () => path.join(project, 'dist', 'reports', 'rollout-state.json');

  const kubectl = async (args: string[], input?: string) => {
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
  const setStatus = (kind: 'hostedcluster' | 'nodepool', name: string, status: object) =>
    kubectl(['patch', `${kind}.hypershift.openshift.io`, name, '-n', NAMESPACE, '--subresource=status', '--type=json', '--field-manager=hypershift-operator', '-p', JSON.stringify([{ op: 'add', path: '/status', value: status }])]);
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
    const file = fs.readFileSync(path.join(project, 'dist', 'management-west', '05-resources', 'kubevirt-kv-dev.yaml'), 'utf8');
    const objects = yaml.loadAll(file).filter((o) => ['Namespace', 'HostedCluster', 'NodePool'].includes((o as { kind: string }).kind));
    expect(objects.map((o) => (o as { kind: string }).kind)).toEqual(['Namespace', 'HostedCluster', 'NodePool', 'NodePool']);
    await kubectl(['apply', '--server-side', '--field-manager=argocd-controller', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
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
