/**
 * The example fleet's rollout (4.16 to 4.17.3: a canary and two waves) run as a user runs it:
 * a synth that starts no wave, three `rollout next` runs with what each changes, a wave refused
 * while the canary soaks and one refused while the canary is not in the output, the Argo CD
 * progressive sync steps, and a state file the library did not write left alone.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ROOT, hcp, makeProject, removeProject } from './cli';

let project: string;
beforeAll(() => (project = makeProject()));
afterAll(() => removeProject(project));

const APP = path.join(ROOT, 'examples', 'fleet-rollout.ts');
const next = (now: string) => hcp(project, 'rollout', 'next', APP, '-o', 'dist', '--now', now);
const upgrades = (stdout: string) => stdout.slice(stdout.indexOf('Upgrades (in apply order):')).split('\n').filter((l) => l.startsWith('  ')).slice(0, 6);
const state = () => JSON.parse(fs.readFileSync(path.join(project, 'dist', 'reports', 'rollout-state.json'), 'utf8')) as { reached: number; startedAt?: string };

describe('rollout next on the example fleet', () => {
  test('the synth starts no wave, and says what rollout next starts', () => {
    const synth = hcp(project, 'synth', APP, '-o', 'dist');
    expect(synth.status).toBe(0);
    expect(synth.stdout).toContain('Rollout: wave 0 of 3 started; `hcp-constructs rollout next` starts canary (1 cluster(s))');
    expect(synth.stdout).not.toContain('Upgrades (in apply order)');
    expect(state().reached).toBe(0);
  });

  test('the ApplicationSet syncs the folders in the waves\' order (RollingSync), each Application labelled with its wave', () => {
    const gitops = fs.readFileSync(path.join(project, 'dist', 'gitops-hub', '05-resources', 'gitops.yaml'), 'utf8');
    const steps = [...gitops.matchAll(/key: hcp-constructs\.io\/rollout-wave\n\s+operator: In\n\s+values:\n\s+- (\S+)/g)].map((m) => m[1]);
    expect(gitops).toContain('  strategy:\n    rollingSync:\n');
    expect(gitops).toContain('    type: RollingSync\n');
    expect(steps).toEqual(['none', 'canary', 'east', 'rest']);
    expect(gitops).toContain('hcp-constructs.io/rollout-wave: "{{.rolloutWave}}"');
    expect(gitops).toMatch(/folder: management-east\n\s+path: dist\/management-east\n\s+rolloutWave: east/);
  });

  test('run 1 starts the canary: kv-dev, its control plane before its NodePools', () => {
    const run = next('2026-12-01T00:00:00Z');
    expect(run.status).toBe(0);
    expect(upgrades(run.stdout)).toEqual([
      '  HostedCluster kubevirt-clusters/kv-dev 4.16.4 -> 4.17.3',
      '  NodePool kubevirt-clusters/kv-dev-infra 4.16.4 -> 4.17.3',
      '  NodePool kubevirt-clusters/kv-dev-workers 4.16.4 -> 4.17.3',
    ]);
    expect(run.stdout).toContain('Started wave canary (1 cluster(s)), 1 of 3');
    expect(state()).toMatchObject({ reached: 1, startedAt: '2026-12-01T00:00:00.000Z' });
  });

  test('the next wave is refused while the canary soaks, and nothing is written', () => {
    const before = fs.readFileSync(path.join(project, 'dist', 'reports', 'rollout-state.json'), 'utf8');
    const run = next('2026-12-01T06:00:00Z');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('rollout next: nothing started (no wave, no NodePools step).\n  wave "canary" soaks for 24h from 2026-12-01T00:00:00.000Z, until 2026-12-02T00:00:00.000Z.');
    expect(fs.readFileSync(path.join(project, 'dist', 'reports', 'rollout-state.json'), 'utf8')).toBe(before);
  });

  test('the next wave is refused while the canary is not at its target in the output', () => {
    const file = path.join(project, 'dist', 'management-west', '05-resources', 'kubevirt-kv-dev.yaml');
    const delivered = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, delivered.replace(/ocp-release:4\.17\.3-multi/g, 'ocp-release:4.16.4-multi'));
    const run = next('2026-12-02T01:00:00Z');
    fs.writeFileSync(file, delivered);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('wave "canary" is not healthy yet:\n  kubevirt-clusters/kv-dev: the previous output has quay.io/openshift-release-dev/ocp-release:4.16.4-multi, not quay.io/openshift-release-dev/ocp-release:4.17.3-multi');
    expect(state().reached).toBe(1);
  });

  test('runs 2 and 3 start east, then the rest; a fourth is refused: the rollout is complete', () => {
    const east = next('2026-12-02T01:00:00Z');
    expect(east.status).toBe(0);
    expect(upgrades(east.stdout)).toEqual([
      '  HostedCluster aws-clusters/aws-prod 4.16.4 -> 4.17.3',
      '  NodePool aws-clusters/aws-prod-us-east-2a 4.16.4 -> 4.17.3',
      '  NodePool aws-clusters/aws-prod-us-east-2b 4.16.4 -> 4.17.3',
      '  HostedCluster kubevirt-clusters/kv-lb 4.16.4 -> 4.17.3',
      '  NodePool kubevirt-clusters/kv-lb 4.16.4 -> 4.17.3',
    ]);
    const rest = next('2026-12-02T02:00:00Z');
    expect(rest.status).toBe(0);
    expect(upgrades(rest.stdout)).toEqual(['  HostedCluster agent-labs/vm-agents 4.16.4 -> 4.17.3', '  NodePool agent-labs/vm-agents-workers 4.16.4 -> 4.17.3']);
    expect(rest.stdout).toContain('Rollout: wave 3 of 3 started (rest: 1 cluster(s)); complete');
    const report = JSON.parse(fs.readFileSync(path.join(project, 'dist', 'reports', 'rollout.json'), 'utf8'));
    expect(report.heldBack.map((c: { cluster: string; state: string }) => [c.cluster, c.state])).toEqual([['clusters/vcluster2', 'held-back'], ['none-clusters/edge-lab', 'held-back']]);
    expect(report.risksAcknowledged.map((r: { name: string }) => r.name)).toEqual(['ExampleEtcdDefrag']);
    const done = next('2026-12-03T00:00:00Z');
    expect(done.status).toBe(1);
    expect(done.stderr).toContain('the rollout is complete');
  });

  test('refuses a state file the library did not write', () => {
    const other = path.join(project, 'other');
    fs.mkdirSync(path.join(other, 'reports'), { recursive: true });
    fs.writeFileSync(path.join(other, 'reports', 'rollout-state.json'), '{"mine": true}\n');
    const run = hcp(project, 'rollout', 'next', APP, '-o', 'other');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is not a rollout state a synth wrote');
    expect(fs.readFileSync(path.join(other, 'reports', 'rollout-state.json'), 'utf8')).toBe('{"mine": true}\n');
  });
});
