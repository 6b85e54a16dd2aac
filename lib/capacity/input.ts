/**
 * The capacity planner's input, checked by a schema: workers of the management cluster, hosted
 * clusters with their availability policy and expected load, baseline overrides. Any JavaScript
 * value gives findings with paths, never an exception.
 */
import { v } from '../core/valibot';
import { describeValue, list, nearest, oneOf, quote, schemaMessage, strict, text } from '../core/schema';
import { AVAILABILITY_POLICIES } from '../core/hosted-cluster-props';
import { OVERFLOW_RULES } from './input-props';
import { LOAD_CLASSES, Load, SIZING_BASELINE_KEYS, SizingBaseline } from './baseline';

export type { CapacityClusterInput, CapacityInput, PlanCapacityOptions, SizingBaselineOverrides, WorkerGroupInput } from './input-props';

type AnyIssue = v.BaseIssue<unknown>;

/** A finite number within (min, max] or [min, max]; `unit` ends the messages (`vCPUs`). */
function amount(options: { min: number; max: number; exclusiveMin?: boolean; whole?: boolean; what: string }) {
  const { min, max, exclusiveMin, whole, what } = options;
  const range = `${exclusiveMin ? `more than ${min}` : `from ${min}`} up to ${max.toLocaleString('en-US')}`;
  return v.custom<number>(
    (value) =>
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (exclusiveMin ? value > min : value >= min) &&
      value <= max &&
      (!whole || Number.isInteger(value)),
    (issue: AnyIssue) =>
      schemaMessage(
        `${describeValue(issue.input)} is not ${whole ? 'a whole number' : 'a number'} of ${what} ${range}.`,
        `Give ${whole ? 'a whole number' : 'a number'} ${range} (without quotes).`,
      ),
  );
}

/** Control-plane workers of one size. @internal */
export const workerGroupSchema = strict(
  {
    name: v.optional(text({ max: 63 })),
    count: v.optional(amount({ min: 1, max: 10_000, whole: true, what: 'workers' })),
    vCPU: amount({ min: 0, max: 100_000, exclusiveMin: true, what: 'vCPUs' }),
    memoryGiB: amount({ min: 0, max: 10_000_000, exclusiveMin: true, what: 'GiB' }),
    maxPods: v.optional(amount({ min: 1, max: 1_000_000, whole: true, what: 'pods' })),
  },
  'a worker group',
);

/** One group, or a list of groups of different sizes; either way the output is a list. */
function oneOrList<S extends typeof workerGroupSchema>(item: S) {
  const many = v.pipe(
    list(item, { max: 1_000 }),
    v.minLength(1, (issue: AnyIssue) => schemaMessage(`${describeValue(issue.input)} given: there is no worker.`, 'Give at least one worker group ({ count, vCPU, memoryGiB, maxPods }).')),
  );
  type Out = readonly v.InferOutput<S>[];
  return v.pipe(
    v.custom<v.InferInput<S> | readonly v.InferInput<S>[]>(() => true),
    v.rawTransform<v.InferInput<S> | readonly v.InferInput<S>[], Out>(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const result = Array.isArray(input) ? v.safeParse(many, input) : v.safeParse(item, input);
      if (result.success) return (Array.isArray(input) ? result.output : [result.output]) as Out;
      for (const issue of result.issues) addIssue({ message: issue.message, input: issue.input, path: issue.path as never });
      return NEVER;
    }),
  );
}

/** `low`, `medium`, `high`, or a QPS number (0 or more). @internal */
export const loadSchema = v.custom<Load>(
  (value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1_000_000) || (LOAD_CLASSES as readonly unknown[]).includes(value),
  (issue: AnyIssue) => {
    const guess = typeof issue.input === 'string' ? nearest(issue.input, LOAD_CLASSES) : undefined;
    return schemaMessage(
      `${describeValue(issue.input)} is not a load${guess ? `; did you mean ${quote(guess)}?` : '.'}`,
      guess ? `Use ${quote(guess)}.` : 'Give low (50 QPS), medium (1000 QPS), high (2000 QPS), or the expected QPS as a number from 0 up to 1,000,000.',
    );
  },
);

/** A hosted cluster as the planner sees it. @internal */
export const capacityClusterSchema = strict(
  {
    name: text({ max: 253 }),
    availability: v.optional(oneOf(AVAILABILITY_POLICIES)),
    load: v.optional(loadSchema),
  },
  'a hosted cluster ({ name, availability, load })',
);

const baselineEntries = Object.fromEntries(
  SIZING_BASELINE_KEYS.map((key) => [
    key,
    v.optional(key.endsWith('QPSPerHCP') ? amount({ min: 0, max: 1_000_000, what: 'QPS' }) : amount({ min: 0, max: 1_000_000, exclusiveMin: true, what: 'units' })),
  ]),
) as { [K in keyof SizingBaseline]: v.OptionalSchema<v.CustomSchema<number, undefined>, undefined> };

/** Overrides of the sizing baseline; keys as in the `hcp-sizing-baseline` ConfigMap. @internal */
export const baselineOverridesSchema = strict(baselineEntries, 'baseline overrides');

const common = {
  workers: oneOrList(workerGroupSchema),
  baseline: v.optional(baselineOverridesSchema),
  onOverflow: v.optional(oneOf(OVERFLOW_RULES)),
};

/** Input of {@link planCapacity}. @internal */
export const capacityInputSchema = strict(
  {
    ...common,
    hostedClusters: v.optional(list(capacityClusterSchema, { max: 100_000 })),
  },
  'a capacity input ({ workers, hostedClusters, baseline, onOverflow })',
);
/** @internal */
export type CheckedCapacityInput = v.InferOutput<typeof capacityInputSchema>;

/** Options of {@link capacityOfPlan} besides the plan. @internal */
export const planCapacityOptionsSchema = strict(
  {
    ...common,
    loads: v.optional(
      v.pipe(
        v.custom<Readonly<Record<string, Load>>>(
          (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
          (issue: AnyIssue) => schemaMessage(`${describeValue(issue.input)} is not a map of loads.`, 'Give an object such as { "clusters/prod": "high" }.'),
        ),
        v.record(v.string(), loadSchema),
      ),
    ),
  },
  'capacity options',
);
