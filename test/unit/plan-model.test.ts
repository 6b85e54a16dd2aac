import { MANAGEMENT_CLUSTER, PHASES, Plan, PlannedObject, contributionOf, hostedClusterTarget, managementTarget, objectKey, planItem, previousObjects, targetKey } from '../../lib/core';

const namespace = (name: string, labels?: Record<string, string>) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(labels ? { labels } : {}) } });
const planned = (object: PlannedObject['object'], contributor: string, extra: Partial<PlannedObject> = {}): PlannedObject => ({
  object,
  target: MANAGEMENT_CLUSTER,
  phase: PHASES.namespaces,
  readiness: { kind: 'exists' },
  contributor,
  ...extra,
});

describe('Plan', () => {
  test('a shared object asked for twice, identical, is planned once, by its first contributor', () => {
    const plan = new Plan();
    expect(plan.add({ contributor: 'a', objects: [planned(namespace('clusters'), 'a', { shared: true })], issues: [] }).added).toHaveLength(1);
    const second = plan.add({ contributor: 'b', objects: [planned(namespace('clusters'), 'b', { shared: true })], issues: [] });
    expect(second).toEqual({ added: [], issues: [] });
    expect(plan.objects.map((p) => p.contributor)).toEqual(['a']);
  });

  test('a shared object asked for twice, different, is an error naming both', () => {
    const plan = new Plan();
    plan.add({ contributor: 'a', objects: [planned(namespace('clusters'), 'a', { shared: true })], issues: [] });
    const { added, issues } = plan.add({ contributor: 'b', objects: [planned(namespace('clusters', { team: 'x' }), 'b', { shared: true })], issues: [] });
    expect(added).toEqual([]);
    expect(issues).toEqual([
      {
        severity: 'error',
        object: 'b',
        path: 'metadata.name',
        message: 'Namespace clusters is also planned by a; one would silently replace the other on apply.',
        fix: 'Give one of them another name.',
      },
    ]);
    expect(plan.issues).toEqual(issues);
  });

  test('any other identity planned twice is an error even when identical', () => {
    const plan = new Plan();
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'clusters' } };
    plan.add({ contributor: 'a', objects: [planned(secret, 'a')], issues: [] });
    expect(plan.add({ contributor: 'b', objects: [planned(secret, 'b')], issues: [] }).issues.map((i) => [i.message, i.fix])).toEqual([
      ['Secret clusters/s is also planned by a; one would silently replace the other on apply.', 'Give one of them another name or namespace.'],
    ]);
  });

  test('the same identity on two target clusters is two objects', () => {
    const plan = new Plan();
    plan.add({ contributor: 'a', objects: [planned(namespace('metallb-system'), 'a', { target: hostedClusterTarget('clusters', 'x') })], issues: [] });
    const { added, issues } = plan.add({ contributor: 'b', objects: [planned(namespace('metallb-system'), 'b', { target: hostedClusterTarget('clusters', 'y') })], issues: [] });
    expect([added.length, issues]).toEqual([1, []]);
  });

  test('two targets that meet on one key (folder and provider) are an error naming both', () => {
    const plan = new Plan();
    plan.add({ contributor: 'a', objects: [planned(namespace('metallb-system'), 'a', { target: hostedClusterTarget('a-x', 'b') })], issues: [] });
    const { added, issues } = plan.add({ contributor: 'b', objects: [planned(namespace('other'), 'b', { target: hostedClusterTarget('a', 'x-b') })], issues: [] });
    expect(added).toEqual([]);
    expect(issues).toEqual([
      {
        severity: 'error',
        object: 'b',
        path: 'metadata.name',
        message: 'hosted cluster a/x-b and hosted cluster a-x/b would share the output folder and provider key "a-x-b".',
        fix: 'Rename one of them (a namespace or a name).',
      },
    ]);
    plan.add({ contributor: 'c', objects: [planned(namespace('x'), 'c', { target: managementTarget('east') })], issues: [] });
    const hosted = plan.add({ contributor: 'd', objects: [planned(namespace('z'), 'd', { target: hostedClusterTarget('management', 'east') })], issues: [] });
    expect(hosted.issues.map((i) => i.message)).toEqual(['hosted cluster management/east and management cluster east would share the output folder and provider key "management-east".']);
    // The same target again is no collision.
    expect(plan.add({ contributor: 'e', objects: [planned(namespace('y'), 'e', { target: hostedClusterTarget('a-x', 'b') })], issues: [] }).issues).toEqual([]);
  });

  test('object keys and target keys', () => {
    expect(objectKey({ apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'NodePool', metadata: { name: 'p', namespace: 'clusters' } })).toBe('hypershift.openshift.io/NodePool/clusters/p');
    expect(objectKey(namespace('x'))).toBe('/Namespace//x');
    expect(targetKey(MANAGEMENT_CLUSTER)).toBe('management');
    expect(targetKey(hostedClusterTarget('clusters', 'edge'))).toBe('clusters-edge');
  });

  test('a named management cluster has its own key; the unnamed one keeps "management"', () => {
    expect(targetKey({ kind: 'management', name: 'east' })).toBe('management-east');
    expect(managementTarget('east')).toEqual({ kind: 'management', name: 'east' });
    expect(managementTarget()).toBe(MANAGEMENT_CLUSTER);
    expect(targetKey(managementTarget())).toBe('management');
  });

  test('the same identity on the app\'s and on a named management cluster is two objects; twice on one named cluster, a collision', () => {
    const plan = new Plan();
    const hc = { apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'HostedCluster', metadata: { name: 'x', namespace: 'clusters' } };
    plan.add({ contributor: 'source', objects: [planned(hc, 'source')], issues: [] });
    expect(plan.add({ contributor: 'destination', objects: [planned(hc, 'destination', { target: managementTarget('east') })], issues: [] })).toMatchObject({ issues: [] });
    expect(plan.add({ contributor: 'again', objects: [planned(hc, 'again', { target: managementTarget('east') })], issues: [] }).issues.map((i) => i.message)).toEqual([
      'HostedCluster clusters/x is also planned by destination; one would silently replace the other on apply.',
    ]);
  });

  test('a dependency is looked up on its own target: one on a named management cluster is not met by the app\'s', () => {
    const plan = new Plan();
    plan.add({ contributor: 'a', objects: [planned(namespace('clusters'), 'a')], issues: [] });
    const { issues } = plan.add({ contributor: 'b', objects: [planned(namespace('other'), 'b', { target: managementTarget('east'), dependsOn: ['/Namespace//clusters'] })], issues: [] });
    expect(issues.map((i) => i.message)).toEqual(['Namespace other depends on /Namespace//clusters, which nothing in the app plans for management-east.']);
  });

  test("a plan item may name its own target (a migration's Restore); the others take the part's", () => {
    const part = { label: 'm', target: managementTarget('east'), objects: [planItem(namespace('a'), PHASES.namespaces), planItem(namespace('a'), PHASES.namespaces, { kind: 'exists' }, { target: managementTarget('west') })] };
    const { added, issues } = new Plan().add(contributionOf(part, []));
    expect(issues).toEqual([]);
    expect(added.map((p) => targetKey(p.target))).toEqual(['management-east', 'management-west']);
  });

  test('previous objects are found by target key: a named management cluster\'s apart from the app\'s', () => {
    const older = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'clusters', labels: { on: 'east' } } };
    const previous = previousObjects([['management-east', older]]);
    expect(previous.get({ object: namespace('clusters'), target: managementTarget('east') })).toBe(older);
    expect(previous.get({ object: namespace('clusters'), target: MANAGEMENT_CLUSTER })).toBeUndefined();
  });

  test('phases are ordered: operators before their configuration, both before the hosted cluster', () => {
    const order = Object.values(PHASES).map((p) => p.name);
    expect(order).toEqual(['image-configuration', 'operators', 'operator-configuration', 'webhooks-ready', 'namespaces', 'migration-backup', 'prerequisites', 'restore', 'hosted-cluster', 'node-pools', 'registration', 'day-2']);
    const waves = Object.values(PHASES).map((p) => p.wave);
    expect([...waves].sort((a, b) => a - b)).toEqual(waves);
  });

  test('the waves of existing phases do not move', () => {
    const waves = Object.fromEntries(Object.values(PHASES).map((p) => [p.name, p.wave]));
    expect(waves).toEqual({
      'image-configuration': -4,
      operators: -3,
      'operator-configuration': -2,
      'webhooks-ready': -1,
      namespaces: 0,
      'migration-backup': 0,
      prerequisites: 1,
      restore: 1,
      'hosted-cluster': 2,
      'node-pools': 3,
      registration: 3,
      'day-2': 4,
    });
  });

  test('mirrors come before operators; a restore before its hosted cluster; registration after it and before day 2', () => {
    expect(PHASES.imageConfiguration.wave).toBeLessThan(PHASES.operators.wave);
    expect(PHASES.restore.wave).toBeLessThan(PHASES.hostedCluster.wave);
    expect(PHASES.restore.wave).toBeGreaterThanOrEqual(PHASES.namespaces.wave);
    expect(PHASES.registration.wave).toBeGreaterThan(PHASES.hostedCluster.wave);
    expect(PHASES.registration.wave).toBeLessThan(PHASES.day2.wave);
  });
});

describe('explicit dependencies', () => {
  const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'n' } });
  test('a dependency on an object the app plans is accepted; on anything else, an error', () => {
    const plan = new Plan();
    const first = planned(configMap('a'), 'x');
    const second = planned(configMap('b'), 'x', { dependsOn: ['/ConfigMap/n/a'] });
    expect(plan.add({ contributor: 'x', objects: [first, second], issues: [] }).issues).toEqual([]);
    const { added, issues } = plan.add({ contributor: 'y', objects: [planned(configMap('c'), 'y', { dependsOn: ['/ConfigMap/n/missing'] })], issues: [] });
    expect(added).toEqual([]);
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual(['dependsOn: ConfigMap c depends on /ConfigMap/n/missing, which nothing in the app plans for management.']);
  });
});
