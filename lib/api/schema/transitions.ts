/**
 * The CRDs' transition rules (`x-kubernetes-validations` that use `oldSelf`), judged the way the
 * API server judges an update: each rule runs where the field exists in both the new object and
 * the stored one (after defaulting), with `self` the new value and `oldSelf` the stored one.
 * Fields are matched by name; items of a list only in `listType: map` lists (by their keys), as
 * the API server correlates them; a rule under any other list never runs on update.
 * A rule with `optionalOldSelf` would need CEL optionals, which the evaluator lacks: it is
 * reported as skipped (no CRD the library emits has one).
 */
import type { CelMap, CelList } from '@bufbuild/cel';
import { compileRule } from './cel-lazy';
import type { SchemaNode, TransitionRuleSpec } from './types';
import type { SkippedRule, WalkContext } from './validate';
import { childPath, walk } from './validate';

/** An update the API server would refuse: one transition rule that fails. */
export interface TransitionFinding {
  /** The field that changed (JSON path in the object, e.g. `spec.management.upgradeType`). */
  readonly path: string;
  /** Where the rule is declared, when that is not {@link path} (a rule on `spec` about `spec.secretEncryption`). */
  readonly rulePath: string;
  /** The CRD's message for the rule (`UpgradeType is immutable`). */
  readonly message: string;
  readonly rule: string;
  /** The value at {@link path} in the previous object and in the new one, as JSON text, or how it is absent. */
  readonly before: string;
  readonly after: string;
}

