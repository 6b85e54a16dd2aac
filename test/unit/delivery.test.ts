/**
 * Delivery planners (lib/delivery): one test per rule with its exact message, and the properties
 * the issue asks for: the ApplicationSet selects exactly the folders written, Flux's dependsOn
 * follows the stage order and the management → hosted order, the health expressions are the
 * exported ones for the kinds present, the AppProject whitelist is the folders' cluster-scoped kinds.
 */
import { parse } from '@bufbuild/cel';
import { checkDelivery } from '../../lib';
import type { DeliveryProps } from '../../lib';
import type { ApplicationSet, AppProject, ArgoCd, ConfigMap, FluxKustomization, GitOpsCluster, KubernetesObject, Placement } from '../../lib/api';
import { MANAGEMENT_CLUSTER, PHASES, STAGES, folderSpecs, managementTarget } from '../../lib/core';
import type { FolderSpec, PlannedPart } from '../../lib/core';
import { gitDerivedDestination, gitDestinationTemplate, gitDirectories } from '../../lib/delivery';
import { argoCdHealthChecks, fluxHealthCheckExprs } from '../../lib/gitops';
import { DELIVERY_FIXTURES, FLEET_FOLDERS, FLEET_PLACEMENT } from '../conformance/delivery-fixtures';

const REPO = 'https://git.example.com/platform/fleet.git';
/** Argo CD props; hosted cluster apps/c is not imported, so it gets a destination (else DA3 warns). */
const argo = (more: Partial<DeliveryProps> = {}): DeliveryProps => ({ repoURL: REPO, ...more, argoCd: { destinations: { 'hosted-apps-c': 'apps-c' }, ...more.argoCd } });
const flux = (more: Partial<DeliveryProps> = {}): DeliveryProps => ({ repoURL: REPO, flux: {}, ...more });

/** The parts, failing with the findings when there are none. */
function plan(props: unknown, folders: readonly FolderSpec[] = FLEET_FOLDERS, placement = FLEET_PLACEMENT): PlannedPart[] {
  const result = checkDelivery(props, folders, placement);
  if (!result.parts) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.parts;
}
const issuesOf = (props: unknown, folders: readonly FolderSpec[] = FLEET_FOLDERS, placement = FLEET_PLACEMENT) => checkDelivery(props, folders, placement).issues;
/** Every object of the parts, in order. */
const deliveryObjects = (parts: readonly PlannedPart[]): KubernetesObject[] => parts.flatMap((p) => p.objects.map((o) => o.object));
const only = <T extends KubernetesObject>(parts: readonly PlannedPart[], kind: string): T[] => deliveryObjects(parts).filter((o) => o.kind === kind) as T[];
const delivered = FLEET_FOLDERS.map((f) => f.folder).filter((f) => !f.startsWith('gitops-'));

describe('checkDelivery: untrusted input', () => {
  test.each([[undefined], [null], [42], ['x'], [[]]])('%p gives findings under delivery, never an exception', (input) => {
    const issues = checkDelivery(input, FLEET_FOLDERS).issues;
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.path.startsWith('delivery') && i.severity === 'error')).toBe(true);
  });

  test('schema findings carry the delivery path, every one in one run', () => {
    const issues = issuesOf({ repoURL: 7, argoCd: { generator: 'gti', hubb: 'east' }, flux: { interval: 5 } });
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ['delivery.repoURL', '7 (a number) is not a string.'],
      ['delivery.argoCd.generator', '"gti" (a string) is not one of list, git; did you mean "git"?'],
      ['delivery.argoCd.hubb', 'unknown key "hubb"; did you mean "hub"?'],
      ['delivery.flux.interval', '5 (a number) is not a string.'],
    ]);
  });

  test('every problem of well-formed props in one run', () => {
    const issues = issuesOf({ repoURL: 'git@host:org/repo.git', path: '/abs', revision: 'a b', flux: { interval: '5 minutes', namespace: 'Flux' } });
    expect(issues.map((i) => i.path)).toEqual(['delivery.repoURL', 'delivery.path', 'delivery.revision', 'delivery.flux.namespace', 'delivery.flux.interval']);
  });
});

