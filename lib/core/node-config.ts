/**
 * Node configuration of NodePools (documentation chapter 9): MachineConfig, KubeletConfig,
 * ContainerRuntimeConfig and ImageDigestMirrorSet objects go in ConfigMaps with the key `config`
 * (NodePool `spec.config`), Tuned and PerformanceProfile objects in ConfigMaps with the key
 * `tuning` (`spec.tuningConfig`), in the HostedCluster's namespace. The library serializes each
 * object into its own ConfigMap, checks it against its CRD and against what HyperShift does
 * with it (upstream `hypershift-operator/controllers/nodepool/config.go` and `nto.go`).
 */
import type { ConfigMap, KubernetesObject } from '../api';
import { NODE_CONFIG_API_VERSIONS, checkObjectSchema } from '../api';
import { canonicalJson } from './canonical-json';
import { v } from './valibot';
import type { IssueCollector } from './errors';
import { MAX_SUBDOMAIN_LENGTH } from './names';
import type { NodeConfigObject, NodePoolConfigEntry, NodePoolTuningEntry } from './node-config-props';
import { joinPath } from './props-paths';
import { oneKeyOf, parsedBy, passthrough, quote, schemaMessage, strict, stringMap, text } from './schema';
import { toYaml } from './yaml';

export type { NodeConfigObject, NodePoolConfigEntry, NodePoolTuningEntry } from './node-config-props';
export { NodeConfig, NodeTuning } from './node-config-props';

/** The data key HyperShift reads in each kind of ConfigMap. */
export const NODE_CONFIG_KEYS = { config: 'config', tuningConfig: 'tuning' } as const;

/** Which prop key builds which kind, per NodePool field. */
const CONFIG_KINDS = {
  machineConfig: 'MachineConfig',
  kubeletConfig: 'KubeletConfig',
  containerRuntimeConfig: 'ContainerRuntimeConfig',
  imageDigestMirrorSet: 'ImageDigestMirrorSet',
} as const;
const TUNING_KINDS = { tuned: 'Tuned', performanceProfile: 'PerformanceProfile' } as const;

/** HyperShift gives every MachineConfig of a NodePool this label with the value `worker` (config.go). */
export const MACHINE_CONFIG_ROLE_LABEL = 'machineconfiguration.openshift.io/role';
/** Where the documentation's Tuned objects live (chapter 9, node tuning). */
export const TUNED_NAMESPACE = 'openshift-cluster-node-tuning-operator';
/** The Ignition spec the documentation's MachineConfig example declares. */
export const DEFAULT_IGNITION_VERSION = '3.2.0';

type Field = keyof typeof NODE_CONFIG_KEYS;
type NodeConfigKind = (typeof CONFIG_KINDS)[keyof typeof CONFIG_KINDS] | (typeof TUNING_KINDS)[keyof typeof TUNING_KINDS];

function objectSchema<Spec>() {
  return strict({
    name: text({ max: MAX_SUBDOMAIN_LENGTH }),
    labels: v.optional(stringMap()),
    spec: passthrough<Spec>('a spec object'),
  });
}

/**
 * Exactly one key of `kinds` or `existingConfigMap`; a kind of the other field gets a finding that
 * says where it goes, instead of a list of the keys this field takes.
 */
function entrySchema<const K extends Record<string, string>, Out>(kinds: K, field: Field, other: { readonly field: Field; readonly keys: readonly string[] }) {
  const inner = oneKeyOf(
    {
      ...(Object.fromEntries(Object.keys(kinds).map((key) => [key, objectSchema()])) as { [P in keyof K]: ReturnType<typeof objectSchema> }),
      existingConfigMap: text({ max: MAX_SUBDOMAIN_LENGTH }),
    },
    `a ${field} entry`,
  );
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const misplaced = typeof input === 'object' && input !== null ? other.keys.find((key) => key in input) : undefined;
      if (misplaced) {
        addIssue({
          message: schemaMessage(
            `${misplaced} belongs in ${other.field}: HyperShift reads it from ConfigMaps with the key ${quote(NODE_CONFIG_KEYS[other.field])}, and ${field} ConfigMaps hold the key ${quote(NODE_CONFIG_KEYS[field])}.`,
            `Move this entry to ${other.field}.`,
          ),
        });
        return NEVER;
      }
      return (parsedBy(inner, input, addIssue) as Out | undefined) ?? NEVER;
    }),
  );
}

/** One entry of a NodePool's `config`. @internal */
export const nodePoolConfigEntrySchema = entrySchema<typeof CONFIG_KINDS, NodePoolConfigEntry>(CONFIG_KINDS, 'config', { field: 'tuningConfig', keys: Object.keys(TUNING_KINDS) });
/** One entry of a NodePool's `tuningConfig`. @internal */
export const nodePoolTuningEntrySchema = entrySchema<typeof TUNING_KINDS, NodePoolTuningEntry>(TUNING_KINDS, 'tuningConfig', { field: 'config', keys: Object.keys(CONFIG_KINDS) });

/** An object the library serializes into a ConfigMap, with where its props are. */
export interface NodeConfigPayload {
  /** The NodePool field the entry is listed in: `config` or `tuningConfig`. */
  readonly field: Field;
  /** The kind of the object (`KubeletConfig`, `Tuned`, ...). */
  readonly kind: NodeConfigKind;
  /** The props path of the object (`nodePools[0].config[1].kubeletConfig`). */
  readonly path: string;
  /** The object as the user gave it. */
  readonly source: NodeConfigObject<object>;
  /** The object as HyperShift receives it. */
  readonly object: KubernetesObject & { readonly spec: Readonly<Record<string, unknown>> };
  /** The ConfigMap holding the serialized object, under the data key HyperShift reads for {@link NodeConfigPayload.field}. */
  readonly configMap: ConfigMap;
}

