/**
 * Extra hosted clusters for the conformance suite: together they set most optional fields the
 * library offers, on all four platforms, so the API server sees every shape the library can emit.
 * Every fixture must pass the library's own validation; when one does not, fix the fixture.
 */
import type { HostedClusterProps, PlanOptions } from '../../lib';
import { SecretSource, cliRolesRef } from '../../lib';
import { SUPPORTED_VERSIONS } from '../../examples/clusters';
import { awsPropsFromCliOutput } from '../../lib/platforms';
import { AZURE_FIXTURES } from './azure-fixtures';

export interface ConformanceFixture {
  /** Short label, used in test names. */
  readonly id: string;
  readonly props: HostedClusterProps;
  readonly options: PlanOptions;
}

const OPTIONS: PlanOptions = { supportedVersions: SUPPORTED_VERSIONS };
const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

const account = '210987654321';

/** AWS, Private endpoint access, multi-arch: an amd64 pool with a rolling replace and an arm64 pool scaling from zero. */
const awsPrivate: HostedClusterProps = {
  name: 'aws-private',
  namespace: 'fx-aws',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi' },
  baseDomain: 'private.example.com',
  infraID: 'aws-private-x7k2p',
  controllerAvailabilityPolicy: 'HighlyAvailable',
  infrastructureAvailabilityPolicy: 'HighlyAvailable',
  platform: {
    type: 'AWS',
    aws: {
      region: 'eu-west-1',
      endpointAccess: 'Private',
      vpcId: 'vpc-0123456789abcdef0',
      machineCIDR: '10.20.0.0/16',
      zones: [
        { name: 'eu-west-1a', privateSubnetId: 'subnet-0a0a0a0a0a0a0a0a0' },
        { name: 'eu-west-1b', privateSubnetId: 'subnet-0b0b0b0b0b0b0b0b0' },
        { name: 'eu-west-1c', privateSubnetId: 'subnet-0c0c0c0c0c0c0c0c0' },
      ],
      rolesRef: cliRolesRef(account, 'aws-private'),
      issuerURL: 'https://hcp-oidc-fixtures.s3.eu-west-1.amazonaws.com/aws-private-x7k2p',
      privateZoneID: 'Z0PRIVATEZONE0000001',
      resourceTags: { team: 'platform', 'cost-center': 'cc-42' },
      multiArch: true,
      instanceProfile: 'aws-private-worker-profile',
    },
  },
  pullSecret: vault('hosted-clusters/pull-secret'),
  sshKey: SecretSource.external({ store: 'team-store', storeKind: 'SecretStore', key: 'aws-private/ssh', property: 'public', refreshInterval: '15m' }),
  secretEncryption: {
    aescbc: vault('hosted-clusters/aws-private', 'etcd-key'),
    backupKey: SecretSource.existing('aws-private-etcd-backup-key'),
  },
  etcd: { storageSize: '16Gi', storageClassName: 'gp3-csi-encrypted' },
  networking: { clusterNetwork: [{ cidr: '10.128.0.0/14', hostPrefix: 23 }], serviceNetwork: ['172.30.0.0/16'] },
  nodePools: [
    {
      name: 'aws-private-amd',
      replicas: 3,
      upgradeType: 'Replace',
      replace: { strategy: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      autoRepair: true,
      nodeDrainTimeout: '30m',
      nodeVolumeDetachTimeout: '5m',
      platform: {
        aws: {
          zone: 'eu-west-1b',
          instanceType: 'm6i.xlarge',
          rootVolume: { size: 200, type: 'io1', iops: 4000 },
          securityGroupIds: ['sg-0123456789abcdef0'],
          resourceTags: { pool: 'amd' },
        },
      },
    },
    {
      name: 'aws-private-arm',
      arch: 'arm64',
      autoScaling: { min: 0, max: 5 },
      platform: { aws: { zone: 'eu-west-1c', placement: { tenancy: 'dedicated' } } },
      labels: { 'example.com/arch': 'arm64' },
      annotations: { 'example.com/owner': 'platform-team' },
    },
  ],
};

/** KubeVirt on an external infrastructure cluster, manual storage mapping, a GPU pool with extra networks. */
const kubevirtExternal: HostedClusterProps = {
  name: 'kv-ext',
  namespace: 'fx-kubevirt',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.10-x86_64' },
  baseDomain: 'apps.infra.example.com',
  platform: {
    type: 'KubeVirt',
    kubevirt: {
      infraCluster: { kubeconfig: vault('hosted-clusters/infra-kubeconfig'), namespace: 'kv-ext-vms' },
      storageClassMapping: [
        { infra: 'ocs-storagecluster-ceph-rbd', guest: 'ceph-rbd', group: 'ceph' },
        { infra: 'lvms-vg1', guest: 'local' },
      ],
      volumeSnapshotClassMapping: [{ infra: 'ocs-storagecluster-rbdplugin-snapclass', guest: 'ceph-rbd-snap', group: 'ceph' }],
    },
  },
  services: {
    overrides: { APIServer: { type: 'NodePort', nodePort: { address: '198.51.100.20', port: 30443 } } },
  },
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: vault('hosted-clusters/kv-ext', 'etcd-key') },
  nodePools: [
    {
      name: 'kv-ext-gpu',
      autoScaling: { min: 1, max: 4 },
      platform: {
        kubevirt: {
          cores: 8,
          memory: '32Gi',
          qosClass: 'Guaranteed',
          rootVolumeSize: '120Gi',
          rootVolumeStorageClass: 'ocs-storagecluster-ceph-rbd',
          rootVolumeAccessModes: ['ReadWriteMany'],
          rootVolumeMode: 'Block',
          cacheStrategy: 'PVC',
          networkInterfaceMultiqueue: 'Disable',
          attachDefaultNetwork: false,
          additionalNetworks: ['kv-ext-vms/vlan-100', 'kv-ext-vms/storage-net'],
          nodeSelector: { 'nvidia.com/gpu.present': 'true' },
          hostDevices: [{ deviceName: 'nvidia.com/GA102GL_A10', count: 2 }, { deviceName: 'intel.com/qat' }],
        },
      },
      taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }],
    },
    {
      name: 'kv-ext-small',
      replicas: 1,
      platform: { kubevirt: { containerDiskImage: 'quay.io/containerdisks/rhcos:4.16', rootVolumeSize: '16Gi' } },
    },
  ],
};

