/**
 * Operators installed through OLM: one row per operator (package, channel, namespace,
 * OperatorGroup), and the Namespace, OperatorGroup and Subscription each needs.
 *
 * Packages, channels, namespaces and OperatorGroups are those of the product documentation and the
 * HyperShift CI scripts (openshift-docs `modules/nw-metallb-installing-operator-cli.adoc`,
 * `modules/virt-subscribing-cli.adoc`; hypershift `hack/ci/install-mce.sh`, `install-cnv.sh`;
 * LVM Storage and ODF installation chapters).
 */
import type { CatalogSource, CatalogSourceSpec, Namespace, OperatorGroup, Subscription } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import type { SUBSCRIPTION_APPROVALS } from './management-cluster-props';

/** The operators the library can install. */
export type OperatorId = 'multiclusterEngine' | 'metallb' | 'virtualization' | 'lvms' | 'odf' | 'oadp';

export interface OperatorPackage {
  /** OLM package (`Subscription.spec.name`). */
  readonly package: string;
  readonly defaultChannel: string;
  /** Channels the Red Hat catalog publishes for the package; others are refused unless the catalog is your own. */
  readonly channelPattern: RegExp;
  readonly channelExample: string;
  readonly namespace: string;
  readonly operatorGroup: string;
  /** The CSV supports only AllNamespaces: the OperatorGroup has no targetNamespaces (MetalLB). */
  readonly allNamespaces?: boolean;
  /** Namespace labels the documentation sets. */
  readonly namespaceLabels?: Readonly<Record<string, string>>;
  /** For messages. */
  readonly title: string;
}

const MONITORED = { 'openshift.io/cluster-monitoring': 'true' } as const;

export const OPERATOR_PACKAGES: Readonly<Record<OperatorId, OperatorPackage>> = {
  multiclusterEngine: {
    title: 'multicluster engine',
    package: 'multicluster-engine',
    // MCE channels follow its release (stable-2.<minor>); pin the one matching your OpenShift version.
    defaultChannel: 'stable-2.8',
    channelPattern: /^stable-2\.\d+$/,
    channelExample: 'stable-2.8',
    namespace: 'multicluster-engine',
    operatorGroup: 'multicluster-engine-operatorgroup',
  },
  metallb: {
    title: 'MetalLB',
    package: 'metallb-operator',
    defaultChannel: 'stable',
    channelPattern: /^stable$/,
    channelExample: 'stable',
    namespace: 'metallb-system',
    operatorGroup: 'metallb-operator',
    allNamespaces: true,
  },
  virtualization: {
    title: 'OpenShift Virtualization',
    package: 'kubevirt-hyperconverged',
    defaultChannel: 'stable',
    channelPattern: /^(stable|candidate)$/,
    channelExample: 'stable',
    namespace: 'openshift-cnv',
    operatorGroup: 'kubevirt-hyperconverged-group',
    namespaceLabels: MONITORED,
  },
  lvms: {
    title: 'LVM Storage',
    package: 'lvms-operator',
    defaultChannel: 'stable-4.17',
    channelPattern: /^stable-4\.\d+$/,
    channelExample: 'stable-4.17',
    namespace: 'openshift-storage',
    operatorGroup: 'openshift-storage-operatorgroup',
    namespaceLabels: MONITORED,
  },
  odf: {
    title: 'OpenShift Data Foundation',
    package: 'odf-operator',
    defaultChannel: 'stable-4.17',
    channelPattern: /^stable-4\.\d+$/,
    channelExample: 'stable-4.17',
    namespace: 'openshift-storage',
    operatorGroup: 'openshift-storage-operatorgroup',
    namespaceLabels: MONITORED,
  },
  oadp: {
    title: 'OpenShift API for Data Protection',
    package: 'redhat-oadp-operator',
    // OADP 1.5 and later (the first with the hypershift plugin that pauses a cluster during its backup)
    // come from `stable`; 1.4 and older from `stable-1.<minor>`, and 1.0/1.1 from a `stable` since deprecated.
    defaultChannel: 'stable',
    channelPattern: /^stable(-1\.\d+)?$/,
    channelExample: 'stable',
    namespace: 'openshift-adp',
    operatorGroup: 'redhat-oadp-operator-group',
    namespaceLabels: MONITORED,
  },
};

/** The catalog every Red Hat operator comes from on a connected cluster. */
export const DEFAULT_CATALOG = { source: 'redhat-operators', sourceNamespace: 'openshift-marketplace' } as const;

/** One operator to install, after defaults. */
export interface OperatorInstall {
  readonly id: OperatorId;
  readonly channel: string;
  readonly source: string;
  readonly sourceNamespace: string;
  readonly approval: (typeof SUBSCRIPTION_APPROVALS)[number];
  readonly startingCSV?: string;
}

/** Namespace, OperatorGroup and Subscription of one operator. */
export function operatorObjects(install: OperatorInstall): { namespace: Namespace; operatorGroup: OperatorGroup; subscription: Subscription } {
  const pkg = OPERATOR_PACKAGES[install.id];
  return {
    namespace: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: pkg.namespace, ...(pkg.namespaceLabels ? { labels: pkg.namespaceLabels } : {}) } },
    operatorGroup: {
      apiVersion: MANAGEMENT_API_VERSIONS.operatorGroup,
      kind: 'OperatorGroup',
      metadata: { name: pkg.operatorGroup, namespace: pkg.namespace },
      spec: pkg.allNamespaces ? {} : { targetNamespaces: [pkg.namespace] },
    },
    subscription: {
      apiVersion: MANAGEMENT_API_VERSIONS.subscription,
      kind: 'Subscription',
      metadata: { name: pkg.package, namespace: pkg.namespace },
      spec: {
        name: pkg.package,
        channel: install.channel,
        source: install.source,
        sourceNamespace: install.sourceNamespace,
        installPlanApproval: install.approval,
        ...(install.startingCSV ? { startingCSV: install.startingCSV } : {}),
      },
    },
  };
}

/** What a CatalogSource is made of: a gRPC index image. */
export interface CatalogSourceSettings {
  readonly name: string;
  readonly image: string;
  readonly displayName?: string;
  readonly publisher?: string;
  readonly pollInterval?: string;
}

/** A gRPC CatalogSource serving `image`, with more of its spec (`grpcPodConfig`) when given. */
export function catalogSourceObject(catalog: CatalogSourceSettings, namespace: string, more: Partial<CatalogSourceSpec> = {}): CatalogSource {
  return {
    apiVersion: MANAGEMENT_API_VERSIONS.catalogSource,
    kind: 'CatalogSource',
    metadata: { name: catalog.name, namespace },
    spec: {
      sourceType: 'grpc',
      image: catalog.image,
      displayName: catalog.displayName ?? catalog.name,
      publisher: catalog.publisher ?? 'hcp-constructs',
      ...(catalog.pollInterval ? { updateStrategy: { registryPoll: { interval: catalog.pollInterval } } } : {}),
      ...more,
    },
  };
}

/** OLM reports a catalog's gRPC connection; subscriptions resolve only once it is READY. */
export const CATALOG_SOURCE_READY = { kind: 'jsonpath', path: '.status.connectionState.lastObservedState', value: 'READY' } as const;