describe('checkDelivery: rules', () => {
  test('an engine is needed', () => {
    expect(issuesOf({ repoURL: REPO })).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery', message: 'neither argoCd nor flux is given, so nothing would deliver the folders.', fix: 'Give argoCd or flux.' },
    ]);
  });

  test('only one engine', () => {
    expect(issuesOf(argo({ flux: {} }))).toEqual([
      {
        severity: 'error',
        object: 'Delivery',
        path: 'delivery.flux',
        message: "argoCd and flux are both given: both would apply the same folders to the same clusters and undo each other's changes.",
        fix: 'Keep one of them.',
      },
    ]);
  });

  test('acm needs argoCd', () => {
    expect(issuesOf(flux({ acm: {} }))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.acm', message: 'acm registers the destination clusters with Argo CD, but argoCd is not given.', fix: 'Give argoCd, or remove acm.' },
    ]);
  });

  test('DA1: Flux refuses the scp form, and the fix gives the ssh:// form', () => {
    expect(issuesOf(flux({ repoURL: 'git@github.com:org/fleet.git' }))).toEqual([
      {
        severity: 'error',
        object: 'Delivery',
        path: 'delivery.repoURL',
        message: 'Flux takes only http://, https:// and ssh:// repository URLs, and "git@github.com:org/fleet.git" is not one.',
        fix: 'Write it as ssh://git@github.com/org/fleet.git.',
      },
    ]);
    expect(issuesOf(argo({ repoURL: 'git@github.com:org/fleet.git' }))).toEqual([]);
  });

  test('DA1: a URL is not empty', () => {
    expect(issuesOf(argo({ repoURL: ' ' }))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.repoURL', message: '" " is not a git URL.', fix: "Give the repository's URL, e.g. https://git.example.com/org/fleet.git." },
    ]);
  });

  test.each([['/dist'], ['../dist'], ['dist/../x'], ['a//b'], ['']])('DA4: path %p is refused', (path) => {
    expect(issuesOf(argo({ path }))).toEqual([
      {
        severity: 'error',
        object: 'Delivery',
        path: 'delivery.path',
        message: `${JSON.stringify(path)} is not a folder path relative to the repository root (no leading "/", no "..", no empty segment).`,
        fix: 'Give the output folder\'s path from the repository root, e.g. dist or clusters/prod, or "." for the root.',
      },
    ]);
  });

  test('DA4: "." is the repository root, a trailing slash is dropped', () => {
    const root = only<ApplicationSet>(plan(argo({ path: '.' })), 'ApplicationSet')[0];
    expect(root.spec.generators[0].list!.elements.map((e) => e.path)).toEqual(delivered);
    const slash = only<ApplicationSet>(plan(argo({ path: 'out/' })), 'ApplicationSet')[0];
    expect(slash.spec.generators[0].list!.elements[0].path).toBe(`out/${delivered[0]}`);
  });

  test('a revision is a branch name', () => {
    expect(issuesOf(argo({ revision: 'my branch' }))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.revision', message: '"my branch" is not a branch name.', fix: 'Give the branch the engines follow, e.g. main.' },
    ]);
  });

  test('the hub is a management cluster of the fleet', () => {
    expect(issuesOf(argo({ argoCd: { hub: 'eats' } }))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.argoCd.hub', message: 'no management cluster "eats" is in the output (no folder management-eats); did you mean "east"?', fix: 'Use "east".' },
    ]);
  });

  test('destinations name delivered folders', () => {
    expect(issuesOf(argo({ argoCd: { destinations: { 'hosted-clusters-x': 'x', 'hosted-apps-c': '' } } }))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.argoCd.destinations["hosted-clusters-x"]', message: 'no folder "hosted-clusters-x" is delivered; did you mean "hosted-clusters-a"?', fix: 'Use "hosted-clusters-a".' },
      { severity: 'error', object: 'Delivery', path: 'delivery.argoCd.destinations["hosted-apps-c"]', message: '"" is not an Argo CD cluster name.', fix: 'Give the name of a cluster registered in Argo CD.' },
    ]);
  });

  test('names are DNS names', () => {
    expect(issuesOf(argo({ argoCd: { namespace: 'Argo_CD', project: 'x' }, acm: { clusterSet: 'a.b' } })).map((i) => [i.path, i.message, i.fix])).toEqual([
      ['delivery.argoCd.namespace', 'namespace "Argo_CD" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.', 'Use a lower-case name such as openshift-gitops.'],
      ['delivery.acm.clusterSet', 'cluster set "a.b" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.', 'Use a lower-case name such as hosted-control-planes.'],
    ]);
  });

  test('DA2: the git generator must derive every destination from the folder name', () => {
    expect(issuesOf(argo({ argoCd: { generator: 'git', destinations: { 'hosted-apps-c': 'c', 'hosted-clusters-a': 'clusters-a', 'hosted-clusters-b': 'clusters-b' } } }))).toEqual([
      {
        severity: 'error',
        object: 'Delivery',
        path: 'delivery.argoCd.destinations["hosted-apps-c"]',
        message: 'the git generator derives folder hosted-apps-c\'s Argo CD cluster from its name ("apps-c"), but the folder goes to "c".',
        fix: 'Use generator \'list\', or register the cluster in Argo CD as "apps-c" and set this destination to it.',
      },
    ]);
    expect(issuesOf(argo({ argoCd: { generator: 'git', destinations: { 'hosted-apps-c': 'apps-c', 'hosted-clusters-b': 'clusters-b' } } }))).toEqual([
      {
        severity: 'error',
        object: 'Delivery',
        path: 'delivery.argoCd.generator',
        message: 'the git generator derives folder hosted-clusters-a\'s Argo CD cluster from its name ("clusters-a"), but the folder goes to "a".',
        fix: 'Use generator \'list\', or register the cluster in Argo CD as "clusters-a" and set argoCd.destinations["hosted-clusters-a"] to it.',
      },
    ]);
  });

  test('DA3: a hosted cluster that is not imported has no Argo CD cluster (warning)', () => {
    const result = checkDelivery({ repoURL: REPO, argoCd: {} }, FLEET_FOLDERS, FLEET_PLACEMENT);
    expect(result.parts).toBeDefined();
    expect(result.issues).toEqual([
      {
        severity: 'warning',
        object: 'Delivery',
        path: 'delivery.argoCd.destinations["hosted-apps-c"]',
        message: 'hosted cluster apps/c is not imported (no ManagedCluster on its management cluster), so no Argo CD cluster "c" will exist for folder hosted-apps-c and its Application will not sync.',
        fix: 'Import the cluster (HostedClusterImport), or register it in Argo CD and name it in argoCd.destinations["hosted-apps-c"].',
      },
    ]);
  });

  test('ACM with every folder in-cluster writes nothing and says so', () => {
    const folders = FLEET_FOLDERS.filter((f) => f.folder === 'management');
    const result = checkDelivery({ repoURL: REPO, argoCd: {}, acm: {} }, folders);
    expect(result.issues).toEqual([
      {
        severity: 'warning',
        object: 'Delivery',
        path: 'delivery.acm',
        message: 'every folder goes to the cluster Argo CD runs on (in-cluster), so ACM has no cluster to register with Argo CD; no Placement or GitOpsCluster is written.',
        fix: 'Remove acm, or deliver to other clusters.',
      },
    ]);
    expect(deliveryObjects(result.parts!).map((o) => o.kind)).toEqual(['ArgoCD', 'AppProject', 'ApplicationSet']);
  });

  test('DF1: Flux durations are Go durations', () => {
    expect(issuesOf(flux({ flux: { interval: '5', timeout: '1h 30m' } }))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.flux.interval', message: '"5" is not a Go duration.', fix: 'Write it like 5m, 30s or 1h30m.' },
      { severity: 'error', object: 'Delivery', path: 'delivery.flux.timeout', message: '"1h 30m" is not a Go duration.', fix: 'Write it like 5m, 30s or 1h30m.' },
    ]);
  });

  test('DF3: a Kustomization name is a label value (at most 63 characters)', () => {
    const long = 'a'.repeat(40);
    const folders = folderSpecs([{ object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }, phase: PHASES.namespaces, target: managementTarget(long), readiness: { kind: 'exists' }, contributor: 't' }]);
    expect(issuesOf(flux(), folders)).toEqual([
      {
        severity: 'error',
        object: 'Delivery',
        path: 'delivery.flux',
        message: `the Kustomization management-${long}-05-resources of folder management-${long} has a name of 64 characters; Flux labels what it applies with the name, and a label value has at most 63.`,
        fix: 'Give the management cluster or hosted cluster a shorter name.',
      },
    ]);
  });

  test('a hosted cluster is placed on a management cluster of the output', () => {
    expect(issuesOf(flux(), FLEET_FOLDERS, new Map([...FLEET_PLACEMENT, ['apps/c', 'north']]))).toEqual([
      { severity: 'error', object: 'Delivery', path: 'delivery.placement["apps/c"]', message: 'hosted cluster apps/c is placed on management cluster "north", which has no folder in the output.', fix: 'Place it on a management cluster of the fleet.' },
    ]);
  });
});

