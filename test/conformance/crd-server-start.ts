/**
 * Test helper: starts the shared crd-server (../shared/tools/crd-server, see its README) within a
 * time budget that survives a busy machine, and says why when it cannot. Not a test itself.
 *
 * One attempt is four steps, each timed:
 *   1. `start` with no CRD arguments: etcd and the API server, until its /livez answers `ok`.
 *   2. /livez polled from here with back-off (the server is reachable with our certificate).
 *   3. The reference CRDs registered from here, four requests at a time. The start script spends
 *      two `curl` and two `node` processes per CRD, about 240 processes for the reference set,
 *      which is what made its start take 43 s with a load of 7 on 2 cores.
 *   4. The CRD list polled with back-off until every CRD is Established.
 * A failed attempt is stopped and retried after a pause while the overall deadline allows (one
 * attempt may use half of it). The error names the step that failed, how long each attempt took,
 * the load average and the tail of the server's logs. The state folder is kept out of the temp dir
 * because `stop` deletes state folders there, logs included, before we could read them; we remove
 * it ourselves.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as yaml from 'js-yaml';
import { CrdServer, CrdServerInfo, REFERENCE_CRDS, REPO_ROOT, TEST_CRDS, START_SCRIPT, STOP_SCRIPT, connectCrdServer, request } from './crd-server';

/** Where state folders live: under build/ (ignored by git), not in the temp dir (see above). */
export const STATE_ROOT = path.join(REPO_ROOT, 'build', 'crd-server');

/** The whole start-up, every attempt included: CRD_SERVER_BUDGET_S, default 300 s. */
export const START_BUDGET_MS = Number(process.env.CRD_SERVER_BUDGET_S ?? 300) * 1000;
const MAX_ATTEMPTS = 3;
/** One attempt may use half the budget, so a hung attempt still leaves time for another. */
const ATTEMPT_SHARE = 0.5;
/** Pause before attempt 2 and 3: a busy moment may pass. */
const RETRY_PAUSE_MS = [0, 5_000, 15_000];

/** One step of an attempt that failed, and whether trying again can help. */
class StepFailure extends Error {
  constructor(readonly step: string, message: string, readonly retry = true) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Calls `probe` with growing pauses (0.25 s, then x1.5 up to 2 s) until it returns true or `deadline` passes. */
async function pollWithBackOff(deadline: number, probe: () => Promise<boolean>): Promise<boolean> {
  for (let pause = 250; ; pause = Math.min(pause * 1.5, 2_000)) {
    if (await probe().catch(() => false)) return true;
    if (Date.now() + pause > deadline) return false;
    await sleep(pause);
  }
}

/** The last `lines` lines of a log file, or a note that it is missing. */
function tail(file: string, lines: number): string {
  if (!fs.existsSync(file)) return `(${path.basename(file)} was not written)`;
  const text = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  return text.slice(-lines).join('\n');
}

/** Step 1: the start script with no CRDs; resolves with its `export` lines parsed. */
function runStartScript(stateDir: string, deadline: number): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(START_SCRIPT, [], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CRD_SERVER_DIR: stateDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), Math.max(0, deadline - Date.now()));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new StepFailure('start script', `${START_SCRIPT} could not be run: ${error.message}`, false));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const vars = parseExports(stdout);
      const missing = ['CRD_SERVER_URL', 'CRD_SERVER_CERT', 'CRD_SERVER_KEY', 'CRD_SERVER_KUBECONFIG'].filter((v) => !vars[v]);
      if (code === 0 && missing.length === 0) return resolve(vars);
      const how = signal ? `was stopped (${signal}) at the deadline` : `exited ${code}${missing.length ? `, without ${missing.join(', ')}` : ''}`;
      reject(new StepFailure('start script', `${START_SCRIPT} ${how}; its stderr:\n${stderr.trimEnd() || '(empty)'}`));
    });
  });
}

/** Parses the `export NAME='value'` lines the start script prints. */
export function parseExports(stdout: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^export\s+([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    let value = match[2];
    if ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"'))) value = value.slice(1, -1);
    vars[match[1]] = value;
  }
  return vars;
}

/**
 * The CRDs under the given files or folders (folders searched two levels deep for `*.yaml`, as the
 * start script does), each document whose kind is CustomResourceDefinition, sorted by file.
 */
export function readCrds(crdPaths: readonly string[]): Array<{ file: string; crd: { metadata: { name: string } } }> {
  const files: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < 2) walk(full, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.yaml')) files.push(full);
    }
  };
  // Path by path, each path's files sorted: a CRD name given twice is taken from the first path
  // that has it (the reference CRDs before the tests' own), whatever the folders are named.
  const ordered: string[] = [];
  for (const p of crdPaths) {
    files.length = 0;
    fs.statSync(p).isDirectory() ? walk(p, 1) : files.push(p);
    ordered.push(...files.sort());
  }
  return ordered.flatMap((file) =>
    yaml
      .loadAll(fs.readFileSync(file, 'utf8'))
      .filter((doc): doc is { kind: string; metadata: { name: string } } => (doc as { kind?: unknown } | null)?.kind === 'CustomResourceDefinition')
      .map((crd) => ({ file, crd })),
  );
}

