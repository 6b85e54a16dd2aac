/**
 * Conformance: every object the library emits is accepted by the real API server schema.
 *
 * Custom resources (HostedCluster, NodePool, ExternalSecret) are dry-run created, with strict
 * field validation, on the shared crd-server (a real apiextensions-apiserver with the upstream
 * CRDs from ../shared/reference/crds). Built-in kinds (Namespace, Secret, ConfigMap, Role,
 * Service, StorageClass) are posted to a full kube-apiserver by test/engines/built-in-objects.test.ts.
 *
 * Sources (sources.ts): the examples and the fixtures, synthesized through cdk8s exactly as users get them.
 */

import { parseAllDocuments } from 'yaml';
import { checkDelivery, checkEdgeSite, checkManagementCluster, planHostedCluster } from '../../lib';
import { PLATFORM_TYPES } from '../../lib/platforms';
import { CONFORMANCE_FIXTURES } from './fixtures';
import { EDGE_FIXTURES } from './edge-fixtures';
import { DELIVERY_FIXTURES, FLEET_FOLDERS, FLEET_PLACEMENT } from './delivery-fixtures';
import { DryRunResult, describeRejection } from './crd-server';
import { describeWithCrdServer } from './crd-server-suite';
import { ALL_CASES, BUILT_IN_CASES, CUSTOM_CASES, Case, HOSTED_CLUSTER_SOURCES, MANAGEMENT_FIXTURES, SOURCES, SourceDocs, caseOf } from './sources';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

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

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describeWithCrdServer('conformance against the real API server schema', 'the API-server conformance checks need ../shared/tools/crd-server.', (server) => {
  const accepted = new Set<string>();
  const posted = new Set<string>();
  const kinds = new Set<string>();

  afterAll(() => {
    // eslint-disable-next-line no-console
    console.log(
      `conformance: posted ${posted.size} custom resources (${kinds.size} kinds; ${PAYLOAD_CASES.length} of them from inside NodePool ConfigMaps), ${accepted.size} accepted; ` +
        `${BUILT_IN_CASES.length} built-in objects left to test/engines/built-in-objects.test.ts`,
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
      // Every registered platform has a hosted cluster the API server judges.
      expect(new Set(hostedClusters.map((c) => c.object.spec.platform.type))).toEqual(new Set(PLATFORM_TYPES));
      expect(new Set(CUSTOM_CASES.map((c) => c.object.kind))).toEqual(
        new Set([
          'HostedCluster', 'NodePool', 'ExternalSecret',
          // The walkthrough's agent cluster also carries its hosts; the fleet example's vm-agents runs its agents as KubeVirt VMs.
          'InfraEnv', 'NMStateConfig', 'BareMetalHost', 'VirtualMachine',
          // The management cluster's kinds.
          'OperatorGroup', 'Subscription', 'CatalogSource', 'MultiClusterEngine', 'AddOnDeploymentConfig', 'ManagedClusterAddOn', 'MetalLB',
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

    test('an ArgoCD patch with a field its CRD does not have is rejected (the argocd-operator CRD)', async () => {
      const argoCd = clone(CUSTOM_CASES.find((c) => c.object.kind === 'ArgoCD')!.object);
      expect((await post(argoCd)).status).toBe(201);
      argoCd.spec.resourceHealthCheck = [];
      const result = await post(argoCd);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('unknown field "spec.resourceHealthCheck"');
    });

    test('a ManagedClusterAddOn with a field the library never writes, or a namespace that is no DNS label, is rejected (the test-only CRD)', async () => {
      const addOn = clone(CUSTOM_CASES.find((c) => c.object.kind === 'ManagedClusterAddOn')!.object);
      expect((await post(addOn)).status).toBe(201);
      const unknown = post({ ...addOn, spec: { ...addOn.spec, configs: [] } });
      const invalid = post({ ...addOn, spec: { installNamespace: 'Agent_Addon' } });
      expect([(await unknown).status, (await unknown).body.message]).toEqual([400, expect.stringContaining('unknown field "spec.configs"')]);
      expect((await invalid).status).toBe(422);
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
});
