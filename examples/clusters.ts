/**
 * The built-in example's data: one hosted cluster per platform. Secrets come from a secret store
 * through external-secrets or from Secrets that already exist; no secret value is written.
 * Framework-free, so the Pulumi program can use it without loading cdk8s (see app.ts for cdk8s).
 */
import type { HostedClusterBackupProps, HostedClusterImportProps, HostedClusterIngressProps, HostedClusterProps, HostedClusterRestoreProps, HostedClusterSriovProps, ManagementClusterProps, PlanOptions } from '../lib';
import { NodeConfig, NodeTuning, SecretSource, cliRolesRef, parseSupportedVersions } from '../lib';

/** As read from the operator's `hypershift/supported-versions` ConfigMap. */
export const SUPPORTED_VERSIONS = parseSupportedVersions({ 'supported-versions': '{"versions":["4.17","4.16","4.15","4.14"]}' });

export const EXAMPLE_OPTIONS: PlanOptions = { supportedVersions: SUPPORTED_VERSIONS };

/** The store every example secret is read from (a ClusterSecretStore named `vault`). */
const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

/**
 * The agent cluster of the bare-metal walkthrough (`hcp create cluster agent --name vcluster2
 * --agent-namespace clusters --base-domain int.massopen.cloud ...`): Namespace, pull secret,
 * SSH key, etcd key, the capi-provider Role, HostedCluster and one NodePool with 0 replicas.
 */
export const agentCluster: HostedClusterProps = {
  name: 'vcluster2',
  namespace: 'clusters',
  release: {
    image: 'quay.io/openshift-release-dev/ocp-release@sha256:03cc63c0c48b2416889e9ee53f2efc2c940323c15f08384b439c00de8e66e8aa',
    version: '4.14.10',
  },
  platform: { type: 'Agent', agent: { agentNamespace: 'clusters' } },
  baseDomain: 'int.massopen.cloud',
  services: { apiServerAddress: 'api.vcluster2.int.massopen.cloud' },
  pullSecret: vault('hosted-clusters/pull-secret'),
  sshKey: vault('hosted-clusters/vcluster2', 'ssh-public-key'),
  secretEncryption: { aescbc: vault('hosted-clusters/vcluster2', 'etcd-encryption-key') },
};

/**
 * A KubeVirt cluster with base-domain passthrough, HA control plane and two VM pools, one with a
 * KubeletConfig and a Tuned. Once deleted and destroyed, it stays 10 minutes with its final status
 * (condition HostedClusterDestroyed) for the dashboards that watch it.
 */
export const kubevirtCluster: HostedClusterProps = {
  name: 'kv-dev',
  namespace: 'kubevirt-clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
  platform: { type: 'KubeVirt', kubevirt: {} },
  controllerAvailabilityPolicy: 'HighlyAvailable',
  etcd: { storageClassName: 'ocs-storagecluster-ceph-rbd' },
  destroyGracePeriod: '10m',
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('kv-dev-etcd-encryption-key') },
  nodePools: [
    {
      name: 'kv-dev-workers',
      replicas: 2,
      platform: { kubevirt: { cores: 4, memory: '16Gi', rootVolumeSize: '64Gi' } },
      // Node configuration: each object is written into a ConfigMap in the cluster's namespace.
      config: [NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 500 } })],
      tuningConfig: [
        NodeTuning.tuned('dirty-ratio', {
          profile: [{ name: 'dirty-ratio', data: '[main]\nsummary=Keep more dirty pages in memory\ninclude=openshift-node\n[sysctl]\nvm.dirty_ratio="55"\n' }],
          recommend: [{ priority: 20, profile: 'dirty-ratio' }],
        }),
      ],
    },
    {
      name: 'kv-dev-infra',
      replicas: 1,
      nodeLabels: { 'node-role.kubernetes.io/infra': '' },
      taints: [{ key: 'node-role.kubernetes.io/infra', effect: 'NoSchedule' }],
    },
  ],
};

/**
 * An AWS cluster on infrastructure created beforehand (`hypershift create infra aws` and
 * `create iam aws`): its IDs, roles and OIDC issuer are inputs. One NodePool per zone, KMS
 * encryption, external DNS names for API and OAuth, login through the company's OpenID Connect
 * provider (its client secret read from the store), and the API reachable from the office and VPN only.
 */
