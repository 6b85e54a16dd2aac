/** The entry point: check any emitted object against the schema of its kind. */
import { BUILT_IN_KINDS, checkDataKeys } from './schema/builtins';
import { compileRule } from './schema/cel-lazy';
import type * as GeneratedKinds from './kinds.generated';
import type * as OperatorHubSchema from './guest/operator-hub-schema';
import type * as ArgoCdSchema from './delivery/argocd-schema';
import type * as ManagedClusterAddOnSchema from './management/managed-cluster-addon';
import { checkMetadata } from './schema/metadata';
import type { KindSchema, SchemaNode } from './schema/types';
import { walk } from './schema/validate';
import type { SchemaFinding, SkippedRule, WalkContext } from './schema/validate';
import { checkTransitionRules, hasTransitionRules } from './schema/transitions';
import type { TransitionCheckResult } from './schema/transitions';

/** A kind the checker knows; a generated kind's schema is loaded when first asked for. */
interface KnownKind {
  readonly schema: () => KindSchema;
  /** Whether it has transition rules, when known without the schema (generated kinds). */
  readonly transitionRules?: boolean;
}

let kinds: Map<string, KnownKind> | undefined;

/**
 * The known kinds by `apiVersion kind`, found on the first check rather than with the package, and
 * each generated schema loaded only when a check meets its kind: loading every one and walking
 * them for their transition rules took 40 ms of a Pulumi program that plans HostedClusters and
 * NodePools only (the CEL evaluator is lazy for the same reason, schema/cel-lazy.ts).
 */
function knownKinds(): Map<string, KnownKind> {
  if (!kinds) {
    const { GENERATED_KINDS } = require('./kinds.generated') as typeof GeneratedKinds; // eslint-disable-line @typescript-eslint/no-require-imports
    const { operatorHubKindSchema } = require('./guest/operator-hub-schema') as typeof OperatorHubSchema; // eslint-disable-line @typescript-eslint/no-require-imports
    const { argoCdKindSchema } = require('./delivery/argocd-schema') as typeof ArgoCdSchema; // eslint-disable-line @typescript-eslint/no-require-imports
    const { managedClusterAddOnKindSchema } = require('./management/managed-cluster-addon') as typeof ManagedClusterAddOnSchema; // eslint-disable-line @typescript-eslint/no-require-imports
    const generated = GENERATED_KINDS.map((k): [string, KnownKind] => {
      let schema: KindSchema | undefined;
      return [`${k.apiVersion} ${k.kind}`, { schema: () => (schema ??= k.load()), transitionRules: k.transitionRules }];
    });
    const written = [...BUILT_IN_KINDS, operatorHubKindSchema, argoCdKindSchema, managedClusterAddOnKindSchema].map((k): [string, KnownKind] => [`${k.apiVersion} ${k.kind}`, { schema: () => k }]);
    kinds = new Map([...generated, ...written]);
  }
  return kinds;
}

/** Every known kind's schema (loads them all: for the whole-registry views, never a check). */
const allKindSchemas = (): KindSchema[] => [...knownKinds().values()].map((k) => k.schema());

/** Top-level fields the API server resets on create (status subresource): not validated. */
const IGNORED_TOP_LEVEL = new Set(['status']);

/** The schema of a kind, or undefined when the library does not know it. */
export function findKindSchema(apiVersion: string, kind: string): KindSchema | undefined {
  return knownKinds().get(`${apiVersion} ${kind}`)?.schema();
}

/** `apiVersion kind` of every kind that can be checked. */
export function checkedKinds(): string[] {
  return [...knownKinds().keys()].sort();
}

export interface SchemaCheckResult {
  readonly findings: SchemaFinding[];
  /** CEL rules on present fields that could not be evaluated (so not proven to pass). */
  readonly skipped: SkippedRule[];
}

