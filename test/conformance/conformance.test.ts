/**
 * Conformance: every object the library emits is accepted by the real API server schema.
 *
 * Custom resources (HostedCluster, NodePool, ExternalSecret) are dry-run created, with strict
 * field validation, on the shared crd-server (a real apiextensions-apiserver with the upstream
 * CRDs from ../shared/reference/crds). Built-in kinds (Namespace, Secret, ConfigMap, Role) are
 * checked against the Kubernetes OpenAPI schema with kubernetes-models.
 *
 * Sources: the built-in example (examples/clusters.ts) and test/conformance/fixtures.ts, both
 * synthesized through cdk8s exactly as users get them.
 */
import { App, Chart } from 'cdk8s';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Role } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { StorageClass } from 'kubernetes-models/storage.k8s.io/v1';
import { parseAllDocuments } from 'yaml';
import { EdgeSite, HostedClusterBackup, HostedClusterBundle, HostedClusterImport, HostedClusterIngress, HostedClusterMigration, HostedClusterOperators, HostedClusterRestore, HostedClusterSriov, ManagementCluster } from '../../lib/cdk8s';
import { checkDelivery, checkEdgeSite, checkManagementCluster, planHostedCluster } from '../../lib';
import { defineExample } from '../../examples/app';
import { EXAMPLE_FLEET, defineFleetExample } from '../../examples/fleet-app';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_MANAGEMENT_CLUSTER, SUPPORTED_VERSIONS, awsCluster } from '../../examples/clusters';
import { CONFORMANCE_FIXTURES } from './fixtures';
import { DAY2_FIXTURES, OPERATORS_FIXTURES } from './day2-fixtures';
import { MANAGEMENT_FIXTURES as BASE_MANAGEMENT_FIXTURES } from './management-fixtures';
import { IMPORT_FIXTURES } from './import-fixtures';
import { DATA_PROTECTION_FIXTURES, MIGRATION_FIXTURES, PROTECTION_FIXTURES } from './protection-fixtures';
import { EDGE_FIXTURES } from './edge-fixtures';
import { DELIVERY_FIXTURES, FLEET_FOLDERS, FLEET_PLACEMENT } from './delivery-fixtures';
import type { PlannedPart } from '../../lib/core';
import { PlannedConstruct } from '../../lib/cdk8s/planned-construct';
import type { Construct } from 'constructs';
import { DryRunResult, describeRejection, isCustomResource } from './crd-server';
import { describeWithCrdServer } from './crd-server-suite';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

/** Management clusters: the presets, every optional field, and OADP's shapes. */
const MANAGEMENT_FIXTURES = [...BASE_MANAGEMENT_FIXTURES, ...DATA_PROTECTION_FIXTURES];

interface Case {
  readonly title: string;
  readonly source: string;
  readonly object: Obj;
}

/** Synthesizes an App the way users do and returns the parsed documents. */
function synthesize(define: (app: App) => void): Obj[] {
  const app = new App();
  define(app);
  return parseAllDocuments(app.synthYaml())
    .map((doc) => doc.toJS())
    .filter((doc) => doc !== null && doc !== undefined);
}

/** Where each object came from; a source that failed to synthesize records its error instead. */
interface SourceDocs {
  readonly source: string;
  readonly docs: Obj[];
  readonly error?: unknown;
}

function collect(source: string, define: (app: App) => void): SourceDocs {
  try {
    return { source, docs: synthesize(define) };
  } catch (error) {
    return { source, docs: [], error };
  }
}

/** A delivery part rendered through cdk8s as users will get it (part E brings the public construct). */
class DeliveryPart extends PlannedConstruct<PlannedPart> {
  constructor(scope: Construct, id: string, part: PlannedPart) {
    super(scope, id, { plan: part, issues: [] });
  }
}

