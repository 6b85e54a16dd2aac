/**
 * Props checked against their schema so that one malformed value hides nothing else: every schema
 * finding is reported, and when the malformed values can be left out (their fields take their
 * defaults) the rest of the props still goes through the planner's checks. Findings that could
 * only be about a left-out value (its part of the props) are dropped, and no plan is returned:
 * nothing is ever planned from a malformed value, and a plan from incomplete props is no plan.
 */
import type { ValidationIssue } from './errors';
import { PathKey, parsePath, pathText } from './props-paths';
import { schemaFindings } from './schema';
import { v } from './valibot';

type AnyIssue = v.BaseIssue<unknown>;

/** What {@link checkProps} found. @internal */
export interface CheckedProps<T> {
  /** The schema's findings, all of them. */
  readonly issues: readonly ValidationIssue[];
  /**
   * The props to run the other checks on: the input when it is well-formed, else the input without
   * its malformed values and unknown keys, if that is well-formed and no malformed value is in
   * `foundation`. Undefined when nothing can be checked further.
   */
  readonly props?: T;
  /**
   * The parts of the props that held a malformed value: a top-level prop (`networking`), or a prop
   * of an item of a top-level list (`nodePools[2].replicas`).
   */
  readonly parts: readonly string[];
}

/** Rounds of leaving values out: each leaves out a larger part (a field, then the object holding it...). */
const MAX_ROUNDS = 8;

/**
 * Checks `input` against `schema`. `foundation` names the top-level props every other check
 * depends on (the cluster's name, namespace, release and platform): a malformed value there
 * stops the checks at the schema's findings. `standIns` give required top-level props a
 * well-formed value to check the rest with when theirs is malformed or missing (the pull secret:
 * nothing else depends on what it is, only that it is given). @internal
 */
export function checkProps<T>(
  schema: v.GenericSchema<unknown, T>,
  input: unknown,
  object: string,
  foundation: readonly string[],
  standIns: Readonly<Record<string, unknown>> = {},
): CheckedProps<T> {
  const first = v.safeParse(schema, input);
  if (first.success) return { issues: [], props: first.output, parts: [] };
  const issues = schemaFindings(first.issues, object);
  let found: readonly AnyIssue[] = first.issues;
  let current = input;
  const left = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const out = found.map((issue) => leaveOut(issue) ?? missingWithStandIn(issue, standIns));
    if (out.some((keys) => keys === undefined)) break;
    found.forEach((issue, i) => {
      const keys = out[i]!;
      const standIn = keys.length === 1 && Object.hasOwn(standIns, keys[0]);
      current = standIn ? { ...(current as object), [keys[0]]: standIns[keys[0] as string] } : without(current, keys);
      if (!isUnknownKey(issue)) left.add(pathText(partOf(keys)));
    });
    if ([...left].some((part) => foundation.includes(String(parsePath(part)![0])))) break;
    const again = v.safeParse(schema, current);
    if (again.success) return { issues, props: again.output, parts: [...left] };
    found = again.issues;
  }
  return { issues, parts: [...left] };
}

/**
 * Every finding of props checked with their malformed values left out: the schema's, then those
 * of the other checks, except any inside a part that held a malformed value (it may describe the
 * default that stood in for that value). @internal
 */
export function withSchemaFindings(checked: CheckedProps<unknown>, found: readonly ValidationIssue[]): ValidationIssue[] {
  return [...checked.issues, ...found.filter((issue) => !inParts(issue.path, checked.parts))];
}

/** True when `path` (a props path) is `part` or inside it (`nodePools[1]` holds `nodePools[1].replicas`). @internal */
export function inParts(path: string, parts: readonly string[]): boolean {
  return parts.some((part) => path === part || path.startsWith(`${part}.`) || path.startsWith(`${part}[`));
}

/** The part of the props a path is in: its first key, or for an item of a list the item's first key. */
function partOf(keys: readonly PathKey[]): readonly PathKey[] {
  return keys.slice(0, typeof keys[1] === 'number' ? 3 : 1);
}

function isUnknownKey(issue: AnyIssue): boolean {
  return issue.expected === 'never' && issue.path?.at(-1)?.origin === 'key';
}

/**
 * The field to leave out for an issue: an unknown key itself; a malformed value's field (for an
 * item of a list, the list's field); for a missing required key, the field of the object that
 * lacks it. Undefined when that is the props themselves.
 */
function leaveOut(issue: AnyIssue): PathKey[] | undefined {
  const path = issue.path ?? [];
  if (isUnknownKey(issue)) return path.map((item) => item.key as PathKey);
  let end = path.length;
  if (end > 0 && path[end - 1].origin === 'key') end--; // a missing key: its object goes
  while (end > 0 && !(path[end - 1].type === 'object' && path[end - 1].origin === 'value')) end--;
  return end === 0 ? undefined : path.slice(0, end).map((item) => item.key as PathKey);
}

/** A required top-level prop that is missing and has a stand-in: its key. */
function missingWithStandIn(issue: AnyIssue, standIns: Readonly<Record<string, unknown>>): PathKey[] | undefined {
  const path = issue.path ?? [];
  const key = path[0]?.key;
  return path.length === 1 && path[0].origin === 'key' && typeof key === 'string' && Object.hasOwn(standIns, key) ? [key] : undefined;
}

/** A copy of `value` without the field at `keys` (copied along the path only; lists keep their indices). */
function without(value: unknown, keys: readonly PathKey[]): unknown {
  if (keys.length === 0 || typeof value !== 'object' || value === null) return value;
  const [key, ...rest] = keys;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<PathKey, unknown>;
  if (!Object.hasOwn(copy, key)) return value;
  if (rest.length === 0) delete copy[key];
  else copy[key] = without(copy[key], rest);
  return copy;
}
