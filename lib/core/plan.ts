/**
 * A hosted cluster's part of the plan: every object it needs on the management cluster, in the
 * shared phases (namespaces, prerequisites, hosted cluster, node pools), each with how to tell it
 * is ready. Adapters (cdk8s, Pulumi) only render it.
 */
import type { ConfigMap, HostedCluster, KubernetesObject, Namespace, NodePool } from '../api';
import { SchemaCheck, checkApiSchemas } from './api-schema-check';
import { canonicalJson } from './canonical-json';
import { Claim, MANAGEMENT_CLUSTER, PHASES, Phase, PlanItem, PlannedPart, Readiness, describeObject, planItem, readinessOf } from './plan-model';
import type { OcpVersion } from './release';
import { v } from './valibot';
import { CLI_DEFAULTS } from './defaults';
import { IssueCollector, PathTranslator, ValidationIssue, throwIfErrors } from './errors';
import { checkProps, withSchemaFindings } from './check-props';
import { HOSTED_CLUSTER_PATHS, buildHostedCluster, hostedClusterEntries } from './hosted-cluster';
import type { HostedClusterPropsOf } from './hosted-cluster-props';
import { MAX_NAME_LENGTH, MAX_NODES_PER_CLUSTER } from './limits';
import { NODE_POOL_PATHS, NodePoolPropsOf, buildNodePool, nodePoolEntries } from './node-pool';
import { PathRule, joinPath, propsPaths } from './props-paths';
import type { AnyPlatformDefinition } from './platform';
import { bool, list, quote, strict } from './schema';
import { ValidationOptions, validateHostedCluster, validateNodePool } from './validate';
import { SecretSource } from './secret-source';
import { NodeConfigPayload, buildPoolNodeConfig, checkPayloadSchemas } from './node-config';
import { checkClusterNodeConfig, checkPoolNodeConfig } from './node-config-checks';

/** The objects of one phase of a hosted cluster's plan (a view of its items, for callers that want them grouped). */
export interface PlanPhase extends Phase {
  /** The cluster's objects of this phase, in the order of its plan. */
  readonly objects: readonly KubernetesObject[];
}

/** The phases of a hosted cluster, in apply order. */
export const HOSTED_CLUSTER_PHASES: readonly Phase[] = [PHASES.namespaces, PHASES.prerequisites, PHASES.hostedCluster, PHASES.nodePools];

/** A hosted cluster's checked part of the plan: its HostedCluster, NodePools and the objects they reference on the management cluster. */
export interface HostedClusterPlan extends PlannedPart {
  /** The HostedCluster's name. */
  readonly name: string;
  /** The HostedCluster's namespace (where its Secrets, ConfigMaps and NodePools go too). */
  readonly namespace: string;
  /** The objects of {@link PlannedPart.objects} grouped by phase, every phase of the cluster listed. */
  readonly phases: readonly PlanPhase[];
  /** The rendered HostedCluster object. */
  readonly hostedCluster: HostedCluster;
  /** The NodePools given in the props' `nodePools`; pools planned later against this plan are not listed. */
  readonly nodePools: readonly NodePool[];
  /** The objects the NodePools' `config` and `tuningConfig` build, each with its ConfigMap. */
  readonly nodeConfig: readonly NodeConfigPayload[];
  /** Its findings of severity `warning`; the errors are only in the issues returned beside the plan. */
  readonly warnings: readonly ValidationIssue[];
  /** The props as checked by the schema, so more NodePools can be planned against this cluster. */
  readonly props: HostedClusterPropsOf<{ readonly type: string }, object>;
  /** The cluster's OpenShift version, when known. */
  readonly version?: OcpVersion;
}

/** The props schema of one NodePool, for the NodePool platform blocks. @internal */
export function nodePoolPropsSchema<PP extends v.GenericSchema>(poolPlatform: PP) {
  return strict({ ...nodePoolEntries, platform: v.optional(poolPlatform) });
}

/** The props schema of a whole hosted cluster, for a platform union and NodePool platform blocks. @internal */
export function hostedClusterPlanPropsSchema<P extends v.GenericSchema, PP extends v.GenericSchema>(platform: P, poolPlatform: PP) {
  return strict({
    ...hostedClusterEntries,
    /** Platform type and its settings. */
    platform,
    nodePools: v.optional(list(nodePoolPropsSchema(poolPlatform))),
    createNamespace: v.optional(bool()),
  });
}

