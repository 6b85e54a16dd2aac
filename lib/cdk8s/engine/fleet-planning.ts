/**
 * Planning a big fleet's hosted clusters on every core. Checking and planning a hosted cluster
 * (its props, its objects, their API schemas and CEL rules) and writing its YAML is most of a
 * fleet's synth, and each cluster is independent of the others, so a Fleet in an app that the
 * library's synth builds sends its clusters' props to planning threads (worker_threads, in this
 * process) and waits for them. A thread answers with plain data only: each cluster's findings,
 * its plan items (the objects, their phase, readiness and claims) and each object's YAML
 * document. The Fleet adds them to the app's plan in the same order as it would its own plans,
 * so collisions, shared objects and findings are the same, and the synth writes the documents
 * as they are (the bytes are those of the cluster's ApiObjects: see planned-document.ts).
 *
 * What a thread cannot take (props that are not plain data, a thread that cannot start or
 * stops answering) is planned in this thread, as without threads. `HCP_SYNTH_THREADS=0` keeps
 * everything in this thread; so does running from the TypeScript sources (no compiled thread body).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { KubernetesObject } from '../../api';
import type { Claim, HostedClusterPlan, PathTranslator, Phase, PlanItem, PlanOptions, PlannedObject, Readiness, Target, ValidationIssue } from '../../core';
import { PHASES, targetKey } from '../../core/plan-model';
import { STAGES, Stage, outputFolder, stageOf } from '../../core/output-layout';
import type { PrerenderedFile } from './prerendered-chart';
import { forcedThreadCount } from './yaml-writers';
import { AnsweringThreadData, AnsweringThreads } from './answering-threads';

/** One hosted cluster's plan item as a thread sends it: the item without its closures, and its YAML document. */
export interface ThreadPlanItem {
  readonly object: KubernetesObject;
  /** The name of its phase (one of PHASES). */
  readonly phase: string;
  readonly wave: number;
  readonly readiness: Readiness;
  readonly shared?: boolean;
  readonly claims?: readonly Claim[];
  readonly dependsOn?: readonly string[];
  readonly patch?: boolean;
  /** The item could tell which prop each of its fields comes from (PlannedObject.paths): planning again here tells it. */
  readonly traced?: boolean;
  /** The document the synth writes for it (the YAML of its ApiObject). */
  readonly yaml: string;
}

/** A hosted cluster's plan as a thread sends it: everything but its items' functions, the items with their documents. */
export type ThreadHostedClusterPlan = Omit<HostedClusterPlan, 'objects' | 'checks'> & { readonly items: readonly ThreadPlanItem[] };

/** A thread's answer for one hosted cluster: its findings, and its plan when they hold no error. */
export interface ThreadPlannedCluster {
  readonly issues: readonly ValidationIssue[];
  readonly plan?: ThreadHostedClusterPlan;
}

/** What a planning thread is started with. */
export interface PlanningThreadData extends AnsweringThreadData {
  readonly options: PlanOptions;
}

export interface PlanJob {
  readonly id: number;
  readonly clusters: readonly unknown[];
}

/** A job's answers in order; `undefined` for a cluster the thread could not plan (this thread plans it). */
export type PlanAnswer = { readonly id: number; readonly answers: readonly (ThreadPlannedCluster | undefined)[] };

/** The compiled thread body; absent when the library runs from its TypeScript sources or a bundle. */
const THREAD_SCRIPT = path.join(__dirname, 'fleet-planning-thread.js');
/**
 * Below this many hosted clusters a fleet plans in this thread: a planning thread takes about
 * 0.3 s to start (modules, schemas, CEL programs), about what 150 clusters take to plan.
 */
export const MIN_CLUSTERS_FOR_THREADS = 300;
/**
 * Below this many cores a fleet plans in this thread: with two, the schema-check and writer
 * threads already keep both busy, and planning threads measured 4-11% slower at 10,000 clusters
 * (their own start and warm-up, and sending the plans, cost 1.5-3 s more CPU than they save here).
 */
export const MIN_CORES_FOR_THREADS = 3;
/** Clusters per job: small enough to balance the threads, big enough that messages cost little. */
const JOB_SIZE = 16;
/** Jobs sent to a thread ahead of its answers, so it never waits for this one. */
const JOBS_AHEAD = 3;
/** Planning threads at most. */
const MAX_THREADS = 8;

/**
 * How many planning threads a fleet of `clusters` hosted clusters uses: `HCP_SYNTH_THREADS` when
 * set (0: none), else one per core for {@link MIN_CLUSTERS_FOR_THREADS} clusters or more on
 * {@link MIN_CORES_FOR_THREADS} cores or more (this thread only waits for them meanwhile), none
 * otherwise. None when the thread body cannot be loaded.
 */
export function planningThreadCount(
  clusters: number,
  env: Readonly<Record<string, string | undefined>> = process.env,
  threadBodyAvailable: boolean = fs.existsSync(THREAD_SCRIPT),
  cores: number = os.availableParallelism(),
): number {
  const count = forcedThreadCount(env) ?? (clusters < MIN_CLUSTERS_FOR_THREADS || cores < MIN_CORES_FOR_THREADS ? 0 : cores);
  return threadBodyAvailable ? Math.max(0, Math.min(count, MAX_THREADS, Math.ceil(clusters / JOB_SIZE))) : 0;
}

