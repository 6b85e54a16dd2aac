/**
 * The HyperShift CLI's names and defaults (`hcp create cluster`), which this library reproduces.
 * Where the library deviates, the comment says why.
 */
export const CLI_DEFAULTS = {
  namespace: 'clusters',
  clusterNetworkIPv4: '10.132.0.0/14',
  clusterNetworkIPv6: 'fd01::/48',
  serviceNetworkIPv4: '172.31.0.0/16',
  serviceNetworkIPv6: 'fd02::/112',
  /** Applied by the operator when hostPrefix is 0 or unset. */
  hostPrefixIPv4: 23,
  hostPrefixIPv6: 64,
  networkType: 'OVNKubernetes',
  etcdStorageSize: '8Gi',
  /**
   * The CLI writes SingleReplica; the CRD defaults to HighlyAvailable and the product
   * documentation calls non-HA control planes unsupported. The library follows the CLI for
   * parity and warns, so the choice is always visible (see docs/hosted-cluster.md, "Defaults").
   */
  controllerAvailabilityPolicy: 'SingleReplica',
  olmCatalogPlacement: 'management',
  arch: 'amd64',
  nodePoolReplicas: 0,
  autoRepair: false,
  nodeDrainTimeout: '0s',
  nodeVolumeDetachTimeout: '0s',
} as const;

/**
 * Label the CLI puts on the Secrets it renders (`cmd/cluster/core/create.go`). Kept for parity; on
 * its own it deletes nothing: the operator adopts (owner reference, so deletion with the cluster)
 * only Secrets that also carry {@link AUTO_CREATED_FOR_INFRA_LABEL} (`reconcileCLISecrets` in
 * `hostedcluster_controller.go`), and `hcp destroy` deletes by that second label.
 */
export const SAFE_TO_DELETE_LABEL = 'hypershift.openshift.io/safe-to-delete-with-cluster';

/**
 * Label the CLI adds when it applies (not when it renders). The library never sets it: the GitOps
 * tool or Pulumi owns the Secrets it writes, and an operator-added owner reference would have the
 * garbage collector delete them behind that owner's back (Argo CD would then re-create them).
 */
export const AUTO_CREATED_FOR_INFRA_LABEL = 'hypershift.openshift.io/auto-created-for-infra';

/** Well-known HostedCluster annotations. */
export const ANNOTATIONS = {
  restartDate: 'hypershift.openshift.io/restart-date',
  /** Forces the upgrade to the release image it names, skipping the upgradeability checks (chapter 6.7). */
  forceUpgradeTo: 'hypershift.openshift.io/force-upgrade-to',
  controlPlanePriorityClass: 'hypershift.openshift.io/control-plane-priority-class',
  apiCriticalPriorityClass: 'hypershift.openshift.io/api-critical-priority-class',
  etcdPriorityClass: 'hypershift.openshift.io/etcd-priority-class',
  resourceRequestOverridePrefix: 'resource-request-override.hypershift.openshift.io/',
  /**
   * Any value stops the control-plane operator's PKI reconcile (hostedcontrolplane_controller.go):
   * it then creates and renews none of the control plane's certificates.
   */
  disablePkiReconciliation: 'hypershift.openshift.io/disable-pki-reconciliation',
  /** How long the operator keeps a deleted HostedCluster (condition HostedClusterDestroyed) before it removes its finalizer: a Go duration. */
  destroyGracePeriod: 'hypershift.openshift.io/destroy-grace-period',
  /** `source=destination,...`: registry replacements in the OLM catalog images the control plane resolves (placement management). */
  olmCatalogsRegistryOverrides: 'hypershift.openshift.io/olm-catalogs-is-registry-overrides',
  /** The four OLM catalog images (placement management): all four or none, each by digest. */
  certifiedOperatorsCatalogImage: 'hypershift.openshift.io/certified-operators-catalog-image',
  communityOperatorsCatalogImage: 'hypershift.openshift.io/community-operators-catalog-image',
  redhatMarketplaceCatalogImage: 'hypershift.openshift.io/redhat-marketplace-catalog-image',
  redhatOperatorsCatalogImage: 'hypershift.openshift.io/redhat-operators-catalog-image',
  argoSyncWave: 'argocd.argoproj.io/sync-wave',
  /** Argo CD sync options; `SkipDryRunOnMissingResource=true` lets a custom resource wait for the CRD its operator installs. */
  argoSyncOptions: 'argocd.argoproj.io/sync-options',
} as const;