export interface TransitionCheckResult {
  readonly findings: TransitionFinding[];
  readonly skipped: SkippedRule[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a node or anything under it has transition rules, computed once per node. */
const withTransitions = new WeakMap<SchemaNode, boolean>();
export function hasTransitionRules(node: SchemaNode): boolean {
  let has = withTransitions.get(node);
  if (has === undefined) {
    has =
      (node.transitionRules?.length ?? 0) > 0 ||
      Object.values(node.properties ?? {}).some(hasTransitionRules) ||
      (node.items !== undefined && hasTransitionRules(node.items)) ||
      (typeof node.additionalProperties === 'object' && hasTransitionRules(node.additionalProperties));
    withTransitions.set(node, has);
  }
  return has;
}

/** Checks the update from `previous` to `object` (both plain JSON, `node` the schema of the whole object). */
export function checkTransitionRules(node: SchemaNode, object: unknown, previous: unknown): TransitionCheckResult {
  const result: TransitionCheckResult = { findings: [], skipped: [] };
  if (!hasTransitionRules(node)) return result;
  // The values as CEL sees them, defaults applied; their own schema findings are not this check's.
  const scratch: WalkContext = { findings: [], skipped: [] };
  const [now, before] = [walk(node, object, '', scratch, true), walk(node, previous, '', scratch, true)];
  visit(node, { now, before, nowRaw: object, beforeRaw: previous, path: '' }, result);
  return result;
}

/** One place in both objects: CEL views (defaults applied) and the plain values (absent where defaulted). */
interface Pair {
  readonly now: unknown;
  readonly before: unknown;
  readonly nowRaw: unknown;
  readonly beforeRaw: unknown;
  readonly path: string;
}

function visit(node: SchemaNode, pair: Pair, result: TransitionCheckResult): void {
  for (const spec of node.transitionRules ?? []) evaluate(node, spec, pair, result);
  const child = (sub: SchemaNode, now: unknown, before: unknown, nowRaw: unknown, beforeRaw: unknown, path: string) => {
    if (now === undefined || before === undefined || !hasTransitionRules(sub)) return;
    visit(sub, { now, before, nowRaw, beforeRaw, path }, result);
  };
  const rawField = (raw: unknown, key: string) => (isObject(raw) ? raw[key] : undefined);
  for (const [key, sub] of Object.entries(node.properties ?? {})) {
    child(sub, (pair.now as CelMap | undefined)?.get?.(key), (pair.before as CelMap | undefined)?.get?.(key), rawField(pair.nowRaw, key), rawField(pair.beforeRaw, key), childPath(pair.path, key));
  }
  const extra = node.additionalProperties;
  if (typeof extra === 'object' && isObject(pair.nowRaw) && isObject(pair.beforeRaw)) {
    for (const key of Object.keys(pair.nowRaw)) {
      if (node.properties?.[key]) continue;
      child(extra, (pair.now as CelMap).get(key), (pair.before as CelMap).get(key), pair.nowRaw[key], pair.beforeRaw[key], childPath(pair.path, key));
    }
  }
  if (node.items && node.listType === 'map' && node.listMapKeys && Array.isArray(pair.nowRaw) && Array.isArray(pair.beforeRaw)) {
    const keyOf = (item: unknown) => (isObject(item) ? JSON.stringify(node.listMapKeys!.map((k) => item[k] ?? node.items?.properties?.[k]?.default)) : undefined);
    const previousIndex = new Map<string, number>();
    pair.beforeRaw.forEach((item, index) => {
      const key = keyOf(item);
      if (key !== undefined && !previousIndex.has(key)) previousIndex.set(key, index);
    });
    pair.nowRaw.forEach((item, index) => {
      const was = previousIndex.get(keyOf(item) ?? '');
      if (was === undefined) return;
      child(node.items!, (pair.now as CelList).get(index), (pair.before as CelList).get(was), item, (pair.beforeRaw as unknown[])[was], `${pair.path}[${index}]`);
    });
  }
}

function evaluate(node: SchemaNode, spec: TransitionRuleSpec, pair: Pair, result: TransitionCheckResult): void {
  const at = pair.path || '<root>';
  if (spec.optionalOldSelf) {
    result.skipped.push({ path: at, rule: spec.rule, reason: 'optionalOldSelf needs CEL optionals, which this evaluator does not have' });
    return;
  }
  const outcome = compileRule(spec.rule).evaluate(pair.now, pair.before);
  if (outcome.kind === 'skipped') result.skipped.push({ path: at, rule: spec.rule, reason: outcome.reason });
  if (outcome.kind !== 'fail') return;
  const subject = changedField(node, spec.rule, pair);
  result.findings.push({
    path: subject.path || '<root>',
    rulePath: at,
    message: outcome.message || spec.message || `failed rule: ${spec.rule}`,
    rule: spec.rule,
    before: describe(subject.before, subject.node),
    after: describe(subject.now, subject.node),
  });
}

/**
 * The fields a transition rule compares with the previous object: the chains it reads from
 * `oldSelf` (`oldSelf.spec.infraID` → `['spec', 'infraID']`), deepest first.
 */
export function oldSelfFields(rule: string): string[][] {
  const code = rule.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const chains = [...code.matchAll(/\boldSelf((?:\.[A-Za-z_]\w*)+)/g)].map((m) => m[1].slice(1).split('.'));
  return chains.sort((a, b) => b.length - a.length);
}

/** The field a failing rule is about: the deepest one it reads from `oldSelf` whose value changed, else the rule's own field. */
function changedField(node: SchemaNode, rule: string, pair: Pair): { path: string; now: unknown; before: unknown; node?: SchemaNode } {
  for (const chain of oldSelfFields(rule)) {
    const [now, before] = [valueAt(pair.nowRaw, chain), valueAt(pair.beforeRaw, chain)];
    if (JSON.stringify(now) === JSON.stringify(before)) continue;
    return { path: chain.reduce((p, key) => childPath(p, key), pair.path), now, before, node: nodeAt(node, chain) };
  }
  return { path: pair.path, now: pair.nowRaw, before: pair.beforeRaw, node };
}

function valueAt(value: unknown, keys: readonly string[]): unknown {
  return keys.reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), value);
}

function nodeAt(node: SchemaNode, keys: readonly string[]): SchemaNode | undefined {
  return keys.reduce<SchemaNode | undefined>((n, key) => n?.properties?.[key], node);
}

/** Longer values are not repeated in full: the path says where to look. */
const MAX_SHOWN = 120;

/** A value for a message: its JSON, or how it is absent (and what the API server fills in). */
function describe(value: unknown, node: SchemaNode | undefined): string {
  if (value === undefined) return node?.default !== undefined ? `not set (the default ${JSON.stringify(node.default)})` : 'not set';
  const text = JSON.stringify(value);
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 3)}...`;
}
