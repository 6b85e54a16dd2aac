/**
 * The previous state in a Pulumi program, for the checks that compare more than one object (a
 * Restore against the HostedClusters the previous deployment had): a small dynamic resource holds
 * the program's objects of the kinds those checks read. On the next preview or update the engine
 * passes its provider the inputs it stored last time (`olds`) with the new ones (`news`); its
 * `check` runs those checks (lib/previous-state/all-checks.ts, the ones not `scope: 'object'`,
 * which resource hooks run on each object: previous-state-hook.ts) and refuses what they refuse,
 * with the way forward, before anything happens. In an update the objects it judges wait for it
 * (register-phases.ts), so an update without a preview (`--skip-preview`) applies nothing it
 * refuses. Only the components that protect a cluster plan objects of those kinds (a Restore), and
 * they store their cluster's HostedCluster with them (`PlannedComponentOptions.guarded`): a
 * program without them has no guard, and no dynamic-provider host runs.
 *
 * Its provider's module is stored with it and loads the check by package name
 * (`hcp-constructs/pulumi`) when it runs, from the program's node_modules (stored-input-guard.ts).
 */
import * as zlib from 'node:zlib';
import * as pulumi from '@pulumi/pulumi';
import type { KubernetesObject } from '../api';
import type { PlannedObject, ValidationIssue } from '../core';
import { StoredInputGuard } from './stored-input-guard';
import { checkAgainstPrevious, formatIssues, judgedKinds, previousObjects, targetKey } from '../core';
import { restoresWithoutRecord } from '../management';
import { PREVIOUS_STATE_CHECKS } from '../previous-state/all-checks';

/** The checks the guard runs: those whose errors need more than one object (hooks run the others; Pulumi shows no warnings). */
const GUARD_CHECKS = PREVIOUS_STATE_CHECKS.filter((check) => check.scope !== 'object' && !check.warnsOnly);

/** The kinds the guard stores and judges: a component's objects of these kinds wait for it in an update. */
export const guardKinds = (): ReadonlySet<string> => judgedKinds(GUARD_CHECKS);

/** A planned object as the guard stores it: plain data (its props paths stay behind, as no check the guard runs reports a translated path). */
export type GuardedObject = Omit<PlannedObject, 'paths'>;

/**
 * Kinds whose spec the guard keeps. The restore check, the only one it runs (a test says so), reads
 * a new Restore's spec (its backup) and only looks other objects up by identity. Keeping no more
 * keeps the guard's inputs still while a cluster changes: `pulumi up --skip-preview` updates the
 * guard before the hook refuses a change of the HostedCluster, and with the spec in it a reverted
 * change still showed the guard changing (test/engines/pulumi-changes.test.ts).
 */
const SPEC_KEPT_KINDS: ReadonlySet<string> = new Set(['Restore']);

/** The objects of `planned` the guard's checks read, as the guard stores them: identity, labels and annotations, and the spec of the kinds above. */
export function guardedObjects(planned: readonly PlannedObject[]): GuardedObject[] {
  const kinds = guardKinds();
  return planned
    .filter((p) => kinds.has(p.object.kind))
    .map(({ paths: _paths, object, ...rest }) => {
      const { apiVersion, kind, metadata } = object;
      const { name, namespace, labels, annotations } = metadata;
      const kept = { apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}), ...(labels ? { labels } : {}), ...(annotations ? { annotations } : {}) } };
      const spec = (object as { spec?: unknown }).spec;
      return { ...rest, object: SPEC_KEPT_KINDS.has(kind) && spec !== undefined ? { ...kept, spec } : kept };
    });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const asGuarded = (value: unknown): GuardedObject[] =>
  (Array.isArray(value) ? value : []).filter((o) => isRecord(o) && isRecord(o.object) && isRecord(o.target));

