/**
 * Test helper: runs the shared crd-server (a real apiextensions-apiserver on loopback, see
 * ../shared/tools/crd-server/README.md) and dry-run creates custom resources against it.
 * Not a test itself.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as https from 'https';
import * as os from 'os';
import * as path from 'path';

/** The project root (this file is test/conformance/crd-server.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** `../shared` beside the project root, as every developer and CI run has it. */
export const SHARED_DIR = path.resolve(REPO_ROOT, '..', 'shared');
export const START_SCRIPT = path.join(SHARED_DIR, 'tools', 'crd-server', 'start');
export const STOP_SCRIPT = path.join(SHARED_DIR, 'tools', 'crd-server', 'stop');
export const REFERENCE_CRDS = path.join(SHARED_DIR, 'reference', 'crds');

export interface CrdServer {
  readonly url: string;
  readonly cert: string;
  readonly key: string;
  readonly kubeconfig: string;
  readonly dir: string;
  readonly agent: https.Agent;
  readonly certData: Buffer;
  readonly keyData: Buffer;
  /** {@link dryRunCreate} bound to this server. */
  dryRunCreate(object: ObjectLike): Promise<DryRunResult>;
}

export interface DryRunResult {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

/** Minimal shape of what we post. */
export interface ObjectLike {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace?: string };
}

/**
 * Resource (plural) names of the custom kinds the library emits, by `apiVersion kind`. A kind not
 * listed here makes {@link resourcePath} throw, so a new kind must be added on purpose.
 */
export const PLURALS: Readonly<Record<string, string>> = {
  'hypershift.openshift.io/v1beta1 HostedCluster': 'hostedclusters',
  'hypershift.openshift.io/v1beta1 NodePool': 'nodepools',
  'external-secrets.io/v1 ExternalSecret': 'externalsecrets',
  'operators.coreos.com/v1 OperatorGroup': 'operatorgroups',
  'operators.coreos.com/v1alpha1 Subscription': 'subscriptions',
  'operators.coreos.com/v1alpha1 CatalogSource': 'catalogsources',
  'multicluster.openshift.io/v1 MultiClusterEngine': 'multiclusterengines',
  'addon.open-cluster-management.io/v1alpha1 AddOnDeploymentConfig': 'addondeploymentconfigs',
  'metallb.io/v1beta1 MetalLB': 'metallbs',
  'metallb.io/v1beta1 IPAddressPool': 'ipaddresspools',
  'metallb.io/v1beta1 L2Advertisement': 'l2advertisements',
  'metallb.io/v1beta1 BGPAdvertisement': 'bgpadvertisements',
  'metallb.io/v1beta2 BGPPeer': 'bgppeers',
  'hco.kubevirt.io/v1beta1 HyperConverged': 'hyperconvergeds',
  'agent-install.openshift.io/v1beta1 AgentServiceConfig': 'agentserviceconfigs',
  'agent-install.openshift.io/v1beta1 InfraEnv': 'infraenvs',
  'agent-install.openshift.io/v1beta1 NMStateConfig': 'nmstateconfigs',
  'metal3.io/v1alpha1 BareMetalHost': 'baremetalhosts',
  'kubevirt.io/v1 VirtualMachine': 'virtualmachines',
};

/** Cluster-scoped custom kinds (posted without a namespace). */
export const CLUSTER_SCOPED: ReadonlySet<string> = new Set(['MultiClusterEngine', 'AgentServiceConfig']);

/** Built-in API groups the CRD server does not serve. */
export const BUILT_IN_API_VERSIONS: readonly string[] = ['v1', 'rbac.authorization.k8s.io/v1'];

export function isCustomResource(object: { apiVersion: string }): boolean {
  return !BUILT_IN_API_VERSIONS.includes(object.apiVersion);
}

/** The collection path to POST an object to, e.g. `/apis/hypershift.openshift.io/v1beta1/namespaces/clusters/hostedclusters`. */
export function resourcePath(object: ObjectLike): string {
  const plural = PLURALS[`${object.apiVersion} ${object.kind}`];
  if (!plural) {
    throw new Error(
      `no plural known for ${object.apiVersion} ${object.kind}; add it to PLURALS in test/conformance/crd-server.ts`,
    );
  }
  if (!object.apiVersion.includes('/')) throw new Error(`${object.apiVersion} is a core API version, not a custom resource`);
  if (CLUSTER_SCOPED.has(object.kind)) return `/apis/${object.apiVersion}/${plural}`;
  const namespace = object.metadata.namespace;
  if (!namespace) throw new Error(`${object.kind} ${object.metadata.name} has no namespace`);
  return `/apis/${object.apiVersion}/namespaces/${encodeURIComponent(namespace)}/${plural}`;
}

/** True when the shared start script is present beside the repository. */
export function sharedAvailable(): boolean {
  return fs.existsSync(START_SCRIPT);
}

