/**
 * `hcp-constructs diff --live` against a real kube-apiserver with the HyperShift CRDs: an app's
 * KubeVirt cluster (base-domain passthrough) with a fixed and an autoscaled NodePool, applied
 * server-side as Argo CD does (field manager argocd-controller), the HyperShift operator's writes
 * played by manager hypershift-operator. Each seeded state gives exactly its lines and findings:
 * a clean state none; a hand-edited NodePool one drift; an autoscaled NodePool nothing (the API
 * server refuses to scale it); the move of the hand-edited pool to autoscaling a refused apply
 * whose fix works.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { KUBECTL } from './engine-tools';
import { HYPERSHIFT_CRDS, describeUnlessMissing, missingForCliOnHypershiftServer } from './engine-suite';
import { KubeServer, startKubeServer } from './kube-server';
import { hcp, makeProject, removeProject } from '../cli/cli';

const execFileP = promisify(execFile);
const TIMEOUT = 180_000;

/** The app: pool `workers` has 2 replicas, `autoscaled` 1 to 3; `moved` moves workers to autoscaling and adds pool `extra`. */
function app(moved: boolean): string {
  const pools = moved
    ? "[{ name: 'workers', autoScaling: { min: 2, max: 4 } }, { name: 'autoscaled', autoScaling: { min: 1, max: 3 } }, { name: 'extra', replicas: 1 }]"
    : "[{ name: 'workers', replicas: 2 }, { name: 'autoscaled', autoScaling: { min: 1, max: 3 } }]";
  return `import { App, Chart } from 'cdk8s';
import { HostedClusterBundle } from 'hcp-constructs/cdk8s';

export function define(app: App): void {
  new HostedClusterBundle(new Chart(app, 'kv'), 'cluster', {
    name: 'kv-dev',
    namespace: 'clusters',
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.1-multi' },
    platform: { type: 'KubeVirt', kubevirt: {} },
    controllerAvailabilityPolicy: 'HighlyAvailable',
    pullSecret: { existingSecret: 'pull-secret' },
    secretEncryption: { aescbc: { existingSecret: 'etcd-key' } },
    nodePools: ${pools},
  });
}
`;
}

/** The expected lines of the fields the operator owns once it has reconciled (the clean state). */
const OPERATOR = 'hypershift-operator';
const HC_LEFT = [
  `    left    .metadata.annotations.hypershift.openshift.io/management-platform (${OPERATOR}): expected, the HyperShift operator writes the management cluster's platform type, from its Infrastructure status (reconcileKubevirtPlatformDefaultSettings)`,
  `    left    .metadata.finalizers[="hypershift.openshift.io/finalizer"] (${OPERATOR}): expected, the HyperShift operator writes hypershift.openshift.io/finalizer, and on AWS hypershift.io/aws-oidc-discovery, so that it tears the cluster down before the object goes`,
  `    left    .spec.clusterID (${OPERATOR}): expected, the HyperShift operator writes a random UUID, immutable from then on (defaultClusterIDsIfNeeded)`,
  `    left    .spec.dns.baseDomain (${OPERATOR}): expected, the HyperShift operator writes the infrastructure cluster's apps domain, immutable from then on (reconcileKubevirtPlatformDefaultSettings); the field is required, so the manifest holds an empty string; the apply keeps the live value, not the plan's ""`,
  `    left    .spec.platform.kubevirt.generateID (${OPERATOR}): expected, the HyperShift operator writes 10 random characters naming the infrastructure resources, immutable from then on (reconcileKubevirtPlatformDefaultSettings)`,
];
const POOL_LEFT = `    left    .metadata.finalizers[="hypershift.openshift.io/finalizer"] (${OPERATOR}): expected, the HyperShift operator writes hypershift.openshift.io/finalizer, so that it removes the machines before the object goes (nodepool controller, Reconcile)`;

