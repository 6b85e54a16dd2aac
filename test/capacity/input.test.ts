/** The planner's input schema: any JavaScript value gives findings with paths and fixes, never an exception. */
import fc from 'fast-check';
import { planCapacity, capacityOfPlan } from '../../lib/capacity';

const docWorkers = { name: 'server-1', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 500 };

describe('input checks', () => {
  test('wrong types, ranges, typos and unknown keys each get a finding with a path and a fix', () => {
    const { report, issues } = planCapacity({
      workers: [{ vCPU: '64', memoryGiB: -1, maxpods: 500 }, { vCPU: 8, memoryGiB: 32, count: 1.5 }],
      hostedClusters: [{ name: 'a', load: 'hihg' }, { name: 'b', availability: 'HA', load: -5 }],
      onOverflow: 'fail',
      baseline: { podsPerHCP: 0, cpuRequestPerHcp: 5 },
    });
    expect(report).toBeUndefined();
    expect(issues.map((i) => `${i.severity} ${i.object} ${i.path}`).sort()).toEqual(
      [
        'error capacity input baseline.cpuRequestPerHcp',
        'error capacity input baseline.podsPerHCP',
        'error capacity input hostedClusters[0].load',
        'error capacity input hostedClusters[1].availability',
        'error capacity input hostedClusters[1].load',
        'error capacity input onOverflow',
        'error capacity input workers[0].maxpods',
        'error capacity input workers[0].memoryGiB',
        'error capacity input workers[0].vCPU',
        'error capacity input workers[1].count',
      ].sort(),
    );
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i]));
    expect(byPath['workers[0].vCPU'].message).toBe('"64" (a string) is not a number of vCPUs more than 0 up to 100,000.');
    expect(byPath['workers[0].maxpods'].message).toBe('unknown key "maxpods"; did you mean "maxPods"?');
    expect(byPath['hostedClusters[0].load'].fix).toBe('Use "high".');
    expect(byPath['baseline.cpuRequestPerHcp'].fix).toBe('Rename it to "cpuRequestPerHCP", or remove it.');
    for (const issue of issues) expect(issue.fix).not.toBe('');
  });

  test('one worker group may be given without a list; its paths have no index', () => {
    expect(planCapacity({ workers: docWorkers }).report?.workers).toHaveLength(1);
    expect(planCapacity({ workers: { vCPU: 0, memoryGiB: 1 } }).issues.map((i) => i.path)).toEqual(['workers.vCPU']);
    expect(planCapacity({ workers: [] }).issues.map((i) => [i.path, i.message])).toEqual([['workers', 'an array of 0 items given: there is no worker.']]);
  });

  test('missing workers, or not an object at all', () => {
    expect(planCapacity({}).issues.map((i) => [i.path, i.message])).toEqual([['workers', 'is required but not given.']]);
    expect(planCapacity(undefined).issues[0].path).toBe('(props)');
    expect(planCapacity({ workers: 'three' }).issues[0].message).toBe('"three" (a string) is not a worker group.');
  });

  test('infinite and NaN numbers are refused', () => {
    const issues = planCapacity({ workers: { vCPU: Infinity, memoryGiB: NaN }, hostedClusters: [{ name: 'a', load: Infinity }] }).issues;
    expect(issues.map((i) => i.path)).toEqual(['workers.vCPU', 'workers.memoryGiB', 'hostedClusters[0].load']);
  });

  test('capacityOfPlan checks its workers, loads and options the same way', () => {
    const plan = { objects: [] };
    expect(capacityOfPlan(plan, { vCPU: -1, memoryGiB: 1 }, { x: 'mediun' }, { onOverflow: 'no' }).issues.map((i) => i.path)).toEqual([
      'workers.vCPU',
      'onOverflow',
      'loads.x',
    ]);
    expect(capacityOfPlan(plan, docWorkers, ['high']).issues[0]).toMatchObject({ path: 'loads', message: 'an array of 1 item is not a map of loads.' });
    expect(capacityOfPlan(plan, docWorkers, undefined, 'warn').issues[0].message).toBe('unknown key "options".');
  });

  test('any value gives findings or a report, never an exception', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        for (const input of [a, { workers: a }, { workers: docWorkers, hostedClusters: a }, { workers: [docWorkers, a], baseline: b }]) {
          const result = planCapacity(input);
          expect(result.report !== undefined || result.issues.some((i) => i.severity === 'error')).toBe(true);
        }
        const viaPlan = capacityOfPlan({ objects: [] }, a, b);
        expect(Array.isArray(viaPlan.issues)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
