/**
 * The fleet core: placement (pins, the previous record, new clusters by platform, zone and
 * capacity), allocation, the record, and the findings of each rule with their exact messages.
 */
import { FleetRecord, fleetRecordJson, fleetSummary, readFleetRecord } from '../../lib/fleet';
import { errors, fleet, kubevirt, mc, none, record, warnings } from './fleet-fixtures';

const where = (input: unknown, previous?: FleetRecord) => Object.fromEntries(fleet(input, previous).plan!.hostedClusters.map((h) => [h.cluster, h.managementCluster]));

describe('placement', () => {
  it('spreads new clusters by namespace and name over the management cluster with the most room left, ties by name', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('b'), none('a'), none('c')] };
    const { plan, issues } = fleet(input);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(plan!.hostedClusters.map((h) => [h.cluster, h.managementCluster, h.reason])).toEqual([
      ['none-clusters/b', 'west', 'None; 1 of 2 left; east: 1 left'],
      ['none-clusters/a', 'east', 'None; 1 of 2 left; west: 2 left'],
      ['none-clusters/c', 'east', 'None; 0 of 2 left; west: 1 left'],
    ]);
    expect(fleetSummary(plan!)).toEqual([
      'Placement: none-clusters/a → east (None; 1 of 2 left; west: 2 left)',
      'Placement: none-clusters/b → west (None; 1 of 2 left; east: 1 left)',
      'Placement: none-clusters/c → east (None; 0 of 2 left; west: 1 left)',
      'Placement: 3 new, 0 moved, 0 removed',
    ]);
  });

  it('packs new clusters on the management cluster with the least room that still fits', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('a'), none('b'), none('c')], placement: { strategy: 'pack' } };
    expect(where(input)).toEqual({ 'none-clusters/a': 'east', 'none-clusters/b': 'east', 'none-clusters/c': 'west' });
  });

  it('honours a pin', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('a', { managementCluster: 'west' })] };
    const { plan } = fleet(input);
    expect(plan!.hostedClusters[0]).toMatchObject({ managementCluster: 'west', reason: 'pinned', added: true });
  });

  it('refuses a pin to an unknown management cluster, naming the nearest', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('a', { managementCluster: 'wets' })] };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[0].managementCluster',
        message: 'none-clusters/a is pinned to "wets", which is not a management cluster of the fleet; did you mean "west"?',
        fix: 'Pin it to "west".',
      },
    ]);
  });

  it('refuses a pin to a management cluster that does not prepare the platform', () => {
    const input = { managementClusters: [mc('west', {}, { platforms: ['KubeVirt'] }), mc('east')], hostedClusters: [none('a', { managementCluster: 'west' })] };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[0].managementCluster',
        message: 'none-clusters/a is a None cluster and management cluster "west" does not prepare None (its platforms: KubeVirt).',
        fix: 'Add None to the platforms of "west", or pin the cluster to a management cluster that has it.',
      },
    ]);
  });

  it('refuses a pin to a management cluster of another zone', () => {
    const input = { managementClusters: [mc('west', { zone: 'eu' }), mc('east', { zone: 'us' })], hostedClusters: [none('a', { managementCluster: 'west', zone: 'us' })] };
    expect(errors(input).map((i) => [i.path, i.message])).toEqual([['hostedClusters[0].managementCluster', 'none-clusters/a is in zone "us" and management cluster "west" is in zone "eu".']]);
  });

  it('places only on management clusters that prepare the platform', () => {
    const input = { managementClusters: [mc('west', {}, { platforms: ['KubeVirt'] }), mc('east')], hostedClusters: [none('a'), none('b')] };
    expect(where(input)).toEqual({ 'none-clusters/a': 'east', 'none-clusters/b': 'east' });
  });

  it('refuses a cluster whose platform no management cluster prepares, with each one\'s reason', () => {
    const input = { managementClusters: [mc('west', {}, { platforms: ['KubeVirt'] }), mc('east', { zone: 'us' }, { platforms: ['KubeVirt'] })], hostedClusters: [none('a')] };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[0].platform.type',
        message: 'no management cluster prepares None, so none-clusters/a cannot be placed (west: no None; east: no None).',
        fix: 'Add None to the platforms of a management cluster.',
      },
    ]);
  });

  it('places a cluster with a zone only in that zone', () => {
    const input = { managementClusters: [mc('west', { zone: 'eu' }), mc('east', { zone: 'us' })], hostedClusters: [none('a', { zone: 'us' }), none('b', { zone: 'us' })] };
    expect(where(input)).toEqual({ 'none-clusters/a': 'east', 'none-clusters/b': 'east' });
  });

  it('refuses a zone no management cluster is in', () => {
    const input = { managementClusters: [mc('west', { zone: 'eu' })], hostedClusters: [none('a', { zone: 'ap' })] };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[0].zone',
        message: 'no management cluster is in zone "ap", so none-clusters/a cannot be placed (west: zone eu).',
        fix: 'Add None to the platforms of a management cluster in zone "ap", or change the cluster\'s zone.',
      },
    ]);
  });

  it('warns and places on the eligible management cluster with the most room when none has room (onOverflow warn)', () => {
    const input = { managementClusters: [mc('west')], hostedClusters: [none('a'), none('b'), none('c')] };
    const { plan, issues } = fleet(input);
    expect(plan!.hostedClusters.map((h) => h.managementCluster)).toEqual(['west', 'west', 'west']);
    expect(issues.filter((i) => i.path === 'hostedClusters[2]' || i.path === 'managementClusters')).toEqual([
      {
        severity: 'warning',
        object: 'Fleet',
        path: 'hostedClusters[2]',
        message: 'no management cluster that can take none-clusters/c has room for it (west: 0 left, not enough for its load); placed on "west", the one with the most room left.',
        fix: 'Add workers to a management cluster that prepares None, or add a management cluster.',
      },
    ]);
  });

  it('refuses a cluster no management cluster has room for with onOverflow error', () => {
    const input = { managementClusters: [mc('west')], hostedClusters: [none('a'), none('b'), none('c')], placement: { onOverflow: 'error' } };
    expect(errors(input).map((i) => [i.path, i.message])).toEqual([['hostedClusters[2]', 'no management cluster that can take none-clusters/c has room for it (west: 0 left, not enough for its load).']]);
  });

  it('counts hcMaxNumber as a limit', () => {
    const input = { managementClusters: [mc('west', {}, { multiclusterEngine: { hypershiftAddOn: { hcMaxNumber: 1 } } }), mc('east')], hostedClusters: [none('a'), none('b'), none('c')], placement: { strategy: 'pack' } };
    expect(where(input)).toEqual({ 'none-clusters/a': 'west', 'none-clusters/b': 'east', 'none-clusters/c': 'east' });
  });

  it('keeps recorded clusters where they are, even on an overflowing management cluster (a warning)', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('a'), none('b'), none('c')] };
    const previous = record({ 'none-clusters/a': 'west', 'none-clusters/b': 'west', 'none-clusters/c': 'west' });
    const { plan, issues } = fleet(input, previous);
    expect(plan!.hostedClusters.map((h) => [h.managementCluster, h.reason, h.added])).toEqual([
      ['west', 'kept (previous placement)', false],
      ['west', 'kept (previous placement)', false],
      ['west', 'kept (previous placement)', false],
    ]);
    expect(issues.filter((i) => i.path === 'managementClusters')).toEqual([
      {
        severity: 'warning',
        object: 'Fleet',
        path: 'managementClusters',
        message: 'management cluster "west" holds 3 hosted clusters, 1 more than its capacity model holds; placed clusters stay where they are.',
        fix: 'Add workers to "west" (or raise hcMaxNumber), or migrate some of its clusters to another management cluster.',
      },
    ]);
  });

  it('makes the overflow of recorded clusters an error with onOverflow error', () => {
    const input = { managementClusters: [mc('west')], hostedClusters: [none('a'), none('b'), none('c')], placement: { onOverflow: 'error' } };
    const previous = record({ 'none-clusters/a': 'west', 'none-clusters/b': 'west', 'none-clusters/c': 'west' });
    expect(errors(input, previous).map((i) => [i.path, i.message])).toEqual([['managementClusters', 'management cluster "west" holds 3 hosted clusters, 1 more than its capacity model holds; placed clusters stay where they are.']]);
  });

  it('refuses to move a recorded cluster whose management cluster was removed', () => {
    const input = { managementClusters: [mc('east')], hostedClusters: [none('a')] };
    expect(errors(input, record({ 'none-clusters/a': 'west' }))).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[0]',
        message: 'none-clusters/a is on management cluster "west" in the previous output, and the fleet no longer has it; placing the cluster elsewhere would delete it and create a new one.',
        fix: 'Add management cluster "west" back, or migrate the cluster first (HostedClusterMigration, docs/migration.md) and pin it to its new management cluster.',
      },
    ]);
  });

  it('refuses a pin that differs from the recorded placement', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('a', { managementCluster: 'east' })] };
    expect(errors(input, record({ 'none-clusters/a': 'west' }))).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[0].managementCluster',
        message: 'none-clusters/a is pinned to "east", but the previous output places it on "west"; moving it deletes the cluster there and creates a new one.',
        fix: 'Pin it to "west"; to move it, migrate it first (HostedClusterMigration, docs/migration.md) and pin it to "east" after.',
      },
    ]);
  });

  it('reports removed clusters and counts kept ones', () => {
    const input = { managementClusters: [mc('west'), mc('east')], hostedClusters: [none('b')] };
    const { plan } = fleet(input, record({ 'none-clusters/a': 'west', 'none-clusters/b': 'east' }));
    expect(plan!.changes).toEqual({ added: [], removed: [{ cluster: 'none-clusters/a', from: 'west' }], kept: 1 });
    expect(fleetSummary(plan!)).toEqual(['Placement: 0 new, 0 moved, 1 removed (none-clusters/a from west)']);
  });
});

