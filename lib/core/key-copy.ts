/**
 * A shallow copy of an object, key by key: what `{ ...source }` gives (own enumerable string keys,
 * in their order, undefined values kept), but sharing V8's hidden classes. A spread or rest copy
 * made at a call site that has seen many shapes gets a hidden class of its own, one per object:
 * for a fleet, tens of thousands of classes, memory, and slow property reads wherever the copies go
 * (see canonical-json.ts for the same effect on the objects themselves). @internal
 */
export function keyCopy(source: object, omit?: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (key !== omit) copy[key] = (source as Record<string, unknown>)[key];
  return copy;
}
