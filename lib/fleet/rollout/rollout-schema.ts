/**
 * The rollout's props as valibot schemas (kept equal to rollout-props.ts by
 * test/types/props-match-schemas.ts): any value gives findings with its path under `rollout.`.
 */
import { v } from '../../core/valibot';
import { bool, count, list, oneOf, schemaMessage, stringMap, strict, text } from '../../core/schema';
import { releasePropsSchema } from '../../core/hosted-cluster';
import { GO_DURATION } from '../../core/validate';
import { ROLLOUT_HEALTH_GATES } from './rollout-props';

/** Most cohorts, clusters named in one list, graph nodes: far above any fleet, low enough to bound the work. */
const MAX_COHORTS = 100;
const MAX_NAMES = 100_000;
const MAX_GRAPH_NODES = 100_000;

const names = () => list(text({ max: 253 }), { max: MAX_NAMES });
const duration = () =>
  v.pipe(
    text({ max: 64 }),
    v.regex(GO_DURATION, (issue) => schemaMessage(`${JSON.stringify(issue.input)} is not a Go duration.`, 'Write it like 24h, 90m or 1h30m.')),
  );

const selectorEntries = {
  clusters: v.optional(names()),
  managementClusters: v.optional(names()),
  zones: v.optional(names()),
  labels: v.optional(stringMap()),
};

/** `rollout.canary`. @internal */
export const rolloutCanarySchema = strict({ ...selectorEntries, soak: v.optional(duration()) }, 'a canary ({ clusters, managementClusters, zones, labels, soak })');

/** One entry of `rollout.waves`. @internal */
export const rolloutCohortSchema = strict(
  { name: text({ max: 50 }), ...selectorEntries, maxConcurrent: v.optional(count(1, MAX_NAMES)), soak: v.optional(duration()) },
  'a wave ({ name, clusters, managementClusters, zones, labels, maxConcurrent, soak })',
);

/** One entry of `rollout.overrides`. @internal */
export const rolloutTargetOverrideSchema = strict({ platform: v.optional(text({ max: 63 })), clusters: v.optional(names()), release: releasePropsSchema }, 'a target override ({ platform, clusters, release })');

const riskSchema = v.object({ name: text({ max: 253 }), message: v.optional(text()), url: v.optional(text({ max: 2048 })) });

/** `rollout.updateGraph`: the update service's graph as captured; keys the rollout does not read are left as they are. @internal */
export const updateGraphSchema = v.object({
  nodes: list(v.object({ version: text({ max: 64 }) }), { max: MAX_GRAPH_NODES }),
  edges: list(list(count(0, MAX_GRAPH_NODES)), { max: MAX_GRAPH_NODES * 10 }),
  conditionalEdges: v.optional(
    list(v.object({ edges: list(v.object({ from: text({ max: 64 }), to: text({ max: 64 }) })), risks: list(riskSchema) }), { max: MAX_GRAPH_NODES }),
  ),
});

/** `rollout`: `RolloutProps` as a schema. @internal */
export const rolloutPropsSchema = strict(
  {
    target: releasePropsSchema,
    overrides: v.optional(list(rolloutTargetOverrideSchema, { max: MAX_COHORTS })),
    canary: v.optional(rolloutCanarySchema),
    waves: list(rolloutCohortSchema, { max: MAX_COHORTS }),
    holdback: v.optional(names()),
    pause: v.optional(bool()),
    healthGate: v.optional(oneOf(ROLLOUT_HEALTH_GATES)),
    acknowledgedRisks: v.optional(list(text({ max: 253 }), { max: 1_000 })),
    updateGraph: v.optional(updateGraphSchema),
    maxSurgeMachines: v.optional(count(0, 1_000_000)),
  },
  'a rollout ({ target, overrides, canary, waves, holdback, pause, healthGate, acknowledgedRisks, updateGraph, maxSurgeMachines })',
);