/** Parses the `export NAME='value'` lines the start script prints. */
export function parseExports(stdout: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^export\s+([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    let value = match[2];
    if ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"'))) {
      value = value.slice(1, -1);
    }
    vars[match[1]] = value;
  }
  return vars;
}

/**
 * Starts a server with the given CRD files or folders (default: all reference CRDs); takes about
 * 7 s. The state folder is created here, so it can be cleaned up even if the start times out.
 */
export function startCrdServer(crdPaths: readonly string[] = [REFERENCE_CRDS], timeoutMs = 55_000): Promise<CrdServer> {
  // Under the temp dir: `stop` removes state folders only there.
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crd-server.'));
  return new Promise((resolve, reject) => {
    const child = spawn(START_SCRIPT, [...crdPaths], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CRD_SERVER_DIR: stateDir },
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      void runStop(stateDir).then(() => reject(error));
    };
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`crd-server did not start within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (settled) return;
      const vars = parseExports(stdout);
      const missing = ['CRD_SERVER_URL', 'CRD_SERVER_CERT', 'CRD_SERVER_KEY', 'CRD_SERVER_KUBECONFIG', 'CRD_SERVER_DIR'].filter((v) => !vars[v]);
      if (code !== 0 || missing.length > 0) {
        fail(new Error(`crd-server start failed (exit ${code}${missing.length ? `, missing ${missing.join(', ')}` : ''})\n${stderr}`));
        return;
      }
      settled = true;
      const server: CrdServer = {
        url: vars.CRD_SERVER_URL,
        cert: vars.CRD_SERVER_CERT,
        key: vars.CRD_SERVER_KEY,
        kubeconfig: vars.CRD_SERVER_KUBECONFIG,
        dir: vars.CRD_SERVER_DIR,
        certData: fs.readFileSync(vars.CRD_SERVER_CERT),
        keyData: fs.readFileSync(vars.CRD_SERVER_KEY),
        agent: new https.Agent({ keepAlive: true, maxSockets: 8 }),
        dryRunCreate: (object) => dryRunCreate(server, object),
      };
      resolve(server);
    });
  });
}

function runStop(dir: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(STOP_SCRIPT, [dir], { stdio: 'ignore' });
    child.on('error', () => resolve());
    child.on('close', () => resolve());
  });
}

/** Stops the server and removes its state folder. */
export async function stopCrdServer(server: CrdServer | undefined): Promise<void> {
  if (!server) return;
  server.agent.destroy();
  await runStop(server.dir);
}

/** Sends one request to the server; the body is parsed as JSON when it is JSON. */
export function request(server: CrdServer, method: string, urlPath: string, body?: unknown): Promise<DryRunResult> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = https.request(
      new URL(urlPath, server.url),
      {
        method,
        agent: server.agent,
        cert: server.certData,
        key: server.keyData,
        rejectUnauthorized: false,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * Dry-run creates a custom resource with strict field validation: 201 when the API server would
 * accept it (body: the object with server defaults), else 4xx with a Status body.
 */
export function dryRunCreate(server: CrdServer, object: ObjectLike): Promise<DryRunResult> {
  return request(server, 'POST', `${resourcePath(object)}?dryRun=All&fieldValidation=Strict`, object);
}

/** A readable account of a rejection: the message and every cause's field and message. */
export function describeRejection(result: DryRunResult): string {
  const body = result.body;
  if (typeof body !== 'object' || body === null) return `HTTP ${result.status}: ${String(body)}`;
  const causes: Array<{ field?: string; message?: string; reason?: string }> = body.details?.causes ?? [];
  const lines = causes.map((c) => `  - ${c.field ?? '(no field)'}: ${c.message ?? c.reason ?? ''}`);
  return [`HTTP ${result.status} ${body.reason ?? ''}: ${body.message ?? ''}`, ...lines].join('\n');
}

/**
 * `describe` for a suite that needs the crd-server in ../shared: where ../shared is missing it
 * fails under CI=true and otherwise skips, saying why.
 */
export function describeWithCrdServer(suite: string, needs: string, body: () => void): void {
  if (sharedAvailable()) {
    describe(suite, body);
    return;
  }
  const reason = `${suite}: skipped: ${START_SCRIPT} not found (../shared is not beside the repository at ${SHARED_DIR}); ${needs}`;
  if (/^(true|1)$/i.test(process.env.CI ?? '')) {
    describe(suite, () => {
      test('requires ../shared in CI', () => {
        throw new Error(`CI=true but ${reason.replace('skipped', 'cannot run')}`);
      });
    });
    return;
  }
  // eslint-disable-next-line no-console
  console.warn(reason);
  describe.skip(`${suite} (SKIPPED: ../shared/tools/crd-server/start not found beside the repository)`, () => {
    test('skipped because ../shared is missing', () => undefined);
  });
}
