/**
 * Importing a hosted cluster into ACM/MCE (lib/management/import.ts): the ManagedCluster and the
 * KlusterletAddonConfig as the documentation writes them, the destroy order, and the rules A1-A6
 * of the issue-19 plan, each with its exact message; A7, the auto-imported ManagedCluster a removal
 * would leave behind.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Chart } from 'cdk8s';
import { HostedClusterBundle, ManagementCluster } from '../../lib/cdk8s';
import { synthAtomically, synthInMemory } from '../../lib/cdk8s/engine/synth';
import type { HostedClusterPlan, PlanContribution, ValidationIssue } from '../../lib/core';
import { PHASES, Plan, contributionOf, managementTarget, objectKey, previousObjects, reviewAgainstPrevious, targetKey } from '../../lib/core';
import { autoImportCheck, checkHostedClusterImport, checkManagementCluster } from '../../lib/management';
import { checkHostedCluster } from '../../lib/platforms';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, noneCluster } from '../../examples/clusters';

const clusterPlan = (name = noneCluster.name, namespace = noneCluster.namespace): HostedClusterPlan => {
  const { plan, issues } = checkHostedCluster({ ...noneCluster, name, namespace }, EXAMPLE_OPTIONS);
  if (!plan) throw new Error(JSON.stringify(issues));
  return plan;
};
const cluster = clusterPlan();
const messages = (issues: readonly ValidationIssue[]) => issues.map((i) => [i.severity, i.path, i.message, i.fix]);

/** A management cluster with (or without) auto-import turned off, as a contribution. */
function management(autoImportDisabled?: boolean): PlanContribution {
  const props = { ...EXAMPLE_MANAGEMENT_CLUSTER, multiclusterEngine: { ...EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine, hypershiftAddOn: { hcMaxNumber: 80, ...(autoImportDisabled === undefined ? {} : { autoImportDisabled }) } } };
  const { plan, issues } = checkManagementCluster(props);
  if (!plan) throw new Error(JSON.stringify(issues));
  return contributionOf(plan, issues, 'ManagementCluster (m)');
}

/** A plan with the hosted cluster in it, as an app that imports it has. */
function withCluster(): Plan {
  const plan = new Plan();
  plan.add(contributionOf(cluster, []));
  return plan;
}

function imported(props: unknown = {}, of = cluster, contributor = `HostedClusterImport ${of.namespace}/${of.name} (i)`): PlanContribution {
  const { plan, issues } = checkHostedClusterImport(of, props);
  if (!plan) throw new Error(JSON.stringify(issues));
  return contributionOf(plan, issues, contributor);
}

