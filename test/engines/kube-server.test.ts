/**
 * startKubeServer: the kube-apiserver, etcd and kubectl that engines/kube/build.sh builds, with the
 * two HyperShift CRDs of ../shared/reference/crds.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { engineTool } from './engine-tools';
import { KubeServer, REPO_ROOT, kubeServerTools, startKubeServer } from './kube-server';

const execFileP = promisify(execFile);
const TIMEOUT = 120_000;
const HYPERSHIFT_CRDS = path.resolve(REPO_ROOT, '..', 'shared', 'reference', 'crds', 'hypershift');

function missingReason(): string | undefined {
  const tools = kubeServerTools();
  if ('missing' in tools) return tools.missing;
  if (!engineTool('kubectl')) return 'kubectl is not built in the engines cache';
  if (!fs.existsSync(HYPERSHIFT_CRDS)) return `${HYPERSHIFT_CRDS} not found (../shared is not beside the repository)`;
  return undefined;
}

/** The Kubernetes version engines/kube/go.mod pins: what the built binaries must report. */
function pinnedKubeVersion(): string {
  const goMod = fs.readFileSync(path.join(REPO_ROOT, 'engines', 'kube', 'go.mod'), 'utf8');
  return /^\s*(?:require\s+)?k8s\.io\/kubernetes (v\d\S*)/m.exec(goMod)![1];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const missing = missingReason();
if (missing && /^(true|1)$/i.test(process.env.CI ?? '')) {
  describe('kube-server', () => {
    test('requires the built engines in CI', () => {
      throw new Error(`CI=true but the Kubernetes tools are not there: ${missing}. Run engines/build.sh (engines/kube/build.sh builds kube-apiserver, kubectl and kustomize).`);
    });
  });
} else if (missing) {
  describe.skip(`kube-server: skipped: ${missing}; run engines/build.sh to build them`, () => {
    test('starts a server', () => undefined);
  });
} else {
  describe('kube-server (built kube-apiserver, kubectl)', () => {
    const kubectlBin = engineTool('kubectl')!;
    let server: KubeServer;

    const kubectl = (args: string[], input?: string) => {
      const child = execFileP(kubectlBin, ['--kubeconfig', server.kubeconfig, ...args], {
        env: { ...process.env, KUBECACHEDIR: path.join(server.dir, 'kubectl-cache') },
        timeout: 60_000,
      });
      if (input !== undefined) child.child.stdin!.end(input);
      return child;
    };

    beforeAll(async () => {
      server = await startKubeServer({ name: 'test', crds: [HYPERSHIFT_CRDS] });
    }, TIMEOUT);

    afterAll(async () => {
      await server?.stop();
    }, TIMEOUT);

    test('serves the HyperShift CRDs', async () => {
      expect(server.crds.sort()).toEqual(['hostedclusters.hypershift.openshift.io', 'nodepools.hypershift.openshift.io']);
      const { stdout } = await kubectl(['api-resources', '--api-group=hypershift.openshift.io', '-o', 'name']);
      expect(stdout.split('\n').filter(Boolean).sort()).toEqual(['hostedclusters.hypershift.openshift.io', 'nodepools.hypershift.openshift.io']);
    }, TIMEOUT);

    test('kubectl apply --server-side stores a Namespace and a ConfigMap; kubectl get finds them', async () => {
      const manifest = [
        'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: kube-server-test\n',
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: kube-server-test\ndata:\n  answer: "42"\n',
      ].join('---\n');
      const applied = await kubectl(['apply', '--server-side', '-f', '-'], manifest);
      expect(applied.stdout).toMatch(/namespace\/kube-server-test serverside-applied/);
      expect(applied.stdout).toMatch(/configmap\/settings serverside-applied/);
      const ns = JSON.parse((await kubectl(['get', 'namespace', 'kube-server-test', '-o', 'json'])).stdout);
      expect(ns.metadata.name).toBe('kube-server-test');
      const cm = JSON.parse((await kubectl(['get', 'configmap', 'settings', '-n', 'kube-server-test', '-o', 'json', '--show-managed-fields'])).stdout);
      expect(cm.data).toEqual({ answer: '42' });
      expect(cm.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'kubectl', operation: 'Apply' })]);
    }, TIMEOUT);

    test('kubectl version reports the Kubernetes version that was built, client and server', async () => {
      const expected = pinnedKubeVersion();
      expect(server.version).toBe(expected);
      const { stdout } = await kubectl(['version', '-o', 'json']);
      const v = JSON.parse(stdout);
      expect(v.clientVersion.gitVersion).toBe(expected);
      expect(v.serverVersion.gitVersion).toBe(expected);
    }, TIMEOUT);

    test('a Namespace with an invalid name is refused', async () => {
      const error = await kubectl(['apply', '--server-side', '-f', '-'], 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: Bad_Name\n')
        .then(() => undefined, (e: { stderr: string; code: number }) => e);
      expect(error).toBeDefined();
      expect(error!.code).not.toBe(0);
      expect(error!.stderr).toMatch(/Bad_Name.*is invalid|Invalid value: "Bad_Name"/);
      await expect(kubectl(['get', 'namespace', 'Bad_Name'])).rejects.toBeDefined();
    }, TIMEOUT);

    test('a second server runs beside the first; stop() leaves no process and no folder', async () => {
      const second = await startKubeServer({ name: 'second' });
      try {
        expect(second.url).not.toBe(server.url);
        expect(second.version).toBe(server.version);
        const { stdout } = await execFileP(kubectlBin, ['--kubeconfig', second.kubeconfig, 'get', 'namespaces', '-o', 'name'],
          { env: { ...process.env, KUBECACHEDIR: path.join(second.dir, 'kubectl-cache') } });
        expect(stdout).toMatch(/namespace\/default/);
        expect(stdout).not.toMatch(/kube-server-test/);
        expect(second.pids.every(alive)).toBe(true);
      } finally {
        await second.stop();
      }
      expect(second.pids.some(alive)).toBe(false);
      expect(fs.existsSync(second.dir)).toBe(false);
      // The first server still answers.
      await kubectl(['get', 'namespace', 'kube-server-test']);
      const pids = server.pids;
      const dir = server.dir;
      await server.stop();
      expect(pids.some(alive)).toBe(false);
      expect(fs.existsSync(dir)).toBe(false);
    }, TIMEOUT);
  });
}
