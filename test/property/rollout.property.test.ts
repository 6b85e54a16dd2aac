/**
 * Rollouts on random fleets (the planner alone, over random clusters, cohorts and pinned
 * NodePools): every cluster in exactly one wave or the holdback; no wave larger than its
 * cohort's maxConcurrent; no state of the rollout, after any number of waves, with a NodePool
 * outside the skew window (the plan is refused instead); pausing stops `rollout next` where it is
 * and resuming continues from the same wave.
 */
import fc from 'fast-check';
import type { ValidationIssue } from '../../lib/core/errors';
import { nodePoolSkewProblem, parseVersion } from '../../lib/core/release';
import { RolloutCluster, RolloutPlan, RolloutRecord, nextWave, planRollout, releaseVersion } from '../../lib/fleet';

const image = (version: string) => `quay.io/openshift-release-dev/ocp-release:${version}-x86_64`;
const TARGET = image('4.17.3');

const clusterArb = fc.record({
  mc: fc.constantFrom('m0', 'm1', 'm2'),
  zone: fc.constantFrom('z1', 'z2'),
  tier: fc.constantFrom('canary', 'prod', 'dev'),
  from: fc.constantFrom('4.16.4', '4.16.9', '4.17.3'),
  // A pool's own release: none (it follows the control plane), or pinned at some minor.
  pools: fc.array(fc.constantFrom(undefined, '4.13.30', '4.14.12', '4.15.20', '4.16.4'), { maxLength: 3 }),
  surge: fc.nat({ max: 2 }),
});

const cohortArb = fc.record({
  by: fc.constantFrom('tier', 'zone', 'mc', 'all'),
  value: fc.constantFrom('canary', 'prod', 'z1', 'z2', 'm0', 'm1'),
  maxConcurrent: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
});

const scenarioArb = fc.record({
  clusters: fc.array(clusterArb, { minLength: 1, maxLength: 14 }),
  cohorts: fc.array(cohortArb, { maxLength: 4 }),
  last: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  holdback: fc.array(fc.nat(), { maxLength: 3 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function clustersOf(s: Scenario): RolloutCluster[] {
  return s.clusters.map((c, i) => ({
    key: `ns/c${i}`,
    index: i,
    platform: 'None',
    managementCluster: c.mc,
    zone: c.zone,
    labels: { tier: c.tier },
    release: { image: image(c.from) },
    // Pools as the cluster's own check accepts them: inside the window of its release before the rollout.
    nodePools: c.pools
      .filter((v) => v === undefined || nodePoolSkewProblem(parseVersion(v)!, parseVersion(c.from)!) === undefined)
      .map((v, j) => ({ name: `p${j}`, ...(v ? { release: { image: image(v) } } : {}), surge: c.surge })),
  }));
}

/** The cohorts, and a last wave without a selector that takes every cluster left. */
function rolloutOf(s: Scenario, pause = false) {
  const selector = ({ by, value }: Scenario['cohorts'][number]) =>
    by === 'tier' ? { labels: { tier: value } } : by === 'zone' ? { zones: [value] } : by === 'mc' ? { managementClusters: [value] } : {};
  return {
    target: { image: TARGET },
    waves: [...s.cohorts.map((c, i) => ({ name: `w${i}`, ...selector(c), ...(c.maxConcurrent ? { maxConcurrent: c.maxConcurrent } : {}) })), { name: 'rest', ...(s.last ? { maxConcurrent: s.last } : {}) }],
    holdback: [...new Set(s.holdback.filter((i) => i < s.clusters.length).map((i) => `ns/c${i}`))],
    pause,
  };
}

function plan(s: Scenario, record?: RolloutRecord, pause = false): { plan?: RolloutPlan; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  return { plan: planRollout(rolloutOf(s, pause), clustersOf(s), record ? { record } : {}, issues), issues };
}

const cohortOf = (wave: string) => wave.replace(/-\d+$/, '');

describe('rollouts on random fleets', () => {
  it('puts every cluster in exactly one wave or the holdback, and no wave over its maxConcurrent', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { plan: p, issues } = plan(s);
        if (!p) return expect(issues.some((i) => i.severity === 'error' && i.path.includes('waves'))).toBe(true); // a pinned pool out of the window
        const placed = [...p.waves.flatMap((w) => w.clusters), ...p.holdback];
        expect(placed.sort()).toEqual(clustersOf(s).map((c) => c.key).sort());
        const limits = new Map<string, number | undefined>(rolloutOf(s).waves.map((w) => [w.name, (w as { maxConcurrent?: number }).maxConcurrent]));
        for (const w of p.waves) expect(w.clusters.length).toBeLessThanOrEqual(limits.get(cohortOf(w.name)) ?? Infinity);
      }),
      { numRuns: 200, seed: 2929 },
    );
  });

  it('never plans a state, after any number of waves, with a NodePool outside the skew window', () => {
    let planned = 0;
    let refused = 0;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const first = plan(s).plan;
        if (!first) return void refused++;
        planned++;
        for (let reached = 0; reached <= first.waves.length; reached++) {
          const state = plan(s, { ...first.record, reached }).plan!;
          expect(state.reached).toBe(reached);
          for (const c of clustersOf(s)) {
            const cp = releaseVersion(state.clusters.get(c.key)!.release)!;
            for (const pool of c.nodePools) {
              // A pool that gives the cluster's own release moves with it; the others stay where they are.
              const own = pool.release && pool.release.image !== c.release.image ? parseVersion(pool.release.image.split(':')[1])! : cp;
              expect(nodePoolSkewProblem(own, cp)).toBeUndefined();
            }
          }
        }
      }),
      { numRuns: 100, seed: 2930 },
    );
    // Both kinds of fleets were drawn: the property is not held by refusing everything.
    expect(planned).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(5);
  });

  it('stops where it is while paused, and resumes from the same wave', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), (s, at) => {
        const first = plan(s).plan;
        if (!first || first.waves.length === 0) return;
        const reached = at % first.waves.length;
        const now = new Date('2026-12-02T00:00:00.000Z');
        const paused = plan(s, { ...first.record, reached }, true).plan!;
        expect(paused.record.paused).toBe(true);
        expect(paused.reached).toBe(reached);
        expect(nextWave(paused.record, now, [])).toEqual({ refused: [expect.stringContaining('paused')] });
        const resumed = plan(s, paused.record, false).plan!;
        expect(resumed.reached).toBe(reached);
        const next = nextWave(resumed.record, now, []);
        expect('record' in next && next.record.reached).toBe(reached + 1);
        expect('started' in next && next.started.name).toBe(first.waves[reached].name);
      }),
      { numRuns: 100, seed: 2931 },
    );
  });
});