/** Agent, dual stack, mirrored registries, an extra CA bundle, pools picking Agents by label. */
const agentDual: HostedClusterProps = {
  name: 'agent-dual',
  namespace: 'fx-agent',
  release: {
    image: 'mirror.example.com:5000/openshift/release-images@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    version: '4.15.21',
  },
  baseDomain: 'bm.example.com',
  // Operators older than v0.1.80 need the shared Role; it covers the Role kind here.
  platform: { type: 'Agent', agent: { agentNamespace: 'fx-agents', legacyCapiProviderRole: true } },
  networking: { dualStack: true, machineNetwork: ['192.168.111.0/24', 'fd2e:6f44:5dd8:c956::/120'] },
  services: { apiServerAddress: '192.168.111.5' },
  imageContentSources: [
    { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.example.com:5000/openshift/release-images'] },
    { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: ['mirror.example.com:5000/openshift/release'] },
  ],
  additionalTrustBundle: [
    '-----BEGIN CERTIFICATE-----',
    'MIIBszCCAVmgAwIBAgIUFixtureFixtureFixtureFixtureFixAwCgYIKoZIzj0E',
    'AwIwHjEcMBoGA1UEAwwTbWlycm9yLmV4YW1wbGUuY29tMB4XDTI0MDEwMTAwMDAw',
    '-----END CERTIFICATE-----',
    '',
  ].join('\n'),
  pullSecret: vault('hosted-clusters/mirror-pull-secret'),
  sshKey: vault('hosted-clusters/agent-dual', 'ssh-public-key'),
  secretEncryption: { aescbc: SecretSource.existing('agent-dual-etcd-key') },
  nodePools: [
    {
      name: 'agent-dual-workers',
      replicas: 2,
      inPlace: { maxUnavailable: '25%' },
      platform: {
        agent: {
          agentLabelSelector: {
            matchLabels: { 'agent-install.openshift.io/bmh': 'worker' },
            matchExpressions: [{ key: 'example.com/rack', operator: 'In', values: ['r1', 'r2'] }],
          },
        },
      },
    },
  ],
};

/** None, with most HostedCluster and NodePool options that are not platform-specific. */
const noneFull: HostedClusterProps = {
  name: 'none-full',
  namespace: 'fx-none',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  baseDomain: 'lab.example.com',
  baseDomainPrefix: 'none-full-prefix',
  clusterID: '4f1c0b7e-2d7a-4c8e-9a51-6b2f8e3d9c10',
  controllerAvailabilityPolicy: 'HighlyAvailable',
  platform: { type: 'None' },
  services: { apiServerAddress: 'hcp-ingress.lab.example.com' },
  olmCatalogPlacement: 'guest',
  fips: true,
  pullSecret: SecretSource.existing('none-full-pull-secret'),
  sshKey: SecretSource.existing('none-full-ssh-key'),
  secretEncryption: { aescbc: SecretSource.existing('none-full-etcd-key') },
  networking: { networkType: 'OVNKubernetes', ovnMtu: 1400, clusterNetwork: ['10.136.0.0/14'], serviceNetwork: ['172.32.0.0/16'], machineNetwork: ['192.0.2.0/24'] },
  configuration: {
    oauth: {
      identityProviders: [
        {
          name: 'corp-sso',
          type: 'OpenID',
          mappingMethod: 'claim',
          openID: {
            clientID: 'openshift-none-full',
            clientSecret: { name: 'corp-sso-client-secret' },
            ca: { name: 'corp-sso-ca' },
            issuer: 'https://sso.example.com/realms/openshift',
            claims: { preferredUsername: ['preferred_username'], name: ['name'], email: ['email'], groups: ['groups'] },
            extraScopes: ['email', 'profile'],
          },
        },
        { name: 'local-users', type: 'HTPasswd', mappingMethod: 'claim', htpasswd: { fileData: { name: 'htpass-secret' } } },
      ],
      tokenConfig: { accessTokenMaxAgeSeconds: 86400 },
    },
    apiServer: {
      audit: { profile: 'WriteRequestBodies', customRules: [{ group: 'system:authenticated:oauth', profile: 'AllRequestBodies' }] },
      servingCerts: {
        namedCertificates: [{ names: ['api.none-full.lab.example.com'], servingCertificate: { name: 'none-full-api-cert' } }],
      },
      additionalCORSAllowedOrigins: ['(?i)//console\\.lab\\.example\\.com(:|\\z)'],
      tlsSecurityProfile: { type: 'Intermediate', intermediate: {} },
    },
    proxy: {
      httpProxy: 'http://proxy.lab.example.com:3128',
      httpsProxy: 'http://proxy.lab.example.com:3128',
      noProxy: '.lab.example.com,10.0.0.0/8,192.0.2.0/24',
      trustedCA: { name: 'proxy-ca-bundle' },
    },
    featureGate: { featureSet: 'CustomNoUpgrade', customNoUpgrade: { enabled: ['ExampleFeature'], disabled: [] } },
  },
  auditWebhookSecret: 'none-full-audit-webhook',
  nodeSelector: { 'node-role.kubernetes.io/infra': '' },
  tolerations: [
    { key: 'node-role.kubernetes.io/infra', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'hypershift.openshift.io/control-plane', operator: 'Equal', value: 'true', effect: 'NoExecute', tolerationSeconds: 300 },
  ],
  pausedUntil: '2030-01-01T00:00:00Z',
  labels: { 'example.com/env': 'lab' },
  annotations: { 'example.com/ticket': 'OPS-1234' },
  podLabels: { 'example.com/cluster': 'none-full' },
  priorityClasses: { controlPlane: 'hypershift-control-plane', apiCritical: 'hypershift-api-critical', etcd: 'hypershift-etcd' },
  resourceRequestOverrides: { 'kube-apiserver.kube-apiserver': { memory: '4Gi', cpu: '1500m', 'hugepages-2Mi': '256Mi' }, 'etcd.etcd': { memory: '2Gi' } },
  requestServingIsolation: { additionalNodeSelector: { 'node.example.com/size': 'large' } },
  restartDate: '2025-06-01T00:00:00Z',
  capabilities: { disabled: ['ImageRegistry', 'openshift-samples', 'Insights', 'Console', 'Ingress'], enabled: ['baremetal'] },
  channel: 'stable-4.17',
  issuerURL: 'https://oidc.lab.example.com/none-full',
  serviceAccountSigningKeySecret: 'none-full-sa-signing-key',
  specOverrides: { updateService: 'https://updates.lab.example.com/api/upgrades_info/v1/graph', etcd: { managed: { storage: { persistentVolume: { size: '20Gi' } } } } },
  nodePools: [
    {
      name: 'none-full-workers',
      replicas: 3,
      inPlace: { maxUnavailable: 1 },
      nodeLabels: { 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/worker-cnf': '', 'example.com/zone': 'lab-a' },
      taints: [
        { key: 'example.com/dedicated', value: 'lab', effect: 'NoSchedule' },
        { key: 'example.com/maintenance', effect: 'PreferNoSchedule' },
      ],
      // Every kind of node configuration, each serialized into its own ConfigMap (the suite posts
      // the payloads against their own CRDs too), and one ConfigMap that exists already.
      config: [
        {
          machineConfig: {
            name: 'none-full-chrony',
            spec: {
              config: { storage: { files: [{ path: '/etc/chrony.conf', mode: 420, overwrite: true, contents: { source: 'data:,server%20ntp.lab.example.com%20iburst%0A' } }] } },
              kernelArguments: ['nosmt'],
            },
          },
        },
        { kubeletConfig: { name: 'none-full-max-pods', spec: { kubeletConfig: { maxPods: 500 }, autoSizingReserved: true } } },
        { containerRuntimeConfig: { name: 'none-full-pids', spec: { containerRuntimeConfig: { pidsLimit: 4096, logSizeMax: '50Mi' } } } },
        { imageDigestMirrorSet: { name: 'none-full-mirrors', spec: { imageDigestMirrors: [{ source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['registry.lab.example.com/ocp-release'] }] } } },
        { existingConfigMap: 'none-full-extra-machineconfig' },
      ],
      tuningConfig: [
        {
          tuned: {
            name: 'none-full-tuned',
            spec: {
              profile: [{ name: 'none-full-dirty-ratio', data: '[main]\nsummary=Dirty ratio\ninclude=openshift-node\n[sysctl]\nvm.dirty_ratio="55"\n' }],
              recommend: [{ priority: 20, profile: 'none-full-dirty-ratio', match: [{ label: 'example.com/zone', value: 'lab-a' }] }],
            },
          },
        },
        {
          performanceProfile: {
            name: 'none-full-performance',
            spec: {
              cpu: { reserved: '0-1', isolated: '2-15' },
              nodeSelector: { 'node-role.kubernetes.io/worker-cnf': '' },
              hugepages: { defaultHugepagesSize: '1G', pages: [{ size: '1G', count: 4 }] },
              numa: { topologyPolicy: 'single-numa-node' },
              realTimeKernel: { enabled: false },
            },
          },
        },
      ],
      pausedUntil: true,
      specOverrides: { nodeDrainTimeout: '10m' },
    },
    {
      name: 'none-full-older',
      release: { image: 'quay.io/openshift-release-dev/ocp-release:4.15.20-x86_64' },
      arch: 'ppc64le',
      upgradeType: 'Replace',
      replace: { strategy: 'OnDelete' },
    },
  ],
};

/** Inline secret values (opt-in): the Secrets themselves land in the output and are checked too. */
const inlineSecrets: HostedClusterProps = {
  name: 'inline-lab',
  namespace: 'fx-inline',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
  platform: { type: 'None' },
  services: { apiServerAddress: '203.0.113.7' },
  pullSecret: SecretSource.inline(JSON.stringify({ auths: { 'quay.io': { auth: Buffer.from('user:token').toString('base64'), email: 'ops@example.com' } } })),
  sshKey: SecretSource.inline('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFixtureFixtureFixtureFixtureFixtureFixture0 ops@example.com'),
  secretEncryption: {
    aescbc: SecretSource.inline(Buffer.alloc(32, 7).toString('base64')),
    backupKey: SecretSource.inline(Buffer.alloc(32, 9).toString('base64')),
  },
};

const PEM_CA = '-----BEGIN CERTIFICATE-----\nMIIBfixtureCA\n-----END CERTIFICATE-----\n';
const PEM_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEfixtureKey\n-----END PRIVATE KEY-----\n';

/**
 * Access: every identity provider type, with Secrets inline, from a store and existing, CA
 * bundles written and existing; two named certificates; the API allow-list, address and port.
 */
const access: HostedClusterProps = {
  name: 'access-lab',
  namespace: 'fx-access',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  platform: { type: 'None' },
  services: { apiServerAddress: '203.0.113.8' },
  pullSecret: SecretSource.existing('access-lab-pull-secret'),
  networking: { apiServer: { allowedCIDRBlocks: ['203.0.113.0/24', '2001:db8::/32'], advertiseAddress: '172.20.0.1', port: 6443 } },
  identityProviders: [
    { name: 'local', type: 'HTPasswd', mappingMethod: 'add', htpasswd: { fileData: SecretSource.inline('admin:$2y$05$fixturefixturefixturefixtureu') } },
    {
      name: 'sso',
      type: 'OpenID',
      mappingMethod: 'claim',
      openID: {
        clientID: 'access-lab',
        clientSecret: vault('hosted-clusters/access-lab', 'oidc'),
        issuer: 'https://sso.example.com/realms/lab',
        ca: { pem: PEM_CA },
        claims: { preferredUsername: ['preferred_username'], name: ['name'], email: ['email'], groups: ['groups'] },
        extraScopes: ['profile'],
        extraAuthorizeParameters: { prompt: 'login' },
      },
    },
    { name: 'github', type: 'GitHub', github: { clientID: 'gh', clientSecret: SecretSource.inline('gh-secret'), hostname: 'github.example.com', ca: { existingConfigMap: 'github-ca' }, teams: ['acme/platform'] } },
    { name: 'gitlab', type: 'GitLab', gitlab: { clientID: 'gl', clientSecret: SecretSource.existing('gitlab-client'), url: 'https://gitlab.example.com', ca: { pem: PEM_CA } } },
    { name: 'google', type: 'Google', mappingMethod: 'lookup', google: { clientID: 'go', clientSecret: vault('hosted-clusters/access-lab', 'google'), hostedDomain: 'example.com' } },
    {
      name: 'ldap',
      type: 'LDAP',
      ldap: {
        url: 'ldaps://ldap.example.com/ou=users,dc=example,dc=com?uid',
        bindDN: 'cn=reader,dc=example,dc=com',
        bindPassword: SecretSource.inline('bind-password'),
        ca: { pem: PEM_CA },
        attributes: { id: ['dn'], preferredUsername: ['uid'], name: ['cn'], email: ['mail'] },
      },
    },
    { name: 'keystone', type: 'Keystone', keystone: { url: 'https://keystone.example.com:5000', domainName: 'default', tlsClientCert: SecretSource.inline(PEM_CA), tlsClientKey: SecretSource.inline(PEM_KEY) } },
    { name: 'basic', type: 'BasicAuth', basicAuth: { url: 'https://auth.example.com/check', ca: { existingConfigMap: 'basic-ca' } } },
    {
      name: 'proxy',
      type: 'RequestHeader',
      requestHeader: {
        ca: { pem: PEM_CA },
        headers: ['X-Remote-User'],
        loginURL: 'https://proxy.example.com/oauth/authorize?${query}',
        clientCommonNames: ['auth-proxy'],
        preferredUsernameHeaders: ['X-Remote-User-Login'],
        nameHeaders: ['X-Remote-User-Display-Name'],
        emailHeaders: ['X-Remote-User-Email'],
      },
    },
  ],
  namedCertificates: [
    { names: ['api.access-lab.example.com'], servingCertificate: SecretSource.inline(PEM_CA + PEM_KEY) },
    { names: ['*.apps.access-lab.example.com'], servingCertificate: vault('hosted-clusters/access-lab-apps-cert') },
  ],
};

/**
 * AWS from the JSON `hcp create infra aws` and `hcp create iam aws --kms-key-arn` write (their
 * field names exactly), through awsPropsFromCliOutput: KMS encryption, external DNS names.
 */
const awsFromCliJson: HostedClusterProps = {
  ...awsPropsFromCliOutput(
    {
      region: 'ap-southeast-2', zone: '', infraID: 'cli-json-q4m8z', machineCIDR: '10.40.0.0/16', vpcID: 'vpc-0c1d2e3f405162738',
      zones: [
        { name: 'ap-southeast-2a', subnetID: 'subnet-0aa0aa0aa0aa0aa01' },
        { name: 'ap-southeast-2b', subnetID: 'subnet-0bb0bb0bb0bb0bb02' },
      ],
      Name: 'cli-json', baseDomain: 'json.example.com', baseDomainPrefix: '', publicZoneID: 'Z0JSONPUBLIC000001', privateZoneID: 'Z0JSONPRIVATE00001',
      localZoneID: 'Z0JSONLOCAL0000001', proxyAddr: '', secureProxyAddr: '', proxyPrivateSSHKey: '', publicOnly: false, proxyCA: '',
      vpcCreatorAccountID: '', clusterAccountID: '',
    },
    {
      region: 'ap-southeast-2', profileName: 'cli-json-q4m8z-worker', infraID: 'cli-json-q4m8z',
      issuerURL: 'https://hcp-oidc-fixtures.s3.ap-southeast-2.amazonaws.com/cli-json-q4m8z',
      roles: cliRolesRef(account, 'cli-json-q4m8z'),
      kmsKeyARN: `arn:aws:kms:ap-southeast-2:${account}:key/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b`,
      kmsProviderRoleARN: `arn:aws:iam::${account}:role/cli-json-q4m8z-kms-provider`,
    },
    { endpointAccess: 'Public', externalDnsDomain: 'hcp.json.example.com', resourceTags: { source: 'cli-json' } },
  ),
  namespace: 'fx-aws-json',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
  pullSecret: vault('hosted-clusters/pull-secret'),
  nodePools: [{ name: 'cli-json-ap-southeast-2a', replicas: 2, platform: { aws: { zone: 'ap-southeast-2a' } } }, { name: 'cli-json-ap-southeast-2b', replicas: 2, platform: { aws: { zone: 'ap-southeast-2b' } } }],
};

const catalogDigest = (n: number) => `sha256:${String(n).repeat(64)}`;

/**
 * A disconnected cluster restored from an etcd snapshot (issue 19): the snapshot URL with the
 * backed-up cluster's key, mirrors, release by digest, the four OLM catalog images by digest, a
 * trust bundle from an existing ConfigMap, and a destroy grace period.
 */
const restored: HostedClusterProps = {
  name: 'restored-lab',
  namespace: 'fx-restore',
  release: { image: `quay.io/openshift-release-dev/ocp-release@sha256:${'e'.repeat(64)}`, version: '4.16.4' },
  platform: { type: 'None' },
  services: { apiServerAddress: '203.0.113.21' },
  controllerAvailabilityPolicy: 'HighlyAvailable',
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: vault('hosted-clusters/restored-lab-original', 'etcd-key') },
  etcd: { storageSize: '16Gi', restoreSnapshotURL: 'https://backups.s3.eu-west-1.amazonaws.com/restored-lab/etcd-0-snapshot.db' },
  imageContentSources: [{ source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.lab.example.com:5000/ocp/release'] }],
  additionalTrustBundle: { existingConfigMap: 'mirror-ca' },
  olmCatalogs: {
    images: {
      certifiedOperators: `mirror.lab.example.com:5000/redhat/certified-operator-index@${catalogDigest(1)}`,
      communityOperators: `mirror.lab.example.com:5000/redhat/community-operator-index@${catalogDigest(2)}`,
      redhatMarketplace: `mirror.lab.example.com:5000/redhat/redhat-marketplace-index@${catalogDigest(3)}`,
      redhatOperators: `mirror.lab.example.com:5000/redhat/redhat-operator-index@${catalogDigest(4)}`,
    },
  },
  destroyGracePeriod: '15m',
  nodePools: [{ name: 'restored-lab-workers', replicas: 2, release: { image: `quay.io/openshift-release-dev/ocp-release@sha256:${'e'.repeat(64)}`, version: '4.16.4' } }],
};

/** An etcd of your own (managementType Unmanaged) with its client Secret from a store, and catalog registry overrides. */
const ownEtcd: HostedClusterProps = {
  name: 'own-etcd',
  namespace: 'fx-own-etcd',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  platform: { type: 'None' },
  services: { apiServerAddress: '203.0.113.22' },
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('own-etcd-etcd-encryption-key') },
  etcd: { unmanaged: { endpoint: 'https://etcd.lab.example.com:2379', clientSecret: vault('hosted-clusters/own-etcd-client') } },
  olmCatalogs: { registryOverrides: { 'registry.redhat.io': 'mirror.lab.example.com:5000', 'quay.io': 'mirror.lab.example.com:5000/quay' } },
  additionalTrustBundle: PEM_CA,
};

export const CONFORMANCE_FIXTURES: readonly ConformanceFixture[] = [
  { id: 'aws-private', props: awsPrivate, options: OPTIONS },
  { id: 'aws-cli-json', props: awsFromCliJson, options: OPTIONS },
  { id: 'kubevirt-external', props: kubevirtExternal, options: OPTIONS },
  { id: 'agent-dual-stack', props: agentDual, options: OPTIONS },
  { id: 'none-full', props: noneFull, options: OPTIONS },
  { id: 'inline-secrets', props: inlineSecrets, options: { ...OPTIONS, allowInlineSecrets: true } },
  { id: 'access', props: access, options: { ...OPTIONS, allowInlineSecrets: true } },
  { id: 'restored', props: restored, options: OPTIONS },
  { id: 'own-etcd', props: ownEtcd, options: OPTIONS },
  ...AZURE_FIXTURES,
];