const account = '123456789012';
export const awsCluster: HostedClusterProps = {
  name: 'aws-prod',
  namespace: 'aws-clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
  baseDomain: 'prod.example.com',
  controllerAvailabilityPolicy: 'HighlyAvailable',
  platform: {
    type: 'AWS',
    aws: {
      region: 'us-east-2',
      vpcId: 'vpc-0a1b2c3d4e5f60718',
      zones: [
        { name: 'us-east-2a', privateSubnetId: 'subnet-0aa11bb22cc33dd44' },
        { name: 'us-east-2b', privateSubnetId: 'subnet-0ee55ff66aa77bb88' },
      ],
      rolesRef: cliRolesRef(account, 'aws-prod'),
      issuerURL: 'https://hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod',
      publicZoneID: 'Z0123456789ABCDEFGHIJ',
      privateZoneID: 'Z9876543210JIHGFEDCBA',
      externalDnsDomain: 'hcp.example.com',
      endpointAccess: 'PublicAndPrivate',
      resourceTags: { 'cost-center': 'platform' },
    },
  },
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: {
    kms: {
      provider: 'AWS',
      aws: {
        region: 'us-east-2',
        activeKey: { arn: `arn:aws:kms:us-east-2:${account}:key/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0` },
        auth: { awsKms: `arn:aws:iam::${account}:role/aws-prod-kms-provider` },
      },
    },
  },
  identityProviders: [
    {
      name: 'corporate-sso',
      type: 'OpenID',
      mappingMethod: 'claim',
      openID: {
        clientID: 'aws-prod',
        clientSecret: vault('hosted-clusters/aws-prod', 'oidc-client-secret'),
        issuer: 'https://sso.example.com/realms/platform',
        claims: { preferredUsername: ['preferred_username'], name: ['name'], email: ['email'], groups: ['groups'] },
      },
    },
  ],
  networking: { apiServer: { allowedCIDRBlocks: ['203.0.113.0/24', '198.51.100.0/24'] } },
  priorityClasses: { etcd: 'hypershift-etcd' },
  resourceRequestOverrides: { 'kube-apiserver.kube-apiserver': { memory: '3Gi', cpu: '2000m' } },
};

/** A None cluster: NodePort services at a fixed address, nodes joined by hand. */
export const noneCluster: HostedClusterProps = {
  name: 'edge-lab',
  namespace: 'none-clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.15.20-x86_64' },
  baseDomain: 'lab.example.com',
  platform: { type: 'None' },
  services: { apiServerAddress: '192.0.2.10' },
  pullSecret: SecretSource.existing('edge-lab-pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('edge-lab-etcd-encryption-key') },
};

export const EXAMPLE_CLUSTERS: readonly HostedClusterProps[] = [agentCluster, kubevirtCluster, awsCluster, noneCluster];

/**
 * The management cluster that runs them: prepared for all four platforms (the multicluster
 * engine with HyperShift; OpenShift Virtualization and MetalLB for KubeVirt; assisted-service for
 * Agent; the OIDC bucket secret and PrivateLink for AWS), with LVM Storage for etcd.
 */
export const EXAMPLE_MANAGEMENT_CLUSTER: ManagementClusterProps = {
  platforms: ['AWS', 'KubeVirt', 'Agent', 'None'],
  multiclusterEngine: {
    // The edge sites of examples/edge.ts are installed by the image-based install operator (off by default).
    components: { 'image-based-install-operator': true },
    // Hosted clusters are imported into the hub explicitly (EXAMPLE_IMPORTS), not by the add-on.
    hypershiftAddOn: { hcMaxNumber: 80, hcThresholdNumber: 60, autoImportDisabled: true },
    oidcStorage: { bucket: 'hcp-oidc-example', region: 'us-east-1', credentials: vault('management/oidc-s3', 'credentials') },
    externalDns: { provider: 'aws', domainFilter: 'hcp.example.com', credentials: vault('management/external-dns', 'credentials') },
    privateLink: { region: 'us-east-1', accessKeyId: vault('management/private-link', 'aws-access-key-id'), secretAccessKey: vault('management/private-link', 'aws-secret-access-key') },
  },
  machineNetwork: ['192.168.122.0/24'],
  metallb: { pools: [{ name: 'hosted-control-planes', addresses: ['192.168.122.200-192.168.122.250'] }] },
  assistedService: { storageClassName: 'lvms-vg1' },
  storage: 'lvms',
  // Virtualization's disks use the default class; the sizing guidance raises maxPods to 500.
  defaultStorageClass: 'lvms-vg1',
  kubelet: { maxPods: 500 },
  // Control-plane metrics for alerts and troubleshooting, and a console dashboard per cluster.
  monitoring: {
    metricsSet: 'SRE',
    sreMetricSet: { kubeAPIServer: [{ action: 'drop', regex: 'etcd_(debugging|disk|server).*', sourceLabels: ['__name__'] }] },
    dashboards: true,
  },
  // OADP with the hypershift plugin; backups go to an S3 bucket, with credentials from the store.
  dataProtection: {
    backupLocations: [{ bucket: 'hcp-backups-example', prefix: 'hosted-clusters', region: 'us-east-1', credentials: vault('management/oadp', 'credentials') }],
  },
  controlPlaneNodes: [
    { name: 'worker-0', zone: 'rack1' },
    { name: 'worker-1', zone: 'rack2' },
    { name: 'worker-2', zone: 'rack3' },
  ],
  // The synth checks the fleet fits these workers and writes reports/capacity.{json,svg}.
  capacity: {
    workers: [{ name: 'control-plane', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 500 }],
    loads: { 'aws-clusters/aws-prod': 'high', 'clusters/vcluster2': 'low' },
  },
};