export type { HostedClusterPropsOf } from './hosted-cluster-props';

/** What tryPlan needs to know about the platforms: the props schema and the definitions by type. @internal */
export interface PlanPlatforms {
  readonly propsSchema: v.GenericSchema;
  /** Schema of one NodePool's props (with every platform's pool block). */
  readonly poolSchema: v.GenericSchema;
  readonly byType: Readonly<Record<string, AnyPlatformDefinition>>;
}

/** How a hosted cluster is checked and planned: the validation options, and whether secret values may be written inline. */
export interface PlanOptions extends ValidationOptions {
  /** Allow inline secret values in the output. @default false */
  readonly allowInlineSecrets?: boolean;
}

/** `HostedCluster <ns>/<name>` for findings, with stand-ins when the props' own name or namespace is unusable. */
export function objectLabel(props: unknown): string {
  const record = typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {};
  const usable = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME_LENGTH;
  const namespace = record.namespace === undefined ? CLI_DEFAULTS.namespace : usable(record.namespace) ? (record.namespace as string) : '<invalid namespace>';
  const name = usable(record.name) ? (record.name as string) : '<invalid name>';
  return `HostedCluster ${namespace}/${name}`;
}

/** The props every other check of a hosted cluster depends on: a malformed value there stops the checks at the schema's findings. */
const CLUSTER_FOUNDATION = ['name', 'namespace', 'release', 'platform'];
/** What stands in for a malformed or missing pull secret while the rest of the props is checked (its findings are dropped). */
const CLUSTER_STAND_INS = { pullSecret: SecretSource.existing('stand-in-pull-secret') };
/** The props of a NodePool its other checks depend on: a NodePool with a malformed value there is not planned. */
const POOL_FOUNDATION = ['name', 'release', 'platform'];

/**
 * Checks the props against the schema, then builds and validates a plan; returns it with every
 * finding. Any JavaScript value gives findings, never an exception. A malformed value hides no
 * other problem: the schema's findings come with those of the rest of the props (see
 * check-props.ts), and then there is no plan.
 * @internal
 */
export function tryPlan(
  input: unknown,
  options: PlanOptions,
  platforms: PlanPlatforms,
  checkSchemas: SchemaCheck = checkApiSchemas,
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  const object = objectLabel(input);
  const checked = checkProps(platforms.propsSchema, input, object, CLUSTER_FOUNDATION, CLUSTER_STAND_INS);
  if (!checked.props) return { issues: checked.issues };
  const props = checked.props as HostedClusterPropsOf<{ readonly type: string }, object>;
  const platform = platforms.byType[props.platform.type];
  const issues = new IssueCollector(object).forObject(object, propsPaths(platform ? clusterPaths(platform) : HOSTED_CLUSTER_PATHS, input));
  const given = { input, malformed: checked.parts };
  try {
    // The API server's rules are left out with malformed props: they would only see the stand-ins.
    const planned = planChecked(props, options, platforms.byType, issues, checked.issues.length === 0 ? checkSchemas : () => undefined, given);
    return checked.issues.length === 0 ? planned : { issues: withSchemaFindings(checked, planned.issues) };
  } catch (error) {
    // The props are well-formed, so this comes from specOverrides giving a field a shape the
    // library cannot read (e.g. `networking: 5`); report it instead of crashing.
    issues.error(
      props.specOverrides !== undefined || props.nodePools?.some((p) => p.specOverrides !== undefined) ? 'specOverrides' : '(props)',
      `the merged objects could not be checked: ${error instanceof Error ? error.message : String(error)}.`,
      'Make specOverrides match the HostedCluster and NodePool spec types.',
    );
    return { issues: [...checked.issues, ...issues.issues] };
  }
}

/** The props as the user gave them (for the paths of findings), and the parts of them that were malformed (see check-props.ts). */
interface GivenProps {
  readonly input: unknown;
  readonly malformed: readonly string[];
}

