/**
 * Upgrades as a reviewed change, run as a user runs them: the upgrade diff of the built-in example
 * (docs/upgrade.md shows this transcript), the version lines of `synth`, and a step the operators
 * would refuse failing `diff` and `synth` with nothing written, alone and with a change the API
 * server would refuse.
 */
import * as fs from 'fs';
import * as path from 'path';
import { filesBelow } from '../cdk8s/files';
import { EDGE, EDGE_WORKERS_REPLACE_REFUSED, ROOT, hcp, makeProject, removeProject } from './cli';

let project: string;
beforeEach(() => (project = makeProject()));
afterEach(() => removeProject(project));

const EXAMPLE = path.join(ROOT, 'examples', 'main.ts');
const UPGRADED = path.join(ROOT, 'examples', 'upgrade.ts');

const KV_DEV_WARNING = (pool: string) =>
  `  warning NodePool kubevirt-clusters/${pool} spec.release.image: the NodePool moves to 4.17.3 in the same change as its control plane, which runs 4.16.4 until its upgrade completes; ` +
  'nodes newer than their control plane are outside the version skew policy. Fix: Apply the NodePool once the HostedCluster reports 4.17.3: ' +
  "Argo CD does with the library's health checks (the NodePool's sync wave waits while the HostedCluster is Progressing); with Flux or kubectl, commit the control plane first and the NodePools in a second change.\n";

describe('the upgrade diff of the built-in example (kv-dev, 4.16.4 to 4.17.3)', () => {
  test('diff lists the three changed objects, then the versions in apply order; the NodePools get the apply-after warning', () => {
    expect(hcp(project, 'synth', EXAMPLE, '-o', 'fleet').status).toBe(0);
    const before = filesBelow(path.join(project, 'fleet'));
    const diff = hcp(project, 'diff', UPGRADED, '-o', 'fleet');
    expect(diff.status).toBe(0);
    expect(diff.stdout).toMatch(/^~ HostedCluster kubevirt-clusters\/kv-dev \(management-west\/05-resources\/kubevirt-kv-dev\.yaml\)$/m);
    expect(diff.stdout).toContain('-    image: quay.io/openshift-release-dev/ocp-release:4.16.4-multi\n+    image: quay.io/openshift-release-dev/ocp-release:4.17.3-multi\n');
    expect(diff.stdout.endsWith(
      'Objects: 0 added, 3 changed, 0 removed; reports changed: 0.\n' +
        'Clusters affected: kubevirt-clusters/kv-dev.\n' +
        'Upgrades (in apply order):\n' +
        '  HostedCluster kubevirt-clusters/kv-dev 4.16.4 -> 4.17.3\n' +
        '  NodePool kubevirt-clusters/kv-dev-infra 4.16.4 -> 4.17.3\n' +
        '  NodePool kubevirt-clusters/kv-dev-workers 4.16.4 -> 4.17.3\n',
    )).toBe(true);
    expect(diff.stderr).toContain(KV_DEV_WARNING('kv-dev-workers'));
    expect(diff.stderr).toContain(KV_DEV_WARNING('kv-dev-infra'));
    expect(filesBelow(path.join(project, 'fleet'))).toEqual(before);
  });

  test('synth of the upgrade prints the same version lines after its summary', () => {
    expect(hcp(project, 'synth', EXAMPLE, '-o', 'fleet').status).toBe(0);
    const synth = hcp(project, 'synth', UPGRADED, '-o', 'fleet');
    expect(synth.status).toBe(0);
    expect(synth.stdout).toContain(
      '  ~ management-west/05-resources/kubevirt-kv-dev.yaml\n' +
        '      ~ HostedCluster kubevirt-clusters/kv-dev\n' +
        '      ~ NodePool kubevirt-clusters/kv-dev-workers\n' +
        '      ~ NodePool kubevirt-clusters/kv-dev-infra\n' +
        'Changes: files 0 added, 1 changed, 0 removed (51 unchanged); objects 0 added, 3 changed, 0 removed.\n' +
        'Clusters affected: kubevirt-clusters/kv-dev.\n' +
        'Upgrades (in apply order):\n' +
        '  HostedCluster kubevirt-clusters/kv-dev 4.16.4 -> 4.17.3\n' +
        '  NodePool kubevirt-clusters/kv-dev-infra 4.16.4 -> 4.17.3\n' +
        '  NodePool kubevirt-clusters/kv-dev-workers 4.16.4 -> 4.17.3\n',
    );
    expect(synth.stderr).toContain(KV_DEV_WARNING('kv-dev-infra'));
  });
});

/** The EDGE cluster (None, with the default NodePool named after it unless `more` gives NodePools) on `version`. */
const edgeOn = (version: string, more: object = {}) => `import { App, Chart } from 'cdk8s';
import { HostedClusterBundle } from 'hcp-constructs/cdk8s';

export function define(app: App): void {
  new HostedClusterBundle(new Chart(app, 'edge'), 'cluster', {
    ...${JSON.stringify({ ...EDGE, release: { image: `quay.io/openshift-release-dev/ocp-release:${version}-x86_64` }, ...more })},
  } as never);
}
`;

