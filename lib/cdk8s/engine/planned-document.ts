/**
 * The document a planned object synthesizes to, without cdk8s: the props renderObject gives its
 * ApiObject (the object with its Argo CD sync wave), and the JSON `PlannedApiObject.toJson()`
 * gives for them (keys sorted, apiVersion, kind and metadata first, null and undefined dropped,
 * and empty lists and maps dropped from metadata). The fleet's planning threads write documents
 * with it, so that they do not load cdk8s; the synth's tests compare their bytes with the
 * ApiObjects'.
 */
import type { KubernetesObject } from '../../api';
import type { PlannedObject } from '../../core';
import { ANNOTATIONS } from '../../core/defaults';
import { keyCopy } from '../../core/key-copy';

/** `{ ...object, metadata: { ...metadata, annotations: { ...annotations, <sync wave> } } }`, copied key by key (see key-copy.ts). */
export function withSyncWave(planned: Pick<PlannedObject, 'object' | 'phase'>): Record<string, unknown> {
  const object = planned.object as KubernetesObject;
  const annotations = keyCopy(object.metadata.annotations ?? {});
  annotations[ANNOTATIONS.argoSyncWave] = String(planned.phase.wave);
  const metadata = keyCopy(object.metadata);
  metadata.annotations = annotations;
  const props = keyCopy(object, 'metadata');
  props.metadata = metadata;
  return props;
}

/** The synthesized document of a planned object; undefined when it holds anything but plain JSON data. */
export function plannedDocument(planned: Pick<PlannedObject, 'object' | 'phase'>): Record<string, unknown> | undefined {
  const props = withSyncWave(planned);
  const metadata = sortedPlainCopy(props.metadata, true);
  const body = sortedPlainCopy(keyCopy(props, 'metadata'), false);
  return metadata === NOT_PLAIN || body === NOT_PLAIN ? undefined : documentOf(metadata, body as Record<string, unknown> | undefined);
}

/** cdk8s's order of a document: apiVersion, kind, metadata, then the other keys sorted. */
export function documentOf(metadata: unknown, body: Record<string, unknown> | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const rest = body ?? {};
  if (rest.apiVersion !== undefined) result.apiVersion = rest.apiVersion;
  if (rest.kind !== undefined) result.kind = rest.kind;
  if (metadata !== undefined) result.metadata = metadata;
  for (const key in rest) if (key !== 'apiVersion' && key !== 'kind') result[key] = rest[key];
  return result;
}

/** What {@link sortedPlainCopy} returns for anything but plain JSON data. */
export const NOT_PLAIN = Symbol('not plain JSON');

/**
 * cdk8s's `sanitizeValue(resolve(value))` for plain JSON: null and undefined dropped (with
 * `dropEmpty`, empty lists and maps too, as for metadata), object keys sorted. Returns NOT_PLAIN
 * for anything else (class instances, functions, Lazy values).
 */
export function sortedPlainCopy(value: unknown, dropEmpty: boolean): unknown {
  if (value === null || value === undefined) return undefined;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (Array.isArray(value)) {
    if (dropEmpty && value.length === 0) return undefined;
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = sortedPlainCopy(value[i], dropEmpty);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  let empty = true;
  for (const key of sortedKeys(source)) {
    const item = sortedPlainCopy(source[key], dropEmpty);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (item !== undefined) {
      copy[key] = item;
      empty = false;
    }
  }
  return dropEmpty && empty ? undefined : copy;
}

/** The keys in `sort()` order; planned objects mostly have them in order already, so check first. */
function sortedKeys(source: object): string[] {
  const keys = Object.keys(source);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return keys.sort();
  return keys;
}
