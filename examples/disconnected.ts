/**
 * A second, small example app: a disconnected management cluster and one KubeVirt hosted cluster
 * on it. Every image comes from `mirror.example.com:5000`, whose CA both trust: the management
 * cluster through `registry-config` and the Image config, the hosted cluster's nodes through
 * `additionalTrustBundle`. `npx hcp-constructs synth examples/disconnected.ts` writes it.
 * (The built-in example's management cluster stays connected: its AWS clusters reach the
 * internet.)
 */
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps, ManagementClusterProps } from '../lib';
import { SecretSource } from '../lib';
import { HostedClusterBundle, ManagementCluster, runSynth } from '../lib/cdk8s';
import { EXAMPLE_OPTIONS } from './clusters';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

const MIRROR = 'mirror.example.com:5000';

/** The CA of the mirror registry (a made-up certificate: put yours here). */
export const MIRROR_CA = `-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUExampleMirrorRegistryCAOnlyForTheExample0wCgYIKoZIzj0EAwIw
HzEdMBsGA1UEAwwUbWlycm9yLmV4YW1wbGUuY29tIENBMB4XDTI1MDEwMTAwMDAwMFoXDTM1MDEw
-----END CERTIFICATE-----
`;

/** The release, pinned by digest as a disconnected cluster needs (`oc adm release info` on the mirror gives it). */
const RELEASE = { image: `quay.io/openshift-release-dev/ocp-release@sha256:${'5f7b'.repeat(16)}`, version: '4.17.3' };

/**
 * The management cluster: OpenShift Virtualization and MetalLB from a mirrored catalog (by
 * digest), the release and its component images mirrored by digest, Red Hat registries by tag,
 * the mirror's CA, the KubeVirt boot image that oc-mirror v1 leaves out, the install flag a hub
 * without Telemetry drops (by default), the hypershift add-on's ManagedClusterAddOn, and OpenShift
 * GitOps from the mirrored catalog.
 */
export const DISCONNECTED_MANAGEMENT_CLUSTER: ManagementClusterProps = {
  platforms: ['KubeVirt'],
  catalogSources: [{ name: 'mirror-redhat-operators', image: `${MIRROR}/redhat/redhat-operator-index@sha256:${'9c1e'.repeat(16)}`, displayName: 'Red Hat operators (mirror)' }],
  operators: {
    multiclusterEngine: { source: 'mirror-redhat-operators' },
    metallb: { source: 'mirror-redhat-operators' },
    virtualization: { source: 'mirror-redhat-operators' },
    lvms: { source: 'mirror-redhat-operators' },
  },
  // OpenShift GitOps, which applies these folders, from the same mirrored catalog.
  additionalOperators: [{ package: 'openshift-gitops-operator', namespace: 'openshift-gitops-operator', channel: 'latest', source: 'mirror-redhat-operators', targetNamespaces: 'AllNamespaces' }],
  // This hub's MCE does not create the hypershift add-on by itself: it is written here, and the
  // hosted cluster waits until the add-on reports Available.
  multiclusterEngine: { hypershiftAddOn: { managedClusterAddOn: true } },
  machineNetwork: ['192.168.122.0/24'],
  metallb: { pools: [{ name: 'hosted-control-planes', addresses: ['192.168.122.200-192.168.122.250'] }] },
  storage: 'lvms',
  defaultStorageClass: 'lvms-vg1',
  disconnected: {
    digestMirrors: [
      { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: [`${MIRROR}/openshift/release-images`] },
      { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: [`${MIRROR}/openshift/release`] },
    ],
    tagMirrors: [{ source: 'registry.redhat.io', mirrors: [`${MIRROR}/redhat`] }],
    registryCAs: [{ host: 'mirror.example.com', port: 5000, certificate: MIRROR_CA }],
    kubevirtBootImage: { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirror: `${MIRROR}/openshift/release` },
  },
};

/** A KubeVirt hosted cluster on it: its nodes pull the release through the same mirrors and trust the same CA. */
export const DISCONNECTED_CLUSTER: HostedClusterProps = {
  name: 'kv-disconnected',
  namespace: 'disconnected-clusters',
  release: RELEASE,
  platform: { type: 'KubeVirt', kubevirt: {} },
  controllerAvailabilityPolicy: 'HighlyAvailable',
  imageContentSources: [
    { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: [`${MIRROR}/openshift/release-images`] },
    { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: [`${MIRROR}/openshift/release`] },
  ],
  additionalTrustBundle: MIRROR_CA,
  pullSecret: vault('hosted-clusters/mirror-pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('kv-disconnected-etcd-encryption-key') },
  nodePools: [{ name: 'kv-disconnected', replicas: 2, platform: { kubevirt: { cores: 4, memory: '16Gi' } } }],
};

/** Adds the management cluster and its hosted cluster to `app`. */
export function define(app: App): void {
  new ManagementCluster(new Chart(app, 'management-cluster'), 'management', DISCONNECTED_MANAGEMENT_CLUSTER);
  new HostedClusterBundle(new Chart(app, 'kubevirt-kv-disconnected'), 'cluster', { ...DISCONNECTED_CLUSTER, options: EXAMPLE_OPTIONS });
}

if (require.main === module) process.exitCode = runSynth(define);
