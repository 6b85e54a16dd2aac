/**
 * The fleet check. The documentation's worked example (OpenShift Container Platform 4.16 "Hosted
 * control planes", section 2.2.4 "Sizing calculation example", Tables 2.4 and 2.5): three workers
 * of 64 vCPU and 128 GiB (Server 1) or 128 vCPU and 256 GiB (Server 2), maxPods 500, 1000 QPS,
 * hold 16 control planes (vCPU limiting factor) and 20 (maxPods limiting factor).
 */
import fc from 'fast-check';
import { capacityOfPlan, capacitySummary, planCapacity, planCapacityOrThrow, CapacityInput } from '../../lib/capacity';
import { HcpValidationError } from '../../lib/core/errors';
import { Plan, contributionOf } from '../../lib/core/plan-model';
import { SecretSource } from '../../lib/core/secrets';
import { checkHostedCluster, HostedClusterProps } from '../../lib/platforms';

const server1 = { name: 'server-1', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 500 };
const server2 = { name: 'server-2', count: 3, vCPU: 128, memoryGiB: 256, maxPods: 500 };
const medium = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `hc-${i}`, load: 'medium' as const }));

describe('the documentation\'s example (section 2.2.4, Table 2.5)', () => {
  test('Server 1: 16 hosted control planes, vCPU (usage) limiting', () => {
    const report = planCapacityOrThrow({ workers: server1 });
    expect(report.capacity).toBe(16);
    expect(report.limitingFactor).toBe('cpuUsage');
    expect(report.workers[0].perWorker).toBeCloseTo(5.3782, 4);
    expect(report.workers[0].capacity).toBeCloseTo(16.134, 3);
    expect(report.demandPerControlPlane.qps).toBe(1000);
  });

  test('Server 2: 20 hosted control planes, maxPods limiting', () => {
    const report = planCapacityOrThrow({ workers: [server2] });
    expect(report.capacity).toBe(20);
    expect(report.limitingFactor).toBe('pods');
    expect(report.workers[0].perWorker).toBeCloseTo(6.6667, 4);
  });

  test('the same with a fleet of medium-load clusters: 16 fit with no headroom, 17 do not', () => {
    const fits = planCapacity({ workers: server1, hostedClusters: medium(16) });
    expect(fits.issues).toEqual([]);
    expect(fits.report).toMatchObject({ capacity: 16, headroom: 0, fits: true, headroomQps: 1000 });

    const over = planCapacity({ workers: server1, hostedClusters: medium(17) });
    expect(over.report).toMatchObject({ capacity: 16, headroom: -1, fits: false });
    expect(over.issues).toEqual([
      {
        severity: 'warning',
        object: 'management cluster capacity',
        path: 'workers',
        message: '17 hosted control planes do not fit: the control-plane workers hold 16 of this fleet\'s load (1000 QPS each on average), limited by vCPU usage (1 too many).',
        fix: 'Add 1 more worker like "server-1", or host 1 of the clusters on another management cluster.',
      },
    ]);
  });

  test('onOverflow: error makes the overflow an error, and planCapacityOrThrow throws it', () => {
    const input: CapacityInput = { workers: server2, hostedClusters: medium(25), onOverflow: 'error' };
    const { issues } = planCapacity(input);
    expect(issues).toHaveLength(1);
    expect(issues[0].severity).toBe('error');
    expect(issues[0].message).toContain('limited by maxPods (5 too many)');
    expect(issues[0].fix).toBe('Add 1 more worker like "server-2", or host 5 of the clusters on another management cluster.');
    expect(() => planCapacityOrThrow(input)).toThrow(HcpValidationError);
  });

  test('the default maxPods 250 as the limit (3 × 250 / 75 = 10): the fix says to raise it to 500 (section 2.2.1)', () => {
    const { issues } = planCapacity({ workers: { count: 3, vCPU: 128, memoryGiB: 256 }, hostedClusters: medium(11) });
    expect(issues[0].message).toContain('hold 10 of this fleet\'s load (1000 QPS each on average), limited by maxPods (1 too many');
    expect(issues[0].fix).toMatch(/^Either raise maxPods to 500 with a KubeletConfig .*, or add 1 more worker like "workers"/);
  });

  test('capacity at each load class, and request-based (the add-on\'s gauges)', () => {
    expect(planCapacityOrThrow({ workers: server1 }).capacityByLoad).toEqual({ requests: 20, low: 20, medium: 16, high: 9 });
    expect(planCapacityOrThrow({ workers: server2 }).capacityByLoad).toEqual({ requests: 20, low: 20, medium: 20, high: 18 });
  });
});