describeUnlessMissing('diff --live against kube-apiserver (seeded states)', missingForCliOnHypershiftServer(), () => {
  let server: KubeServer;
  let project: string;

  const kubectl = async (args: string[], input?: string) => {
    const child = execFileP(KUBECTL, ['--kubeconfig', server.kubeconfig, ...args], { env: { ...process.env, KUBECACHEDIR: path.join(server.dir, 'kubectl-cache') }, timeout: 60_000 });
    if (input !== undefined) child.child.stdin!.end(input);
    return child;
  };
  const diff = (file: string) => hcp(project, 'diff', file, '--live', '--kubeconfig', server.kubeconfig);
  /** stdout without its first line (it names the server's port). */
  const body = (stdout: string) => stdout.split('\n').slice(1).join('\n');

  beforeAll(async () => {
    server = await startKubeServer({ name: 'live-diff', crds: [HYPERSHIFT_CRDS] });
    project = makeProject();
    fs.writeFileSync(path.join(project, 'app.ts'), app(false));
    fs.writeFileSync(path.join(project, 'moved.ts'), app(true));
    // Delivered as Argo CD delivers it: the synthesized YAML, applied server-side as argocd-controller.
    const synth = hcp(project, 'synth', 'app.ts', '--stdout');
    expect(synth.status).toBe(0);
    await kubectl(['apply', '--server-side', '--field-manager=argocd-controller', '-f', '-'], synth.stdout);
    // The operator's writes (its Update calls, here as merge patches by its manager).
    const hostedCluster = {
      metadata: { finalizers: ['hypershift.openshift.io/finalizer'], annotations: { 'hypershift.openshift.io/management-platform': 'None' } },
      spec: { clusterID: '0f8e2b8c-4c1e-4d7a-9a57-1c2b3d4e5f60', dns: { baseDomain: 'apps.mgmt.example.com' }, platform: { kubevirt: { generateID: 'abcdefghij' } } },
    };
    await kubectl(['patch', 'hostedcluster', 'kv-dev', '-n', 'clusters', '--type=merge', `--field-manager=${OPERATOR}`, '-p', JSON.stringify(hostedCluster)]);
    for (const pool of ['workers', 'autoscaled']) {
      await kubectl(['patch', 'nodepool', pool, '-n', 'clusters', '--type=merge', `--field-manager=${OPERATOR}`, '-p', JSON.stringify({ metadata: { finalizers: ['hypershift.openshift.io/finalizer'] } })]);
    }
    await kubectl(['patch', 'nodepool', 'autoscaled', '-n', 'clusters', '--subresource=status', '--type=merge', `--field-manager=${OPERATOR}`, '-p', '{"status":{"replicas":2}}']);
  }, TIMEOUT);

  afterAll(async () => {
    if (project) removeProject(project);
    await server?.stop();
  }, TIMEOUT);

  test('clean state: nothing to create or change, no drift, no finding; the operator\'s fields are left to it, as the model expects', () => {
    const run = diff('app.ts');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`Live diff of 4 object(s) for the management cluster against ${server.url} (context ${contextOf(server)}), as field manager argocd-controller, by server-side apply dry-run (nothing is written):`);
    expect(body(run.stdout)).toBe(
      [
        '= HostedCluster clusters/kv-dev: unchanged',
        ...HC_LEFT,
        '= NodePool clusters/workers: unchanged',
        POOL_LEFT,
        '= NodePool clusters/autoscaled: unchanged',
        POOL_LEFT,
        '0 to create, 0 to change (0 with drift), 4 unchanged, 0 not compared; 7 field(s) left to other managers, 7 of them where the model expects another controller.',
        '',
      ].join('\n'),
    );
  }, TIMEOUT);

  test('an autoscaled NodePool: nobody may set its replicas (the API server refuses to scale it), so nothing shows', async () => {
    await expect(kubectl(['scale', 'nodepool', 'autoscaled', '-n', 'clusters', '--replicas=5'])).rejects.toThrow(/Both replicas or autoScaling should not be set/);
    const run = diff('app.ts');
    expect(run.status).toBe(0);
    expect(body(run.stdout)).toContain(['= NodePool clusters/autoscaled: unchanged', POOL_LEFT].join('\n'));
    expect(run.stderr).toBe('');
  }, TIMEOUT);

  test('a hand-edited NodePool: exactly one drift, a warning naming the prop; nothing else changes', async () => {
    // `kubectl edit` sends a patch as manager kubectl-edit: the same record in managedFields.
    await kubectl(['patch', 'nodepool', 'workers', '-n', 'clusters', '--type=merge', '--field-manager=kubectl-edit', '-p', '{"spec":{"replicas":5}}']);
    const run = diff('app.ts');
    expect(run.status).toBe(0);
    const lines = body(run.stdout).split('\n');
    expect(lines.slice(lines.indexOf('~ NodePool clusters/workers'), lines.indexOf('= NodePool clusters/autoscaled: unchanged'))).toEqual([
      '~ NodePool clusters/workers',
      '    drift   .spec.replicas: 5, set by kubectl-edit; the plan has 2',
      POOL_LEFT,
    ]);
    expect(lines.filter((l) => /^[+~!]/.test(l))).toEqual(['~ NodePool clusters/workers']);
    expect(lines).toContain('0 to create, 1 to change (1 with drift), 3 unchanged, 0 not compared; 7 field(s) left to other managers, 7 of them where the model expects another controller.');
    expect(run.stderr).toBe(
      '  warning NodePool clusters/workers nodePools[0].replicas: kubectl-edit changed .spec.replicas, a field this app sets, to 5; the plan has 2. ' +
        "Fix: If the new value is wanted, put it in the props; otherwise the next sync of the delivery engine (argocd-controller) takes the field back with force and restores the plan's value.\n",
    );
  }, TIMEOUT);

  test('moving the hand-edited pool to autoscaling: the API server would refuse the apply (exit 1), the fix names the field; after it, the change shows', async () => {
    const refused = diff('moved.ts');
    expect(refused.status).toBe(1);
    const lines = body(refused.stdout).split('\n');
    expect(lines.filter((l) => /^[+~!]/.test(l))).toEqual(['! NodePool clusters/workers: not compared (see the findings)', '+ NodePool clusters/extra: would be created']);
    const findings = refused.stderr.trim().split('\n');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^error NodePool clusters\/workers nodePools\[0\]\.name: a server-side apply dry-run failed: .*Both replicas or autoScaling should not be set/);
    expect(findings[0]).toContain(`Other managers keep fields the plan leaves out, which an apply cannot remove: .spec.replicas (kubectl-edit); remove those that no longer belong, e.g. kubectl patch nodepool workers -n clusters --type=json -p '[{"op":"remove","path":"/spec/replicas"}]', then diff again.`);
    // The fix, as the finding gives it; then the pool moves to autoscaling without a refusal.
    await kubectl(['patch', 'nodepool', 'workers', '-n', 'clusters', '--type=json', '-p', '[{"op":"remove","path":"/spec/replicas"}]']);
    const fixed = diff('moved.ts');
    expect(fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
    const after = body(fixed.stdout).split('\n');
    expect(after.slice(after.indexOf('~ NodePool clusters/workers'), after.indexOf('~ NodePool clusters/workers') + 2)).toEqual([
      '~ NodePool clusters/workers',
      '    change  .spec.autoScaling: (none) → {"max":4,"min":2}',
    ]);
  }, TIMEOUT);
});

/** The context name of the server's kubeconfig. */
function contextOf(server: KubeServer): string {
  return /current-context: *"?([^"\n]+)"?/.exec(fs.readFileSync(server.kubeconfig, 'utf8'))![1];
}
