/** The previous-state seam of lib/core: the lookup by identity, the list of checks, the transition-rule check. */
import type { KubernetesObject } from '../../lib/api';
import {
  MANAGEMENT_CLUSTER,
  PREVIOUS_STATE_CHECKS,
  PreviousStateCheck,
  checkAgainstPrevious,
  contributionOf,
  edgeSiteIdentityCheck,
  hostedClusterTarget,
  judgedKinds,
  previousKinds,
  previousObjects,
  restoreCheck,
  reviewAgainstPrevious,
  transitionRuleCheck,
  upgradeCheck,
} from '../../lib/core';
import { planHostedCluster } from '../../lib/platforms';
import { kubevirtCluster, EXAMPLE_OPTIONS } from '../../examples/clusters';

const cm = (name: string, namespace?: string): KubernetesObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(namespace ? { namespace } : {}) } });

describe('previousObjects', () => {
  test('finds an object by target, group, kind, namespace and name, whatever its API version', () => {
    const np = { apiVersion: 'hypershift.openshift.io/v1alpha1', kind: 'NodePool', metadata: { name: 'a', namespace: 'clusters' } };
    const previous = previousObjects([
      ['management', np],
      ['clusters-edge', cm('settings', 'default')],
    ]);
    expect(previous.size).toBe(2);
    const planned = (object: KubernetesObject, target = MANAGEMENT_CLUSTER) => ({ object, target });
    expect(previous.get(planned({ ...np, apiVersion: 'hypershift.openshift.io/v1beta1' }))).toBe(np);
    expect(previous.get(planned(cm('settings', 'default'), hostedClusterTarget('clusters', 'edge')))).toEqual(cm('settings', 'default'));
    // Another target, namespace or name is another object.
    expect(previous.get(planned(cm('settings', 'default')))).toBeUndefined();
    expect(previous.get(planned(cm('settings', 'other'), hostedClusterTarget('clusters', 'edge')))).toBeUndefined();
  });

  test('lists the objects of one kind with their targets, the first of each identity', () => {
    const a = cm('a', 'x');
    const previous = previousObjects([
      ['management', a],
      ['management', { ...a, data: { later: 'ignored' } }],
      ['clusters-edge', cm('b')],
      ['management', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'c' } }],
    ]);
    expect(previous.ofKind('ConfigMap')).toEqual([
      { target: 'management', object: a },
      { target: 'clusters-edge', object: cm('b') },
    ]);
    expect(previous.ofKind('Namespace')).toEqual([]);
  });

  test('values that are not Kubernetes objects are left out, never a TypeError', () => {
    const junk: unknown[] = [null, 5, 'text', [], {}, { apiVersion: 'v1', kind: 'ConfigMap' }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 3 } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 7 } }];
    expect(previousObjects(junk.map((j) => ['management', j] as const)).size).toBe(0);
  });
});

