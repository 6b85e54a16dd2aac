/**
 * Every transition rule of HostedCluster and NodePool, generated from the CRDs (through the
 * generated schemas), judged on the example objects: for each rule a change it refuses is found
 * by trying values the schema and the rule suggest, and then exactly that finding is expected;
 * the same object unchanged gives none; adding the field gives none where the rule allows it.
 */
import type { KubernetesObject, SchemaNode } from '../../lib/api';
import { checkObjectTransitions, findKindSchema, transitionRules } from '../../lib/api';
import { hasTransitionRules, oldSelfFields } from '../../lib/api/schema/transitions';
import { GENERATED_KINDS } from '../../lib/api/kinds.generated';
import { planHostedCluster } from '../../lib/platforms';
import { awsCluster, EXAMPLE_OPTIONS } from '../../examples/clusters';

type Json = Record<string, unknown>;
const plan = planHostedCluster(awsCluster, EXAMPLE_OPTIONS);
const EXAMPLES: Record<string, KubernetesObject> = { HostedCluster: plan.hostedCluster, NodePool: plan.nodePools[0] };
const rules = transitionRules().filter((r) => r.kind in EXAMPLES);
const ABSENT = Symbol('absent');

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const keysOf = (path: string) => path.split('.').filter((k) => k !== '' && k !== '<root>');

/** The object with the value at `keys` replaced (ABSENT removes it), parents made as needed. */
function withValue(object: KubernetesObject, keys: readonly string[], value: unknown): KubernetesObject {
  const copy = clone(object) as unknown as Json;
  let at = copy;
  for (const key of keys.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Json;
  }
  if (value === ABSENT) delete at[keys[keys.length - 1]];
  else at[keys[keys.length - 1]] = value;
  return copy as unknown as KubernetesObject;
}

function nodeAt(kind: string, keys: readonly string[]): SchemaNode | undefined {
  const schema = findKindSchema('hypershift.openshift.io/v1beta1', kind)!.schema;
  return keys.reduce<SchemaNode | undefined>((n, key) => n?.properties?.[key], schema);
}

/** A value of the node's type; different variants give different values. */
function sample(node: SchemaNode | undefined, variant: number): unknown {
  if (!node) return `value-${variant}`;
  if (node.enum) return node.enum[variant % node.enum.length];
  if (node.intOrString) return `${variant + 1}Gi`;
  switch (node.type) {
    case 'integer':
    case 'number':
      return variant + 1;
    case 'boolean':
      return variant % 2 === 0;
    case 'array':
      return [sample(node.items, variant)];
    case 'object': {
      const props = node.properties ?? {};
      const keys = node.required?.length ? node.required : Object.keys(props).slice(0, 1);
      if (keys.length === 0 && node.additionalProperties) return { key: sample(node.additionalProperties || undefined, variant) };
      return Object.fromEntries(keys.map((k) => [k, sample(props[k], variant)]));
    }
    default:
      return `value-${variant}`;
  }
}

/** The field a rule is about: where it is declared, and the deepest field it reads from oldSelf. */
function subjectOf(rule: { path: string; rule: string }): string[] {
  return [...keysOf(rule.path), ...(oldSelfFields(rule.rule)[0] ?? [])];
}

/** What an absent field counts as: its schema default, or the default the rule itself assumes (`has(self.x) ? self.x : 'D'`). */
function defaultOf(kind: string, rule: string, subject: readonly string[]): unknown {
  const inRule = /has\(self\.(\w+)\) \? self\.\1 : '([^']*)'/.exec(rule);
  return nodeAt(kind, subject)?.default ?? (inRule && inRule[1] === subject[subject.length - 1] ? inRule[2] : undefined);
}