describe('a step the operators refuse', () => {
  const TWO_MINORS =
    '  error HostedCluster clusters/edge release.image: the control plane would move from 4.15.20 to 4.17.1, 2 minor releases in one step: ' +
    'a control plane moves one minor release per upgrade (the Kubernetes version skew policy). Fix: Upgrade to a 4.16 release first; once the HostedCluster ' +
    'reports it, move on to 4.17.1. NodePools may stay where they are meanwhile (up to 3 minor releases behind).\n';

  test('diff shows the change and exits 1 with the error; synth refuses it and writes nothing', () => {
    fs.writeFileSync(path.join(project, 'app.ts'), edgeOn('4.15.20'));
    expect(hcp(project, 'synth', 'app.ts').status).toBe(0);
    const before = filesBelow(path.join(project, 'dist'));
    fs.writeFileSync(path.join(project, 'app.ts'), edgeOn('4.17.1'));
    const diff = hcp(project, 'diff', 'app.ts');
    expect(diff.status).toBe(1);
    expect(diff.stdout).toContain('Upgrades (in apply order):\n  HostedCluster clusters/edge 4.15.20 -> 4.17.1\n');
    // The cluster's default NodePool (named after it) follows its release: it waits for the control plane.
    expect(diff.stderr).toBe(
      'Warnings:\n  warning NodePool clusters/edge spec.release.image: the NodePool moves to 4.17.1 in the same change as its control plane, which runs 4.15.20 until its upgrade completes; ' +
        'nodes newer than their control plane are outside the version skew policy. Fix: Apply the NodePool once the HostedCluster reports 4.17.1: ' +
        "Argo CD does with the library's health checks (the NodePool's sync wave waits while the HostedCluster is Progressing); with Flux or kubectl, commit the control plane first and the NodePools in a second change.\n" +
        `A synth would fail: 1 problem(s) in the change.\n${TWO_MINORS}`,
    );
    const synth = hcp(project, 'synth', 'app.ts');
    expect(synth.status).toBe(1);
    expect(synth.stderr).toBe(`Synthesis failed: 1 problem(s) in the input. Nothing was written.\n${TWO_MINORS}`);
    expect(filesBelow(path.join(project, 'dist'))).toEqual(before);
    // One minor at a time is accepted.
    fs.writeFileSync(path.join(project, 'app.ts'), edgeOn('4.16.3'));
    const step = hcp(project, 'synth', 'app.ts');
    expect(step.status).toBe(0);
    expect(step.stdout).toContain('Upgrades (in apply order):\n  HostedCluster clusters/edge 4.15.20 -> 4.16.3\n');
  });

  test('with a change the API server would refuse in the same change: diff shows the differences, then both refusals; synth and --check refuse both', () => {
    const workers = (upgradeType: string) => ({ nodePools: [{ name: 'edge-workers', replicas: 2, upgradeType }] });
    fs.writeFileSync(path.join(project, 'app.ts'), edgeOn('4.15.20', workers('InPlace')));
    expect(hcp(project, 'synth', 'app.ts').status).toBe(0);
    const before = filesBelow(path.join(project, 'dist'));
    fs.writeFileSync(path.join(project, 'app.ts'), edgeOn('4.17.1', workers('Replace')));
    const upgradeType = EDGE_WORKERS_REPLACE_REFUSED;
    const diff = hcp(project, 'diff', 'app.ts');
    expect(diff.status).toBe(1);
    expect(diff.stdout).toContain('~ HostedCluster clusters/edge (management/05-resources/edge.yaml)\n');
    expect(diff.stdout).toContain('-    image: quay.io/openshift-release-dev/ocp-release:4.15.20-x86_64\n+    image: quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64\n');
    expect(diff.stdout).toContain('~ NodePool clusters/edge-workers (management/05-resources/edge.yaml)\n');
    expect(diff.stdout).toContain('-    upgradeType: InPlace\n+    upgradeType: Replace\n');
    // The totals, then the versions that move: the end of stdout.
    expect(diff.stdout.slice(diff.stdout.indexOf('Objects: ')).split('\n')).toEqual([
      'Objects: 0 added, 2 changed, 0 removed; reports changed: 0.',
      'Clusters affected: clusters/edge.',
      'Upgrades (in apply order):',
      '  HostedCluster clusters/edge 4.15.20 -> 4.17.1',
      '  NodePool clusters/edge-workers 4.15.20 -> 4.17.1',
      '',
    ]);
    expect(diff.stderr).toBe(
      'Warnings:\n  warning NodePool clusters/edge-workers spec.release.image: the NodePool moves to 4.17.1 in the same change as its control plane, which runs 4.15.20 until its upgrade completes; ' +
        'nodes newer than their control plane are outside the version skew policy. Fix: Apply the NodePool once the HostedCluster reports 4.17.1: ' +
        "Argo CD does with the library's health checks (the NodePool's sync wave waits while the HostedCluster is Progressing); with Flux or kubectl, commit the control plane first and the NodePools in a second change.\n" +
        `A synth would fail: 2 problem(s) in the change.\n${upgradeType}${TWO_MINORS}`,
    );
    for (const args of [['synth', 'app.ts'], ['synth', 'app.ts', '--check']]) {
      const run = hcp(project, ...args);
      expect({ args, status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ args, status: 1, stdout: '', stderr: `Synthesis failed: 2 problem(s) in the input. Nothing was written.\n${upgradeType}${TWO_MINORS}` });
    }
    expect(filesBelow(path.join(project, 'dist'))).toEqual(before);
  });
});
