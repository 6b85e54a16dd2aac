/**
 * The structural schema the API server enforces for one kind, in a compact form generated from
 * the CRD's OpenAPI v3 schema (scripts/gen-api) or written by hand for built-in kinds. Only what
 * validation needs is kept: no descriptions, examples or formats the API server ignores.
 */

/** One `x-kubernetes-validations` entry that can run on create. */
export interface CelRuleSpec {
  readonly rule: string;
  readonly message?: string;
  readonly messageExpression?: string;
  /** Relative JSON path (`.spec.foo`) the finding is reported at, instead of the rule's field. */
  readonly fieldPath?: string;
  readonly reason?: string;
}

/**
 * One `x-kubernetes-validations` entry that uses `oldSelf`: it compares a field with its value in
 * the stored object, so the API server runs it only on update, and only where the field exists in
 * both (unless `optionalOldSelf`). See lib/api/schema/transitions.ts.
 */
export interface TransitionRuleSpec extends CelRuleSpec {
  /** The rule also runs when the field is new, with `oldSelf` an empty optional. @default false */
  readonly optionalOldSelf?: boolean;
}

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

export interface SchemaNode {
  readonly type?: SchemaType;
  /** Only the formats apiextensions-apiserver validates (see format.ts). */
  readonly format?: string;
  /**
   * A CRD `oneOf` whose branches each give this string one format (IngressController's syslog
   * address: ipv4 or ipv6): the value must be of exactly one of them.
   */
  readonly oneOfFormats?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  /** A schema for the values of a map, or `false` when no other keys are allowed. */
  readonly additionalProperties?: SchemaNode | false;
  readonly items?: SchemaNode;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly exclusiveMaximum?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly nullable?: boolean;
  /** Applied by the API server before validation when the field is absent. */
  readonly default?: unknown;
  readonly intOrString?: boolean;
  readonly preserveUnknownFields?: boolean;
  readonly embeddedResource?: boolean;
  readonly listType?: 'atomic' | 'set' | 'map';
  readonly listMapKeys?: readonly string[];
  readonly rules?: readonly CelRuleSpec[];
  /** Rules that judge an update against the stored object (`oldSelf`); never run on create. */
  readonly transitionRules?: readonly TransitionRuleSpec[];
}

/** What identifies a kind and how it is checked. */
export interface KindSchema {
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespaced: boolean;
  /** How `metadata.name` is checked (apimachinery's validators). */
  readonly nameRule: 'dns-subdomain' | 'dns-label' | 'path-segment' | 'dns-1035-label';
  /** The whole object's schema; `metadata` is checked as ObjectMeta, whatever is here. */
  readonly schema: SchemaNode;
  /** JSON path of the scale subresource's replicas (`.spec.replicas`): a non-negative int32. */
  readonly scaleReplicasPath?: string;
  /** Extra apimachinery checks that are not expressible as schema (Secret data keys, ...). */
  readonly extra?: string;
}

/** A kind of the generated registry (lib/api/kinds.generated.ts), its schema loaded on demand. */
export interface GeneratedKind {
  readonly apiVersion: string;
  readonly kind: string;
  /** Whether its schema has transition rules (`oldSelf`): known without loading the schema. */
  readonly transitionRules: boolean;
  /** The schema (its module is loaded on the first call). */
  readonly load: () => KindSchema;
}
