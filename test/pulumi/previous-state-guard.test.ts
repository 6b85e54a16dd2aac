/**
 * The previous-state guard, for the checks that need more than one object: a Restore of a cluster
 * the previous deployment had. The program's guard (a dynamic resource) stores the HostedCluster
 * of each protected cluster (the backup and restore components give it theirs) and the Restores;
 * on the next preview the engine passes the guard's provider what it stored (`olds`) with the new
 * inputs, and its `check` fails the preview with the way forward. Under mocks the engine does not
 * call providers, so the inputs the guard registers are fed to its provider's `check` here, as the
 * engine would. The one-object checks run in resource hooks (previous-state-hook.test.ts).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { strictMocks, valueOf } from './strict-mocks';
import { EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { startDynamicProviderHost } from './dynamic-provider-host';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
let guard: typeof import('../../lib/pulumi/previous-state-guard');
beforeAll(async () => {
  hcp = await mocked.load();
  guard = await import('../../lib/pulumi/previous-state-guard');
});

/** The provider the dynamic-provider host makes of a guard's `__provider` module (as the host loads it, with require-from-string). */
function hostProvider(module: unknown): pulumi.dynamic.ResourceProvider {
  expect(typeof module).toBe('string');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const requireFromString = require('require-from-string') as (code: string) => { handler(): pulumi.dynamic.ResourceProvider };
  return requireFromString(module as string).handler();
}

type Restore = 'none' | 'restore' | 'restore, cluster gone';

/** A program of the KubeVirt bundle with a backup schedule, and a restore set of it or not; its registrations. */
async function program(restore: Restore, withBackup = true): Promise<typeof registrations> {
  await mocked.newProgram();
  registrations.length = 0;
  const bundle = new hcp.HostedClusterBundle('kv', { ...kubevirtCluster, options: EXAMPLE_OPTIONS });
  const parts: pulumi.ComponentResource[] = [bundle];
  if (withBackup) parts.push(new hcp.HostedClusterBackup('kv-backup', { cluster: bundle, schedule: '0 2 * * *' }));
  if (restore !== 'none') parts.push(new hcp.HostedClusterRestore('kv-restore', { cluster: bundle, backupName: 'nightly-1', ...(restore === 'restore' ? {} : { clusterGone: true }) }));
  await Promise.all(parts.map((p) => valueOf(p.urn)));
  await registered();
  return registrations;
}

