/** What an App holds is one record (AppState), reached from any construct of the App and from nothing else. */
import * as fs from 'fs';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { HostedClusterBundle, ManagementCluster } from '../../lib/cdk8s';
import { appState } from '../../lib/cdk8s/engine/app-state';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { synthInMemory } from '../../lib/cdk8s/engine/synth';
import { EXAMPLE_MANAGEMENT_CLUSTER, kubevirtCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';


const options = { supportedVersions: SUPPORTED_VERSIONS };

test('every construct of an App reaches the same state; another App has its own', () => {
  const app = Testing.app();
  const deep = new Construct(new Chart(app, 'a'), 'deep');
  expect(appState(deep)).toBe(appState(app));
  expect(appState(Testing.app())).not.toBe(appState(app));
});

test('the state holds the plan, where each ApiObject goes, the findings and the reports of its constructs', () => {
  const app = Testing.app();
  const bundle = new HostedClusterBundle(new Chart(app, 'kv'), 'cluster', { ...kubevirtCluster, options });
  const bad = new HostedClusterBundle(new Chart(app, 'bad'), 'cluster', { ...kubevirtCluster, name: 'Not A Name', options });
  const mc = new ManagementCluster(new Chart(app, 'mc'), 'mc', { ...EXAMPLE_MANAGEMENT_CLUSTER, capacity: { workers: [{ count: 3, vCPU: 32, memoryGiB: 128 }] } });
  const state = appState(app);
  expect(mc.issues.filter((i) => i.severity === 'error')).toEqual([]);
  expect(state.plan.objects.filter((p) => p.object.kind === 'HostedCluster').map((p) => p.object.metadata.name)).toEqual([bundle.clusterName]);
  expect(bundle.apiObjects.every((o) => state.planned.has(o))).toBe(true);
  expect(state.findings.get(bad)?.().some((i) => i.severity === 'error')).toBe(true);
  expect(collectIssues(app)).toEqual(expect.arrayContaining([...bad.issues]));
  expect([...state.capacitySettings.keys()]).toEqual(['management']);
  // An App that cdk8s's own app.synth() writes was not built by the library's synth.
  expect(state.synth).toBeUndefined();
});

test('the synth that builds an App records itself in the state (no previous output for an in-memory synth)', () => {
  let seen: ReturnType<typeof appState>['synth'];
  synthInMemory((app) => {
    seen = appState(app).synth;
    expect(appState(app).previousOutputDir).toBeUndefined();
  });
  expect(seen).toEqual(expect.objectContaining({ previousDir: undefined }));
});

test('no other per-App state in lib/cdk8s: one WeakMap (the App to its state), no symbols stamped on constructs, no module-level let', () => {
  const dir = path.resolve(__dirname, '../../lib/cdk8s');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const found = (pattern: RegExp) => files.filter((f) => pattern.test(fs.readFileSync(path.join(dir, f), 'utf8'))).map((f) => f.split(path.sep).join('/'));
  expect(found(/new WeakMap\b/)).toEqual(['engine/app-state.ts']);
  expect(found(/defineProperty\([^)]*Symbol|\[[A-Z_]+\]\s*=|Symbol\.for\('hcp-constructs\.(target|folder|phase|issues)'\)/)).toEqual([]);
  expect(found(/^let /m)).toEqual([]);
});
