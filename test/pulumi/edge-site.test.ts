/**
 * EdgeSite under strict Pulumi mocks: the same Kubernetes objects as the cdk8s construct (parity;
 * the GitOps folder does not apply), waves as dependsOn, the install's readiness as waitFor, Secrets
 * as Pulumi secrets, and the previous-state guard that holds the site's identity.
 */
import * as pulumi from '@pulumi/pulumi';
import { isRpcSecret, objectId as key, settle, strictMocks, unwrapSecrets as unwrap, withoutAnnotations as strip } from './strict-mocks';
import { App, Chart } from 'cdk8s';
import type { EdgeSiteProps } from '../../lib';
import { EdgeSite as Cdk8sEdgeSite } from '../../lib/cdk8s';
import { EXAMPLE_EDGE_SITES } from '../../examples/edge';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

const site = EXAMPLE_EDGE_SITES[0];

test('parity: the same Kubernetes objects as the cdk8s construct, Secrets as Pulumi secrets', async () => {
  const component = new hcp.EdgeSite('store-042', site);
  await settle(component);
  const kubernetes = registrations.filter((r) => r.type.startsWith('kubernetes:'));
  const pulumiObjects = kubernetes.map((r) => strip(unwrap(r.inputs) as Record<string, unknown>, 'pulumi.com/waitFor'));
  const app = new App();
  const chart = new Chart(app, 'c');
  new Cdk8sEdgeSite(chart, 'site', site);
  const cdk8sObjects = chart.toJson().map((o) => strip(o, 'argocd.argoproj.io/sync-wave'));
  const byKey = (list: Record<string, unknown>[]) => Object.fromEntries(list.map((o) => [key(o as never), o]));
  expect(Object.keys(byKey(pulumiObjects)).sort()).toHaveLength(10);
  expect(byKey(pulumiObjects)).toEqual(byKey(cdk8sObjects));
  // The network Secret holds no secret value, but its data is kept as a Pulumi secret all the same.
  const network = kubernetes.find((r) => r.type === 'kubernetes:core/v1:Secret')!;
  expect(isRpcSecret(network.inputs.stringData)).toBe(true);
});

test('an inline pull secret the user opted into is a Pulumi secret', async () => {
  const inline: EdgeSiteProps = { ...site, pullSecret: { inline: '{"auths":{"quay.io":{"auth":"eDp5"}}}' }, allowInlineSecrets: true };
  const component = new hcp.EdgeSite('inline', inline);
  await settle(component);
  const pull = registrations.find((r) => r.name === 'inline-secret-store-042/store-042-pull-secret')!;
  expect(isRpcSecret(pull.inputs.stringData)).toBe(true);
  expect(unwrap(pull.inputs.stringData)).toEqual({ '.dockerconfigjson': '{"auths":{"quay.io":{"auth":"eDp5"}}}' });
});

test('waves become dependsOn; the install waits for Completed; no guard (hooks judge the identity fields)', async () => {
  const dependsOn = new Map<string, unknown>();
  const record: pulumi.ResourceTransformation = (args) => {
    dependsOn.set(args.name, args.opts.dependsOn);
    return undefined;
  };
  const component = new hcp.EdgeSite('store', site, { transformations: [record] });
  await settle(component);
  expect(component.phases.map((p) => [p.name, p.wave, p.resources.length])).toEqual([
    ['namespaces', 0, 1],
    ['prerequisites', 1, 6],
    ['hosted-cluster', 2, 2],
    ['registration', 3, 1],
  ]);
  const byName = Object.fromEntries(registrations.map((r) => [r.name, r.inputs]));
  const install = byName['store-imageclusterinstall-store-042/store-042'] as { metadata: { annotations: Record<string, string> } };
  expect(install.metadata.annotations['pulumi.com/waitFor']).toBe('condition=Completed');
  // Its identity fields are judged by resource hooks (bound under an engine): no guard.
  expect(registrations.filter((r) => r.type === 'pulumi-nodejs:dynamic:Resource')).toEqual([]);
  // The install and its ClusterDeployment (wave 2) depend on everything of the prerequisites (wave 1); so a destroy removes them first.
  expect(dependsOn.get('store-clusterdeployment-store-042/store-042')).toEqual(expect.arrayContaining([...component.phases[1].resources]));
  expect(dependsOn.get('store-managedcluster-store-042')).toEqual(expect.arrayContaining([...component.phases[2].resources]));
});

test('invalid args throw HcpResourceError before anything is registered', async () => {
  expect(() => new hcp.EdgeSite('bad', { ...site, bmc: { ...site.bmc, address: 'ipmi://10.42.0.5' } })).toThrow(/bmc\.address: the ipmi driver cannot attach virtual media/);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(registrations).toEqual([]);
});

test('the hook refuses a new host name against the stored install, naming the prop hostname', async () => {
  const { checkEdgeSite } = await import('../../lib/edge');
  const { contributionOf } = await import('../../lib/core');
  const { judgeUpdate } = await import('../../lib/pulumi/previous-state-hook');
  const installOf = (props: EdgeSiteProps) => contributionOf(checkEdgeSite(props).plan!, []).objects.find((p) => p.object.kind === 'ImageClusterInstall')!;
  const stored = JSON.parse(JSON.stringify(installOf(site).object)) as unknown;
  const findings = judgeUpdate(installOf({ ...site, hostname: 'sno-new' }), stored);
  expect(findings.map((i) => `${i.severity} ${i.object} ${i.path}`)).toEqual(['error ImageClusterInstall store-042/store-042 hostname']);
  expect(judgeUpdate(installOf(site), stored)).toEqual([]);
});
