/**
 * The structural-schema checks the API server runs on create, as a small interpreter over the
 * generated schemas: types, enums, patterns, formats, lengths (in Unicode code points, as Go counts
 * runes), ranges, required fields after defaulting, unknown fields (strict field validation),
 * list-type uniqueness, and CEL rules on every field that is present.
 */
import { celLibrary, compileRule } from './cel-lazy';
import { ENFORCED_FORMATS, FORMAT_EXAMPLES, INTEGER_FORMATS } from './format';
import { compileRe2 } from './regex';
import type { SchemaNode } from './types';

/** One problem with an emitted object. */
export interface SchemaFinding {
  /** JSON path in the object, e.g. `spec.services[2].servicePublishingStrategy.type`. */
  readonly path: string;
  /** What is wrong, worded after the API server's message. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
  /** The CEL rule, for findings from `x-kubernetes-validations`. */
  readonly rule?: string;
}

/** A CEL rule that could not be evaluated on an object (reported, never counted as passing). */
export interface SkippedRule {
  readonly path: string;
  readonly rule: string;
  readonly reason: string;
}

export interface WalkContext {
  readonly findings: SchemaFinding[];
  readonly skipped: SkippedRule[];
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
export const childPath = (path: string, key: string) => (IDENT.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Length in Unicode code points (Go's utf8.RuneCountInString). */
function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Canonical text of a JSON value with sorted keys, for equality of set items and enum values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

/** A value as CEL sees it when no schema says more: integers become CEL ints. */
function genericCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return celLibrary().celList(value.map(genericCel) as never);
  if (isObject(value)) {
    const out = new Map<string, unknown>();
    for (const k of Object.keys(value)) out.set(k, genericCel(value[k]));
    return celLibrary().celMap(out as never);
  }
  return value;
}

function add(ctx: WalkContext, path: string, message: string, fix: string, rule?: string) {
  ctx.findings.push(rule === undefined ? { path: path || '<root>', message, fix } : { path: path || '<root>', message, fix, rule });
}

function expectedType(node: SchemaNode): string | undefined {
  return node.intOrString ? 'integer or string' : node.type;
}

function typeMatches(node: SchemaNode, value: unknown): boolean {
  if (node.intOrString) return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
  switch (node.type) {
    case undefined:
      return true;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
  }
}

/**
 * Checks `value` against `node` at `path`. When `cel` is true (this node or an ancestor has CEL
 * rules) it returns the value as CEL sees it: defaults applied, integers as CEL ints.
 */
export function walk(node: SchemaNode, value: unknown, path: string, ctx: WalkContext, cel: boolean): unknown {
  const wantCel = cel || node.rules !== undefined;
  if (!typeMatches(node, value)) {
    const expected = expectedType(node)!;
    add(ctx, path, `Invalid value: "${jsonType(value)}": ${path} in body must be of type ${expected}`, `set ${path} to a value of type ${expected}`);
    return undefined;
  }
  let view: unknown = value;
  if (node.enum && !node.enum.some((e) => e === value || (typeof e === 'object' && canonical(e) === canonical(value)))) {
    const allowed = node.enum.map((e) => JSON.stringify(e)).join(', ');
    add(ctx, path, `Unsupported value: ${JSON.stringify(value)}: supported values: ${allowed}`, `use one of ${allowed}`);
  }
  if (typeof value === 'string') {
    checkString(node, value, path, ctx);
  } else if (typeof value === 'number') {
    checkNumber(node, value, path, ctx);
    if (wantCel && (node.type === 'integer' || node.intOrString || node.type === undefined) && Number.isInteger(value)) view = BigInt(value);
  } else if (Array.isArray(value)) {
    view = checkArray(node, value, path, ctx, wantCel);
  } else if (isObject(value)) {
    view = checkObject(node, value, path, ctx, wantCel);
  }
  if (node.rules) {
    for (const spec of node.rules) {
      const outcome = compileRule(spec.rule).evaluate(view);
      if (outcome.kind === 'skipped') ctx.skipped.push({ path: path || '<root>', rule: spec.rule, reason: outcome.reason });
      else if (outcome.kind === 'fail') {
        const at = spec.fieldPath ? `${path}${spec.fieldPath}` : path;
        const message = outcome.message || spec.message || `failed rule: ${spec.rule}`;
        add(ctx, at, `Invalid value: ${message}`, `change ${at || 'the object'} so that the rule holds: ${spec.rule}`, spec.rule);
      }
    }
  }
  return view;
}

function checkString(node: SchemaNode, value: string, path: string, ctx: WalkContext) {
  if (node.maxLength !== undefined || node.minLength !== undefined) {
    const n = runeCount(value);
    if (node.maxLength !== undefined && n > node.maxLength) {
      add(ctx, path, `Too long: may not be more than ${node.maxLength} bytes`, `shorten ${path} to at most ${node.maxLength} characters (it has ${n})`);
    }
    if (node.minLength !== undefined && n < node.minLength) {
      add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body should be at least ${node.minLength} chars long`, `set ${path} to at least ${node.minLength} characters`);
    }
  }
  if (node.pattern !== undefined && !compileRe2(node.pattern).test(value)) {
    add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body should match '${node.pattern}'`, `set ${path} to a value matching ${node.pattern}`);
  }
  if (node.format !== undefined) {
    const check = ENFORCED_FORMATS.get(node.format);
    if (check && !check(value)) {
      const example = FORMAT_EXAMPLES[node.format];
      add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body must be of type ${node.format}: ${JSON.stringify(value)}`, `set ${path} to a valid ${node.format}${example ? ` such as ${JSON.stringify(example)}` : ''}`);
    }
  }
}

function checkNumber(node: SchemaNode, value: number, path: string, ctx: WalkContext) {
  const range = node.format === undefined ? undefined : INTEGER_FORMATS.get(node.format);
  if (range && (value < range[0] || value > range[1])) {
    add(ctx, path, `Invalid value: ${value}: checked value must be of type integer with format ${node.format} in ${path}`, `set ${path} between ${range[0]} and ${range[1]}`);
  }
  if (node.minimum !== undefined && (node.exclusiveMinimum ? value <= node.minimum : value < node.minimum)) {
    const op = node.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
    add(ctx, path, `Invalid value: ${value}: ${path} in body should be ${op} ${node.minimum}`, `set ${path} ${op} ${node.minimum}`);
  }
  if (node.maximum !== undefined && (node.exclusiveMaximum ? value >= node.maximum : value > node.maximum)) {
    const op = node.exclusiveMaximum ? 'less than' : 'less than or equal to';
    add(ctx, path, `Invalid value: ${value}: ${path} in body should be ${op} ${node.maximum}`, `set ${path} ${op} ${node.maximum}`);
  }
}

function checkArray(node: SchemaNode, value: readonly unknown[], path: string, ctx: WalkContext, cel: boolean): unknown {
  if (node.maxItems !== undefined && value.length > node.maxItems) {
    add(ctx, path, `Too many: ${value.length}: must have at most ${node.maxItems} items`, `remove items from ${path} (at most ${node.maxItems})`);
  }
  if (node.minItems !== undefined && value.length < node.minItems) {
    add(ctx, path, `Invalid value: ${value.length}: ${path} in body should have at least ${node.minItems} items`, `add items to ${path} (at least ${node.minItems})`);
  }
  const view: unknown[] = cel ? new Array(value.length) : [];
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const itemPath = `${path}[${i}]`;
    if (!node.items) {
      if (cel) view[i] = genericCel(item);
    } else if (item === null && !node.items.nullable) {
      add(ctx, itemPath, `Invalid value: "null": ${itemPath} in body must be of type ${expectedType(node.items) ?? 'any'}`, `remove the null item at ${itemPath}`);
    } else {
      const v = walk(node.items, item, itemPath, ctx, cel);
      if (cel) view[i] = v;
    }
  }
  if (node.uniqueItems || node.listType === 'set') {
    const seen = new Map<string, number>();
    value.forEach((item, i) => {
      const key = canonical(item);
      if (seen.has(key)) add(ctx, `${path}[${i}]`, `Duplicate value: ${canonical(item)}`, `remove the repeated item ${path}[${i}] (same as ${path}[${seen.get(key)}])`);
      else seen.set(key, i);
    });
  }
  if (node.listType === 'map' && node.listMapKeys) {
    const keys = node.listMapKeys;
    const seen = new Map<string, number>();
    value.forEach((item, i) => {
      if (!isObject(item)) return;
      const tuple = keys.map((k) => (item[k] !== undefined ? item[k] : node.items?.properties?.[k]?.default));
      const key = canonical(tuple);
      const shown = `{${keys.map((k, j) => `"${k}":${JSON.stringify(tuple[j])}`).join(',')}}`;
      if (seen.has(key)) add(ctx, `${path}[${i}]`, `Duplicate value: ${shown}`, `give ${path}[${i}] a unique ${keys.join('/')} (same as ${path}[${seen.get(key)}])`);
      else seen.set(key, i);
    });
  }
  return cel ? celLibrary().celList(view as never) : undefined;
}

function checkObject(node: SchemaNode, value: Record<string, unknown>, path: string, ctx: WalkContext, cel: boolean): unknown {
  const keys = Object.keys(value);
  const props = node.properties;
  const extra = node.additionalProperties;
  const view: Map<string, unknown> | undefined = cel ? new Map() : undefined;
  let count = 0;
  for (const key of keys) {
    const child = value[key];
    const sub = props?.[key] ?? (extra || undefined);
    if (child === undefined) continue;
    if (!sub) {
      if (node.preserveUnknownFields || node.type === undefined) {
        count++;
        if (view) view.set(key, genericCel(child));
        continue;
      }
      const at = childPath(path, key);
      add(ctx, at, `unknown field "${at}"`, `remove ${at}: the schema has no such field${props ? ` (fields here: ${Object.keys(props).join(', ')})` : ''}`);
      continue;
    }
    if (child === null && !sub.nullable) continue; // the API server drops nulls of non-nullable fields
    count++;
    const v = walk(sub, child, childPath(path, key), ctx, cel);
    if (view) view.set(key, v);
  }
  // Defaults the API server applies before validating.
  if (props) {
    for (const key in props) {
      const d = props[key].default;
      if (d !== undefined && (value[key] === undefined || (value[key] === null && !props[key].nullable))) {
        count++;
        if (view) view.set(key, walk(props[key], d, childPath(path, key), { findings: [], skipped: [] }, true));
      }
    }
  }
  for (const req of node.required ?? []) {
    const present = value[req] !== undefined && !(value[req] === null && !props?.[req]?.nullable);
    if (!present && props?.[req]?.default === undefined) {
      const at = childPath(path, req);
      add(ctx, at, 'Required value', `set ${at}`);
    }
  }
  if (node.maxProperties !== undefined && count > node.maxProperties) {
    add(ctx, path, `Too many: ${count}: must have at most ${node.maxProperties} items`, `remove entries from ${path} (at most ${node.maxProperties})`);
  }
  if (node.minProperties !== undefined && count < node.minProperties) {
    add(ctx, path, `Invalid value: ${count}: ${path} in body should have at least ${node.minProperties} properties`, `set at least ${node.minProperties} fields in ${path}`);
  }
  if (node.embeddedResource) {
    for (const k of ['apiVersion', 'kind']) if (typeof value[k] !== 'string' || value[k] === '') add(ctx, childPath(path, k), 'Required value: must not be empty', `set ${childPath(path, k)}`);
  }
  return view ? celLibrary().celMap(view as never) : undefined;
}