function planChecked(
  props: HostedClusterPropsOf<{ readonly type: string }, object>,
  options: PlanOptions,
  platforms: Readonly<Record<string, AnyPlatformDefinition>>,
  issues: IssueCollector,
  checkSchemas: SchemaCheck,
  given: GivenProps,
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  const namespace = props.namespace ?? CLI_DEFAULTS.namespace;
  const platform = platforms[props.platform.type];
  const platformProps = platformBlock(props, platform);
  const built = buildHostedCluster(props, platformProps, platform, issues, options.allowInlineSecrets ?? false);
  const hc = built.hostedCluster;
  const version = validateHostedCluster(hc, platform, props.release.version, options, issues);

  const nodeConfig: NodeConfigPayload[] = [];
  const nodePools = planPools({ props, hostedCluster: hc, version }, platform, platformProps, options, issues, given, nodeConfig);
  checkClusterSize(nodePools, issues);

  const namespaces: Namespace[] =
    props.createNamespace === false
      ? []
      : [...new Set(built.namespaces)].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
  // From here on the objects are in their canonical form (see canonical-json.ts).
  const hostedCluster = canonicalJson(hc);
  const pools = nodePools.map(canonicalJson);
  const objects: PlanItem[] = [
    ...namespaces.map((ns) => planItem(canonicalJson(ns), PHASES.namespaces, readinessOf(ns), { shared: true })),
    ...built.supporting.map((object) => planItem(canonicalJson(object), PHASES.prerequisites, readinessOf(object))),
    ...nodeConfigMaps(nodeConfig).map(nodeConfigItem),
    planItem(hostedCluster, PHASES.hostedCluster, readinessOf(hostedCluster), { claims: hostedClusterClaims(hostedCluster), ...pathsOf(hostedCluster, issues) }),
    ...pools.map((np) => planItem(np, PHASES.nodePools, readinessOf(np, platform.createsMachines), pathsOf(np, issues))),
  ];
  // The API server's own rules last, as a safety net: the library's findings above say more, so
  // the schema is consulted only when they found nothing.
  if (!issues.issues.some((i) => i.severity === 'error')) checkSchemas(objects.map((item) => item.object), issues);
  const plan: HostedClusterPlan = {
    label: `HostedCluster ${namespace}/${props.name}`,
    target: MANAGEMENT_CLUSTER,
    objects,
    name: props.name,
    namespace,
    hostedCluster,
    nodePools: pools,
    nodeConfig,
    phases: HOSTED_CLUSTER_PHASES.map((phase) => planPhase(phase, objects)),
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
    props,
    ...(version ? { version } : {}),
  };
  return { plan, issues: issues.issues };
}

/**
 * A phase with its objects. Written out rather than spread (`{ ...phase, objects }`): V8 gives
 * each object a spread of a constant makes a hidden class of its own, thousands per fleet, which
 * makes every property access that sees them slow.
 */
function planPhase(phase: Phase, objects: readonly PlanItem[]): PlanPhase {
  return { name: phase.name, wave: phase.wave, objects: objects.filter((item) => item.phase === phase).map((item) => item.object) };
}

/** The props paths of a planned object's fields, as its findings were translated while planning. */
function pathsOf(object: KubernetesObject, issues: IssueCollector): Pick<PlanItem, 'paths'> {
  const paths = issues.pathsOf(describeObject(object));
  return paths ? { paths } : {};
}