describe('fleet checks', () => {
  it('requires the capacity of each management cluster', () => {
    const input = { managementClusters: [mc('west', {}, { capacity: undefined })], hostedClusters: [] };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'managementClusters[0].cluster.capacity',
        message: 'management cluster "west" gives no capacity, so the fleet cannot tell how many hosted clusters it holds.',
        fix: 'Give cluster.capacity with its control-plane workers: { workers: { count, vCPU, memoryGiB, maxPods } }.',
      },
    ]);
  });

  it('refuses two management clusters of one name', () => {
    const input = { managementClusters: [mc('west'), mc('west')], hostedClusters: [] };
    expect(errors(input).map((i) => [i.path, i.message])).toEqual([['managementClusters[1].name', 'management cluster name "west" is also used by managementClusters[0].']]);
  });

  it('refuses a management cluster name that is not a DNS label', () => {
    const input = { managementClusters: [mc('West_1')], hostedClusters: [] };
    expect(errors(input).map((i) => i.path)).toEqual(['managementClusters[0].name']);
  });

  it('refuses two hosted clusters of one namespace/name', () => {
    const input = { managementClusters: [mc('west')], hostedClusters: [none('a'), none('a')] };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'hostedClusters[1].name',
        message: 'hosted cluster none-clusters/a is also hostedClusters[0]; its folders, ManagedCluster and Flux names would collide.',
        fix: 'Give every hosted cluster its own namespace/name.',
      },
    ]);
  });

  it('gives findings with the props path for values of the wrong type, all in one run', () => {
    const input = {
      managementClusters: [mc('west', { zone: 3 }), 'east'],
      hostedClusters: [none('a', { load: 'heavy', release: 7 })],
      placement: { strategy: 'spred' },
      addressPools: [{ name: 'p', managementCluster: 'west', range: '10.0.0.0/24', perCluster: 0 }],
    };
    expect(errors(input).map((i) => [i.path, i.message])).toEqual([
      ['managementClusters[0].zone', '3 (a number) is not a string.'],
      ['managementClusters[1]', '"east" (a string) is not a fleet management cluster ({ name, zone, cluster, nodePortAddress, dnsDomain }).'],
      ['placement.strategy', '"spred" (a string) is not one of spread, pack; did you mean "spread"?'],
      ['addressPools[0].perCluster', '0 is less than 1.'],
      ['hostedClusters[0].load', '"heavy" (a string) is not a load.'],
      ['hostedClusters[0].release', '7 (a number) is not an object.'],
    ]);
  });

  it('never throws, whatever it is given', () => {
    for (const input of [undefined, null, 3, 'x', [], {}, { managementClusters: {}, hostedClusters: 'x' }, { managementClusters: [null], hostedClusters: [null, 1] }]) {
      expect(() => fleet(input)).not.toThrow();
      expect(fleet(input).plan).toBeUndefined();
    }
  });

  it('passes delivery through untouched', () => {
    const delivery = { argoCd: { repository: 'ssh://git@example.com/fleet.git' } };
    expect(fleet({ managementClusters: [mc('west')], hostedClusters: [], delivery }).plan!.delivery).toBe(delivery);
  });
});