/** A NodePool's node configuration: the ConfigMap name of each entry, in order, and what the library builds. */
export interface PoolNodeConfig {
  readonly config: readonly string[];
  readonly tuningConfig: readonly string[];
  readonly payloads: readonly NodeConfigPayload[];
  /** ConfigMaps the user declared to exist. */
  readonly existing: readonly string[];
}

type AnyEntry = { readonly existingConfigMap: string } | Readonly<Record<string, NodeConfigObject<object>>>;

/** The entry's kind key and object, or the name of the existing ConfigMap. */
function entryParts(entry: AnyEntry): { key: string; object?: NodeConfigObject<object>; existing?: string } {
  if ('existingConfigMap' in entry && typeof entry.existingConfigMap === 'string') return { key: 'existingConfigMap', existing: entry.existingConfigMap };
  const key = Object.keys(entry)[0];
  return { key, object: (entry as Record<string, NodeConfigObject<object>>)[key] };
}

/** `<cluster>-<kind in lower case>-<name>`: identical objects of several pools of a cluster share one ConfigMap. */
export function nodeConfigMapName(cluster: string, kind: string, name: string): string {
  return `${cluster}-${kind.toLowerCase()}-${name}`;
}

/** The names a NodePool's `config` or `tuningConfig` refers to, in order. */
export function nodeConfigNames(cluster: string, field: Field, entries: readonly AnyEntry[] | undefined): string[] {
  const kinds: Record<string, string> = field === 'config' ? CONFIG_KINDS : TUNING_KINDS;
  return (entries ?? []).map((entry) => {
    const { key, object, existing } = entryParts(entry);
    return existing ?? nodeConfigMapName(cluster, kinds[key], object!.name);
  });
}

/** Builds the objects and ConfigMaps of a NodePool's `config` and `tuningConfig`; `path` is where the pool's props are. */
export function buildPoolNodeConfig(
  pool: { readonly config?: readonly NodePoolConfigEntry[]; readonly tuningConfig?: readonly NodePoolTuningEntry[] },
  cluster: { readonly name: string; readonly namespace: string },
  path: string,
): PoolNodeConfig {
  const payloads: NodeConfigPayload[] = [];
  const existing: string[] = [];
  for (const field of ['config', 'tuningConfig'] as const) {
    const kinds: Record<string, NodeConfigKind> = field === 'config' ? CONFIG_KINDS : TUNING_KINDS;
    (pool[field] ?? []).forEach((entry: AnyEntry, index) => {
      const { key, object, existing: name } = entryParts(entry);
      if (name !== undefined) return void existing.push(name);
      const payload = payloadObject(kinds[key], object!);
      const configMap: ConfigMap = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: nodeConfigMapName(cluster.name, payload.kind, object!.name), namespace: cluster.namespace },
        data: { [NODE_CONFIG_KEYS[field]]: toYaml(payload) },
      };
      payloads.push({ field, kind: kinds[key], path: joinPath(path, `${field}[${index}].${key}`), source: object!, object: payload, configMap });
    });
  }
  return { config: nodeConfigNames(cluster.name, 'config', pool.config), tuningConfig: nodeConfigNames(cluster.name, 'tuningConfig', pool.tuningConfig), payloads, existing };
}

/**
 * The object as HyperShift applies it: a MachineConfig labelled for the worker role (HyperShift
 * sets it anyway) with an Ignition version when its config has none (MCO needs one), a Tuned in
 * the Node Tuning Operator's namespace. Keys sorted, so equal objects serialize alike.
 */
function payloadObject(kind: NodeConfigKind, object: NodeConfigObject<object>): NodeConfigPayload['object'] {
  let spec = object.spec as Record<string, unknown>;
  const labels = kind === 'MachineConfig' ? { ...object.labels, [MACHINE_CONFIG_ROLE_LABEL]: 'worker' } : object.labels;
  const ignition = kind === 'MachineConfig' && isRecord(spec.config) ? spec.config.ignition : undefined;
  if (kind === 'MachineConfig' && isRecord(spec.config) && !(isRecord(ignition) && ignition.version !== undefined)) {
    spec = { ...spec, config: { ...spec.config, ignition: { ...(isRecord(ignition) ? ignition : {}), version: DEFAULT_IGNITION_VERSION } } };
  }
  return {
    apiVersion: NODE_CONFIG_API_VERSIONS[kind],
    kind,
    metadata: {
      name: object.name,
      ...(kind === 'Tuned' ? { namespace: TUNED_NAMESPACE } : {}),
      ...(labels && Object.keys(labels).length > 0 ? { labels: canonicalJson(labels) } : {}),
    },
    spec: canonicalJson(spec),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Records a finding for every field of each payload its own CRD refuses, at the props path of the field. */
export function checkPayloadSchemas(built: PoolNodeConfig, issues: IssueCollector): void {
  for (const payload of built.payloads) {
    for (const finding of checkObjectSchema(payload.object)) {
      const field = finding.path.replace(/^metadata\.(name|labels)/, '$1');
      issues.error(joinPath(payload.path, field), `${finding.message} (the ${payload.kind} CRD refuses it).`, finding.fix);
    }
  }
}
