/**
 * Test helper for the suites that send the library's output to a real kube-apiserver: which server
 * and kubectl to use, a describe that fails under CI or skips (saying why) when they are missing, and
 * kubectl runs with the server's kubeconfig and a discovery cache of its own. Not a test itself.
 *
 * The server is startKubeServer (test/engines/kube-server.ts: the kube-apiserver engines/kube/build.sh
 * builds) and kubectl the one built beside it. `HCP_KUBE_SERVER=shared` runs the suites on
 * ../shared/tools/kube-server (Kubernetes 1.20) and the kubectl on PATH instead, for a machine
 * without the engines built; CI never uses it.
 */
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { REFERENCE_CRDS, SHARED_DIR, TEST_CRDS } from '../conformance/crd-server';
import { engineTool } from './engine-tools';
import { kubeServerTools, startKubeServer } from './kube-server';
import { describeUnlessMissing } from './engine-suite';

const execFileP = promisify(execFile);

/** The CRDs the servers register: what the conformance suites serve (the reference CRDs and the test-only ones). */
export const SERVED_CRDS: readonly string[] = [REFERENCE_CRDS, TEST_CRDS];

/** A running server as these suites use it. */
export interface TestKubeServer {
  readonly url: string;
  readonly kubeconfig: string;
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
  readonly dir: string;
  readonly version: string;
  stop(): Promise<void>;
}

export interface KubeTools {
  readonly kubectl: string;
  /** What the suite's title says about the server. */
  readonly label: string;
  start(name: string): Promise<TestKubeServer>;
}

const SHARED_KUBE_SERVER = path.join(SHARED_DIR, 'tools', 'kube-server');

/** The server and kubectl to use, or why there are none. */
export function kubeTools(): KubeTools | { missing: string } {
  if (process.env.HCP_KUBE_SERVER === 'shared' && process.env.CI !== 'true') return sharedKubeTools();
  const tools = kubeServerTools();
  if ('missing' in tools) return { missing: tools.missing };
  const kubectl = engineTool('kubectl');
  if (!kubectl) return { missing: 'kubectl is not built: run engines/build.sh' };
  return {
    kubectl,
    label: 'kube-apiserver of engines/kube',
    start: async (name) => {
      const server = await startKubeServer({ crds: [...SERVED_CRDS], name });
      return { ...server, stop: () => server.stop() };
    },
  };
}

/** ../shared/tools/kube-server (Kubernetes 1.20) and the kubectl on PATH (HCP_KUBE_SERVER=shared). */
function sharedKubeTools(): KubeTools | { missing: string } {
  const start = path.join(SHARED_KUBE_SERVER, 'start');
  if (!fs.existsSync(start)) return { missing: `HCP_KUBE_SERVER=shared, and ${start} is not there` };
  return {
    kubectl: 'kubectl',
    label: 'kube-apiserver 1.20 of ../shared/tools/kube-server',
    start: async () => {
      const { stdout } = await execFileP(start, [...SERVED_CRDS], { env: { ...process.env, KUBE_SERVER_DIR: '' }, maxBuffer: 16 << 20 });
      const env = Object.fromEntries([...stdout.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
      const dir = env.KUBE_SERVER_DIR;
      const server = { url: env.KUBE_SERVER_URL, kubeconfig: env.KUBE_SERVER_KUBECONFIG, ca: env.KUBE_SERVER_CA, cert: env.KUBE_SERVER_CERT, key: env.KUBE_SERVER_KEY, dir, version: '' };
      const version = JSON.parse(execFileSync('kubectl', ['--kubeconfig', server.kubeconfig, 'version', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })).serverVersion.gitVersion;
      return { ...server, version, stop: async () => void (await execFileP(path.join(SHARED_KUBE_SERVER, 'stop'), [dir])) };
    },
  };
}

/** `describe` for a suite that needs the server and kubectl (see describeUnlessMissing). */
export function describeWithKubeServer(title: string, body: (tools: KubeTools) => void): void {
  const tools = kubeTools();
  if ('missing' in tools) describeUnlessMissing(title, `${tools.missing}; run engines/build.sh`, () => body(tools as unknown as KubeTools));
  else describeUnlessMissing(`${title} (${tools.label})`, undefined, () => body(tools));
}

export interface KubectlResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs kubectl against `server` (its kubeconfig, a discovery cache in its state folder); never throws on a failed command. */
export async function kubectl(tools: KubeTools, server: TestKubeServer, args: readonly string[], input?: string): Promise<KubectlResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      tools.kubectl,
      ['--kubeconfig', server.kubeconfig, ...args],
      { env: { ...process.env, KUBECACHEDIR: path.join(server.dir, 'kubectl-cache') }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        if (error && typeof (error as NodeJS.ErrnoException).code !== 'number') return reject(error);
        resolve({ code: error ? Number((error as NodeJS.ErrnoException).code) : 0, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

/**
 * A kubeconfig for a ServiceAccount's token (TokenRequest API, 1 hour), checking the server
 * against its CA: what a suite reads the server as when it checks which permissions are enough.
 * `run` runs kubectl as the admin and returns its stdout.
 */
export async function tokenKubeconfig(run: (args: string[]) => Promise<string>, server: Pick<TestKubeServer, 'url' | 'ca' | 'dir'>, name: string, namespace = 'default'): Promise<string> {
  const token = (await run(['create', 'token', name, '-n', namespace, '--duration=1h'])).trim();
  const file = path.join(server.dir, `${name}.kubeconfig`);
  const ca = fs.readFileSync(server.ca).toString('base64');
  fs.writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'Config', 'current-context': name, contexts: [{ name, context: { cluster: 'kube', user: name } }], clusters: [{ name: 'kube', cluster: { server: server.url, 'certificate-authority-data': ca } }], users: [{ name, user: { token } }] }));
  return file;
}
