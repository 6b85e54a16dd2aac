/**
 * The plan of a Pulumi program: every component of one program adds to it, so an object two
 * clusters share (their namespace) is registered once and identity collisions are errors.
 */
import * as pulumi from '@pulumi/pulumi';
import { Plan } from '../core';

export interface ProgramPlan {
  readonly plan: Plan;
  /** The resource registered for each object identity (`objectKey`). */
  readonly resources: Map<string, pulumi.CustomResource>;
}

// Keyed by the engine connection (a new one for each program run, e.g. with the Automation API or
// a test's setMocks) and then by the management cluster's provider: each is its own API.
const programs = new WeakMap<object, WeakMap<object, ProgramPlan>>();
const DEFAULT_PROVIDER = {};
const NO_ENGINE = {};

/** The plan of the running program for the cluster `provider` talks to (the ambient one when undefined). */
export function programPlan(provider: pulumi.ProviderResource | undefined): ProgramPlan {
  const engine = (pulumi.runtime.getMonitor() as object | undefined) ?? NO_ENGINE;
  let byProvider = programs.get(engine);
  if (!byProvider) programs.set(engine, (byProvider = new WeakMap()));
  const key = provider ?? DEFAULT_PROVIDER;
  let program = byProvider.get(key);
  if (!program) byProvider.set(key, (program = { plan: new Plan(), resources: new Map() }));
  return program;
}
