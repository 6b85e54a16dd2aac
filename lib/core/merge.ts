/** Typed deep merge for the `specOverrides` escape hatch. */

/** Every field optional, recursively; arrays are replaced whole. */
export type DeepPartial<T> = T extends ReadonlyArray<unknown>
  ? T
  : T extends object
    ? { readonly [K in keyof T]?: DeepPartial<T[K]> }
    : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `override` into `base`: objects merge key by key, arrays and scalars replace, and
 * `null` removes a field. Neither input is modified.
 */
export function deepMerge<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (override === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override as T;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete result[key];
    else if (value !== undefined) result[key] = deepMerge(result[key], value as DeepPartial<unknown>);
  }
  return result as T;
}
