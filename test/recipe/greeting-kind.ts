/**
 * A kind added the way docs/design.md's "Adding a kind" recipe says, to show that the recipe is all
 * it takes: one planner (checked props to a PlannedPart, with a check across the app), one cdk8s
 * construct and one Pulumi component, each a few lines. The kind is a made-up "greeting": a
 * ConfigMap in a namespace, whose text no other greeting of the app may use.
 */
import type { ConfigMap } from '../../lib/api';
import type { PlanCheck, PlannedPart, ValidationIssue } from '../../lib/core';
import { IssueCollector, MANAGEMENT_CLUSTER, PHASES, planItem, quote, schemaFindings, strict, text } from '../../lib/core';
import { v } from '../../lib/core/valibot';

// ---- The planner (lib/<area>/greeting.ts) -------------------------------------------------------

const greetingPropsSchema = strict({
  /** Object name. */
  name: text({ max: 63 }),
  /** @default 'default' */
  namespace: v.optional(text({ max: 63 })),
  /** What it says. */
  text: text({ max: 200 }),
});
export type GreetingProps = v.InferOutput<typeof greetingPropsSchema>;

export interface GreetingPlan extends PlannedPart {
  readonly configMap: ConfigMap;
}

/** Two greetings of one app must say different things: a check that travels with every greeting. */
const distinctTexts: PlanCheck = (objects, plan) => {
  const issues: ValidationIssue[] = [];
  for (const item of objects.filter((p) => p.object.kind === 'ConfigMap' && p.object.metadata.labels?.greeting === 'true')) {
    const said = (item.object as ConfigMap).data?.text;
    const other = plan.objects.find((p) => p !== item && p.object.metadata.labels?.greeting === 'true' && (p.object as ConfigMap).data?.text === said);
    if (other) issues.push({ severity: 'error', object: item.contributor, path: 'text', message: `${quote(said ?? '')} is said by ${other.contributor} already.`, fix: 'Say something else.' });
  }
  return issues;
};

export function checkGreeting(input: unknown): { plan?: GreetingPlan; issues: readonly ValidationIssue[] } {
  const parsed = v.safeParse(greetingPropsSchema, input);
  if (!parsed.success) return { issues: schemaFindings(parsed.issues, 'Greeting') };
  const { name, namespace = 'default', text: said } = parsed.output;
  const label = `Greeting ${namespace}/${name}`;
  const issues = new IssueCollector(label);
  if (said.trim() === '') issues.error('text', 'the greeting says nothing.', 'Give it some words.');
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const configMap: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels: { greeting: 'true' } }, data: { text: said } };
  return { plan: { label, target: MANAGEMENT_CLUSTER, objects: [planItem(configMap, PHASES.day2)], checks: [distinctTexts], configMap }, issues: issues.issues };
}
