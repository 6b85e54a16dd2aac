/**
 * The ApiObject a plan object renders as. It synthesizes to exactly what cdk8s's ApiObject gives,
 * only faster: a plan object is plain, schema-checked JSON, so cdk8s's generic resolve pass (which
 * looks for Lazy values and tokens at every node and builds a context for each) finds nothing to
 * do; this class skips it and sorts the keys in one copy. Anything that could make the two differ
 * (a JSON patch, resolvers of the user's, CDK8S_DISABLE_SORT, a value that is not plain data)
 * takes cdk8s's own path.
 */
import { ApiObject, ApiObjectMetadataDefinition, ApiObjectProps, App, ImplicitTokenResolver, JsonPatch, LazyResolver, NumberStringUnionResolver } from 'cdk8s';
import type { Construct } from 'constructs';
import { keyCopy } from '../core/key-copy';

/** cdk8s's own resolvers, which change nothing in plain JSON data. */
const BUILT_IN_RESOLVERS = [LazyResolver, ImplicitTokenResolver, NumberStringUnionResolver];

export class PlannedApiObject extends ApiObject {
  private readonly body: Readonly<Record<string, unknown>>;
  private patched = false;

  constructor(scope: Construct, id: string, props: ApiObjectProps) {
    super(scope, id, props);
    this.body = keyCopy(props, 'metadata'); // { ...props } without metadata (see key-copy.ts)
  }

  override addJsonPatch(...ops: JsonPatch[]): void {
    this.patched = true;
    super.addJsonPatch(...ops);
  }

  override toJson(): any {
    if (this.patched || process.env.CDK8S_DISABLE_SORT || !onlyBuiltInResolvers(App.of(this))) return super.toJson();
    const metadata = metadataJson(this.metadata);
    const body = sortedPlainCopy(this.body, false);
    if (metadata === NOT_PLAIN || body === NOT_PLAIN) return super.toJson();
    // cdk8s's order: apiVersion, kind, metadata, then the other keys sorted.
    const result: Record<string, unknown> = {};
    const rest = body as Record<string, unknown>;
    if (rest.apiVersion !== undefined) result.apiVersion = rest.apiVersion;
    if (rest.kind !== undefined) result.kind = rest.kind;
    if (metadata !== undefined) result.metadata = metadata;
    for (const key in rest) if (key !== 'apiVersion' && key !== 'kind') result[key] = rest[key];
    return result;
  }
}

function onlyBuiltInResolvers(app: App): boolean {
  return app.resolvers.length === BUILT_IN_RESOLVERS.length && app.resolvers.every((r, i) => r.constructor === BUILT_IN_RESOLVERS[i]);
}

const NOT_PLAIN = Symbol('not plain JSON');

/** The fields cdk8s's ApiObjectMetadataDefinition keeps (private in its types) and merges in its `toJson()`. */
interface MetadataFields {
  readonly _additionalAttributes?: Record<string, unknown>;
  readonly name?: string;
  readonly namespace?: string;
  readonly annotations?: Record<string, string>;
  readonly finalizers?: string[];
  readonly ownerReferences?: unknown[];
  readonly labels?: Record<string, string>;
}

/**
 * What `metadata.toJson()` gives for plain metadata, in one copy: its fields merged as cdk8s
 * merges them, null, undefined, empty lists and empty maps dropped, keys sorted. NOT_PLAIN when
 * the metadata holds anything else, or when cdk8s no longer keeps these fields.
 */
function metadataJson(metadata: ApiObjectMetadataDefinition): unknown {
  const fields = metadata as unknown as MetadataFields;
  if (fields._additionalAttributes === undefined) return NOT_PLAIN;
  const { name, namespace, annotations, finalizers, ownerReferences, labels } = fields;
  return sortedPlainCopy({ ...fields._additionalAttributes, name, namespace, annotations, finalizers, ownerReferences, labels }, true);
}

/**
 * cdk8s's `sanitizeValue(resolve(value))` for plain JSON: null and undefined dropped (with
 * `dropEmpty`, empty lists and maps too, as for metadata), object keys sorted. Returns NOT_PLAIN
 * for anything else (class instances, functions, Lazy values).
 */
function sortedPlainCopy(value: unknown, dropEmpty: boolean): unknown {
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
