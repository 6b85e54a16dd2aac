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
   * parity and warns, so the choice is always visible (see README, "Defaults").
   */
  controllerAvailabilityPolicy: 'SingleReplica',
  olmCatalogPlacement: 'management',
  arch: 'amd64',
  nodePoolReplicas: 0,
  autoRepair: false,
  nodeDrainTimeout: '0s',
  nodeVolumeDetachTimeout: '0s',
  /** Agent and None clusters get this base domain when none is given. */
  placeholderBaseDomain: 'example.com',
} as const;

/** Label the CLI puts on the Secrets it writes, so the operator may delete them with the cluster. */
export const SAFE_TO_DELETE_LABEL = 'hypershift.openshift.io/safe-to-delete-with-cluster';

/** Well-known HostedCluster annotations. */
export const ANNOTATIONS = {
  restartDate: 'hypershift.openshift.io/restart-date',
  controlPlanePriorityClass: 'hypershift.openshift.io/control-plane-priority-class',
  apiCriticalPriorityClass: 'hypershift.openshift.io/api-critical-priority-class',
  etcdPriorityClass: 'hypershift.openshift.io/etcd-priority-class',
  resourceRequestOverridePrefix: 'resource-request-override.hypershift.openshift.io/',
  argoSyncWave: 'argocd.argoproj.io/sync-wave',
} as const;
