/**
 * The body of a fleet planning thread (see fleet-planning.ts): plans each hosted cluster of each
 * job it is sent, in order, and posts the plans as plain data with each object's YAML document.
 */
import { parentPort, workerData } from 'worker_threads';
import { checkHostedCluster } from '../platforms';
import { toYaml } from '../core/yaml';
import { plannedDocument } from './planned-document';
import type { PlanAnswer, PlanJob, PlanningThreadData, ThreadPlanItem, ThreadPlannedCluster } from './fleet-planning';

const { counters, results, options } = workerData as PlanningThreadData;
const answered = new Int32Array(counters);

/** One cluster's answer; undefined when it cannot be told as plain data (the main thread plans it). */
function plan(props: unknown): ThreadPlannedCluster | undefined {
  try {
    const { plan, issues } = checkHostedCluster(props, options);
    if (!plan || issues.some((i) => i.severity === 'error')) return { issues };
    const items: ThreadPlanItem[] = [];
    for (const item of plan.objects) {
      const document = plannedDocument(item);
      if (!document) return undefined;
      const { object, phase, readiness, shared, claims, dependsOn, patch, paths } = item;
      items.push({
        object,
        phase: phase.name,
        wave: phase.wave,
        readiness,
        ...(shared !== undefined ? { shared } : {}),
        ...(claims !== undefined ? { claims } : {}),
        ...(dependsOn !== undefined ? { dependsOn } : {}),
        ...(patch !== undefined ? { patch } : {}),
        ...(paths !== undefined ? { traced: true } : {}),
        yaml: toYaml(document),
      });
    }
    const { objects: _objects, checks, ...rest } = plan;
    // Checks are functions: a plan that brings any is planned in the main thread.
    return checks?.length ? undefined : { issues, plan: { ...rest, items } };
  } catch {
    return undefined; // the main thread plans it again and reports what went wrong
  }
}

parentPort?.on('message', ({ id, clusters }: PlanJob) => {
  try {
    results.postMessage({ id, answers: clusters.map(plan) } satisfies PlanAnswer);
  } catch {
    results.postMessage({ id, answers: clusters.map(() => undefined) } satisfies PlanAnswer); // a finding structured clone cannot copy
  }
  Atomics.add(answered, 0, 1);
  Atomics.notify(answered, 0);
});
