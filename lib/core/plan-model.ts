/**
 * The plan of a whole app: every object to apply, where (its target cluster), when (its phase),
 * how to tell it is ready, and who asked for it. Every planner (a hosted cluster, the management
 * cluster, agent hosts, the day-2 objects inside a hosted cluster) returns a {@link PlannedPart}:
 * {@link PlanItem}s for one target and the checks they need across the app. An adapter turns it
 * into a {@link PlanContribution} with {@link contributionOf}, adds it to the one plan of its app
 * or program ({@link Plan.add}) and renders what is new; adapters hold no rules.
 */
import type { KubernetesObject, NodePool } from '../api';
import type { PathTranslator, ValidationIssue } from './errors';
import { keyCopy } from './key-copy';
import { byText } from './text-order';

/**
 * The cluster whose API an object is applied to: a management cluster (the app's own, or one named
 * when a plan spans two, as a migration from one to another does), or the API of a hosted cluster.
 */
export type Target =
  | {
      readonly kind: 'management';
      /** Which management cluster, when a plan has more than one. @default the app's management cluster */
      readonly name?: string;
    }
  | { readonly kind: 'hosted-cluster'; readonly namespace: string; readonly name: string };

/** The management cluster: where HostedClusters, their Secrets and the operators live. */
export const MANAGEMENT_CLUSTER: Target = { kind: 'management' };

/** The API of a hosted cluster (day-2 objects such as its MetalLB ingress). */
export function hostedClusterTarget(namespace: string, name: string): Target {
  return { kind: 'hosted-cluster', namespace, name };
}

/** A management cluster named `name` (one of the two of a migration); its objects go to `management-<name>/`. */
export function managementTarget(name?: string): Target {
  return name === undefined ? MANAGEMENT_CLUSTER : { kind: 'management', name };
}

/** The target as findings name it: `the management cluster`, `management cluster east`, `hosted cluster clusters/a`. */
export function describeTarget(target: Target): string {
  if (target.kind === 'hosted-cluster') return `hosted cluster ${target.namespace}/${target.name}`;
  return target.name === undefined ? 'the management cluster' : `management cluster ${target.name}`;
}

/**
 * `management` (the app's management cluster), `management-<name>` (a named one), or
 * `<namespace>-<name>` for a hosted cluster: how plans, providers and previous objects find a
 * target, and its folder name in the synth output.
 */
export function targetKey(target: Target): string {
  if (target.kind === 'management') return target.name === undefined ? 'management' : `${NAMED_MANAGEMENT_KEY}${target.name}`;
  return `${target.namespace}-${target.name}`;
}

/** The name of the named management cluster whose target key is `key` (`management-<name>`), else undefined: the inverse of {@link targetKey} for them. */
export function managementNameOfKey(key: string): string | undefined {
  return key.startsWith(NAMED_MANAGEMENT_KEY) ? key.slice(NAMED_MANAGEMENT_KEY.length) : undefined;
}
const NAMED_MANAGEMENT_KEY = 'management-';

/**
 * A step of the apply order. Open: contributions may define their own. The wave is the Argo CD
 * sync wave and orders Pulumi's dependsOn; deletion runs in reverse.
 */
export interface Phase {
  /** What the phase is called in plans and output (`hosted-cluster`, `node-pools`). */
  readonly name: string;
  /** Its place in the apply order: lower waves are applied first and deleted last (the Argo CD sync wave). */
  readonly wave: number;
}

/**
 * The phases the library uses. Hosted-cluster phases keep waves 0-3 so existing output does not
 * change; what must exist before them (image settings, operators and their configuration) gets
 * negative waves. Two phases may share a wave when they never order against each other.
 */
