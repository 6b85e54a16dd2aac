/**
 * Field paths as server-side apply names them: the fields each manager owns (an object's
 * `metadata.managedFields`, format FieldsV1) and the fields of a conflict (a 409's causes), in
 * the API server's own text form (`.spec.replicas`, `.metadata.finalizers[="x"]`,
 * `.spec.list[name="a"].value`), so that both compare as strings.
 */
import type { KubernetesObject } from '../api';
import { pointerPath } from '../core';

/** One step of a path: a field, an item of an associative list (by its keys), an item of a set (by value), a list index. */
export type PathElement =
  | { readonly field: string }
  | { readonly key: Readonly<Record<string, unknown>> }
  | { readonly value: unknown }
  | { readonly index: number };

export type FieldSetPath = readonly PathElement[];

/** One manager's fields, as an object's managedFields lists them. */
export interface ManagedFieldsEntry {
  readonly manager?: string;
  readonly operation?: string;
  readonly subresource?: string;
  readonly fieldsType?: string;
  readonly fieldsV1?: unknown;
}

/** The API server's text of a path: `.spec.replicas`, `[name="a"]`, `[="x"]`, `[0]`. */
export function pathText(path: FieldSetPath): string {
  return path
    .map((e) => {
      if ('field' in e) return `.${e.field}`;
      if ('key' in e) return `[${Object.entries(e.key).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`;
      if ('value' in e) return `[=${JSON.stringify(e.value)}]`;
      return `[${e.index}]`;
    })
    .join('');
}

/** The path of a JSON pointer's field (`/spec/dns/baseDomain` → `.spec.dns.baseDomain`). */
export function pointerFieldPath(pointer: string): FieldSetPath {
  return pointerPath(pointer).map((key) => ({ field: String(key) }));
}

/** Whether `path` is `prefix` or lies below it. */
export function within(path: FieldSetPath, prefix: FieldSetPath): boolean {
  return prefix.length <= path.length && prefix.every((e, i) => pathText([e]) === pathText([path[i]]));
}

/** The leaf fields of a FieldsV1 set: each field, list item or set value owned, without its parents. */
export function fieldsOf(fieldsV1: unknown): FieldSetPath[] {
  const out: FieldSetPath[] = [];
  const walk = (node: unknown, path: PathElement[]) => {
    const children = typeof node === 'object' && node !== null ? Object.keys(node).filter((k) => k !== '.') : [];
    if (children.length === 0) {
      if (path.length > 0) out.push(path);
      return;
    }
    for (const child of children) {
      const element = elementOf(child);
      // An element this reader does not know (a newer format) is skipped rather than guessed.
      if (element) walk((node as Record<string, unknown>)[child], [...path, element]);
    }
  };
  walk(fieldsV1, []);
  return out;
}

/** `f:name`, `k:{"name":"a"}`, `v:"x"`, `i:3`. */
function elementOf(key: string): PathElement | undefined {
  const body = key.slice(2);
  try {
    if (key.startsWith('f:')) return { field: body };
    if (key.startsWith('k:')) return { key: JSON.parse(body) as Record<string, unknown> };
    if (key.startsWith('v:')) return { value: JSON.parse(body) as unknown };
    if (key.startsWith('i:')) return { index: Number(body) };
  } catch {
    return undefined;
  }
  return undefined;
}

/** The value at `path` in `object`, or undefined where there is none. */
export function valueAtPath(object: unknown, path: FieldSetPath): unknown {
  let at: unknown = object;
  for (const e of path) {
    if ('field' in e) {
      at = typeof at === 'object' && at !== null && !Array.isArray(at) ? (at as Record<string, unknown>)[e.field] : undefined;
    } else if (!Array.isArray(at)) {
      return undefined;
    } else if ('key' in e) {
      at = at.find((item) => typeof item === 'object' && item !== null && Object.entries(e.key).every(([k, v]) => JSON.stringify((item as Record<string, unknown>)[k]) === JSON.stringify(v)));
    } else if ('value' in e) {
      at = at.find((item) => JSON.stringify(item) === JSON.stringify(e.value));
    } else {
      at = at[e.index];
    }
    if (at === undefined) return undefined;
  }
  return at;
}

/** The fields each manager owns in `object`, leaving out the status sub-resource (its controller's report, not configuration). */
export function ownedFields(object: KubernetesObject): Array<{ readonly manager: string; readonly path: FieldSetPath }> {
  const entries = (object.metadata as { managedFields?: readonly ManagedFieldsEntry[] }).managedFields ?? [];
  return entries
    .filter((m) => m.fieldsType === 'FieldsV1' && m.subresource !== 'status')
    .flatMap((m) => fieldsOf(m.fieldsV1).map((path) => ({ manager: m.manager ?? '(unnamed)', path })))
    .filter(({ path }) => !('field' in path[0] && path[0].field === 'status'));
}
