/**
 * The kinds generated from CRDs: one line each. `base` names the output files
 * `lib/api/<base>.generated.ts` (spec types) and `lib/api/<base>.schema.generated.ts` (schema).
 */
export interface Target {
  /** CRD file, relative to ../shared/reference/crds. */
  readonly crd: string;
  readonly version: string;
  /** Output path without extension, relative to lib/api. */
  readonly base: string;
  /** Where users can read the upstream API reference. */
  readonly docs: string;
  /** Also emit the spec interfaces (the schema module is always emitted). */
  readonly types?: boolean;
}

const HYPERSHIFT_DOCS = 'https://hypershift-docs.netlify.app/reference/api/';
const ESO_DOCS = 'https://external-secrets.io/latest/api/spec/';
const OLM_DOCS = 'https://olm.operatorframework.io/docs/concepts/crds/';
const MCE_DOCS = 'https://github.com/stolostron/backplane-operator/tree/main/api/v1';
const OCM_DOCS = 'https://open-cluster-management.io/docs/concepts/add-on-extensibility/addon/';
const METALLB_DOCS = 'https://metallb.universe.tf/apis/';
const HCO_DOCS = 'https://github.com/kubevirt/hyperconverged-cluster-operator/blob/main/docs/api.md';
const ASSISTED_DOCS = 'https://github.com/openshift/assisted-service/blob/master/docs/operator.md';
const METAL3_DOCS = 'https://book.metal3.io/bmo/introduction';
const KUBEVIRT_DOCS = 'https://kubevirt.io/api-reference/';
const OPENSHIFT_API_DOCS = 'https://github.com/openshift/api';
const NTO_DOCS = 'https://github.com/openshift/cluster-node-tuning-operator';
const SRIOV_DOCS = 'https://github.com/k8snetworkplumbingwg/sriov-network-operator/tree/master/api/v1';
const CCO_DOCS = 'https://github.com/openshift/cloud-credential-operator/blob/master/docs/sts.md';
const VELERO_DOCS = 'https://velero.io/docs/main/api-types/';
const OADP_DOCS = 'https://github.com/openshift/oadp-operator/tree/oadp-dev/api/v1alpha1';
const OCM_CLUSTER_DOCS = 'https://open-cluster-management.io/docs/concepts/cluster-inventory/managedcluster/';
const KAC_DOCS = 'https://github.com/stolostron/klusterlet-addon-controller/tree/main/pkg/apis/agent/v1';
const HIVE_DOCS = 'https://github.com/openshift/hive/blob/master/docs/using-hive.md';
const IBIO_DOCS = 'https://github.com/openshift/image-based-install-operator/tree/main/api/v1alpha1';
const ARGOCD_DOCS = 'https://argo-cd.readthedocs.io/en/stable/operator-manual/declarative-setup/';
const FLUX_DOCS = 'https://fluxcd.io/flux/components/';
const OCM_PLACEMENT_DOCS = 'https://open-cluster-management.io/docs/concepts/content-placement/placement/';
const OCM_GITOPS_DOCS = 'https://github.com/stolostron/multicloud-integrations/tree/main/pkg/apis/apps/v1beta1';

