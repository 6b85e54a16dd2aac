/** Renders plan objects as cdk8s ApiObjects, with their phase as an Argo CD sync wave. */
import { ApiObject } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import type { KubernetesObject } from '../api';
import type { HostedClusterPlan, PlanPhase, ValidationIssue } from '../core';
import { ANNOTATIONS, formatIssues } from '../core';

/** Adds a plan object to `scope`, annotated with `argocd.argoproj.io/sync-wave`. */
export function renderObject(scope: Construct, object: KubernetesObject, wave: number): ApiObject {
  const { metadata, ...rest } = object;
  // ':' cannot occur in Kubernetes names, so ids of different objects never collide.
  const id = `${object.kind}:${metadata.namespace ?? ''}:${metadata.name}`;
  return new ApiObject(scope, id, {
    ...rest,
    metadata: { ...metadata, annotations: { ...metadata.annotations, [ANNOTATIONS.argoSyncWave]: String(wave) } },
  });
}

/** Renders phases in order; each phase's objects depend on the previous phase's. */
export function renderPhases(scope: Construct, phases: readonly PlanPhase[]): ApiObject[] {
  const all: ApiObject[] = [];
  let previous: ApiObject[] = [];
  for (const phase of phases) {
    const rendered = phase.objects.map((object) => renderObject(scope, object, phase.wave));
    for (const object of rendered) object.node.addDependency(...previous);
    if (rendered.length > 0) previous = rendered;
    all.push(...rendered);
  }
  return all;
}

const ISSUES = Symbol.for('hcp-constructs.issues');

/** A construct that carries validation findings, found by {@link collectIssues}. */
export interface HasIssues extends IConstruct {
  readonly issues: readonly ValidationIssue[];
}

/**
 * Records findings on a construct. Errors also become a construct validation, so a plain
 * `app.synth()` fails too, with every message.
 */
export function attachIssues(construct: Construct, issues: readonly ValidationIssue[]): void {
  Object.defineProperty(construct, ISSUES, { value: issues });
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) construct.node.addValidation({ validate: () => formatIssues(errors).split('\n') });
}

/** Every finding recorded anywhere below `root`. */
export function collectIssues(root: IConstruct): ValidationIssue[] {
  return root.node.findAll().flatMap((c) => ((c as unknown as Record<symbol, ValidationIssue[]>)[ISSUES] ?? []));
}

export type { HostedClusterPlan };
