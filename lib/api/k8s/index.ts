/**
 * The small subset of built-in Kubernetes kinds the library emits (Namespace, Secret,
 * ConfigMap, Role). Field names follow the core/v1 and rbac/v1 APIs:
 * https://kubernetes.io/docs/reference/kubernetes-api/
 */

/** The metadata the library writes: an object's identity, labels and annotations. */
export interface ObjectMeta {
  /** The object's name, unique per kind in its namespace. */
  readonly name: string;
  /** Its namespace; none for a cluster-scoped kind. */
  readonly namespace?: string;
  /** Labels: selectable key/value pairs. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Annotations: key/value pairs for tools (sync waves, operator settings). */
  readonly annotations?: Readonly<Record<string, string>>;
}

/** Any object the library emits: apiVersion, kind, metadata and kind-specific fields. */
export interface KubernetesObject {
  /** `group/version` (`hypershift.openshift.io/v1beta1`), or `v1` for the core group. */
  readonly apiVersion: string;
  /** The kind (`HostedCluster`). */
  readonly kind: string;
  /** Its name, namespace, labels and annotations. */
  readonly metadata: ObjectMeta;
}

/** A custom resource of a known API version, kind and spec (the shape of every generated kind). */
export interface SpecResource<V extends string, K extends string, S> {
  /** `group/version` of the kind. */
  readonly apiVersion: V;
  /** The kind. */
  readonly kind: K;
  /** Its name, namespace, labels and annotations. */
  readonly metadata: ObjectMeta;
  /** What the object asks for (its status is the controller's, and not written). */
  readonly spec: S;
}

/** A core/v1 Namespace. */
export interface Namespace extends KubernetesObject {
  /** `v1` */
  readonly apiVersion: 'v1';
  /** `Namespace` */
  readonly kind: 'Namespace';
}

/** A core/v1 Secret. */
export interface Secret extends KubernetesObject {
  /** `v1` */
  readonly apiVersion: 'v1';
  /** `Secret` */
  readonly kind: 'Secret';
  /** Its type (`kubernetes.io/dockerconfigjson`, `Opaque`). @default `Opaque` */
  readonly type?: string;
  /** Plain-text values; the API server encodes them into `data`. */
  readonly stringData?: Readonly<Record<string, string>>;
  /** Base64-encoded values. */
  readonly data?: Readonly<Record<string, string>>;
}

/** A core/v1 ConfigMap. */
export interface ConfigMap extends KubernetesObject {
  /** `v1` */
  readonly apiVersion: 'v1';
  /** `ConfigMap` */
  readonly kind: 'ConfigMap';
  /** Its entries, as text. */
  readonly data?: Readonly<Record<string, string>>;
}

export interface PolicyRule {
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly verbs: readonly string[];
}

/** An rbac/v1 Role: permissions in one namespace. */
export interface Role extends KubernetesObject {
  /** `rbac.authorization.k8s.io/v1` */
  readonly apiVersion: 'rbac.authorization.k8s.io/v1';
  /** `Role` */
  readonly kind: 'Role';
  /** What it allows. */
  readonly rules: readonly PolicyRule[];
}

export interface Toleration {
  readonly key?: string;
  readonly operator?: 'Exists' | 'Equal';
  readonly value?: string;
  readonly effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  readonly tolerationSeconds?: number;
}
