/**
 * Every output folder applied for real: each example app is synthesized into a temporary folder,
 * and each of its output folders (the management clusters', the hosted clusters' day-2 folders, the
 * hub's and the edge site's, each with its kustomization.yaml) is applied to a real kube-apiserver
 * with `kubectl apply --server-side`, as a new user would: the objects `kubectl kustomize` builds
 * from the folder, in its order, one sync wave at a time, lowest first (as Argo CD does). Every
 * object must be accepted, built-in ones included, and read back with `kubectl get`. Then each
 * folder is deleted in reverse wave order (the folders in reverse order), and what remains must be
 * what a cluster without controllers keeps: its Namespaces, Terminating, and nothing else.
 *
 * One server per app (CRDs registered at start, as the operators would have registered them). The
 * folders of an app target different clusters but go to one server: they are applied one after
 * another, each checked on its own, before any is deleted, so a Namespace two folders share is
 * never Terminating while the other folder is applied. Namespaces that OpenShift or an operator
 * makes (PLATFORM_NAMESPACES) are created first, as on the clusters the folders are meant for.
 * A table of the objects applied by kind and folder is printed to stderr.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { App } from 'cdk8s';
import { parseAllDocuments, stringify } from 'yaml';
import { synthAtomically } from '../../lib/cdk8s/engine/synth';
import { defineExample } from '../../examples/app';
import { define as defineFleet } from '../../examples/main';
import { define as defineDisconnected } from '../../examples/disconnected';
import { define as defineMigration } from '../../examples/migration';
import { define as defineRestore } from '../../examples/restore';
import { define as defineUpgrade } from '../../examples/upgrade';
import { KubeTools, TestKubeServer, describeWithKubeServer, kubectl } from './kube-apply';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

/** Every example app of the repository, by the name the table shows. */
const APPS: ReadonlyArray<readonly [string, (app: App) => void]> = [
  ['examples/main.ts (npm run synth)', defineFleet],
  ['examples/app.ts', (app) => defineExample(app)],
  ['examples/disconnected.ts', defineDisconnected],
  ['examples/migration.ts', defineMigration],
  ['examples/restore.ts', defineRestore],
  ['examples/upgrade.ts', defineUpgrade],
];

/**
 * Namespaces the folders put objects in without creating them, because the cluster they are
 * applied to has them already: OpenShift's own, or made by an operator an earlier wave installs.
 */
const PLATFORM_NAMESPACES: Readonly<Record<string, string>> = {
  'openshift-ingress-operator': 'OpenShift (the default IngressController lives there)',
  'openshift-ingress': "OpenShift, inside a hosted cluster (the router's namespace)",
  'openshift-gitops': 'the OpenShift GitOps operator (its Argo CD instance)',
  'local-cluster': "MCE (the hub's own ManagedCluster namespace)",
  hypershift: 'the HyperShift operator, which the MCE add-on installs (its own namespace)',
  'openshift-config': 'OpenShift (cluster configuration)',
  'openshift-marketplace': "OpenShift (OLM's catalog sources)",
  'openshift-adp': 'OADP, installed by the management cluster (its operator namespace)',
};

