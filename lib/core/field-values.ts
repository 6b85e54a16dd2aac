/**
 * Values placed at exact paths of a planned object: fields an adapter fills only at deploy time
 * (the ID of a cloud resource that exists once the resource does). A field is addressed by its
 * path, so no other string in the object can be taken for it.
 */

/** Keys and list indexes from the object's root: `['spec', 'platform', 'aws', 'rolesRef', 'ingressARN']`. */
export type FieldPath = readonly (string | number)[];

/** One field and the value to put there. */
export interface FieldValue<V> {
  /** Where the field is. */
  readonly path: FieldPath;
  /** What it holds. */
  readonly value: V;
}

/** The value at `path`, or undefined where the path leads nowhere. */
export function valueAt(object: unknown, path: FieldPath): unknown {
  let at = object;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/**
 * A copy of `object` with each field set to its value; only the objects and lists along the paths
 * are copied, the rest is shared. Each field must exist: a path that leads nowhere means the
 * caller and the plan disagree, which is a bug, so it throws. The values may be of another type
 * than the fields hold (an adapter's deferred values), hence the result keeps the object's type.
 */
export function withFieldValues<T>(object: T, fields: readonly FieldValue<unknown>[]): T {
  let result: unknown = object;
  for (const { path, value } of fields) {
    if (path.length === 0 || valueAt(result, path) === undefined) throw new Error(`withFieldValues: no field at ${path.join('.') || '(root)'}`);
    result = setAt(result, path, value);
  }
  return result as T;
}

function setAt(node: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (Array.isArray(node)) {
    const copy: unknown[] = [...node];
    copy[key as number] = setAt(copy[key as number], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  copy[key] = setAt(copy[key], rest, value);
  return copy;
}