/** Steps 3 and 4: registers the CRDs (a name given twice is registered once) and waits until all are Established. */
async function registerCrds(server: CrdServer, crdPaths: readonly string[], deadline: number, timed: (step: string) => void): Promise<void> {
  const crds = readCrds(crdPaths);
  const names = new Set<string>();
  const queue = crds.filter(({ crd }) => {
    const first = !names.has(crd.metadata.name);
    names.add(crd.metadata.name);
    return first;
  });
  const refused: string[] = [];
  const post = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await request(server, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', next.crd);
      if (result.status !== 201 && result.status !== 409) refused.push(`${next.file}: HTTP ${result.status} ${JSON.stringify(result.body).slice(0, 300)}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: 4 }, post));
  } catch (error) {
    throw new StepFailure('register CRDs', `a request failed: ${(error as Error).message}`);
  }
  if (refused.length > 0) throw new StepFailure('register CRDs', `the server refused ${refused.length} CRDs:\n${refused.join('\n')}`, false);
  timed(`${names.size} CRDs registered`);

  let waiting = [...names];
  const established = await pollWithBackOff(deadline, async () => {
    const list = await request(server, 'GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
    const done = new Set<string>(
      (list.body?.items ?? [])
        .filter((item: { status?: { conditions?: Array<{ type: string; status: string }> } }) =>
          (item.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True'),
        )
        .map((item: { metadata: { name: string } }) => item.metadata.name),
    );
    waiting = [...names].filter((n) => !done.has(n));
    return waiting.length === 0;
  });
  if (!established) throw new StepFailure('CRDs established', `${waiting.length} of ${names.size} CRDs not Established at the deadline: ${waiting.slice(0, 10).join(', ')}`);
  timed('established');
}

/** One attempt: the server and its CRDs, or a StepFailure (after stopping what was started). `steps` gets each step's time. */
async function attempt(crdPaths: readonly string[], deadline: number, steps: string[]): Promise<CrdServerInfo> {
  let since = Date.now();
  const timed = (step: string) => {
    steps.push(`${step} ${seconds(Date.now() - since)}`);
    since = Date.now();
  };
  fs.mkdirSync(STATE_ROOT, { recursive: true });
  // `run-<pid>-`: a later run removes the folder only once this process and the server are gone.
  const stateDir = fs.mkdtempSync(path.join(STATE_ROOT, `run-${process.pid}-`));
  let server: CrdServer | undefined;
  try {
    const vars = await runStartScript(stateDir, deadline);
    timed('start script');
    const info: CrdServerInfo = { url: vars.CRD_SERVER_URL, cert: vars.CRD_SERVER_CERT, key: vars.CRD_SERVER_KEY, kubeconfig: vars.CRD_SERVER_KUBECONFIG, dir: stateDir };
    server = connectCrdServer(info);
    const live = await pollWithBackOff(deadline, async () => (await request(server!, 'GET', '/livez')).body === 'ok');
    if (!live) throw new StepFailure('livez', `${info.url}/livez did not answer ok before the deadline`);
    timed('livez');
    await registerCrds(server, crdPaths, deadline, timed);
    return info;
  } catch (error) {
    const failure = error instanceof StepFailure ? error : new StepFailure('start', String((error as Error)?.stack ?? error));
    failure.message +=
      `\n--- apiserver.log (last 25 lines) ---\n${tail(path.join(stateDir, 'apiserver.log'), 25)}` +
      `\n--- etcd.log (last 10 lines) ---\n${tail(path.join(stateDir, 'etcd.log'), 10)}`;
    await stopCrdServerDir(stateDir);
    throw failure;
  } finally {
    server?.agent.destroy();
  }
}

/**
 * Starts a server with the given CRD files or folders (default: all reference CRDs and the tests' own): 15-20 s with
 * a load of 7 on 2 cores, where the start script given the CRDs took 43 s. Retries within
 * {@link START_BUDGET_MS}; the error says which step failed and why.
 */
export async function startCrdServerWithin(
  crdPaths: readonly string[] = [REFERENCE_CRDS, TEST_CRDS],
  budgetMs = START_BUDGET_MS,
): Promise<CrdServerInfo & { readonly startMs: number; readonly steps: string }> {
  const started = Date.now();
  const deadline = started + budgetMs;
  const tried: string[] = [];
  let last: StepFailure | undefined;
  for (let n = 1; n <= MAX_ATTEMPTS && Date.now() + RETRY_PAUSE_MS[n - 1] < deadline; n++) {
    await sleep(RETRY_PAUSE_MS[n - 1]);
    const t0 = Date.now();
    const steps: string[] = [];
    try {
      const info = await attempt(crdPaths, Math.min(deadline, t0 + budgetMs * ATTEMPT_SHARE), steps);
      return { ...info, startMs: Date.now() - started, steps: [...tried, steps.join(', ')].join('; ') };
    } catch (error) {
      last = error as StepFailure;
      tried.push(`attempt ${n}: step "${last.step}" failed after ${seconds(Date.now() - t0)} (${steps.join(', ') || 'no step done'})`);
      if (!last.retry) break;
    }
  }
  throw new Error(
    `crd-server did not start: ${tried.length} attempt(s) in ${seconds(Date.now() - started)} (budget ${seconds(budgetMs)}, CRD_SERVER_BUDGET_S to change; ` +
      `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores)\n` +
      `${tried.join('\n')}\nlast failure, step "${last?.step}": ${last?.message}`,
  );
}

/** Stops the server of a state folder (by the PIDs `start` recorded) and removes the folder. */
export function stopCrdServerDir(stateDir: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      fs.rmSync(stateDir, { recursive: true, force: true });
      resolve();
    };
    const child = spawn(STOP_SCRIPT, [stateDir], { stdio: 'ignore' });
    child.on('error', done);
    child.on('close', done);
  });
}
