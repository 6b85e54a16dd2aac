/** One plan per App: every object identity is rendered once; real collisions are errors naming both sides. */
import { App, Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { HostedCluster, HostedClusterBundle, synthesizeCharts } from '../../lib/cdk8s';
import { renderContribution } from '../../lib/cdk8s/render';
import { appState } from '../../lib/cdk8s/engine/app-state';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { targetFolder } from '../../lib/cdk8s/engine/synth';
import { MANAGEMENT_CLUSTER, PHASES, hostedClusterTarget } from '../../lib/core';
import { kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
type Doc = { kind: string; metadata: { name: string; namespace?: string } };
const ids = (docs: readonly unknown[]) => (docs as Doc[]).map((d) => `${d.kind}/${d.metadata.namespace ?? ''}/${d.metadata.name}`);
const errors = (app: App) => collectIssues(app).filter((i) => i.severity === 'error');

describe('the app plan', () => {
  test('two clusters in one namespace, one chart each: the Namespace is written once, by the first', () => {
    const app = Testing.app();
    new HostedClusterBundle(new Chart(app, 'a'), 'c', { ...kubevirtCluster, name: 'kv-a', nodePools: [{ name: 'kv-a' }], options });
    new HostedClusterBundle(new Chart(app, 'b'), 'c', { ...kubevirtCluster, name: 'kv-b', nodePools: [{ name: 'kv-b' }], options });
    expect(errors(app)).toEqual([]);
    const [a, b] = synthesizeCharts(app);
    expect(ids(a.documents)).toContain('Namespace//kubevirt-clusters');
    expect(ids(b.documents).filter((id) => id.startsWith('Namespace'))).toEqual([]);
    expect(ids(b.documents)).toContain('HostedCluster/kubevirt-clusters/kv-b');
    expect(appState(app).plan.objects.filter((p) => p.object.kind === 'Namespace')).toHaveLength(1);
  });

  test('the same cluster in two charts is an error naming both, and nothing of the second is rendered', () => {
    const app = Testing.app();
    new HostedClusterBundle(new Chart(app, 'one'), 'c', { ...noneCluster, options });
    const second = new HostedClusterBundle(new Chart(app, 'two'), 'c', { ...noneCluster, options });
    expect(second.apiObjects).toEqual([]);
    const messages = errors(app).map((i) => `${i.object} ${i.path}: ${i.message}`);
    expect(messages).toContain(
      'HostedCluster none-clusters/edge-lab (two/c) metadata.name: HostedCluster none-clusters/edge-lab is also planned by HostedCluster none-clusters/edge-lab (one/c); one would silently replace the other on apply.',
    );
    expect(() => app.synth()).toThrow('is also planned by');
  });

  test('NodePools of one name added twice to a cluster: the second is an error (regression: both were emitted)', () => {
    const app = Testing.app();
    const { nodePools: _pools, createNamespace: _ns, ...clusterProps } = kubevirtCluster;
    const cluster = new HostedCluster(new Chart(app, 'kv'), 'kv', { ...clusterProps, options });
    const first = cluster.addNodePool('a', { name: 'dup' });
    const second = cluster.addNodePool('b', { name: 'dup' });
    expect(first.apiObject).toBeDefined();
    expect(second.apiObject).toBeUndefined();
    expect(errors(app).map((i) => `${i.object} ${i.path}: ${i.message}`)).toEqual(['NodePool kubevirt-clusters/dup name: two NodePools are named "dup".']);
  });

  test('NodePools of one name in two clusters of one namespace: an error (regression: one replaced the other)', () => {
    const app = Testing.app();
    new HostedClusterBundle(new Chart(app, 'a'), 'c', { ...kubevirtCluster, name: 'kv-a', nodePools: [{ name: 'workers' }], options });
    new HostedClusterBundle(new Chart(app, 'b'), 'c', { ...kubevirtCluster, name: 'kv-b', nodePools: [{ name: 'workers' }], options });
    expect(errors(app).map((i) => i.message)).toEqual([expect.stringMatching(/^NodePool kubevirt-clusters\/workers is also planned by HostedCluster kubevirt-clusters\/kv-a \(a\/c\)/)]);
  });

  test('each target has its own folder', () => {
    expect(targetFolder({ kind: 'management' })).toBe('management');
    expect(targetFolder(hostedClusterTarget('clusters', 'edge'))).toBe('hosted-clusters-edge');
  });
});

describe('fleet claims', () => {
  test('two clusters with one infraID: an error naming both (was only a warning)', () => {
    const app = Testing.app();
    new HostedClusterBundle(new Chart(app, 'a'), 'c', { ...noneCluster, name: 'edge-a', infraID: 'edge', options });
    new HostedClusterBundle(new Chart(app, 'b'), 'c', { ...noneCluster, name: 'edge-b', infraID: 'edge', options });
    expect(errors(app).map((i) => `${i.object} ${i.path}: ${i.message} Fix: ${i.fix}`)).toEqual([
      'HostedCluster none-clusters/edge-b (b/c) spec.infraID: infraID "edge" is also used by HostedCluster none-clusters/edge-a (a/c); the clusters would share cloud resources and their tags, and destroying one would break the other. Fix: Give each one its own.',
    ]);
  });

  test('two clusters publishing a service under one hostname: an error', () => {
    const app = Testing.app();
    const services = { hostnames: { OAuthServer: 'oauth.apps.example.com' } };
    new HostedClusterBundle(new Chart(app, 'a'), 'c', { ...kubevirtCluster, name: 'kv-a', nodePools: [{ name: 'kv-a' }], services, options });
    new HostedClusterBundle(new Chart(app, 'b'), 'c', { ...kubevirtCluster, name: 'kv-b', nodePools: [{ name: 'kv-b' }], services, options });
    expect(errors(app).map((i) => i.message)).toEqual([
      'hostname "oauth.apps.example.com" is also used by HostedCluster kubevirt-clusters/kv-a (a/c); both would publish a service under one DNS name, and clients would reach either.',
    ]);
  });
});

describe('explicit dependencies', () => {
  test('an object that depends on another of the app is written after it', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'n' } });
    const planned = (name: string, dependsOn?: string[]) => ({
      object: cm(name),
      target: MANAGEMENT_CLUSTER,
      phase: PHASES.prerequisites,
      readiness: { kind: 'exists' as const },
      contributor: name,
      ...(dependsOn ? { dependsOn } : {}),
    });
    // Rendered in one construct each; "late" is added first but needs "early".
    const late = new Construct(chart, 'late');
    const early = new Construct(chart, 'early');
    renderContribution(early, { contributor: 'early', objects: [planned('early')], issues: [] });
    renderContribution(late, { contributor: 'late', objects: [planned('late', ['/ConfigMap/n/early'])], issues: [] });
    expect(ids(Testing.synth(chart))).toEqual(['ConfigMap/n/early', 'ConfigMap/n/late']);
  });
});
