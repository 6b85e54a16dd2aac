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

/**
 * Where the walk is: the path is kept as a stack of keys (array indexes as numbers) and only
 * turned into text when a finding or a skipped rule needs it, so a clean object costs no strings.
 */
interface Walker {
  readonly ctx: WalkContext;
  readonly base: string;
  readonly keys: Array<string | number>;
}

function pathOf(w: Walker): string {
  let path = w.base;
  for (const k of w.keys) path = typeof k === 'number' ? `${path}[${k}]` : childPath(path, k);
  return path;
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
  return walkNode({ ctx, base: path, keys: [] }, node, value, cel);
}

function walkNode(w: Walker, node: SchemaNode, value: unknown, cel: boolean): unknown {
  const ctx = w.ctx;
  const wantCel = cel || node.rules !== undefined;
  if (!typeMatches(node, value)) {
    const path = pathOf(w);
    const expected = expectedType(node)!;
    add(ctx, path, `Invalid value: "${jsonType(value)}": ${path} in body must be of type ${expected}`, `set ${path} to a value of type ${expected}`);
    return undefined;
  }
  let view: unknown = value;
  if (node.enum && !node.enum.some((e) => e === value || (typeof e === 'object' && canonical(e) === canonical(value)))) {
    const allowed = node.enum.map((e) => JSON.stringify(e)).join(', ');
    add(ctx, pathOf(w), `Unsupported value: ${JSON.stringify(value)}: supported values: ${allowed}`, `use one of ${allowed}`);
  }
  if (typeof value === 'string') {
    checkString(w, node, value);
  } else if (typeof value === 'number') {
    checkNumber(w, node, value);
    if (wantCel && (node.type === 'integer' || node.intOrString || node.type === undefined) && Number.isInteger(value)) view = BigInt(value);
  } else if (Array.isArray(value)) {
    view = checkArray(w, node, value, wantCel);
  } else if (isObject(value)) {
    view = checkObject(w, node, value, wantCel);
  }
  if (node.rules) {
    for (const spec of node.rules) {
      const outcome = compileRule(spec.rule).evaluate(view);
      if (outcome.kind === 'skipped') ctx.skipped.push({ path: pathOf(w) || '<root>', rule: spec.rule, reason: outcome.reason });
      else if (outcome.kind === 'fail') {
        const path = pathOf(w);
        const at = spec.fieldPath ? `${path}${spec.fieldPath}` : path;
        const message = outcome.message || spec.message || `failed rule: ${spec.rule}`;
        add(ctx, at, `Invalid value: ${message}`, `change ${at || 'the object'} so that the rule holds: ${spec.rule}`, spec.rule);
      }
    }
  }
  return view;
}

