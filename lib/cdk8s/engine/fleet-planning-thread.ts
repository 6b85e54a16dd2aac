/**
 * The body of a fleet planning thread (see fleet-planning.ts): plans each hosted cluster of each
 * job it is sent, in order, and posts the plans as plain data with each object's YAML document.
 */
import { parentPort, workerData } from 'worker_threads';
import { checkHostedCluster } from '../../platforms';
import { toYaml } from '../../core/yaml';
import { plannedDocument } from './planned-document';
import { postAnswer } from './answering-threads';
import type { PlanAnswer, PlanJob, PlanningThreadData, ThreadPlanItem, ThreadPlannedCluster } from './fleet-planning';

const data = workerData as PlanningThreadData;
const { options } = data;

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
    postAnswer(data, { id, answers: clusters.map(plan) } satisfies PlanAnswer);
  } catch {
    postAnswer(data, { id, answers: clusters.map(() => undefined) } satisfies PlanAnswer); // a finding structured clone cannot copy
  }
});
