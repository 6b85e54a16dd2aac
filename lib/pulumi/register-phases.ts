/**
 * How every component registers its part of the program's plan: phase by phase, each object
 * depending on the whole previous non-empty phase (the first on what the component was told to
 * wait for) and on its explicit dependencies. Pulumi deletes in the reverse order.
 */
import * as pulumi from '@pulumi/pulumi';
import type { PlannedObject } from '../core';
import { objectKey, targetKey } from '../core';
import { guardKinds } from './previous-state-guard';
import type { ProgramPlan } from './program-plan';

/** The program's key of a planned object: its target and identity. */
export function resourceKey(planned: Pick<PlannedObject, 'object' | 'target'>): string {
  return `${targetKey(planned.target)}:${objectKey(planned.object)}`;
}

/** The resources of one phase. */
export interface RegisteredPhase {
  /** Name of the plan phase (`namespaces`, `hosted-cluster`, ...). */
  readonly name: string;
  /** The phase's wave: its resources depend on those of the phase before it, and Pulumi deletes them in reverse. */
  readonly wave: number;
  /** Registered by this component. */
  readonly resources: readonly pulumi.CustomResource[];
  /** The phase's objects another component of the program registered first (a shared namespace). */
  readonly shared: readonly pulumi.CustomResource[];
}

export interface RegisterPhasesArgs {
  readonly program: ProgramPlan;
  /** The contribution's objects, in plan order. */
  readonly objects: readonly PlannedObject[];
  /** Those new to the program's plan (the others are reused). */
  readonly added: ReadonlySet<PlannedObject>;
  /** The phases to report, empty ones included. @default the phases of `objects`, by wave */
  readonly phases?: ReadonlyArray<{ readonly name: string; readonly wave: number }>;
  /** What the component itself was told to wait for; the first phase waits for it. */
  readonly dependsOn?: pulumi.ResourceOptions['dependsOn'];
  /** The previous-state guard: the objects of the kinds it judges wait for it. @default nothing */
  readonly guard?: pulumi.Resource;
  /** Wraps every `dependsOn` (e.g. to wait for a check of secret values too). @default as is */
  readonly gate?: (dependsOn: pulumi.ResourceOptions['dependsOn']) => pulumi.ResourceOptions['dependsOn'];
  /** Registers one object with the options computed for it (parent, dependsOn). */
  readonly register: (planned: PlannedObject, dependsOn: pulumi.ResourceOptions['dependsOn']) => pulumi.CustomResource;
}

export function registerPhases(args: RegisterPhasesArgs): RegisteredPhase[] {
  const { program, objects, added, gate = (d) => d } = args;
  const guardedKinds = guardKinds();
  // Not in a preview, which applies nothing: the guard's refusal fails it all the same, and the
  // objects' own checks need not wait for the dynamic-provider host to start.
  const guardFirst = args.guard && !pulumi.runtime.isDryRun() ? afterRegistered(args.guard) : undefined;
  const phases = args.phases ?? uniquePhases(objects);
  let previous: pulumi.Resource[] = [];
  return phases.map(({ name, wave }) => {
    // Namespaces first: the phase's other objects may live in them.
    const inPhase = objects.filter((p) => p.phase.name === name).sort((a, b) => Number(b.object.kind === 'Namespace') - Number(a.object.kind === 'Namespace'));
    const base = previous.length > 0 ? previous : args.dependsOn;
    const resources = inPhase
      .filter((p) => added.has(p))
      .map((p) => {
        const explicit: Array<pulumi.Resource | pulumi.Output<pulumi.Resource[]>> = [...(p.dependsOn ?? []), ...namespaceKeys(p, inPhase)]
          .map((key) => program.resources.get(`${targetKey(p.target)}:${key}`))
          .filter((r): r is pulumi.CustomResource => r !== undefined);
        // An object the guard judges waits for it, so an update without a preview applies nothing it
        // refuses. Only those: the rest (Namespaces, Secrets) then start with the Kubernetes
        // provider at once rather than after the guard's dynamic-provider host has started; what
        // follows a judged object waits for it anyway.
        if (guardFirst && guardedKinds.has(p.object.kind)) explicit.push(guardFirst);
        const resource = args.register(p, gate(withExplicit(base, explicit)));
        program.resources.set(resourceKey(p), resource);
        return resource;
      });
    const shared = inPhase
      .filter((p) => !added.has(p))
      .map((p) => program.resources.get(resourceKey(p)))
      .filter((r): r is pulumi.CustomResource => r !== undefined);
    if (resources.length + shared.length > 0) previous = [...resources, ...shared];
    return { name, wave, resources, shared };
  });
}

