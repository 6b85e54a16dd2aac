/**
 * Changes the API server would refuse: the CRDs' transition rules (`self == oldSelf` and the like,
 * generated into lib/api by gen-api; docs/transition-rules.md lists them all) on every planned
 * object against its previous version. A refused change would pass the synth and then stay
 * OutOfSync in Argo CD (or fail `pulumi up`) with an API error; here it fails before anything is
 * written, with the way forward the documentation gives.
 */
import { checkObjectTransitions, kindHasTransitionRules, transitionRuleKinds } from '../api';
import type { KubernetesObject, TransitionFinding } from '../api';
import type { ValidationIssue } from './errors';
import type { PlannedObject } from './plan-model';
import { describeObject } from './plan-model';
import type { PreviousObjects, PreviousStateCheck } from './previous-state';
import { parsePath } from './props-paths';

/**
 * How to get a change the API server never makes in place, per kind. NodePool: the Hosted Control
 * Planes documentation, "Updating node pools" (upgradeType cannot be changed after creation: create
 * a new NodePool and delete the old one); HostedCluster: its immutable fields are fixed for the
 * cluster's life, so only a new cluster has another value.
 */
const WAY_FORWARD: Readonly<Record<string, (field: string, value: string | undefined) => string>> = {
  NodePool: (field, value) =>
    `To change it, add a NodePool with another name and ${value === undefined ? `no ${field}` : `${field} ${value}`}, move the workloads to it, then remove this NodePool.`,
  HostedCluster: () => 'An existing hosted cluster never takes this change: to have it, create a new hosted cluster with it and move the workloads there.',
};

const defaultWayForward = (kind: string) => `To change it, delete the ${kind} and create it again with the new value.`;

/** The way forward for a refused change of `field` of a `kind` to `value` (undefined: removed). */
export function wayForward(kind: string, field: string, value: string | undefined): string {
  return WAY_FORWARD[kind]?.(field, value) ?? defaultWayForward(kind);
}

/** The transition rules of every planned object of a kind that has them, against its previous version. */
export const transitionRuleCheck: PreviousStateCheck = {
  name: 'transition rules',
  // A rule compares an object with its own previous version (oldSelf).
  scope: 'object',
  // Read from the generated schemas rather than listed: today HostedCluster, NodePool and BGPPeer.
  get kinds() {
    return transitionKinds();
  },
  check: (previous, planned) => planned.flatMap((p) => checkPlannedTransitions(previous, p)),
};

let kinds: readonly string[] | undefined;
function transitionKinds(): readonly string[] {
  return (kinds ??= transitionRuleKinds());
}

function checkPlannedTransitions(previous: PreviousObjects, planned: PlannedObject): ValidationIssue[] {
  const { object } = planned;
  if (!kindHasTransitionRules(object.apiVersion, object.kind)) return [];
  const before = previous.get(planned);
  if (!before || sameContent(object, before)) return [];
  return checkObjectTransitions(object, before).findings.map((finding) => refusedChange(planned, finding));
}

/**
 * An object whose fields (metadata and status aside, which the rules do not read) are as they were
 * is no change: Argo CD finds it in sync and applies nothing. Most objects of a re-synth are such,
 * and comparing their JSON costs a tenth of evaluating the rules. Keys of both are in the writer's
 * order (sorted), so equal objects give equal text; objects that merely differ in key order are
 * judged in full.
 */
function sameContent(object: KubernetesObject, before: KubernetesObject): boolean {
  const content = (o: KubernetesObject) => JSON.stringify({ ...o, metadata: undefined, status: undefined });
  return content(object) === content(before);
}

function refusedChange(planned: PlannedObject, finding: TransitionFinding): ValidationIssue {
  const { kind } = planned.object;
  const where = planned.paths?.(finding.path) ?? { path: finding.path };
  const keys = parsePath(where.path);
  const field = typeof keys?.[keys.length - 1] === 'string' ? (keys[keys.length - 1] as string) : where.path;
  const removed = finding.after.startsWith('not set');
  return {
    severity: 'error',
    object: describeObject(planned.object),
    ...where,
    message: `${finding.message.replace(/\.$/, '')}: it was ${finding.before} in the previous output and is ${finding.after} now, so the API server would refuse the update (rule \`${finding.rule}\`).`,
    fix: `Keep ${where.path} as it was (${finding.before}). ${wayForward(kind, field, removed ? undefined : finding.after)}`,
  };
}