describe('Argo CD', () => {
  test('the list generator has one element per delivered folder, exactly', () => {
    const parts = plan(DELIVERY_FIXTURES[0].props);
    expect(parts.map((p) => [p.folder, p.target])).toEqual([['gitops-hub', MANAGEMENT_CLUSTER]]);
    const [set] = only<ApplicationSet>(parts, 'ApplicationSet');
    expect(set.spec.generators[0].list!.elements).toEqual([
      { folder: 'edge-store-1', path: 'dist/edge-store-1', destination: 'in-cluster' },
      { folder: 'hosted-apps-c', path: 'dist/hosted-apps-c', destination: 'apps-c' },
      { folder: 'hosted-clusters-a', path: 'dist/hosted-clusters-a', destination: 'a' },
      { folder: 'hosted-clusters-b', path: 'dist/hosted-clusters-b', destination: 'b' },
      { folder: 'management', path: 'dist/management', destination: 'in-cluster' },
      { folder: 'management-east', path: 'dist/management-east', destination: 'east' },
      { folder: 'management-west', path: 'dist/management-west', destination: 'west' },
    ]);
    expect(set.spec.generators[0].list!.elements.map((e) => e.folder)).toEqual(delivered);
    expect(set.spec).toMatchObject({
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      template: {
        metadata: { name: '{{.folder}}' },
        spec: {
          project: 'hosted-control-planes',
          source: { repoURL: REPO, targetRevision: 'main', path: '{{.path}}' },
          destination: { name: '{{.destination}}' },
          syncPolicy: { automated: { prune: true, selfHeal: true }, syncOptions: ['ServerSideApply=true'] },
        },
      },
    });
  });

  test('the git generator selects exactly the delivered folders (the glob and excludes run over every folder and the reports)', () => {
    const parts = plan(DELIVERY_FIXTURES[1].props);
    expect(parts.map((p) => [p.folder, p.target])).toEqual([['gitops-east', managementTarget('east')]]);
    const [set] = only<ApplicationSet>(parts, 'ApplicationSet');
    const { directories, repoURL, revision } = set.spec.generators[0].git!;
    expect([repoURL, revision]).toEqual(['git@git.example.com:platform/fleet.git', 'release']);
    // path.Match: `*` is any run of characters but "/"; an exclude wins whatever the order.
    const glob = (pattern: string) => new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    const written = [...FLEET_FOLDERS.map((f) => f.folder), 'reports', 'gitops-east.hosted'].map((f) => `clusters/prod/${f}`);
    const selected = written.filter((dir) => directories.some((d) => !d.exclude && glob(d.path).test(dir)) && !directories.some((d) => d.exclude && glob(d.path).test(dir)));
    expect(selected).toEqual(delivered.map((f) => `clusters/prod/${f}`));
    expect(set.spec.template.metadata.name).toBe('{{.path.basename}}');
    expect(set.spec.template.spec.source.path).toBe('{{.path.path}}');
    expect(set.spec.template.spec.destination.name).toBe(gitDestinationTemplate('east'));
  });

  test('the git generator derives destinations by one rule, written as a Go template', () => {
    expect(gitDestinationTemplate(undefined)).toBe(
      '{{ if hasPrefix "hosted-" .path.basename }}{{ trimPrefix "hosted-" .path.basename }}{{ else if hasPrefix "management-" .path.basename }}{{ trimPrefix "management-" .path.basename }}{{ else }}in-cluster{{ end }}',
    );
    expect(gitDestinationTemplate('east')).toContain('(ne .path.basename "management-east")');
    expect(delivered.map((f) => gitDerivedDestination(f, 'east'))).toEqual(['in-cluster', 'apps-c', 'clusters-a', 'clusters-b', 'in-cluster', 'in-cluster', 'west']);
    expect(gitDirectories({ path: '.' })).toEqual([{ path: '*' }, { path: 'gitops-*', exclude: true }, { path: 'reports', exclude: true }]);
  });

  test('the AppProject allows the repository, every destination and exactly the cluster-scoped kinds of the folders', () => {
    const [project] = only<AppProject>(plan(DELIVERY_FIXTURES[0].props), 'AppProject');
    expect(project.metadata).toEqual({ name: 'hosted-control-planes', namespace: 'openshift-gitops' });
    expect(project.spec.sourceRepos).toEqual([REPO]);
    expect(project.spec.destinations).toEqual(['a', 'apps-c', 'b', 'east', 'in-cluster', 'west'].map((name) => ({ name, namespace: '*' })));
    const clusterScoped = new Set(
      FLEET_FOLDERS.filter((f) => !f.folder.startsWith('gitops-')).flatMap((f) => f.stages.flatMap((s) => s.clusterScoped.map((k) => `${k.apiVersion.includes('/') ? k.apiVersion.split('/')[0] : ''}/${k.kind}`))),
    );
    expect(project.spec.clusterResourceWhitelist!.map((w) => `${w.group}/${w.kind}`)).toEqual([...clusterScoped].sort());
    expect(project.spec.clusterResourceWhitelist).toEqual([
      { group: '', kind: 'Namespace' },
      { group: 'cluster.open-cluster-management.io', kind: 'ManagedCluster' },
      { group: 'config.openshift.io', kind: 'ImageDigestMirrorSet' },
      { group: 'hive.openshift.io', kind: 'ClusterImageSet' },
      { group: 'multicluster.openshift.io', kind: 'MultiClusterEngine' },
    ]);
  });

  test('the hub\'s own management folder goes to in-cluster', () => {
    const [set] = only<ApplicationSet>(plan(argo({ argoCd: { hub: 'west', destinations: { 'hosted-apps-c': 'apps-c' } } })), 'ApplicationSet');
    expect(Object.fromEntries(set.spec.generators[0].list!.elements.map((e) => [e.folder, e.destination]))).toMatchObject({ 'management-west': 'in-cluster', 'management-east': 'east', management: 'in-cluster' });
  });

  test('health checks: the ArgoCD patch holds the exported checks of the kinds present only', () => {
    const parts = plan(DELIVERY_FIXTURES[0].props);
    const [argoCd] = only<ArgoCd>(parts, 'ArgoCD');
    expect(argoCd.metadata).toEqual({ name: 'openshift-gitops', namespace: 'openshift-gitops' });
    const kinds = argoCd.spec.resourceHealthChecks!.map((c) => `${c.group}/${c.kind}`);
    expect(kinds).toEqual(['hypershift.openshift.io/HostedCluster', 'hypershift.openshift.io/NodePool', 'multicluster.openshift.io/MultiClusterEngine', 'cluster.open-cluster-management.io/ManagedCluster', 'extensions.hive.openshift.io/ImageClusterInstall']);
    for (const check of argoCd.spec.resourceHealthChecks!) expect(argoCdHealthChecks).toContainEqual(check);
    expect(parts[0].objects.find((o) => o.object.kind === 'ArgoCD')).toMatchObject({ patch: true, phase: PHASES.operatorConfiguration });
  });

  test('health checks: argocd-cm, or none', () => {
    const [cm] = only<ConfigMap>(plan(DELIVERY_FIXTURES[1].props), 'ConfigMap');
    expect(cm.metadata).toEqual({ name: 'argocd-cm', namespace: 'argocd' });
    expect(Object.keys(cm.data!)).toContain('resource.customizations.health.hypershift.openshift.io_HostedCluster');
    expect(deliveryObjects(plan(argo({ argoCd: { healthChecks: 'none', destinations: { 'hosted-apps-c': 'x' } } }))).map((o) => o.kind)).toEqual(['AppProject', 'ApplicationSet']);
  });

  test('ACM: the binding is named after its set, the Placement selects the destination clusters by name, the GitOpsCluster names the Placement', () => {
    const parts = plan(DELIVERY_FIXTURES[1].props);
    expect(deliveryObjects(parts).map((o) => `${o.kind} ${o.metadata.namespace}/${o.metadata.name}`)).toEqual([
      'ConfigMap argocd/argocd-cm',
      'AppProject argocd/fleet',
      'ApplicationSet argocd/fleet',
      'ManagedClusterSetBinding fleet-gitops/fleet',
      'Placement fleet-gitops/fleet',
      'GitOpsCluster fleet-gitops/fleet',
    ]);
    const [placement] = only<Placement>(parts, 'Placement');
    expect(placement.spec).toEqual({
      clusterSets: ['fleet'],
      predicates: [{ requiredClusterSelector: { labelSelector: { matchExpressions: [{ key: 'name', operator: 'In', values: ['apps-c', 'clusters-a', 'clusters-b', 'west'] }] } } }],
    });
    const [gitOps] = only<GitOpsCluster>(parts, 'GitOpsCluster');
    expect(gitOps.spec).toEqual({ argoServer: { argoNamespace: 'argocd' }, placementRef: { kind: 'Placement', apiVersion: 'cluster.open-cluster-management.io/v1beta1', name: 'fleet' } });
  });
});

