/**
 * What the synth tells the constructs of an app beyond their props: where the previous output is
 * (a fleet keeps its placement from it), and the work a construct can only do once the whole app
 * is defined (a fleet's delivery objects list every folder the app writes, including those of
 * constructs created after the fleet), which the synth runs after `define`, before any check or file.
 */
import * as path from 'path';
import type { IConstruct } from 'constructs';
import { ApiObject, App } from 'cdk8s';
import type { Phase, PlannedObject, Target } from '../../core';
import { MANAGEMENT_CLUSTER, Plan } from '../../core';

const steps = new WeakMap<IConstruct, Array<() => void>>();

/** Asks the synth of `scope`'s App to run `step` once the app is defined. */
export function whenAppComplete(scope: IConstruct, step: () => void): void {
  const root = scope.node.root;
  let pending = steps.get(root);
  if (!pending) steps.set(root, (pending = []));
  pending.push(step);
}

/** Runs the steps registered for `app`, each once, in order (a step may register more). */
export function completeApp(app: IConstruct): void {
  const pending = steps.get(app.node.root);
  while (pending && pending.length > 0) pending.shift()!();
}

const previousDirs = new WeakMap<IConstruct, string | null>();

/** Tells the constructs of `app` where the synth reads the previous output from; undefined: there is none (an in-memory synth). */
export function setPreviousOutputDir(app: IConstruct, dir: string | undefined): void {
  previousDirs.set(app.node.root, dir ?? null);
}

/** Whether the library's synth builds `scope`'s App (it writes what the constructs hand it, such as a fleet's prerendered charts), rather than cdk8s's own `app.synth()`. */
export function builtBySynth(scope: IConstruct): boolean {
  return previousDirs.has(scope.node.root);
}

/**
 * The folder of the previous output for `scope`'s App: the one the synth named, none when it said
 * so, else (an App synthesized by cdk8s itself) the App's outdir.
 */
export function previousOutputDir(scope: IConstruct): string | undefined {
  const root = scope.node.root;
  if (previousDirs.has(root)) return previousDirs.get(root) ?? undefined;
  return path.resolve(root instanceof App ? root.outdir : 'dist');
}

const plans = new WeakMap<IConstruct, Plan>();

/** The plan of the App `scope` belongs to: one per App, shared by every construct in it. */
export function appPlan(scope: IConstruct): Plan {
  const root = scope.node.root;
  let plan = plans.get(root);
  if (!plan) plans.set(root, (plan = new Plan()));
  return plan;
}

const TARGET = Symbol.for('hcp-constructs.target');
const FOLDER = Symbol.for('hcp-constructs.folder');
const PHASE = Symbol.for('hcp-constructs.phase');

/** Records where the synth writes `object`: the target, phase and folder its plan gave it. */
export function markPlanned(object: ApiObject, planned: PlannedObject): void {
  Object.defineProperty(object, TARGET, { value: planned.target });
  Object.defineProperty(object, PHASE, { value: planned.phase });
  if (planned.folder) Object.defineProperty(object, FOLDER, { value: planned.folder });
}

/** The cluster an ApiObject is applied to: the management cluster unless a plan said otherwise. */
export function targetOf(object: ApiObject): Target {
  return (object as unknown as Record<symbol, Target | undefined>)[TARGET] ?? MANAGEMENT_CLUSTER;
}

/** The output folder a plan asked for an ApiObject instead of its target's (see PlannedObject.folder), if any. */
export function folderOf(object: ApiObject): string | undefined {
  return (object as unknown as Record<symbol, string | undefined>)[FOLDER];
}

/**
 * The phase an ApiObject was planned in, or undefined for one no plan rendered (the user's own
 * ApiObjects). Its sync wave alone does not say it: the restore phase shares its wave.
 */
export function phaseOf(object: ApiObject): Phase | undefined {
  return (object as unknown as Record<symbol, Phase | undefined>)[PHASE];
}