describe('allocation', () => {
  it("fills services.apiServerAddress from the management cluster's nodePortAddress", () => {
    const { plan } = fleet({ managementClusters: [mc('west', { nodePortAddress: '192.0.2.40' })], hostedClusters: [none('a')] });
    expect(plan!.hostedClusters[0].props.services).toEqual({ apiServerAddress: '192.0.2.40' });
    expect(plan!.hostedClusters[0].allocation).toEqual({ apiServerAddress: '192.0.2.40' });
  });

  it('warns when a NodePort cluster gives another address than its management cluster', () => {
    const input = { managementClusters: [mc('west', { nodePortAddress: '192.0.2.40' })], hostedClusters: [none('a', { services: { apiServerAddress: '192.0.2.99' } })] };
    expect(warnings(input).filter((i) => i.path.includes('apiServerAddress'))).toEqual([
      {
        severity: 'warning',
        object: 'Fleet',
        path: 'hostedClusters[0].services.apiServerAddress',
        message: '"192.0.2.99" differs from the nodePortAddress "192.0.2.40" of its management cluster "west", where its node ports are.',
        fix: 'Leave apiServerAddress out to use "192.0.2.40", or make sure "192.0.2.99" reaches the nodes of "west".',
      },
    ]);
  });

  it('reports the missing NodePort address when the management cluster has none either', () => {
    const input = { managementClusters: [mc('west', { nodePortAddress: undefined })], hostedClusters: [none('a')] };
    expect(errors(input).map((i) => [i.path, i.message])).toEqual([['hostedClusters[0].services', 'APIServer, Ignition, Konnectivity, OAuthServer, OIDC are published on NodePorts but no address is given.']]);
  });

  it("fills services.hostnames from the management cluster's dnsDomain as hypershift --external-dns-domain names them", () => {
    const { plan } = fleet({ managementClusters: [mc('west', { dnsDomain: 'svc.example.com' })], hostedClusters: [kubevirt('kv')] });
    expect(plan!.hostedClusters[0].props.services).toEqual({
      hostnames: { APIServer: 'api-kv.svc.example.com', OAuthServer: 'oauth-kv.svc.example.com', Konnectivity: 'konnectivity-kv.svc.example.com', Ignition: 'ignition-kv.svc.example.com' },
    });
    // The API server is then a Route: no load-balancer address is needed.
    expect(plan!.hostedClusters[0].allocation.addresses).toBeUndefined();
  });

  it('gives each cluster that needs load-balancer addresses the lowest free block, keeping recorded ones', () => {
    const pools = [{ name: 'lb', managementCluster: 'west', range: '10.0.1.0/28', perCluster: 4 }];
    const input = { managementClusters: [mc('west')], hostedClusters: [kubevirt('a'), kubevirt('b'), none('n')], addressPools: pools };
    const previous = record({ 'kubevirt-clusters/b': 'west' }, { 'kubevirt-clusters/b': { pool: 'lb', range: '10.0.1.0-10.0.1.3' } });
    const { plan } = fleet(input, previous);
    expect(plan!.hostedClusters.map((h) => h.allocation.addresses)).toEqual([{ pool: 'lb', range: '10.0.1.4-10.0.1.7' }, { pool: 'lb', range: '10.0.1.0-10.0.1.3' }, undefined]);
    expect(plan!.record.allocations).toEqual({ 'kubevirt-clusters/a': { pool: 'lb', range: '10.0.1.4-10.0.1.7' }, 'kubevirt-clusters/b': { pool: 'lb', range: '10.0.1.0-10.0.1.3' } });
  });

  it('refuses more clusters than the pools have blocks', () => {
    const pools = [{ name: 'lb', managementCluster: 'west', range: '10.0.1.0-10.0.1.5', perCluster: 4 }];
    const input = { managementClusters: [mc('west')], hostedClusters: [kubevirt('a'), kubevirt('b')], addressPools: pools };
    expect(errors(input)).toEqual([
      {
        severity: 'error',
        object: 'Fleet',
        path: 'addressPools[0]',
        message: 'the address pools of management cluster "west" are exhausted: 1 more hosted cluster needs a block (lb 10.0.1.0-10.0.1.5: 1 block of 4).',
        fix: 'Give "west" a larger pool or another one, or lower perCluster.',
      },
    ]);
  });

  it('refuses two pools of one management cluster that overlap', () => {
    const pools = [
      { name: 'one', managementCluster: 'west', range: '10.0.1.0/28', perCluster: 4 },
      { name: 'two', managementCluster: 'west', range: '10.0.1.8-10.0.1.20', perCluster: 4 },
    ];
    expect(errors({ managementClusters: [mc('west')], hostedClusters: [], addressPools: pools }).map((i) => [i.path, i.message])).toEqual([
      ['addressPools[1].range', '10.0.1.8-10.0.1.20 overlaps pool "one" (10.0.1.0/28) of the same management cluster.'],
    ]);
  });
});

describe('record', () => {
  it('is JSON with sorted keys and a final newline, and reads back', () => {
    const text = fleetRecordJson(record({ 'b/x': 'west', 'a/y': 'east' }));
    expect(text).toBe('{\n  "allocations": {},\n  "placements": {\n    "a/y": "east",\n    "b/x": "west"\n  },\n  "version": 1\n}\n');
    expect(readFleetRecord(text)).toEqual({ record: record({ 'a/y': 'east', 'b/x': 'west' }), issues: [] });
  });

  it('reads nothing as no record', () => {
    expect(readFleetRecord(undefined)).toEqual({ issues: [] });
  });

  it('reads a broken record as none, with one warning', () => {
    expect(readFleetRecord('{"version": 2}')).toEqual({
      issues: [
        {
          severity: 'warning',
          object: 'fleet record',
          path: '(record)',
          message: 'the previous fleet record is unreadable: version 2 is not 1; placement starts from the pins alone, so clusters without a pin may be placed elsewhere than before.',
          fix: 'Restore reports/fleet.json from version control, or pin every existing hosted cluster (managementCluster) before synthesizing.',
        },
      ],
    });
    expect(readFleetRecord('{').issues.map((i) => i.severity)).toEqual(['warning']);
  });
});