/** Checks an object as the API server would on create; also lists the CEL rules it could not run. */
export function checkObjectSchemaDetailed(object: unknown): SchemaCheckResult {
  const ctx: WalkContext = { findings: [], skipped: [] };
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    ctx.findings.push({ path: '<root>', message: 'Invalid value: an object must be a JSON object', fix: 'pass a Kubernetes object with apiVersion, kind and metadata' });
    return ctx;
  }
  const obj = object as Record<string, unknown>;
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || apiVersion === '') ctx.findings.push({ path: 'apiVersion', message: 'Required value: apiVersion must be set', fix: 'set apiVersion, e.g. hypershift.openshift.io/v1beta1' });
  if (typeof kind !== 'string' || kind === '') ctx.findings.push({ path: 'kind', message: 'Required value: kind must be set', fix: 'set kind, e.g. HostedCluster' });
  if (ctx.findings.length > 0) return ctx;
  const schema = findKindSchema(apiVersion as string, kind as string);
  if (!schema) {
    ctx.findings.push({
      path: 'kind',
      message: `no schema known for ${String(apiVersion)} ${String(kind)}`,
      fix: `emit one of ${checkedKinds().join(', ')}, or add the kind to scripts/gen-api/targets.ts (custom resources) or lib/api/schema/builtins.ts`,
    });
    return ctx;
  }
  checkMetadata(schema, obj.metadata, ctx);
  walk(topNode(schema), bodyOf(obj), '', ctx, false);
  if (schema.extra === 'data-keys') checkDataKeys(obj, ctx);
  if (schema.scaleReplicasPath) checkScaleReplicas(obj, schema.scaleReplicasPath, ctx);
  return ctx;
}

/** The object as its schema checks it: metadata is left to checkMetadata, status to the status subresource. */
function bodyOf(obj: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) if (key !== 'metadata' && !IGNORED_TOP_LEVEL.has(key)) body[key] = obj[key];
  // CEL rules at the root see only these two fields of metadata (apiextensions-apiserver).
  const meta = (typeof obj.metadata === 'object' && obj.metadata !== null ? obj.metadata : {}) as Record<string, unknown>;
  const metadata: Record<string, unknown> = {};
  if (typeof meta.name === 'string') metadata.name = meta.name;
  if (typeof meta.generateName === 'string') metadata.generateName = meta.generateName;
  body.metadata = metadata;
  return body;
}

/** Whether objects of this kind have transition rules (rules that judge an update against the stored object). */
export function kindHasTransitionRules(apiVersion: string, kind: string): boolean {
  const known = knownKinds().get(`${apiVersion} ${kind}`);
  return known !== undefined && (known.transitionRules ?? hasTransitionRules(known.schema().schema));
}

/** The kinds (by name) that have transition rules, without loading the generated schemas. */
export function transitionRuleKinds(): string[] {
  const withRules = [...knownKinds()].filter(([, k]) => k.transitionRules ?? hasTransitionRules(k.schema().schema)).map(([key]) => key.slice(key.indexOf(' ') + 1));
  return [...new Set(withRules)].sort();
}

/**
 * The transition rules of the object's kind on the update from `previous` to `object`: what the
 * API server would refuse. Both must be objects of one known kind and API version; anything
 * else gives no findings (another version would need the API server's conversion).
 */
export function checkObjectTransitions(object: unknown, previous: unknown): TransitionCheckResult {
  const none: TransitionCheckResult = { findings: [], skipped: [] };
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(object) || !isRecord(previous) || object.apiVersion !== previous.apiVersion || object.kind !== previous.kind) return none;
  const schema = typeof object.apiVersion === 'string' && typeof object.kind === 'string' ? findKindSchema(object.apiVersion, object.kind) : undefined;
  if (!schema || !hasTransitionRules(schema.schema)) return none;
  return checkTransitionRules(topNode(schema), bodyOf(object), bodyOf(previous));
}

