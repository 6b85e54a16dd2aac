/**
 * A real Kubernetes API server for tests: the kube-apiserver that engines/kube/build.sh builds (the
 * Kubernetes of a current OpenShift release) on etcd, on free loopback ports, with its own CA,
 * serving certificate and admin client certificate, and the CRDs it is given registered and served.
 *
 *   const server = await startKubeServer({ crds: ['../shared/reference/crds/hypershift'] });
 *   execFileSync(kubectl, ['--kubeconfig', server.kubeconfig, 'get', 'ns']);
 *   await server.stop();
 *
 * Nothing reconciles (no controller-manager, scheduler or kubelet); the ServiceAccount admission
 * plugin is off since no controller makes a Namespace's default ServiceAccount. Several servers can
 * run at once: each has its own state folder under the temp dir and its own ports.
 *
 * With CRDs, etcd's data is kept in the engines cache (kube-server-snapshots/) after the first start
 * with a given set of CRDs, and later starts with the same CRDs and binaries begin from a copy of it:
 * about 5 s instead of 15 s with the 60 reference CRDs (kube-apiserver spends about 0.2 s of CPU per
 * CRD on its create and status updates). HCP_KUBE_SERVER_NO_SNAPSHOT=1 turns that off.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import * as yaml from 'js-yaml';
import { ENGINES_CACHE, engineTool } from './engine-tools';

const execFileP = promisify(execFile);

export interface KubeServerOptions {
  /** CRD files, or folders searched two levels deep for *.yaml / *.yml: every YAML document of kind CustomResourceDefinition is registered. */
  crds?: string[];
  /** A name for the state folder and the messages. */
  name?: string;
  /** Extra kube-apiserver flags, appended last. */
  apiserverFlags?: string[];
  /** How long to wait for /readyz and for the CRDs, in ms (default 120 000). */
  timeoutMs?: number;
}