/**
 * A guard's inputs as the engine passes them: `{ objects: string }`, the JSON of the guarded
 * objects of each provider (by its URN, `default` for none), gzip-compressed and base64-encoded.
 * One string rather than the objects themselves: the SDK, the engine and the dynamic-provider host
 * each walk a structured input value by value, and pass a string as it is. Compressed because the
 * engine writes the guard's inputs and outputs into every checkpoint of an update: 120 KB of JSON
 * for 25 hosted clusters (5 KB compressed) cost 1.5 to 3 s of a 25-cluster `pulumi up` (npm run
 * bench:engine). The plain JSON that versions before this one stored is read too. Anything else
 * counts as none.
 */
function byProvider(inputs: unknown): Map<string, GuardedObject[]> {
  const parsed = unpackGuardedObjects(isRecord(inputs) ? inputs.objects : undefined);
  return new Map(isRecord(parsed) ? Object.entries(parsed).map(([provider, objects]) => [provider, asGuarded(objects)]) : []);
}

/** The guard's `objects` input: the objects of each provider, compressed (the same objects give the same string). */
export function packGuardedObjects(byUrn: Readonly<Record<string, readonly GuardedObject[]>>): string {
  return zlib.gzipSync(JSON.stringify(byUrn)).toString('base64');
}

