/**
 * The incremental capacity model placement uses: adding control planes one at a time with
 * `fitsWith` says exactly what `planCapacity` says of the whole fleet.
 */
import fc from 'fast-check';
import { planCapacity } from '../../lib/capacity';
import { NO_DEMAND, addDemand, capacityModel, demandOf, fitsWith, headroomWith } from '../../lib/capacity/capacity-model';

const server1 = { name: 'server-1', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 500 };

describe('capacity model', () => {
  it('holds 16 medium control planes on the documentation\'s Server 1, not 17', () => {
    const model = capacityModel({ workers: server1 })!;
    let total = NO_DEMAND;
    for (let i = 0; i < 16; i++) {
      expect(fitsWith(model, total, demandOf(model))).toBe(true);
      total = addDemand(total, demandOf(model));
    }
    expect(fitsWith(model, total, demandOf(model))).toBe(false);
    expect(headroomWith(model, total, 16)).toBe(0);
    expect(headroomWith(model, NO_DEMAND, 0)).toBe(16);
  });

  it('reads a load from the options by namespace/name, then name', () => {
    const model = capacityModel({ workers: server1, loads: { 'clusters/a': 'high', b: 'low' } })!;
    expect(demandOf(model, undefined, { namespace: 'clusters', name: 'a' })).toEqual(demandOf(model, 'high'));
    expect(demandOf(model, undefined, { namespace: 'x', name: 'b' })).toEqual(demandOf(model, 'low'));
    expect(demandOf(model, undefined, { namespace: 'x', name: 'c' })).toEqual(demandOf(model, 'medium'));
  });

  it('is undefined for invalid options', () => {
    expect(capacityModel({ workers: [] })).toBeUndefined();
    expect(capacityModel('x')).toBeUndefined();
  });

  it('equals planCapacity(...).fits on random fleets, cluster by cluster', () => {
    const group = fc.record({
      count: fc.integer({ min: 1, max: 6 }),
      vCPU: fc.integer({ min: 8, max: 256 }),
      memoryGiB: fc.integer({ min: 16, max: 1024 }),
      maxPods: fc.integer({ min: 100, max: 1000 }),
    });
    const load = fc.oneof(fc.constantFrom('low' as const, 'medium' as const, 'high' as const), fc.integer({ min: 0, max: 5000 }));
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 3 }), fc.array(load, { maxLength: 40 }), (workers, loads) => {
        const model = capacityModel({ workers })!;
        let total = NO_DEMAND;
        loads.forEach((l, i) => {
          const fleet = loads.slice(0, i + 1).map((x, j) => ({ name: `hc-${j}`, load: x }));
          const expected = planCapacity({ workers, hostedClusters: fleet }).report!.fits;
          expect(fitsWith(model, total, demandOf(model, l))).toBe(expected);
          total = addDemand(total, demandOf(model, l));
          expect(headroomWith(model, total, i + 1)).toBe(planCapacity({ workers, hostedClusters: fleet }).report!.headroom);
        });
      }),
      { numRuns: 60, seed: 20 },
    );
  });
});
