/**
 * A wave in two steps (Flux delivery): `rollout next` moves the wave's control planes, then its
 * NodePools; the record says which step the wave started last is at, the planner keeps the
 * NodePools back at the first step, and the report names the step. Other deliveries, and records
 * written before, keep one step per wave.
 */
import { nextWave, readRolloutRecord, rolloutRecordJson, rolloutReport, rolloutSummary, waveInOutput } from '../../lib/fleet';
import type { RolloutRecord } from '../../lib/fleet';
import { ROLLOUT, FROM, TO, TO_MULTI, advanced, defaultClusters, plannedDelivered } from './rollout-fixtures';
import { none } from './fleet-fixtures';

const planOf = (...args: Parameters<typeof plannedDelivered>) => {
  const { plan, issues } = plannedDelivered(...args);
  if (!plan?.rollout) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return { plan, issues };
};
const cluster = (plan: ReturnType<typeof planOf>['plan'], name: string) => plan.hostedClusters.find((h) => h.props.name === name)!.props;
/** The release each NodePool of a cluster is synthesized with: its own, else (none given) the cluster's. */
const poolReleases = (plan: ReturnType<typeof planOf>['plan'], name: string) => {
  const props = cluster(plan, name);
  return (props.nodePools ?? [{ name: '(default)' }]).map((p) => `${p.name} ${(p.release ?? props.release).image}`);
};
/** Two NodePools on a: one that follows the cluster (no release), one that gives the cluster's own release. */
const withPools = () => defaultClusters().map((c) => ((c as { name: string }).name === 'a' ? { ...c, nodePools: [{ name: 'follows', replicas: 1 }, { name: 'same', replicas: 1, release: { image: FROM } }] } : c));

const now = (text: string) => new Date(text);

describe('nextWave with two steps per wave', () => {
  const record: RolloutRecord = { ...planOf('flux').plan.rollout!.record };

  it('the record of a Flux rollout says so; an Argo CD one does not', () => {
    expect(record.nodePoolStep).toBe(true);
    expect(record.nodePoolsHeld).toBeUndefined();
    expect(planOf('argoCd').plan.rollout!.record.nodePoolStep).toBeUndefined();
  });

  it('starts a wave with its control planes, moves its NodePools once they are at the target, then starts the next after the soak', () => {
    const first = nextWave(record, now('2026-12-01T00:00:00Z'), []);
    expect(first).toMatchObject({ step: 'control-planes', started: { name: 'canary' }, record: { reached: 1, nodePoolsHeld: true, startedAt: '2026-12-01T00:00:00.000Z' } });
    const held = (first as { record: RolloutRecord }).record;
    // Not at the target in the previous output: the NodePools stay.
    const behind = waveInOutput(held.waves[0], new Map([['none-clusters/a', FROM]]));
    expect(nextWave(held, now('2026-12-01T00:30:00Z'), behind)).toEqual({ refused: ['the control planes of wave "canary" are not at the target yet, so its NodePools stay:', `  none-clusters/a: the previous output has ${FROM}, not ${TO}`] });
    // No soak between the steps; the NodePools' step is the wave's start for the soak.
    const second = nextWave(held, now('2026-12-01T00:30:00Z'), []);
    expect(second).toMatchObject({ step: 'node-pools', started: { name: 'canary' }, record: { reached: 1, startedAt: '2026-12-01T00:30:00.000Z' } });
    const moved = (second as { record: RolloutRecord }).record;
    expect('nodePoolsHeld' in moved).toBe(false);
    expect(nextWave(moved, now('2026-12-02T00:15:00Z'), [])).toEqual({ refused: [expect.stringContaining('soaks for 24h from 2026-12-01T00:30:00.000Z')] });
    expect(nextWave(moved, now('2026-12-02T00:30:00Z'), [])).toMatchObject({ step: 'control-planes', started: { name: 'zone-1' }, record: { reached: 2, nodePoolsHeld: true } });
  });

  it('the last wave is complete only after its NodePools; a pause holds either step', () => {
    const last = { ...record, reached: record.waves.length, nodePoolsHeld: true, startedAt: '2026-12-01T00:00:00.000Z' };
    expect(nextWave(last, now('2026-12-01T01:00:00Z'), [])).toMatchObject({ step: 'node-pools', started: { name: 'rest-2' } });
    expect(nextWave({ ...last, paused: true }, now('2026-12-01T01:00:00Z'), [])).toEqual({ refused: [expect.stringContaining('paused')] });
    const { nodePoolsHeld: _held, ...done } = last;
    expect(nextWave(done, now('2026-12-01T01:00:00Z'), [])).toEqual({ refused: [expect.stringContaining('complete')] });
  });

  it('a record without nodePoolStep (Argo CD, Pulumi, or written before) moves a wave in one step', () => {
    const { nodePoolStep: _step, ...old } = record;
    expect(nextWave(old, now('2026-12-01T00:00:00Z'), [])).toMatchObject({ step: 'wave', record: { reached: 1 } });
    expect('nodePoolsHeld' in (nextWave(old, now('2026-12-01T00:00:00Z'), []) as { record: RolloutRecord }).record).toBe(false);
  });
});