export interface KubeServer {
  /** https://127.0.0.1:PORT */
  url: string;
  /** A kubeconfig file for the admin user (group system:masters), checking the server against the CA. */
  kubeconfig: string;
  /** The CA certificate, the admin client certificate and its key (PEM files). */
  ca: string;
  cert: string;
  key: string;
  /** The state folder (certificates, etcd data, logs: etcd.log, kube-apiserver.log); removed by stop(). */
  dir: string;
  /** The server's gitVersion, e.g. v1.35.4. */
  version: string;
  /** The etcd binary used, and the CRD names registered. */
  etcd: string;
  /** Whether etcd began from the cached data of an earlier start with the same CRDs ('used'), or this start made it. */
  snapshot: 'used' | 'made' | 'none';
  crds: string[];
  /** The process ids of etcd and kube-apiserver. */
  pids: number[];
  /** Milliseconds from the call to /readyz ok, to the CRDs posted, Established, and served in discovery (total). */
  timings: { readyMs: number; crdsPostedMs: number; crdsEstablishedMs: number; totalMs: number };
  /** Stops kube-apiserver and etcd and removes the state folder. */
  stop(): Promise<void>;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** etcd 3.4 as shipped beside the repository (../shared), used when engines/kube/build.sh built no etcd. */
export const SHARED_ETCD_GZ = path.resolve(REPO_ROOT, '..', 'shared', 'tools', 'crd-server', 'bin', 'etcd.gz');

/** The kube-apiserver and etcd to run, or a reason why there are none. */
export function kubeServerTools(): { apiserver: string; etcd: string } | { missing: string } {
  const apiserver = engineTool('kube-apiserver');
  if (!apiserver) return { missing: `kube-apiserver is not built in ${path.join(ENGINES_CACHE, 'bin')}` };
  const etcd = engineTool('etcd') ?? (fs.existsSync(SHARED_ETCD_GZ) ? unpackedSharedEtcd() : undefined);
  if (!etcd) return { missing: `no etcd: neither built in ${path.join(ENGINES_CACHE, 'bin')} nor ${SHARED_ETCD_GZ} present` };
  return { apiserver, etcd };
}

/** Unpacks ../shared's etcd.gz into the engines cache once (by the gzip's sha256), atomically. */
function unpackedSharedEtcd(): string {
  const gz = fs.readFileSync(SHARED_ETCD_GZ);
  const digest = crypto.createHash('sha256').update(gz).digest('hex').slice(0, 16);
  const file = path.join(ENGINES_CACHE, 'shared-etcd', digest, 'etcd');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp.${process.pid}`;
    fs.writeFileSync(tmp, zlib.gunzipSync(gz), { mode: 0o755 });
    fs.renameSync(tmp, file);
  }
  return file;
}

/** Where etcd's data with these CRDs registered is kept: keyed by the binaries (path, size, time) and the CRD documents. */
function snapshotDir(tools: { apiserver: string; etcd: string }, crds: Crd[]): string {
  const hash = crypto.createHash('sha256');
  for (const bin of [tools.apiserver, tools.etcd]) {
    const st = fs.statSync(bin);
    hash.update(`${bin}\0${st.size}\0${st.mtimeMs}\0`);
  }
  hash.update(JSON.stringify(crds));
  return path.join(ENGINES_CACHE, 'kube-server-snapshots', hash.digest('hex').slice(0, 32));
}

/** Keeps the 6 most recently used snapshots (each about 65 MB, mostly etcd's preallocated WAL). */
function pruneSnapshots(root: string): void {
  const entries = fs.readdirSync(root).map((n) => ({ file: path.join(root, n), mtime: fs.statSync(path.join(root, n)).mtimeMs }));
  const done = entries.filter((e) => !e.file.includes('.tmp.')).sort((a, b) => b.mtime - a.mtime);
  const staleTmp = entries.filter((e) => e.file.includes('.tmp.') && Date.now() - e.mtime > 3_600_000);
  for (const e of [...done.slice(6), ...staleTmp]) fs.rmSync(e.file, { recursive: true, force: true });
}

/** Starts etcd and kube-apiserver, registers the CRDs, and resolves once all is served. */
export async function startKubeServer(options: KubeServerOptions = {}): Promise<KubeServer> {
  const tools = kubeServerTools();
  if ('missing' in tools) throw new Error(`startKubeServer: ${tools.missing} (run engines/build.sh)`);
  const crdDocs = options.crds ? collectCrds(options.crds) : [];
  // A port picked free can be taken by another process before etcd or kube-apiserver binds it
  // (servers started at once): then the start is tried again with new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, tools, crdDocs);
    } catch (error) {
      if (attempt >= 3 || !/address already in use/.test((error as Error).message)) throw error;
    }
  }
}

async function startOnce(options: KubeServerOptions, tools: { apiserver: string; etcd: string }, crdDocs: Crd[]): Promise<KubeServer> {
  const started = Date.now();
  const name = (options.name ?? 'kube').replace(/[^A-Za-z0-9_.-]/g, '-');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hcp-kube-server-${name}-`));
  const procs: Running[] = [];
  let client: Client | undefined;
  const stop = async () => {
    for (const p of [...procs].reverse()) await p.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const pki = await makeCertificates(dir);
    const [etcdPort, etcdPeerPort, apiPort] = await freePorts(3);
    const etcdUrl = `http://127.0.0.1:${etcdPort}`;
    const url = `https://127.0.0.1:${apiPort}`;
    const deadline = started + timeoutMs;
    const dataDir = path.join(dir, 'etcd');
    // With CRDs, the first start keeps etcd's data once they are registered, in the cache keyed by
    // the binaries and the CRD documents; later starts with the same CRDs begin from a copy of it.
    const snapshot = crdDocs.length > 0 && process.env.HCP_KUBE_SERVER_NO_SNAPSHOT !== '1' ? snapshotDir(tools, crdDocs) : undefined;
    const fromSnapshot = snapshot !== undefined && fs.existsSync(snapshot);
    if (fromSnapshot) {
      fs.cpSync(snapshot, dataDir, { recursive: true });
      const now = new Date();
      fs.utimesSync(snapshot, now, now); // recently used: kept by pruneSnapshots
    }
    const startBoth = async () => {
      procs.push(await run(tools.etcd, [
        '--name', 'default', '--data-dir', dataDir,
        '--listen-client-urls', etcdUrl, '--advertise-client-urls', etcdUrl,
        '--listen-peer-urls', `http://127.0.0.1:${etcdPeerPort}`,
        '--initial-advertise-peer-urls', `http://127.0.0.1:${etcdPeerPort}`,
        '--initial-cluster', `default=http://127.0.0.1:${etcdPeerPort}`,
        '--logger', 'zap', '--log-level', 'warn', '--quota-backend-bytes', String(4 * 1024 ** 3),
      ], path.join(dir, 'etcd.log'), 'etcd'));
      // kube-apiserver starts faster (and logs no failed connections) once etcd answers.
      await waitFor('etcd /health', deadline, procs, async () => (await httpGet(`${etcdUrl}/health`)).includes('"health":"true"'));
      procs.push(await run(tools.apiserver, [
        `--etcd-servers=${etcdUrl}`,
        '--bind-address=127.0.0.1', '--advertise-address=127.0.0.1', `--secure-port=${apiPort}`,
        `--cert-dir=${path.join(dir, 'pki')}`, `--tls-cert-file=${pki.serverCert}`, `--tls-private-key-file=${pki.serverKey}`,
        `--client-ca-file=${pki.ca}`,
        '--authorization-mode=RBAC',
        `--service-account-key-file=${pki.saPublic}`, `--service-account-signing-key-file=${pki.saKey}`,
        '--service-account-issuer=https://kubernetes.default.svc',
        '--service-cluster-ip-range=10.0.0.0/24',
        '--disable-admission-plugins=ServiceAccount',
        '--endpoint-reconciler-type=none',
        '--allow-privileged=true',
        '--profiling=false',
        ...(options.apiserverFlags ?? []),
      ], path.join(dir, 'kube-apiserver.log'), 'kube-apiserver'));
      await waitFor('/readyz', deadline, procs, async () => {
        const r = await c.request('GET', '/readyz');
        return r.status === 200 && r.body.trim() === 'ok';
      });
    };
    client = new Client(url, pki);
    const c = client;
    await startBoth();
    const readyMs = Date.now() - started;
    const version = JSON.parse((await c.request('GET', '/version')).body).gitVersion as string;
    const kubeconfig = writeKubeconfig(dir, url, pki);
    let crdTimes = await registerCrds(c, crdDocs, deadline, procs);
    if (snapshot && !fromSnapshot) {
      for (const p of procs.splice(0).reverse()) await p.stop(p.label === 'etcd');
      const tmp = `${snapshot}.tmp.${process.pid}.${Date.now()}`;
      fs.mkdirSync(path.dirname(snapshot), { recursive: true });
      fs.cpSync(dataDir, tmp, { recursive: true });
      try {
        fs.renameSync(tmp, snapshot);
      } catch {
        fs.rmSync(tmp, { recursive: true, force: true }); // another start made it first
      }
      pruneSnapshots(path.dirname(snapshot));
      c.reset();
      await startBoth();
      crdTimes = await registerCrds(c, crdDocs, deadline, procs);
    }
    return {
      url, kubeconfig, ca: pki.ca, cert: pki.adminCert, key: pki.adminKey, dir, version,
      etcd: tools.etcd, snapshot: snapshot ? (fromSnapshot ? 'used' : 'made') : 'none', crds: crdDocs.map((c) => c.metadata.name), pids: procs.map((p) => p.pid),
      timings: { readyMs, crdsPostedMs: crdTimes.posted - started, crdsEstablishedMs: crdTimes.established - started, totalMs: Date.now() - started },
      stop,
    };
  } catch (error) {
    const logs = ['etcd.log', 'kube-apiserver.log'].map((f) => `--- ${f} (last lines) ---\n${tail(path.join(dir, f), 25)}`).join('\n');
    await stop();
    throw new Error(`startKubeServer(${name}) failed: ${(error as Error).message}\n${logs}`);
  } finally {
    client?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// processes

interface Running {
  /** The watchdog shell; pid: the tool's own process id. */
  child: ChildProcess;
  pid: number;
  label: string;
  exited: boolean;
  /** Ends it: SIGKILL (its state is thrown away), or SIGTERM when graceful. */
  stop(graceful?: boolean): Promise<void>;
}

/**
 * Runs the tool under a small bash watchdog that holds the read end of a pipe from this process: when
 * the pipe closes (stop(), or this process dies, even by SIGKILL as a timed-out Jest worker does) it
 * sends the tool SIGTERM. So no kube-apiserver or etcd outlives the test process that started it.
 * It prints the tool's pid first, and exits with the tool's status.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null >&2 & tool=$!',
  'echo "$tool"',
  '{ read -r _ <&3; kill -TERM "$tool" 2>/dev/null; } & reader=$!',
  'wait "$tool"; status=$?',
  'kill "$reader" 2>/dev/null',
  'exit "$status"',
].join('\n');

const alive = new Map<ChildProcess, number>();
let exitHookInstalled = false;

async function run(bin: string, args: string[], logFile: string, label: string): Promise<Running> {
  const log = fs.openSync(logFile, 'a');
  const child = spawn('bash', ['-c', WATCHDOG, `${label}-watchdog`, bin, ...args], { stdio: ['pipe', 'pipe', log] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const pid = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('error', reject);
    child.once('exit', () => reject(new Error(`${label}: the watchdog shell exited before starting it`)));
  });
  const running: Running = {
    child, pid, label, exited: false,
    async stop(graceful = false) {
      if (running.exited) return;
      // Mostly its state is thrown away: no need for a graceful shutdown (kube-apiserver takes a second or more).
      try {
        process.kill(pid, graceful ? 'SIGTERM' : 'SIGKILL');
      } catch {
        // gone already
      }
      child.stdin!.end();
      await exited;
    },
  };
  alive.set(child, pid);
  void exited.then(() => { running.exited = true; alive.delete(child); });
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A test process that exits without stop() takes its servers with it at once (the watchdog would too, by SIGTERM).
    process.once('exit', () => {
      for (const toolPid of alive.values()) {
        try {
          process.kill(toolPid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    });
  }
  return running;
}

/** Free loopback TCP ports, held open together so that they differ. */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: n }, () => new Promise<net.Server>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
  })));
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

