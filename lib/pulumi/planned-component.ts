/**
 * The Pulumi side of a kind: a component that renders a planner's checked part into the
 * program's plan. The check and the plan's own checks run before anything is registered (a
 * failing preview creates nothing); then the objects new to the program are registered phase by
 * phase. A new kind's component passes its planner's result to `super`, adds what is particular
 * to it, and calls `registerOutputs` last.
 */
import * as pulumi from '@pulumi/pulumi';
import type { KubernetesObject } from '../api';
import type { PlannedObject, PlannedPart, ValidationIssue } from '../core';
import { formatIssues, targetKey } from '../core';
import { previousStateGuard } from './previous-state-guard';
import { previousStateHooks } from './previous-state-hook';
import { RegisteredPhase, registerPhases } from './register-phases';
import { addToProgram, componentContribution, renderResource, resourceNameFor } from './render';

export interface PlannedComponentOptions {
  /** The management cluster's provider, when not `opts.provider` (a hosted cluster's day-2 objects follow their cluster's). @default opts.provider */
  readonly managementProvider?: pulumi.ProviderResource;
  /** The provider of the part's target when that is a hosted cluster's API, made once the component exists (it may be its child). @default none */
  readonly targetProvider?: (component: pulumi.ComponentResource) => pulumi.ProviderResource;
  /** Providers of the other clusters the part's objects name (a migration's two management clusters), by target key (`management-<name>`). @default none */
  readonly providers?: ReadonlyMap<string, pulumi.ProviderResource>;
  /** Registers one object instead of the default rendering (to feed one resource's outputs into another). @default renderResource */
  readonly render?: (planned: PlannedObject, resourceName: string, opts: pulumi.CustomResourceOptions) => pulumi.CustomResource;
  /**
   * Objects of this program the part's guard stores beside the part's own, for the checks that
   * need them later (a protected cluster's HostedCluster, which a Restore of it is judged against). @default none
   */
  readonly guarded?: readonly PlannedObject[];
}

/**
 * Base class of the Pulumi components that each check one planned part (a NodePool, a backup, agent hosts,
 * ...) and register its objects phase by phase.
 */
export abstract class PlannedComponent<P extends PlannedPart> extends pulumi.ComponentResource {
  /** The part's checked plan; with errors the constructor throws {@link HcpResourceError} instead. */
  readonly plan: P;
  /** Resources grouped by plan phase, in apply order. */
  readonly phases: readonly RegisteredPhase[];
  /** Validation warnings, one line each (also logged). */
  readonly warnings: pulumi.Output<string[]>;
  /** The provider the objects of a hosted cluster's API are applied with; undefined for the management cluster's. */
  readonly targetProvider?: pulumi.ProviderResource;
  /** The resource this component registered for each object, in apply order. */
  private readonly registered: Array<{ readonly object: KubernetesObject; readonly resource: pulumi.CustomResource }> = [];

  protected constructor(
    type: string,
    name: string,
    checked: { readonly plan?: P; readonly issues: readonly ValidationIssue[] },
    opts: pulumi.ComponentResourceOptions = {},
    options: PlannedComponentOptions = {},
  ) {
    const { plan, contribution } = componentContribution(checked, name);
    const managementProvider = options.managementProvider ?? opts.provider;
    const { program, added } = addToProgram(managementProvider, contribution);
    // The management cluster's objects inherit the component's provider: the one the part was added to the program with.
    super(type, name, {}, managementProvider && managementProvider !== opts.provider ? { ...opts, provider: managementProvider } : opts);
    this.plan = plan;
    this.targetProvider = options.targetProvider?.(this);
    const providers = new Map([...(options.providers ?? []), ...(this.targetProvider ? [[targetKey(plan.target), this.targetProvider] as const] : [])]);
    // Pulumi deletes in the reverse of this order.
    this.phases = registerPhases({
      program,
      objects: contribution.objects,
      added: new Set(added),
      dependsOn: opts.dependsOn,
      guard: previousStateGuard(name, [...added, ...(options.guarded ?? [])], this, managementProvider),
      register: (planned, dependsOn) => {
        const resourceName = resourceNameFor(name, planned.object);
        const childOpts: pulumi.CustomResourceOptions = { parent: this, ...(dependsOn ? { dependsOn } : {}), ...previousStateHooks(resourceName, planned) };
        const resource = options.render ? options.render(planned, resourceName, childOpts) : renderResource(resourceName, planned, undefined, childOpts, providers);
        this.registered.push({ object: planned.object, resource });
        return resource;
      },
    });
    const lines = checked.issues.filter((i) => i.severity === 'warning').map((w) => formatIssues([w]).trim());
    // Logged once the component has its URN: the SDK sends log messages in order, each once its
    // resource has one, so a warning of a component whose registration fails (it waits for a
    // bundle with a malformed secret value) would hold back every later message, the error saying
    // why among them (a backup of such a bundle ended the run with no message, real engine).
    if (lines.length > 0) this.urn.apply(() => lines.forEach((line) => pulumi.log.warn(line, this)));
    this.warnings = pulumi.output(lines);
  }

  /** The resource this component registered for the first object that `matches`. */
  protected resourceOf(matches: (object: KubernetesObject) => boolean): pulumi.CustomResource | undefined {
    return this.registered.find((entry) => matches(entry.object))?.resource;
  }
}
