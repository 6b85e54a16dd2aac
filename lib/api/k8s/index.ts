/**
 * The small subset of built-in Kubernetes kinds the library emits (Namespace, Secret,
 * ConfigMap, Role). Field names follow the core/v1 and rbac/v1 APIs:
 * https://kubernetes.io/docs/reference/kubernetes-api/
 */

export interface ObjectMeta {
  readonly name: string;
  readonly namespace?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
}

/** Any object the library emits: apiVersion, kind, metadata and kind-specific fields. */
export interface KubernetesObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: ObjectMeta;
}

/** A custom resource of a known API version, kind and spec (the shape of every generated kind). */
export interface SpecResource<V extends string, K extends string, S> {
  readonly apiVersion: V;
  readonly kind: K;
  readonly metadata: ObjectMeta;
  readonly spec: S;
}

export interface Namespace extends KubernetesObject {
  readonly apiVersion: 'v1';
  readonly kind: 'Namespace';
}

export interface Secret extends KubernetesObject {
  readonly apiVersion: 'v1';
  readonly kind: 'Secret';
  readonly type?: string;
  /** Plain-text values; the API server encodes them into `data`. */
  readonly stringData?: Readonly<Record<string, string>>;
  /** Base64-encoded values. */
  readonly data?: Readonly<Record<string, string>>;
}

export interface ConfigMap extends KubernetesObject {
  readonly apiVersion: 'v1';
  readonly kind: 'ConfigMap';
  readonly data?: Readonly<Record<string, string>>;
}

export interface PolicyRule {
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly verbs: readonly string[];
}

export interface Role extends KubernetesObject {
  readonly apiVersion: 'rbac.authorization.k8s.io/v1';
  readonly kind: 'Role';
  readonly rules: readonly PolicyRule[];
}

export interface Toleration {
  readonly key?: string;
  readonly operator?: 'Exists' | 'Equal';
  readonly value?: string;
  readonly effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  readonly tolerationSeconds?: number;
}
