/**
 * The plan of a whole app: every object to apply, where (its target cluster), when (its phase),
 * how to tell it is ready, and who asked for it. Hosted clusters, and later the management-cluster
 * prerequisites and the day-2 objects inside a hosted cluster, contribute to one plan through
 * {@link Plan.add}; the cdk8s and Pulumi adapters only render it.
 */
import type { HostedCluster, KubernetesObject } from '../api';
import type { ValidationIssue } from './errors';
import { HostedClusterPlan, readinessOf } from './plan';

/** The cluster whose API an object is applied to. */
export type Target =
  | { readonly kind: 'management' }
  | { readonly kind: 'hosted-cluster'; readonly namespace: string; readonly name: string };

/** The management cluster: where HostedClusters, their Secrets and the operators live. */
export const MANAGEMENT_CLUSTER: Target = { kind: 'management' };

/** The API of a hosted cluster (day-2 objects such as its MetalLB ingress). */
export function hostedClusterTarget(namespace: string, name: string): Target {
  return { kind: 'hosted-cluster', namespace, name };
}

/** `management`, or `<namespace>-<name>` for a hosted cluster: a folder name in the synth output. */
export function targetKey(target: Target): string {
  return target.kind === 'management' ? 'management' : `${target.namespace}-${target.name}`;
}

/**
 * A step of the apply order. Open: contributions may define their own. The wave is the Argo CD
 * sync wave and orders Pulumi's dependsOn; deletion runs in reverse.
 */
export interface Phase {
  readonly name: string;
  readonly wave: number;
}

/**
 * The phases the library uses. Hosted-cluster phases keep waves 0-3 so existing output does not
 * change; what must exist before them (operators and their configuration) gets negative waves.
 */
export const PHASES = {
  operators: { name: 'operators', wave: -3 },
  operatorConfiguration: { name: 'operator-configuration', wave: -2 },
  /** Objects whose admission webhooks must be serving first (e.g. MetalLB pools). */
  webhooksReady: { name: 'webhooks-ready', wave: -1 },
  namespaces: { name: 'namespaces', wave: 0 },
  prerequisites: { name: 'prerequisites', wave: 1 },
  hostedCluster: { name: 'hosted-cluster', wave: 2 },
  nodePools: { name: 'node-pools', wave: 3 },
  day2: { name: 'day-2', wave: 4 },
} as const satisfies Record<string, Phase>;

/** How to tell an applied object is ready (Pulumi `waitFor`, Argo CD and Flux health). */
export type Readiness =
  | { readonly kind: 'exists' }
  | { readonly kind: 'condition'; readonly type: string; readonly status: 'True' | 'False' }
  | { readonly kind: 'jsonpath'; readonly path: string; readonly value: string };

/** One object of the plan. */
export interface PlannedObject {
  readonly object: KubernetesObject;
  readonly target: Target;
  readonly phase: Phase;
  readonly readiness: Readiness;
  /** Objects (by {@link objectKey}) this one needs besides everything of earlier phases of its contribution. @default none */
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
}

/**
 * A check over the whole plan: what one contribution needs from the others (a KubeVirt hosted
 * cluster needs a management cluster prepared for KubeVirt). It judges the objects it is given
 * (those already planned when it is registered, then each later contribution's) and may read
 * the whole plan.
 */
export type PlanCheck = (objects: readonly PlannedObject[], plan: Plan) => readonly ValidationIssue[];

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
}

/** `<group>/<kind>/<namespace>/<name>`: the identity the API server gives an object. */
export function objectKey(object: KubernetesObject): string {
  const slash = object.apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : object.apiVersion.slice(0, slash);
  return `${group}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

/** JSON with sorted keys, to compare two objects for equality. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
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
  private readonly found: ValidationIssue[] = [];
  private readonly checks: PlanCheck[] = [];

  /**
   * Registers a check over the plan: returns its findings on the objects planned so far, and runs
   * it on every later contribution (its findings then belong to that contribution). So the
   * result does not depend on which construct the program creates first.
   */
  addCheck(check: PlanCheck): readonly ValidationIssue[] {
    this.checks.push(check);
    const issues = check(this.objects, this);
    this.found.push(...issues);
    return issues;
  }

  /**
   * Adds a contribution; returns the objects that are new to the plan (to render) and the
   * findings of this contribution, collisions included. A contribution with errors adds nothing.
   */
  add(contribution: PlanContribution): { readonly added: readonly PlannedObject[]; readonly issues: readonly ValidationIssue[] } {
    const issues: ValidationIssue[] = [...contribution.issues];
    const fresh = new Map<string, PlannedObject>();
    for (const planned of contribution.objects) {
      const key = `${targetKey(planned.target)}:${objectKey(planned.object)}`;
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
        const key = `${targetKey(planned.target)}:${dependency}`;
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
    for (const check of this.checks) issues.push(...check([...fresh.values()], this));
    this.found.push(...issues);
    // All or nothing: a contribution with errors adds no object.
    if (issues.some((i) => i.severity === 'error')) return { added: [], issues };
    for (const [key, planned] of fresh) this.planned.set(key, planned);
    for (const [key, planned] of claims) this.claimed.set(key, planned);
    return { added: [...fresh.values()], issues };
  }

  /** The object planned under the identity of `planned` (its own, or the first contributor's when shared). */
  get(planned: PlannedObject): PlannedObject | undefined {
    return this.planned.get(`${targetKey(planned.target)}:${objectKey(planned.object)}`);
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

/**
 * A hosted cluster's part of the plan: its phases on the management cluster, its namespaces
 * shared with other clusters that use them.
 */
export function hostedClusterContribution(
  plan: HostedClusterPlan,
  issues: readonly ValidationIssue[],
  contributor = `HostedCluster ${plan.namespace}/${plan.name}`,
): PlanContribution {
  const phases: Readonly<Record<string, Phase>> = Object.fromEntries(Object.values(PHASES).map((phase) => [phase.name, phase]));
  const objects = plan.phases.flatMap((phase) =>
    phase.objects.map((object) => ({
      object,
      target: MANAGEMENT_CLUSTER,
      phase: phases[phase.name] ?? { name: phase.name, wave: phase.wave },
      readiness: plan.readiness.get(object) ?? readinessOf(object),
      contributor,
      ...(object.kind === 'Namespace' ? { shared: true } : {}),
      ...(object === plan.hostedCluster ? { claims: hostedClusterClaims(plan.hostedCluster) } : {}),
    })),
  );
  return { contributor, objects, issues };
}

/** What two HostedClusters of one app must not share: their infraID and the hostnames of their services. */
function hostedClusterClaims(hc: HostedCluster): Claim[] {
  const claims: Claim[] = [];
  if (hc.spec.infraID) {
    claims.push({
      kind: 'infraID',
      value: hc.spec.infraID,
      path: 'spec.infraID',
      why: 'the clusters would share cloud resources and their tags, and destroying one would break the other.',
    });
  }
  hc.spec.services.forEach((entry, index) => {
    const strategy = entry.servicePublishingStrategy;
    const hostname = strategy.route?.hostname ?? strategy.loadBalancer?.hostname;
    if (hostname) {
      claims.push({
        kind: 'hostname',
        value: hostname,
        path: `spec.services[${index}].servicePublishingStrategy`,
        why: 'both would publish a service under one DNS name, and clients would reach either.',
      });
    }
  });
  return claims;
}
