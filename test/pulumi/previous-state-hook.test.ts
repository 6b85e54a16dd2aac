/**
 * The checks that compare an object with its own previous version, as Pulumi's resource hook runs
 * them: the engine calls the program's `beforeUpdate` hook with the inputs it stored for the
 * resource (`oldInputs`). Under mocks the engine calls no hook, so the inputs a first program
 * registered are given to the judge here as the engine would give them; the hook itself is
 * exercised under the real engine (test/engines/pulumi-changes.test.ts).
 */
import type { HostedClusterProps } from '../../lib';
import { contributionOf, type PlannedObject } from '../../lib/core';
import { EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { strictMocks, valueOf } from './strict-mocks';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
let hook: typeof import('../../lib/pulumi/previous-state-hook');
beforeAll(async () => {
  hcp = await mocked.load();
  hook = await import('../../lib/pulumi/previous-state-hook');
});

const workersInPlace: HostedClusterProps = { ...kubevirtCluster, nodePools: kubevirtCluster.nodePools!.map((p, i) => (i === 0 ? { ...p, upgradeType: 'InPlace' as const } : p)) };
const release = (version: string): HostedClusterProps => ({ ...kubevirtCluster, release: { image: `quay.io/openshift-release-dev/ocp-release:${version}-multi` } });

/** The planned object of `kind` named `name` (the bundle's plan, with its props paths). */
function planned(props: HostedClusterProps, kind: string, name: string): PlannedObject {
  const { plan } = hcp.PlannedBundle.of({ ...props, options: EXAMPLE_OPTIONS });
  return contributionOf(plan, []).objects.find((p) => p.object.kind === kind && p.object.metadata.name === name)!;
}

/** The inputs a program with `props` registered for the resource of `kind` named `name`: what the engine stores and hands the hook. */
async function storedInputs(props: HostedClusterProps, kind: string, name: string): Promise<Record<string, unknown>> {
  await mocked.newProgram();
  registrations.length = 0;
  const bundle = new hcp.HostedClusterBundle('kv', { ...props, options: EXAMPLE_OPTIONS });
  await Promise.all([bundle, ...bundle.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  const found = registrations.find((r) => r.type.endsWith(`:${kind}`) && (r.inputs.metadata as { name: string }).name === name)!;
  return JSON.parse(JSON.stringify(found.inputs)) as Record<string, unknown>;
}

const REFUSED =
  'error NodePool kubevirt-clusters/kv-dev-workers nodePools[0].upgradeType (spec.management.upgradeType): UpgradeType is immutable: ' +
  'it was "Replace" in the previous output and is "InPlace" now, so the API server would refuse the update (rule `self == oldSelf`). ' +
  'Fix: Keep nodePools[0].upgradeType as it was ("Replace"). To change it, add a NodePool with another name and upgradeType "InPlace", ' +
  'move the workloads to it, then remove this NodePool.';

test('a changed upgradeType is refused against the inputs the engine stored, with the props path and the way forward', async () => {
  const before = await storedInputs(kubevirtCluster, 'NodePool', 'kv-dev-workers');
  const errors = hook.judgeUpdate(planned(workersInPlace, 'NodePool', 'kv-dev-workers'), before);
  expect(errors.map((e) => `${e.severity} ${e.object} ${e.path} (${e.renderedPath}): ${e.message} Fix: ${e.fix}`)).toEqual([REFUSED]);
  // Unchanged: nothing; the other NodePool, unchanged by the same props: nothing.
  expect(hook.judgeUpdate(planned(kubevirtCluster, 'NodePool', 'kv-dev-workers'), before)).toEqual([]);
  expect(hook.judgeUpdate(planned(workersInPlace, 'NodePool', 'kv-dev-infra'), await storedInputs(kubevirtCluster, 'NodePool', 'kv-dev-infra'))).toEqual([]);
});

test('an upgrade the operators would refuse is refused on the HostedCluster; one minor at a time passes; warnings are not reported', async () => {
  const errors = hook.judgeUpdate(planned(release('4.16.4'), 'HostedCluster', 'kv-dev'), await storedInputs(release('4.14.30'), 'HostedCluster', 'kv-dev'));
  expect(errors.map((e) => `${e.severity} ${e.object}: ${e.message}`)).toEqual([
    'error HostedCluster kubevirt-clusters/kv-dev: the control plane would move from 4.14.30 to 4.16.4, 2 minor releases in one step: a control plane moves one minor release per upgrade (the Kubernetes version skew policy).',
  ]);
  expect(hook.judgeUpdate(planned(release('4.16.4'), 'HostedCluster', 'kv-dev'), await storedInputs(release('4.15.20'), 'HostedCluster', 'kv-dev'))).toEqual([]);
});

test('a field whose value exists only at deploy time is not judged: the stored value gives way to the plan\'s stand-in', async () => {
  const before = await storedInputs(kubevirtCluster, 'NodePool', 'kv-dev-workers');
  const path = ['spec', 'management', 'upgradeType'];
  // As if upgradeType were a deploy-time field: the stored "Replace" against a planned "InPlace" is no longer a change.
  expect(hook.judgeUpdate(planned(workersInPlace, 'NodePool', 'kv-dev-workers'), before, [path])).toEqual([]);
  // A path the stored inputs do not have is left alone.
  expect(hook.judgeUpdate(planned(workersInPlace, 'NodePool', 'kv-dev-workers'), before, [['spec', 'nowhere']])).toHaveLength(1);
});

test('stored inputs that are not a Kubernetes object are nothing to judge against', async () => {
  const after = planned(workersInPlace, 'NodePool', 'kv-dev-workers');
  for (const junk of [undefined, null, 'text', 42, [], { spec: {} }]) expect(hook.judgeUpdate(after, junk)).toEqual([]);
});

test('no hook is bound outside an engine (the mocks call none), nor to a kind no one-object check reads', async () => {
  await mocked.newProgram();
  expect(hook.previousStateHooks('kv-nodepool', planned(kubevirtCluster, 'NodePool', 'kv-dev-workers'))).toBeUndefined();
  expect(hook.previousStateHooks('kv-namespace', planned(kubevirtCluster, 'Namespace', 'kubevirt-clusters'))).toBeUndefined();
});