/** Once the mocks have seen every registration of the program (the guard registers once its inputs are sealed, a turn later). */
async function registered(): Promise<void> {
  for (let seen = -1; seen !== registrations.length; ) {
    seen = registrations.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The guard's whole registration in `program(restore)`: its inputs with the serialized provider (`__provider`). */
async function guardRegistration(restore: Restore): Promise<Record<string, unknown>> {
  const registration = (await program(restore)).find((r) => r.name === 'hcp-previous-state')!;
  expect(registration.type).toBe('pulumi-nodejs:dynamic:Resource');
  return JSON.parse(JSON.stringify(registration.inputs)) as Record<string, unknown>;
}

/** The guard's inputs, as the engine stores them. */
async function guardInputs(restore: Restore): Promise<Record<string, unknown>> {
  const { __provider, ...inputs } = await guardRegistration(restore);
  expect(typeof __provider).toBe('string');
  return inputs;
}

const REFUSED =
  'error HostedClusterRestore kubevirt-clusters/kv-dev (component kv-restore) clusterGone: the previous output applied HostedCluster kubevirt-clusters/kv-dev, ' +
  'and this one restores it from backup nightly-1 without the cluster having been destroyed in between;';

test('a program of bundles alone has no guard; a backup schedule stores its cluster\'s HostedCluster in one', async () => {
  expect((await program('none', false)).filter((r) => r.type === 'pulumi-nodejs:dynamic:Resource')).toEqual([]);
  const stored = guard.unpackGuardedObjects((await guardInputs('none')).objects) as Record<string, Array<{ object: { kind: string; metadata: { name: string } } }>>;
  expect(Object.keys(stored)).toEqual(['default']);
  expect(stored.default.map((o) => `${o.object.kind} ${o.object.metadata.name}`)).toEqual(['HostedCluster kv-dev']);
  // Its identity only: the restore check looks a cluster up, and a spec would change the guard whenever the cluster changes.
  expect(Object.keys(stored.default[0].object).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
  expect(Object.keys(stored.default[0].object.metadata).sort()).toEqual(expect.arrayContaining(['name', 'namespace']));
  const withRestore = guard.unpackGuardedObjects((await guardInputs('restore')).objects) as typeof stored;
  expect(withRestore.default.find((o) => o.object.kind === 'Restore')!.object).toMatchObject({ spec: { backupName: 'nightly-1' } });
});

test('the guard runs the restore check alone, which reads no stored spec: a check that needs more must keep it (SPEC_KEPT_KINDS)', () => {
  expect([...guard.guardKinds()].sort()).toEqual(['HostedCluster', 'Restore']);
});

test("a Restore of a cluster the guard stored is refused with the way forward; clusterGone lets it through", async () => {
  const before = await guardInputs('none');
  const after = await guardInputs('restore');
  const failures = guard.previousStateFailures(before, after);
  expect(failures.map((f) => f.reason.slice(0, REFUSED.length))).toEqual([REFUSED]);
  expect(failures[0].reason).toContain('Fix: Destroy the cluster first');
  // As the engine calls it: the provider loads the check by package name (here the package itself, built).
  const provider = hostProvider((await guardRegistration('none')).__provider);
  expect(await provider.check!(before, after)).toEqual({ inputs: after, failures });
  expect(await provider.check!(before, before)).toEqual({ inputs: before, failures: [] });
  expect(guard.previousStateFailures(before, await guardInputs('restore, cluster gone'))).toEqual([]);
  // Once the Restore is stored, it is no longer new.
  expect(guard.previousStateFailures(after, after)).toEqual([]);
});

test('with nothing stored (a new guard), a Restore of a cluster planned beside it is refused unless clusterGone: live and destroyed look the same', async () => {
  const after = await guardInputs('restore');
  expect(guard.previousStateFailures({}, after).map((f) => f.reason)).toEqual([
    expect.stringMatching(/^error HostedClusterRestore kubevirt-clusters\/kv-dev \(component kv-restore\) clusterGone: nothing is stored yet about HostedCluster kubevirt-clusters\/kv-dev .*Fix: If the cluster is gone .*set clusterGone: true\./),
  ]);
  expect(guard.previousStateFailures({}, await guardInputs('restore, cluster gone'))).toEqual([]);
  expect(guard.previousStateFailures({}, await guardInputs('none'))).toEqual([]);
  expect(guard.previousStateFailures(undefined, { objects: 'junk' })).toEqual([]);
});

test("the provider's module loads the check by package name, not copied into the state; its diff ignores the module's text", async () => {
  const { __provider: module, ...inputs } = await guardRegistration('restore');
  expect(module).toContain("require('hcp-constructs/pulumi')");
  expect(module).toContain('createRequire');
  expect(module).not.toContain('transitionRules');
  const provider = hostProvider(module);
  expect(await provider.diff!('previous-state', { ...inputs, __provider: 'an older text' }, { ...inputs, __provider: module })).toMatchObject({ changes: false });
  expect(await provider.diff!('previous-state', inputs, { objects: '{}' })).toMatchObject({ changes: true });
  // Compressed, the objects are compared by what they hold: another zlib's bytes for the same JSON are no change.
  const json = JSON.stringify(guard.unpackGuardedObjects(inputs.objects));
  const otherBytes = zlib.gzipSync(json, { level: 1 }).toString('base64');
  expect(otherBytes).not.toBe(inputs.objects);
  expect(await provider.diff!('previous-state', inputs, { objects: otherBytes })).toMatchObject({ changes: false });
  // The plain JSON earlier versions stored is still judged, and is no change against the same objects compressed.
  expect(guard.unpackGuardedObjects(json)).toEqual(guard.unpackGuardedObjects(inputs.objects));
  expect(await provider.diff!('previous-state', { objects: json }, inputs)).toMatchObject({ changes: false });
  expect(await provider.create!(inputs)).toEqual({ id: 'previous-state', outs: inputs });
});

test('the guard judges its first deployment too (a Restore with no record), so it loads the library even with nothing stored', async () => {
  const registration = await guardRegistration('restore');
  // The provider in a process of its own, in a folder where hcp-constructs cannot be found.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-guard-'));
  const checkThere = (olds: Record<string, unknown>): string => {
    const script =
      `const provider = require(${JSON.stringify(require.resolve('require-from-string'))})(process.env.MODULE).handler();` +
      `provider.check(JSON.parse(process.env.OLDS), JSON.parse(process.env.NEWS)).then((r) => console.log(JSON.stringify(r.failures)), (e) => console.log(String(e.message)));`;
    const env = { PATH: process.env.PATH, MODULE: registration.__provider as string, OLDS: JSON.stringify(olds), NEWS: JSON.stringify(registration) };
    return execFileSync(process.execPath, ['-e', script], { cwd: elsewhere, env, encoding: 'utf8' }).trim();
  };
  try {
    expect(checkThere({})).toMatch(/^the previous-state guard cannot load hcp-constructs\/pulumi from /);
    expect(checkThere(registration)).toMatch(/^the previous-state guard cannot load hcp-constructs\/pulumi from /);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('in the real dynamic-provider host started in the repository root (as `pulumi up` there starts it), the guard loads the built package and refuses the restore', async () => {
  // The engine runs the serialized provider in a separate process in the program's folder, where a
  // bare require of the package finds nothing; this is what failed every `pulumi up` of Pulumi.yaml.
  const [before, after] = [await guardRegistration('none'), await guardRegistration('restore')];
  const host = await startDynamicProviderHost(path.resolve(__dirname, '../..'));
  try {
    const urn = 'urn:pulumi:dev::hcp-constructs-example::pulumi-nodejs:dynamic:Resource::hcp-previous-state';
    expect(await host.check(urn, {}, before)).toEqual({ failures: [] }); // the first deployment, no Restore
    expect(await host.check(urn, before, before)).toEqual({ failures: [] });
    const { failures } = await host.check(urn, before, after);
    expect(failures.map((f) => f.reason.slice(0, REFUSED.length))).toEqual([REFUSED]);
  } finally {
    host.stop();
  }
});

test("one guard serves the program's components, grouped by provider; a component made after an await gets its own", async () => {
  await mocked.newProgram();
  registrations.length = 0;
  const east = new k8s.Provider('east', { kubeconfig: 'apiVersion: v1\nkind: Config\n' });
  // The same cluster on two management clusters: two providers, so no collision in the guard.
  const bundles = [
    new hcp.HostedClusterBundle('kv', { ...kubevirtCluster, options: EXAMPLE_OPTIONS }),
    new hcp.HostedClusterBundle('kv-east', { ...kubevirtCluster, options: EXAMPLE_OPTIONS }, { provider: east }),
  ];
  const backups = bundles.map((bundle) => new hcp.HostedClusterBackup(`${bundle.plan.hostedCluster.metadata.name}-${bundle === bundles[0] ? 'west' : 'east'}-backup`, { cluster: bundle, schedule: '0 2 * * *' }));
  await Promise.all([...bundles, ...backups].map((c) => valueOf(c.urn)));
  await registered();
  const late = new hcp.HostedClusterBundle('kv-late', { ...kubevirtCluster, name: 'kv-late', namespace: 'late', options: EXAMPLE_OPTIONS });
  const lateBackup = new hcp.HostedClusterBackup('kv-late-backup', { cluster: late, schedule: '0 2 * * *' });
  await Promise.all([late, lateBackup].map((c) => valueOf(c.urn)));
  await registered();
  const guards = registrations.filter((r) => r.type === 'pulumi-nodejs:dynamic:Resource');
  expect(guards.map((r) => r.name)).toEqual(['hcp-previous-state', 'kv-late-backup-previous-state']);
  const providers = guard.unpackGuardedObjects(guards[0].inputs.objects) as Record<string, Array<{ object: { kind: string } }>>;
  expect(Object.keys(providers)).toEqual(['default', 'urn:pulumi:test::hcp-constructs::pulumi:providers:kubernetes::east']);
  for (const objects of Object.values(providers)) expect(objects.map((o) => o.object.kind)).toEqual(['HostedCluster']);
  expect(Object.values(guard.unpackGuardedObjects(guards[1].inputs.objects) as Record<string, unknown[]>).map((o) => o.length)).toEqual([1]);
});

describe('the stack setting hcp-constructs:previousStateGuard', () => {
  const key = 'hcp-constructs:previousStateGuard';
  const withSetting = async (value: string, run: () => Promise<void>) => {
    const saved = pulumi.runtime.allConfig();
    pulumi.runtime.setConfig(key, value);
    try {
      await run();
    } finally {
      pulumi.runtime.setAllConfig(saved);
    }
  };
  const types = async () => (await program('none')).map((r) => r.type);

  test('false: no guard is registered (nor, under an engine, a hook), and every object of the program still is', async () => {
    const guarded = await types();
    await withSetting('false', async () => {
      const unguarded = await types();
      expect(unguarded).not.toContain('pulumi-nodejs:dynamic:Resource');
      expect(guarded.filter((t) => t !== 'pulumi-nodejs:dynamic:Resource').sort()).toEqual([...unguarded].sort());
    });
    expect(guarded.filter((t) => t === 'pulumi-nodejs:dynamic:Resource')).toHaveLength(1);
  });

  test('true keeps it; any other value fails the component before it registers, naming the setting', async () => {
    await withSetting('true', async () => {
      expect((await program('none')).map((r) => r.name)).toContain('hcp-previous-state');
    });
    await withSetting('maybe', async () => {
      await mocked.newProgram();
      registrations.length = 0;
      expect(() => new hcp.HostedClusterBundle('kv', { ...kubevirtCluster, options: EXAMPLE_OPTIONS })).toThrow(
        'hcp-constructs:previousStateGuard: is "maybe", neither true nor false.',
      );
      // Refused before the component registered anything.
      await new Promise((resolve) => setImmediate(resolve));
      expect(registrations).toEqual([]);
    });
  });
});
