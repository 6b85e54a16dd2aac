/**
 * `argoproj.io/v1alpha1` ApplicationSet and `argoproj.io/v1beta1` ArgoCD: only the fields the
 * library sets are typed here. ApplicationSet's full spec repeats its generator tree (matrix,
 * merge) and is very large; every emitted ApplicationSet is still checked against the whole
 * generated schema (application-set.schema.generated.ts). The fields typed are those Argo CD
 * v3.5.1 has (the reference CRD is from a later development line). The ArgoCD resource belongs to
 * the Argo CD operator (OpenShift GitOps); the library only patches its health checks.
 */

/** One directory pattern of a git directories generator: a `path.Match` glob under the repository root. */
export interface ApplicationSetGitDirectory {
  readonly path: string;
  /** Directories this pattern matches are left out, whatever the other patterns say. */
  readonly exclude?: boolean;
}

/** A generator: a fixed list of parameter sets, or one parameter set per matching directory of a git repository. */
export interface ApplicationSetGenerator {
  readonly list?: { readonly elements: ReadonlyArray<Readonly<Record<string, string>>> };
  readonly git?: { readonly repoURL: string; readonly revision: string; readonly directories: readonly ApplicationSetGitDirectory[] };
}

/** Fields of some objects that Argo CD leaves out of its diff (and, with `RespectIgnoreDifferences=true`, out of what it applies). */
export interface ApplicationIgnoreDifferences {
  readonly group?: string;
  readonly kind: string;
  readonly name?: string;
  readonly namespace?: string;
  /** JSON pointers (RFC 6901) of the fields. */
  readonly jsonPointers?: readonly string[];
}

/** The Application each parameter set becomes (Go templates in its strings). */
export interface ApplicationSetTemplate {
  readonly metadata: { readonly name: string; readonly labels?: Readonly<Record<string, string>> };
  readonly spec: {
    readonly project: string;
    readonly source: { readonly repoURL: string; readonly targetRevision: string; readonly path: string };
    readonly destination: { readonly name: string };
    readonly ignoreDifferences?: readonly ApplicationIgnoreDifferences[];
    readonly syncPolicy?: {
      readonly automated?: { readonly prune?: boolean; readonly selfHeal?: boolean };
      readonly retry?: { readonly limit?: number; readonly backoff?: { readonly duration?: string; readonly factor?: number; readonly maxDuration?: string } };
      readonly syncOptions?: readonly string[];
    };
  };
}

/** One step of a progressive sync: the Applications whose labels match, synced once the step before is healthy. */
export interface ApplicationSetRollingSyncStep {
  /** Label requirements on the Applications (`In` or `NotIn`). */
  readonly matchExpressions: readonly { readonly key: string; readonly operator: 'In' | 'NotIn'; readonly values: readonly string[] }[];
  /** How many of the step's Applications sync at once (a number or a percentage). @default all */
  readonly maxUpdate?: number | string;
}

/** How the ApplicationSet controller syncs its Applications: `RollingSync`, step by step (progressive sync). */
export interface ApplicationSetStrategy {
  readonly type: 'RollingSync';
  readonly rollingSync: { readonly steps: readonly ApplicationSetRollingSyncStep[] };
}

/** The fields of an ApplicationSet's spec the library sets. */
export interface ApplicationSetSpec {
  /** Progressive sync of the Applications (a fleet rollout's waves). @default all at once */
  readonly strategy?: ApplicationSetStrategy;
  /** Go templates (with sprig functions) instead of the older `{{param}}` substitution. */
  readonly goTemplate?: boolean;
  /** `missingkey=error`: a template naming a parameter that is not there fails instead of writing `<no value>`. */
  readonly goTemplateOptions?: readonly string[];
  readonly generators: readonly ApplicationSetGenerator[];
  readonly template: ApplicationSetTemplate;
}

/** One Argo CD health check in the operator's form (Lua). */
export interface ArgoCdResourceHealthCheck {
  readonly group?: string;
  readonly kind?: string;
  readonly check?: string;
}

/** The fields of the operator's ArgoCD spec the library patches. */
export interface ArgoCdSpec {
  /** Replaces the whole list on a server-side apply (the list is atomic). */
  readonly resourceHealthChecks?: readonly ArgoCdResourceHealthCheck[];
}
