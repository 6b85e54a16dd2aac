/**
 * The compact structural schema of a kind (lib/api/schema/types.ts `SchemaNode`), from a CRD's
 * OpenAPI v3 schema: validation keywords, defaults and CEL rules; never descriptions.
 */
import { ENFORCED_FORMATS, INTEGER_FORMATS } from '../../lib/api/schema/format';
import type { CelRuleSpec, SchemaNode, TransitionRuleSpec } from '../../lib/api/schema/types';
import type { CrdSchema } from './crd';

export interface CompactStats {
  /** Rules kept (they run on create). */
  rules: number;
  /** Transition rules (they use oldSelf: kept apart, run only against a previous object). */
  transitionRules: number;
  /** Formats dropped because the API server does not validate them. */
  ignoredFormats: Set<string>;
}

/** Keywords copied as they are. */
const PLAIN = [
  'type', 'enum', 'pattern', 'required', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
  'nullable', 'default',
] as const;

/** Keywords that carry no validation (or that the API server does not enforce on create). */
const IGNORED = new Set([
  'description', 'example', 'externalDocs', 'title', 'x-kubernetes-map-type', 'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type', 'x-kubernetes-validations', 'x-kubernetes-int-or-string', 'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource', 'properties', 'items', 'additionalProperties', 'format', 'anyOf', 'oneOf', 'allOf',
]);

/**
 * The one shape of `allOf` the reference CRDs use (Hive's vSphere failure domains): each branch is
 * only an `enum`, so a value must be in every one of them: their intersection (with the node's own
 * `enum`, if any). Anything else is refused, so a new shape cannot be dropped unnoticed.
 */
function enumIntersection(allOf: readonly CrdSchema[], own: readonly unknown[] | undefined, where: string): unknown[] | undefined {
  let values = own ? [...own] : undefined;
  for (const branch of allOf) {
    if (Object.keys(branch).length !== 1 || !Array.isArray(branch.enum)) {
      throw new Error(`${where}: allOf is only supported as a list of enums; add this shape to scripts/gen-api/schema.ts`);
    }
    const branchValues = branch.enum as unknown[];
    values = values ? values.filter((value) => branchValues.includes(value)) : [...branchValues];
  }
  return values;
}

/**
 * The one shape of `oneOf` the reference CRDs use: each branch gives the same string property a
 * format (`{ properties: { address: { format: ipv4 } } }`, then ipv6). Returns that property and
 * its formats; anything else is refused, so a new shape cannot be dropped unnoticed.
 */
function formatChoice(oneOf: readonly CrdSchema[], where: string): { property: string; formats: string[] } {
  const branches = oneOf.map((branch) => {
    const props = branch.properties ?? {};
    const names = Object.keys(props);
    const only = names.length === 1 && Object.keys(branch).length === 1 ? props[names[0]] : undefined;
    if (!only || Object.keys(only).length !== 1 || typeof only.format !== 'string') {
      throw new Error(`${where}: oneOf is only supported as a choice of formats of one property; add this shape to scripts/gen-api/schema.ts`);
    }
    return { property: names[0], format: only.format };
  });
  if (new Set(branches.map((b) => b.property)).size !== 1) throw new Error(`${where}: oneOf branches name different properties`);
  return { property: branches[0].property, formats: branches.map((b) => b.format) };
}

export function compactSchema(schema: CrdSchema, where: string, stats: CompactStats): SchemaNode {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema)) {
    if (!IGNORED.has(key) && !(PLAIN as readonly string[]).includes(key)) {
      throw new Error(`${where}: schema keyword ${key} is not supported by the generator; add it to scripts/gen-api/schema.ts`);
    }
  }
  for (const key of PLAIN) if (schema[key] !== undefined) out[key] = schema[key];
  if (schema.allOf) {
    // An empty allOf (and no enum of its own) constrains nothing: no enum rather than an empty one.
    const values = enumIntersection(schema.allOf as CrdSchema[], schema.enum as unknown[] | undefined, where);
    if (values) out.enum = values;
  }
  if (typeof schema.format === 'string') {
    if (ENFORCED_FORMATS.has(schema.format) || INTEGER_FORMATS.has(schema.format)) out.format = schema.format;
    else stats.ignoredFormats.add(schema.format);
  }
  if (schema['x-kubernetes-int-or-string']) out.intOrString = true;
  else if (schema.anyOf) throw new Error(`${where}: anyOf is only supported for x-kubernetes-int-or-string`);
  if (schema['x-kubernetes-preserve-unknown-fields']) out.preserveUnknownFields = true;
  if (schema['x-kubernetes-embedded-resource']) out.embeddedResource = true;
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'set' || listType === 'map') out.listType = listType;
  if (listType === 'map') out.listMapKeys = schema['x-kubernetes-list-map-keys'];
  if (schema.properties) {
    const props: Record<string, SchemaNode> = {};
    for (const key of Object.keys(schema.properties).sort()) props[key] = compactSchema(schema.properties[key], `${where}.${key}`, stats);
    out.properties = props;
  }
  if (schema.oneOf) {
    const choice = formatChoice(schema.oneOf as CrdSchema[], where);
    const props = (out.properties ?? {}) as Record<string, SchemaNode>;
    props[choice.property] = { ...props[choice.property], oneOfFormats: choice.formats };
    out.properties = props;
  }
  if (schema.items) out.items = compactSchema(schema.items, `${where}[]`, stats);
  if (schema.additionalProperties === false) out.additionalProperties = false;
  else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = compactSchema(schema.additionalProperties, `${where}{}`, stats);
  }
  const rules = schema['x-kubernetes-validations'] as Array<Record<string, unknown>> | undefined;
  if (rules) {
    const kept: CelRuleSpec[] = [];
    const transitions: TransitionRuleSpec[] = [];
    for (const r of rules) {
      const rule = String(r.rule);
      const spec: Record<string, unknown> = { rule };
      for (const k of ['message', 'messageExpression', 'fieldPath', 'reason'] as const) if (r[k] !== undefined) spec[k] = r[k];
      // Transition rules compare with the stored object: they run on update only (see transitions.ts).
      if (/\boldSelf\b/.test(rule)) {
        if (r.optionalOldSelf === true) spec.optionalOldSelf = true;
        transitions.push(spec as unknown as TransitionRuleSpec);
        stats.transitionRules++;
        continue;
      }
      kept.push(spec as unknown as CelRuleSpec);
      stats.rules++;
    }
    if (kept.length > 0) out.rules = kept;
    if (transitions.length > 0) out.transitionRules = transitions;
  }
  return out as SchemaNode;
}

/** Every rule under a node (`transitionRules` with `transition`), with its JSON path (for the generator's report). */
export function collectRules<K extends 'rules' | 'transitionRules'>(
  node: SchemaNode,
  path: string,
  which: K = 'rules' as K,
  out: Array<{ path: string; rule: NonNullable<SchemaNode[K]>[number] }> = [],
) {
  for (const rule of node[which] ?? []) out.push({ path: path || '<root>', rule });
  for (const [key, child] of Object.entries(node.properties ?? {})) collectRules(child, `${path}.${key}`, which, out);
  if (node.items) collectRules(node.items, `${path}[*]`, which, out);
  if (node.additionalProperties) collectRules(node.additionalProperties, `${path}[*]`, which, out);
  return out;
}
