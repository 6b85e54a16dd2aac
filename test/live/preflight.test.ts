/**
 * The preflight's checks against live states held in memory (LiveState.of): the clean state
 * gives no finding, and each broken state exactly its own. test/engines/preflight.test.ts runs
 * the same states through a real API server, with RBAC.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as yaml from 'js-yaml';
import type { KubernetesObject } from '../../lib/api';
import { LiveState, judge, preflightReader } from '../../lib/live';
import type { PreflightPlan } from '../../lib/live';
import { unknownFields } from '../../lib/live/checks/installed-apis';
import { ADD_ON, DPA, ENGINE, ETCD_KEY, PLAN, STORE, SUPPORTED, addOnLimits, cleanState, foreignHostedClusters, nodes } from './preflight-fixture';

/** The APIServices and CRDs of the kinds the plan uses (CRDs without a schema: fields are checked in their own test). */
function servedApis(plan: PreflightPlan): KubernetesObject[] {
  const out: KubernetesObject[] = [];
  for (const apiVersion of new Set(plan.objects.map((p) => p.object.apiVersion))) {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    out.push({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: `${version}.${group}` } } as KubernetesObject);
  }
  for (const { object } of plan.objects.filter((p) => p.object.apiVersion.includes('/'))) {
    const [group, version] = object.apiVersion.split('/');
    out.push({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${object.kind.toLowerCase()}s.${group}` }, spec: { group, names: { kind: object.kind }, versions: [{ name: version, served: true }] } } as unknown as KubernetesObject);
  }
  return out;
}

const CLEAN = [...cleanState(), ...servedApis(PLAN)];
const replace = (objects: readonly KubernetesObject[], kind: string, by: readonly object[]) => [...objects.filter((o) => o.kind !== kind), ...(by as KubernetesObject[])];
const run = (objects: readonly KubernetesObject[], plan: PreflightPlan = PLAN) => judge(plan, LiveState.of(objects));
const findings = (objects: readonly KubernetesObject[], plan?: PreflightPlan) => run(objects, plan).findings.map((f) => `${f.severity} ${f.object} ${f.path}: ${f.message}`);
const UNSUPPORTED = 'is not among the minors the installed HyperShift operator deploys (4.18, 4.17, from ConfigMap hypershift/supported-versions).';

test('the clean state gives no finding, and every check read something', () => {
  const report = run(CLEAN);
  expect(report.findings).toEqual([]);
  expect(report.checks.map((c) => c.name)).toEqual(['installed-apis', 'hypershift-operator', 'supported-versions', 'referenced-secrets', 'secret-stores', 'control-plane-nodes', 'hosted-cluster-limits', 'backup-plugin', 'image-mirrors', 'address-pools', 'name-collisions']);
  // The plan has no mirrors and no MetalLB pools: those two have nothing to read.
  expect(report.checks.filter((c) => c.summary === 'nothing in the plan needs it').map((c) => c.name)).toEqual(['image-mirrors', 'address-pools']);
  expect(report.checks.find((c) => c.name === 'supported-versions')?.summary).toBe('ConfigMap hypershift/supported-versions: 4.17, 4.16, 4.15; 3 release(s) checked');
});

test('a supported-versions ConfigMap without the release\'s minor: an error at each release, at the prop where the plan can tell', () => {
  const without = { ...SUPPORTED, data: { 'supported-versions': '{"versions":["4.18","4.17"]}' } };
  expect(findings(replace(CLEAN, 'ConfigMap', [without]))).toEqual([
    `error HostedCluster kubevirt-clusters/kv-dev release.image: OpenShift 4.16 ${UNSUPPORTED}`,
    `error NodePool kubevirt-clusters/kv-dev-workers spec.release.image: OpenShift 4.16 ${UNSUPPORTED}`,
    `error NodePool kubevirt-clusters/kv-dev-infra spec.release.image: OpenShift 4.16 ${UNSUPPORTED}`,
  ]);
});

test('no supported-versions ConfigMap at all: the operator is not there', () => {
  expect(findings(replace(CLEAN, 'ConfigMap', []))).toEqual([
    'error ConfigMap hypershift/supported-versions data["supported-versions"]: the management cluster has no supported-versions ConfigMap: the HyperShift operator is not installed or has not started, so no hosted cluster would be deployed.',
  ]);
});

test('a missing existing Secret, and one without the key read from it', () => {
  const at = 'error HostedCluster kubevirt-clusters/kv-dev secretEncryption.aescbc';
  expect(findings(replace(CLEAN, 'Secret', []))).toEqual([
    `${at}: names Secret kubevirt-clusters/kv-dev-etcd-encryption-key, which this plan does not create and the management cluster does not have; the HostedCluster waits for it.`,
  ]);
  const wrongKey = { ...ETCD_KEY, data: { 'etcd-key': 'AAAA' } };
  expect(findings(replace(CLEAN, 'Secret', [wrongKey]))).toEqual([
    `${at}: Secret kubevirt-clusters/kv-dev-etcd-encryption-key on the management cluster has no key "key" (it has "etcd-key"), which is read here.`,
  ]);
});

test('a missing or unready secret store', () => {
  expect(findings(replace(CLEAN, 'ClusterSecretStore', []))).toEqual([
    'error ExternalSecret kubevirt-clusters/kv-dev-pull-secret spec.secretStoreRef.name: reads from ClusterSecretStore vault, which the management cluster does not have: external-secrets would never write the Secret.',
  ]);
  const unready = { ...STORE, status: { conditions: [{ type: 'Ready', status: 'False', reason: 'InvalidProviderConfig', message: 'no token' }] } };
  expect(findings(replace(CLEAN, 'ClusterSecretStore', [unready]))).toEqual([
    'warning ExternalSecret kubevirt-clusters/kv-dev-pull-secret spec.secretStoreRef.name: ClusterSecretStore vault is not Ready (InvalidProviderConfig: no token).',
  ]);
});

test('MCE not Available, its hypershift component off, the add-on not Available', () => {
  const engine = { ...ENGINE, spec: { overrides: { components: [{ name: 'hypershift', enabled: false }] } }, status: { phase: 'Progressing' } };
  const addOn = { ...ADD_ON, status: { conditions: [{ type: 'Available', status: 'False', reason: 'ProbeUnavailable', message: 'no heartbeat' }] } };
  expect(findings(replace(replace(CLEAN, 'MultiClusterEngine', [engine]), 'ManagedClusterAddOn', [addOn]))).toEqual([
    'error MultiClusterEngine multiclusterengine status.phase: is Progressing, not Available.',
    'error MultiClusterEngine multiclusterengine spec.overrides.components[hypershift]: the hypershift component is disabled: no HyperShift operator runs.',
    'error ManagedClusterAddOn local-cluster/hypershift-addon status.conditions[Available]: the hypershift add-on is not Available (ProbeUnavailable: no heartbeat).',
  ]);
});

test('unlabelled nodes, then labelled nodes in one zone, then too few nodes for HighlyAvailable', () => {
  expect(findings(replace(CLEAN, 'Node', nodes(['zone-a', 'zone-b', 'zone-c'], false)))).toEqual([
    'warning the management cluster controlPlaneNodes: no node is labelled hypershift.openshift.io/control-plane=true, so control planes share nodes with every other workload of the management cluster.',
  ]);
  expect(findings(replace(CLEAN, 'Node', nodes(['zone-a', 'zone-a', 'zone-a'])))).toEqual([
    'warning the management cluster controlPlaneNodes: the 3 nodes labelled hypershift.openshift.io/control-plane are in 1 zone(s) (zone-a): one zone\'s outage stops the HighlyAvailable control planes placed there (kv-dev).',
  ]);
  expect(findings(replace(CLEAN, 'Node', nodes(['zone-a', 'zone-b'])))).toEqual([
    'error the management cluster controlPlaneNodes: 1 HighlyAvailable hosted cluster(s) (kv-dev) each run 3 etcd replicas on 3 different nodes, but the management cluster has 2 schedulable nodes: their control planes would not become available.',
  ]);
});

test('nodes the app dedicates must carry their labels and taints', () => {
  const plan: PreflightPlan = { ...PLAN, controlPlaneNodes: [{ name: 'cp-0', labels: { 'hypershift.openshift.io/control-plane': 'true', 'topology.kubernetes.io/zone': 'zone-b' }, taints: [{ key: 'hypershift.openshift.io/control-plane', value: 'true', effect: 'NoSchedule' }] }, { name: 'cp-9', labels: {}, taints: [] }] };
  expect(findings(CLEAN, plan)).toEqual([
    'error the management cluster controlPlaneNodes[0].labels: node cp-0 lacks topology.kubernetes.io/zone=zone-b (a GitOps synth does not label nodes).',
    'error the management cluster controlPlaneNodes[1].name: node cp-9 does not exist on the management cluster.',
  ]);
});

test('70 foreign HostedClusters on a hub with hcMaxNumber 80: the threshold warning; with 70 the limit error', () => {
  const foreign = foreignHostedClusters(70);
  expect(findings([...CLEAN, ...foreign, addOnLimits(80, 60)])).toEqual([
    "warning AddOnDeploymentConfig hypershift-addon-deploy-config multiclusterEngine.hypershiftAddOn.hcThresholdNumber: 71 hosted clusters would be on this management cluster (1 planned here, 70 already there and not in this plan), above the add-on's hcThresholdNumber of 60 (from the live hypershift-addon-deploy-config), within 9 of its hcMaxNumber 80.",
  ]);
  expect(findings([...CLEAN, ...foreign, addOnLimits(70, 60)])).toEqual([
    "error AddOnDeploymentConfig hypershift-addon-deploy-config multiclusterEngine.hypershiftAddOn.hcMaxNumber: 71 hosted clusters would be on this management cluster (1 planned here, 70 already there and not in this plan), above the hypershift add-on's hcMaxNumber of 70 (from the live hypershift-addon-deploy-config): the add-on refuses hosted clusters past it.",
  ]);
});

test('the capacity model counts the hosted clusters already there', () => {
  const plan: PreflightPlan = { ...PLAN, capacity: { workers: [{ count: 3, vCPU: 64, memoryGiB: 128 }] } };
  expect(findings(CLEAN, plan)).toEqual([]);
  const report = run([...CLEAN, ...foreignHostedClusters(40)], plan);
  expect(report.findings.map((f) => `${f.severity} ${f.object} ${f.path}`)).toEqual(['error ManagementCluster capacity capacity.workers']);
  expect(report.findings[0].message).toMatch(/^41 hosted clusters would be on this management cluster \(1 planned here, 40 already there and not in this plan\), more than the capacity model of its workers holds/);
});

test('a DataProtectionApplication without the hypershift plugin, and none at all', () => {
  const without = { ...DPA, spec: { configuration: { velero: { defaultPlugins: ['openshift', 'aws', 'csi'] } } } };
  expect(findings(replace(CLEAN, 'DataProtectionApplication', [without]))).toEqual([
    'error Schedule openshift-adp/kubevirt-clusters-kv-dev metadata.namespace: DataProtectionApplication openshift-adp/dpa has no hypershift plugin: Velero would copy the hosted control plane while it keeps writing, and restore it paused.',
  ]);
  expect(findings(replace(CLEAN, 'DataProtectionApplication', []))).toEqual([
    'error Schedule openshift-adp/kubevirt-clusters-kv-dev metadata.namespace: no DataProtectionApplication in openshift-adp: Velero does not run there, so the Schedule never starts.',
  ]);
});

test('a planned object that exists already, made by hand or delivered by another Application', () => {
  const handMade = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kv-dev-tuned-dirty-ratio', namespace: 'kubevirt-clusters', managedFields: [{ manager: 'kubectl-create', operation: 'Update' }] } };
  expect(findings([...CLEAN, handMade])).toEqual([
    'warning ConfigMap kubevirt-clusters/kv-dev-tuned-dirty-ratio metadata.name: ConfigMap kubevirt-clusters/kv-dev-tuned-dirty-ratio already exists and no delivery tool applied it (field managers: kubectl-create): applying this plan takes over the fields it sets.',
  ]);
  const application = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'hub-clusters', namespace: 'openshift-gitops' } };
  const plan: PreflightPlan = { objects: [...PLAN.objects, { ...PLAN.objects[0], object: application as KubernetesObject }] };
  const tracked = { ...handMade, metadata: { ...handMade.metadata, annotations: { 'argocd.argoproj.io/tracking-id': 'team-b:/ConfigMap:kubevirt-clusters/kv-dev-tuned-dirty-ratio' } } };
  const apis = servedApis(plan);
  expect(findings([...CLEAN, ...apis, tracked], plan)).toEqual([
    'error ConfigMap kubevirt-clusters/kv-dev-tuned-dirty-ratio metadata.name: ConfigMap kubevirt-clusters/kv-dev-tuned-dirty-ratio already exists and Argo CD Application team-b delivers it, not one of this app\'s (hub-clusters): the two would overwrite each other.',
  ]);
});

test('a kind the cluster does not serve, and a field its installed CRD does not have', () => {
  const withoutVelero = CLEAN.filter((o) => o.metadata.name !== 'v1.velero.io' && o.metadata.name !== 'schedules.velero.io');
  expect(findings(withoutVelero)).toEqual([
    'error Schedule openshift-adp/kubevirt-clusters-kv-dev apiVersion: the management cluster does not serve Schedule in velero.io/v1; 1 object(s) of the plan are of this kind.',
  ]);
  const schema = { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' }, labels: { type: 'object', additionalProperties: { type: 'string' } }, raw: { 'x-kubernetes-preserve-unknown-fields': true } } } } };
  const object = { apiVersion: 'x/v1', kind: 'X', metadata: { name: 'x' }, spec: { replicas: 1, labels: { a: 'b' }, raw: { anything: 1 }, autoRepair: true, items: [{}] } } as unknown as KubernetesObject;
  expect(unknownFields(object, schema)).toEqual(['spec.autoRepair', 'spec.items']);
});

test('a kind the credentials may not list: the checks that need it did not run, and say so', () => {
  const report = judge(PLAN, LiveState.of(CLEAN, [], new Map([['v1 Secret', { state: 'failed', status: 403, message: 'secrets is forbidden' }]])));
  expect(report.findings.map((f) => `${f.severity} ${f.object} ${f.path}`)).toEqual(['error preflight check referenced-secrets Secret']);
  expect(report.checks.find((c) => c.name === 'referenced-secrets')?.summary).toBe('not checked: v1 Secret could not be listed');
});

test('on a disconnected hub, every release repository needs a mirror', () => {
  const idms = (source: string) => ({ apiVersion: 'config.openshift.io/v1', kind: 'ImageDigestMirrorSet', metadata: { name: 'releases' }, spec: { imageDigestMirrors: [{ source, mirrors: ['mirror.example.com/ocp'] }] } });
  const plan: PreflightPlan = { objects: [...PLAN.objects, { ...PLAN.objects[0], object: idms('quay.io/openshift-release-dev/ocp-v4.0-art-dev') as KubernetesObject }] };
  const objects = [...CLEAN, ...servedApis(plan)];
  expect(findings(objects, plan).map((f) => f.split(':')[0])).toEqual([
    'error HostedCluster kubevirt-clusters/kv-dev release.image',
    'error NodePool kubevirt-clusters/kv-dev-workers spec.release.image',
    'error NodePool kubevirt-clusters/kv-dev-infra spec.release.image',
  ]);
  expect(findings(objects, plan)[0]).toContain('no ImageDigestMirrorSet on the management cluster (0 live, 1 planned) mirrors quay.io/openshift-release-dev/ocp-release');
  // A live set mirroring the whole registry covers it; so does a wildcard source.
  expect(findings([...objects, { ...idms('quay.io'), metadata: { name: 'registry' } } as KubernetesObject], plan)).toEqual([]);
  expect(findings([...objects, { ...idms('*.io'), metadata: { name: 'wild' } } as KubernetesObject], plan)).toEqual([]);
});

test('a planned MetalLB pool overlapping a live one, and an address a Service holds', () => {
  const pool = (name: string, addresses: string[]) => ({ apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool', metadata: { name, namespace: 'metallb-system' }, spec: { addresses } });
  const plan: PreflightPlan = { objects: [...PLAN.objects, { ...PLAN.objects[0], object: pool('hosted-apis', ['192.0.2.10-192.0.2.20']) as KubernetesObject }] };
  const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'router', namespace: 'ingress', annotations: { 'metallb.universe.tf/ip-allocated-from-pool': 'legacy' } }, status: { loadBalancer: { ingress: [{ ip: '192.0.2.12' }] } } };
  const objects = [...CLEAN, ...servedApis(plan), pool('legacy', ['192.0.2.0/28']), service] as KubernetesObject[];
  expect(findings(objects, plan)).toEqual([
    'error IPAddressPool metallb-system/hosted-apis spec.addresses[0]: "192.0.2.10-192.0.2.20" overlaps "192.0.2.0/28" of IPAddressPool metallb-system/legacy, which is on the management cluster and not in this plan: MetalLB would refuse the pool.',
    'warning IPAddressPool metallb-system/hosted-apis spec.addresses[0]: 192.0.2.12 of "192.0.2.10-192.0.2.20" is already the address of Service ingress/router (from pool legacy).',
  ]);
  // The same pool already applied by this app: its own addresses are no conflict.
  const applied = { ...service, metadata: { ...service.metadata, annotations: { 'metallb.universe.tf/ip-allocated-from-pool': 'hosted-apis' } } };
  expect(findings([...CLEAN, ...servedApis(plan), pool('hosted-apis', ['192.0.2.10-192.0.2.20']), applied] as KubernetesObject[], plan)).toEqual([
    'warning IPAddressPool metallb-system/hosted-apis metadata.name: IPAddressPool metallb-system/hosted-apis already exists and no delivery tool applied it (field managers: none): applying this plan takes over the fields it sets.',
  ]);
});

test('docs/preflight.md gives the RBAC preflightReader returns', () => {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'preflight.md'), 'utf8');
  const block = /## The RBAC it needs[\s\S]*?```yaml\n([\s\S]*?)```/.exec(text)?.[1];
  expect(yaml.loadAll(block ?? '')).toEqual(preflightReader({ name: 'hcp-preflight', namespace: 'openshift-gitops' }));
});