export const PHASES = {
  /** Image mirrors and the registry CA of a disconnected management cluster: before any operator image or catalog is pulled. */
  imageConfiguration: { name: 'image-configuration', wave: -4 },
  operators: { name: 'operators', wave: -3 },
  operatorConfiguration: { name: 'operator-configuration', wave: -2 },
  /** Objects whose admission webhooks must be serving first (e.g. MetalLB pools). */
  webhooksReady: { name: 'webhooks-ready', wave: -1 },
  namespaces: { name: 'namespaces', wave: 0 },
  /** A migration's Backup on the source: after the plugin's configuration (-2), before the destination's Restore (1) that reads it. */
  migrationBackup: { name: 'migration-backup', wave: 0 },
  prerequisites: { name: 'prerequisites', wave: 1 },
  /** A Velero Restore, with the prerequisites: it must complete before the hosted cluster is applied. */
  restore: { name: 'restore', wave: 1 },
  hostedCluster: { name: 'hosted-cluster', wave: 2 },
  nodePools: { name: 'node-pools', wave: 3 },
  /** The ManagedCluster of an imported cluster: after the hosted cluster, so that a delete (reverse order) removes it first. */
  registration: { name: 'registration', wave: 3 },
  day2: { name: 'day-2', wave: 4 },
} as const satisfies Record<string, Phase>;

/** How to tell an applied object is ready (Pulumi `waitFor`, Argo CD and Flux health). */
export type Readiness =
  | { readonly kind: 'exists' }
  | { readonly kind: 'condition'; readonly type: string; readonly status: 'True' | 'False' }
  | { readonly kind: 'jsonpath'; readonly path: string; readonly value: string };

/**
 * Readiness of the kinds the library emits; everything else is ready once it exists. A NodePool
 * with no machines, or on a platform that does not create machines (nodes join by hand), has
 * nothing to wait for: waiting on Ready there could block a deployment forever.
 */
export function readinessOf(object: KubernetesObject, platformCreatesMachines = true): Readiness {
  switch (object.kind) {
    case 'HostedCluster':
      return { kind: 'condition', type: 'Available', status: 'True' };
    case 'NodePool': {
      const spec = (object as NodePool).spec;
      const idle = (spec.replicas === 0 && !spec.autoScaling) || !platformCreatesMachines;
      return idle ? { kind: 'exists' } : { kind: 'condition', type: 'Ready', status: 'True' };
    }
    case 'ExternalSecret':
      return { kind: 'condition', type: 'Ready', status: 'True' };
    default:
      return { kind: 'exists' };
  }
}

/** One object of the plan. */
export interface PlannedObject {
  readonly object: KubernetesObject;
  readonly target: Target;
  readonly phase: Phase;
  readonly readiness: Readiness;
  /** Objects (by key: `group/kind/namespace/name`) this one needs besides everything of earlier phases of its contribution. @default none */
  readonly dependsOn?: readonly string[];
  /** Who contributed it, for messages: `HostedCluster clusters/example`. */
  readonly contributor: string;
  /**
   * Several contributors may plan this same object (the namespace several clusters live in); it is
   * then planned once. Any other identity planned twice is an error. @default false
   */
  readonly shared?: boolean;
  /** Things only one object of the app may have (an infraID, a hostname); two claims of one key are an error. @default none */
  readonly claims?: readonly Claim[];
  /**
   * The object already exists on the cluster (created by an operator) and is to be patched, not
   * created: Pulumi applies it server-side as a patch; GitOps tools apply it as any other. @default false
   */
  readonly patch?: boolean;
  /**
   * Which prop each field of the object comes from (see props-paths.ts), for findings about the
   * object made after planning (a change the API server would refuse). @default the object's own paths
   */
  readonly paths?: PathTranslator;
  /**
   * The folder a GitOps synth writes the object into, instead of its target's (`edge-<site>`: one
   * Argo CD Application per edge site, all applied to the hub). Pulumi ignores it. @default the target's folder
   */
  readonly folder?: string;
}

/**
 * A planner's object before an adapter gives it a contributor, its part's folder and its part's
 * target, unless the item names its own (a migration's Restore goes to another management cluster
 * than its Backup).
 */