describe('mixed fleets', () => {
  test('loads add up: one high and one idle cluster need what two medium ones need', () => {
    const mixed = planCapacityOrThrow({ workers: server1, hostedClusters: [{ name: 'a', load: 'high' }, { name: 'b', load: 0 }] });
    const uniform = planCapacityOrThrow({ workers: server1, hostedClusters: medium(2) });
    expect(mixed.hostedClusters).toEqual([
      { name: 'a', availability: 'HighlyAvailable', qps: 2000 },
      { name: 'b', availability: 'HighlyAvailable', qps: 0 },
    ]);
    expect(mixed).toMatchObject({ capacity: 16, headroom: 14, limitingFactor: 'cpuUsage' });
    expect(mixed.workers[0].used.vCPU).toBeCloseTo(uniform.workers[0].used.vCPU, 9);
    expect(mixed.workers[0].used.vCPU).toBeCloseTo(2 * 11.9, 9);
  });

  test('headroom counts medium-load control planes beside the planned ones', () => {
    // 10 idle clusters use 10 × 5 vCPU requested (usage 2.9 is less), 10 × 18 GiB, 750 pods of
    // 3 × (64 vCPU, 128 GiB, 500 pods); memory requests are left for (384 - 180) / 18 = 11.3 medium ones,
    // vCPU usage for (192 - 29) / 11.9 = 13.7, pods for 750 / 75 = 10.
    const report = planCapacityOrThrow({ workers: server1, hostedClusters: Array.from({ length: 10 }, (_, i) => ({ name: `idle-${i}`, load: 0 })) });
    expect(report).toMatchObject({ headroom: 10, capacity: 20, fits: true, limitingFactor: 'pods' });
  });

  test('workers of different sizes add up: Server 1 and Server 2 groups together hold 16.13 + 20 → 36', () => {
    const report = planCapacityOrThrow({ workers: [server1, server2] });
    expect(report.capacity).toBe(36);
    expect(report.workers.map((w) => w.limitingFactor)).toEqual(['cpuUsage', 'pods']);
    expect(report.limitingFactor).toBe('pods'); // it caps 20 of the 36
  });

  test('SingleReplica clusters are counted as highly available, with a warning each', () => {
    const { report, issues } = planCapacity({ workers: server1, hostedClusters: [{ name: 'a', availability: 'SingleReplica' }, { name: 'b' }] });
    expect(report?.headroom).toBe(14);
    expect(issues).toEqual([expect.objectContaining({ severity: 'warning', object: 'capacity input', path: 'hostedClusters[0].availability' })]);
    expect(issues[0].message).toContain('covers highly available control planes only');
  });

  test('baseline overrides are used', () => {
    const report = planCapacityOrThrow({ workers: server2, baseline: { podsPerHCP: 50 } });
    expect(report.workers[0].limits.pods).toBe(10);
    expect(report.baseline.podsPerHCP).toBe(50);
    expect(report.capacity).toBe(30); // pods: 500 / 50 × 3; vCPU usage would allow 128 / 11.9 × 3 = 32.3
  });
});

describe('capacityOfPlan: the HostedClusters of an app plan', () => {
  const props = (name: string, extra: Partial<HostedClusterProps> = {}): HostedClusterProps => ({
    name,
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
    platform: { type: 'None' },
    services: { apiServerAddress: '192.0.2.10' },
    pullSecret: SecretSource.existing(`${name}-pull-secret`),
    secretEncryption: { aescbc: SecretSource.existing(`${name}-etcd`) },
    ...extra,
  });
  const planOf = (...all: HostedClusterProps[]) => {
    const plan = new Plan();
    for (const p of all) {
      const checked = checkHostedCluster(p);
      plan.add(contributionOf(checked.plan!, []));
    }
    return plan;
  };

  test('reads each HostedCluster, its availability policy and its load by namespace/name or by name', () => {
    const plan = planOf(props('a', { controllerAvailabilityPolicy: 'HighlyAvailable' }), props('b', { controllerAvailabilityPolicy: 'HighlyAvailable' }), props('c'));
    const { report, issues } = capacityOfPlan(plan, server1, { 'clusters/a': 'high', b: 0, nobody: 'low' });
    expect(report?.hostedClusters).toEqual([
      { name: 'clusters/a', availability: 'HighlyAvailable', qps: 2000 },
      { name: 'clusters/b', availability: 'HighlyAvailable', qps: 0 },
      { name: 'clusters/c', availability: 'SingleReplica', qps: 1000 }, // the CLI's default policy; medium load by default
    ]);
    // clusters/c is SingleReplica: its own check warned about it, so capacity does not warn again (one finding per cause).
    expect(issues.map((i) => [i.severity, i.object, i.path])).toEqual([['warning', 'capacity input', 'loads.nobody']]);
    expect(checkHostedCluster(props('c')).issues.filter((i) => i.message.includes('SingleReplica'))).toHaveLength(1);
    expect(capacitySummary(report!)).toContain('. 1 of the planned is SingleReplica, counted as highly available (an overestimate). With one load for all:');
    expect(report?.capacity).toBe(16);
  });

  test('a cluster named like an Object property takes no load from the prototype', () => {
    const plan = planOf(props('constructor', { controllerAvailabilityPolicy: 'HighlyAvailable' }));
    const { report, issues } = capacityOfPlan(plan, server1, {});
    expect(report?.hostedClusters).toEqual([{ name: 'clusters/constructor', availability: 'HighlyAvailable', qps: 1000 }]);
    expect(issues).toEqual([]);
  });

  test('a fleet that does not fit: warning or error as asked', () => {
    const names = Array.from({ length: 4 }, (_, i) => `hc-${i}`);
    const plan = planOf(...names.map((n) => props(n, { controllerAvailabilityPolicy: 'HighlyAvailable' })));
    const small = { count: 1, vCPU: 16, memoryGiB: 64, maxPods: 500 };
    expect(capacityOfPlan(plan, small).issues.map((i) => i.severity)).toEqual(['warning']);
    const { report, issues } = capacityOfPlan(plan, small, {}, { onOverflow: 'error' });
    expect(report).toMatchObject({ capacity: 1, headroom: -3, fits: false, limitingFactor: 'cpuUsage' });
    expect(issues.map((i) => [i.severity, i.path])).toEqual([['error', 'workers']]);
  });
});