/** What a guard's `objects` input holds (compressed, or the plain JSON of earlier versions); undefined for anything else. @internal */
export function unpackGuardedObjects(stored: unknown): unknown {
  if (typeof stored !== 'string') return undefined;
  try {
    return JSON.parse(stored.startsWith('{') ? stored : zlib.gunzipSync(Buffer.from(stored, 'base64')).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The findings of the previous-state checks on the guard's new inputs against the ones the engine
 * stored last time, provider by provider (each is its own cluster). What the guard's provider runs
 * in `check`.
 */
export function checkGuardInputs(olds: unknown, news: unknown): ValidationIssue[] {
  const before = byProvider(olds);
  return [...byProvider(news)].flatMap(([provider, objects]) => {
    const stored = before.get(provider) ?? [];
    // Nothing stored for this cluster: the guard is new, and cannot tell a live cluster from a destroyed one.
    if (stored.length === 0) return restoresWithoutRecord(objects);
    const previous = previousObjects(stored.map((o) => [targetKey(o.target), o.object as KubernetesObject] as const));
    return checkAgainstPrevious(previous, objects, GUARD_CHECKS);
  });
}

/**
 * The guard's check as Pulumi reports it: one failure per error, as `formatIssues` prints it. No
 * property is named: the engine prints a named property's whole value before the reason, and this
 * one holds every object of the program.
 */
export function previousStateFailures(olds: unknown, news: unknown): pulumi.dynamic.CheckFailure[] {
  const errors = checkGuardInputs(olds, news).filter((i) => i.severity === 'error');
  return errors.map((issue) => ({ property: '', reason: formatIssues([issue]).trim() }));
}

/** The name of the program's guard, and of its resource hook (previous-state-hook.ts). */
export const PROGRAM_GUARD_NAME = 'hcp-previous-state';

/**
 * The stack setting that turns the guard off: `pulumi config set hcp-constructs:previousStateGuard
 * false`. For stacks that start empty every time (a CI preview in a throwaway stack), where the
 * guard has nothing to judge and its dynamic-provider host is a process start for nothing: 0.8 to
 * 1.0 s of a 25-cluster preview (npm run bench:engine, its "without the guard" row). Off, the API
 * server still refuses what its rules refuse (the provider's preview is a server-side dry run), but
 * nothing refuses the operators' upgrade rules before they meet them, and the guard's stored
 * objects go with it: the first preview after turning it back on judges nothing.
 */
export const GUARD_SETTING = { namespace: 'hcp-constructs', key: 'previousStateGuard' } as const;

/** Whether the stack keeps the guard: unset or `true`. Any value but `true` or `false` is an error, which `addToProgram` reports before a component registers. */
export function guardSetting(): { readonly wanted: boolean; readonly issue?: ValidationIssue } {
  const value = new pulumi.Config(GUARD_SETTING.namespace).get(GUARD_SETTING.key);
  if (value === undefined || value === 'true' || value === 'false') return { wanted: value !== 'false' };
  const path = `${GUARD_SETTING.namespace}:${GUARD_SETTING.key}`;
  const fix = `Set it to false to turn the guard off (\`pulumi config set ${path} false\`), or remove it (\`pulumi config rm ${path}\`) to keep the guard.`;
  return { wanted: true, issue: { severity: 'error', object: 'stack configuration', path, message: `is ${JSON.stringify(value)}, neither true nor false.`, fix } };
}

/** The program's guard while components still join it. */
interface ProgramGuard {
  readonly resource: pulumi.Resource;
  /** Until sealed: the guarded objects of each provider, in the order the components were made. */
  joining?: { readonly objects: Map<pulumi.ProviderResource | undefined, GuardedObject[]> };
}

// Keyed by the engine connection, as the program's plan (program-plan.ts).
const programGuards = new WeakMap<object, ProgramGuard>();
const NO_ENGINE = {};

/**
 * The guard of a component's objects, or undefined when none of them is of a kind the guard's
 * checks read or the stack turned the guard off ({@link GUARD_SETTING}).
 *
 * One guard serves the program (`hcp-previous-state`): every component made in the program's first
 * turn (its top level, before anything is awaited) joins it, and its inputs are sealed on the next
 * turn. One dynamic resource rather than one per component: each costs the engine a Check and a
 * Diff or Create, which measured 5 s of a preview of 25 hosted clusters (npm run bench:engine).
 * A component made later (in an `apply`, after an `await`) gets its own,
 * `<component>-previous-state`, a child of `parent`.
 */
export function previousStateGuard(component: string, planned: readonly PlannedObject[], parent: pulumi.Resource, provider: pulumi.ProviderResource | undefined): pulumi.Resource | undefined {
  const objects = guardedObjects(planned);
  if (objects.length === 0 || !guardSetting().wanted) return undefined;
  const engine = (pulumi.runtime.getMonitor() as object | undefined) ?? NO_ENGINE;
  const guard = programGuards.get(engine) ?? newProgramGuard(engine);
  if (!guard.joining) return new PreviousStateGuard(`${component}-previous-state`, storedObjects(new Map([[provider, objects]])), { parent });
  guard.joining.objects.set(provider, [...(guard.joining.objects.get(provider) ?? []), ...objects]);
  return guard.resource;
}

/** The program's guard, its inputs sealed on the program's next turn: the objects of each provider (by its URN, `default` for none). */
function newProgramGuard(engine: object): ProgramGuard {
  const joining: NonNullable<ProgramGuard['joining']> = { objects: new Map() };
  const sealed = pulumi.output(
    new Promise<true>((resolve) =>
      setImmediate(() => {
        delete guard.joining;
        resolve(true);
      }),
    ),
  );
  const objects = { objects: sealed.apply(() => storedObjects(joining.objects).objects) };
  const guard: ProgramGuard = { resource: new PreviousStateGuard(PROGRAM_GUARD_NAME, objects), joining };
  programGuards.set(engine, guard);
  return guard;
}

/** A guard's inputs: the objects of each provider (by its URN, `default` for none), as one string. */
function storedObjects(objects: ReadonlyMap<pulumi.ProviderResource | undefined, readonly GuardedObject[]>): { objects: pulumi.Output<string> } {
  const entries = [...objects];
  const keys = pulumi.all(entries.map(([provider]) => (provider ? provider.urn : 'default')));
  return { objects: keys.apply((urns) => packGuardedObjects(Object.fromEntries(urns.map((urn, i) => [urn, entries[i][1]])))) };
}

/** The dynamic resource holding guarded objects: the program's, or one component's. */
class PreviousStateGuard extends StoredInputGuard {
  constructor(name: string, inputs: { objects: pulumi.Input<string> }, opts?: pulumi.CustomResourceOptions) {
    super('previousStateFailures', 'previous-state', name, inputs, opts);
  }
}
