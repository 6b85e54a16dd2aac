/** The platforms hcp-constructs supports; the registry and the props unions are derived from their definitions. */
import type { NodePool } from '../api';
import type { AnyPlatformDefinition, HostedClusterPlan, PathTranslator, PlanItem, PlanOptions, PlannedPart, Readiness, ValidationIssue } from '../core';
import type { SchemaCheck } from '../core/api-schema-check';
import { MANAGEMENT_CLUSTER, PHASES, buildPlan, objectKey, hostedClusterPlanPropsSchema, nodePoolPropsSchema, planItem, platformRegistry, tryPlan, tryPlanNodePool } from '../core';
import { agentPlatform } from './agent';
import { awsPlatform } from './aws';
import { azurePlatform } from './azure';
import { kubevirtPlatform } from './kubevirt';
import { nonePlatform } from './none';
import { powervsPlatform } from './powervs';
import type { HostedClusterProps, NodePoolProps } from './props';

export type { HostedClusterProps, NodePoolPlatformProps, NodePoolProps, PlatformProps } from './props';

export * from './aws';
// Not re-exported by './aws': the CLI's JSON is read into that folder's props, which it imports.
export * from './aws/interop';
export * from './kubevirt';
export * from './agent';
export * from './none';
export * from './azure';
// Not re-exported by './azure', as for AWS.
export * from './azure/interop';
export * from './powervs';
// Not re-exported by './powervs': the CLI's JSON is read into that folder's props, which it imports.
export * from './powervs/interop';

/**
 * Every platform, once. Adding a definition here adds its type, props and pool block everywhere,
 * and its management-cluster preset, ingress mode and health reading (test/unit/platforms.test.ts
 * lists what a definition must provide).
 */
export const PLATFORM_DEFINITIONS = [awsPlatform, kubevirtPlatform, agentPlatform, nonePlatform, azurePlatform, powervsPlatform] as const;

const registry = platformRegistry(PLATFORM_DEFINITIONS);

/** Definitions by platform type. */
export const PLATFORMS = registry.byType;

/** A platform hcp-constructs defines. */
export type RegisteredPlatform = (typeof PLATFORM_DEFINITIONS)[number]['type'];

type TypesOf<Defs extends readonly AnyPlatformDefinition[]> = { readonly [I in keyof Defs]: Defs[I] extends { readonly type: infer T } ? T : never };

/** The platform types, in registry order. */
export const PLATFORM_TYPES = PLATFORM_DEFINITIONS.map((d) => d.type) as unknown as TypesOf<typeof PLATFORM_DEFINITIONS>;

/** The definition of a platform type (any value: a HostedCluster read from elsewhere may carry any type), or undefined. */
export function platformDefinition(type: unknown): AnyPlatformDefinition | undefined {
  return typeof type === 'string' && Object.hasOwn(PLATFORMS, type) ? (PLATFORMS as Readonly<Record<string, AnyPlatformDefinition>>)[type] : undefined;
}

/** The schema of everything that describes one hosted cluster (props are checked against it first). @internal */
export const hostedClusterPropsSchema = hostedClusterPlanPropsSchema(registry.platformSchema, registry.poolPlatformSchema);

const planPlatforms = { propsSchema: hostedClusterPropsSchema, poolSchema: nodePoolPropsSchema(registry.poolPlatformSchema), byType: PLATFORMS };

/**
 * Validates the props and returns the plan; throws HcpValidationError listing every problem.
 * Accepts any value (props often come from YAML or JSON); the type documents what is valid.
 */
export function planHostedCluster(props: HostedClusterProps, options: PlanOptions = {}): HostedClusterPlan {
  return buildPlan(props, options, planPlatforms);
}

/** Like planHostedCluster, but returns the findings instead of throwing, whatever value `props` is. */
export function checkHostedCluster(
  props: HostedClusterProps | unknown,
  options: PlanOptions = {},
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  return tryPlan(props, options, planPlatforms);
}

/**
 * {@link checkHostedCluster} with the API-schema check done by `checkSchemas` (the cdk8s synth
 * hands it to another thread); the findings it records later join the returned issues.
 */
export function checkHostedClusterWith(
  props: HostedClusterProps | unknown,
  options: PlanOptions,
  checkSchemas: SchemaCheck,
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  return tryPlan(props, options, planPlatforms, checkSchemas);
}

/**
 * Checks one more NodePool of an already planned cluster and builds it, without planning the
 * cluster again; `others` are the cluster's NodePools so far. Any value gives findings, never an exception.
 */
export function checkNodePool(
  cluster: HostedClusterPlan,
  props: NodePoolProps | unknown,
  others: readonly NodePool[] = cluster.nodePools,
  options: PlanOptions = {},
): { nodePool?: NodePool; readiness?: Readiness; paths?: PathTranslator; configMaps?: readonly PlanItem[]; issues: readonly ValidationIssue[] } {
  return tryPlanNodePool(cluster, props, others, options, planPlatforms);
}

/** One NodePool planned against its cluster: the ConfigMaps its node configuration adds, then the NodePool. */
export interface NodePoolPlan extends PlannedPart {
  /** The NodePool, as the API server receives it. */
  readonly nodePool: NodePool;
}

/**
 * `checkNodePool` as a planned part, as every kind's planner returns one: on the management
 * cluster, labelled `NodePool <namespace>/<name>`, the NodePool in the node-pools phase. No plan
 * when the pool has errors. What the cdk8s `NodePool` and the Pulumi `NodePool` render.
 */
export function checkNodePoolPart(
  cluster: HostedClusterPlan,
  props: NodePoolProps | unknown,
  others: readonly NodePool[] = cluster.nodePools,
  options: PlanOptions = {},
): { plan?: NodePoolPlan; issues: readonly ValidationIssue[] } {
  const { nodePool, readiness, paths, configMaps = [], issues } = checkNodePool(cluster, props, others, options);
  if (!nodePool || !readiness || issues.some((i) => i.severity === 'error')) return { issues };
  const label = `NodePool ${nodePool.metadata.namespace}/${nodePool.metadata.name}`;
  // Pulumi deletes a dependent first: the NodePool goes before its HostedCluster.
  const objects = [...configMaps, planItem(nodePool, PHASES.nodePools, readiness, { dependsOn: [objectKey(cluster.hostedCluster)], ...(paths ? { paths } : {}) })];
  return { plan: { label, target: MANAGEMENT_CLUSTER, objects, nodePool }, issues };
}

/**
 * The NodePools of each hosted cluster's plan so far: its own, then each one added. Keyed by the
 * plan, which belongs to one cdk8s App or one Pulumi program, so both adapters keep it here.
 */
const addedNodePools = new WeakMap<HostedClusterPlan, readonly NodePool[]>();

/** `checkNodePoolPart` for one more pool of `cluster`, checked against the pools planned so far (unique names), and recorded when it plans. */
export function checkAddedNodePool(cluster: HostedClusterPlan, props: NodePoolProps | unknown, options?: PlanOptions): { plan?: NodePoolPlan; issues: readonly ValidationIssue[] } {
  const others = addedNodePools.get(cluster) ?? cluster.nodePools;
  const checked = checkNodePoolPart(cluster, props, others, options);
  if (checked.plan) addedNodePools.set(cluster, [...others, checked.plan.nodePool]);
  return checked;
}