/**
 * The key of the Namespace `planned` lives in, when that Namespace is planned in the same phase
 * (an earlier phase is waited for anyway). Pulumi creates a phase's resources at once, and the API
 * server refuses an object in a Namespace that does not exist yet (the real engine's first run
 * found that), so the object waits for it; deletion then removes the object first.
 */
function namespaceKeys(planned: PlannedObject, inPhase: readonly PlannedObject[]): string[] {
  const namespace = planned.object.metadata.namespace;
  const own = namespace && inPhase.find((p) => p.object.kind === 'Namespace' && p.object.metadata.name === namespace && targetKey(p.target) === targetKey(planned.target));
  return own ? [objectKey(own.object)] : [];
}

function uniquePhases(objects: readonly PlannedObject[]): Array<{ name: string; wave: number }> {
  const byName = new Map(objects.map((p) => [p.phase.name, p.phase.wave]));
  return [...byName].map(([name, wave]) => ({ name, wave })).sort((a, b) => a.wave - b.wave);
}

/** `base` plus explicit dependencies. */
function withExplicit(base: pulumi.ResourceOptions['dependsOn'], explicit: ReadonlyArray<pulumi.Resource | pulumi.Output<pulumi.Resource[]>>): pulumi.ResourceOptions['dependsOn'] {
  return explicit.length === 0 ? base : dependsOnAll(base, ...explicit);
}

/**
 * Waits for `resource` without making it a dependency in the state: an Output of no resources,
 * resolved once `resource` is registered and failed if its registration fails (a refused check).
 * As a dependency, the guard was in the judged objects' state after an update but not in a
 * preview's (which does not wait for it), and the engine serializes the whole state at each object
 * whose dependencies differ, even in a preview: 0.6 s of its CPU in a preview of 25 deployed
 * hosted clusters (its Go profile).
 */
export function afterRegistered(resource: pulumi.Resource): pulumi.Output<pulumi.Resource[]> | pulumi.Resource {
  // `promise()` is how the SDK itself waits for an Output; its declarations leave it out, so an
  // SDK without it gets the plain dependency.
  const urn = resource.urn as unknown as { promise?: () => Promise<unknown> };
  return typeof urn.promise === 'function' ? pulumi.output(urn.promise().then(() => [] as pulumi.Resource[])) : resource;
}

/**
 * `base` and `more` as one `dependsOn`: an array of each (a resource, or an Input of resources),
 * never an Output that holds resources. The SDK walks the whole value of every Output it makes, and
 * a resource leads to its component and the component's whole plan: wrapping each resource's
 * dependencies in an Output cost 0.35 s of the program's CPU in a preview of 25 hosted clusters
 * (npm run bench:engine). The SDK takes an Output of resources anywhere in the array.
 */
export function dependsOnAll(base: pulumi.ResourceOptions['dependsOn'], ...more: ReadonlyArray<pulumi.Input<pulumi.Resource> | pulumi.Output<pulumi.Resource[]>>): pulumi.ResourceOptions['dependsOn'] {
  const first = base === undefined ? [] : Array.isArray(base) ? base : [base];
  return [...first, ...more] as pulumi.Input<pulumi.Resource>[];
}
