/**
 * Fleet placement and allocation on random fleets: given the previous record, adding or removing
 * a hosted cluster moves no other and changes no other's addresses; address blocks never overlap
 * and are never shared; the same input gives the same record bytes.
 */
import fc from 'fast-check';
import { FleetPlan, fleetRecordJson, fleetReportJson } from '../../lib/fleet';
import { fleet, kubevirt, mc, none } from '../unit/fleet-fixtures';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];

const fleetArb = fc.record({
  mcs: fc.array(fc.record({ workers: fc.integer({ min: 1, max: 4 }), zone: fc.constantFrom(undefined, 'x') }), { minLength: 1, maxLength: 4 }),
  clusters: fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), kubevirt: fc.boolean() }), { selector: (c) => c.name, minLength: 1, maxLength: 8 }),
  strategy: fc.constantFrom('spread', 'pack'),
  extra: fc.record({ name: fc.constantFrom('x1', 'x2'), kubevirt: fc.boolean() }),
  removed: fc.nat(),
});

type Cluster = { name: string; kubevirt: boolean };
const inputOf = (mcs: { workers: number; zone?: string }[], clusters: readonly Cluster[], strategy: string) => ({
  managementClusters: mcs.map((m, i) => mc(`m${i}`, { zone: m.zone }, { capacity: { workers: { count: m.workers, vCPU: 16, memoryGiB: 64, maxPods: 250 } } })),
  hostedClusters: clusters.map((c) => (c.kubevirt ? kubevirt(c.name) : none(c.name))),
  addressPools: mcs.map((_, i) => ({ name: `pool-${i}`, managementCluster: `m${i}`, range: `10.${i}.0.0/26`, perCluster: 4 })),
  placement: { strategy },
});

const placedOf = (plan: FleetPlan) => Object.fromEntries(plan.hostedClusters.map((h) => [h.cluster, [h.managementCluster, h.allocation.addresses?.range]]));

function planOf(input: unknown, previous?: FleetPlan): FleetPlan {
  const { plan, issues } = fleet(input, previous?.record);
  if (!plan) throw new Error(issues.filter((i) => i.severity === 'error').map((i) => `${i.path}: ${i.message}`).join('\n'));
  return plan;
}

describe('fleet placement and allocation on random fleets', () => {
  it('moves no other cluster and keeps every other block when a cluster is added or removed', () => {
    fc.assert(
      fc.property(fleetArb, ({ mcs, clusters, strategy, extra, removed }) => {
        const first = planOf(inputOf(mcs, clusters, strategy));
        const added = placedOf(planOf(inputOf(mcs, [...clusters, extra], strategy), first));
        const gone = clusters[removed % clusters.length];
        const fewer = placedOf(planOf(inputOf(mcs, clusters.filter((c) => c !== gone), strategy), first));
        for (const [cluster, placed] of Object.entries(placedOf(first))) {
          expect(added[cluster]).toEqual(placed);
          if (cluster !== `${gone.kubevirt ? 'kubevirt' : 'none'}-clusters/${gone.name}`) expect(fewer[cluster]).toEqual(placed);
        }
      }),
      { numRuns: 25, seed: 2020 },
    );
  });

  it('never gives two clusters one block, and keeps every block inside its pool', () => {
    fc.assert(
      fc.property(fleetArb, ({ mcs, clusters, strategy }) => {
        const plan = planOf(inputOf(mcs, clusters, strategy));
        const blocks = plan.hostedClusters.flatMap((h) => (h.allocation.addresses ? [h.allocation.addresses] : []));
        expect(new Set(blocks.map((b) => b.range)).size).toBe(blocks.length);
        for (const h of plan.hostedClusters) {
          const block = h.allocation.addresses;
          if (!block) continue;
          const i = Number(h.managementCluster.slice(1));
          expect(block.pool).toBe(`pool-${i}`);
          expect(block.range).toMatch(new RegExp(`^10\\.${i}\\.0\\.(\\d+)-10\\.${i}\\.0\\.(\\d+)$`));
          const [, first, last] = /\.(\d+)-.*\.(\d+)$/.exec(block.range)!.map(Number);
          expect([first % 4, last - first, last < 64]).toEqual([0, 3, true]);
        }
      }),
      { numRuns: 25, seed: 2021 },
    );
  });

  it('gives the same record and report bytes for the same input', () => {
    fc.assert(
      fc.property(fleetArb, ({ mcs, clusters, strategy }) => {
        const [one, two] = [planOf(inputOf(mcs, clusters, strategy)), planOf(inputOf(mcs, clusters, strategy))];
        expect(fleetRecordJson(two.record)).toBe(fleetRecordJson(one.record));
        expect(fleetReportJson(two.report)).toBe(fleetReportJson(one.report));
        // And the record read back places everything where it was.
        expect(placedOf(planOf(inputOf(mcs, clusters, strategy), one))).toEqual(placedOf(one));
      }),
      { numRuns: 15, seed: 2022 },
    );
  });
});
