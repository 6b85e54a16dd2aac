/** Upgrades against the previous state: the version changes in apply order and the rules on each step, with exact messages. */
import { upgradeFindings, versionChangeLines, versionChanges } from '../../lib/core/upgrade';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { noneCluster } from '../../examples/clusters';

const image = (version: string) => `quay.io/openshift-release-dev/ocp-release:${version}-x86_64`;

/** The HostedCluster and NodePools of a None cluster `name` on `version`, pools on `poolVersions` (default: the cluster's). */
function cluster(name: string, version: string, poolVersions: Record<string, string> = { workers: version }, extra: Partial<HostedClusterProps> = {}): unknown[] {
  const props: HostedClusterProps = {
    ...noneCluster,
    name,
    namespace: 'clusters',
    release: { image: image(version) },
    nodePools: Object.entries(poolVersions).map(([pool, v]) => ({ name: `${name}-${pool}`, replicas: 1, release: { image: image(v) } })),
    ...extra,
  };
  const { plan, issues } = checkHostedCluster(props);
  if (!plan) throw new Error(issues.map((i) => i.message).join('\n'));
  return [plan.hostedCluster, ...plan.nodePools];
}

const mce = (channel: string) => ({
  apiVersion: 'operators.coreos.com/v1alpha1',
  kind: 'Subscription',
  metadata: { name: 'multicluster-engine', namespace: 'multicluster-engine' },
  spec: { name: 'multicluster-engine', channel, source: 'redhat-operators', sourceNamespace: 'openshift-marketplace' },
});

describe('versionChanges: every version that moves, in apply order', () => {
  test('MCE first, then per cluster its HostedCluster and its NodePools by name', () => {
    const previous = [...cluster('zeta', '4.16.3'), ...cluster('demo', '4.16.3', { workers: '4.16.3', infra: '4.15.20' }), mce('stable-2.6')];
    const planned = [...cluster('zeta', '4.16.3'), mce('stable-2.7'), ...cluster('demo', '4.17.1', { workers: '4.17.1', infra: '4.17.1' })];
    expect(versionChangeLines(versionChanges(previous, planned))).toEqual([
      'Upgrades (in apply order):',
      '  Subscription multicluster-engine/multicluster-engine channel stable-2.6 -> stable-2.7',
      '  HostedCluster clusters/demo 4.16.3 -> 4.17.1',
      '  NodePool clusters/demo-infra 4.15.20 -> 4.17.1',
      '  NodePool clusters/demo-workers 4.16.3 -> 4.17.1',
    ]);
  });

  test('nothing moves: no lines; added and removed objects are not upgrades', () => {
    expect(versionChangeLines(versionChanges(cluster('demo', '4.16.3'), cluster('demo', '4.16.3')))).toEqual([]);
    expect(versionChanges(cluster('demo', '4.16.3'), cluster('other', '4.17.1'))).toEqual([]);
  });

  test('a digest-pinned release is shown as its image; a forced upgrade says so', () => {
    const digest = `quay.io/openshift-release-dev/ocp-release@sha256:${'a'.repeat(64)}`;
    const planned = cluster('demo', '4.16.3', {}, { release: { image: digest, version: '4.16.5' }, forceUpgradeTo: digest });
    expect(versionChangeLines(versionChanges(cluster('demo', '4.16.3', {}), planned))).toEqual([
      'Upgrades (in apply order):',
      `  HostedCluster clusters/demo 4.16.3 -> ${digest} (forced)`,
    ]);
  });

  test('objects that are not Kubernetes objects are skipped, never a TypeError', () => {
    expect(versionChanges([null, 4, 'x', { kind: 'HostedCluster' }, { kind: 'NodePool', metadata: { name: 'a' } }], [undefined, [], { metadata: 7 }])).toEqual([]);
    expect(upgradeFindings([null, { apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'HostedCluster', metadata: { name: 'x' }, spec: { release: 5 } }], [{}])).toEqual([]);
  });
});