describe('Flux', () => {
  const parts = plan(DELIVERY_FIXTURES[2].props);
  const kustomizations = only<FluxKustomization>(parts, 'Kustomization');
  const byName = (namespace: string, name: string) => kustomizations.find((k) => k.metadata.namespace === namespace && k.metadata.name === name)!;

  test('one gitops folder per management cluster, one for the hosted clusters of each', () => {
    expect(parts.map((p) => [p.folder, p.target])).toEqual([
      ['gitops-east', managementTarget('east')],
      ['gitops-east.hosted', managementTarget('east')],
      ['gitops-management', MANAGEMENT_CLUSTER],
      ['gitops-management.hosted', MANAGEMENT_CLUSTER],
      ['gitops-west', managementTarget('west')],
      ['gitops-west.hosted', managementTarget('west')],
    ]);
    expect(deliveryObjects([parts[0]]).map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([
      'GitRepository hcp-constructs',
      'Kustomization gitops',
      ...STAGES.map((s) => `Kustomization management-east-${s}`).filter((s) => !s.endsWith('04-restore')),
      'Kustomization hosted-clusters',
    ]);
    const [source] = only<KubernetesObject & { spec: unknown }>([parts[0]], 'GitRepository');
    expect(source.spec).toEqual({ url: 'ssh://git@git.example.com/platform/fleet.git', ref: { branch: 'main' }, interval: '10m' });
  });

  test('dependsOn follows the stage order within a folder, then the management folder before the hosted clusters and other folders', () => {
    for (const folder of FLEET_FOLDERS.filter((f) => !f.folder.startsWith('gitops-'))) {
      const namespace = folder.target.kind === 'hosted-cluster' ? folder.target.namespace : 'flux-system';
      const prefix = folder.target.kind === 'hosted-cluster' ? folder.target.name : folder.folder;
      const chain = folder.stages.map((s) => byName(namespace, `${prefix}-${s.name}`));
      expect(chain.map((k) => k.spec.path)).toEqual(folder.stages.map((s) => `./dist/${folder.folder}/${s.name}`));
      expect(folder.stages.map((s) => STAGES.indexOf(s.name))).toEqual([...folder.stages.map((s) => STAGES.indexOf(s.name))].sort((a, b) => a - b));
      chain.slice(1).forEach((k, i) => expect(k.spec.dependsOn).toEqual([{ name: chain[i].metadata.name }]));
      const mc = folder.target.kind === 'hosted-cluster' ? FLEET_PLACEMENT.get(`${folder.target.namespace}/${folder.target.name}`) : folder.target.name;
      const main = mc === undefined ? 'management' : `management-${mc}`;
      const first = chain[0].spec.dependsOn;
      if (folder.folder === main) expect(first).toBeUndefined();
      else if (folder.target.kind === 'hosted-cluster') expect(first).toEqual([{ name: `${main}-05-resources`, namespace: 'flux-system' }]);
      else expect(first).toEqual([{ name: `${main}-05-resources` }]);
    }
    expect(byName('flux-system', 'hosted-clusters').spec).toMatchObject({ path: './dist/gitops-east.hosted', wait: false, dependsOn: [{ name: 'management-east-05-resources' }] });
  });

  test('a hosted cluster\'s Kustomizations live in its namespace and apply with its admin kubeconfig', () => {
    expect(byName('clusters', 'a-05-resources').spec).toMatchObject({
      sourceRef: { kind: 'GitRepository', name: 'hcp-constructs', namespace: 'flux-system' },
      kubeConfig: { secretRef: { name: 'a-admin-kubeconfig', key: 'kubeconfig' } },
      prune: true,
      wait: true,
      timeout: '30m',
      interval: '10m',
    });
  });

  test('healthCheckExprs are the exported expressions of the kinds in that stage only, and each compiles', () => {
    for (const k of kustomizations) {
      const stage = FLEET_FOLDERS.flatMap((f) => f.stages.map((s) => ({ path: `./dist/${f.folder}/${s.name}`, s }))).find((x) => x.path === k.spec.path)?.s;
      if (!stage) {
        expect(k.spec.healthCheckExprs).toBeUndefined();
        continue;
      }
      const present = new Set(stage.kinds.map((r) => `${r.apiVersion} ${r.kind}`));
      const exprs = k.spec.healthCheckExprs ?? [];
      expect(exprs).toEqual(fluxHealthCheckExprs.filter((e) => present.has(`${e.apiVersion} ${e.kind}`)));
      for (const e of exprs) for (const text of [e.current, e.failed].filter((t): t is string => t !== undefined)) expect(() => parse(text)).not.toThrow();
    }
    expect(byName('flux-system', 'management-east-05-resources').spec.healthCheckExprs!.map((e) => e.kind)).toEqual(['HostedCluster', 'NodePool', 'ManagedCluster']);
    expect(byName('flux-system', 'management-east-01-operators').spec.healthCheckExprs).toBeUndefined();
  });
});

describe('output', () => {
  test('is deterministic: the same folders in another order and the placement built in another order give the same parts', () => {
    for (const { props } of DELIVERY_FIXTURES) {
      const again = checkDelivery(props, [...FLEET_FOLDERS].reverse(), new Map([...FLEET_PLACEMENT].reverse()));
      expect(JSON.stringify(again.parts)).toBe(JSON.stringify(plan(props)));
    }
  });

  test('every fixture plans without findings but the expected warning, and its objects pass the schema check', () => {
    for (const { props } of DELIVERY_FIXTURES) expect(checkDelivery(props, FLEET_FOLDERS, FLEET_PLACEMENT).issues).toEqual([]);
  });
});
