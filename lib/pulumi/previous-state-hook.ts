/**
 * The previous-state checks that compare an object with its own previous version (`scope:
 * 'object'`: the CRDs' transition rules, a control plane's upgrade step, an edge site's identity),
 * run by Pulumi's resource hooks. The engine calls a `beforeUpdate` hook of the program, in the
 * program's process, before it updates a resource, with the inputs it stored last time
 * (`oldInputs`); the hook judges the planned object against them and throws the findings, which
 * fails `pulumi preview` (the hook runs in previews too) and `pulumi up` before that object
 * changes. Nothing is stored for it and no other process runs it: an object without changes is
 * never judged. The checks that need more than one object stay with the guard
 * (previous-state-guard.ts). Needs `@pulumi/pulumi` 3.182.0 or later, which brought hooks.
 */
import * as pulumi from '@pulumi/pulumi';
import type { PlannedObject, ValidationIssue } from '../core';
import { checkAgainstPrevious, formatIssues, judgedKinds, previousObjects, targetKey } from '../core';
import type { FieldPath } from '../core/field-values';
import { valueAt, withFieldValues } from '../core/field-values';
import { PREVIOUS_STATE_CHECKS } from '../previous-state/all-checks';
import { guardSetting, PROGRAM_GUARD_NAME } from './previous-state-guard';

const ONE_OBJECT_CHECKS = PREVIOUS_STATE_CHECKS.filter((check) => check.scope === 'object');
let hookKinds: ReadonlySet<string> | undefined;

/** What the hook knows of one resource: its planned object, and where its values exist only at deploy time. */
interface HookedObject {
  readonly planned: PlannedObject;
  /** Paths whose planned value is a stand-in (an AWS role's ARN): not judged, as before they existed. */
  readonly deployTimePaths: readonly FieldPath[];
}

/** The errors of the one-object checks on `planned` against the inputs the engine stored for it (`oldInputs`). */
export function judgeUpdate(planned: PlannedObject, oldInputs: unknown, deployTimePaths: readonly FieldPath[] = []): ValidationIssue[] {
  // The stored values of the deploy-time fields give way to the plan's stand-ins, so they compare equal.
  const standIns = deployTimePaths.filter((path) => valueAt(oldInputs, path) !== undefined).map((path) => ({ path, value: valueAt(planned.object, path) }));
  const before = standIns.length > 0 ? withFieldValues(oldInputs, standIns) : oldInputs;
  const previous = previousObjects([[targetKey(planned.target), before]]);
  return checkAgainstPrevious(previous, [planned], ONE_OBJECT_CHECKS).filter((issue) => issue.severity === 'error');
}

/** The program's hook and the objects it judges, by resource name. */
interface ProgramHook {
  readonly hook: pulumi.ResourceHook;
  readonly objects: Map<string, HookedObject>;
}

// Keyed by the engine connection, as the program's plan (program-plan.ts); null when the stack turned the checks off.
const programHooks = new WeakMap<object, ProgramHook | null>();

function newProgramHook(): ProgramHook {
  const objects = new Map<string, HookedObject>();
  const hook = new pulumi.ResourceHook(PROGRAM_GUARD_NAME, (args) => refuseUpdate(objects.get(args.name), args.oldInputs), { onDryRun: true });
  return { hook, objects };
}

/**
 * The hook option of resource `resourceName` that renders `planned`: undefined for a kind no
 * one-object check reads, when the stack turned the guard off, and outside an engine (unit tests'
 * mocks, where the engine calls no hook). One hook serves the program; each resource name is
 * judged against its own planned object.
 */
export function previousStateHooks(resourceName: string, planned: PlannedObject, deployTimePaths: readonly FieldPath[] = []): { hooks: pulumi.ResourceHookBinding } | undefined {
  hookKinds ??= judgedKinds(ONE_OBJECT_CHECKS);
  if (!hookKinds.has(planned.object.kind) || !pulumi.runtime.hasEngine()) return undefined;
  const engine = pulumi.runtime.getMonitor() as object;
  let program = programHooks.get(engine);
  // The stack setting is read once per program (each read parses the whole stack configuration).
  if (program === undefined) programHooks.set(engine, (program = guardSetting().wanted ? newProgramHook() : null));
  if (program === null) return undefined;
  program.objects.set(resourceName, { planned, deployTimePaths });
  return { hooks: { beforeUpdate: [program.hook] } };
}

/** Throws the findings, one per line as `formatIssues` prints them; the engine prints them after `before hook "hcp-previous-state" failed:`. */
function refuseUpdate(object: HookedObject | undefined, oldInputs: unknown): void {
  if (!object) return;
  const errors = judgeUpdate(object.planned, oldInputs, object.deployTimePaths);
  if (errors.length > 0) throw new Error(formatIssues(errors).trim());
}