export type PlanItem = Omit<PlannedObject, 'target' | 'contributor' | 'folder'> & {
  /** The cluster this object is applied to. @default the part's target */
  readonly target?: Target;
};

/** A plan item; ready once it exists unless `readiness` says otherwise. */
export function planItem(object: KubernetesObject, phase: Phase, readiness: Readiness = { kind: 'exists' }, more: Partial<PlanItem> = {}): PlanItem {
  return { object, phase, readiness, ...more };
}

/**
 * A check over the whole plan: what one contribution needs from the others (a KubeVirt hosted
 * cluster needs a management cluster prepared for KubeVirt). It judges the objects it is given
 * (those already planned when its contribution is added, then each later contribution's) and may
 * read the whole plan; `owner` is the contributor that brought it, for messages. The same
 * function brought by several contributions runs once.
 */
export type PlanCheck = (objects: readonly PlannedObject[], plan: Plan, owner: string) => readonly ValidationIssue[];

/** What every planner returns: its objects for its target (an item may name another), in apply order, and the checks they need across the app. */
export interface PlannedPart {
  /** Names the part in findings: `HostedCluster clusters/example`; adapters add where it is (`(chart/id)`). */
  readonly label: string;
  /** The cluster its objects are applied to, unless an item names another. */
  readonly target: Target;
  /** Its objects in apply order, each with its phase and how to tell it is ready. */
  readonly objects: readonly PlanItem[];
  /** Checks over the whole app that travel with these objects (Plan.add registers them). @default none */
  readonly checks?: readonly PlanCheck[];
  /**
   * The GitOps output folder of these objects instead of the target's (see {@link PlannedObject.folder}),
   * for a management-cluster part only. A shared object may come from parts with other folders, so
   * it stays in the target's folder. @default the target's folder
   */
  readonly folder?: string;
}

/**
 * The part placed on the management cluster `name` (one of a fleet's): its objects, and any item
 * that names the app's management cluster, go to that one instead. Items for a hosted cluster's
 * API stay where they are.
 */
export function onManagementCluster<P extends PlannedPart>(part: P, name: string): P {
  const target = managementTarget(name);
  const moved = (t: Target | undefined) => (t === undefined || (t.kind === 'management' && t.name === undefined) ? target : t);
  return {
    ...part,
    target: moved(part.target),
    objects: part.objects.map((item) => (item.target === undefined || moved(item.target) === item.target ? item : { ...item, target: moved(item.target) })),
  };
}

/** The part on the management cluster `beside` was placed on (a fleet's hosted cluster): what is planned against a hosted cluster goes where the cluster runs. */
export function besidePart<P extends PlannedPart>(part: P, beside: PlannedPart | undefined): P {
  const target = beside?.target;
  return target?.kind === 'management' && target.name !== undefined ? onManagementCluster(part, target.name) : part;
}

/** Something only one object of an app may have. */
export interface Claim {
  /** What kind of thing is claimed: `infraID`, `hostname`. */
  readonly kind: string;
  readonly value: string;
  /** Where in the object, for messages: `spec.infraID`. */
  readonly path: string;
  /** What breaks when two objects have it. */
  readonly why: string;
}

/** What one construct adds to the plan: its objects, or the findings that stopped them. */
export interface PlanContribution {
  readonly contributor: string;
  readonly objects: readonly PlannedObject[];
  readonly issues: readonly ValidationIssue[];
  /** Checks the plan runs on these and every other contribution's objects. @default none */
  readonly checks?: readonly PlanCheck[];
}

/** A planner's part as a contribution of `contributor` (its label, or with where it is), with the planner's findings. */
export function contributionOf(part: PlannedPart, issues: readonly ValidationIssue[], contributor = part.label): PlanContribution {
  const folder = part.folder;
  const objects = part.objects.map((item) => plannedObject(item, part.target, contributor, folder && !item.shared ? folder : undefined));
  return { contributor, objects, issues, ...(part.checks?.length ? { checks: part.checks } : {}) };
}