describe('checkAgainstPrevious', () => {
  const plan = planHostedCluster(kubevirtCluster, EXAMPLE_OPTIONS);
  const planned = contributionOf(plan, []).objects;
  const pool = plan.nodePools[0];

  test('the transition rules, the upgrade rules, the restore rule and the edge sites\' identity are the checks, reading the kinds they need', () => {
    expect(PREVIOUS_STATE_CHECKS).toEqual([transitionRuleCheck, upgradeCheck, restoreCheck, edgeSiteIdentityCheck]);
    expect(restoreCheck.kinds).toEqual(['HostedCluster', 'Restore']);
    expect(edgeSiteIdentityCheck.kinds).toEqual(['ImageClusterInstall', 'ClusterDeployment']);
    expect(transitionRuleCheck.kinds).toEqual(['BGPPeer', 'ClusterDeployment', 'HostedCluster', 'NodePool']);
    expect(upgradeCheck.kinds).toEqual(['HostedCluster', 'NodePool']);
    expect(upgradeCheck.summaryKinds).toEqual(['Subscription']);
    // A synth reads back what the summary needs too; the Pulumi guard (no summary) only what the findings read.
    expect([...previousKinds()].sort()).toEqual(['BGPPeer', 'ClusterDeployment', 'HostedCluster', 'ImageClusterInstall', 'NodePool', 'Restore', 'Subscription']);
    expect([...judgedKinds()].sort()).toEqual(['BGPPeer', 'ClusterDeployment', 'HostedCluster', 'ImageClusterInstall', 'NodePool', 'Restore']);
  });

  test('one review of the previous objects: the findings of every check and the summary lines (the versions that move)', () => {
    // The example runs 4.16.4: the previous output had 4.18.1, two minors later, and the other upgradeType.
    expect(plan.hostedCluster.spec.release.image).toBe('quay.io/openshift-release-dev/ocp-release:4.16.4-multi');
    const release = { image: 'quay.io/openshift-release-dev/ocp-release:4.18.1-multi' };
    const management = { ...pool.spec.management, upgradeType: pool.spec.management.upgradeType === 'Replace' ? 'InPlace' : 'Replace' };
    const previous = previousObjects([
      ['management', { ...plan.hostedCluster, spec: { ...plan.hostedCluster.spec, release } }],
      ['management', { ...pool, spec: { ...pool.spec, release, management } }],
    ]);
    const review = reviewAgainstPrevious(previous, planned);
    expect(review.findings.map((f) => `${f.severity} ${f.object} ${f.path}`)).toEqual([
      `error NodePool kubevirt-clusters/${pool.metadata.name} nodePools[0].upgradeType`,
      `error HostedCluster kubevirt-clusters/${plan.name} release.image`,
      `warning NodePool kubevirt-clusters/${pool.metadata.name} spec.release.image`,
    ]);
    expect(review.findings).toEqual(checkAgainstPrevious(previous, planned));
    expect(review.summary).toEqual([
      'Upgrades (in apply order):',
      `  HostedCluster kubevirt-clusters/${plan.name} 4.18.1 -> 4.16.4`,
      `  NodePool kubevirt-clusters/${pool.metadata.name} 4.18.1 -> 4.16.4`,
    ]);
    expect(reviewAgainstPrevious(previousObjects([]), planned)).toEqual({ findings: [], summary: [] });
  });

  test('a NodePool of the props changed: the finding names its props path and the way forward', () => {
    const previous = previousObjects([['management', { ...pool, spec: { ...pool.spec, arch: 'arm64' } }]]);
    expect(checkAgainstPrevious(previous, planned)).toEqual([
      {
        severity: 'error',
        object: `NodePool kubevirt-clusters/${pool.metadata.name}`,
        path: 'nodePools[0].arch',
        message: 'Arch is immutable: it was "arm64" in the previous output and is "amd64" now, so the API server would refuse the update (rule `self == oldSelf`).',
        fix: 'Keep nodePools[0].arch as it was ("arm64"). To change it, add a NodePool with another name and arch "amd64", move the workloads to it, then remove this NodePool.',
      },
    ]);
  });

  test('nothing before, or the same objects: no finding', () => {
    expect(checkAgainstPrevious(previousObjects([]), planned)).toEqual([]);
    expect(checkAgainstPrevious(previousObjects(planned.map((p) => ['management', p.object] as const)), planned)).toEqual([]);
  });

  test('another check plugs in with the kinds it reads (how version checks against the previous state join)', () => {
    const seen: string[] = [];
    const versions: PreviousStateCheck = {
      name: 'example',
      kinds: ['HostedCluster'],
      check: (previous, objects) => {
        for (const p of objects) if (previous.get(p)) seen.push(`${p.object.kind} ${p.object.metadata.name}`);
        return [{ severity: 'warning', object: 'x', path: 'y', message: 'm', fix: 'f' }];
      },
    };
    const previous = previousObjects([['management', plan.hostedCluster]]);
    expect(checkAgainstPrevious(previous, planned, [versions])).toEqual([{ severity: 'warning', object: 'x', path: 'y', message: 'm', fix: 'f' }]);
    expect(seen).toEqual([`HostedCluster ${plan.name}`]);
    expect([...previousKinds([versions])]).toEqual(['HostedCluster']);
  });
});
