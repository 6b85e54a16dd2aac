/**
 * Renders the app's plan as cdk8s ApiObjects: each construct adds its contribution to the one
 * plan of its App and renders the objects new to it, with their phase as an Argo CD sync wave
 * and their target remembered for the synth (one output folder per target).
 */
import { ApiObject, ApiObjectProps } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import type { KubernetesObject } from '../api';
import type { PlanContribution, PlannedObject, PlannedPart, ValidationIssue } from '../core';
import { contributionOf, planKey, targetedKey } from '../core/plan-model';
import { PlannedApiObject } from './planned-api-object';
import { appState } from './engine/app-state';
import { attachIssues } from './engine/issues';
import { withSyncWave } from './engine/planned-document';

/**
 * Registers `render` as what renders the objects of `keys` (plan keys) in `scope`'s App when an
 * object rendered later depends on one of them: a cdk8s dependency needs its ApiObject.
 */
export function renderWhenNeeded(scope: IConstruct, keys: readonly string[], render: () => void): void {
  const { renderers } = appState(scope);
  for (const key of keys) renderers.set(key, render);
}

/** The ApiObject rendered for the plan key `key`, rendering it first when it waits for that. */
function renderedObject(scope: IConstruct, key: string): ApiObject | undefined {
  const { rendered, renderers } = appState(scope);
  if (!rendered.has(key)) renderers.get(key)?.();
  return rendered.get(key);
}

/** Adds a plan object to `scope`, annotated with `argocd.argoproj.io/sync-wave`. */
export function renderObject(scope: Construct, planned: PlannedObject): ApiObject {
  const object = planned.object as KubernetesObject;
  const metadata = object.metadata;
  // ':' cannot occur in Kubernetes names, so ids of different objects never collide.
  const id = `${object.kind}:${metadata.namespace ?? ''}:${metadata.name}`;
  const props = withSyncWave(planned);
  const apiObject = new PlannedApiObject(scope, id, props as unknown as ApiObjectProps);
  appState(scope).planned.set(apiObject, planned);
  return apiObject;
}

/**
 * Adds `contribution` to the app's plan, renders the objects new to it into `scope` (each
 * depending on this construct's objects of earlier phases) and records every finding, plan
 * collisions included, on `scope`.
 */
export function renderContribution(scope: Construct, contribution: PlanContribution): { apiObjects: ApiObject[]; issues: readonly ValidationIssue[] } {
  const hasErrors = (issues: readonly ValidationIssue[]) => issues.some((i) => i.severity === 'error');
  if (hasErrors(contribution.issues)) {
    attachIssues(scope, contribution.issues);
    return { apiObjects: [], issues: contribution.issues };
  }
  const { added, issues } = appState(scope).plan.add(contribution);
  attachIssues(scope, issues);
  if (hasErrors(issues)) return { apiObjects: [], issues };
  return { apiObjects: renderPlanned(scope, added), issues };
}

/**
 * Renders objects the app's plan has taken into `scope`, wave by wave, each depending on the
 * objects of the wave before it and on its explicit dependencies.
 */
export function renderPlanned(scope: Construct, added: readonly PlannedObject[]): ApiObject[] {
  const known = appState(scope).rendered;
  const waves = [...new Set(added.map((p) => p.phase.wave))].sort((a, b) => a - b);
  const apiObjects: ApiObject[] = [];
  let previous: ApiObject[] = [];
  for (const wave of waves) {
    const inWave = added.filter((p) => p.phase.wave === wave);
    const rendered = inWave.map((p) => renderObject(scope, p));
    inWave.forEach((planned, index) => {
      known.set(planKey(planned), rendered[index]);
      const explicit = (planned.dependsOn ?? []).map((key) => renderedObject(scope, targetedKey(planned.target, key))).filter((o): o is ApiObject => o !== undefined);
      rendered[index].node.addDependency(...previous, ...explicit);
    });
    previous = rendered;
    apiObjects.push(...rendered);
  }
  return apiObjects;
}

/**
 * Renders a planner's checked part into `scope`, named `<label> (<construct path>)` in findings
 * (nothing, and its findings recorded, when the check found errors); returns the plan only when
 * the app's plan took it without errors. This is all a construct of a new kind needs.
 */
export function renderChecked<P extends PlannedPart>(
  scope: Construct,
  checked: { readonly plan?: P; readonly issues: readonly ValidationIssue[] },
): { plan?: P; apiObjects: ApiObject[]; issues: readonly ValidationIssue[] } {
  if (checked.plan === undefined) {
    attachIssues(scope, checked.issues);
    return { apiObjects: [], issues: checked.issues };
  }
  const { apiObjects, issues } = renderContribution(scope, contributionOf(checked.plan, checked.issues, `${checked.plan.label} (${scope.node.path})`));
  return { apiObjects, issues, ...(issues.some((i) => i.severity === 'error') ? {} : { plan: checked.plan }) };
}
