/**
 * The preflight against a real kube-apiserver with RBAC on: the states of test/live/preflight.test.ts
 * applied to the server (status through the status subresource), read back by a ServiceAccount that
 * has only the preflight's read-only ClusterRole (a token from the TokenRequest API). The clean
 * state gives no finding; each broken state gives exactly its own; without the role every check
 * says it could not read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubernetesObject } from '../../lib/api';
import { preflight, preflightReader } from '../../lib/live';
import type { PreflightReport } from '../../lib/live';
import { DPA, ETCD_KEY, NAMESPACES, PLAN, SUPPORTED, addOnLimits, cleanState, foreignHostedClusters, nodes } from '../live/preflight-fixture';
import { KubeTools, TestKubeServer, describeWithKubeServer, kubectl, tokenKubeconfig as serviceAccountKubeconfig } from './kube-apply';
import { ROOT, hcp, makeProject, removeProject } from '../cli/cli';

const TIMEOUT = 120_000;

describeWithKubeServer('preflight against a real kube-apiserver, as a view-only ServiceAccount', (tools: KubeTools) => {
  let server: TestKubeServer;
  let reader: string;

  const run = async (args: readonly string[], input?: object): Promise<string> => {
    const result = await kubectl(tools, server, args, input === undefined ? undefined : JSON.stringify(input));
    if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };
  const list = (items: readonly object[]) => ({ apiVersion: 'v1', kind: 'List', items: items.map(({ status, ...rest }: { status?: unknown }) => rest) });
  /** Applies objects server-side as the `seed` manager, then their status through the subresource. */
  const seed = async (objects: readonly KubernetesObject[]): Promise<void> => {
    await run(['apply', '--server-side', '--field-manager=seed', '--force-conflicts', '-f', '-'], list(objects));
    for (const o of objects as Array<KubernetesObject & { status?: object }>) {
      if (!o.status) continue;
      const where = o.metadata.namespace ? ['-n', o.metadata.namespace] : [];
      await run(['patch', `${o.kind.toLowerCase()}.${o.apiVersion.split('/')[0]}`, o.metadata.name!, ...where, '--subresource=status', '--type=merge', '-p', JSON.stringify({ status: o.status })]);
    }
  };
  const remove = (o: KubernetesObject) => run(['delete', `${o.kind.toLowerCase()}${o.apiVersion.includes('/') ? `.${o.apiVersion.split('/')[0]}` : ''}`, o.metadata.name!, ...(o.metadata.namespace ? ['-n', o.metadata.namespace] : []), '--wait=false']);
  const tokenKubeconfig = (name: string) => serviceAccountKubeconfig(run, server, name);
  const check = (kubeconfig = reader): Promise<PreflightReport> => preflight(PLAN, { kubeconfig });
  const lines = (report: PreflightReport) => report.findings.map((f) => `${f.severity} ${f.object} ${f.path}`);

  beforeAll(async () => {
    server = await tools.start('preflight');
    await run(['apply', '--server-side', '--field-manager=seed', '-f', '-'], list([...NAMESPACES, ...preflightReader({ name: 'preflight-reader', namespace: 'default' })]));
    await run(['create', 'serviceaccount', 'nobody', '-n', 'default']);
    await seed(cleanState());
    reader = await tokenKubeconfig('preflight-reader');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  test('the clean state: no finding, each kind listed once, and what each check read', async () => {
    const report = await check();
    expect(lines(report)).toEqual([]);
    expect(report.checks.filter((c) => c.summary.startsWith('not checked'))).toEqual([]);
    expect(report.checks.find((c) => c.name === 'installed-apis')?.summary).toMatch(/; 6 kind\(s\) of the plan checked, 0 not served, 0 unknown field\(s\)$/);
    expect(report.checks.find((c) => c.name === 'control-plane-nodes')?.summary).toBe('3 node(s), 3 labelled for control planes in 3 zone(s); 1 HighlyAvailable hosted cluster(s)');
    // One LIST per kind however many checks read it (ConfigMaps: supported versions and collisions).
    expect(report.reads).toBeLessThanOrEqual(16);
  }, TIMEOUT);

  test('the command as users run it: `hcp-constructs preflight` of an app, with the ServiceAccount\'s kubeconfig', () => {
    const project = makeProject();
    try {
      fs.writeFileSync(
        path.join(project, 'main.ts'),
        `import { App, Chart } from 'cdk8s';\nimport { HostedClusterBackup, HostedClusterBundle } from 'hcp-constructs/cdk8s';\nimport { SUPPORTED_VERSIONS, kubevirtCluster } from ${JSON.stringify(path.join(ROOT, 'examples', 'clusters'))};\n` +
          `export function define(app: App): void {\n  const chart = new Chart(app, 'kv-dev');\n  const cluster = new HostedClusterBundle(chart, 'cluster', { ...kubevirtCluster, options: { supportedVersions: SUPPORTED_VERSIONS } });\n  new HostedClusterBackup(chart, 'backup', { cluster, schedule: '0 2 * * *' });\n}\n`,
      );
      const run = hcp(project, 'preflight', '--kubeconfig', reader);
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
      expect(run.stdout).toMatch(/^Preflight of 8 object\(s\) for the management cluster against https:\/\/127\.0\.0\.1:\d+ \(context preflight-reader\), \d+ read\(s\), get and list only:\n/);
      expect(run.stdout).toContain('  control-plane-nodes    ok           3 node(s), 3 labelled for control planes in 3 zone(s); 1 HighlyAvailable hosted cluster(s)\n');
      expect(run.stdout.endsWith('0 error(s), 0 warning(s).\n')).toBe(true);
      expect(fs.existsSync(path.join(project, 'dist'))).toBe(false);
    } finally {
      removeProject(project);
    }
  }, TIMEOUT);

  test('supported versions lacking the release\'s minor: its error at each release, nothing else', async () => {
    await seed([{ ...SUPPORTED, data: { 'supported-versions': '{"versions":["4.18","4.17"]}' } } as KubernetesObject]);
    try {
      expect(lines(await check())).toEqual(['error HostedCluster kubevirt-clusters/kv-dev release.image', 'error NodePool kubevirt-clusters/kv-dev-workers spec.release.image', 'error NodePool kubevirt-clusters/kv-dev-infra spec.release.image']);
    } finally {
      await seed([SUPPORTED as KubernetesObject]);
    }
  }, TIMEOUT);

  test('a missing Secret, then a Secret missing its key', async () => {
    await remove(ETCD_KEY as KubernetesObject);
    const missing = await check();
    expect(lines(missing)).toEqual(['error HostedCluster kubevirt-clusters/kv-dev secretEncryption.aescbc']);
    expect(missing.findings[0].message).toContain('does not have');
    await seed([{ ...ETCD_KEY, data: { other: 'AAAA' } } as KubernetesObject]);
    try {
      const noKey = await check();
      expect(noKey.findings.map((f) => f.message)).toEqual(['Secret kubevirt-clusters/kv-dev-etcd-encryption-key on the management cluster has no key "key" (it has "other"), which is read here.']);
    } finally {
      await remove(ETCD_KEY as KubernetesObject);
      await seed([ETCD_KEY as KubernetesObject]);
    }
  }, TIMEOUT);

  test('unlabelled nodes, then nodes in one zone', async () => {
    const labelled = nodes();
    try {
      for (const n of labelled) await remove(n);
      await seed(nodes(['zone-a', 'zone-b', 'zone-c'], false));
      // The TaintNodesByCondition admission taints every new Node not-ready; these stand for ready ones.
      for (const n of labelled) await run(['patch', 'node', n.metadata.name!, '--type=merge', '-p', '{"spec":{"taints":null}}']);
      expect(lines(await check())).toEqual(['warning the management cluster controlPlaneNodes']);
      for (const n of labelled) await remove(n);
      await seed(nodes(['zone-a', 'zone-a', 'zone-a']));
      const oneZone = await check();
      expect(oneZone.findings.map((f) => f.message)).toEqual([expect.stringMatching(/^the 3 nodes labelled hypershift.openshift.io\/control-plane are in 1 zone\(s\) \(zone-a\)/)]);
    } finally {
      for (const n of labelled) await remove(n);
      await seed(labelled);
    }
  }, TIMEOUT);

  test('a DataProtectionApplication without the hypershift plugin', async () => {
    await seed([{ ...DPA, spec: { configuration: { velero: { defaultPlugins: ['openshift', 'aws', 'csi'] } } } } as KubernetesObject]);
    try {
      expect(lines(await check())).toEqual(['error Schedule openshift-adp/kubevirt-clusters-kv-dev metadata.namespace']);
    } finally {
      await seed([DPA as KubernetesObject]);
    }
  }, TIMEOUT);

  test('70 foreign HostedClusters on a hub with hcMaxNumber 80', async () => {
    await seed([addOnLimits(80, 60), ...foreignHostedClusters(70)]);
    const report = await check();
    expect(lines(report)).toEqual(['warning AddOnDeploymentConfig hypershift-addon-deploy-config multiclusterEngine.hypershiftAddOn.hcThresholdNumber']);
    expect(report.findings[0].message).toMatch(/^71 hosted clusters would be on this management cluster \(1 planned here, 70 already there and not in this plan\)/);
  }, TIMEOUT);

  test('without the read-only role, every check says it could not read, and nothing passes', async () => {
    const report = await check(await tokenKubeconfig('nobody'));
    const reading = report.checks.filter((c) => c.summary !== 'nothing in the plan needs it');
    expect(reading.length).toBeGreaterThan(5);
    for (const c of reading) expect(c.summary).toMatch(/^not checked: /);
    expect(report.findings.every((f) => f.severity === 'error' && f.message.startsWith('the credentials may not list'))).toBe(true);
  }, TIMEOUT);
});