/**
 * Day 2: a KubeVirt cluster under its own base domain whose apps are reached through a
 * LoadBalancer: the router's Service inside the hosted cluster, mirrored by the KubeVirt cloud
 * provider onto the management cluster, whose MetalLB gives it an address. Its day-2 objects are
 * written to hosted-kubevirt-clusters-kv-lb/.
 */
export const kubevirtLoadBalancerCluster: HostedClusterProps = {
  name: 'kv-lb',
  namespace: 'kubevirt-clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
  baseDomain: 'kv.example.com',
  platform: { type: 'KubeVirt', kubevirt: { ingress: 'LoadBalancer' } },
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('kv-lb-etcd-encryption-key') },
  nodePools: [{ name: 'kv-lb', replicas: 2 }],
};

/** Day-2 objects inside one hosted cluster: its ingress, SR-IOV. */
export interface ExampleDay2 {
  readonly cluster: HostedClusterProps;
  readonly ingress?: HostedClusterIngressProps;
  readonly sriov?: HostedClusterSriovProps;
}

/**
 * Hosted clusters with day-2 objects inside them (the example's second target): the router's
 * Service of kv-lb, and SR-IOV in the AWS cluster as the documentation's chapter 9.3 installs it
 * (the operator on workers), with one node policy and one network. Each is written to
 * hosted-<namespace>-<name>/.
 */
export const EXAMPLE_DAY2: readonly ExampleDay2[] = [
  { cluster: kubevirtLoadBalancerCluster, ingress: { preserveClientAddress: true } },
  {
    cluster: awsCluster,
    sriov: {
      nodePolicies: [{ name: 'ena-vfs', resourceName: 'enavfs', numVfs: 4, nicSelector: { pfNames: ['ens5'] } }],
      networks: [{ name: 'data-plane', resourceName: 'enavfs', networkNamespace: 'default', ipam: '{"type":"whereabouts","range":"192.0.2.0/24"}' }],
    },
  },
];

/** An explicit import of one hosted cluster into the hub (the management cluster): its ManagedCluster. */
export interface ExampleImport {
  readonly cluster: HostedClusterProps;
  readonly import: HostedClusterImportProps;
}

/**
 * The AWS cluster, imported into the multicluster engine as the documentation's manual import
 * does (the example's management cluster turns the add-on's auto-import off). The management
 * cluster runs MCE without ACM, so no `addons`. Written beside the cluster, in wave 3: a delete
 * removes the ManagedCluster before the HostedCluster.
 */
export const EXAMPLE_IMPORTS: readonly ExampleImport[] = [{ cluster: awsCluster, import: { labels: { environment: 'production' } } }];

/** The backup of one hosted cluster and, when recovering it, its restore set. */
export interface ExampleProtection {
  readonly cluster: HostedClusterProps;
  readonly backup: HostedClusterBackupProps;
  /** The restore set: left out of the example, added by examples/restore.ts (what a user commits to recover). */
  readonly restore?: HostedClusterRestoreProps;
}

/** A nightly Schedule for the AWS cluster (its backups are kept 30 days). */
export const EXAMPLE_PROTECTION: readonly ExampleProtection[] = [{ cluster: awsCluster, backup: { schedule: '0 2 * * *' } }];

/** The restore set of aws-prod: the latest backup of its Schedule (see examples/restore.ts). */
export const EXAMPLE_RESTORE: HostedClusterRestoreProps = { scheduleName: 'aws-clusters-aws-prod' };
