import { MANAGEMENT_CLUSTER, PHASES, PlannedObject, STAGES, folderSpecs, folderTargetKey, hostedClusterTarget, managementNameOfKey, managementTarget, onManagementCluster, outputFolder, planItem, stageOf, targetKey } from '../../lib/core';
import { checkManagementCluster } from '../../lib/management';
import { checkHostedCluster } from '../../lib/platforms';
import { Plan, contributionOf } from '../../lib/core';

const object = (kind: string, name: string, namespace?: string, apiVersion = 'v1') => ({ apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}) } });
const planned = (o: PlannedObject['object'], phase: PlannedObject['phase'], target: PlannedObject['target'] = MANAGEMENT_CLUSTER, folder?: string): PlannedObject => ({
  object: o,
  phase,
  target,
  readiness: { kind: 'exists' },
  contributor: 'test',
  ...(folder ? { folder } : {}),
});

describe('stages', () => {
  test('each phase has the stage of its wave; a Restore has a stage of its own', () => {
    expect(Object.fromEntries(Object.values(PHASES).map((p) => [p.name, stageOf(p)]))).toEqual({
      'image-configuration': '00-images',
      operators: '01-operators',
      'operator-configuration': '02-operator-configuration',
      'webhooks-ready': '03-webhooks',
      namespaces: '05-resources',
      'migration-backup': '05-resources',
      prerequisites: '05-resources',
      restore: '04-restore',
      'hosted-cluster': '05-resources',
      'node-pools': '05-resources',
      registration: '05-resources',
      'day-2': '05-resources',
    });
    expect([...STAGES].sort()).toEqual([...STAGES]);
  });
});

describe('folderSpecs', () => {
  test('lists folders sorted, their target, and per stage the kinds and the cluster-scoped kinds', () => {
    const specs = folderSpecs([
      planned(object('HostedCluster', 'a', 'clusters', 'hypershift.openshift.io/v1beta1'), PHASES.hostedCluster, managementTarget('east')),
      planned(object('Namespace', 'clusters'), PHASES.namespaces, managementTarget('east')),
      planned(object('Subscription', 'mce', 'mce', 'operators.coreos.com/v1alpha1'), PHASES.operators, managementTarget('east')),
      planned(object('ConfigMap', 'x', 'y'), PHASES.day2, hostedClusterTarget('clusters', 'a')),
      planned(object('ApplicationSet', 'fleet', 'openshift-gitops', 'argoproj.io/v1alpha1'), PHASES.day2, MANAGEMENT_CLUSTER, 'gitops-hub'),
    ]);
    expect(specs.map((s) => [s.folder, s.stages.map((st) => st.name)])).toEqual([
      ['gitops-hub', ['05-resources']],
      ['hosted-clusters-a', ['05-resources']],
      ['management-east', ['01-operators', '05-resources']],
    ]);
    expect(specs[2].target).toEqual(managementTarget('east'));
    expect(specs[2].stages[1]).toEqual({
      name: '05-resources',
      kinds: [
        { apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'HostedCluster' },
        { apiVersion: 'v1', kind: 'Namespace' },
      ],
      clusterScoped: [{ apiVersion: 'v1', kind: 'Namespace' }],
    });
  });

  test('gitops folders may hold any management cluster objects, and are not read back as a target', () => {
    expect(outputFolder(managementTarget('east'), 'gitops-east')).toBe('gitops-east');
    expect(() => outputFolder(hostedClusterTarget('clusters', 'a'), 'gitops-a')).toThrow('the output folder "gitops-a" cannot hold objects for clusters-a');
    expect(folderTargetKey('gitops-east')).toBeUndefined();
    expect(folderTargetKey('management-east')).toBe('management-east');
  });
});

describe('managementNameOfKey', () => {
  test('is the inverse of targetKey for named management clusters only', () => {
    expect(managementNameOfKey(targetKey(managementTarget('east')))).toBe('east');
    expect([MANAGEMENT_CLUSTER, hostedClusterTarget('clusters', 'a')].map((t) => managementNameOfKey(targetKey(t)))).toEqual([undefined, undefined]);
  });
});

describe('onManagementCluster', () => {
  test('moves the part and items for the app management cluster, keeps items for a hosted cluster', () => {
    const inside = planItem(object('ConfigMap', 'x', 'y'), PHASES.day2, undefined, { target: hostedClusterTarget('c', 'a') });
    const own = planItem(object('Namespace', 'c'), PHASES.namespaces, undefined, { target: MANAGEMENT_CLUSTER });
    const plain = planItem(object('Secret', 's', 'c'), PHASES.prerequisites);
    const moved = onManagementCluster({ label: 'x', target: MANAGEMENT_CLUSTER, objects: [inside, own, plain] }, 'east');
    expect(moved.target).toEqual(managementTarget('east'));
    expect(moved.objects.map((i) => i.target)).toEqual([hostedClusterTarget('c', 'a'), managementTarget('east'), undefined]);
    expect(moved.objects[0]).toBe(inside);
  });
});

describe('named management clusters', () => {
  const management = (platforms: string[]) => ({ platforms, multiclusterEngine: {}, metallb: false });
  const cluster = {
    name: 'a',
    platform: { type: 'None' },
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi' },
    pullSecret: { existingSecret: 'pull-secret' },
    baseDomain: 'example.com',
    services: { apiServerAddress: '192.0.2.10' },
  };

  test('a management cluster holds to its platforms only the hosted clusters planned on it', () => {
    const plan = new Plan();
    const east = checkManagementCluster(management(['KubeVirt']), 'east');
    const west = checkManagementCluster(management(['None']), 'west');
    expect(east.plan?.label).toBe('ManagementCluster east');
    plan.add(contributionOf(east.plan!, east.issues));
    plan.add(contributionOf(west.plan!, west.issues));
    const hc = checkHostedCluster(cluster);
    expect(hc.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(plan.add(contributionOf(onManagementCluster(hc.plan!, 'west'), [])).issues.filter((i) => i.severity === 'error')).toEqual([]);
    const misplaced = plan.add(contributionOf(onManagementCluster(checkHostedCluster({ ...cluster, name: 'b' }).plan!, 'east'), []));
    expect(misplaced.issues.map((i) => i.message)).toEqual(['ManagementCluster east is not prepared for None hosted clusters (its platforms: KubeVirt), so what None needs would be missing.']);
  });

  test('a name that cannot name a folder is a finding', () => {
    expect(checkManagementCluster(management(['None']), 'East_1').issues).toEqual([
      expect.objectContaining({ path: '(name)', message: `the management cluster's name must consist of lower-case letters, digits and "-", and start and end with a letter or digit.` }),
    ]);
    expect(checkManagementCluster(management(['None']), 7).issues[0].message).toBe("the management cluster's name is 7 (a number), not a string.");
  });
});
