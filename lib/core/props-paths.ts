/**
 * One path style in findings: the path the user wrote. Checks that read a rendered object (the
 * HostedCluster after defaults and specOverrides) find problems at rendered paths
 * (`spec.networking.serviceNetwork[0].cidr`); a table per kind says which prop each rendered field
 * comes from, so the finding names the prop (`networking.serviceNetwork[0]`) and keeps the
 * rendered path beside it where that says more. A field no prop set keeps its rendered path.
 */
import type { PathTranslator, ValidationIssue } from './errors';
import { formatPath } from './schema';

/** One step of a path: an object key or a list index. */
export type PathKey = string | number;

/** `spec.networking.serviceNetwork[0].cidr` or `labels["a/b"]` as keys; undefined for text that is not such a path. */
export function parsePath(path: string): PathKey[] | undefined {
  const keys: PathKey[] = [];
  const step = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;
  let rest = path;
  while (rest.length > 0) {
    const match = step.exec(rest);
    if (!match || (keys.length === 0 && match[0].startsWith('.'))) return undefined;
    keys.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : (JSON.parse(match[3]) as string)));
    rest = rest.slice(match[0].length);
  }
  return keys.length > 0 ? keys : undefined;
}

/** The keys as a path, in the style of schema findings. */
export function pathText(keys: readonly PathKey[]): string {
  return formatPath(keys.map((key) => ({ key })));
}

/** `prefix.rest`, or `rest` alone when the props are the root (`prefix` empty). */
export function joinPath(prefix: string, rest: string): string {
  return prefix === '' ? rest : `${prefix}.${rest}`;
}

/** The own value at `keys` inside `root` (lists by index), or undefined. */
function valueAt(root: unknown, keys: readonly PathKey[]): unknown {
  let value = root;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PathKey, unknown>)[key];
  }
  return value;
}

/**
 * Rendered path prefix → the prop it comes from, e.g. `['spec.dns.baseDomain', 'baseDomain']`.
 * The rest of a rendered path follows the prop's path (`spec.networking.clusterNetwork[0].hostPrefix`
 * → `networking.clusterNetwork[0].hostPrefix`); where the user wrote a plain value that the
 * rendered object spreads out (`"10.0.0.0/16"` → `{ cidr: "10.0.0.0/16" }`), the path stops at it.
 * `'whole'` says the prop has another shape than the rendered field (a map rendered as a list of
 * tags): every path under the rendered field stops at the prop. `'default'` says the rendered
 * field holds the prop's default when the prop is not given: a finding then names the prop, the
 * place to change it. `'whole-default'` is both (the services list the `services` prop and its
 * defaults give).
 */
export type PathRule = readonly [rendered: string, props: string, kind?: PathRuleKind];
type PathRuleKind = 'whole' | 'default' | 'whole-default';

/**
 * Translates the rendered paths of one object into the paths of its props: `props` is what the
 * user gave (any value), `prefix` where the object's props are in it (`nodePools[1]`), `overrides`
 * the prop whose fields replace the rendered spec's (`specOverrides`), checked first because
 * they are merged last. Of the rules that match a path, the longest that names a prop the user
 * gave wins (earlier rules first among equals). Paths that are not rendered paths
 * (`services.apiServerAddress`) are already props paths and pass as they are.
 */
export function propsPaths(rules: readonly PathRule[], props: unknown, prefix: readonly PathKey[] = [], overrides = 'specOverrides'): PathTranslator {
  // One closure: planned objects keep their translator for later findings, thousands in a fleet.
  return (path) => translatePath(path, rules, props, prefix, overrides);
}

/** {@link propsPaths}'s translation of one path; the rule table is read when the first finding comes (most objects have none). */
function translatePath(path: string, rules: readonly PathRule[], props: unknown, prefix: readonly PathKey[], overrides: string): Pick<ValidationIssue, 'path' | 'renderedPath'> {
  const keys = parsePath(path);
  if (!keys || (keys[0] !== 'spec' && keys[0] !== 'metadata')) return { path };
  const given = (at: readonly PathKey[]) => valueAt(props, [...prefix, ...at]);
  const rest = keys.slice(1);
  if (keys[0] === 'spec' && rest.length > 0) {
    const overridden = written([overrides, ...rest], 2, given);
    if (overridden) return { path: pathText([...prefix, ...overridden]) };
  }
  for (const rule of sortedTable(rules)) {
    if (rule.rendered.length > keys.length || !rule.rendered.every((key, i) => key === keys[i])) continue;
    const byDefault = (rule.kind === 'default' || rule.kind === 'whole-default') && given(rule.prop) === undefined;
    const prop =
      rule.kind === 'whole' || rule.kind === 'whole-default'
        ? given(rule.prop) !== undefined || byDefault ? rule.prop : undefined
        : (written([...rule.prop, ...keys.slice(rule.rendered.length)], rule.prop.length, given) ?? (byDefault ? rule.prop : undefined));
    if (!prop) continue;
    // The rendered path is kept where it is not just the props path under `spec` or `metadata`.
    const found = pathText([...prefix, ...prop]);
    return pathText(prop) === pathText(rest) ? { path: found } : { path: found, renderedPath: path };
  }
  return { path };
}

interface ParsedRule {
  readonly rendered: readonly PathKey[];
  readonly prop: readonly PathKey[];
  readonly kind?: PathRuleKind;
}

// The rules are constant tables: each is parsed once.
const sortedTables = new WeakMap<readonly PathRule[], readonly ParsedRule[]>();

/** The rules parsed, longest rendered path first: the tables are constants, so each is sorted once. */
function sortedTable(rules: readonly PathRule[]): readonly ParsedRule[] {
  let sorted = sortedTables.get(rules);
  if (!sorted) sortedTables.set(rules, (sorted = rules.map(parsedRule).sort((a, b) => b.rendered.length - a.rendered.length)));
  return sorted;
}

const parsedRules = new WeakMap<PathRule, ParsedRule>();

function parsedRule(rule: PathRule): ParsedRule {
  let parsed = parsedRules.get(rule);
  if (!parsed) parsedRules.set(rule, (parsed = { rendered: parsePath(rule[0])!, prop: parsePath(rule[1])!, kind: rule[2] }));
  return parsed;
}

/**
 * `keys` when the user wrote a value there; else the part of it that holds a plain value the
 * rendered object spread out (at least `least` keys long); else undefined.
 */
function written(keys: readonly PathKey[], least: number, given: (keys: readonly PathKey[]) => unknown): readonly PathKey[] | undefined {
  for (let length = keys.length; length >= least; length--) {
    const value = given(keys.slice(0, length));
    if (value === undefined) continue;
    return length === keys.length || typeof value !== 'object' || value === null ? keys.slice(0, length) : undefined;
  }
  return undefined;
}
