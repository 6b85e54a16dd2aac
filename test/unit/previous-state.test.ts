/** The previous-state seam of lib/core: the lookup by identity, each layer's checks and their assembly, the transition-rule check. */
import type { KubernetesObject } from '../../lib/api';
import * as capacity from '../../lib/capacity';
import * as core from '../../lib/core';
import {
  CORE_PREVIOUS_STATE_CHECKS,
  MANAGEMENT_CLUSTER,
  PreviousStateCheck,
  checkAgainstPrevious,
  contributionOf,
  hostedClusterTarget,
  judgedKinds,
  previousKinds,
  previousObjects,
  reviewAgainstPrevious,
  transitionRuleCheck,
  upgradeCheck,
} from '../../lib/core';
import * as day2 from '../../lib/day2';
import * as delivery from '../../lib/delivery';
import * as edge from '../../lib/edge';
import { EDGE_PREVIOUS_STATE_CHECKS, edgeSiteIdentityCheck } from '../../lib/edge';
import * as fleet from '../../lib/fleet';
import * as gitops from '../../lib/gitops';
import * as management from '../../lib/management';
import { MANAGEMENT_PREVIOUS_STATE_CHECKS, autoImportCheck, restoreCheck } from '../../lib/management';
import * as platforms from '../../lib/platforms';
import { PREVIOUS_STATE_CHECKS } from '../../lib/previous-state/all-checks';
import { planHostedCluster } from '../../lib/platforms';
import { kubevirtCluster, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { EXAMPLE_EDGE_SITES } from '../../examples/edge';

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

  test('each layer lists its own checks, and the assembly runs them all, core\'s first', () => {
    expect(CORE_PREVIOUS_STATE_CHECKS).toEqual([transitionRuleCheck, upgradeCheck]);
    expect(MANAGEMENT_PREVIOUS_STATE_CHECKS).toEqual([restoreCheck, autoImportCheck]);
    expect(EDGE_PREVIOUS_STATE_CHECKS).toEqual([edgeSiteIdentityCheck]);
    expect(PREVIOUS_STATE_CHECKS).toEqual([transitionRuleCheck, upgradeCheck, restoreCheck, autoImportCheck, edgeSiteIdentityCheck]);
    expect(restoreCheck.kinds).toEqual(['HostedCluster', 'Restore']);
    expect(autoImportCheck.kinds).toEqual(['HostedCluster', 'AddOnDeploymentConfig', 'MultiClusterEngine']);
    expect(edgeSiteIdentityCheck.kinds).toEqual(['ImageClusterInstall', 'ClusterDeployment']);
    expect(transitionRuleCheck.kinds).toEqual(['BGPPeer', 'ClusterDeployment', 'HostedCluster', 'NodePool']);
    expect(upgradeCheck.kinds).toEqual(['HostedCluster', 'NodePool']);
    expect(upgradeCheck.summaryKinds).toEqual(['Subscription']);
    // A synth reads back what the summary needs too; the Pulumi guard (no summary) only what the findings read.
    expect([...previousKinds(PREVIOUS_STATE_CHECKS)].sort()).toEqual(['AddOnDeploymentConfig', 'BGPPeer', 'ClusterDeployment', 'HostedCluster', 'ImageClusterInstall', 'MultiClusterEngine', 'NodePool', 'Restore', 'Subscription']);
    expect([...judgedKinds(PREVIOUS_STATE_CHECKS)].sort()).toEqual(['AddOnDeploymentConfig', 'BGPPeer', 'ClusterDeployment', 'HostedCluster', 'ImageClusterInstall', 'MultiClusterEngine', 'NodePool', 'Restore']);
  });

  test('no layer has a check the assembly misses (a check written but never run)', () => {
    const isCheck = (value: unknown): value is PreviousStateCheck =>
      typeof value === 'object' && value !== null && typeof (value as PreviousStateCheck).check === 'function' && Array.isArray((value as PreviousStateCheck).kinds);
    const layers = { core, platforms, management, capacity, gitops, edge, fleet, delivery, day2 };
    // Each check with the layer that exports it (alone or in the layer's list).
    const owners = new Map<PreviousStateCheck, string>();
    for (const [layer, exports] of Object.entries(layers)) {
      for (const value of Object.values(exports as Record<string, unknown>)) {
        for (const check of (Array.isArray(value) ? value : [value]).filter(isCheck)) owners.set(check, layer);
      }
    }
    expect([...owners].map(([check, layer]) => `${layer}: ${check.name}`).sort()).toEqual(['core: transition rules', 'core: upgrades', 'edge: edge site identity', 'management: auto-import', 'management: restore']);
    expect([...owners.keys()].filter((check) => !PREVIOUS_STATE_CHECKS.includes(check)).map((check) => check.name)).toEqual([]);
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
    const review = reviewAgainstPrevious(previous, planned, PREVIOUS_STATE_CHECKS);
    expect(review.findings.map((f) => `${f.severity} ${f.object} ${f.path}`)).toEqual([
      `error NodePool kubevirt-clusters/${pool.metadata.name} nodePools[0].upgradeType`,
      `error HostedCluster kubevirt-clusters/${plan.name} release.image`,
      `warning NodePool kubevirt-clusters/${pool.metadata.name} spec.release.image`,
    ]);
    expect(review.findings).toEqual(checkAgainstPrevious(previous, planned, PREVIOUS_STATE_CHECKS));
    expect(review.summary).toEqual([
      'Upgrades (in apply order):',
      `  HostedCluster kubevirt-clusters/${plan.name} 4.18.1 -> 4.16.4`,
      `  NodePool kubevirt-clusters/${pool.metadata.name} 4.18.1 -> 4.16.4`,
    ]);
    expect(reviewAgainstPrevious(previousObjects([]), planned, PREVIOUS_STATE_CHECKS)).toEqual({ findings: [], summary: [] });
  });

  test("a check of scope 'object' finds the same errors given each object's own previous version alone (what Pulumi's hook is given)", () => {
    // Every object changed at once, so any error that read another object's previous version would show.
    const release = { image: 'quay.io/openshift-release-dev/ocp-release:4.18.1-multi' };
    const management = { ...pool.spec.management, upgradeType: pool.spec.management.upgradeType === 'Replace' ? 'InPlace' : 'Replace' };
    const site = edge.checkEdgeSite(EXAMPLE_EDGE_SITES[0]);
    const all = [...planned, ...contributionOf(site.plan!, []).objects];
    const changed = (p: (typeof all)[number]): KubernetesObject => {
      const o = p.object as KubernetesObject & { spec?: Record<string, unknown> };
      if (o.kind === 'HostedCluster') return { ...o, spec: { ...o.spec, release, controllerAvailabilityPolicy: 'SingleReplica' } } as KubernetesObject;
      if (o.kind === 'NodePool') return { ...o, spec: { ...o.spec, release, management, arch: 'arm64' } } as KubernetesObject;
      if (o.kind === 'ImageClusterInstall') return { ...o, spec: { ...o.spec, hostname: 'sno-before' } } as KubernetesObject;
      if (o.kind === 'ClusterDeployment') return { ...o, spec: { ...o.spec, clusterName: 'before', baseDomain: 'before.example.com' } } as KubernetesObject;
      return o;
    };
    const key = (p: (typeof all)[number]) => core.targetKey(p.target);
    const previous = previousObjects(all.map((p) => [key(p), changed(p)] as const));
    const oneObject = PREVIOUS_STATE_CHECKS.filter((check) => check.scope === 'object');
    expect(oneObject.map((check) => check.name)).toEqual(['transition rules', 'upgrades', 'edge site identity']);
    for (const check of oneObject) {
      const errors = (findings: readonly core.ValidationIssue[]) => findings.filter((f) => f.severity === 'error').map((f) => `${f.object} ${f.path}: ${f.message}`);
      const together = errors(checkAgainstPrevious(previous, all, [check]));
      const alone = all.flatMap((p) => errors(checkAgainstPrevious(previousObjects([[key(p), changed(p)]]), [p], [check])));
      expect(together.length).toBeGreaterThan(0);
      expect(alone.sort()).toEqual(together.sort());
    }
    // The restore check is not one of them: a Restore's error reads its cluster's previous version.
    expect(restoreCheck.scope).toBeUndefined();
  });

  test('a NodePool of the props changed: the finding names its props path and the way forward', () => {
    const previous = previousObjects([['management', { ...pool, spec: { ...pool.spec, arch: 'arm64' } }]]);
    expect(checkAgainstPrevious(previous, planned, PREVIOUS_STATE_CHECKS)).toEqual([
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
    expect(checkAgainstPrevious(previousObjects([]), planned, PREVIOUS_STATE_CHECKS)).toEqual([]);
    expect(checkAgainstPrevious(previousObjects(planned.map((p) => ['management', p.object] as const)), planned, PREVIOUS_STATE_CHECKS)).toEqual([]);
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
