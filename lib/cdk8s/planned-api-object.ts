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
import { NOT_PLAIN, documentOf, sortedPlainCopy } from './engine/planned-document';

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
    if (this.patched || !synthesizesPlainly(App.of(this))) return super.toJson();
    const metadata = metadataJson(this.metadata);
    const body = sortedPlainCopy(this.body, false);
    if (metadata === NOT_PLAIN || body === NOT_PLAIN) return super.toJson();
    return documentOf(metadata, body as Record<string, unknown> | undefined);
  }
}

/**
 * Whether planned objects in `app` synthesize to exactly planned-document.ts's JSON (unless one
 * is patched): cdk8s sorts keys (no CDK8S_DISABLE_SORT) and the app has only cdk8s's own resolvers.
 */
export function synthesizesPlainly(app: App): boolean {
  if (process.env.CDK8S_DISABLE_SORT) return false;
  return app.resolvers.length === BUILT_IN_RESOLVERS.length && app.resolvers.every((r, i) => r.constructor === BUILT_IN_RESOLVERS[i]);
}

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

