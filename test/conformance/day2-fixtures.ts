/**
 * Day-2 objects for the conformance suite: MetalLB inside a bare-metal hosted cluster with every
 * option the ingress offers (a pinned operator, two pools, interfaces, the router's Service); operators
 * and SR-IOV; and OADP backing up the workloads inside hosted clusters.
 */
import type { HostedClusterIngressProps, HostedClusterOperatorsProps, HostedClusterProps, HostedClusterSriovProps, HostedClusterWorkloadBackupProps } from '../../lib';
import { awsCluster, noneCluster } from '../../examples/clusters';
import { SecretSource } from '../../lib';

export interface Day2Fixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly ingress: HostedClusterIngressProps;
}

export const DAY2_FIXTURES: readonly Day2Fixture[] = [
  {
    id: 'day2-metal-ingress',
    cluster: {
      name: 'metal-day2',
      namespace: 'fx-day2',
      release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
      baseDomain: 'metal.example.com',
      platform: { type: 'None' },
      services: { apiServerAddress: '10.2.0.10' },
      networking: { machineNetwork: ['10.2.0.0/24'] },
      pullSecret: SecretSource.existing('metal-day2-pull-secret'),
    },
    ingress: {
      operator: { channel: 'stable', approval: 'Automatic', startingCSV: 'metallb-operator.v4.17.0' },
      metallb: {
        pools: [
          { name: 'ingress-public-ip', addresses: ['10.2.0.240-10.2.0.240'], autoAssign: false, avoidBuggyIPs: true },
          { name: 'workloads', addresses: ['10.2.0.192/28'], l2: { interfaces: ['enp1s0'] } },
        ],
        spec: { logLevel: 'info' },
      },
      pool: 'ingress-public-ip',
      serviceName: 'router-load-balancer',
      preserveClientAddress: true,
    },
  },
];

export interface OperatorsFixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly operators: HostedClusterOperatorsProps;
  readonly sriov: HostedClusterSriovProps;
}