describe('upgradeFindings: each rule, with its exact message', () => {
  test('a minor upgrade of the control plane and its NodePools together: a warning per NodePool to apply it after the control plane', () => {
    expect(upgradeFindings(cluster('demo', '4.16.3'), cluster('demo', '4.17.1'))).toEqual([
      {
        severity: 'warning',
        object: 'NodePool clusters/demo-workers',
        path: 'spec.release.image',
        message:
          'the NodePool moves to 4.17.1 in the same change as its control plane, which runs 4.16.3 until its upgrade completes; nodes newer than their control plane are outside the version skew policy.',
        fix:
          "Apply the NodePool once the HostedCluster reports 4.17.1: Argo CD does with the library's health checks (the NodePool's sync wave waits while the HostedCluster is Progressing); with Flux or kubectl, commit the control plane first and the NodePools in a second change.",
      },
    ]);
  });

  test('the control plane first, NodePools in a later change: no finding at either step', () => {
    const step1 = cluster('demo', '4.17.1', { workers: '4.16.3' });
    expect(upgradeFindings(cluster('demo', '4.16.3'), step1)).toEqual([]);
    expect(upgradeFindings(step1, cluster('demo', '4.17.1'))).toEqual([]);
  });

  test('a NodePool ahead of the running control plane that stays: the check of the planned cluster reports it', () => {
    const { issues } = checkHostedCluster({ ...noneCluster, name: 'demo', namespace: 'clusters', release: { image: image('4.16.3') }, nodePools: [{ name: 'demo-workers', replicas: 1, release: { image: image('4.17.1') } }] });
    expect(issues.filter((i) => i.severity === 'error').map((i) => `${i.object} ${i.path}: ${i.message}`)).toEqual([
      'NodePool clusters/demo-workers nodePools[0].release.image: NodePool version 4.17.1 is newer than the HostedCluster\'s 4.16.3.',
    ]);
  });

  test('a control plane more than one minor release in one step: error', () => {
    expect(upgradeFindings(cluster('demo', '4.15.20', { workers: '4.15.20' }), cluster('demo', '4.17.1', { workers: '4.15.20' }))).toEqual([
      {
        severity: 'error',
        object: 'HostedCluster clusters/demo',
        path: 'spec.release.image',
        message: 'the control plane would move from 4.15.20 to 4.17.1, 2 minor releases in one step: a control plane moves one minor release per upgrade (the Kubernetes version skew policy).',
        fix: 'Upgrade to a 4.16 release first; once the HostedCluster reports it, move on to 4.17.1. NodePools may stay where they are meanwhile (up to 3 minor releases behind).',
      },
    ]);
  });

  test('a control plane back to an earlier minor: error', () => {
    expect(upgradeFindings(cluster('demo', '4.17.1', { workers: '4.16.3' }), cluster('demo', '4.16.3'))).toEqual([
      {
        severity: 'error',
        object: 'HostedCluster clusters/demo',
        path: 'spec.release.image',
        message: 'the control plane would go back from 4.17.1 to 4.16.3: the HyperShift operator refuses a downgrade to an earlier minor release.',
        fix: 'Keep release.image at 4.17.1 or a later release.',
      },
    ]);
  });

  test('a control plane back to an earlier patch release, and its NodePool: warnings', () => {
    expect(upgradeFindings(cluster('demo', '4.16.5'), cluster('demo', '4.16.3'))).toEqual([
      {
        severity: 'warning',
        object: 'HostedCluster clusters/demo',
        path: 'spec.release.image',
        message: 'the control plane goes back from 4.16.5 to 4.16.3: OpenShift does not support downgrades; the operator accepts this one only because the minor release stays the same.',
        fix: 'Keep 4.16.5 or a later release, unless support asks for the downgrade.',
      },
      {
        severity: 'warning',
        object: 'NodePool clusters/demo-workers',
        path: 'spec.release.image',
        message: 'the NodePool goes back from 4.16.5 to 4.16.3: OpenShift does not support downgrades, and its nodes are rebuilt on the older release.',
        fix: 'Keep 4.16.5 or a later release, unless support asks for the downgrade.',
      },
    ]);
  });

  test('a minor upgrade on OpenShiftSDN: error', () => {
    const sdn = { specOverrides: { networking: { networkType: 'OpenShiftSDN' as const } } };
    const findings = upgradeFindings(cluster('demo', '4.15.20', { workers: '4.15.20' }, sdn), cluster('demo', '4.16.3', { workers: '4.15.20' }, sdn));
    expect(findings).toEqual([
      {
        severity: 'error',
        object: 'HostedCluster clusters/demo',
        path: 'spec.release.image',
        message: 'the control plane would move from 4.15.20 to 4.16.3 on OpenShiftSDN: the HyperShift operator refuses minor upgrades of OpenShiftSDN clusters.',
        fix: 'Keep a 4.15 release; minor upgrades need the OVNKubernetes network type.',
      },
    ]);
  });

  test('NodePools too far behind the new control plane: the check of the planned cluster reports it', () => {
    const { issues } = checkHostedCluster({ ...noneCluster, name: 'demo', namespace: 'clusters', release: { image: image('4.17.1') }, nodePools: [{ name: 'demo-workers', replicas: 1, release: { image: image('4.13.10') } }] });
    expect(issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([
      "NodePool version 4.13 is 4 minor releases behind the HostedCluster's 4.17; at most 3 are supported.",
    ]);
  });
});