describe('the record of the steps', () => {
  const record = planOf('flux').plan.rollout!.record;

  it('reads back what it writes, and a record written before the steps', () => {
    const held = { ...advanced(record, 1), nodePoolsHeld: true };
    expect(readRolloutRecord(rolloutRecordJson(held)).record).toEqual(held);
    const { nodePoolStep: _step, ...before } = advanced(record, 2);
    expect(readRolloutRecord(rolloutRecordJson(before))).toEqual({ record: before, issues: [] });
  });

  it('counts a record with a step flag that is not true or false, or held NodePools without steps or a wave, as broken', () => {
    const problem = (value: object) => readRolloutRecord(JSON.stringify(value)).issues.map((i) => i.message);
    expect(problem({ ...advanced(record, 1), nodePoolsHeld: 'yes' })).toEqual([expect.stringContaining('nodePoolsHeld is not true or false')]);
    expect(problem({ ...advanced(record, 1), nodePoolStep: 1 })).toEqual([expect.stringContaining('nodePoolStep is not true or false')]);
    expect(problem({ ...advanced(record, 1), nodePoolStep: undefined, nodePoolsHeld: true })).toEqual([expect.stringContaining('nodePoolsHeld is true without nodePoolStep')]);
    expect(problem({ ...record, nodePoolsHeld: true })).toEqual([expect.stringContaining('nodePoolsHeld is true without nodePoolStep or a wave started')]);
  });
});

describe('the plan at each step', () => {
  const first = planOf('flux', ROLLOUT, {}, withPools()).plan.rollout!.record;
  const held = { ...advanced(first, 2), nodePoolsHeld: true };

  it('at the first step the wave\'s control planes are at the target and their NodePools where they were, the default ones too', () => {
    const { plan, issues } = planOf('flux', ROLLOUT, { record: held }, withPools());
    expect(plan.rollout!.step).toBe('control-planes');
    expect(plan.rollout!.record).toMatchObject({ reached: 2, nodePoolsHeld: true });
    expect(['a', 'b', 'kv', 'c'].map((n) => cluster(plan, n).release.image)).toEqual([TO, TO, TO_MULTI, FROM]);
    // a is done: its NodePools moved at its wave's second step.
    expect(poolReleases(plan, 'a')).toEqual([`follows ${TO}`, `same ${TO}`]);
    // b and kv are in the wave in progress: every pool, their platforms' default ones included, rendered at the release before.
    expect(cluster(plan, 'b').nodePools!.map((p) => p.release!.image)).toEqual([FROM]);
    const kvBefore = cluster(planOf('flux').plan, 'kv').release.image;
    expect(cluster(plan, 'kv').nodePools!.map((p) => p.release?.image)).toEqual([kvBefore, kvBefore]);
    expect(poolReleases(plan, 'c')).toEqual([`(default) ${FROM}`]);
    // One minor behind its control plane is inside the skew window: no finding says otherwise.
    expect(issues.filter((i) => i.severity === 'error' || /skew/.test(i.message))).toEqual([]);
  });

  it('at the second step the NodePools follow their cluster, as with one step per wave', () => {
    const { plan } = planOf('flux', ROLLOUT, { record: advanced(first, 2) }, withPools());
    expect(plan.rollout!.step).toBe('node-pools');
    expect(cluster(plan, 'b').nodePools).toBeUndefined();
    expect(cluster(plan, 'b').release.image).toBe(TO);
    const argo = planOf('argoCd', ROLLOUT, { record: held }, withPools()).plan;
    // Argo CD orders them itself: a held record from a Flux delivery moves the pools now, and the record forgets the steps.
    expect(argo.rollout!.step).toBe('wave');
    expect(argo.rollout!.record.nodePoolsHeld).toBeUndefined();
    expect(argo.rollout!.record.nodePoolStep).toBeUndefined();
    expect(cluster(argo, 'b').nodePools).toBeUndefined();
  });

  it('the report and the summary name the step of the wave in progress', () => {
    const atFirst = rolloutReport(planOf('flux', ROLLOUT, { record: held }).plan.rollout!);
    expect(atFirst.waves.map((w) => w.step)).toEqual([undefined, 'control-planes', undefined, undefined]);
    expect(rolloutSummary(atFirst)).toEqual(['Rollout: wave 2 of 4 started (zone-1: control planes, 2 cluster(s)); `hcp-constructs rollout next` moves zone-1: NodePools']);
    const atSecond = rolloutReport(planOf('flux', ROLLOUT, { record: advanced(first, 2) }).plan.rollout!);
    expect(atSecond.waves[1].step).toBe('node-pools');
    expect(rolloutSummary(atSecond)).toEqual(['Rollout: wave 2 of 4 started (zone-1: NodePools, 2 cluster(s)); `hcp-constructs rollout next` starts rest-1 (1 cluster(s))']);
  });

  it('a NodePool pinned far behind is still the error of the wave that moves its control plane', () => {
    const pinned = { nodePools: [{ name: 'old', replicas: 1, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.30-x86_64' } }] };
    const clusters = [...defaultClusters().slice(0, 4), none('e', { ...pinned, release: { image: FROM }, managementCluster: 'm2' })];
    const errors = plannedDelivered('flux', ROLLOUT, {}, clusters).issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => [i.path, i.message.includes('NodePool old')])).toEqual([['rollout.waves[1]', true]]);
  });
});
