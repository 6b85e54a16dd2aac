/**
 * The GitOps prune order, end to end against a real kube-apiserver (documentation chapter 13: the
 * ManagedCluster goes before the hosted cluster). An app with a management cluster and two hosted
 * clusters in one namespace, one of them imported explicitly and backed up, is synthesized into a
 * folder and applied wave by wave with server-side apply (field manager argocd-controller), as Argo
 * CD syncs it. The finalizers the operators put on their objects (the HyperShift operator's on the
 * HostedCluster, the hub's on the ManagedCluster) are added, as the operators would. The app is then
 * synthesized again into the same folder without the imported cluster, the new output is applied,
 * and what disappeared from it is pruned the way Argo CD prunes: by the wave annotation of the live
 * objects, highest first, each wave gone (its finalizers done) before the next starts. The test plays
 * the operators: it lets a HostedCluster go only when none of its NodePools, its ManagedCluster or
 * its Schedule is left, and records what it found.
 *
 * What must hold: the prune set is exactly the removed cluster's objects (the shared namespace and
 * the other cluster are kept); the live waves put the Schedule (4) first, the ManagedCluster and
 * NodePool (3) before the HostedCluster (2) and its Secrets (1); every deletion is accepted; the other
 * cluster's objects are untouched (same resourceVersion), and the second synth warns about nothing.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Chart } from 'cdk8s';
import type { App } from 'cdk8s';
import { parseAllDocuments, stringify } from 'yaml';
import type { HostedClusterProps } from '../../lib';
import { SecretSource } from '../../lib';
import { HostedClusterBackup, HostedClusterBundle, HostedClusterImport, ManagementCluster } from '../../lib/cdk8s';
import { synthAtomically } from '../../lib/cdk8s/engine/synth';
import { SUPPORTED_VERSIONS } from '../../examples/clusters';
import { KubeTools, TestKubeServer, describeWithKubeServer, kubectl } from './kube-apply';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

const WAVE = 'argocd.argoproj.io/sync-wave';
const idOf = (o: Obj): string => `${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;
const yamlOf = (objects: readonly Obj[]): string => objects.map((o) => stringify(o)).join('---\n');
/** The finalizers the operators add once they own an object. */
const OPERATOR_FINALIZERS: Readonly<Record<string, string>> = {
  HostedCluster: 'hypershift.openshift.io/finalizer',
  ManagedCluster: 'cluster.open-cluster-management.io/api-resource-cleanup',
};
/** Namespaces the management folder uses that OpenShift or an operator makes (see output-folders.test.ts). */
const PLATFORM_NAMESPACES = ['local-cluster', 'hypershift', 'openshift-adp'];

const hostedCluster = (name: string): HostedClusterProps => ({
  name,
  namespace: 'clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  platform: { type: 'None' },
  services: { apiServerAddress: '192.0.2.10' },
  controllerAvailabilityPolicy: 'HighlyAvailable',
  pullSecret: SecretSource.external({ store: 'vault', key: `${name}/pull-secret` }),
  sshKey: SecretSource.inline('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyForTheTest test@example.com'),
  secretEncryption: { aescbc: SecretSource.existing(`${name}-etcd-key`) },
  nodePools: [{ name: `${name}-workers`, replicas: 1 }],
});

/** The app, with or without the imported and backed-up cluster edge-a. */
function define(withEdgeA: boolean): (app: App) => void {
  return (app) => {
    const chart = new Chart(app, 'fleet');
    new ManagementCluster(chart, 'management', { platforms: ['None'], multiclusterEngine: { hypershiftAddOn: { autoImportDisabled: true } } });
    const options = { supportedVersions: SUPPORTED_VERSIONS, allowInlineSecrets: true };
    new HostedClusterBundle(chart, 'edge-b', { ...hostedCluster('edge-b'), options });
    if (!withEdgeA) return;
    const edgeA = new HostedClusterBundle(chart, 'edge-a', { ...hostedCluster('edge-a'), options });
    new HostedClusterImport(chart, 'edge-a-import', { cluster: edgeA });
    new HostedClusterBackup(chart, 'edge-a-backup', { cluster: edgeA, schedule: '@daily' });
  };
}