async function waitFor(what: string, deadline: number, procs: Running[], check: () => Promise<boolean>): Promise<void> {
  let last = '';
  for (;;) {
    const dead = procs.find((p) => p.exited);
    if (dead) throw new Error(`${dead.label} exited (code ${dead.child.exitCode}, signal ${dead.child.signalCode}) while waiting for ${what}`);
    try {
      if (await check()) return;
      last = '';
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${last})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function httpGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 5_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on('error', reject);
  });
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(none)';
  }
}

// ---------------------------------------------------------------------------------------------
// certificates and kubeconfig

interface Pki {
  ca: string; caKey: string;
  serverCert: string; serverKey: string;
  adminCert: string; adminKey: string;
  saKey: string; saPublic: string;
}

async function makeCertificates(dir: string): Promise<Pki> {
  const pkiDir = path.join(dir, 'pki');
  fs.mkdirSync(pkiDir, { recursive: true });
  const f = (n: string) => path.join(pkiDir, n);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const openssl = (args: string[]) => execFileP('openssl', args, { cwd: pkiDir });
  await openssl(['req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '3650', '-subj', '/CN=hcp-kube-server-ca',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  // OpenSSL 3: `req -x509 -CA` signs the new key's certificate with the CA in one step.
  const leaf = (base: string, subj: string, ext: string[]) => openssl(['req', '-x509', ...ec, '-keyout', f(`${base}.key`), '-out', f(`${base}.crt`),
    '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-days', '3650', '-subj', subj,
    '-addext', 'basicConstraints=critical,CA:FALSE', '-addext', 'keyUsage=critical,digitalSignature,keyEncipherment', ...ext.flatMap((e) => ['-addext', e])]);
  await Promise.all([
    leaf('server', '/CN=kube-apiserver', ['extendedKeyUsage=serverAuth', 'subjectAltName=IP:127.0.0.1,DNS:localhost']),
    leaf('admin', '/O=system:masters/CN=hcp-admin', ['extendedKeyUsage=clientAuth']),
  ]);
  const sa = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  fs.writeFileSync(f('sa.key'), sa.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  fs.writeFileSync(f('sa.pub'), sa.publicKey.export({ type: 'spki', format: 'pem' }));
  return {
    ca: f('ca.crt'), caKey: f('ca.key'), serverCert: f('server.crt'), serverKey: f('server.key'),
    adminCert: f('admin.crt'), adminKey: f('admin.key'), saKey: f('sa.key'), saPublic: f('sa.pub'),
  };
}

function writeKubeconfig(dir: string, url: string, pki: Pki): string {
  const file = path.join(dir, 'kubeconfig');
  fs.writeFileSync(file, yaml.dump({
    apiVersion: 'v1', kind: 'Config',
    clusters: [{ name: 'hcp-kube-server', cluster: { server: url, 'certificate-authority': pki.ca } }],
    users: [{ name: 'admin', user: { 'client-certificate': pki.adminCert, 'client-key': pki.adminKey } }],
    contexts: [{ name: 'hcp-kube-server', context: { cluster: 'hcp-kube-server', user: 'admin' } }],
    'current-context': 'hcp-kube-server',
  }), { mode: 0o600 });
  return file;
}

// ---------------------------------------------------------------------------------------------
// HTTP

class Client {
  private agent: https.Agent;
  private readonly agentOptions: https.AgentOptions;
  constructor(private readonly url: string, pki: Pki) {
    this.agentOptions = {
      ca: fs.readFileSync(pki.ca), cert: fs.readFileSync(pki.adminCert), key: fs.readFileSync(pki.adminKey),
      keepAlive: true, maxSockets: 8,
    };
    this.agent = new https.Agent(this.agentOptions);
  }

  request(method: string, p: string, body?: unknown): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = https.request(`${this.url}${p}`, {
        method, agent: this.agent, timeout: 30_000,
        headers: { Accept: 'application/json', ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${p}: timed out`)));
      req.on('error', reject);
      req.end(data);
    });
  }

  close(): void {
    this.agent.destroy();
  }

  /** Drops the kept-alive connections (to a server that was restarted). */
  reset(): void {
    this.agent.destroy();
    this.agent = new https.Agent(this.agentOptions);
  }
}

// ---------------------------------------------------------------------------------------------
// CRDs

interface Crd {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: { group: string; names: { plural: string }; versions?: { name: string; served: boolean }[]; version?: string };
  status?: unknown;
}

/**
 * The CRD documents in the files and folders (two levels deep), a name given twice taken once:
 * from the first path that has it (the reference CRDs before the tests' own), each path's files
 * in sorted order, whatever the folders are named.
 */
export function collectCrds(paths: string[]): Crd[] {
  const files: string[] = [];
  const walk = (p: string, depth: number) => {
    const st = fs.statSync(p);
    if (st.isFile()) {
      files.push(p);
      return;
    }
    if (depth > 2) return;
    for (const e of fs.readdirSync(p, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.join(p, e.name);
      if (e.isDirectory()) walk(child, depth + 1);
      else if (/\.ya?ml$/.test(e.name)) files.push(child);
    }
  };
  const ordered: string[] = [];
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new Error(`startKubeServer: CRD path ${p} does not exist`);
    files.length = 0;
    walk(p, 1);
    ordered.push(...files.sort());
  }
  const byName = new Map<string, Crd>();
  for (const file of [...new Set(ordered)]) {
    for (const doc of yaml.loadAll(fs.readFileSync(file, 'utf8'))) {
      const crd = doc as Crd | null;
      if (!crd || typeof crd !== 'object' || crd.kind !== 'CustomResourceDefinition') continue;
      if (!String(crd.apiVersion).startsWith('apiextensions.k8s.io/')) continue;
      if (!byName.has(crd.metadata.name)) byName.set(crd.metadata.name, crd);
    }
  }
  return [...byName.values()];
}

async function registerCrds(client: Client, crds: Crd[], deadline: number, procs: Running[]): Promise<{ posted: number; established: number }> {
  if (crds.length === 0) return { posted: Date.now(), established: Date.now() };
  const base = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  // Post them a few at a time; an invalid CRD fails the start with the server's message.
  const existing = JSON.parse((await client.request('GET', `${base}?limit=1000`)).body) as { items?: { metadata: { name: string } }[] };
  const have = new Set((existing.items ?? []).map((i) => i.metadata.name));
  const queue = crds.filter((crd) => !have.has(crd.metadata.name));
  await Promise.all(Array.from({ length: 6 }, async () => {
    for (let crd = queue.shift(); crd; crd = queue.shift()) {
      const body = { ...crd, apiVersion: 'apiextensions.k8s.io/v1' };
      delete body.status;
      const r = await client.request('POST', base, body);
      if (r.status !== 201 && r.status !== 409) {
        let message = r.body.slice(0, 2000);
        try {
          message = (JSON.parse(r.body) as { message?: string }).message ?? message;
        } catch {
          // not JSON: the body as it is
        }
        throw new Error(`registering CRD ${crd.metadata.name} (from the CRDs given): HTTP ${r.status}: ${message}`);
      }
    }
  }));
  const posted = Date.now();
  const names = new Set(crds.map((c) => c.metadata.name));
  await waitFor(`${crds.length} CRDs Established`, deadline, procs, async () => {
    const list = JSON.parse((await client.request('GET', base)).body) as { items: { metadata: { name: string }; status?: { conditions?: { type: string; status: string }[] } }[] };
    const established = list.items.filter((i) => i.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True'));
    return [...names].every((n) => established.some((i) => i.metadata.name === n));
  });
  const established = Date.now();
  // Discovery: every served version of every CRD lists its plural.
  const wanted = new Map<string, Set<string>>();
  for (const crd of crds) {
    const versions = crd.spec.versions?.filter((v) => v.served).map((v) => v.name) ?? (crd.spec.version ? [crd.spec.version] : []);
    for (const v of versions) {
      const gv = `${crd.spec.group}/${v}`;
      if (!wanted.has(gv)) wanted.set(gv, new Set());
      wanted.get(gv)!.add(crd.spec.names.plural);
    }
  }
  const pending = new Set(wanted.keys());
  await waitFor(`${crds.length} CRDs in discovery`, deadline, procs, async () => {
    await Promise.all([...pending].map(async (gv) => {
      const r = await client.request('GET', `/apis/${gv}`);
      if (r.status !== 200) return;
      const served = new Set((JSON.parse(r.body) as { resources: { name: string }[] }).resources.map((x) => x.name));
      if ([...wanted.get(gv)!].every((p) => served.has(p))) pending.delete(gv);
    }));
    return pending.size === 0;
  });
  return { posted, established };
}

// ---------------------------------------------------------------------------------------------
// command line: npx ts-node --transpile-only test/engines/kube-server.ts [CRD files or folders...]
// prints `export KUBE_SERVER_...` lines, then runs until interrupted (Ctrl-C, SIGTERM) and stops.

if (require.main === module) {
  startKubeServer({ name: 'cli', crds: process.argv.slice(2) }).then((server) => {
    const sh = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
    process.stdout.write([
      `export KUBE_SERVER_URL=${sh(server.url)}`, `export KUBE_SERVER_KUBECONFIG=${sh(server.kubeconfig)}`,
      `export KUBE_SERVER_CA=${sh(server.ca)}`, `export KUBE_SERVER_CERT=${sh(server.cert)}`, `export KUBE_SERVER_KEY=${sh(server.key)}`,
      `export KUBE_SERVER_DIR=${sh(server.dir)}`,
      `# ${server.version}, ${server.crds.length} CRDs, ready in ${(server.timings.totalMs / 1000).toFixed(1)} s; Ctrl-C stops it`,
      '',
    ].join('\n'));
    const stop = () => void server.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }, (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