describe('properties', () => {
  const group = fc.record({
    count: fc.integer({ min: 1, max: 20 }),
    vCPU: fc.integer({ min: 1, max: 256 }),
    memoryGiB: fc.integer({ min: 1, max: 2048 }),
    maxPods: fc.integer({ min: 1, max: 2000 }),
  });
  const load = fc.oneof(fc.constantFrom('low' as const, 'medium' as const, 'high' as const), fc.integer({ min: 0, max: 5000 }));
  const clusters = fc.array(fc.record({ name: fc.constant('hc'), load }), { maxLength: 40 });

  test('more workers never lower capacity', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), group, clusters, (groups, extra, fleet) => {
        const before = planCapacityOrThrow({ workers: groups, hostedClusters: fleet });
        const more = planCapacityOrThrow({ workers: [...groups, extra], hostedClusters: fleet });
        const bigger = planCapacityOrThrow({ workers: groups.map((g, i) => (i === 0 ? { ...g, count: g.count + 1 } : g)), hostedClusters: fleet });
        expect(more.capacity).toBeGreaterThanOrEqual(before.capacity);
        expect(bigger.capacity).toBeGreaterThanOrEqual(before.capacity);
      }),
    );
  });

  test('with one load for all, capacity is the sum over groups of the least limit × workers, rounded down', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 40 }), (groups, n) => {
        const report = planCapacityOrThrow({ workers: groups, hostedClusters: medium(n) });
        let sum = 0;
        for (const w of report.workers) {
          expect(w.perWorker).toBe(Math.min(...Object.values(w.limits)));
          expect(w.limits[w.limitingFactor]).toBe(w.perWorker);
          sum += w.perWorker * w.count;
        }
        expect(report.capacity).toBe(Math.floor(sum + 1e-9));
        expect(report.capacity).toBe(report.capacityByLoad.medium);
        expect(report.headroom).toBe(report.capacity - n);
        expect(report.fits).toBe(n <= report.capacity);
      }),
    );
  });

  test('any fleet: capacity is the planned clusters plus headroom, and fits exactly when headroom is not negative', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), clusters, (groups, fleet) => {
        const report = planCapacityOrThrow({ workers: groups, hostedClusters: fleet });
        expect(report.capacity).toBe(fleet.length + report.headroom);
        expect(report.fits).toBe(report.headroom >= 0);
        // The per-worker limits hold the planned fleet and its headroom.
        const held = report.workers.reduce((sum, w) => sum + w.capacity, 0);
        if (report.fits) expect(held).toBeGreaterThanOrEqual(report.capacity - 1e-9);
        // A fleet that does not fit: the workers hold as many of its average control plane as the limits allow.
        else expect(report.capacity).toBe(Math.floor(held + 1e-9));
      }),
    );
  });

  test('adding a hosted cluster never increases headroom', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 3 }), clusters, load, (groups, fleet, extra) => {
        const before = planCapacityOrThrow({ workers: groups, hostedClusters: fleet });
        const after = planCapacityOrThrow({ workers: groups, hostedClusters: [...fleet, { name: 'new', load: extra }] });
        expect(after.headroom).toBeLessThanOrEqual(before.headroom);
      }),
    );
  });

  test('a fleet that fits uses no more than any group has, of any resource', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 3 }), clusters, (groups, fleet) => {
        const report = planCapacityOrThrow({ workers: groups, hostedClusters: fleet });
        if (!report.fits) return;
        for (const w of report.workers) for (const r of ['vCPU', 'memory', 'pods'] as const) expect(w.used[r]).toBeLessThanOrEqual(w.total[r] * (1 + 1e-9));
      }),
    );
  });
});
