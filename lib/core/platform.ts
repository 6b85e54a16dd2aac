/**
 * What differs per platform. Each platform module (lib/platforms/{aws,kubevirt,agent,none}) makes
 * one {@link PlatformDefinition} with {@link definePlatform}: its props schemas, its defaults table,
 * the objects and spec blocks it contributes, the checks it runs on the final objects, and what it
 * needs around it (management-cluster preset, ingress mode: {@link PlatformSurroundings}). The
 * registry and the props unions are derived from those definitions ({@link platformRegistry}); core
 * code never names a platform.
 */
import { v } from './valibot';
import type { HostedCluster, HostedClusterSpec, KubernetesObject, NodePool, NodePoolSpec, PlatformType, ServiceType } from '../api';
import type { IssueCollector } from './errors';
import { describeValue, literal, nearest, parsedBy, quote, schemaMessage, strict } from './schema';
import type { PathRule } from './props-paths';
import type { PublishingMapping, PublishingRules } from './services';
import type { ManagementNeed, PlatformSurroundings } from './platform-needs';

/** A NodePool's CPU architecture, as its `spec.arch` takes it. */
export type Arch = NonNullable<NodePoolSpec['arch']>;
/** How a NodePool rolls out a new release or configuration: `Replace` makes new machines, `InPlace` updates the existing ones. */
export type UpgradeType = NodePoolSpec['management']['upgradeType'];

/** Keys of platform blocks that exist under both `HostedCluster.spec.platform` and `NodePool.spec.platform`. */
export type PlatformBlockKey = Exclude<keyof HostedClusterSpec['platform'] & keyof NodePoolSpec['platform'], 'type'>;

/** What the core has settled about a cluster before asking the platform for its part. */
export interface ClusterContext {
  readonly name: string;
  readonly namespace: string;
  readonly infraID: string;
  readonly baseDomain?: string;
  readonly issues: IssueCollector;
  readonly allowInlineSecrets: boolean;
}

/** A platform's contribution to the HostedCluster spec and the objects that go with it. */
export interface ClusterContribution {
  readonly platform: HostedClusterSpec['platform'];
  /** Replaces the default base domain handling (e.g. KubeVirt passthrough). */
  readonly dns?: HostedClusterSpec['dns'];
  readonly issuerURL?: string;
  /** Name of the Secret holding the service-account signing key (Azure workload identities). */
  readonly serviceAccountSigningKey?: string;
  readonly machineNetwork?: string;
  readonly etcdStorageClassName?: string;
  /** Hostnames for Route/LoadBalancer services, e.g. from an external DNS domain. */
  readonly hostnames?: Partial<Record<ServiceType, string>>;
  /** Extra Secrets, ConfigMaps and Roles to emit before the HostedCluster. */
  readonly objects?: readonly KubernetesObject[];
  /** Namespaces the platform needs besides the HostedCluster's (e.g. the Agent namespace). */
  readonly namespaces?: readonly string[];
}

export interface NodePoolContext {
  readonly cluster: ClusterContext;
  readonly arch: Arch;
  /** Where the pool's props are, for messages (`nodePools[0]`; empty when they are the props themselves). */
  readonly path: string;
}

/** Behaviour that differs per platform but is plain data. */
export interface PlatformTraits {
  /** The CLI's default publishing mapping for this platform. */
  readonly defaultMapping: PublishingMapping;
  /** Publishing types the operator accepts per service on this platform. */
  readonly publishingRules: PublishingRules;
  readonly defaultUpgradeType: UpgradeType;
  readonly archs: readonly Arch[];
  /** Whether autoScaling.min may be 0. */
  readonly scaleFromZero: boolean;
  /** Whether NodePools get their machines from the platform (false on None: nodes join by hand, so Ready is never awaited). */
  readonly createsMachines: boolean;
}

