/**
 * The sizing rules against the documentation: OpenShift Container Platform 4.16 "Hosted control
 * planes", section 2.2 "Sizing guidance for hosted control planes" (Tables 2.2 to 2.5) and 2.3.1
 * "Overriding resource utilization measurements for a hosted cluster".
 */
import fc from 'fast-check';
import {
  DEFAULT_SIZING_BASELINE,
  LIMITING_FACTORS,
  controlPlaneDemand,
  qpsOf,
  sizingBaseline,
  sizingBaselineConfigMap,
  workerLimits,
} from '../../lib/capacity';
import { checkObjectSchema } from '../../lib/api';

describe('the documentation\'s figures', () => {
  test('baseline: 5 vCPU and 18 GiB requested, 75 pods, 2.9 vCPU and 11.1 GiB idle, +9.0 vCPU and +2.5 GiB per 1000 QPS (2.2.1-2.2.3, Table 2.2)', () => {
    expect(DEFAULT_SIZING_BASELINE).toEqual({
      cpuRequestPerHCP: 5,
      memoryRequestPerHCP: 18,
      podsPerHCP: 75,
      idleCPUUsage: 2.9,
      idleMemoryUsage: 11.1,
      incrementalCPUUsagePer1KQPS: 9.0,
      incrementalMemUsagePer1KQPS: 2.5,
      minimumQPSPerHCP: 50,
      mediumQPSPerHCP: 1000,
      highQPSPerHCP: 2000,
    });
  });

  test('Table 2.3: medium (1000 QPS) uses 11.9 vCPU and 13.6 GiB, high (2000 QPS) 20.9 and 16.1, idle 2.9 and 11.1', () => {
    const at = (qps: number) => controlPlaneDemand(qps);
    expect(at(0).cpuUsage).toBeCloseTo(2.9, 10);
    expect(at(0).memoryUsage).toBeCloseTo(11.1, 10);
    expect(at(qpsOf('medium')).cpuUsage).toBeCloseTo(11.9, 10);
    expect(at(qpsOf('medium')).memoryUsage).toBeCloseTo(13.6, 10);
    expect(at(qpsOf('high')).cpuUsage).toBeCloseTo(20.9, 10);
    expect(at(qpsOf('high')).memoryUsage).toBeCloseTo(16.1, 10);
    // "Low load (less than 50 QPS)": the planner takes the upper end, 50 QPS (the add-on's minimumQPSPerHCP).
    expect(qpsOf('low')).toBe(50);
    expect(qpsOf(1234)).toBe(1234);
  });

  // Table 2.5, "Sizing calculation example" (section 2.2.4): the documented values are rounded to one
  // decimal (10.756 is printed 10.7), so the rows are compared to 0.1 and the limit exactly.
  test.each([
    ['Server 1', { vCPU: 64, memoryGiB: 128, maxPods: 500 }, { cpuRequest: 12.8, cpuUsage: 5.4, memoryRequest: 7.1, memoryUsage: 9.4, pods: 6.7 }, 5.4, 'cpuUsage'],
    ['Server 2', { vCPU: 128, memoryGiB: 256, maxPods: 500 }, { cpuRequest: 25.6, cpuUsage: 10.7, memoryRequest: 14.2, memoryUsage: 18.8, pods: 6.7 }, 6.7, 'pods'],
  ] as const)('Table 2.5, %s at 1000 QPS', (_name, worker, rows, minimum, factor) => {
    const limits = workerLimits(worker, controlPlaneDemand(1000));
    for (const key of LIMITING_FACTORS) expect(Math.abs(limits.byFactor[key] - rows[key])).toBeLessThanOrEqual(0.1);
    expect(Math.abs(limits.perWorker - minimum)).toBeLessThanOrEqual(0.1);
    expect(limits.limitingFactor).toBe(factor);
  });

  test('the limit of a worker is the least of the five, and names it', () => {
    const worker = fc.record({
      vCPU: fc.double({ min: 0.5, max: 1024, noNaN: true }),
      memoryGiB: fc.double({ min: 0.5, max: 8192, noNaN: true }),
      maxPods: fc.integer({ min: 1, max: 5000 }),
    });
    fc.assert(
      fc.property(worker, fc.double({ min: 0, max: 20_000, noNaN: true }), (w, qps) => {
        const limits = workerLimits(w, controlPlaneDemand(qps));
        const values = LIMITING_FACTORS.map((f) => limits.byFactor[f]);
        expect(limits.perWorker).toBe(Math.min(...values));
        expect(limits.byFactor[limits.limitingFactor]).toBe(limits.perWorker);
      }),
    );
  });
});

describe('the hcp-sizing-baseline ConfigMap (section 2.3.1)', () => {
  test('the documentation\'s example: name, namespace local-cluster, the overridden keys as strings', () => {
    const configMap = sizingBaselineConfigMap({ incrementalCPUUsagePer1KQPS: 9.0, memoryRequestPerHCP: 18, minimumQPSPerHCP: 50.0 });
    expect(configMap).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'hcp-sizing-baseline', namespace: 'local-cluster' },
      data: { incrementalCPUUsagePer1KQPS: '9.0', memoryRequestPerHCP: '18.0', minimumQPSPerHCP: '50.0' },
    });
    expect(checkObjectSchema(configMap)).toEqual([]);
  });

  test('every key, in sorted order, in decimal notation that parses back to the value', () => {
    const all = { ...DEFAULT_SIZING_BASELINE, idleCPUUsage: 3.25, podsPerHCP: 80, minimumQPSPerHCP: 0.0000001 };
    const data = sizingBaselineConfigMap(all).data!;
    expect(Object.keys(data)).toEqual(Object.keys(all).sort());
    for (const [key, text] of Object.entries(data)) {
      expect(text).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(text)).toBe(all[key as keyof typeof all]);
    }
  });

  test('no overrides give an empty ConfigMap (the add-on keeps its defaults for missing keys)', () => {
    expect(sizingBaselineConfigMap({}).data).toEqual({});
  });

  test('overrides change the baseline and the limits', () => {
    const baseline = sizingBaseline({ podsPerHCP: 100, cpuRequestPerHCP: 4 });
    expect(baseline).toEqual({ ...DEFAULT_SIZING_BASELINE, podsPerHCP: 100, cpuRequestPerHCP: 4 });
    const limits = workerLimits({ vCPU: 64, memoryGiB: 128, maxPods: 500 }, controlPlaneDemand(0, baseline));
    expect(limits.byFactor.pods).toBe(5);
    expect(limits.byFactor.cpuRequest).toBe(16);
  });
});