describe('the objects', () => {
  test('the ManagedCluster: named after the hosted cluster, Hosted klusterlet on local-cluster, the documented labels and spec', () => {
    const { plan, issues } = checkHostedClusterImport(cluster, { labels: { env: 'lab' } });
    expect(issues).toEqual([]);
    expect(plan?.managedCluster).toEqual({
      apiVersion: 'cluster.open-cluster-management.io/v1',
      kind: 'ManagedCluster',
      metadata: {
        name: 'edge-lab',
        annotations: {
          'import.open-cluster-management.io/hosting-cluster-name': 'local-cluster',
          'import.open-cluster-management.io/klusterlet-deploy-mode': 'Hosted',
          'open-cluster-management/created-via': 'hypershift',
        },
        labels: { env: 'lab', cloud: 'auto-detect', vendor: 'OpenShift', name: 'edge-lab', 'cluster.open-cluster-management.io/clusterset': 'default' },
      },
      spec: { hubAcceptsClient: true, leaseDurationSeconds: 60 },
    });
    expect(plan?.klusterletAddonConfig).toBeUndefined();
    expect(plan?.objects.map((o) => o.object.kind)).toEqual(['ManagedCluster']);
  });

  test('a cluster set and a lease duration are written where the hub reads them', () => {
    const { plan } = checkHostedClusterImport(cluster, { clusterSet: 'edge', leaseDurationSeconds: 120 });
    expect(plan?.managedCluster.metadata.labels?.['cluster.open-cluster-management.io/clusterset']).toBe('edge');
    expect(plan?.managedCluster.spec.leaseDurationSeconds).toBe(120);
  });

  test('with addons (ACM): a KlusterletAddonConfig in the namespace named after the cluster, the four required controllers always written', () => {
    const { plan } = checkHostedClusterImport(cluster, { addons: { searchCollector: true, policyController: false } });
    expect(plan?.klusterletAddonConfig).toEqual({
      apiVersion: 'agent.open-cluster-management.io/v1',
      kind: 'KlusterletAddonConfig',
      metadata: { name: 'edge-lab', namespace: 'edge-lab' },
      spec: {
        clusterName: 'edge-lab',
        clusterNamespace: 'edge-lab',
        clusterLabels: { cloud: 'auto-detect', vendor: 'auto-detect' },
        applicationManager: { enabled: true },
        certPolicyController: { enabled: true },
        policyController: { enabled: false },
        searchCollector: { enabled: true },
      },
    });
    expect(checkHostedClusterImport(cluster, { addons: {} }).plan?.klusterletAddonConfig?.spec).toMatchObject({
      applicationManager: { enabled: true },
      certPolicyController: { enabled: true },
      policyController: { enabled: true },
      searchCollector: { enabled: false },
    });
  });

  test('any value gives findings with their path, never an exception', () => {
    for (const input of [null, 3, 'x', [], { addons: 'yes' }, { labels: ['a=b'] }, { leaseDurationSeconds: 0 }, { clusterSet: 7 }, { hubAcceptsClient: 'true' }, { nope: 1 }]) {
      const { plan, issues } = checkHostedClusterImport(cluster, input);
      expect(plan).toBeUndefined();
      expect(issues.length).toBeGreaterThan(0);
    }
    expect(checkHostedClusterImport(cluster, { leaseDurationSeconds: 0, clusterSet: 'Bad_Set' }).issues.map((i) => i.path)).toEqual(['leaseDurationSeconds', 'clusterSet']);
  });
});

describe('A1: name, cluster set and labels', () => {
  test('the cluster set must be a DNS-1123 label', () => {
    expect(messages(checkHostedClusterImport(cluster, { clusterSet: 'Edge_Sites' }).issues)).toEqual([
      ['error', 'clusterSet', 'cluster set "Edge_Sites" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.', 'Use the name of a ManagedClusterSet: lower-case letters, digits and "-".'],
    ]);
  });

  test("the library's labels cannot be set by the user; the cluster set has its own prop", () => {
    expect(messages(checkHostedClusterImport(cluster, { labels: { vendor: 'x', 'cluster.open-cluster-management.io/clusterset': 'edge', 'bad key!': 'v' } }).issues)).toEqual([
      ['error', 'labels["vendor"]', 'label vendor is written by the library (cloud, vendor, name, cluster.open-cluster-management.io/clusterset).', 'Remove it; the library writes it.'],
      [
        'error',
        'labels["cluster.open-cluster-management.io/clusterset"]',
        'label cluster.open-cluster-management.io/clusterset is written by the library (cloud, vendor, name, cluster.open-cluster-management.io/clusterset).',
        'Set clusterSet instead.',
      ],
      ['error', 'labels["bad key!"]', 'label name part must consist of letters, digits, "-", "_" and ".", and start and end with a letter or digit.', 'Use a valid label key and value.'],
    ]);
  });
});