/** Checks on the final objects, after defaults, contributions and specOverrides. */
export interface PlatformValidation {
  cluster?(hc: HostedCluster, issues: IssueCollector): void;
  nodePool?(np: NodePool, hc: HostedCluster, issues: IssueCollector): void;
  /**
   * Which prop each rendered field of the platform's comes from where the names differ
   * (`spec.platform.aws.cloudProviderConfig.vpc` ← `platform.aws.vpcId`), so that findings name
   * the prop (see props-paths.ts); fields of the same name need no rule.
   */
  readonly paths?: { readonly cluster?: readonly PathRule[]; readonly nodePool?: readonly PathRule[] };
}

/** The objects and spec blocks a platform adds, from its (already schema-checked) props. */
export interface PlatformContribution<ClusterBlock, PoolBlock> {
  cluster(block: ClusterBlock | undefined, ctx: ClusterContext): ClusterContribution;
  /** The CLI's NodePools when the user lists none: names and their platform blocks. */
  defaultPools(block: ClusterBlock | undefined, clusterName: string): ReadonlyArray<{ readonly name: string; readonly platform?: object }>;
  nodePool(pool: PoolBlock | undefined, cluster: ClusterBlock | undefined, ctx: NodePoolContext): NodePoolSpec['platform'];
}

/** The props of one platform: `{ type: 'AWS', aws: {...} }` (the block optional unless required). */
export type PlatformPropsOf<T extends PlatformType, K extends PlatformBlockKey, Block, Required extends boolean> = { readonly type: T } & (Required extends true
  ? { readonly [P in K]: Block }
  : { readonly [P in K]?: Block });

export interface PlatformDefinition<
  T extends PlatformType = PlatformType,
  K extends PlatformBlockKey = PlatformBlockKey,
  ClusterBlock = unknown,
  PoolBlock = unknown,
  Required extends boolean = boolean,
  Defaults = unknown,