export const TARGETS: readonly Target[] = [
  { crd: 'hypershift/hostedclusters.hypershift.openshift.io-Default.crd.yaml', version: 'v1beta1', base: 'hypershift/hosted-cluster', docs: HYPERSHIFT_DOCS, types: true },
  { crd: 'hypershift/nodepools.hypershift.openshift.io-Default.crd.yaml', version: 'v1beta1', base: 'hypershift/node-pool', docs: HYPERSHIFT_DOCS, types: true },
  { crd: 'external-secrets/external-secrets.io_externalsecrets.yaml', version: 'v1', base: 'external-secrets/external-secret', docs: ESO_DOCS, types: true },
  // Management cluster (lib/management): OLM installs, the multicluster engine, MetalLB,
  // OpenShift Virtualization and assisted-service.
  { crd: 'olm/operators.coreos.com_operatorgroups.yaml', version: 'v1', base: 'management/operator-group', docs: OLM_DOCS, types: true },
  { crd: 'olm/operators.coreos.com_subscriptions.yaml', version: 'v1alpha1', base: 'management/subscription', docs: OLM_DOCS, types: true },
  { crd: 'olm/operators.coreos.com_catalogsources.yaml', version: 'v1alpha1', base: 'management/catalog-source', docs: OLM_DOCS, types: true },
  { crd: 'backplane-operator/multicluster.openshift.io_multiclusterengines.yaml', version: 'v1', base: 'management/multicluster-engine', docs: MCE_DOCS, types: true },
  { crd: 'ocm-api/0000_02_addon.open-cluster-management.io_addondeploymentconfigs.crd.yaml', version: 'v1alpha1', base: 'management/addon-deployment-config', docs: OCM_DOCS, types: true },
  { crd: 'metallb-operator/metallb.io_metallbs.yaml', version: 'v1beta1', base: 'management/metallb', docs: METALLB_DOCS, types: true },
  { crd: 'metallb/metallb.io_ipaddresspools.yaml', version: 'v1beta1', base: 'management/ip-address-pool', docs: METALLB_DOCS, types: true },
  { crd: 'metallb/metallb.io_l2advertisements.yaml', version: 'v1beta1', base: 'management/l2-advertisement', docs: METALLB_DOCS, types: true },
  { crd: 'metallb/metallb.io_bgpadvertisements.yaml', version: 'v1beta1', base: 'management/bgp-advertisement', docs: METALLB_DOCS, types: true },
  { crd: 'metallb/metallb.io_bgppeers.yaml', version: 'v1beta2', base: 'management/bgp-peer', docs: METALLB_DOCS, types: true },
  // v1beta1: what HCO releases before 1.18 serve, and still served by v1.18 and main.
  { crd: 'hyperconverged-cluster-operator/hco.kubevirt.io_hyperconvergeds.yaml', version: 'v1beta1', base: 'management/hyperconverged', docs: HCO_DOCS, types: true },
  { crd: 'assisted-service/agent-install.openshift.io_agentserviceconfigs.yaml', version: 'v1beta1', base: 'management/agent-service-config', docs: ASSISTED_DOCS, types: true },
  // The default IngressController's wildcard-route policy (a patch). Schema only: its spec types
  // would be very large; lib/api/management/ingress-controller.ts types the fields the library sets.
  // (The management cluster's KubeletConfig uses the node-config types below.)
  { crd: 'openshift-api/0000_50_ingress_00_ingresscontrollers-Default.crd.yaml', version: 'v1', base: 'management/ingress-controller', docs: OPENSHIFT_API_DOCS },
  // The cluster-wide image settings of a disconnected management cluster (the registry CA), also a patch of
  // the existing `cluster` object. Schema only, as IngressController: lib/api/management/image-config.ts types what the library sets.
  { crd: 'openshift-api/0000_10_config-operator_01_images.crd.yaml', version: 'v1', base: 'management/image-config', docs: OPENSHIFT_API_DOCS },
  // Backup and restore of hosted clusters (OADP and the Velero kinds it runs).
  { crd: 'oadp-operator/oadp.openshift.io_dataprotectionapplications.yaml', version: 'v1alpha1', base: 'protection/data-protection-application', docs: OADP_DOCS, types: true },
  { crd: 'velero/velero.io_backups.yaml', version: 'v1', base: 'protection/backup', docs: VELERO_DOCS, types: true },
  { crd: 'velero/velero.io_schedules.yaml', version: 'v1', base: 'protection/schedule', docs: VELERO_DOCS, types: true },
  { crd: 'velero/velero.io_restores.yaml', version: 'v1', base: 'protection/restore', docs: VELERO_DOCS, types: true },
  // Importing hosted clusters and edge sites into ACM/MCE (the hub is the management cluster).
  { crd: 'ocm-api/0000_00_clusters.open-cluster-management.io_managedclusters.crd.yaml', version: 'v1', base: 'ocm/managed-cluster', docs: OCM_CLUSTER_DOCS, types: true },
  { crd: 'klusterlet-addon-controller/agent.open-cluster-management.io_klusterletaddonconfigs_crd.yaml', version: 'v1', base: 'ocm/klusterlet-addon-config', docs: KAC_DOCS, types: true },
  // Relocatable edge sites: image-based installation through Hive's ClusterDeployment.
  { crd: 'image-based-install-operator/extensions.hive.openshift.io_imageclusterinstalls.yaml', version: 'v1alpha1', base: 'edge/image-cluster-install', docs: IBIO_DOCS, types: true },
  { crd: 'hive/hive.openshift.io_clusterimagesets.yaml', version: 'v1', base: 'edge/cluster-image-set', docs: HIVE_DOCS, types: true },
  // Schema only: the ClusterDeployment spec types (every platform's) would be very large; lib/api/edge/cluster-deployment.ts types what the library sets.
  { crd: 'hive/hive.openshift.io_clusterdeployments.yaml', version: 'v1', base: 'edge/cluster-deployment', docs: HIVE_DOCS },
  // Agent and bare-metal hosts (lib/platforms/agent): InfraEnv, NMStateConfig, BareMetalHost, and VirtualMachines booted as agents.
  { crd: 'assisted-service/agent-install.openshift.io_infraenvs.yaml', version: 'v1beta1', base: 'agent-install/infra-env', docs: ASSISTED_DOCS, types: true },
  { crd: 'assisted-service/agent-install.openshift.io_nmstateconfigs.yaml', version: 'v1beta1', base: 'agent-install/nmstate-config', docs: ASSISTED_DOCS, types: true },
  { crd: 'metal3/metal3.io_baremetalhosts.yaml', version: 'v1alpha1', base: 'metal3/bare-metal-host', docs: METAL3_DOCS, types: true },
  // Schema only: the VirtualMachine spec types would be very large; lib/api/kubevirt types the fields the library sets.
  { crd: 'kubevirt/kubevirt.io_virtualmachines.crd.reconstructed.yaml', version: 'v1', base: 'kubevirt/virtual-machine', docs: KUBEVIRT_DOCS },
  // Node configuration (lib/core/node-config): payloads serialized into the ConfigMaps NodePool
  // `spec.config` and `spec.tuningConfig` name, each checked against its own CRD.
  { crd: 'openshift-api/0000_80_machine-config_01_machineconfigs.crd.yaml', version: 'v1', base: 'node-config/machine-config', docs: OPENSHIFT_API_DOCS, types: true },
  { crd: 'openshift-api/0000_80_machine-config_01_kubeletconfigs-Default.crd.yaml', version: 'v1', base: 'node-config/kubelet-config', docs: OPENSHIFT_API_DOCS, types: true },
  { crd: 'openshift-api/0000_80_machine-config_01_containerruntimeconfigs-Default.crd.yaml', version: 'v1', base: 'node-config/container-runtime-config', docs: OPENSHIFT_API_DOCS, types: true },
  // The two mirror-set kinds are also applied directly to a disconnected management cluster.
  { crd: 'openshift-api/0000_10_config-operator_01_imagedigestmirrorsets.crd.yaml', version: 'v1', base: 'node-config/image-digest-mirror-set', docs: OPENSHIFT_API_DOCS, types: true },
  { crd: 'openshift-api/0000_10_config-operator_01_imagetagmirrorsets.crd.yaml', version: 'v1', base: 'node-config/image-tag-mirror-set', docs: OPENSHIFT_API_DOCS, types: true },
  { crd: 'cluster-node-tuning-operator/20-tuned.crd.yaml', version: 'v1', base: 'node-config/tuned', docs: NTO_DOCS, types: true },
  // v2: the storage version, and the only one HyperShift decodes from a tuningConfig ConfigMap.
  { crd: 'cluster-node-tuning-operator/20-performance-profile.crd.yaml', version: 'v2', base: 'node-config/performance-profile', docs: NTO_DOCS, types: true },
  // Inside a hosted cluster (lib/day2): SR-IOV networks and the CredentialsRequest of an operator using AWS STS.
  { crd: 'sriov-network-operator/sriovnetwork.openshift.io_sriovnetworknodepolicies.yaml', version: 'v1', base: 'guest/sriov-network-node-policy', docs: SRIOV_DOCS, types: true },
  { crd: 'sriov-network-operator/sriovnetwork.openshift.io_sriovnetworks.yaml', version: 'v1', base: 'guest/sriov-network', docs: SRIOV_DOCS, types: true },
  { crd: 'cloud-credential-operator/cloudcredential_v1_credentialsrequest_crd.yaml', version: 'v1', base: 'guest/credentials-request', docs: CCO_DOCS, types: true },
  // Delivery (lib/delivery): what makes Argo CD, Flux and ACM deliver the output folders.
  { crd: 'argo-cd/appproject-crd.yaml', version: 'v1alpha1', base: 'delivery/app-project', docs: ARGOCD_DOCS, types: true },
  // Schema only: the generator tree repeats itself (matrix, merge), so its types would be very large;
  // lib/api/delivery/application-set.ts types the fields the library sets (those of Argo CD v3.5.1).
  { crd: 'argo-cd/applicationset-crd.yaml', version: 'v1alpha1', base: 'delivery/application-set', docs: ARGOCD_DOCS },
  { crd: 'flux/source.toolkit.fluxcd.io_gitrepositories.yaml', version: 'v1', base: 'delivery/git-repository', docs: FLUX_DOCS, types: true },
  { crd: 'flux/kustomize.toolkit.fluxcd.io_kustomizations.yaml', version: 'v1', base: 'delivery/kustomization', docs: FLUX_DOCS, types: true },
  { crd: 'ocm-api/0000_01_clusters.open-cluster-management.io_managedclustersetbindings.crd.yaml', version: 'v1beta2', base: 'delivery/managed-cluster-set-binding', docs: OCM_PLACEMENT_DOCS, types: true },
  { crd: 'ocm-api/0000_02_clusters.open-cluster-management.io_placements.crd.yaml', version: 'v1beta1', base: 'delivery/placement', docs: OCM_PLACEMENT_DOCS, types: true },
  { crd: 'ocm-gitops/apps.open-cluster-management.io_gitopsclusters.yaml', version: 'v1beta1', base: 'delivery/gitops-cluster', docs: OCM_GITOPS_DOCS, types: true },
];