/** Operators inside an AWS hosted cluster whose OperatorHub is its own: every option of the OLM, STS and SR-IOV props. */
export const OPERATORS_FIXTURES: readonly OperatorsFixture[] = [
  {
    id: 'day2-aws-operators',
    cluster: {
      name: 'aws-ops',
      namespace: 'fx-day2-aws',
      release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
      baseDomain: 'aws.example.com',
      olmCatalogPlacement: 'guest',
      platform: {
        type: 'AWS',
        aws: {
          region: 'us-east-2',
          vpcId: 'vpc-0a1b2c3d4e5f60718',
          zones: [{ name: 'us-east-2a', privateSubnetId: 'subnet-0aa11bb22cc33dd44' }],
          rolesRef: Object.fromEntries(
            ['ingressARN', 'imageRegistryARN', 'storageARN', 'networkARN', 'kubeCloudControllerARN', 'nodePoolManagementARN', 'controlPlaneOperatorARN'].map((key) => [key, `arn:aws:iam::123456789012:role/aws-ops-${key}`]),
          ) as never,
          issuerURL: 'https://hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-ops',
          publicZoneID: 'Z0123456789ABCDEFGHIJ',
          privateZoneID: 'Z9876543210JIHGFEDCBA',
        },
      },
      pullSecret: SecretSource.existing('aws-ops-pull-secret'),
      nodePools: [{ name: 'aws-ops-infra', replicas: 2, nodeLabels: { 'node-role.kubernetes.io/infra': '' } }],
    },
    operators: {
      operatorHub: { disableAllDefaultSources: true },
      catalogSources: [
        {
          name: 'mirror-redhat-operators',
          image: 'mirror.example.com/redhat/redhat-operator-index:v4.17',
          displayName: 'Red Hat operators (mirror)',
          publisher: 'platform team',
          pollInterval: '30m',
          nodeSelector: { 'node-role.kubernetes.io/infra': '' },
          tolerations: [{ key: 'node-role.kubernetes.io/infra', operator: 'Exists', effect: 'NoSchedule' }],
        },
        { name: 'team-catalog', namespace: 'team-tools', image: 'mirror.example.com/team/index:v1' },
      ],
      operators: [
        {
          package: 'aws-s3-operator',
          namespace: 'aws-s3-operator',
          channel: 'stable',
          source: 'mirror-redhat-operators',
          approval: 'Manual',
          startingCSV: 'aws-s3-operator.v1.2.0',
          subscriptionName: 's3',
          operatorGroup: 's3-group',
          namespaceLabels: { 'openshift.io/cluster-monitoring': 'true' },
          nodeSelector: { 'node-role.kubernetes.io/infra': '' },
          tolerations: [{ key: 'node-role.kubernetes.io/infra', operator: 'Exists', effect: 'NoSchedule' }],
          aws: {
            roleArn: 'arn:aws:iam::123456789012:role/aws-ops-s3-operator',
            credentialsRequest: {
              name: 'aws-s3-operator',
              secretName: 'aws-s3-credentials',
              serviceAccountNames: ['aws-s3-operator-controller'],
              statements: [{ effect: 'Allow', action: ['s3:GetObject', 's3:PutObject'], resource: 'arn:aws:s3:::aws-ops-data/*' }],
            },
          },
        },
        { package: 'team-operator', namespace: 'team-tools', channel: 'alpha', source: 'team-catalog', sourceNamespace: 'team-tools', targetNamespaces: 'AllNamespaces' },
      ],
    },
    sriov: {
      operator: { channel: 'stable', source: 'mirror-redhat-operators', approval: 'Automatic', startingCSV: 'sriov-network-operator.v4.17.0', tolerations: [{ key: 'node-role.kubernetes.io/infra', operator: 'Exists' }] },
      nodePolicies: [
        { name: 'mlx-netdevice', resourceName: 'mlxnics', numVfs: 8, nicSelector: { vendor: '15b3', deviceID: '1017', pfNames: ['ens5f0#0-3'], rootDevices: ['0000:86:00.0'] }, deviceType: 'netdevice', priority: 10, mtu: 9000, isRdma: true },
        { name: 'dpdk', resourceName: 'dpdk_nics', numVfs: 4, nicSelector: { pfNames: ['ens5f1'] }, nodeSelector: { 'node-role.kubernetes.io/infra': '' }, deviceType: 'vfio-pci' },
      ],
      networks: [{ name: 'sriov-data', resourceName: 'mlxnics', networkNamespace: 'apps', vlan: 100, ipam: '{"type":"whereabouts","range":"192.0.2.0/24"}', spoofChk: 'on', trust: 'off', linkState: 'auto' }],
    },
  },
];

export interface WorkloadBackupFixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly backup: HostedClusterWorkloadBackupProps;
}

/** OADP inside hosted clusters: a nightly Schedule with a pinned operator and two stores, and a one-off file-system Backup of every namespace. */
export const WORKLOAD_BACKUP_FIXTURES: readonly WorkloadBackupFixture[] = [
  {
    id: 'day2-workload-schedule',
    cluster: awsCluster,
    backup: {
      namespaces: ['shop', 'payments'],
      schedule: '0 3 * * *',
      name: 'apps-nightly',
      storageLocation: 'offsite',
      ttl: '336h',
      operator: { channel: 'stable', approval: 'Automatic', startingCSV: 'oadp-operator.v1.5.0' },
      dataProtection: {
        backupLocations: [
          { name: 'default', default: true, bucket: 'aws-prod-apps', prefix: 'velero', region: 'us-east-2', credentials: SecretSource.existing('cloud-credentials') },
          { name: 'offsite', provider: 'gcp', bucket: 'aws-prod-apps-offsite', prefix: 'velero', credentials: SecretSource.existing('gcp-credentials') },
        ],
      },
    },
  },
  {
    id: 'day2-workload-backup',
    cluster: noneCluster,
    backup: {
      namespaces: ['*'],
      volumes: 'file-system',
      allowInlineSecrets: true,
      dataProtection: { plugins: ['openshift', 'aws'], nodeAgent: { uploaderType: 'kopia' }, backupLocations: [{ bucket: 'lab', prefix: 'apps', region: 'minio', s3Url: 'https://minio.lab.example.com:9000', credentials: SecretSource.inline('[default]\naws_access_key_id=lab\naws_secret_access_key=lab\n') }] },
    },
  },
];
