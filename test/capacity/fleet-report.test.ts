/** The fleet report: its fields per management cluster, its JSON, and a deterministic picture. */
import { fleetReportJson, fleetReportSvg } from '../../lib/fleet';
import { fleet, kubevirt, mc, none, record } from '../unit/fleet-fixtures';

const input = {
  managementClusters: [mc('west', { zone: 'eu' }), mc('east', {}, { capacity: { workers: { count: 4, vCPU: 32, memoryGiB: 128, maxPods: 500 } }, kubelet: { maxPods: 500 } })],
  hostedClusters: [none('a', { managementCluster: 'west' }), none('b', { managementCluster: 'west' }), none('c', { managementCluster: 'west' }), kubevirt('kv'), none('d')],
  addressPools: [{ name: 'lb', managementCluster: 'east', range: '10.0.1.0/28', perCluster: 4 }],
};
const planned = () => fleet(input, record({ 'none-clusters/gone': 'east' })).plan!;

describe('fleet report', () => {
  it('gives each management cluster its clusters, capacity, headroom, limit and blocks', () => {
    const report = planned().report;
    expect(report.managementClusters).toEqual([
      {
        name: 'west',
        zone: 'eu',
        hostedClusters: ['none-clusters/a', 'none-clusters/b', 'none-clusters/c'],
        capacity: 2,
        headroom: -1,
        usedShare: 1.5,
        limitingFactor: 'cpuUsage',
        hcMaxNumber: 80,
        fits: false,
        allocations: [],
      },
      {
        name: 'east',
        hostedClusters: ['kubevirt-clusters/kv', 'none-clusters/d'],
        capacity: 10,
        headroom: 8,
        usedShare: 0.2,
        limitingFactor: 'cpuUsage',
        hcMaxNumber: 80,
        fits: true,
        allocations: [{ cluster: 'kubevirt-clusters/kv', pool: 'lb', range: '10.0.1.0-10.0.1.3' }],
      },
    ]);
    expect(planned().changes).toEqual({
      added: [
        { cluster: 'kubevirt-clusters/kv', to: 'east' },
        { cluster: 'none-clusters/a', to: 'west' },
        { cluster: 'none-clusters/b', to: 'west' },
        { cluster: 'none-clusters/c', to: 'west' },
        { cluster: 'none-clusters/d', to: 'east' },
      ],
      removed: [{ cluster: 'none-clusters/gone', from: 'east' }],
      kept: 0,
    });
  });

  it('writes JSON with sorted keys and the same bytes every time', () => {
    const json = fleetReportJson(planned().report);
    expect(json).toBe(fleetReportJson(planned().report));
    expect(json.endsWith('}\n')).toBe(true);
    // Only what the input decides: a synth again into the same folder finds the report unchanged.
    expect(Object.keys(JSON.parse(json))).toEqual(['managementClusters']);
    expect(fleetReportJson(fleet(input).plan!.report)).toBe(json);
  });

  it('draws one bar per management cluster, the same bytes every time', () => {
    const svg = fleetReportSvg(planned().report);
    expect(svg).toBe(fleetReportSvg(planned().report));
    expect(svg).toContain('<title>Fleet: 5 hosted clusters on 2 management clusters</title>');
    expect(svg).toContain('Room for 8 more at medium load; each bar is one management cluster, its track the clusters it can hold.');
    expect(svg).toContain('>3 of 2 (150%), headroom -1, limited by vCPU usage</text>');
    expect(svg).toContain('>2 of 10 (20%), headroom 8, limited by vCPU usage</text>');
    expect(svg.match(/<g>/g)).toHaveLength(2);
    expect(svg).toContain('fill="#dc2626"'); // west is over
  });
});