describeWithKubeServer('the GitOps prune order of a removed hosted cluster, against a real API server', (tools: KubeTools) => {
  let work = '';
  let server: TestKubeServer | undefined;
  const run = (args: readonly string[], input?: string) => kubectl(tools, server!, args, input);
  const build = async (): Promise<Obj[]> => {
    const built = await run(['kustomize', path.join(work, 'dist', 'management')]);
    if (built.code !== 0) throw new Error(`kubectl kustomize: ${built.stderr}`);
    return parseAllDocuments(built.stdout).map((d) => d.toJS()).filter((d) => d);
  };
  /** Applies the objects wave by wave, lowest first, as Argo CD syncs; any refusal is a failure. */
  const applyByWave = async (objects: readonly Obj[]) => {
    const waves = [...new Set(objects.map((o) => Number(o.metadata.annotations?.[WAVE] ?? 0)))].sort((a, b) => a - b);
    for (const wave of waves) {
      const applied = await run(['apply', '--server-side', '--field-manager=argocd-controller', '-f', '-'], yamlOf(objects.filter((o) => Number(o.metadata.annotations?.[WAVE] ?? 0) === wave)));
      expect([wave, applied.code, applied.stderr]).toEqual([wave, 0, '']);
    }
  };
  const live = async (objects: readonly Obj[]): Promise<Obj[]> => {
    const got = await run(['get', '--ignore-not-found', '-o', 'json', '-f', '-'], yamlOf(objects));
    return got.stdout.trim() ? (JSON.parse(got.stdout).items ?? [JSON.parse(got.stdout)]) : [];
  };
  let before: Obj[] = [];
  let after: Obj[] = [];
  let secondSynth: ReturnType<typeof synthAtomically> | undefined;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-prune-order-'));
    synthAtomically(path.join(work, 'dist'), define(true));
    server = await tools.start('prune-order');
    before = await build();
    const namespaces = await run(['apply', '--server-side', '--field-manager=test', '-f', '-'], yamlOf(PLATFORM_NAMESPACES.map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }))));
    if (namespaces.code !== 0) throw new Error(namespaces.stderr);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }, 60_000);

  test('the first output is applied wave by wave and every object accepted; the operators add their finalizers', async () => {
    await applyByWave(before);
    for (const o of before.filter((x) => OPERATOR_FINALIZERS[x.kind])) {
      const patched = await run(['patch', o.kind.toLowerCase(), o.metadata.name, ...(o.metadata.namespace ? ['-n', o.metadata.namespace] : []), '--type=merge', '-p', JSON.stringify({ metadata: { finalizers: [OPERATOR_FINALIZERS[o.kind]] } })]);
      expect([idOf(o), patched.code, patched.stderr]).toEqual([idOf(o), 0, '']);
    }
    expect((await live(before)).map(idOf).sort()).toEqual(before.map(idOf).sort());
  }, 120_000);

  test('the second synth, without edge-a, writes into the same folder and warns about nothing', () => {
    secondSynth = synthAtomically(path.join(work, 'dist'), define(false));
    expect(secondSynth.warnings.filter((w) => w.path === '(auto-import)' || `${w.object} ${w.message}`.includes('edge-a'))).toEqual([]);
  });

  test("Argo CD's prune: exactly edge-a's objects, highest wave first, each wave gone before the next; edge-b untouched", async () => {
    after = await build();
    const kept = new Set(after.map(idOf));
    const edgeB = await live(after.filter((o) => JSON.stringify(o).includes('edge-b')));
    await applyByWave(after);
    // Pruned by the live objects' waves, as Argo CD reads them.
    const pruned = await live(before.filter((o) => !kept.has(idOf(o))));
    expect(pruned.map(idOf).sort()).toEqual([
      'ExternalSecret clusters/edge-a-pull-secret',
      'HostedCluster clusters/edge-a',
      'ManagedCluster edge-a',
      'NodePool clusters/edge-a-workers',
      'Schedule openshift-adp/clusters-edge-a',
      'Secret clusters/edge-a-ssh-key',
    ]);
    const waves = [...new Set(pruned.map((o) => Number(o.metadata.annotations?.[WAVE] ?? 0)))].sort((a, b) => b - a);
    const order: string[] = [];
    const seenByOperators: string[] = [];
    for (const wave of waves) {
      const inWave = pruned.filter((o) => Number(o.metadata.annotations?.[WAVE] ?? 0) === wave);
      const deleted = await run(['delete', '--wait=false', '-f', '-'], yamlOf(inWave));
      expect([wave, deleted.code, deleted.stderr]).toEqual([wave, 0, '']);
      for (const o of inWave.filter((x) => OPERATOR_FINALIZERS[x.kind])) {
        // The operator of a HostedCluster being deleted: what of the cluster is still there.
        if (o.kind === 'HostedCluster') seenByOperators.push(...(await live(pruned.filter((p) => ['NodePool', 'ManagedCluster', 'Schedule'].includes(p.kind)))).map(idOf));
        await run(['patch', o.kind.toLowerCase(), o.metadata.name, ...(o.metadata.namespace ? ['-n', o.metadata.namespace] : []), '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
      }
      expect(await live(inWave)).toEqual([]);
      order.push(`${wave}: ${inWave.map(idOf).sort().join(', ')}`);
    }
    expect(order).toEqual([
      '4: Schedule openshift-adp/clusters-edge-a',
      '3: ManagedCluster edge-a, NodePool clusters/edge-a-workers',
      '2: HostedCluster clusters/edge-a',
      '1: ExternalSecret clusters/edge-a-pull-secret, Secret clusters/edge-a-ssh-key',
    ]);
    // When its HostedCluster went, the cluster's Schedule, ManagedCluster and NodePool were gone already.
    expect(seenByOperators).toEqual([]);
    // The shared namespace and everything of edge-b are as they were.
    expect((await live(after)).map(idOf).sort()).toEqual(after.map(idOf).sort());
    const edgeBNow = await live(edgeB);
    expect(edgeBNow.map((o) => `${idOf(o)} ${o.metadata.resourceVersion}`)).toEqual(edgeB.map((o) => `${idOf(o)} ${o.metadata.resourceVersion}`));
    expect(kept.has('Namespace clusters')).toBe(true);
  }, 180_000);
});