> extends PlatformTraits,
    Omit<PlatformSurroundings, 'managementNeeds'> {
  readonly type: T;
  /** The key of this platform's block under spec.platform, if it has one. */
  readonly blockKey?: K;
  /** True when the HostedCluster must carry the block. */
  readonly blockRequired: Required;
  /** Schema of the props' `platform` when `type` is this platform. @internal */
  readonly propsSchema: v.GenericSchema<unknown, PlatformPropsOf<T, K, ClusterBlock, Required>>;
  /** Schema entries this platform adds to a NodePool's `platform` props. @internal */
  readonly poolEntries: v.ObjectEntries;
  /** Schema of the NodePool's `platform` props block of this platform (phantom type for derivation). @internal */
  readonly poolSchema: v.GenericSchema<unknown, { readonly [P in K]?: PoolBlock }>;
  /** The CLI's values for this platform (one table; contributions read it). */
  readonly defaults: Defaults;
  readonly contribute: PlatformContribution<ClusterBlock, PoolBlock>;
  readonly validate: PlatformValidation;
  /** What one hosted cluster needs from the management cluster beyond the preset (none unless the platform says). */
  managementNeeds(hc: HostedCluster): readonly ManagementNeed[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPlatformDefinition = PlatformDefinition<PlatformType, PlatformBlockKey, any, any, boolean, unknown>;

/** @deprecated the name of {@link AnyPlatformDefinition} before platforms became definitions. */
export type AnyPlatformStrategy = AnyPlatformDefinition;

interface BlockSpec<K extends PlatformBlockKey, C extends v.GenericSchema, P extends v.GenericSchema, R extends boolean> {
  readonly key: K;
  readonly required: R;
  /** Schema of the cluster's block (`platform.aws`). */
  readonly cluster: C;
  /** Schema of a NodePool's block (`nodePools[i].platform.aws`). */
  readonly pool: P;
}

/**
 * Defines a platform. The block key must be a key of both the HostedCluster and the NodePool
 * `spec.platform` API types, so a typo or a block the API does not have fails to compile.
 * @internal
 */
export function definePlatform<
  const T extends PlatformType,
  Defaults,
  K extends PlatformBlockKey = never,
  C extends v.GenericSchema = v.GenericSchema<unknown, never>,
  P extends v.GenericSchema = v.GenericSchema<unknown, never>,
  R extends boolean = false,
>(
  definition: PlatformTraits &
    PlatformSurroundings & {
    readonly type: T;
    readonly block?: BlockSpec<K, C, P, R>;
    readonly defaults: Defaults;
    readonly contribute: PlatformContribution<v.InferOutput<C>, v.InferOutput<P>>;
    readonly validate?: PlatformValidation;
  },
): PlatformDefinition<T, K, v.InferOutput<C>, v.InferOutput<P>, R, Defaults> {
  const { block, ...rest } = definition;
  const entries: v.ObjectEntries = { type: literal(definition.type) };
  const poolEntries: v.ObjectEntries = {};
  if (block) {
    entries[block.key] = block.required ? block.cluster : v.optional(block.cluster);
    poolEntries[block.key] = v.optional(block.pool);
  }
  return {
    ...rest,
    blockKey: block?.key,
    blockRequired: (block?.required ?? false) as R,
    propsSchema: strict(entries, `the ${definition.type} platform settings`) as never,
    poolEntries,
    poolSchema: strict(poolEntries) as never,
    validate: definition.validate ?? {},
    managementNeeds: definition.managementNeeds ?? noNeeds,
  };
}

const noNeeds = (): readonly ManagementNeed[] => [];

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The registry derived from a tuple of definitions: lookup by type and the props schemas. @internal */
export interface PlatformRegistry<Defs extends readonly AnyPlatformDefinition[]> {
  readonly byType: { readonly [D in Defs[number] as D['type']]: D };
  /** Schema of the props' `platform`: one of the definitions' props, chosen by `type`. */
  readonly platformSchema: v.GenericSchema<unknown, v.InferOutput<Defs[number]['propsSchema']>>;
  /** Schema of a NodePool's `platform` props: every definition's pool block, all optional. */
  readonly poolPlatformSchema: v.GenericSchema<unknown, UnionToIntersection<v.InferOutput<Defs[number]['poolSchema']>>>;
}

/** @internal */
export function platformRegistry<const Defs extends readonly AnyPlatformDefinition[]>(definitions: Defs): PlatformRegistry<Defs> {
  const byType = Object.fromEntries(definitions.map((d) => [d.type, d])) as Record<string, AnyPlatformDefinition>;
  const types = Object.keys(byType);
  const platformSchema = v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const type = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as { type?: unknown }).type : undefined;
      // Own keys only: a type such as "toString" must not find Object.prototype's.
      const definition = typeof type === 'string' && Object.hasOwn(byType, type) ? byType[type] : undefined;
      if (!definition) {
        const guess = typeof type === 'string' ? nearest(type, types) : undefined;
        const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
        addIssue({
          message: schemaMessage(
            isObject ? `platform type ${describeValue(type)} is not one of ${types.join(', ')}${guess ? `; did you mean ${quote(guess)}?` : '.'}` : `${describeValue(input)} is not a platform ({ type: ... }).`,
            guess ? `Use type: ${quote(guess)}.` : `Give { type: ${types.map((t) => quote(t)).join(' | ')}, ... }.`,
          ),
          ...(isObject ? { path: [{ type: 'object', origin: 'value', input, key: 'type', value: type }] as never } : {}),
        });
        return NEVER;
      }
      return parsedBy(definition.propsSchema, input, addIssue) ?? NEVER;
    }),
  );
  const poolEntries = Object.assign({}, ...definitions.map((d) => d.poolEntries)) as v.ObjectEntries;
  return { byType, platformSchema, poolPlatformSchema: strict(poolEntries, 'NodePool platform settings') } as never;
}