/**
 * The item with its target, contributor and folder: the keys of `{ ...item, target, contributor, folder }`
 * in that order, copied one by one (see key-copy.ts: a spread gave every planned object a hidden class of its own).
 */
function plannedObject(item: PlanItem, target: Target, contributor: string, folder: string | undefined): PlannedObject {
  const planned = keyCopy(item);
  planned.target = item.target ?? target;
  planned.contributor = contributor;
  if (folder) planned.folder = folder;
  return planned as unknown as PlannedObject;
}

/** The API group of an apiVersion: `apps` of `apps/v1`, `` of `v1` (the core group). */
export function apiGroupOf(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** `<group>/<kind>/<namespace>/<name>`: the identity the API server gives an object. */
export function objectKey(object: KubernetesObject): string {
  return `${apiGroupOf(object.apiVersion)}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

/** `Kind namespace/name` (`Kind name` when cluster-scoped): the object as findings name it. */
export function describeObject(object: KubernetesObject): string {
  return `${object.kind} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`;
}

/** JSON with sorted keys, to compare two objects for equality. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => byText(a, b)))
      : v,
  );
}

/**
 * One plan for an app. Every object identity (target, group, kind, namespace, name) is planned
 * once: a shared object asked for again, identical (a namespace of two clusters), stays with its
 * first contributor; any other identity planned twice is an error naming both contributors.
 */
export class Plan {
  private readonly planned = new Map<string, PlannedObject>();
  private readonly claimed = new Map<string, PlannedObject>();
  /** The target behind each target key: two targets may not share one (their folder and provider). */
  private readonly targets = new Map<string, Target>();
  private readonly found: ValidationIssue[] = [];
  /** Registered checks and the contributor that brought each. */
  private readonly checks = new Map<PlanCheck, string>();

  /**
   * Adds a contribution; returns the objects that are new to the plan (to render) and the
   * findings of this contribution, collisions and cross-object checks included. Its own checks
   * judge the objects planned before it too, so the result does not depend on which construct
   * the program creates first. A contribution with errors adds nothing, not even its checks.
   */
  add(contribution: PlanContribution): { readonly added: readonly PlannedObject[]; readonly issues: readonly ValidationIssue[] } {
    const issues: ValidationIssue[] = [...contribution.issues];
    const fresh = this.freshObjects(contribution.objects, issues);
    const targets = this.newTargets(fresh, issues);
    const claims = this.newClaims(fresh, issues);
    const newChecks = (contribution.checks ?? []).filter((check) => !this.checks.has(check));
    // Copying the planned objects costs a pass over the app: only a part that brings a new check pays it.
    const existing = newChecks.length > 0 ? this.objects : [];
    for (const check of newChecks) issues.push(...check(existing, this, contribution.contributor));
    const freshObjects = [...fresh.values()];
    for (const [check, owner] of this.checks) issues.push(...check(freshObjects, this, owner));
    for (const check of newChecks) issues.push(...check(freshObjects, this, contribution.contributor));
    this.found.push(...issues);
    // All or nothing: a contribution with errors adds no object.
    if (hasErrors(issues)) return { added: [], issues };
    for (const [key, planned] of fresh) this.planned.set(key, planned);
    for (const [key, planned] of claims) this.claimed.set(key, planned);
    for (const [key, target] of targets) this.targets.set(key, target);
    for (const check of newChecks) this.checks.set(check, contribution.contributor);
    return { added: freshObjects, issues };
  }

  /** The contribution's objects new to the plan, by key; identity collisions and missing dependencies go to `issues`. */
  private freshObjects(objects: readonly PlannedObject[], issues: ValidationIssue[]): Map<string, PlannedObject> {
    const fresh = new Map<string, PlannedObject>();
    for (const planned of objects) {
      const key = planKey(planned);
      const existing = this.planned.get(key) ?? fresh.get(key);
      if (!existing) {
        fresh.set(key, planned);
      } else if (!(existing.shared && planned.shared && canonical(existing.object) === canonical(planned.object))) {
        const { kind, metadata } = planned.object;
        const name = `${metadata.namespace ? `${metadata.namespace}/` : ''}${metadata.name}`;
        issues.push({
          severity: 'error',
          object: planned.contributor,
          path: 'metadata.name',
          message: `${kind} ${name} is also planned by ${existing.contributor}; one would silently replace the other on apply.`,
          fix: `Give one of them another name${metadata.namespace ? ' or namespace' : ''}.`,
        });
      }
    }
    for (const planned of fresh.values()) {
      for (const dependency of planned.dependsOn ?? []) {
        const key = targetedKey(planned.target, dependency);
        if (!this.planned.has(key) && !fresh.has(key)) {
          issues.push({
            severity: 'error',
            object: planned.contributor,
            path: 'dependsOn',
            message: `${planned.object.kind} ${planned.object.metadata.name} depends on ${dependency}, which nothing in the app plans for ${targetKey(planned.target)}.`,
            fix: 'Add the object it depends on to the app, or drop the dependency.',
          });
        }
      }
    }
    return fresh;
  }

  /**
   * The targets of the fresh objects by key. Keys join names with dashes, so two targets can meet
   * on one (hosted cluster `b` in namespace `a-x` and `x-b` in `a`; hosted cluster `east` in
   * namespace `management` and the management cluster named `east`): that is an error, or one
   * folder and one provider would serve both.
   */
  private newTargets(fresh: ReadonlyMap<string, PlannedObject>, issues: ValidationIssue[]): Map<string, Target> {
    const targets = new Map<string, Target>();
    for (const planned of fresh.values()) {
      const key = targetKey(planned.target);
      const known = this.targets.get(key) ?? targets.get(key);
      if (!known) targets.set(key, planned.target);
      else if (known !== planned.target && describeTarget(known) !== describeTarget(planned.target)) {
        issues.push({
          severity: 'error',
          object: planned.contributor,
          path: 'metadata.name',
          message: `${describeTarget(planned.target)} and ${describeTarget(known)} would share the output folder and provider key "${key}".`,
          fix: 'Rename one of them (a namespace or a name).',
        });
        return targets;
      }
    }
    return targets;
  }

  /** The claims of the fresh objects by key; a claim another object holds goes to `issues`. */
  private newClaims(fresh: ReadonlyMap<string, PlannedObject>, issues: ValidationIssue[]): Map<string, PlannedObject> {
    const claims = new Map<string, PlannedObject>();
    for (const planned of fresh.values()) {
      for (const claim of planned.claims ?? []) {
        const key = `${claim.kind}/${claim.value}`;
        const holder = this.claimed.get(key) ?? claims.get(key);
        if (holder) {
          issues.push({
            severity: 'error',
            object: planned.contributor,
            path: claim.path,
            message: `${claim.kind} "${claim.value}" is also used by ${holder.contributor}; ${claim.why}`,
            fix: 'Give each one its own.',
          });
        } else claims.set(key, planned);
      }
    }
    return claims;
  }

  /** The object planned under the identity of `planned` (its own, or the first contributor's when shared). */
  get(planned: Pick<PlannedObject, 'object' | 'target'>): PlannedObject | undefined {
    return this.planned.get(planKey(planned));
  }

  /** Every planned object, in the order they were added. */
  get objects(): readonly PlannedObject[] {
    return [...this.planned.values()];
  }

  /** Every finding of every contribution. */
  get issues(): readonly ValidationIssue[] {
    return this.found;
  }
}

/** `<target>:<group>/<kind>/<namespace>/<name>`: one key per object of a plan, across targets. */
export function planKey(planned: Pick<PlannedObject, 'object' | 'target'>): string {
  return targetedKey(planned.target, objectKey(planned.object));
}

/** The plan key of the object `key` ({@link objectKey}) on `target`: how a `dependsOn` entry is found. */
export function targetedKey(target: Target, key: string): string {
  return `${targetKey(target)}:${key}`;
}

function hasErrors(issues: readonly ValidationIssue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