/** True for JSON-like data only (what a thread receives exactly as given): no class instances, functions, symbols or cycles. */
export function isPlainData(value: unknown, seen: Set<object> = new Set()): boolean {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  const object = value as object;
  if (seen.has(object)) return false;
  const prototype = Object.getPrototypeOf(object);
  if (!Array.isArray(object) && prototype !== Object.prototype && prototype !== null) return false;
  if (Object.getOwnPropertySymbols(object).length > 0) return false;
  seen.add(object);
  const plain = Object.values(object).every((item) => isPlainData(item, seen));
  seen.delete(object);
  return plain;
}

/**
 * Planning threads for one fleet: started as soon as the fleet knows how many clusters it has (a
 * thread loads the library's modules and schemas while this one places the clusters), then given
 * the clusters once they are placed and filled in ({@link plan}), then closed.
 */
export class PlanningThreads {
  private constructor(private readonly threads: AnsweringThreads<PlanAnswer>) {}

  /** Starts `count` threads that plan with `options`; undefined when none can be started or the options are not plain data. */
  static start(count: number, options: PlanOptions): PlanningThreads | undefined {
    if (count < 1 || !isPlainData(options)) return undefined;
    const threads = new AnsweringThreads<PlanAnswer>(THREAD_SCRIPT, count, { options });
    return threads.size > 0 ? new PlanningThreads(threads) : undefined;
  }

  /**
   * Each cluster's answer, in order: undefined for a cluster no thread planned (not plain data, a
   * thread that stopped), which the caller plans itself. Blocks until every answer is in.
   */
  plan(clusters: readonly unknown[]): (ThreadPlannedCluster | undefined)[] {
    const answers = new Array<ThreadPlannedCluster | undefined>(clusters.length);
    const sendable = clusters.map((_, index) => index).filter((index) => isPlainData(clusters[index]));
    const jobs: number[][] = [];
    for (let i = 0; i < sendable.length; i += JOB_SIZE) jobs.push(sendable.slice(i, i + JOB_SIZE));
    // Jobs sent to each thread and not yet answered.
    const pending = Array.from({ length: this.threads.size }, () => new Set<number>());
    let next = 0;
    const send = (thread: number) => {
      while (next < jobs.length && pending[thread].size < JOBS_AHEAD) {
        const id = next++;
        // A job that cannot be sent is planned by the caller.
        if (this.threads.post(thread, { id, clusters: jobs[id].map((index) => clusters[index]) } satisfies PlanJob)) pending[thread].add(id);
      }
    };
    pending.forEach((_, thread) => send(thread));
    // Without an answer for 30 s, what is unanswered is planned by the caller.
    this.threads.waitUntil(
      () => pending.every((jobsOfThread) => jobsOfThread.size === 0),
      ({ id, answers: planned }, thread) => {
        jobs[id].forEach((index, i) => (answers[index] = planned[i]));
        pending[thread].delete(id);
        send(thread);
      },
    );
    return answers;
  }

  /** Stops the threads. */
  close(): void {
    this.threads.close();
  }
}

/** The library's phases by name: a thread's items name theirs, and the plan compares phases as objects. */
const PHASES_BY_NAME = new Map<string, Phase>(Object.values(PHASES).map((phase) => [phase.name, phase]));

/**
 * A thread's plan as the hosted cluster's plan, and each item's YAML document in the same order.
 * `paths` gives an object's props paths when a finding asks for them (the caller plans the
 * cluster again here for that).
 */
export function threadHostedClusterPlan(
  thread: ThreadHostedClusterPlan,
  paths: (object: KubernetesObject) => PathTranslator | undefined,
): { readonly plan: HostedClusterPlan; readonly yaml: readonly string[] } {
  const { items, ...rest } = thread;
  const objects = items.map((item): PlanItem => {
    const { object, phase, wave, readiness, shared, claims, dependsOn, patch, traced } = item;
    const target = (item as { target?: Target }).target;
    return {
      object,
      phase: PHASES_BY_NAME.get(phase) ?? { name: phase, wave },
      readiness,
      ...(target !== undefined ? { target } : {}),
      ...(shared !== undefined ? { shared } : {}),
      ...(claims !== undefined ? { claims } : {}),
      ...(dependsOn !== undefined ? { dependsOn } : {}),
      ...(patch !== undefined ? { patch } : {}),
      ...(traced ? { paths: (path: string) => paths(object)?.(path) ?? { path } } : {}),
    };
  });
  return { plan: { ...rest, objects }, yaml: items.map((item) => item.yaml) };
}

/**
 * The files of a prerendered chart: the objects the app's plan took from it (in the order they
 * render: by wave, then as planned), each file one folder and stage, in stage order.
 */
export function prerenderedFilesOf(added: readonly PlannedObject[], yaml: ReadonlyMap<PlannedObject, string>): PrerenderedFile[] {
  const files = new Map<string, { target: Target; folder: string; stage: Stage; objects: PlannedObject[]; documents: string[] }>();
  const ordered = [...added].sort((a, b) => a.phase.wave - b.phase.wave);
  for (const planned of ordered) {
    const folder = outputFolder(planned.target, planned.folder);
    const stage = stageOf(planned.phase);
    const key = `${targetKey(planned.target)}:${folder}:${stage}`;
    if (!files.has(key)) files.set(key, { target: planned.target, folder, stage, objects: [], documents: [] });
    const file = files.get(key)!;
    file.objects.push(planned);
    file.documents.push(yaml.get(planned)!);
  }
  return [...files.values()].sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));
}
