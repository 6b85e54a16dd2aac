/**
 * Management clusters for the conformance suite: one per platform preset and one that sets every
 * optional field (BGP, mirrored catalogs, pinned CSVs, inline secrets, HyperConverged and
 * MetalLB specs, assisted-service OS images and mirror), so the API server sees every shape.
 */
import type { ManagementClusterProps } from '../../lib';
import { SecretSource } from '../../lib';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

export interface ManagementFixture {
  readonly id: string;
  readonly props: ManagementClusterProps;
}

export const MANAGEMENT_FIXTURES: readonly ManagementFixture[] = [
  {
    id: 'preset-aws',
    props: { platforms: ['AWS'], multiclusterEngine: { oidcStorage: { bucket: 'hcp-oidc', region: 'eu-west-1', credentials: SecretSource.existing('hypershift-operator-oidc-provider-s3-credentials') } } },
  },
  {
    id: 'preset-kubevirt',
    props: { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'kv', addresses: ['10.0.0.100-10.0.0.150'] }] }, machineNetwork: ['10.0.0.0/24'] },
  },
  { id: 'preset-agent', props: { platforms: ['Agent'], multiclusterEngine: { hypershiftAddOn: { nodePlacement: { nodeSelector: { 'node-role.kubernetes.io/hcp': '' }, tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'hcp', effect: 'NoSchedule' }] } } } } },
  { id: 'preset-none', props: { platforms: ['None'] } },
  {
    // A disconnected hub: both mirror sets (a wildcard source, each policy), the registry CAs and the Image patch, the KubeVirt boot image mirror.
    id: 'disconnected',
    props: {
      platforms: ['KubeVirt'],
      metallb: { pools: [{ name: 'kv', addresses: ['10.0.0.100-10.0.0.150'] }] },
      machineNetwork: ['10.0.0.0/24'],
      catalogSources: [{ name: 'mirror-redhat', image: `mirror.example.com:5000/redhat/redhat-operator-index@sha256:${'0'.repeat(64)}` }],
      disconnected: {
        digestMirrors: [
          { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.example.com:5000/openshift/release-images'], mirrorSourcePolicy: 'NeverContactSource' },
          { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: ['mirror.example.com:5000/openshift/release', 'backup.example.com/openshift/release'] },
        ],
        tagMirrors: [{ source: '*.redhat.io', mirrors: ['mirror.example.com:5000/redhat'], mirrorSourcePolicy: 'AllowContactingSource' }],
        mirrorSetName: 'oc-mirror-results',
        registryCAs: [
          { host: 'mirror.example.com', port: 5000, certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' },
          { host: '192.0.2.10', certificate: '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----' },
        ],
        kubevirtBootImage: { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirror: 'mirror.example.com:5000/openshift/release' },
      },
    },
  },
  {
    id: 'everything',
    props: {
      platforms: ['AWS', 'KubeVirt', 'Agent'],
      catalogSources: [{ name: 'mirror-redhat', image: 'mirror.example.com/redhat/redhat-operator-index:v4.17', displayName: 'Mirrored Red Hat operators', publisher: 'ops', pollInterval: '30m' }],
      // Operators by package: all namespaces from a mirrored catalog, every field set, and the global namespace's own OperatorGroup.
      additionalOperators: [
        { package: 'openshift-gitops-operator', namespace: 'openshift-gitops-operator', channel: 'latest', source: 'mirror-redhat', targetNamespaces: 'AllNamespaces', namespaceLabels: { 'openshift.io/cluster-monitoring': 'true' } },
        {
          package: 'cert-manager-operator',
          namespace: 'cert-manager-operator',
          channel: 'stable-v1',
          sourceNamespace: 'openshift-marketplace',
          approval: 'Manual',
          startingCSV: 'cert-manager-operator.v1.14.0',
          subscriptionName: 'cert-manager',
          operatorGroup: 'cert-manager-og',
          targetNamespaces: ['cert-manager-operator'],
        },
        { package: 'servicemeshoperator3', namespace: 'openshift-operators', channel: 'stable' },
      ],
      operators: {
        multiclusterEngine: { channel: 'stable-2.7', source: 'mirror-redhat', approval: 'Automatic', startingCSV: 'multicluster-engine.v2.7.2' },
        metallb: { source: 'mirror-redhat' },
        virtualization: { source: 'mirror-redhat', channel: 'stable' },
        odf: { source: 'mirror-redhat', channel: 'stable-4.17' },
      },
      multiclusterEngine: {
        name: 'engine',
        availability: 'Basic',
        components: { 'cluster-proxy-addon': true, 'console-mce': false },
        hypershiftAddOn: { hcMaxNumber: 100, hcThresholdNumber: 90, disableMetrics: true, autoImportDisabled: true, nodePlacement: 'infra', managedClusterAddOn: true },
        installFlags: { add: ['--exclude-etcd', '--limit-crd-install=AWS,KubeVirt,Agent'], remove: ['--enable-uwm-telemetry-remote-write'] },
        oidcStorage: { bucket: 'hcp-oidc-everything', region: 'us-east-2', credentials: SecretSource.inline('[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = example\n') },
        externalDns: { provider: 'aws', domainFilter: 'svc.example.com', credentials: vault('dns', 'credentials') },
        privateLink: { region: 'us-east-2', accessKeyId: vault('pl', 'id'), secretAccessKey: vault('pl', 'secret') },
      },
      machineNetwork: ['192.168.50.0/24', 'fd00:50::/64'],
      metallb: {
        spec: { logLevel: 'info', nodeSelector: { 'node-role.kubernetes.io/worker': '' } },
        pools: [
          { name: 'l2', addresses: ['192.168.50.0/28', 'fd00:50::100-fd00:50::1ff'], autoAssign: false, avoidBuggyIPs: true, l2: { interfaces: ['ens3'] } },
          { name: 'bgp', addresses: ['10.200.0.0/24'], bgp: { peers: ['tor-a'], localPref: 100, communities: ['65535:65282'], aggregationLength: 32 }, l2: false },
        ],
        bgpPeers: [{ name: 'tor-a', myASN: 64512, peerASN: 64513, peerAddress: '192.168.50.1', peerPort: 179, holdTime: '90s', ebgpMultiHop: false, passwordSecret: 'tor-a-password' }],
      },
      virtualization: { spec: { evictionStrategy: 'LiveMigrate', featureGates: { enableCommonBootImageImport: true } } },
      assistedService: {
        databaseStorage: '20Gi',
        filesystemStorage: '200Gi',
        imageStorage: '80Gi',
        storageClassName: 'ocs-storagecluster-ceph-rbd',
        osImages: [{ openshiftVersion: '4.17', version: '417.94.202410090854-0', url: 'https://mirror.example.com/rhcos-4.17-live.x86_64.iso', cpuArchitecture: 'x86_64' }],
        mirrorRegistry: { registriesConf: '[[registry]]\nlocation = "quay.io"\n[[registry.mirror]]\nlocation = "mirror.example.com"\n', caBundle: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' },
      },
      storage: 'odf',
      kubelet: { maxPods: 500, machineConfigPool: 'worker', name: 'dense-control-planes' },
      wildcardRoutes: true,
      monitoring: {
        metricsSet: 'SRE',
        dashboards: true,
        dashboardTemplate: '{"title": "__NAMESPACE__/__NAME__", "rows": [{"panels": [{"targets": [{"expr": "sum(up{namespace=\\"__CONTROL_PLANE_NAMESPACE__\\"})"}]}]}]}',
        sreMetricSet: {
          kubeAPIServer: [{ action: 'drop', regex: 'apiserver_request_duration_seconds_bucket;(0.15|0.25|50)', sourceLabels: ['__name__', 'le'], separator: ';' }],
          etcd: [{ action: 'keep', regex: 'etcd_mvcc_db_total_size_in_bytes', sourceLabels: ['__name__'] }],
          cvo: [{ action: 'hashmod', sourceLabels: ['instance'], targetLabel: 'shard', modulus: 4 }, { action: 'replace', sourceLabels: ['pod'], targetLabel: 'component', regex: '(.*)-[a-z0-9]+', replacement: '$1' }],
        },
      },
      allowInlineSecrets: true,
    },
  },
];
