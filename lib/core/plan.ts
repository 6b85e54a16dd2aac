/**
 * The plan: every object a hosted cluster needs, in the phases they must be applied, each with
 * how to tell it is ready. Adapters (cdk8s, Pulumi) only render a plan.
 */
import type { HostedCluster, KubernetesObject, Namespace, NodePool } from '../api';
import * as v from 'valibot';
import { CLI_DEFAULTS } from './defaults';
import { IssueCollector, ValidationIssue, throwIfErrors } from './errors';
import { HostedClusterProps, buildHostedCluster, hostedClusterEntries } from './hosted-cluster';
import { MAX_NAME_LENGTH, MAX_NODES_PER_CLUSTER } from './limits';
import { NodePoolProps, buildNodePool, nodePoolEntries } from './node-pool';
import type { AnyPlatformDefinition } from './platform';
import { bool, list, quote, schemaFindings, strict } from './schema';
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

/** The props schema of a whole hosted cluster, for a platform union and NodePool platform blocks. */
export function hostedClusterPlanPropsSchema<P extends v.GenericSchema, PP extends v.GenericSchema>(platform: P, poolPlatform: PP) {
  return strict({
    ...hostedClusterEntries,
    /** Platform type and its settings. */
    platform,
    /** @default the CLI's: one pool named after the cluster (AWS: one per zone), 0 replicas */
    nodePools: v.optional(list(strict({ ...nodePoolEntries, platform: v.optional(poolPlatform) }))),
    /** Emit the Namespace objects. Turn off when the namespace is managed elsewhere. @default true */
    createNamespace: v.optional(bool()),
  });
}

export type HostedClusterPlanProps<Platform extends { readonly type: string }, PoolPlatform extends object> = HostedClusterProps<Platform> & {
  /** @default the CLI's: one pool named after the cluster (AWS: one per zone), 0 replicas */
  readonly nodePools?: ReadonlyArray<NodePoolProps<PoolPlatform>>;
  /** Emit the Namespace objects. Turn off when the namespace is managed elsewhere. @default true */
  readonly createNamespace?: boolean;
};

/** What tryPlan needs to know about the platforms: the props schema and the definitions by type. */
export interface PlanPlatforms {
  readonly propsSchema: v.GenericSchema;
  readonly byType: Readonly<Record<string, AnyPlatformDefinition>>;
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

/** `HostedCluster <ns>/<name>` for findings, with stand-ins when the props' own name or namespace is unusable. */
export function objectLabel(props: unknown): string {
  const record = typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {};
  const usable = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME_LENGTH;
  const namespace = record.namespace === undefined ? CLI_DEFAULTS.namespace : usable(record.namespace) ? (record.namespace as string) : '<invalid namespace>';
  const name = usable(record.name) ? (record.name as string) : '<invalid name>';
  return `HostedCluster ${namespace}/${name}`;
}

/**
 * Checks the props against the schema, then builds and validates a plan; returns it with every
 * finding. Any JavaScript value gives findings, never an exception.
 */
export function tryPlan(input: unknown, options: PlanOptions, platforms: PlanPlatforms): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  const object = objectLabel(input);
  const parsed = v.safeParse(platforms.propsSchema, input);
  // Shape errors first, all at once: planning on a malformed description would only add noise.
  if (!parsed.success) return { issues: schemaFindings(parsed.issues, object) };
  const props = parsed.output as HostedClusterPlanProps<{ readonly type: string }, object>;
  const issues = new IssueCollector(object);
  try {
    return planChecked(props, options, platforms.byType, issues);
  } catch (error) {
    // The props are well-formed, so this comes from specOverrides giving a field a shape the
    // library cannot read (e.g. `networking: 5`); report it instead of crashing.
    issues.error(
      props.specOverrides !== undefined || props.nodePools?.some((p) => p.specOverrides !== undefined) ? 'specOverrides' : '(props)',
      `the merged objects could not be checked: ${error instanceof Error ? error.message : String(error)}.`,
      'Make specOverrides match the HostedCluster and NodePool spec types.',
    );
    return { issues: issues.issues };
  }
}

function planChecked(
  props: HostedClusterPlanProps<{ readonly type: string }, object>,
  options: PlanOptions,
  platforms: Readonly<Record<string, AnyPlatformDefinition>>,
  issues: IssueCollector,
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  const namespace = props.namespace ?? CLI_DEFAULTS.namespace;
  const platform = platforms[props.platform.type];
  const platformProps = platform.blockKey ? (props.platform as Record<string, unknown>)[platform.blockKey] : undefined;
  const built = buildHostedCluster(props, platformProps, platform, issues, options.allowInlineSecrets ?? false);
  const hc = built.hostedCluster;
  const clusterVersion = validateHostedCluster(hc, platform, props.release.version, options, issues);

  const poolProps: ReadonlyArray<NodePoolProps & { name: string }> =
    props.nodePools?.map((pool) => ({ ...pool, name: pool.name ?? props.name })) ??
    platform.contribute.defaultPools(platformProps, props.name).map(({ name, platform: block }) => ({ name, platform: block }));
  const seen = new Set<string>();
  const nodePools = poolProps.map((pool, index) => {
    const path = `nodePools[${index}]`;
    const poolIssues = issues.forObject(`NodePool ${namespace}/${pool.name}`);
    if (seen.has(pool.name)) poolIssues.error('metadata.name', `two NodePools are named ${quote(pool.name)}.`, 'Give each NodePool its own name.');
    seen.add(pool.name);
    const otherBlocks = Object.keys(pool.platform ?? {}).filter((key) => key !== platform.blockKey && (pool.platform as Record<string, unknown>)[key] !== undefined);
    for (const key of otherBlocks) {
      poolIssues.error(`${path}.platform.${key}`, `${key} settings are given for a NodePool of a ${platform.type} cluster.`, `Remove them${platform.blockKey ? ` or give ${platform.blockKey} settings` : ''}.`);
    }
    const np = buildNodePool(pool, pool.name, platformProps, props.release, platform, { ...built.context, issues: poolIssues }, path);
    validateNodePool(np, hc, clusterVersion, platform, pool.release?.version ?? (pool.release ? undefined : props.release.version), options, poolIssues);
    return np;
  });
  checkClusterSize(nodePools, issues);

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

/** The most nodes all pools together may reach stays within the cluster maximum (see limits.ts). */
function checkClusterSize(nodePools: readonly NodePool[], issues: IssueCollector): void {
  const most = nodePools.reduce((sum, np) => sum + (np.spec.autoScaling?.max ?? np.spec.replicas ?? 0), 0);
  if (most > MAX_NODES_PER_CLUSTER) {
    issues.error(
      'nodePools',
      `the NodePools can reach ${most} nodes together; OpenShift is tested up to ${MAX_NODES_PER_CLUSTER} nodes per cluster.`,
      `Keep the sum of replicas (or autoScaling.max) at ${MAX_NODES_PER_CLUSTER} or less, or split the workload across clusters.`,
    );
  }
}

/** Builds a plan or throws {@link HcpValidationError} listing every problem. */
export function buildPlan(input: unknown, options: PlanOptions, platforms: PlanPlatforms): HostedClusterPlan {
  const { plan, issues } = tryPlan(input, options, platforms);
  throwIfErrors(issues);
  return plan!;
}

/** All objects of a plan in apply order. */
export function planObjects(plan: HostedClusterPlan): KubernetesObject[] {
  return plan.phases.flatMap((phase) => phase.objects);
}