/** A transition rule of a known kind, with its JSON path. */
export interface TransitionRule {
  readonly apiVersion: string;
  readonly kind: string;
  readonly path: string;
  readonly rule: string;
  readonly message?: string;
  readonly optionalOldSelf?: boolean;
}

let allTransitionRules: readonly TransitionRule[] | undefined;

/**
 * Every transition rule of the known kinds, with its JSON path. Found once: the walk covers every
 * schema, and the Pulumi guards ask for it for each object they store.
 */
export function transitionRules(): readonly TransitionRule[] {
  if (allTransitionRules) return allTransitionRules;
  const found: TransitionRule[] = [];
  const visit = (k: KindSchema, node: SchemaNode, path: string) => {
    for (const r of node.transitionRules ?? []) found.push({ apiVersion: k.apiVersion, kind: k.kind, path: path || '<root>', rule: r.rule, ...(r.message ? { message: r.message } : {}), ...(r.optionalOldSelf ? { optionalOldSelf: true } : {}) });
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(k, child, path ? `${path}.${key}` : key);
    if (node.items) visit(k, node.items, `${path}[*]`);
    if (node.additionalProperties) visit(k, node.additionalProperties, `${path}[*]`);
  };
  for (const k of allKindSchemas()) visit(k, k.schema, '');
  return (allTransitionRules = Object.freeze(found.map((r) => Object.freeze(r))));
}

/** The findings for one object: empty when the API server would accept it. */
export function checkObjectSchema(object: unknown): SchemaFinding[] {
  return checkObjectSchemaDetailed(object).findings;
}

/** The kind's schema with metadata left to checkMetadata, made once per kind (so per-node caches hold). */
const topNodes = new WeakMap<KindSchema, SchemaNode>();
function topNode(schema: KindSchema): SchemaNode {
  let top = topNodes.get(schema);
  if (!top) {
    top = { ...schema.schema, properties: withoutMetadata(schema.schema.properties) };
    topNodes.set(schema, top);
  }
  return top;
}

function withoutMetadata(props: SchemaNode['properties']): SchemaNode['properties'] {
  return { ...props, metadata: { type: 'object', preserveUnknownFields: true } };
}

/** Every CEL rule in the known schemas, and the ones that cannot be evaluated with the reason. */
export function celRuleCoverage(): { total: number; evaluable: number; skipped: Array<{ kind: string; path: string; rule: string; reason: string }> } {
  let total = 0;
  const skipped: Array<{ kind: string; path: string; rule: string; reason: string }> = [];
  const visit = (kind: string, node: SchemaNode, path: string) => {
    for (const r of node.rules ?? []) {
      total++;
      const c = compileRule(r.rule);
      if (c.skipped) skipped.push({ kind, path: path || '<root>', rule: r.rule, reason: c.skipped });
    }
    for (const [k, child] of Object.entries(node.properties ?? {})) visit(kind, child, path ? `${path}.${k}` : k);
    if (node.items) visit(kind, node.items, `${path}[*]`);
    if (node.additionalProperties) visit(kind, node.additionalProperties, `${path}[*]`);
  };
  for (const k of allKindSchemas()) visit(k.kind, k.schema, '');
  return { total, evaluable: total - skipped.length, skipped };
}

/** The scale subresource's replicas: apiextensions checks it is a non-negative int32. */
function checkScaleReplicas(obj: Record<string, unknown>, jsonPath: string, ctx: WalkContext) {
  const parts = jsonPath.replace(/^\./, '').split('.');
  const value = parts.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), obj);
  if (typeof value !== 'number' || !Number.isInteger(value)) return;
  const path = parts.join('.');
  if (value < 0) ctx.findings.push({ path, message: `Invalid value: ${value}: should be a non-negative integer`, fix: `set ${path} to 0 or more` });
  else if (value > 2147483647) ctx.findings.push({ path, message: `Invalid value: ${value}: should be less than or equal to 2147483647`, fix: `set ${path} to at most 2147483647` });
}
