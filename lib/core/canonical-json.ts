/**
 * The form planned objects take once planned: a deep copy with object keys sorted and null or
 * undefined fields dropped, as every writer outputs them anyway (cdk8s sorts keys and drops
 * nulls; the API server drops nulls of fields that do not allow them).
 *
 * Made once, right after planning, because it also makes every later pass over the objects (the
 * schema and CEL checks, rendering to JSON, YAML) faster: objects built key by key in one order
 * share V8's hidden classes, where the planner's literals, spreads and merges give each shape its
 * own. Measured on 10,000 clusters: rendering the objects to sorted JSON went from 1.1 s to 0.45 s,
 * and defining the app measured no slower (within noise) though the copy itself is about 0.3 s.
 */
export function canonicalJson<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort()) {
    const item = source[key];
    if (item !== null && item !== undefined) result[key] = copy(item);
  }
  return result;
}
