/**
 * Changes the API server would refuse, in a Pulumi program: the program's previous-state guard
 * (a dynamic resource) stores its HostedClusters and NodePools; on the next preview the engine
 * passes the guard's provider what it stored (`olds`) with the new inputs, and its `check` fails
 * the preview with the way forward. Under mocks the engine does not call providers, so the inputs
 * the guard registers are fed to its provider's `check` here, as the engine would.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { strictMocks, valueOf } from './strict-mocks';
import type { HostedClusterProps } from '../../lib';
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

const workersInPlace: HostedClusterProps = { ...kubevirtCluster, nodePools: kubevirtCluster.nodePools!.map((p, i) => (i === 0 ? { ...p, upgradeType: 'InPlace' as const } : p)) };

/** The provider the dynamic-provider host makes of a guard's `__provider` module (as the host loads it, with require-from-string). */
function hostProvider(module: unknown): pulumi.dynamic.ResourceProvider {
  expect(typeof module).toBe('string');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const requireFromString = require('require-from-string') as (code: string) => { handler(): pulumi.dynamic.ResourceProvider };
  return requireFromString(module as string).handler();
}

/** The inputs the bundle's guard registers, as the engine stores them. */
async function guardInputs(props: HostedClusterProps): Promise<Record<string, unknown>> {
  const { __provider, ...inputs } = await guardRegistration(props);
  expect(typeof __provider).toBe('string');
  return inputs;
}