function checkString(w: Walker, node: SchemaNode, value: string) {
  const ctx = w.ctx;
  if (node.maxLength !== undefined || node.minLength !== undefined) {
    const n = runeCount(value);
    if (node.maxLength !== undefined && n > node.maxLength) {
      const path = pathOf(w);
      add(ctx, path, `Too long: may not be more than ${node.maxLength} bytes`, `shorten ${path} to at most ${node.maxLength} characters (it has ${n})`);
    }
    if (node.minLength !== undefined && n < node.minLength) {
      const path = pathOf(w);
      add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body should be at least ${node.minLength} chars long`, `set ${path} to at least ${node.minLength} characters`);
    }
  }
  if (node.pattern !== undefined && !compileRe2(node.pattern).test(value)) {
    const path = pathOf(w);
    add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body should match '${node.pattern}'`, `set ${path} to a value matching ${node.pattern}`);
  }
  if (node.format !== undefined) {
    const check = ENFORCED_FORMATS.get(node.format);
    if (check && !check(value)) {
      const path = pathOf(w);
      const example = FORMAT_EXAMPLES[node.format];
      add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body must be of type ${node.format}: ${JSON.stringify(value)}`, `set ${path} to a valid ${node.format}${example ? ` such as ${JSON.stringify(example)}` : ''}`);
    }
  }
  if (node.oneOfFormats !== undefined) {
    const matching = node.oneOfFormats.filter((format) => ENFORCED_FORMATS.get(format)?.(value) ?? true);
    if (matching.length !== 1) {
      const path = pathOf(w);
      add(ctx, path, `Invalid value: ${JSON.stringify(value)}: ${path} in body must validate one and only one schema (oneOf): ${node.oneOfFormats.join(' or ')}`, `set ${path} to a valid ${node.oneOfFormats.join(' or ')} value`);
    }
  }
}

function checkNumber(w: Walker, node: SchemaNode, value: number) {
  const ctx = w.ctx;
  const range = node.format === undefined ? undefined : INTEGER_FORMATS.get(node.format);
  if (range && (value < range[0] || value > range[1])) {
    const path = pathOf(w);
    add(ctx, path, `Invalid value: ${value}: checked value must be of type integer with format ${node.format} in ${path}`, `set ${path} between ${range[0]} and ${range[1]}`);
  }
  if (node.minimum !== undefined && (node.exclusiveMinimum ? value <= node.minimum : value < node.minimum)) {
    const path = pathOf(w);
    const op = node.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
    add(ctx, path, `Invalid value: ${value}: ${path} in body should be ${op} ${node.minimum}`, `set ${path} ${op} ${node.minimum}`);
  }
  if (node.maximum !== undefined && (node.exclusiveMaximum ? value >= node.maximum : value > node.maximum)) {
    const path = pathOf(w);
    const op = node.exclusiveMaximum ? 'less than' : 'less than or equal to';
    add(ctx, path, `Invalid value: ${value}: ${path} in body should be ${op} ${node.maximum}`, `set ${path} ${op} ${node.maximum}`);
  }
}

function checkArray(w: Walker, node: SchemaNode, value: readonly unknown[], cel: boolean): unknown {
  const ctx = w.ctx;
  if (node.maxItems !== undefined && value.length > node.maxItems) {
    const path = pathOf(w);
    add(ctx, path, `Too many: ${value.length}: must have at most ${node.maxItems} items`, `remove items from ${path} (at most ${node.maxItems})`);
  }
  if (node.minItems !== undefined && value.length < node.minItems) {
    const path = pathOf(w);
    add(ctx, path, `Invalid value: ${value.length}: ${path} in body should have at least ${node.minItems} items`, `add items to ${path} (at least ${node.minItems})`);
  }
  const view: unknown[] | undefined = cel ? new Array(value.length) : undefined;
  const items = node.items;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    if (!items) {
      if (view) view[i] = genericCel(item);
    } else if (item === null && !items.nullable) {
      const itemPath = `${pathOf(w)}[${i}]`;
      add(ctx, itemPath, `Invalid value: "null": ${itemPath} in body must be of type ${expectedType(items) ?? 'any'}`, `remove the null item at ${itemPath}`);
    } else {
      w.keys.push(i);
      const v = walkNode(w, items, item, cel);
      w.keys.pop();
      if (view) view[i] = v;
    }
  }
  if (node.uniqueItems || node.listType === 'set') {
    const seen = new Map<string, number>();
    value.forEach((item, i) => {
      const key = canonical(item);
      if (seen.has(key)) {
        const path = pathOf(w);
        add(ctx, `${path}[${i}]`, `Duplicate value: ${canonical(item)}`, `remove the repeated item ${path}[${i}] (same as ${path}[${seen.get(key)}])`);
      } else seen.set(key, i);
    });
  }
  if (node.listType === 'map' && node.listMapKeys) {
    const keys = node.listMapKeys;
    const seen = new Map<string, number>();
    value.forEach((item, i) => {
      if (!isObject(item)) return;
      const tuple = keys.map((k) => (item[k] !== undefined ? item[k] : node.items?.properties?.[k]?.default));
      const key = canonical(tuple);
      if (seen.has(key)) {
        const path = pathOf(w);
        const shown = `{${keys.map((k, j) => `"${k}":${JSON.stringify(tuple[j])}`).join(',')}}`;
        add(ctx, `${path}[${i}]`, `Duplicate value: ${shown}`, `give ${path}[${i}] a unique ${keys.join('/')} (same as ${path}[${seen.get(key)}])`);
      } else seen.set(key, i);
    });
  }
  return view ? celLibrary().celList(view as never) : undefined;
}

/** Per schema node: the properties that have a default, computed once. */
const defaultedKeys = new WeakMap<SchemaNode, readonly string[]>();
function defaultedOf(node: SchemaNode, props: Readonly<Record<string, SchemaNode>>): readonly string[] {
  let keys = defaultedKeys.get(node);
  if (!keys) {
    keys = Object.keys(props).filter((key) => props[key].default !== undefined);
    defaultedKeys.set(node, keys);
  }
  return keys;
}

/**
 * A default as CEL sees it. It depends on the property's schema only (its findings are not
 * reported), so it is computed once per schema node; CEL values are never changed by evaluation.
 */
const defaultViews = new WeakMap<SchemaNode, { readonly view: unknown }>();
function defaultView(sub: SchemaNode, path: string): unknown {
  let cached = defaultViews.get(sub);
  if (!cached) {
    cached = { view: walk(sub, sub.default, path, { findings: [], skipped: [] }, true) };
    defaultViews.set(sub, cached);
  }
  return cached.view;
}

/** Long because it is the walker's hottest loop (every object node of every planned object): kept in one frame on purpose. */
function checkObject(w: Walker, node: SchemaNode, value: Record<string, unknown>, cel: boolean): unknown {
  const ctx = w.ctx;
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
      const at = childPath(pathOf(w), key);
      add(ctx, at, `unknown field "${at}"`, `remove ${at}: the schema has no such field${props ? ` (fields here: ${Object.keys(props).join(', ')})` : ''}`);
      continue;
    }
    if (child === null && !sub.nullable) continue; // the API server drops nulls of non-nullable fields
    count++;
    w.keys.push(key);
    const v = walkNode(w, sub, child, cel);
    w.keys.pop();
    if (view) view.set(key, v);
  }
  // Defaults the API server applies before validating.
  if (props) {
    for (const key of defaultedOf(node, props)) {
      if (value[key] === undefined || (value[key] === null && !props[key].nullable)) {
        count++;
        if (view) view.set(key, defaultView(props[key], childPath(pathOf(w), key)));
      }
    }
  }
  if (node.required) {
    for (const req of node.required) {
      const present = value[req] !== undefined && !(value[req] === null && !props?.[req]?.nullable);
      if (!present && props?.[req]?.default === undefined) {
        const at = childPath(pathOf(w), req);
        add(ctx, at, 'Required value', `set ${at}`);
      }
    }
  }
  if (node.maxProperties !== undefined && count > node.maxProperties) {
    const path = pathOf(w);
    add(ctx, path, `Too many: ${count}: must have at most ${node.maxProperties} items`, `remove entries from ${path} (at most ${node.maxProperties})`);
  }
  if (node.minProperties !== undefined && count < node.minProperties) {
    const path = pathOf(w);
    add(ctx, path, `Invalid value: ${count}: ${path} in body should have at least ${node.minProperties} properties`, `set at least ${node.minProperties} fields in ${path}`);
  }
  if (node.embeddedResource) {
    for (const k of ['apiVersion', 'kind']) {
      if (typeof value[k] !== 'string' || value[k] === '') {
        const at = childPath(pathOf(w), k);
        add(ctx, at, 'Required value: must not be empty', `set ${at}`);
      }
    }
  }
  return view ? celLibrary().celMap(view as never) : undefined;
}
