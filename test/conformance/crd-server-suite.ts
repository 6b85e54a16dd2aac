/**
 * One crd-server per jest run, shared by every suite that needs it (they only dry-run create, so
 * they cannot disturb each other). Jest's globalSetup starts it when the run holds such a suite and
 * writes how to reach it, or why it could not start, to the file named by HCP_CRD_SERVER_STATE;
 * globalTeardown stops it. Run without that setup (another jest config), a suite starts its own.
 *
 * When the server cannot start, each suite reports one failing test carrying the reason, instead
 * of failing every test with the same error. Where ../shared is missing, the suites fail under
 * CI=true and otherwise skip, saying why.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CrdServer, CrdServerInfo, SHARED_DIR, START_SCRIPT, connectCrdServer, sharedAvailable } from './crd-server';
import { START_BUDGET_MS, STATE_ROOT, startCrdServerWithin, stopCrdServerDir } from './crd-server-start';

const STATE_ENV = 'HCP_CRD_SERVER_STATE';

type RunState = { readonly status: 'running'; readonly server: CrdServerInfo } | { readonly status: 'failed'; readonly message: string };

const inCi = () => /^(true|1)$/i.test(process.env.CI ?? '');

/**
 * The test files this run may hold that need the server: those under the roots whose text calls
 * describeWithCrdServer and whose path matches the run's path pattern. It errs towards starting
 * the server (it ignores -t and --onlyChanged), never towards not starting it.
 */
function suitesNeedingServer(roots: readonly string[], testPathPattern: string): string[] {
  const pattern = testPathPattern ? new RegExp(testPathPattern, 'i') : undefined;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts') && (!pattern || pattern.test(full)) && /\bdescribeWithCrdServer\(/.test(fs.readFileSync(full, 'utf8'))) found.push(full);
    }
  };
  roots.forEach(walk);
  return found;
}

/** Removes state folders of earlier runs whose processes are gone (a run that was killed). */
function removeStaleState(): void {
  if (!fs.existsSync(STATE_ROOT)) return;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const name of fs.readdirSync(STATE_ROOT)) {
    const dir = path.join(STATE_ROOT, name);
    if (!name.startsWith('run-') || !fs.statSync(dir).isDirectory()) continue;
    const pids = ['apiserver.pid', 'etcd.pid'].map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f)).map((f) => Number(fs.readFileSync(f, 'utf8')));
    const owner = Number(/^run-(\d+)-/.exec(name)?.[1]);
    if (!pids.some(alive) && !alive(owner)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Jest globalSetup: starts the server once for the run, when the run needs it. */
export async function setUpCrdServerForRun(globalConfig: { testPathPattern: string }, projectConfig: { roots: string[] }): Promise<void> {
  const suites = suitesNeedingServer(projectConfig.roots, globalConfig.testPathPattern);
  if (suites.length === 0 || !sharedAvailable()) return;
  removeStaleState();
  const stateFile = path.join(STATE_ROOT, `jest-${process.pid}.json`);
  let state: RunState;
  try {
    const started = await startCrdServerWithin();
    state = { status: 'running', server: started };
    process.stderr.write(`\ncrd-server: started in ${(started.startMs / 1000).toFixed(1)} s (${started.steps}), shared by ${suites.length} suites of this run\n`);
  } catch (error) {
    state = { status: 'failed', message: (error as Error).message };
    process.stderr.write(`\ncrd-server: FAILED TO START; the ${suites.length} suites that need it fail with this reason:\n${state.message}\n`);
  }
  fs.mkdirSync(STATE_ROOT, { recursive: true });
  fs.writeFileSync(stateFile, JSON.stringify(state));
  process.env[STATE_ENV] = stateFile;
}

/** Jest globalTeardown: stops the run's server. */
export async function tearDownCrdServerForRun(): Promise<void> {
  const stateFile = process.env[STATE_ENV];
  if (!stateFile || !fs.existsSync(stateFile)) return;
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as RunState;
  if (state.status === 'running') await stopCrdServerDir(state.server.dir);
  fs.rmSync(stateFile, { force: true });
  delete process.env[STATE_ENV];
}

function runState(): RunState | undefined {
  const stateFile = process.env[STATE_ENV];
  return stateFile && fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as RunState) : undefined;
}

/** The suite for a missing ../shared: a failure under CI=true, else a skip that says why. */
function describeWithoutShared(suite: string, needs: string): void {
  const reason = `${suite}: skipped: ${START_SCRIPT} not found (../shared is not beside the repository at ${SHARED_DIR}); ${needs}`;
  if (inCi()) {
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

/** `describe` for a suite that reads ../shared but needs no server (see the top of this file for a missing ../shared). */
export function describeWithShared(suite: string, needs: string, body: () => void): void {
  if (!sharedAvailable()) return describeWithoutShared(suite, needs);
  describe(suite, body);
}

/**
 * `describe` for a suite that needs the crd-server; `body` gets the server through a function
 * (it is connected in beforeAll). See the top of this file for what happens when it is missing.
 */
export function describeWithCrdServer(suite: string, needs: string, body: (server: () => CrdServer) => void): void {
  if (!sharedAvailable()) return describeWithoutShared(suite, needs);
  const state = runState();
  if (state?.status === 'failed') {
    // The server's log tails were printed once by the global setup; the failure carries the summary.
    const summary = state.message.split('\n--- ')[0];
    describe(suite, () => {
      test('the crd-server starts (it did not, so the tests of this suite did not run)', () => {
        throw new Error(`${summary}\n(the server's log tails are printed above, after "crd-server: FAILED TO START")`);
      });
    });
    return;
  }
  describe(suite, () => {
    let server: CrdServer | undefined;
    let own: CrdServerInfo | undefined;
    beforeAll(async () => {
      if (state) {
        server = connectCrdServer(state.server);
        return;
      }
      own = await startCrdServerWithin();
      server = connectCrdServer(own);
    }, START_BUDGET_MS + 30_000);
    afterAll(async () => {
      server?.agent.destroy();
      if (own) await stopCrdServerDir(own.dir);
    }, 30_000);
    body(() => {
      if (!server) throw new Error('crd-server is not running (see the error of beforeAll)');
      return server;
    });
  });
}