/** The guard's whole registration: its inputs with the serialized provider (`__provider`). */
async function guardRegistration(props: HostedClusterProps): Promise<Record<string, unknown>> {
  await mocked.newProgram();
  registrations.length = 0;
  const bundle = new hcp.HostedClusterBundle('kv', { ...props, options: EXAMPLE_OPTIONS });
  await Promise.all([bundle, ...bundle.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  const registration = registrations.find((r) => r.name === 'hcp-previous-state')!;
  expect(registration.type).toBe('pulumi-nodejs:dynamic:Resource');
  return JSON.parse(JSON.stringify(registration.inputs)) as Record<string, unknown>;
}

const REFUSED =
  'error NodePool kubevirt-clusters/kv-dev-workers nodePools[0].upgradeType (spec.management.upgradeType): UpgradeType is immutable: ' +
  'it was "Replace" in the previous output and is "InPlace" now, so the API server would refuse the update (rule `self == oldSelf`). ' +
  'Fix: Keep nodePools[0].upgradeType as it was ("Replace"). To change it, add a NodePool with another name and upgradeType "InPlace", ' +
  'move the workloads to it, then remove this NodePool.';

test('the guard holds the HostedCluster and NodePools with the props path of each field a rule can name', async () => {
  const inputs = await guardInputs(kubevirtCluster);
  // One JSON string: the default provider's objects (the bundle was given none).
  const stored = guard.unpackGuardedObjects(inputs.objects) as Record<string, unknown>;
  expect(Object.keys(stored)).toEqual(['default']);
  const objects = stored.default as Array<{ object: { kind: string; metadata: { name: string } }; propsPaths: Record<string, unknown> }>;
  expect(objects.map((o) => `${o.object.kind} ${o.object.metadata.name}`)).toEqual(['HostedCluster kv-dev', 'NodePool kv-dev-workers', 'NodePool kv-dev-infra']);
  expect(objects[1].propsPaths['spec.management.upgradeType']).toEqual({ path: 'nodePools[0].upgradeType', renderedPath: 'spec.management.upgradeType' });
  expect(objects[0].propsPaths['spec.etcd.managed.storage.persistentVolume.storageClassName']).toEqual({
    path: 'etcd.storageClassName',
    renderedPath: 'spec.etcd.managed.storage.persistentVolume.storageClassName',
  });
});

test("the provider's check refuses a changed upgradeType against what the engine stored, with the way forward", async () => {
  const [before, after] = [await guardInputs(kubevirtCluster), await guardInputs(workersInPlace)];
  expect(guard.previousStateFailures(before, after)).toEqual([{ property: '', reason: REFUSED }]);
  // As the engine calls it: the provider loads the check by package name (here the package itself, built).
  const provider = hostProvider((await guardRegistration(kubevirtCluster)).__provider);
  expect(await provider.check!(before, after)).toEqual({ inputs: after, failures: [{ property: '', reason: REFUSED }] });
  // Unchanged, or a first deployment (nothing stored): nothing refused.
  expect(await provider.check!(before, before)).toEqual({ inputs: before, failures: [] });
  expect(guard.previousStateFailures({}, after)).toEqual([]);
  expect(guard.previousStateFailures(undefined, { objects: 'junk' })).toEqual([]);
});

test("the provider's check also refuses an upgrade the operators would refuse (the upgrade rules are a previous-state check)", async () => {
  const release = (version: string): HostedClusterProps => ({ ...kubevirtCluster, release: { image: `quay.io/openshift-release-dev/ocp-release:${version}-multi` } });
  const [before, after] = [await guardInputs(release('4.14.30')), await guardInputs(release('4.16.4'))];
  const TWO_MINORS =
    'error HostedCluster kubevirt-clusters/kv-dev spec.release.image: the control plane would move from 4.14.30 to 4.16.4, 2 minor releases in one step: ' +
    'a control plane moves one minor release per upgrade (the Kubernetes version skew policy). Fix: Upgrade to a 4.15 release first; once the HostedCluster ' +
    'reports it, move on to 4.16.4. NodePools may stay where they are meanwhile (up to 3 minor releases behind).';
  const provider = hostProvider((await guardRegistration(kubevirtCluster)).__provider);
  expect(await provider.check!(before, after)).toEqual({ inputs: after, failures: [{ property: '', reason: TWO_MINORS }] });
  // Its warnings (NodePools that move with their control plane) are findings, not failures.
  expect(guard.checkGuardInputs(before, after).map((i) => `${i.severity} ${i.object}`)).toEqual([
    'error HostedCluster kubevirt-clusters/kv-dev',
    'warning NodePool kubevirt-clusters/kv-dev-workers',
    'warning NodePool kubevirt-clusters/kv-dev-infra',
  ]);
  // One minor at a time passes.
  expect(guard.previousStateFailures(await guardInputs(release('4.15.20')), after)).toEqual([]);
});

test("the provider's module loads the check by package name, not copied into the state; its diff ignores the module's text", async () => {
  const { __provider: module, ...inputs } = await guardRegistration(kubevirtCluster);
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
  expect((inputs.objects as string).length).toBeLessThan(json.length / 2);
  expect(await provider.create!(inputs)).toEqual({ id: 'previous-state', outs: inputs });
});

test('with nothing stored (a first deployment) the check finds nothing without loading the library; with something stored it needs it', async () => {
  const registration = await guardRegistration(kubevirtCluster);
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
    expect(checkThere({})).toBe('[]');
    expect(checkThere({ __provider: 'an older text' })).toBe('[]');
    expect(checkThere(registration)).toMatch(/^the previous-state guard cannot load hcp-constructs\/pulumi from /);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('in the real dynamic-provider host started in the repository root (as `pulumi up` there starts it), the guard loads the built package and refuses the change', async () => {
  // The engine runs the serialized provider in a separate process in the program's folder, where a
  // bare require of the package finds nothing; this is what failed every `pulumi up` of Pulumi.yaml.
  const [before, after] = [await guardRegistration(kubevirtCluster), await guardRegistration(workersInPlace)];
  const host = await startDynamicProviderHost(path.resolve(__dirname, '../..'));
  try {
    const urn = 'urn:pulumi:dev::hcp-constructs-example::pulumi-nodejs:dynamic:Resource::hcp-previous-state';
    expect(await host.check(urn, {}, before)).toEqual({ failures: [] }); // the first deployment
    expect(await host.check(urn, before, before)).toEqual({ failures: [] });
    expect(await host.check(urn, before, after)).toEqual({ failures: [{ property: '', reason: REFUSED }] });
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
  await Promise.all(bundles.flatMap((b) => [b, ...b.phases.flatMap((p) => p.resources)]).map((r) => valueOf(r.urn)));
  const late = new hcp.HostedClusterBundle('kv-late', { ...kubevirtCluster, name: 'kv-late', namespace: 'late', options: EXAMPLE_OPTIONS });
  await Promise.all([late, ...late.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  const guards = registrations.filter((r) => r.type === 'pulumi-nodejs:dynamic:Resource');
  expect(guards.map((r) => r.name)).toEqual(['hcp-previous-state', 'kv-late-previous-state']);
  const providers = guard.unpackGuardedObjects(guards[0].inputs.objects) as Record<string, Array<{ object: { kind: string } }>>;
  expect(Object.keys(providers)).toEqual(['default', 'urn:pulumi:test::hcp-constructs::pulumi:providers:kubernetes::east']);
  for (const objects of Object.values(providers)) expect(objects.map((o) => o.object.kind)).toEqual(['HostedCluster', 'NodePool', 'NodePool']);
  expect(Object.values(guard.unpackGuardedObjects(guards[1].inputs.objects) as Record<string, unknown[]>).map((o) => o.length)).toEqual([3]);
  // A change on one provider is judged against what that provider had: the east cluster's pools moved in place, refused there only.
  type Stored = Record<string, Array<{ object: { spec: { management: { upgradeType: string } } } }>>;
  const changed = guard.unpackGuardedObjects(guards[0].inputs.objects) as Stored;
  changed['urn:pulumi:test::hcp-constructs::pulumi:providers:kubernetes::east'][1].object.spec.management.upgradeType = 'InPlace';
  const stored = { objects: guards[0].inputs.objects };
  expect(guard.previousStateFailures(stored, { objects: JSON.stringify(changed) }).map((f) => f.reason.slice(0, 50))).toEqual([REFUSED.slice(0, 50)]);
  expect(guard.previousStateFailures(stored, stored)).toEqual([]);
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
  const bundleRegistrations = async () => {
    await mocked.newProgram();
    registrations.length = 0;
    const bundle = new hcp.HostedClusterBundle('kv', { ...kubevirtCluster, options: EXAMPLE_OPTIONS });
    await Promise.all([bundle, ...bundle.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
    return registrations;
  };

  test('false: no guard is registered, and every object of the bundle still is', async () => {
    const guarded = (await bundleRegistrations()).map((r) => r.type);
    await withSetting('false', async () => {
      const unguarded = (await bundleRegistrations()).map((r) => r.type);
      expect(unguarded).not.toContain('pulumi-nodejs:dynamic:Resource');
      expect(guarded.filter((t) => t !== 'pulumi-nodejs:dynamic:Resource').sort()).toEqual([...unguarded].sort());
    });
    expect(guarded.filter((t) => t === 'pulumi-nodejs:dynamic:Resource')).toHaveLength(1);
  });

  test('true keeps it; any other value fails the component before it registers, naming the setting', async () => {
    await withSetting('true', async () => {
      expect((await bundleRegistrations()).map((r) => r.name)).toContain('hcp-previous-state');
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
