/**
 * How the output folders are delivered, as users write it: by Argo CD (an ApplicationSet over the
 * folders, optionally with ACM registering the clusters in Argo CD) or by Flux (staged
 * Kustomizations on each management cluster). Kept equal to `deliveryPropsSchema` by
 * test/types/props-match-schemas.ts.
 */

/** The repository holding the synth output, and the engine that delivers it. Give `argoCd` or `flux`. */
export interface DeliveryProps {
  /**
   * Git URL of the repository that holds the output. Flux takes only `http://`, `https://` and
   * `ssh://` URLs: write `git@host:org/repo.git` as `ssh://git@host/org/repo.git`.
   */
  readonly repoURL: string;
  /** The branch the engines follow. @default 'main' */
  readonly revision?: string;
  /** The output folder's path inside the repository, relative to its root (`.` for the root). @default 'dist' */
  readonly path?: string;
  /** Deliver with Argo CD: an AppProject and an ApplicationSet in folder `gitops-<hub>`. @default none */
  readonly argoCd?: ArgoCdDeliveryProps;
  /** Deliver with Flux: in folder `gitops-<management cluster>` of each management cluster. @default none */
  readonly flux?: FluxDeliveryProps;
  /** Register the clusters Argo CD delivers to through ACM (a Placement and a GitOpsCluster); needs `argoCd`. @default none */
  readonly acm?: AcmDeliveryProps;
}

/** How the ApplicationSet finds the folders' clusters (`ArgoCdDeliveryProps.generator`). */
export const ARGO_CD_GENERATORS = ['list', 'git'] as const;

/** Where the health checks of the operators' kinds go (`ArgoCdDeliveryProps.healthChecks`). */
export const ARGO_CD_HEALTH_CHECKS = ['argocd', 'config-map', 'none'] as const;

/** Argo CD: where it runs and how its ApplicationSet finds the folders. */
export interface ArgoCdDeliveryProps {
  /**
   * The management cluster of a fleet that runs Argo CD (its name); its objects go to folder
   * `gitops-<hub>`. @default the app's management cluster, folder `gitops-hub`
   */
  readonly hub?: string;
  /** Namespace of the Argo CD instance. @default 'openshift-gitops' */
  readonly namespace?: string;
  /** Name of the AppProject (and of the ApplicationSet, Placement and GitOpsCluster). @default 'hosted-control-planes' */
  readonly project?: string;
  /**
   * `list`: one element per folder, whatever the destinations are called. `git`: every folder of
   * the output path, its destination derived from its name (so every folder's must be derivable).
   * @default 'list'
   */
  readonly generator?: (typeof ARGO_CD_GENERATORS)[number];
  /**
   * Argo CD cluster names by folder, replacing the derived ones: `management` goes to `in-cluster`,
   * `management-<name>` to `<name>` (the hub's own to `in-cluster`), `hosted-<namespace>-<name>` to
   * `<name>`, any other folder to `in-cluster`. @default none
   */
  readonly destinations?: Readonly<Record<string, string>>;
  /**
   * How Argo CD learns the library's health checks: `argocd` patches the operator's ArgoCD resource
   * `openshift-gitops`, `config-map` patches ConfigMap `argocd-cm`, `none` leaves them out. @default 'argocd'
   */
  readonly healthChecks?: (typeof ARGO_CD_HEALTH_CHECKS)[number];
}

/** Flux: where its objects live and how often it reconciles. */
export interface FluxDeliveryProps {
  /** Namespace of the GitRepository and of the management folders' Kustomizations. @default 'flux-system' */
  readonly namespace?: string;
  /** How often Flux fetches the repository and reconciles each stage (a Go duration). @default '5m' */
  readonly interval?: string;
  /** How long a stage may take to apply and become healthy (a Go duration). @default Flux's: the interval */
  readonly timeout?: string;
}

/** ACM: the cluster set whose clusters Argo CD may deliver to. */
export interface AcmDeliveryProps {
  /** The ManagedClusterSet holding the destination clusters (it must exist). @default 'hosted-control-planes' */
  readonly clusterSet?: string;
  /** Namespace of the binding, Placement and GitOpsCluster. @default the Argo CD namespace */
  readonly namespace?: string;
}