const SOURCES: SourceDocs[] = [
  ...EXAMPLE_CLUSTERS.map((cluster) =>
    collect(`example ${cluster.platform.type.toLowerCase()}-${cluster.name}`, (app) => defineExample(app, [cluster], undefined, null, [], undefined, undefined, [])),
  ),
  collect('example management-cluster', (app) => defineExample(app, [], undefined, undefined, [], undefined, undefined, [])),
  // The built-in example as npm run synth writes it: the fleet, its two management clusters and the hub's delivery objects.
  collect('example fleet', defineFleetExample),
  collect('example fleet with Flux', (app) => defineFleetExample(app, { ...EXAMPLE_FLEET, delivery: { repoURL: 'https://git.example.com/platform/hosted-clusters.git', flux: {} } })),
  // The day-2 example, one source per cluster: kv-lb and the router's Service inside it, aws-prod and SR-IOV inside it.
  ...EXAMPLE_DAY2.map((day2) => collect(`example day-2 ${day2.cluster.name}`, (app) => defineExample(app, [], undefined, null, [day2], undefined, undefined, []))),
  ...DAY2_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterIngress(chart, 'ingress', { cluster, ...fixture.ingress });
    }),
  ),
  ...OPERATORS_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterOperators(chart, 'operators', { cluster, ...fixture.operators });
      new HostedClusterSriov(chart, 'sriov', { cluster, ...fixture.sriov });
    }),
  ),
  ...IMPORT_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterImport(chart, 'import', { cluster, ...fixture.import });
    }),
  ),
  ...CONFORMANCE_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      new HostedClusterBundle(new Chart(app, fixture.id), 'cluster', { ...fixture.props, options: fixture.options });
    }),
  ),
  ...MANAGEMENT_FIXTURES.map((fixture) =>
    collect(`management fixture ${fixture.id}`, (app) => {
      new ManagementCluster(new Chart(app, fixture.id), 'management', fixture.props);
    }),
  ),
  // A cluster's Schedule, Backup or Restore alone (its HostedCluster is posted by the other sources).
  ...PROTECTION_FIXTURES.map((fixture) =>
    collect(`management protection ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = { plan: planHostedCluster(fixture.cluster, { supportedVersions: SUPPORTED_VERSIONS }) };
      if (fixture.backup) new HostedClusterBackup(chart, 'backup', { cluster, ...fixture.backup });
      if (fixture.restore) new HostedClusterRestore(chart, 'restore', { cluster, ...fixture.restore });
    }),
  ),
  // Edge sites on the hub: the example's (examples/edge.ts) and the other shapes.
  ...EDGE_FIXTURES.map((fixture) =>
    collect(`edge site fixture ${fixture.id}`, (app) => {
      new EdgeSite(new Chart(app, fixture.id), 'site', fixture.props);
    }),
  ),
  // Delivery by Argo CD (each generator, each form of health checks), ACM and Flux, over a small fleet's folders.
  ...DELIVERY_FIXTURES.map((fixture) =>
    collect(`delivery fixture ${fixture.id}`, (app) => {
      const { parts, issues } = checkDelivery(fixture.props, FLEET_FOLDERS, FLEET_PLACEMENT);
      if (!parts) throw new Error(JSON.stringify(issues));
      const chart = new Chart(app, fixture.id);
      parts.forEach((part, i) => new DeliveryPart(chart, `part-${i}`, part));
    }),
  ),
  // A migration's objects on both management clusters (the cluster itself stays in its own app).
  ...MIGRATION_FIXTURES.map((fixture) =>
    collect(`management migration ${fixture.id}`, (app) => {
      const management = EXAMPLE_MANAGEMENT_CLUSTER;
      new HostedClusterMigration(new Chart(app, fixture.id), 'migration', {
        ...fixture.migration,
        cluster: awsCluster,
        options: { supportedVersions: SUPPORTED_VERSIONS },
        sourceManagementCluster: management,
        destinationManagementCluster: management,
      });
    }),
  ),
];
/** The sources of one hosted cluster each (the fleet's sources hold the example's six, checked on their own below). */
const HOSTED_CLUSTER_SOURCES = SOURCES.filter((s) => !s.source.includes('management') && !s.source.startsWith('edge site') && !s.source.startsWith('delivery') && !s.source.startsWith('example fleet'));

const caseOf = (source: string, object: Obj): Case => ({
  title: `${object.kind} ${object.metadata?.namespace ?? ''}/${object.metadata?.name} (${source})`,
  source,
  object,
});
/**
 * OperatorHub's CRD is not among the reference CRDs; its spec is the one HostedCluster embeds at
 * spec.configuration.operatorhub, so it is posted inside a HostedCluster of the same source.
 */
function embeddedOperatorHub(source: string, docs: readonly Obj[], object: Obj): Case {
  const hostedCluster = JSON.parse(JSON.stringify(docs.find((d) => d.kind === 'HostedCluster')));
  hostedCluster.metadata.name = `operatorhub-${hostedCluster.metadata.name}`;
  hostedCluster.spec.configuration = { ...hostedCluster.spec.configuration, operatorhub: object.spec };
  return { title: `OperatorHub /cluster as HostedCluster configuration.operatorhub (${source})`, source, object: hostedCluster };
}
const ALL_CASES = SOURCES.flatMap(({ source, docs }) => docs.map((object) => (object.kind === 'OperatorHub' ? embeddedOperatorHub(source, docs, object) : caseOf(source, object))));
const CUSTOM_CASES = ALL_CASES.filter((c) => isCustomResource(c.object));
const BUILT_IN_CASES = ALL_CASES.filter((c) => !isCustomResource(c.object));

/**
 * The objects inside the ConfigMaps a NodePool names in spec.config (key `config`) and
 * spec.tuningConfig (key `tuning`), checked against their own CRDs: HyperShift hands them on to
 * the hosted cluster's MCO and Node Tuning Operator.
 */
function nodeConfigPayloads({ source, docs }: SourceDocs): Case[] {
  const keys = new Map<string, string>();
  for (const np of docs.filter((d) => d.kind === 'NodePool')) {
    for (const ref of np.spec.config ?? []) keys.set(`${np.metadata.namespace}/${ref.name}`, 'config');
    for (const ref of np.spec.tuningConfig ?? []) keys.set(`${np.metadata.namespace}/${ref.name}`, 'tuning');
  }
  return docs
    .filter((d) => d.kind === 'ConfigMap' && keys.has(`${d.metadata.namespace}/${d.metadata.name}`))
    .flatMap((cm) => parseAllDocuments(cm.data[keys.get(`${cm.metadata.namespace}/${cm.metadata.name}`)!]).map((doc) => caseOf(`${source}, ConfigMap ${cm.metadata.name}`, doc.toJS())));
}
const PAYLOAD_CASES = SOURCES.flatMap(nodeConfigPayloads);

/** kubernetes-models classes of the built-in kinds the library emits. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const BUILT_IN_MODELS: Readonly<Record<string, new (data: any) => { validate(): void }>> = {
  'v1 Namespace': Namespace,
  'v1 Secret': Secret,
  'v1 ConfigMap': ConfigMap,
  'rbac.authorization.k8s.io/v1 Role': Role,
  'v1 Service': Service,
  'storage.k8s.io/v1 StorageClass': StorageClass,
};

function validateBuiltIn(object: Obj): void {
  const key = `${object.apiVersion} ${object.kind}`;
  const Model = BUILT_IN_MODELS[key];
  if (!Model) throw new Error(`no kubernetes-models class for ${object.apiVersion} ${object.kind}; add it to BUILT_IN_MODELS`);
  new Model(object).validate();
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describeWithCrdServer('conformance against the real API server schema', 'the API-server conformance checks need ../shared/tools/crd-server.', (server) => {
  const accepted = new Set<string>();
  const posted = new Set<string>();
  const kinds = new Set<string>();
  const builtInChecked = new Set<string>();

  afterAll(() => {
    // eslint-disable-next-line no-console
    console.log(
      `conformance: posted ${posted.size} custom resources (${kinds.size} kinds; ${PAYLOAD_CASES.length} of them from inside NodePool ConfigMaps), ${accepted.size} accepted; ` +
        `${builtInChecked.size} built-in objects schema-checked`,
    );
  });

  const post = (object: Obj): Promise<DryRunResult> => server().dryRunCreate(object);

  /** Posts the object (dry run) and expects the server to accept it; counts it for the summary. */
  const expectAccepted = async (c: Case): Promise<void> => {
    const key = c.title;
    posted.add(key);
    kinds.add(`${c.object.apiVersion} ${c.object.kind}`);
    const result = await post(c.object);
    if (result.status === 201) accepted.add(key);
    expect(result.status === 201 ? 'accepted (201)' : describeRejection(result)).toBe('accepted (201)');
  };

  describe('sources', () => {
    test.each(SOURCES.map((s) => [s.source, s] as const))('%s synthesizes', (_name, source) => {
      expect(source.error === undefined ? 'ok' : String((source.error as Error)?.stack ?? source.error)).toBe('ok');
      expect(source.docs.length).toBeGreaterThan(0);
    });

    test.each(CONFORMANCE_FIXTURES.map((f) => [f.id, f] as const))('fixture %s passes the library validation', (_id, fixture) => {
      expect(() => planHostedCluster(fixture.props, fixture.options)).not.toThrow();
    });

    test.each(MANAGEMENT_FIXTURES.map((f) => [f.id, f] as const))('management fixture %s passes the library validation', (_id, fixture) => {
      expect(checkManagementCluster(fixture.props).issues.filter((i) => i.severity === 'error')).toEqual([]);
    });

    test.each(EDGE_FIXTURES.map((f) => [f.id, f] as const))('edge site fixture %s passes the library validation', (_id, fixture) => {
      expect(checkEdgeSite(fixture.props).issues.filter((i) => i.severity === 'error')).toEqual([]);
    });

    test.each(DELIVERY_FIXTURES.map((f) => [f.id, f] as const))('delivery fixture %s passes the library validation', (_id, fixture) => {
      expect(checkDelivery(fixture.props, FLEET_FOLDERS, FLEET_PLACEMENT).issues).toEqual([]);
    });

    test('every source yields one HostedCluster and the objects cover all platforms and emitted kinds', () => {
      const hostedClusters = CUSTOM_CASES.filter((c) => c.object.kind === 'HostedCluster' && !c.title.startsWith('OperatorHub') && !c.source.startsWith('example fleet'));
      // The fleet example's six clusters, placed on its two management clusters, with and without Flux.
      expect(CUSTOM_CASES.filter((c) => c.object.kind === 'HostedCluster' && c.source.startsWith('example fleet')).map((c) => c.source)).toEqual([...Array(6).fill('example fleet'), ...Array(6).fill('example fleet with Flux')]);
      expect(CUSTOM_CASES.filter((c) => c.title.startsWith('OperatorHub'))).toHaveLength(1);
      expect(hostedClusters).toHaveLength(HOSTED_CLUSTER_SOURCES.length);
      expect(new Set(hostedClusters.map((c) => c.object.spec.platform.type))).toEqual(new Set(['AWS', 'KubeVirt', 'Agent', 'None']));
      expect(new Set(CUSTOM_CASES.map((c) => c.object.kind))).toEqual(
        new Set([
          'HostedCluster', 'NodePool', 'ExternalSecret',
          // The walkthrough's agent cluster also carries its hosts; the fleet example's vm-agents runs its agents as KubeVirt VMs.
          'InfraEnv', 'NMStateConfig', 'BareMetalHost', 'VirtualMachine',
          // The management cluster's kinds.
          'OperatorGroup', 'Subscription', 'CatalogSource', 'MultiClusterEngine', 'AddOnDeploymentConfig', 'MetalLB',
          'IPAddressPool', 'L2Advertisement', 'BGPAdvertisement', 'BGPPeer', 'HyperConverged', 'AgentServiceConfig',
          // Inside hosted clusters: SR-IOV and the CredentialsRequest of an operator using AWS STS.
          'SriovNetworkNodePolicy', 'SriovNetwork', 'CredentialsRequest',
          'KubeletConfig', 'IngressController',
          // A disconnected management cluster: its mirror sets and the Image config patch.
          'ImageDigestMirrorSet', 'ImageTagMirrorSet', 'Image',
          // Imports into ACM/MCE: the ManagedCluster and, with ACM, its add-ons.
          'ManagedCluster', 'KlusterletAddonConfig',
          // Backup and restore with OADP.
          'DataProtectionApplication', 'Schedule', 'Backup', 'Restore',
          // Edge sites on the hub (the BareMetalHost in its edge form too).
          'ImageClusterInstall', 'ClusterDeployment', 'ClusterImageSet',
          // Delivery: Argo CD, its operator's health checks, Flux and ACM.
          'AppProject', 'ApplicationSet', 'ArgoCD', 'GitRepository', 'Kustomization', 'ManagedClusterSetBinding', 'Placement', 'GitOpsCluster',
        ]),
      );
      expect(new Set(BUILT_IN_CASES.map((c) => c.object.kind))).toEqual(new Set(['Namespace', 'Secret', 'ConfigMap', 'Role', 'Service', 'StorageClass']));
      // Inside the NodePools' ConfigMaps: every kind of node configuration.
      expect(new Set(PAYLOAD_CASES.map((c) => c.object.kind))).toEqual(
        new Set(['MachineConfig', 'KubeletConfig', 'ContainerRuntimeConfig', 'ImageDigestMirrorSet', 'Tuned', 'PerformanceProfile']),
      );
      // What users apply carries the Argo CD sync wave.
      for (const c of ALL_CASES) expect(c.object.metadata.annotations?.['argocd.argoproj.io/sync-wave']).toMatch(/^(-[1-4]|[0-4])$/);
    });
  });

  describe('custom resources are accepted (dry-run create, strict field validation)', () => {
    test.each(CUSTOM_CASES.map((c) => [c.title, c] as const))('%s', (_title, c) => expectAccepted(c));
  });

  describe('node configuration inside NodePool ConfigMaps is accepted by its own CRDs (dry-run create, strict field validation)', () => {
    test.each(PAYLOAD_CASES.map((c) => [c.title, c] as const))('%s', (_title, c) => expectAccepted(c));

    test('negative control: a KubeletConfig with an unknown spec field is rejected', async () => {
      const kubelet = clone(PAYLOAD_CASES.find((c) => c.object.kind === 'KubeletConfig')!.object);
      kubelet.spec.notAField = true;
      const result = await post(kubelet);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('unknown field "spec.notAField"');
    });
  });

  describe('negative controls: the server does reject bad objects', () => {
    const hostedCluster = () => clone(CUSTOM_CASES.find((c) => c.object.kind === 'HostedCluster')!.object);
    const nodePool = () => clone(CUSTOM_CASES.find((c) => c.object.kind === 'NodePool')!.object);

    test('an ArgoCD patch with a field the library never writes is rejected (the test-only CRD serves only resourceHealthChecks)', async () => {
      const argoCd = clone(CUSTOM_CASES.find((c) => c.object.kind === 'ArgoCD')!.object);
      expect((await post(argoCd)).status).toBe(201);
      argoCd.spec.server = { insecure: true };
      const result = await post(argoCd);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('unknown field "spec.server"');
    });

    test('a KlusterletAddonConfig without one of its four required controllers is rejected', async () => {
      const addons = clone(CUSTOM_CASES.find((c) => c.object.kind === 'KlusterletAddonConfig')!.object);
      expect((await post(addons)).status).toBe(201);
      delete addons.spec.searchCollector;
      const result = await post(addons);
      expect(result.status).toBe(422);
      expect(result.body.message).toContain('searchCollector');
    });

    test('the unmodified controls are accepted', async () => {
      expect((await post(hostedCluster())).status).toBe(201);
      expect((await post(nodePool())).status).toBe(201);
    });

    test('HostedCluster with an unknown field spec.notAField is rejected (strict field validation)', async () => {
      const hc = hostedCluster();
      hc.spec.notAField = true;
      const result = await post(hc);
      // Strict decoding errors are 400 BadRequest, not 422 Invalid.
      expect(result.status).toBe(400);
      expect(result.body.reason).toBe('BadRequest');
      expect(result.body.message).toContain('unknown field "spec.notAField"');
    });

    test('ImageClusterInstall without spec.imageSetRef is rejected (its CRD is served, with its required fields)', async () => {
      const install = clone(CUSTOM_CASES.find((c) => c.object.kind === 'ImageClusterInstall')!.object);
      expect((await post(install)).status).toBe(201);
      delete install.spec.imageSetRef;
      const result = await post(install);
      expect(result.status).toBe(422);
      expect(result.body.message).toContain('spec.imageSetRef');
    });

    test('NodePool with both spec.replicas and spec.autoScaling is rejected (CEL rule)', async () => {
      const np = nodePool();
      np.spec.replicas = 2;
      np.spec.autoScaling = { min: 1, max: 3 };
      const result = await post(np);
      expect(result.status).toBe(422);
      const text = describeRejection(result);
      expect(text).toContain('replicas');
      expect(text).toContain('autoScaling');
      expect(result.body.details.causes.map((c: { field: string }) => c.field)).toContain('spec');
    });

    test('Image cluster with additionalTrustedCA as a list (the documentation\'s form) is rejected; the library\'s object form is accepted', async () => {
      const image = clone(CUSTOM_CASES.find((c) => c.object.kind === 'Image')!.object);
      expect((await post(image)).status).toBe(201);
      image.spec.additionalTrustedCA = [{ name: image.spec.additionalTrustedCA.name }];
      const result = await post(image);
      // A list where the schema has an object fails decoding: 400 BadRequest, not 422 Invalid.
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('spec.additionalTrustedCA');
    });

    test('HostedCluster with spec.platform.type NotAPlatform is rejected (enum)', async () => {
      const hc = hostedCluster();
      hc.spec.platform = { type: 'NotAPlatform' };
      const result = await post(hc);
      expect(result.status).toBe(422);
      const causes: Array<{ field: string; message: string }> = result.body.details.causes;
      expect(causes).toContainEqual(expect.objectContaining({ field: 'spec.platform.type', message: expect.stringContaining('NotAPlatform') }));
    });
  });

  describe('built-in objects match the Kubernetes schema (kubernetes-models)', () => {
    test('the default StorageClass is whole: valid without any live field', () => {
      const storageClass = BUILT_IN_CASES.find((c) => c.object.kind === 'StorageClass')!.object;
      expect(() => new StorageClass(storageClass).validate()).not.toThrow();
      expect(storageClass.provisioner).toBe('topolvm.io');
    });

    test.each(BUILT_IN_CASES.map((c) => [c.title, c] as const))('%s', (_title, c) => {
      builtInChecked.add(c.title);
      expect(() => validateBuiltIn(c.object)).not.toThrow();
    });

    test('negative controls: a Secret with data: 5 and a Role rule without verbs are rejected', () => {
      const secret = clone(BUILT_IN_CASES.find((c) => c.object.kind === 'Secret')?.object ?? { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x' } });
      secret.data = 5;
      expect(() => validateBuiltIn(secret)).toThrow(/data/);
      const role = clone(BUILT_IN_CASES.find((c) => c.object.kind === 'Role')!.object);
      delete role.rules[0].verbs;
      expect(() => validateBuiltIn(role)).toThrow(/verbs/);
      expect(() => validateBuiltIn({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } })).toThrow(/BUILT_IN_MODELS/);
    });
  });
});
