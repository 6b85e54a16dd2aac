/**
 * liveWaveProblems, the live gate of `rollout next --kubeconfig`, on objects held in memory: what
 * each status of a wave's HostedCluster and NodePools gives. test/engines/rollout-live.test.ts runs
 * the command on the same states through a real API server.
 */
import type { KubernetesObject } from '../../lib/api';
import type { KubeClient } from '../../lib/live/kube-client';
import { liveWaveProblems } from '../../lib/live/rollout-health';

const TARGET = 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi';
const FROM = 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi';
const WAVE = { 'clusters/kv': TARGET };

const condition = (type: string, status: 'True' | 'False', message = '') => ({ type, status, message });
const hostedCluster = (status: object): KubernetesObject => ({ apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'HostedCluster', metadata: { name: 'kv', namespace: 'clusters' }, status } as KubernetesObject);
const done = (conditions = [condition('Available', 'True'), condition('Degraded', 'False')]) => hostedCluster({ version: { history: [{ image: TARGET, version: '4.17.3', state: 'Completed' }, { image: FROM, version: '4.16.4', state: 'Completed' }] }, conditions });
const nodePool = (name: string, image: string, status?: object, cluster = 'kv'): KubernetesObject =>
  ({ apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'NodePool', metadata: { name, namespace: 'clusters' }, spec: { clusterName: cluster, release: { image } }, ...(status ? { status } : {}) } as KubernetesObject);
const updated = (version: string, updating = false) => ({ version, conditions: [condition('UpdatingVersion', updating ? 'True' : 'False'), condition('Ready', 'True')] });

/** A client that answers get and list from `objects`, as the gate reads them. */
function client(objects: readonly KubernetesObject[]): KubeClient {
  const found = (kind: string, namespace?: string) => objects.filter((o) => o.kind === kind && (namespace === undefined || o.metadata.namespace === namespace));
  return {
    get: async (_apiVersion: string, kind: string, namespace: string, name: string) => found(kind, namespace).find((o) => o.metadata.name === name),
    list: async (_apiVersion: string, kind: string, options: { namespace?: string }) => found(kind, options.namespace),
  } as unknown as KubeClient;
}

const problems = (objects: readonly KubernetesObject[]) => liveWaveProblems(client(objects), WAVE);

test('done: the target Completed, Available, not Degraded, its NodePools at the target\'s version', async () => {
  expect(await problems([done(), nodePool('kv-workers', TARGET, updated('4.17.3'))])).toEqual([]);
});

test('no HostedCluster, or one without status: each named', async () => {
  expect(await problems([])).toEqual(['clusters/kv: no HostedCluster on the management cluster']);
  expect(await problems([hostedCluster({}), nodePool('kv-workers', TARGET)])).toEqual([`clusters/kv: the control plane runs no version yet, not ${TARGET}`, 'clusters/kv: not Available']);
});

test('Degraded: refused with the operator\'s message, even at the target and Available', async () => {
  const degraded = done([condition('Available', 'True'), condition('Degraded', 'True', 'etcd has 1 unavailable member')]);
  expect(await problems([degraded, nodePool('kv-workers', TARGET, updated('4.17.3'))])).toEqual(['clusters/kv: Degraded (etcd has 1 unavailable member)']);
});

test('a NodePool following the wave not yet at the target\'s version, with UpdatingVersion false or no status: refused', async () => {
  expect(await problems([done(), nodePool('kv-workers', TARGET, updated('4.16.4')), nodePool('kv-infra', TARGET)])).toEqual([
    'clusters/kv: NodePool kv-workers runs 4.16.4, not 4.17.3',
    'clusters/kv: NodePool kv-infra runs no version yet, not 4.17.3',
  ]);
});

test('a NodePool still updating says so once; a pinned one (another release), or another cluster\'s, is not held to the target', async () => {
  expect(await problems([done(), nodePool('kv-workers', TARGET, updated('4.16.4', true)), nodePool('kv-pinned', FROM, updated('4.16.4')), nodePool('other-workers', TARGET, updated('4.16.4'), 'other')])).toEqual([
    'clusters/kv: NodePool kv-workers is still updating its version',
  ]);
});

test('a wave on several management clusters: each cluster read through its own client, a refusal line kept as it is', async () => {
  const west = client([done(), nodePool('kv-workers', TARGET, updated('4.17.3'))]);
  const east = client([]);
  const wave = { 'clusters/kv': TARGET, 'other/kv': TARGET, 'third/kv': TARGET };
  const refusal = 'third/kv: its management cluster north has no kubeconfig: give --kubeconfig north=<file>';
  // other/kv's HostedCluster is on west only: read on east, it is missing there.
  expect(await liveWaveProblems(new Map<string, KubeClient | string>([['clusters/kv', west], ['other/kv', east], ['third/kv', refusal]]), wave)).toEqual(['other/kv: no HostedCluster on the management cluster', refusal]);
});