const WAVE = 'argocd.argoproj.io/sync-wave';
const waveOf = (o: Obj): number => Number(o.metadata?.annotations?.[WAVE] ?? 0);
const idOf = (o: Obj): string => `${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;
const yamlOf = (objects: readonly Obj[]): string => objects.map((o) => stringify(o)).join('---\n');
const countByKind = (objects: readonly Obj[]): Record<string, number> =>
  Object.fromEntries([...objects.reduce((m, o) => m.set(o.kind, (m.get(o.kind) ?? 0) + 1), new Map<string, number>())].sort(([a], [b]) => (a < b ? -1 : 1)));

interface Folder {
  readonly name: string;
  readonly dir: string;
  /** What `kubectl kustomize` builds from it, in its order. */
  objects: Obj[];
  /** The objects by wave, lowest first. */
  waves: Array<readonly [number, Obj[]]>;
}

/** The app's output folders: the top-level folders holding a kustomization.yaml, in name order. */
function outputFolders(outdir: string): Folder[] {
  return fs
    .readdirSync(outdir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(outdir, e.name, 'kustomization.yaml')))
    .map((e) => ({ name: e.name, dir: path.join(outdir, e.name), objects: [], waves: [] }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

function byWave(objects: readonly Obj[]): Array<readonly [number, Obj[]]> {
  const waves = new Map<number, Obj[]>();
  for (const o of objects) waves.set(waveOf(o), [...(waves.get(waveOf(o)) ?? []), o]);
  return [...waves].sort(([a], [b]) => a - b);
}

/** Rows of the closing table: app, folder, kind, objects applied. */
const TABLE: Array<{ app: string; folder: string; kinds: Record<string, number> }> = [];
const TIMES: Array<{ app: string; startS: number; totalS: number }> = [];

describeWithKubeServer('every output folder applied to a real API server, then deleted in reverse wave order', (tools: KubeTools) => {
  afterAll(() => {
    if (TABLE.length === 0) return;
    const lines = ['objects applied to kube-apiserver (kubectl apply --server-side), by kind and folder:', '', '| app | folder | objects | by kind |', '|---|---|---:|---|'];
    for (const row of TABLE) {
      const total = Object.values(row.kinds).reduce((a, b) => a + b, 0);
      lines.push(`| ${row.app} | ${row.folder} | ${total} | ${Object.entries(row.kinds).map(([k, n]) => `${k} ${n}`).join(', ')} |`);
    }
    lines.push('', `apps: ${TIMES.map((t) => `${t.app} ${t.totalS.toFixed(1)} s (server start ${t.startS.toFixed(1)} s)`).join('; ')}`);
    process.stderr.write(`${lines.join('\n')}\n`);
  });

  describe.each(APPS.map(([name, define]) => [name, define] as const))('%s', (appName, define) => {
    let outdir = '';
    let server: TestKubeServer | undefined;
    let folders: Folder[] = [];
    const began = Date.now();
    let startS = 0;
    const run = (args: readonly string[], input?: string) => kubectl(tools, server!, args, input);

    beforeAll(async () => {
      outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-output-folders-'));
      // Throws on any error finding, as the synth command exits 1.
      synthAtomically(path.join(outdir, 'dist'), define);
      folders = outputFolders(path.join(outdir, 'dist'));
      const t0 = Date.now();
      server = await tools.start(appName.replace(/[^a-z0-9]+/gi, '-'));
      startS = (Date.now() - t0) / 1000;
      for (const folder of folders) {
        const built = await run(['kustomize', folder.dir]);
        if (built.code !== 0) throw new Error(`kubectl kustomize ${folder.name}: ${built.stderr}`);
        folder.objects = parseAllDocuments(built.stdout).map((d) => d.toJS()).filter((d) => d);
        folder.waves = byWave(folder.objects);
      }
    }, 240_000);

    afterAll(async () => {
      await server?.stop();
      if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
      TIMES.push({ app: appName, startS, totalS: (Date.now() - began) / 1000 });
    }, 60_000);

    test('the app writes output folders, each with a kustomization.yaml that kubectl kustomize builds', () => {
      expect(folders.length).toBeGreaterThan(0);
      for (const folder of folders) expect([folder.name, folder.objects.length > 0]).toEqual([folder.name, true]);
    });

    test('the namespaces its folders use without creating them are the platform\'s, and are there first', async () => {
      const created = new Set(folders.flatMap((f) => f.objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name)));
      const platform = Object.keys(PLATFORM_NAMESPACES).filter((ns) => !created.has(ns));
      const applied = await run(['apply', '--server-side', '--field-manager=hcp-constructs-test', '-f', '-'], yamlOf(platform.map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }))));
      expect(applied.stderr).toBe('');
      for (const folder of folders) {
        const own = new Set(folder.objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name));
        const foreign = [...new Set(folder.objects.map((o) => o.metadata.namespace).filter((ns) => ns && !own.has(ns)))].sort();
        // Each folder is its own cluster: a namespace it uses is its own or the platform's.
        expect([folder.name, foreign.filter((ns) => !(ns in PLATFORM_NAMESPACES))]).toEqual([folder.name, []]);
      }
    });

    // The folders in name order; the objects of each folder wave by wave. A failure is recorded and
    // the next folder still applied, so one run lists every refusal.
    test('every folder is applied in wave order, every object accepted and read back', async () => {
      const problems: string[] = [];
      for (const folder of folders) {
        const names: string[] = [];
        for (const [wave, objects] of folder.waves) {
          const applied = await run(['apply', '--server-side', '--field-manager=hcp-constructs-test', '-o', 'name', '-f', '-'], yamlOf(objects));
          if (applied.code !== 0 || applied.stderr) problems.push(`${folder.name} wave ${wave}: exit ${applied.code}: ${applied.stderr.trim()}`);
          names.push(...applied.stdout.trim().split('\n').filter((l) => l));
        }
        // One line per object.
        if (names.length !== folder.objects.length) problems.push(`${folder.name}: ${names.length} objects applied of ${folder.objects.length}`);
        const got = await run(['get', '--show-managed-fields', '-o', 'json', '-f', '-'], yamlOf(folder.objects));
        if (got.code !== 0) problems.push(`${folder.name}: kubectl get: ${got.stderr.trim()}`);
        const items: Obj[] = got.stdout.trim() ? (JSON.parse(got.stdout).items ?? [JSON.parse(got.stdout)]) : [];
        expect([folder.name, items.map(idOf).sort()]).toEqual([folder.name, folder.objects.map(idOf).sort()]);
        // Counted by kind as the folder holds them, and stored by server-side apply with this field manager.
        expect([folder.name, countByKind(items)]).toEqual([folder.name, countByKind(folder.objects)]);
        const notApplied = items.filter((item) => !item.metadata.managedFields?.some((f: Obj) => f.manager === 'hcp-constructs-test' && f.operation === 'Apply'));
        expect([folder.name, notApplied.map(idOf)]).toEqual([folder.name, []]);
        TABLE.push({ app: appName, folder: folder.name, kinds: countByKind(items) });
      }
      expect(problems).toEqual([]);
    }, 300_000);

    test('deleted in reverse wave order, only the Namespaces remain, Terminating (nothing finalizes them here)', async () => {
      const problems: string[] = [];
      for (const folder of [...folders].reverse()) {
        for (const [wave, objects] of [...folder.waves].reverse()) {
          const deleted = await run(['delete', '--ignore-not-found', '--wait=false', '-f', '-'], yamlOf(objects));
          if (deleted.code !== 0 || deleted.stderr) problems.push(`${folder.name} wave ${wave}: exit ${deleted.code}: ${deleted.stderr.trim()}`);
        }
        const left = await run(['get', '--ignore-not-found', '-o', 'json', '-f', '-'], yamlOf(folder.objects));
        if (left.code !== 0) problems.push(`${folder.name}: kubectl get: ${left.stderr.trim()}`);
        const items: Obj[] = left.stdout.trim() ? (JSON.parse(left.stdout).items ?? [JSON.parse(left.stdout)]) : [];
        // What a server without controllers keeps: the Namespaces (their `kubernetes` finalizer is the
        // namespace controller's) and any object the folder gives a finalizer of its own (none today).
        const kept = folder.objects.filter((o) => o.kind === 'Namespace' || (o.metadata.finalizers ?? []).length > 0);
        expect([folder.name, items.map(idOf).sort()]).toEqual([folder.name, kept.map(idOf).sort()]);
        const phases = items.filter((o) => o.kind === 'Namespace').map((ns) => `${idOf(ns)} ${ns.status?.phase}`);
        expect(phases).toEqual(kept.filter((o) => o.kind === 'Namespace').map((ns) => `${idOf(ns)} Terminating`).sort());
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
});