/** Values to try at the subject: samples of its schema, the string literals of the rule, and absent. */
function candidates(kind: string, rule: string, subject: readonly string[]): unknown[] {
  const node = nodeAt(kind, subject);
  const literals = [...rule.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
  return [sample(node, 0), sample(node, 1), ...(node?.type === 'string' || node?.enum ? literals : []), ABSENT];
}

const findingsOf = (before: KubernetesObject, after: KubernetesObject) => checkObjectTransitions(after, before).findings;
const shown = (value: unknown) => (value === ABSENT ? undefined : JSON.stringify(value));

describe('transition rules from the CRDs', () => {
  test('all of them are found: 71 of HostedCluster and 8 of NodePool', () => {
    expect(rules.filter((r) => r.kind === 'HostedCluster')).toHaveLength(71);
    expect(rules.filter((r) => r.kind === 'NodePool')).toHaveLength(8);
  });

  test.each(rules.map((r) => [`${r.kind} ${r.path}: ${r.rule}`, r] as const))('%s', (_name, rule) => {
    const example = EXAMPLES[rule.kind];
    const subject = subjectOf(rule);
    const subjectPath = subject.join('.');
    if (subject[0] === 'status') {
      // The library never writes status, and the check never reads it.
      expect(findingsOf(withValue(example, subject, 'a'), withValue(example, subject, 'b'))).toEqual([]);
      return;
    }
    // A change the rule refuses: the first pair of different candidates it fails on.
    const values = candidates(rule.kind, rule.rule, subject);
    let refused: { before: unknown; after: unknown; findings: ReturnType<typeof findingsOf> } | undefined;
    for (const before of values) {
      for (const after of values) {
        if (refused || shown(before) === shown(after)) continue;
        const findings = findingsOf(withValue(example, subject, before), withValue(example, subject, after));
        if (findings.some((f) => f.rule === rule.rule && f.rulePath === (rule.path || '<root>'))) refused = { before, after, findings };
      }
    }
    const fallback = defaultOf(rule.kind, rule.rule, subject);
    if (!refused) {
      // Only a rule against removing a field that has a default can never fail: the API server
      // fills the default in, so the field is never gone (NodePool arch).
      expect({ fallback, rule: rule.rule }).toEqual({ fallback: expect.anything(), rule: expect.stringMatching(/^!has\(oldSelf\.\w+\) \|\| has\(self\.\w+\)$/) });
      expect(findingsOf(example, withValue(example, subject, ABSENT))).toEqual([]);
      return;
    }
    const { before, after, findings } = refused!;
    const describe = (value: unknown) => (value === ABSENT ? expect.stringMatching(/^not set/) : JSON.stringify(value));
    expect(findings.filter((f) => f.rule === rule.rule && f.rulePath === (rule.path || '<root>'))).toEqual([
      { path: subjectPath, rulePath: rule.path || '<root>', message: rule.message, rule: rule.rule, before: describe(before), after: describe(after) },
    ]);
    // Any other finding is of a rule on a field that holds this one or lies inside it (they see the same change).
    for (const other of findings) expect(`${subjectPath}.`.startsWith(`${other.path}.`) || other.path.startsWith(`${subjectPath}.`)).toBe(true);

    // Unchanged: nothing, even where the example was changed to the refused values.
    const previous = withValue(example, subject, before);
    expect(findingsOf(previous, clone(previous))).toEqual([]);

    // Added: a rule runs only where the field exists before and after, so adding it is refused
    // only by a rule that says so (`has(self.x) == has(oldSelf.x)`), or when the field has a
    // default (the API server fills it in, in the stored object too) and the value is another.
    // A required field is in every stored object: it is never added.
    if (nodeAt(rule.kind, subject.slice(0, -1))?.required?.includes(subject[subject.length - 1])) return;
    const value = after === ABSENT ? before : after;
    const added = findingsOf(withValue(example, subject, ABSENT), withValue(example, subject, value)).filter((f) => f.rule === rule.rule && f.rulePath === (rule.path || '<root>'));
    const refusesAdding = /^has\(self\.\w+\) == has\(oldSelf\.\w+\)$/.test(rule.rule) || (fallback !== undefined && JSON.stringify(fallback) !== JSON.stringify(value));
    expect(added).toHaveLength(refusesAdding ? 1 : 0);
  });
});

describe('checkObjectTransitions', () => {
  const np = EXAMPLES.NodePool;

  test('a NodePool whose upgradeType changed: the finding names the field, the rule and both values', () => {
    const inPlace = withValue(np, ['spec', 'management', 'upgradeType'], 'InPlace');
    expect(checkObjectTransitions(inPlace, np)).toEqual({
      findings: [{ path: 'spec.management.upgradeType', rulePath: 'spec.management.upgradeType', message: 'UpgradeType is immutable', rule: 'self == oldSelf', before: '"Replace"', after: '"InPlace"' }],
      skipped: [],
    });
  });

  test('defaults count as set: a field left out before and now set to its default is no change', () => {
    const hc = EXAMPLES.HostedCluster;
    const withoutPolicy = withValue(hc, ['spec', 'olmCatalogPlacement'], ABSENT);
    expect(checkObjectTransitions(withValue(hc, ['spec', 'olmCatalogPlacement'], 'management'), withoutPolicy).findings).toEqual([]);
    expect(checkObjectTransitions(withValue(hc, ['spec', 'olmCatalogPlacement'], 'guest'), withoutPolicy).findings).toEqual([
      { path: 'spec.olmCatalogPlacement', rulePath: 'spec.olmCatalogPlacement', message: 'OLMCatalogPlacement is immutable', rule: 'self == oldSelf', before: 'not set (the default "management")', after: '"guest"' },
    ]);
  });

  test('another kind, another API version or something that is no object: nothing to compare', () => {
    expect(checkObjectTransitions(np, { ...np, apiVersion: 'hypershift.openshift.io/v1alpha1' }).findings).toEqual([]);
    expect(checkObjectTransitions(np, EXAMPLES.HostedCluster).findings).toEqual([]);
    expect(checkObjectTransitions(np, 'not an object').findings).toEqual([]);
    expect(checkObjectTransitions(null, np).findings).toEqual([]);
  });
});

describe('the generated registry', () => {
  it("says which kinds have transition rules as their schemas do (the flag spares loading every schema to find them)", () => {
    const flagged = GENERATED_KINDS.filter((k) => k.transitionRules).map((k) => k.kind);
    const found = GENERATED_KINDS.filter((k) => hasTransitionRules(k.load().schema)).map((k) => k.kind);
    expect(flagged).toEqual(found);
    expect(flagged).toEqual(expect.arrayContaining(['HostedCluster', 'NodePool']));
  });
});