/** The cluster's NodePools: those the props give, else the platform's default ones. */
function planPools(
  cluster: PlannedCluster,
  platform: AnyPlatformDefinition,
  platformProps: unknown,
  options: PlanOptions,
  issues: IssueCollector,
  given: GivenProps,
  nodeConfig: NodeConfigPayload[],
): NodePool[] {
  const { props } = cluster;
  // NodePools the user gave as a malformed list stand for none, not for the default ones.
  const poolProps: ReadonlyArray<NodePoolPropsOf> = given.malformed.includes('nodePools')
    ? []
    : (props.nodePools ?? platform.contribute.defaultPools(platformProps, props.name).map(({ name, platform: block }) => ({ name, platform: block })));
  const nodePools: NodePool[] = [];
  poolProps.forEach((pool, index) => {
    // A NodePool whose name, release or platform is malformed is not planned: its other checks would see stand-ins.
    if (props.nodePools && POOL_FOUNDATION.some((key) => given.malformed.includes(`nodePools[${index}].${key}`))) return;
    const at = { path: `nodePools[${index}]`, ...(props.nodePools ? { translate: propsPaths(poolPaths(platform), given.input, ['nodePools', index]) } : {}) };
    const np = planPool(cluster, pool, at, { nodePools, nodeConfig }, options, platform, issues);
    if (np) nodePools.push(np);
  });
  return nodePools;
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

/** The props' block of the cluster's platform (`platform.aws`), if it has one. */
function platformBlock(props: HostedClusterPropsOf<{ readonly type: string }, object>, platform: AnyPlatformDefinition): unknown {
  return platform.blockKey ? (props.platform as Record<string, unknown>)[platform.blockKey] : undefined;
}

/** What a NodePool is planned against: its cluster's checked props, final HostedCluster and version. */
type PlannedCluster = Pick<HostedClusterPlan, 'props' | 'hostedCluster' | 'version'>;

/** The cluster's NodePools and node configuration planned so far; a pool's node configuration is added to `nodeConfig`. */
interface PoolsSoFar {
  readonly nodePools: readonly NodePool[];
  readonly nodeConfig: NodeConfigPayload[];
}

/** The ConfigMaps of the payloads, each name once (pools with the same object share its ConfigMap). */
function nodeConfigMaps(payloads: readonly NodeConfigPayload[], planned: ReadonlySet<string> = new Set()): ConfigMap[] {
  const seen = new Set(planned);
  return payloads.filter((p) => !seen.has(p.configMap.metadata.name) && seen.add(p.configMap.metadata.name)).map((p) => canonicalJson(p.configMap));
}

/** A node configuration ConfigMap: before the NodePools that read it; shared, so a pool planned on its own may bring it again. */
const nodeConfigItem = (configMap: ConfigMap): PlanItem => planItem(configMap, PHASES.prerequisites, readinessOf(configMap), { shared: true });

/**
 * Builds and validates one NodePool of a cluster; findings go to a collector for the pool. `at`
 * says where the pool's props are (`nodePools[1]`, or empty for a pool given on its own) and how
 * to translate its rendered paths into props paths.
 */
function planPool(
  cluster: PlannedCluster,
  pool: NodePoolPropsOf,
  at: { readonly path: string; readonly translate?: PathTranslator },
  soFar: PoolsSoFar,
  options: PlanOptions,
  platform: AnyPlatformDefinition,
  clusterIssues: IssueCollector,
): NodePool | undefined {
  const { props, hostedCluster: hc } = cluster;
  const name = pool.name ?? props.name;
  const path = at.path;
  const issues = clusterIssues.forObject(`NodePool ${hc.metadata.namespace}/${name}`, at.translate);
  if (soFar.nodePools.some((np) => np.metadata.name === name)) issues.error('metadata.name', `two NodePools are named ${quote(name)}.`, 'Give each NodePool its own name.');
  const otherBlocks = Object.keys(pool.platform ?? {}).filter((key) => key !== platform.blockKey && (pool.platform as Record<string, unknown>)[key] !== undefined);
  for (const key of otherBlocks) {
    issues.error(joinPath(path, `platform.${key}`), `${key} settings are given for a NodePool of a ${platform.type} cluster.`, `Remove them${platform.blockKey ? ` or give ${platform.blockKey} settings` : ''}.`);
  }
  const context = {
    name: props.name,
    namespace: hc.metadata.namespace ?? CLI_DEFAULTS.namespace,
    infraID: hc.spec.infraID ?? props.name,
    baseDomain: props.baseDomain,
    issues,
    allowInlineSecrets: options.allowInlineSecrets ?? false,
  };
  const np = buildNodePool({ ...pool, name }, name, platformBlock(props, platform), props.release, platform, context, path);
  validateNodePool(np, hc, cluster.version, platform, pool.release?.version, options, issues);
  const nodeConfig = buildPoolNodeConfig(pool, context, path);
  checkPayloadSchemas(nodeConfig, issues);
  const built = new Set([...soFar.nodeConfig, ...nodeConfig.payloads].map((p) => p.configMap.metadata.name));
  checkPoolNodeConfig(nodeConfig, np, { namespace: context.namespace, fips: hc.spec.fips ?? false, built }, issues);
  checkClusterNodeConfig(nodeConfig.payloads, soFar.nodeConfig, issues);
  soFar.nodeConfig.push(...nodeConfig.payloads);
  return np;
}

/**
 * Plans one more NodePool of an already planned cluster (the cdk8s `addNodePool`), without
 * planning the cluster again. `others` are the cluster's NodePools so far (names must differ).
 * @internal
 */
export function tryPlanNodePool(
  cluster: HostedClusterPlan,
  input: unknown,
  others: readonly NodePool[],
  options: PlanOptions,
  platforms: PlanPlatforms,
): { nodePool?: NodePool; readiness?: Readiness; paths?: PathTranslator; configMaps?: readonly PlanItem[]; issues: readonly ValidationIssue[] } {
  const platform = platforms.byType[cluster.props.platform.type];
  const inputName = typeof input === 'object' && input !== null ? (input as { name?: unknown }).name : undefined;
  const label = `NodePool ${cluster.namespace}/${typeof inputName === 'string' && inputName.length <= MAX_NAME_LENGTH ? inputName : cluster.name}`;
  // Only the pool's name is its foundation: the rest of the pool is checked around a malformed value.
  const checked = checkProps(platforms.poolSchema, input, label, ['name']);
  if (!checked.props) return { issues: checked.issues };
  const issues = new IssueCollector(`HostedCluster ${cluster.namespace}/${cluster.name}`);
  try {
    const translate = propsPaths(poolPaths(platform), input);
    const nodeConfig = [...cluster.nodeConfig];
    const planned = planPool(cluster, checked.props as NodePoolPropsOf, { path: '', translate }, { nodePools: others, nodeConfig }, options, platform, issues);
    const np = planned && canonicalJson(planned);
    if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
    const configMaps = nodeConfigMaps(nodeConfig.slice(cluster.nodeConfig.length), new Set(cluster.nodeConfig.map((p) => p.configMap.metadata.name)));
    if (np && !issues.issues.some((i) => i.severity === 'error')) checkApiSchemas([...configMaps, np], issues.forObject(label));
    return { nodePool: np, readiness: np && readinessOf(np, platform.createsMachines), paths: translate, configMaps: configMaps.map(nodeConfigItem), issues: issues.issues };
  } catch (error) {
    issues.forObject(label).error('specOverrides', `the NodePool could not be checked: ${error instanceof Error ? error.message : String(error)}.`, 'Make specOverrides match the NodePool spec type.');
    return { issues: [...checked.issues, ...issues.issues] };
  }
}

/** Where the fields of a NodePool of `platform` come from in its props. */
function poolPaths(platform: AnyPlatformDefinition): readonly PathRule[] {
  return pathTables(platform).nodePool;
}

function clusterPaths(platform: AnyPlatformDefinition): readonly PathRule[] {
  return pathTables(platform).cluster;
}

/** The shared path tables with the platform's own, built once per platform (propsPaths sorts each table once). */
const platformPathTables = new WeakMap<AnyPlatformDefinition, { readonly cluster: readonly PathRule[]; readonly nodePool: readonly PathRule[] }>();
function pathTables(platform: AnyPlatformDefinition): { readonly cluster: readonly PathRule[]; readonly nodePool: readonly PathRule[] } {
  let tables = platformPathTables.get(platform);
  if (!tables) {
    const own = platform.validate.paths;
    tables = { cluster: [...HOSTED_CLUSTER_PATHS, ...(own?.cluster ?? [])], nodePool: [...NODE_POOL_PATHS, ...(own?.nodePool ?? [])] };
    platformPathTables.set(platform, tables);
  }
  return tables;
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

/** Builds a plan or throws {@link HcpValidationError} listing every problem. @internal */
export function buildPlan(input: unknown, options: PlanOptions, platforms: PlanPlatforms): HostedClusterPlan {
  const { plan, issues } = tryPlan(input, options, platforms);
  throwIfErrors(issues);
  return plan!;
}

/** All objects of a plan in apply order. */
export function planObjects(plan: HostedClusterPlan): KubernetesObject[] {
  return plan.objects.map((item) => item.object);
}