describe('A2: auto-import and an explicit import of the same cluster', () => {
  const conflict = [
    'error',
    'multiclusterEngine.hypershiftAddOn.autoImportDisabled',
    'the hypershift add-on imports new hosted clusters itself (auto-import is on unless autoImportDisabled is true), and HostedClusterImport none-clusters/edge-lab (i) imports edge-lab explicitly: two imports of one cluster.',
    'Set multiclusterEngine.hypershiftAddOn.autoImportDisabled: true, or drop the explicit import of edge-lab.',
  ];

  test('the management cluster first, auto-import on: an error naming the management cluster prop', () => {
    for (const autoImportDisabled of [undefined, false]) {
      const plan = withCluster();
      plan.add(management(autoImportDisabled));
      const { issues, added } = plan.add(imported());
      expect(messages(issues)).toEqual([conflict]);
      expect(issues[0].object).toBe('ManagementCluster (m)');
      expect(added).toEqual([]);
    }
  });

  test('the import first: the same error when the management cluster comes', () => {
    const plan = withCluster();
    expect(plan.add(imported()).issues.map((i) => i.severity)).toEqual(['warning']);
    // The management cluster's channel (stable-2.8) brings its version warning for the 4.15 cluster too.
    expect(messages(plan.add(management()).issues.filter((i) => i.path !== 'spec.release.image'))).toEqual([conflict]);
  });

  test('auto-import off: no finding, whichever comes first', () => {
    const first = withCluster();
    expect(first.add(management(true)).issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(first.add(imported()).issues).toEqual([]);
    const second = withCluster();
    second.add(imported());
    expect(second.add(management(true)).issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  test('no management cluster in the app: a warning', () => {
    expect(messages(withCluster().add(imported()).issues)).toEqual([
      [
        'warning',
        '(auto-import)',
        'no ManagementCluster planned so far in this app says whether the hypershift add-on imports hosted clusters itself (it does by default), so ManagedCluster edge-lab may be imported twice.',
        'Make sure the hub sets multiclusterEngine.hypershiftAddOn.autoImportDisabled: true (a ManagementCluster in this app is checked for it).',
      ],
    ]);
  });
});

describe('A3: ACM add-ons need the hub to accept the cluster', () => {
  test('hubAcceptsClient false: a warning, and the add-ons are an error (their namespace never appears)', () => {
    expect(messages(checkHostedClusterImport(cluster, { hubAcceptsClient: false, addons: {} }).issues)).toEqual([
      ['warning', 'hubAcceptsClient', 'the hub does not accept edge-lab (hubAcceptsClient: false), so it stays pending until an admin accepts it.', 'Leave hubAcceptsClient at true to accept the cluster at once.'],
      [
        'error',
        'addons',
        'the hub creates namespace edge-lab, where the KlusterletAddonConfig goes, only once it accepts the cluster, and hubAcceptsClient is false.',
        'Set hubAcceptsClient: true, or add the add-ons after an admin has accepted the cluster.',
      ],
    ]);
  });

  test('a cluster the hub does not accept is ready once it exists (nothing would ever accept it for Pulumi to wait on)', () => {
    expect(checkHostedClusterImport(cluster, { hubAcceptsClient: false }).plan?.objects[0].readiness).toEqual({ kind: 'exists' });
  });
});

describe('A4: one ManagedCluster name per hub', () => {
  test("a hosted cluster named local-cluster would be the hub's own registration", () => {
    expect(messages(checkHostedClusterImport(clusterPlan('local-cluster'), {}).issues)).toEqual([
      ['error', '(cluster)', 'a hosted cluster named local-cluster cannot be imported: local-cluster is the ManagedCluster of the hub itself.', 'Give the hosted cluster another name.'],
    ]);
  });

  test('two clusters of one name in two namespaces: their ManagedClusters collide', () => {
    const plan = new Plan();
    const other = clusterPlan('edge-lab', 'other-clusters');
    plan.add(contributionOf(cluster, []));
    plan.add(contributionOf(other, []));
    plan.add(imported());
    expect(plan.add(imported({}, other)).issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([
      'ManagedCluster edge-lab is also planned by HostedClusterImport none-clusters/edge-lab (i); one would silently replace the other on apply.',
    ]);
  });

  test('the name is a claim across management clusters (one hub, two hosting clusters)', () => {
    const plan = new Plan();
    const east = { ...clusterPlan('edge-lab', 'east-clusters'), target: managementTarget('east') };
    plan.add(contributionOf(cluster, []));
    plan.add(imported());
    // Only the claim is judged here: the east cluster's HostedCluster is left out of this plan.
    const eastImport = imported({}, east);
    expect(plan.add({ ...eastImport, objects: eastImport.objects.map((o) => ({ ...o, dependsOn: [] })) }).issues.filter((i) => i.severity === 'error').map((i) => [i.path, i.message])).toEqual([
      ['metadata.name', 'ManagedCluster name "edge-lab" is also used by HostedClusterImport none-clusters/edge-lab (i); the hub has one ManagedCluster of each name, so the two imports would be one registration.'],
    ]);
  });
});

describe('A5: the destroy order', () => {
  test('the ManagedCluster comes after the HostedCluster (deleted before it) and depends on it', () => {
    const { plan } = checkHostedClusterImport(cluster, {});
    const item = plan!.objects[0];
    expect(item.phase).toBe(PHASES.registration);
    expect(item.phase.wave).toBeGreaterThan(PHASES.hostedCluster.wave);
    expect(item.dependsOn).toEqual([objectKey(cluster.hostedCluster)]);
    expect(item.readiness).toEqual({ kind: 'condition', type: 'HubAcceptedManagedCluster', status: 'True' });
  });

  test('an import of a cluster the app does not plan is refused', () => {
    expect(new Plan().add(imported()).issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([
      'ManagedCluster edge-lab depends on hypershift.openshift.io/HostedCluster/none-clusters/edge-lab, which nothing in the app plans for management.',
    ]);
  });
});

describe("A6: the KlusterletAddonConfig's namespace is the hub's", () => {
  test('no Namespace is written; the add-ons come a wave after the ManagedCluster and depend on it', () => {
    const { plan } = checkHostedClusterImport(cluster, { addons: {} });
    expect(plan!.objects.map((o) => [o.object.kind, o.phase.wave, o.dependsOn])).toEqual([
      ['ManagedCluster', 3, ['hypershift.openshift.io/HostedCluster/none-clusters/edge-lab']],
      ['KlusterletAddonConfig', 4, ['cluster.open-cluster-management.io/ManagedCluster//edge-lab']],
    ]);
  });
});

describe('A7: an auto-imported ManagedCluster that would outlive its removed cluster (previous state)', () => {
  /** Every object of these contributions as the previous output holds them (by target key). */
  const previousOf = (...parts: PlanContribution[]) => previousObjects(parts.flatMap((p) => p.objects.map((o) => [targetKey(o.target), o.object] as const)));
  const objectsOf = (...parts: PlanContribution[]) => parts.flatMap((p) => p.objects);
  const clusterPart = contributionOf(cluster, []);
  const review = (previous: PlanContribution[], now: PlanContribution[]) => messages(reviewAgainstPrevious(previousOf(...previous), objectsOf(...now), [autoImportCheck]).findings);

  test('the cluster and the engine that runs the add-on removed in one change: a warning naming the ManagedCluster', () => {
    expect(review([management(), clusterPart], [])).toEqual([
      [
        'warning',
        '(auto-import)',
        'the hypershift add-on imported edge-lab by itself (auto-import is on), so its ManagedCluster is not in git; the add-on deletes it when it sees the HostedCluster deleted, but this change also removes the multicluster engine that runs the add-on, so ManagedCluster edge-lab would stay on the hub, a cluster that never reports again.',
        'Delete it first, as chapter 13 does (oc delete managedcluster edge-lab), or remove the hosted cluster in one commit and the multicluster engine in a later one.',
      ],
    ]);
  });

  test('no warning when the add-on stays, the import was explicit, auto-import was off, or the engine was never this app\'s', () => {
    expect(review([management(), clusterPart], [management()])).toEqual([]);
    expect(review([management(true), clusterPart, imported()], [])).toEqual([]);
    expect(review([management(true), clusterPart], [])).toEqual([]);
    expect(review([clusterPart], [])).toEqual([]);
    // The cluster kept: nothing removed.
    expect(review([management(), clusterPart], [clusterPart])).toEqual([]);
  });

  test('through the synth: the previous output is read back from the folder', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-a7-')), 'dist');
    try {
      synthAtomically(dir, (app) => {
        const chart = new Chart(app, 'x');
        new ManagementCluster(chart, 'm', { platforms: ['None'] });
        new HostedClusterBundle(chart, 'h', { ...noneCluster, options: EXAMPLE_OPTIONS });
      });
      // The management cluster goes with the cluster: the warning. The cluster alone: none.
      const autoImport = (define: Parameters<typeof synthInMemory>[0]) => synthInMemory(define, {}, dir).previous.findings.filter((w) => w.path === '(auto-import)').map((w) => w.object);
      expect(autoImport((app) => void new Chart(app, 'x'))).toEqual(['HostedCluster none-clusters/edge-lab']);
      expect(autoImport((app) => void new ManagementCluster(new Chart(app, 'x'), 'm', { platforms: ['None'] }))).toEqual([]);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
