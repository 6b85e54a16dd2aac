/**
 * The previous state in a Pulumi program: a small dynamic resource per component holds the
 * component's objects of the kinds the previous-state checks' findings read (HostedCluster,
 * NodePool, BGPPeer; not the kinds only a summary reads, which Pulumi does not show). On the next
 * preview or update the engine passes its provider the inputs it stored last time (`olds`) with
 * the new ones (`news`); its `check` runs the same checks as a cdk8s synth
 * (lib/core/previous-state-checks.ts) and refuses a change the API server would refuse, or an
 * upgrade step the operators would refuse, with the way forward, before anything happens. Every
 * resource of the component depends on the guard, so an update without a preview
 * (`--skip-preview`) creates nothing either.
 *
 * The provider is serialized into the state, as dynamic providers are: it loads the check by
 * package name (`hcp-constructs/pulumi`) when it runs, from the program's node_modules.
 */
import * as pulumi from '@pulumi/pulumi';
import type { KubernetesObject } from '../api';
import { oldSelfFields, transitionRules } from '../api';
import type { PlannedObject, ValidationIssue } from '../core';
import { storedInputGuard } from './stored-input-guard';
import { PREVIOUS_STATE_CHECKS, checkAgainstPrevious, formatIssues, judgedKinds, previousObjects, targetKey } from '../core';

/** A planned object as the guard stores it: plain data, with its props paths as a table. */
export interface GuardedObject extends Omit<PlannedObject, 'paths'> {
  /** The props path of each rendered path a check may report (those where it differs). */
  readonly propsPaths: Readonly<Record<string, Pick<ValidationIssue, 'path' | 'renderedPath'>>>;
}

/**
 * The rendered paths a finding about `kind` can name: where each transition rule is and the fields
 * it reads from `oldSelf`, and what the other checks say they report.
 */
function reportedPaths(kind: string): string[] {
  const paths = new Set<string>(PREVIOUS_STATE_CHECKS.flatMap((check) => check.reportedPaths?.(kind) ?? []));
  for (const rule of transitionRules()) {
    if (rule.kind !== kind) continue;
    const at = rule.path === '<root>' ? [] : rule.path.split('.');
    paths.add(at.join('.'));
    for (const field of oldSelfFields(rule.rule)) paths.add([...at, ...field].join('.'));
  }
  return [...paths].filter((p) => p !== '');
}

/** The objects of `planned` the previous-state checks' findings read, as the guard stores them. */
export function guardedObjects(planned: readonly PlannedObject[]): GuardedObject[] {
  const kinds = judgedKinds();
  return planned
    .filter((p) => kinds.has(p.object.kind))
    .map(({ paths, ...rest }) => {
      const propsPaths: Record<string, Pick<ValidationIssue, 'path' | 'renderedPath'>> = {};
      for (const rendered of paths ? reportedPaths(rest.object.kind) : []) {
        const translated = paths!(rendered);
        if (translated.path !== rendered) propsPaths[rendered] = translated;
      }
      return { ...rest, propsPaths };
    });
}

const asGuarded = (value: unknown): GuardedObject[] =>
  (typeof value === 'object' && value !== null && Array.isArray((value as { objects?: unknown }).objects) ? (value as { objects: GuardedObject[] }).objects : []).filter(
    (o) => typeof o === 'object' && o !== null && typeof o.object === 'object' && typeof o.target === 'object' && o.target !== null,
  );

/**
 * The findings of the previous-state checks on the guard's new inputs against the ones the engine
 * stored last time (both as the engine passes them: `{ objects: GuardedObject[] }`, anything else
 * counts as none). What the guard's provider runs in `check`.
 */
export function checkGuardInputs(olds: unknown, news: unknown): ValidationIssue[] {
  const previous = previousObjects(asGuarded(olds).map((o) => [targetKey(o.target), o.object as KubernetesObject] as const));
  const planned: PlannedObject[] = asGuarded(news).map(({ propsPaths, ...rest }) => ({
    ...rest,
    paths: (path: string) => propsPaths?.[path] ?? { path },
  }));
  return checkAgainstPrevious(previous, planned);
}

/**
 * The guard's check as Pulumi reports it: one failure per error, as `formatIssues` prints it. No
 * property is named: the engine prints a named property's whole value before the reason, and this
 * one holds every object of the cluster.
 */
export function previousStateFailures(olds: unknown, news: unknown): pulumi.dynamic.CheckFailure[] {
  const errors = checkGuardInputs(olds, news).filter((i) => i.severity === 'error');
  return errors.map((issue) => ({ property: '', reason: formatIssues([issue]).trim() }));
}

/** The dynamic provider: `check` refuses what the checks find; the rest stores the inputs. */
export const guardProvider = storedInputGuard('previousStateFailures', 'objects', 'previous-state');

/**
 * The guard of a component's objects (`<component>-previous-state`, a child of `parent`), or
 * undefined when none of them is of a kind the checks read.
 */
export function previousStateGuard(component: string, planned: readonly PlannedObject[], parent: pulumi.Resource): pulumi.Resource | undefined {
  const objects = guardedObjects(planned);
  if (objects.length === 0) return undefined;
  return new PreviousStateGuard(`${component}-previous-state`, objects, parent);
}

/** The dynamic resource holding a component's guarded objects. */
class PreviousStateGuard extends pulumi.dynamic.Resource {
  constructor(name: string, objects: readonly GuardedObject[], parent: pulumi.Resource) {
    super(guardProvider, name, { objects }, { parent });
  }
}

