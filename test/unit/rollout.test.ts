/** The rollout planner: waves and holdback, releases per state, and the checks before anything moves. */
import { nextWave, readRolloutRecord, rolloutRecordJson, waveInOutput } from '../../lib/fleet';
import { ROLLOUT, FROM, TO, TO_MULTI, GRAPH, advanced, errorsOf, planned, defaultClusters } from './rollout-fixtures';
import { none } from './fleet-fixtures';

const planOf = (...args: Parameters<typeof planned>) => {
  const { plan, issues } = planned(...args);
  if (!plan?.rollout) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return plan;
};
const releaseOf = (plan: ReturnType<typeof planOf>, name: string) => plan.hostedClusters.find((h) => h.props.name === name)!.props.release.image;

describe('waves', () => {
  it('puts the canary first, cuts a cohort by maxConcurrent, and takes every cluster once', () => {
    const { rollout } = planOf();
    expect(rollout!.waves.map((w) => [w.name, w.clusters])).toEqual([
      ['canary', ['none-clusters/a']],
      ['zone-1', ['kubevirt-clusters/kv', 'none-clusters/b']],
      ['rest-1', ['none-clusters/c']],
      ['rest-2', ['none-clusters/d']],
    ]);
    expect(rollout!.record.waves[1].clusters['kubevirt-clusters/kv']).toBe(TO_MULTI);
  });

  it('keeps held-back clusters out of every wave', () => {
    const { rollout } = planOf({ ...ROLLOUT, holdback: ['c'] });
    expect(rollout!.holdback).toEqual(['none-clusters/c']);
    expect(rollout!.waves.flatMap((w) => w.clusters)).not.toContain('none-clusters/c');
    expect(rollout!.clusters.get('none-clusters/c')!.state).toBe('held-back');
  });

  it('refuses a cluster no wave takes, an unknown cluster and a repeated wave name', () => {
    const found = errorsOf({ ...ROLLOUT, waves: [{ name: 'zone-1', zones: ['z1'] }, { name: 'zone-1', clusters: ['nope'] }] });
    expect(found.map((i) => i.path)).toEqual(expect.arrayContaining(['rollout.waves', 'rollout.waves[1].clusters[0]', 'rollout.waves[1].name']));
    expect(found.find((i) => i.path === 'rollout.waves')!.message).toContain('none-clusters/c, none-clusters/d');
  });

  it('gives the target only to the clusters of the waves started, and the NodePools that follow them', () => {
    const first = planOf();
    expect(releaseOf(first, 'a')).toBe(FROM);
    const second = planOf(ROLLOUT, { record: advanced(first.rollout!.record, 2) });
    expect(['a', 'b', 'kv', 'c'].map((n) => releaseOf(second, n))).toEqual([TO, TO, TO_MULTI, FROM]);
    expect([...second.rollout!.clusters.values()].map((c) => c.state)).toEqual(['done', 'in-progress', 'pending', 'pending', 'in-progress']);
  });

  it('starts again from the first wave when the target changes', () => {
    const first = planOf();
    const other = planOf({ ...ROLLOUT, target: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.9-x86_64' }, overrides: [], updateGraph: GRAPH, acknowledgedRisks: [] }, { record: advanced(first.rollout!.record, 2) });
    expect(other.rollout!.reached).toBe(0);
  });
});

describe('checks before anything moves', () => {
  it('refuses an unacknowledged risk of the target, with where it is explained', () => {
    const found = errorsOf({ ...ROLLOUT, acknowledgedRisks: [] });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'rollout.acknowledgedRisks' });
    expect(found[0].message).toContain('OVNKubernetesMTU');
    expect(found[0].fix).toContain('https://issues.example.com/OCPBUGS-1');
  });

  it('refuses a hop the graph does not offer, naming those it does', () => {
    const found = errorsOf({ ...ROLLOUT, updateGraph: { ...GRAPH, conditionalEdges: [] } });
    expect(found[0].message).toContain('offers no update 4.16.4 → 4.17.3');
    expect(found[0].fix).toContain('4.16.9');
  });

  it('warns that nothing checks the hop without a graph', () => {
    const { issues } = planned({ ...ROLLOUT, updateGraph: undefined, acknowledgedRisks: undefined });
    expect(issues.filter((i) => i.path === 'rollout.updateGraph').map((i) => i.severity)).toEqual(['warning']);
  });

  it('refuses a control plane moving two minors at once', () => {
    const found = errorsOf({ ...ROLLOUT, updateGraph: undefined, acknowledgedRisks: undefined }, {}, [...defaultClusters().slice(0, 4), none('e', { release: { image: 'quay.io/openshift-release-dev/ocp-release:4.15.20-x86_64' }, managementCluster: 'm0' })]);
    expect(found.map((i) => i.message)).toEqual([expect.stringContaining('more than one minor release at once')]);
  });

  it('makes a pinned NodePool that falls out of the skew window an error of the wave that moves its control plane', () => {
    const pinned = { nodePools: [{ name: 'old', replicas: 1, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.30-x86_64' } }] };
    const clusters = defaultClusters().map((c) => ((c as { name: string }).name === 'c' ? { ...c, ...pinned } : c));
    const found = errorsOf(ROLLOUT, {}, clusters);
    expect(found).toHaveLength(1);
    expect(found[0].path).toBe('rollout.waves[1]');
    expect(found[0].message).toContain('wave "rest-1"');
    expect(found[0].message).toContain('NodePool old');
    expect(found[0].fix).toContain('Upgrade the NodePool to 4.14 or later');
  });

  it('counts surge machines of Replace pools on management-side machines, and refuses more than maxSurgeMachines', () => {
    const { rollout } = planOf();
    expect(rollout!.waves[1].surge).toEqual({ m1: 2 });
    expect(rollout!.waves[0].surge).toEqual({});
    const found = errorsOf({ ...ROLLOUT, maxSurgeMachines: 1 });
    expect(found.map((i) => i.path)).toEqual(['rollout.waves[0]']);
    expect(found[0].message).toContain('2 surge machines');
  });

  it('refuses a record that started a wave before the one before it is in the previous output', () => {
    const first = planOf().rollout!.record;
    const releases = new Map([['none-clusters/a', FROM]]);
    const found = errorsOf(ROLLOUT, { record: advanced(first, 2), releases });
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain('wave "canary" is not in the previous output');
    expect(errorsOf(ROLLOUT, { record: advanced(first, 2), releases: new Map([['none-clusters/a', TO]]) })).toEqual([]);
  });

  it('names the path of a malformed rollout', () => {
    const found = errorsOf({ ...ROLLOUT, waves: [{ name: 'w', maxConcurrent: 0, soak: 'tomorrow' }] });
    expect(found.map((i) => i.path).sort()).toEqual(['rollout.waves[0].maxConcurrent', 'rollout.waves[0].soak']);
  });
});

describe('the record and rollout next', () => {
  const record = planOf().rollout!.record;
  const now = new Date('2026-12-02T01:00:00.000Z');

  it('reads back what it writes, and warns about a broken record', () => {
    expect(readRolloutRecord(rolloutRecordJson(record)).record).toEqual(record);
    expect(readRolloutRecord('{"version":1}').issues[0].severity).toBe('warning');
  });

  it('records the management cluster of each cluster of the waves, and warns about a broken placement', () => {
    const clusters = record.waves.flatMap((w) => Object.keys(w.clusters)).sort();
    expect(Object.keys(record.managementClusters ?? {}).sort()).toEqual(clusters);
    expect(new Set(Object.values(record.managementClusters ?? {})).size).toBeGreaterThan(0);
    const broken = readRolloutRecord(rolloutRecordJson({ ...record, managementClusters: { [clusters[0]]: 7 } as never }));
    expect({ record: broken.record, message: broken.issues[0]?.message }).toEqual({ record: undefined, message: expect.stringContaining('managementClusters is not a map') });
  });

  it('starts one wave, then waits for the soak and for the wave in the previous output', () => {
    const started = nextWave(record, now, []);
    expect('record' in started && started.record.reached).toBe(1);
    const canary = advanced(record, 1, '2026-12-01T12:00:00.000Z');
    const soaking = nextWave(canary, now, []);
    expect('refused' in soaking && soaking.refused[0]).toContain('soaks for 24h');
    const unhealthy = waveInOutput(canary.waves[0], new Map([['none-clusters/a', FROM]]));
    const refused = nextWave(advanced(record, 1, '2026-11-01T00:00:00.000Z'), now, unhealthy);
    expect('refused' in refused && refused.refused.join('\n')).toContain(`none-clusters/a: the previous output has ${FROM}`);
  });

  it('refuses while paused and when complete', () => {
    expect(nextWave({ ...record, paused: true }, now, [])).toEqual({ refused: [expect.stringContaining('paused')] });
    expect(nextWave(advanced(record, 4), now, [])).toEqual({ refused: [expect.stringContaining('complete')] });
  });
});
