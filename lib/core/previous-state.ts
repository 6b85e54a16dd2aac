/**
 * The previous state as an input: what was applied last time, to judge a change the way the API
 * server will (it refuses some updates, see transition-checks.ts) and to show it for review.
 * An adapter finds the previous objects (cdk8s: the files it wrote into the output folder last
 * time) and runs {@link checkAgainstPrevious} on the app's plan before it writes anything; an
 * error fails the synth.
 *
 * A check is a function of the previous objects and the planned ones, with the kinds it reads:
 * only objects of those kinds are read back, so a fleet's output is not parsed for nothing. It may
 * also give lines for the synth summary and `diff` (the upgrade check lists the versions that
 * move). To add one, write a {@link PreviousStateCheck} in the layer that owns the rule and add it
 * to that layer's list (`CORE_PREVIOUS_STATE_CHECKS` in previous-state-checks.ts,
 * `EDGE_PREVIOUS_STATE_CHECKS`, `MANAGEMENT_PREVIOUS_STATE_CHECKS`); lib/previous-state assembles
 * the lists, and cdk8s, the command line and the Pulumi guard all run that assembly.
 */
import type { KubernetesObject } from '../api';
import type { ValidationIssue } from './errors';
import type { PlannedObject, Target } from './plan-model';
import { objectKey, targetKey } from './plan-model';

/** The objects applied last time, by identity: target, group, kind, namespace and name. */
export interface PreviousObjects {
  /** The previous version of `planned` (same target and identity, any API version), if there was one. */
  get(planned: Pick<PlannedObject, 'object' | 'target'>): KubernetesObject | undefined;
  /** Every previous object of `kind` with its target key, in the order read: what a check needs to see objects that are gone. */
  ofKind(kind: string): readonly { readonly target: string; readonly object: KubernetesObject }[];
  readonly size: number;
}

/** A check of the planned objects against the previous ones. */
export interface PreviousStateCheck {
  /** Names the check in messages and tests. */
  readonly name: string;
  /** The kinds whose previous objects it reads (the adapter reads back only objects of these kinds). */
  readonly kinds: readonly string[];
  /** Findings about `planned` given `previous`; paths as in any finding (see {@link PlannedObject.paths}). */
  readonly check: (previous: PreviousObjects, planned: readonly PlannedObject[]) => readonly ValidationIssue[];
  /** Lines for the synth summary and `diff` about the change (the versions that move); none when not given. */
  readonly summary?: (previous: PreviousObjects, planned: readonly PlannedObject[]) => readonly string[];
  /**
   * Kinds only `summary` reads, besides `kinds` (the multicluster engine's Subscription, for its
   * channel). An adapter that shows no summary (the Pulumi guard) does not keep them. @default none
   */
  readonly summaryKinds?: readonly string[];
  /**
   * `object` when each of its errors compares a planned object only with that same object's
   * previous version, never with another object: an adapter that is given one object's previous
   * version at a time (Pulumi's resource hooks, previous-state-hook.ts) can run it on that object
   * alone. `program` when an error needs other objects (a Restore of a cluster the previous state
   * had). @default 'program'
   */
  readonly scope?: 'object' | 'program';
  /** Its findings are warnings only: an adapter that reports errors alone (Pulumi's) skips it. @default false */
  readonly warnsOnly?: boolean;
}

/** `target:group/kind/namespace/name` without the API version, so a new version still finds the object. */
const identity = (target: string, object: KubernetesObject) => `${target}:${objectKey(object)}`;

/** No previous state: a first synth, or a folder without the library's record. */
export const NO_PREVIOUS_OBJECTS: PreviousObjects = { get: () => undefined, ofKind: () => [], size: 0 };

/**
 * The previous objects from `(target key, object)` pairs (`management`, or `<namespace>-<name>` for
 * a hosted cluster's API; see {@link targetKey}). Values that are not Kubernetes objects are left out.
 */
export function previousObjects(entries: Iterable<readonly [target: string, object: unknown]>): PreviousObjects {
  type Entry = { readonly target: string; readonly object: KubernetesObject };
  const byIdentity = new Map<string, Entry>();
  const byKind = new Map<string, Entry[]>();
  for (const [target, object] of entries) {
    if (!isKubernetesObject(object)) continue;
    const key = identity(target, object);
    if (byIdentity.has(key)) continue;
    const entry = { target, object };
    byIdentity.set(key, entry);
    const ofKind = byKind.get(object.kind);
    if (ofKind) ofKind.push(entry);
    else byKind.set(object.kind, [entry]);
  }
  return {
    get: (planned) => byIdentity.get(identity(targetKey(planned.target as Target), planned.object))?.object,
    ofKind: (kind) => byKind.get(kind) ?? [],
    size: byIdentity.size,
  };
}

function isKubernetesObject(value: unknown): value is KubernetesObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { apiVersion, kind, metadata } = value as Record<string, unknown>;
  return (
    typeof apiVersion === 'string' &&
    typeof kind === 'string' &&
    typeof metadata === 'object' &&
    metadata !== null &&
    typeof (metadata as Record<string, unknown>).name === 'string' &&
    ['string', 'undefined'].includes(typeof (metadata as Record<string, unknown>).namespace)
  );
}
