/**
 * The plan: every object a hosted cluster needs, in the phases they must be applied, each with
 * how to tell it is ready. Adapters (cdk8s, Pulumi) only render a plan.
 */
import type { HostedCluster, KubernetesObject, Namespace, NodePool } from '../api';
import { IssueCollector, ValidationIssue, throwIfErrors } from './errors';
import { HostedClusterProps, buildHostedCluster } from './hosted-cluster';
import { NodePoolProps, buildNodePool } from './node-pool';
import type { AnyPlatformStrategy } from './platform';
import { ValidationOptions, validateHostedCluster, validateNodePool } from './validate';

export type PhaseName = 'namespaces' | 'prerequisites' | 'hosted-cluster' | 'node-pools';

export interface PlanPhase {
  readonly name: PhaseName;
  /** Apply order: lower first (Argo CD sync wave, Pulumi dependsOn). */
  readonly wave: number;
  readonly objects: readonly KubernetesObject[];
}

/** How to tell an applied object is ready. */
export type Readiness =
  | { readonly kind: 'exists' }
  | { readonly kind: 'condition'; readonly type: string; readonly status: 'True' };

export interface HostedClusterPlan {
  readonly name: string;
  readonly namespace: string;
  readonly phases: readonly PlanPhase[];
  readonly hostedCluster: HostedCluster;
  readonly nodePools: readonly NodePool[];
  readonly warnings: readonly ValidationIssue[];
}

export interface HostedClusterPlanProps<Platform extends { readonly type: string }, PoolPlatform extends object>
  extends HostedClusterProps<Platform> {
  /** @default the CLI's: one pool named after the cluster (AWS: one per zone), 0 replicas */
  readonly nodePools?: ReadonlyArray<NodePoolProps<PoolPlatform>>;
  /** Emit the Namespace objects. Turn off when the namespace is managed elsewhere. @default true */
  readonly createNamespace?: boolean;
}

export interface PlanOptions extends ValidationOptions {
  /** Allow inline secret values in the output. @default false */
  readonly allowInlineSecrets?: boolean;
}

export const PHASE_WAVES: Readonly<Record<PhaseName, number>> = {
  namespaces: 0,
  prerequisites: 1,
  'hosted-cluster': 2,
  'node-pools': 3,
};

/** Readiness of the kinds the library emits; everything else is ready once it exists. */
export function readinessOf(object: KubernetesObject): Readiness {
  switch (object.kind) {
    case 'HostedCluster':
      return { kind: 'condition', type: 'Available', status: 'True' };
    case 'NodePool': {
      // A pool with no machines, or on platform None (nodes join by hand), has nothing to wait
      // for; waiting on Ready there could block a deployment forever.
      const spec = (object as NodePool).spec;
      const idle = (spec.replicas === 0 && !spec.autoScaling) || spec.platform.type === 'None';
      return idle ? { kind: 'exists' } : { kind: 'condition', type: 'Ready', status: 'True' };
    }
    case 'ExternalSecret':
      return { kind: 'condition', type: 'Ready', status: 'True' };
    default:
      return { kind: 'exists' };
  }
}

/** Builds and validates a plan; returns it with every finding, errors included. */
export function tryPlan<P extends { readonly type: string }, PP extends object>(
  props: HostedClusterPlanProps<P, PP>,
  options: PlanOptions,
  platforms: Readonly<Record<string, AnyPlatformStrategy>>,
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  const namespace = props.namespace ?? 'clusters';
  const issues = new IssueCollector(`HostedCluster ${namespace}/${props.name}`);
  const strategy = platforms[props.platform.type];
  if (!strategy) {
    issues.error('platform.type', `platform ${props.platform.type} is not supported.`, `Use one of ${Object.keys(platforms).join(', ')}.`);
    return { issues: issues.issues };
  }
  const platformProps = strategy.blockKey ? (props.platform as Record<string, unknown>)[strategy.blockKey] : undefined;
  const built = buildHostedCluster(props, platformProps, strategy, issues, options.allowInlineSecrets ?? false);
  const hc = built.hostedCluster;
  const clusterVersion = validateHostedCluster(hc, strategy, platformProps, props.release.version, options, issues);

  const poolProps: ReadonlyArray<NodePoolProps<PP> & { name: string }> =
    props.nodePools?.map((pool) => ({ ...pool, name: pool.name ?? props.name })) ??
    strategy.defaultPools(platformProps, props.name).map(({ name, platform }) => ({ name, platform: platform as PP }));
  const seen = new Set<string>();
  const nodePools = poolProps.map((pool, index) => {
    const path = `nodePools[${index}]`;
    const poolIssues = issues.forObject(`NodePool ${namespace}/${pool.name}`);
    if (seen.has(pool.name)) poolIssues.error('metadata.name', `two NodePools are named "${pool.name}".`, 'Give each NodePool its own name.');
    seen.add(pool.name);
    const platformBlocks = Object.keys((pool.platform ?? {}) as object).filter((key) => key !== strategy.blockKey);
    for (const key of platformBlocks) {
      poolIssues.error(`${path}.platform.${key}`, `${key} settings are given for a NodePool of a ${strategy.type} cluster.`, `Remove them${strategy.blockKey ? ` or give ${strategy.blockKey} settings` : ''}.`);
    }
    const np = buildNodePool(pool, pool.name, platformProps, props.release, strategy, { ...built.context, issues: poolIssues }, path);
    validateNodePool(np, hc, clusterVersion, strategy, pool.release?.version ?? (pool.release ? undefined : props.release.version), options, poolIssues);
    return np;
  });

  const namespaces: Namespace[] =
    props.createNamespace === false
      ? []
      : [...new Set(built.namespaces)].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
  const plan: HostedClusterPlan = {
    name: props.name,
    namespace,
    hostedCluster: hc,
    nodePools,
    phases: [
      { name: 'namespaces', wave: PHASE_WAVES.namespaces, objects: namespaces },
      { name: 'prerequisites', wave: PHASE_WAVES.prerequisites, objects: built.supporting },
      { name: 'hosted-cluster', wave: PHASE_WAVES['hosted-cluster'], objects: [hc] },
      { name: 'node-pools', wave: PHASE_WAVES['node-pools'], objects: nodePools },
    ],
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/** Builds a plan or throws {@link HcpValidationError} listing every problem. */
export function buildPlan<P extends { readonly type: string }, PP extends object>(
  props: HostedClusterPlanProps<P, PP>,
  options: PlanOptions,
  platforms: Readonly<Record<string, AnyPlatformStrategy>>,
): HostedClusterPlan {
  const { plan, issues } = tryPlan(props, options, platforms);
  throwIfErrors(issues);
  return plan!;
}

/** All objects of a plan in apply order. */
export function planObjects(plan: HostedClusterPlan): KubernetesObject[] {
  return plan.phases.flatMap((phase) => phase.objects);
}
