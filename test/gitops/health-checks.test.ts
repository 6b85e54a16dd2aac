/**
 * Runs the Argo CD format test cases under testdata/<group>_<kind>/ through the real Lua 5.1
 * interpreter (the Argo CD check) and through a CEL evaluator following Flux's rules (the Flux
 * expressions), both rendered from the same decision table.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { isCelError, run } from '@bufbuild/cel';
import * as YAML from 'yaml';
import {
  argoCdConfigMapData,
  argoCdHealthChecks,
  fluxHealthCheckExprs,
  healthTables,
  HealthTable,
  validateHealthTable,
} from '../../lib/gitops';
import { luaString } from '../../lib/gitops/health-lua';

const TESTDATA = path.join(__dirname, 'testdata');

interface HealthCase {
  readonly name: string;
  readonly object: Record<string, unknown>;
  readonly status: string;
  readonly message: string;
}

function loadCases(dir: string): HealthCase[] {
  const spec = YAML.parse(fs.readFileSync(path.join(dir, 'health_test.yaml'), 'utf8')) as {
    tests: Array<{ healthStatus: { status: string; message: string }; inputPath: string }>;
  };
  return spec.tests.map((t) => ({
    name: path.basename(t.inputPath, '.yaml'),
    object: YAML.parse(fs.readFileSync(path.join(dir, t.inputPath), 'utf8')) as Record<string, unknown>,
    status: t.healthStatus.status,
    message: t.healthStatus.message,
  }));
}

/** A Lua table literal for a JSON-like value (what Argo CD hands the check as `obj`). */
function toLua(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return luaString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot render ${value} in Lua`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `{ ${value.map(toLua).join(', ')} }`;
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `[${luaString(k)}] = ${toLua(v)}`);
    return `{ ${fields.join(', ')} }`;
  }
  throw new Error(`cannot render a ${typeof value} in Lua`);
}

/** The value as cel-go sees unstructured JSON: integers are ints (bigint here), not doubles. */
function toCel(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(toCel);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toCel(v)]));
  }
  return value;
}

const luaAvailable = spawnSync('lua5.1', ['-v'], { encoding: 'utf8' }).status === 0;
const ci = process.env.CI === 'true';

function runLua(checkFile: string, object: Record<string, unknown>, workDir: string, name: string): { status: string; message: string } {
  const harness = path.join(workDir, `${name}.lua`);
  fs.writeFileSync(
    harness,
    [
      `obj = ${toLua(object)}`,
      `local check = assert(loadfile(${luaString(checkFile)}))`,
      'local hs = check()',
      'io.write(tostring(hs.status), "\\t", tostring(hs.message))',
      '',
    ].join('\n'),
  );
  const result = spawnSync('lua5.1', [harness], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`lua5.1 failed on ${name}: ${result.stderr}`);
  const tab = result.stdout.indexOf('\t');
  return { status: result.stdout.slice(0, tab), message: result.stdout.slice(tab + 1) };
}

/**
 * Stands in for a top-level field the object lacks. Flux binds the object's top-level fields as
 * variables, and cel-go fails on any use of a variable that is not bound, even inside has();
 * @bufbuild/cel answers has() with false there. A value that fails on every access makes the
 * evaluator fail exactly where cel-go would (and an unevaluated or absorbed branch stays harmless).
 */
function unbound(name: string): object {
  const fail = (): never => {
    throw new Error(`no such attribute: ${name}`);
  };
  return new Proxy({}, { get: fail, has: fail, ownKeys: fail, getOwnPropertyDescriptor: fail });
}

/** Flux's evaluation: inProgress, then failed, then current; InProgress when none is true; Unknown on error. */
function runFlux(exprs: (typeof fluxHealthCheckExprs)[number], object: Record<string, unknown>): string {
  const bindings: Record<string, never> = {};
  for (const name of ['apiVersion', 'kind', 'metadata', 'spec', 'status']) bindings[name] = unbound(name) as never;
  Object.assign(bindings, toCel(object));
  for (const [expr, status] of [
    [exprs.inProgress, 'InProgress'],
    [exprs.failed, 'Failed'],
    [exprs.current, 'Current'],
  ] as const) {
    if (expr === undefined) continue;
    let result: unknown;
    try {
      result = run(expr, bindings);
    } catch {
      return 'Unknown';
    }
    if (isCelError(result) || typeof result !== 'boolean') return 'Unknown';
    if (result) return status;
  }
  return 'InProgress';
}

/** What Flux should report for an Argo CD verdict (Flux cannot see a missing top-level `status`: evaluation error). */
function expectedFlux(c: HealthCase): string {
  if (!('status' in c.object)) return 'Unknown';
  return { Healthy: 'Current', Suspended: 'Current', Progressing: 'InProgress', Degraded: 'Failed' }[c.status] ?? 'Unknown';
}

const tablesByDir = new Map<string, HealthTable>(healthTables.map((t) => [`${t.group}_${t.kind}`, t]));
const dirs = fs.readdirSync(TESTDATA).filter((d) => fs.statSync(path.join(TESTDATA, d)).isDirectory()).sort();

describe('GitOps health checks', () => {
  const rows: string[][] = [];
  let workDir: string;

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-health-'));
    if (!luaAvailable && !ci) {
      console.warn('lua5.1 not found: skipping the Argo CD (Lua) half of the health check cases (apt-get install -y lua5.1)');
    }
  });

  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
    if (rows.length > 0) {
      const header = ['kind', 'case', 'expected', 'Lua got', 'expected Flux', 'CEL got'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
      const line = (r: string[]) => `| ${r.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
      console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
    }
  });

  it('has test data for every table and a table for every test data folder', () => {
    expect(dirs).toEqual([...tablesByDir.keys()].sort());
  });

  it('when CI=true, lua5.1 is installed', () => {
    if (ci) expect(luaAvailable).toBe(true);
  });

  for (const dir of dirs) {
    const cases = loadCases(path.join(TESTDATA, dir));
    const table = tablesByDir.get(dir);

    describe(dir, () => {
      it('covers every verdict of its table, with a case per rule and at most 12 needed', () => {
        expect(cases.length).toBeGreaterThanOrEqual(Math.min(12, table!.rules.length + 2));
        expect(new Set(cases.map((c) => c.status))).toEqual(new Set(table!.rules.map((r) => r.status)));
      });

      it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
        expect(table).toBeDefined();
        const check = argoCdHealthChecks.find((h) => h.group === table!.group && h.kind === table!.kind)!;
        const exprs = fluxHealthCheckExprs.find((e) => e.apiVersion === `${table!.group}/${table!.version}` && e.kind === table!.kind)!;

        let luaGot = 'skipped';
        if (luaAvailable) {
          const checkFile = path.join(workDir, `${dir}.health.lua`);
          if (!fs.existsSync(checkFile)) fs.writeFileSync(checkFile, check.check);
          const got = runLua(checkFile, c.object, workDir, `${dir}-${c.name}`);
          luaGot = `${got.status}: ${got.message}`;
          expect(got).toEqual({ status: c.status, message: c.message });
          if (got.status !== 'Healthy') expect(got.message).not.toBe('');
        }
        const celGot = runFlux(exprs, c.object);
        rows.push([table!.kind, c.name, `${c.status}: ${c.message}`, luaGot, expectedFlux(c), celGot]);
        expect(celGot).toBe(expectedFlux(c));
      });
    });
  }

  it('renders argocd-cm keys per group and kind', () => {
    const data = argoCdConfigMapData();
    expect(Object.keys(data).sort()).toEqual([
      'resource.customizations.health.addon.open-cluster-management.io_ManagedClusterAddOn',
      'resource.customizations.health.agent-install.openshift.io_AgentServiceConfig',
      'resource.customizations.health.agent-install.openshift.io_InfraEnv',
      'resource.customizations.health.cloudcredential.openshift.io_CredentialsRequest',
      'resource.customizations.health.cluster.open-cluster-management.io_ManagedCluster',
      'resource.customizations.health.extensions.hive.openshift.io_ImageClusterInstall',
      'resource.customizations.health.hco.kubevirt.io_HyperConverged',
      'resource.customizations.health.hypershift.openshift.io_HostedCluster',
      'resource.customizations.health.hypershift.openshift.io_NodePool',
      'resource.customizations.health.machineconfiguration.openshift.io_KubeletConfig',
      'resource.customizations.health.metal3.io_BareMetalHost',
      'resource.customizations.health.metallb.io_MetalLB',
      'resource.customizations.health.multicluster.openshift.io_MultiClusterEngine',
      'resource.customizations.health.oadp.openshift.io_DataProtectionApplication',
      'resource.customizations.health.operator.openshift.io_IngressController',
      'resource.customizations.health.operators.coreos.com_CatalogSource',
      'resource.customizations.health.velero.io_Backup',
      'resource.customizations.health.velero.io_Restore',
      'resource.customizations.health.velero.io_Schedule',
    ]);
    expect(data['resource.customizations.health.hypershift.openshift.io_NodePool']).toBe(argoCdHealthChecks[1].check);
    expect(() => argoCdConfigMapData([argoCdHealthChecks[0], argoCdHealthChecks[0]])).toThrow(/two health checks/);
  });

  it('gives Flux entries with the served apiVersion and no inProgress (Flux defaults to InProgress)', () => {
    expect(fluxHealthCheckExprs.map((e) => [e.apiVersion, e.kind, e.inProgress, typeof e.failed, typeof e.current])).toEqual([
      ['hypershift.openshift.io/v1beta1', 'HostedCluster', undefined, 'string', 'string'],
      ['hypershift.openshift.io/v1beta1', 'NodePool', undefined, 'string', 'string'],
      ['multicluster.openshift.io/v1', 'MultiClusterEngine', undefined, 'string', 'string'],
      ['metallb.io/v1beta1', 'MetalLB', undefined, 'string', 'string'],
      ['hco.kubevirt.io/v1beta1', 'HyperConverged', undefined, 'string', 'string'],
      ['agent-install.openshift.io/v1beta1', 'AgentServiceConfig', undefined, 'string', 'string'],
      ['agent-install.openshift.io/v1beta1', 'InfraEnv', undefined, 'string', 'string'],
      ['metal3.io/v1alpha1', 'BareMetalHost', undefined, 'string', 'string'],
      ['machineconfiguration.openshift.io/v1', 'KubeletConfig', undefined, 'string', 'string'],
      ['operator.openshift.io/v1', 'IngressController', undefined, 'string', 'string'],
      // A catalog is never judged Failed: a bad image and a slow start look the same.
      ['operators.coreos.com/v1alpha1', 'CatalogSource', undefined, 'undefined', 'string'],
      ['cloudcredential.openshift.io/v1', 'CredentialsRequest', undefined, 'string', 'string'],
      ['oadp.openshift.io/v1alpha1', 'DataProtectionApplication', undefined, 'string', 'string'],
      ['velero.io/v1', 'Backup', undefined, 'string', 'string'],
      ['velero.io/v1', 'Schedule', undefined, 'string', 'string'],
      ['velero.io/v1', 'Restore', undefined, 'string', 'string'],
      ['cluster.open-cluster-management.io/v1', 'ManagedCluster', undefined, 'string', 'string'],
      ['addon.open-cluster-management.io/v1alpha1', 'ManagedClusterAddOn', undefined, 'string', 'string'],
      ['extensions.hive.openshift.io/v1alpha1', 'ImageClusterInstall', undefined, 'string', 'string'],
    ]);
  });

  it('rejects malformed tables', () => {
    const base = healthTables[0];
    expect(() => validateHealthTable({ ...base, rules: [] })).toThrow(/no rules/);
    expect(() => validateHealthTable({ ...base, rules: base.rules.slice(0, -1) })).toThrow(/must be an 'always' rule/);
    expect(() => validateHealthTable({ ...base, rules: [base.rules[base.rules.length - 1], ...base.rules] })).toThrow(/cannot be an 'always' rule/);
    expect(() => validateHealthTable({ ...base, rules: [{ ...base.rules[base.rules.length - 1], message: [] }] })).toThrow(/empty message/);
  });
});
