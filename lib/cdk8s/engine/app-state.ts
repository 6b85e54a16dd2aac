/**
 * Everything the library keeps for one cdk8s App, in one record: the App's plan, what its
 * constructs rendered and where the synth writes it, their findings, the reports to write beside
 * the YAML, the work left for when the App is complete, and what the synth that builds it said
 * (where the previous output is, the schema-check thread). Constructs reach it from any scope
 * with {@link appState}; nothing else holds per-App state.
 */
import * as path from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import type { IConstruct } from 'constructs';
import type { PlanCapacityOptions } from '../../capacity';
import type { Phase, PlannedObject, Target, ValidationIssue } from '../../core';
import { MANAGEMENT_CLUSTER, Plan } from '../../core/plan-model';
import type { PrerenderedFile } from './prerendered-chart';
import type { ThreadedSchemaChecks } from './schema-checks';

export class AppState {
  /** The one plan of the App, shared by every construct in it. */
  readonly plan = new Plan();
  /**
   * Set by the library's synth when it builds the App (unset when cdk8s's own `app.synth()` writes
   * it): the folder it reads the previous output from (none for an in-memory synth), and the API
   * schema checks it runs in a thread.
   */
  synth?: { readonly previousDir?: string; readonly schemaChecks?: ThreadedSchemaChecks };
  /**
   * Work a construct can do only once the whole App is defined (a fleet's delivery objects list
   * every folder the App writes, including those of constructs created after the fleet): the
   * synth runs it after `define`, before any check or file ({@link complete}).
   */
  readonly whenComplete: Array<() => void> = [];
  /** The ApiObject rendered for each plan key, for explicit dependencies. */
  readonly rendered = new Map<string, ApiObject>();
  /** What renders a planned object not rendered yet (a fleet's prerendered cluster), by plan key. */
  readonly renderers = new Map<string, () => void>();
  /** The planned object each ApiObject renders: its target, folder and phase say where the synth writes it. */
  readonly planned = new Map<ApiObject, PlannedObject>();
  /** Each construct's findings, read when they are collected (a schema check may still be running). */
  readonly findings = new Map<IConstruct, () => readonly ValidationIssue[]>();
  /** Files the synth writes beside the YAML, by path in the output folder (`reports/<name>`). */
  readonly reportFiles = new Map<string, string>();
  /** Lines the synth prints in its summary (a fleet's placement). */
  readonly reportLines: string[] = [];
  /** The capacity settings of each management cluster to report on, by target key. */
  readonly capacitySettings = new Map<string, PlanCapacityOptions>();
  /** Charts whose YAML a fleet planning thread wrote (they hold no ApiObjects): their files, in the synth's order. */
  readonly prerendered = new Map<Chart, readonly PrerenderedFile[]>();

  constructor(private readonly app: IConstruct) {}

  /** Runs the work left for the complete App, each step once, in order (a step may add more). */
  complete(): void {
    while (this.whenComplete.length > 0) this.whenComplete.shift()!();
  }

  /**
   * The folder of the previous output: the one the synth named, none when it said so, else (an
   * App synthesized by cdk8s itself) the App's outdir.
   */
  get previousOutputDir(): string | undefined {
    if (this.synth) return this.synth.previousDir;
    return path.resolve(this.app instanceof App ? this.app.outdir : 'dist');
  }

  /** The cluster an ApiObject is applied to: the management cluster unless a plan said otherwise. */
  targetOf(object: ApiObject): Target {
    return this.planned.get(object)?.target ?? MANAGEMENT_CLUSTER;
  }

  /** The output folder a plan asked for an ApiObject instead of its target's (see PlannedObject.folder), if any. */
  folderOf(object: ApiObject): string | undefined {
    return this.planned.get(object)?.folder;
  }

  /**
   * The phase an ApiObject was planned in, or undefined for one no plan rendered (the user's own
   * ApiObjects). Its sync wave alone does not say it: the restore phase shares its wave.
   */
  phaseOf(object: ApiObject): Phase | undefined {
    return this.planned.get(object)?.phase;
  }
}

/** The one map from an App to its state: keyed by the App, so the state goes when the App does. */
const states = new WeakMap<IConstruct, AppState>();

/** The state of the App `scope` belongs to (created on first use). */
export function appState(scope: IConstruct): AppState {
  const root = scope.node.root;
  let state = states.get(root);
  if (!state) states.set(root, (state = new AppState(root)));
  return state;
}
