/**
 * A disconnected management cluster (issue 19 part E, checks E1-E9): the mirror sets, the registry
 * CA ConfigMap and the Image patch, the install flag of a disconnected hub, the KubeVirt boot image
 * mirror, and across the app the images by digest and the hosted clusters' trust bundle; with the
 * exact findings of each rule.
 */
import { App, Chart } from 'cdk8s';
import { checkManagementCluster } from '../../lib';
import type { HostedClusterProps, ManagementClusterProps } from '../../lib';
import { HostedClusterBundle, ManagementCluster } from '../../lib/cdk8s';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { repositoryMistake } from '../../lib/management';
import { quote } from '../../lib/core/schema';
import { EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { DISCONNECTED_MANAGEMENT_CLUSTER } from '../../examples/disconnected';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBexample\n-----END CERTIFICATE-----';
const DIGEST = `sha256:${'a'.repeat(64)}`;
const none: ManagementClusterProps = { platforms: ['None'] };
const kubevirt: ManagementClusterProps = { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] }, machineNetwork: ['10.0.0.0/24'], storage: 'lvms', defaultStorageClass: 'lvms-vg1' };

const findings = (props: unknown) => checkManagementCluster(props).issues.map((i) => `${i.severity} ${i.path}: ${i.message} | ${i.fix}`);
const items = (props: ManagementClusterProps) => checkManagementCluster(props).plan!.objects;
const item = (props: ManagementClusterProps, kind: string, name?: string) => items(props).find((o) => o.object.kind === kind && (name === undefined || o.object.metadata.name === name));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const body = (props: ManagementClusterProps, kind: string, name?: string) => item(props, kind, name)?.object as any;

describe('mirror sets (E1)', () => {
  const props: ManagementClusterProps = {
    ...none,
    disconnected: {
      digestMirrors: [
        { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.example.com:5000/openshift/release-images'] },
        { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: ['mirror.example.com:5000/openshift/release'], mirrorSourcePolicy: 'NeverContactSource' },
      ],
      tagMirrors: [{ source: '*.redhat.io', mirrors: ['mirror.example.com:5000/redhat'] }],
    },
  };

  test('an ImageDigestMirrorSet and an ImageTagMirrorSet hcp-mirrors in the image-configuration phase (wave -4), entries as given', () => {
    const idms = item(props, 'ImageDigestMirrorSet', 'hcp-mirrors')!;
    expect(idms.phase).toEqual({ name: 'image-configuration', wave: -4 });
    expect(idms.object).toEqual({
      apiVersion: 'config.openshift.io/v1',
      kind: 'ImageDigestMirrorSet',
      metadata: { name: 'hcp-mirrors' },
      spec: {
        imageDigestMirrors: [
          { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.example.com:5000/openshift/release-images'] },
          { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: ['mirror.example.com:5000/openshift/release'], mirrorSourcePolicy: 'NeverContactSource' },
        ],
      },
    });
    expect(body(props, 'ImageTagMirrorSet', 'hcp-mirrors').spec).toEqual({ imageTagMirrors: [{ source: '*.redhat.io', mirrors: ['mirror.example.com:5000/redhat'] }] });
    expect(item(props, 'ImageTagMirrorSet')!.phase.wave).toBe(-4);
    expect(findings(props)).toEqual([]);
    // mirrorSetName names both.
    const named = { ...none, disconnected: { ...props.disconnected, mirrorSetName: 'oc-mirror' } };
    expect(items(named).filter((o) => o.object.metadata.name === 'oc-mirror').map((o) => o.object.kind)).toEqual(['ImageDigestMirrorSet', 'ImageTagMirrorSet']);
  });

  test('nothing is written for a connected cluster, nor for an empty disconnected', () => {
    expect(items(none).filter((o) => o.phase.name === 'image-configuration')).toEqual([]);
    expect(items({ ...none, disconnected: {} }).filter((o) => o.phase.name === 'image-configuration')).toEqual([]);
  });

  test('a scheme, a tag, a digest, a trailing slash or upper case in the path: an error naming the prop, with the corrected text', () => {
    const bad = {
      ...none,
      disconnected: {
        digestMirrors: [{ source: 'https://quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64', mirrors: ['mirror.example.com:5000/OpenShift/Release/'] }],
        tagMirrors: [{ source: `registry.redhat.io/rhel9/support-tools@${DIGEST}`, mirrors: ['mirror.example.com:5000/rhel9'] }],
      },
    };
    expect(findings(bad)).toEqual([
      'error disconnected.digestMirrors[0].source: source "https://quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64" starts with the scheme "https://", ends in the tag "4.17.3-x86_64"; a mirror set maps repositories (host[:port]/path), not URLs or images. | Write "quay.io/openshift-release-dev/ocp-release".',
      'error disconnected.digestMirrors[0].mirrors[0]: mirror "mirror.example.com:5000/OpenShift/Release/" ends in "/", has upper-case letters in its path; a mirror set maps repositories (host[:port]/path), not URLs or images. | Write "mirror.example.com:5000/openshift/release".',
      `error disconnected.tagMirrors[0].source: source ${quote(`registry.redhat.io/rhel9/support-tools@${DIGEST}`)} names an image by digest; a mirror set maps repositories (host[:port]/path), not URLs or images. | Write "registry.redhat.io/rhel9/support-tools".`,
    ]);
  });

  test('what the mistakes do not cover is checked against the CRD pattern, and the finding names the prop', () => {
    const issues = checkManagementCluster({ ...none, disconnected: { digestMirrors: [{ source: 'quay.io/a', mirrors: ['mirror.example.com/a'] }, { source: 'bad source!', mirrors: ['mirror.example.com/b'] }] } }).issues;
    expect(issues.map((i) => [i.object, i.path, i.renderedPath])).toEqual([['ImageDigestMirrorSet hcp-mirrors', 'disconnected.digestMirrors[1].source', 'spec.imageDigestMirrors[1].source']]);
    expect(issues[0].message).toMatch(/^Invalid value: "bad source!": .* should match/);
  });

  test('a mirror that is its source, a wildcard mirror, a source given twice, an entry without mirrors', () => {
    const bad = {
      ...none,
      disconnected: {
        digestMirrors: [
          { source: 'quay.io/a', mirrors: ['quay.io/a', '*.example.com'] },
          { source: 'quay.io/a', mirrors: ['mirror.example.com/a'] },
          { source: 'quay.io/b', mirrors: [] },
        ],
      },
    };
    expect(findings(bad)).toEqual([
      'error disconnected.digestMirrors[0].mirrors[0]: mirror "quay.io/a" is the source itself, so nothing is mirrored. | Give the repository on your mirror registry that holds a copy.',
      'error disconnected.digestMirrors[0].mirrors[1]: mirror "*.example.com" is a wildcard; only a source may name a registry and its subdomains (*.example.com). | Give one repository on your mirror registry.',
      'error disconnected.digestMirrors[1].source: source "quay.io/a" is also given at disconnected.digestMirrors[0]; a repository has one list of mirrors. | Merge the mirrors of both entries into disconnected.digestMirrors[0].',
      'error disconnected.digestMirrors[2].mirrors: source "quay.io/b" has no mirror, so pulls of it are not redirected. | Give the repository on your mirror registry, or remove the entry.',
    ]);
  });

  test('repositoryMistake leaves good repositories, host:port and wildcards alone', () => {
    expect(repositoryMistake('mirror.example.com:5000/openshift/release')).toBeUndefined();
    expect(repositoryMistake('mirror.example.com:5000')).toBeUndefined();
    expect(repositoryMistake('*.redhat.io')).toBeUndefined();
    expect(repositoryMistake('Mirror.Example.com/a')).toBeUndefined();
  });
});

describe('registry CAs (E4, E5)', () => {
  const props: ManagementClusterProps = {
    ...none,
    disconnected: { registryCAs: [{ host: 'mirror.example.com', port: 5000, certificate: PEM }, { host: 'registry.example.com', certificate: `${PEM}\n` }] },
  };

  test('one key per registry, host..port (two dots for the colon), each value ending in a newline, in openshift-config', () => {
    const configMap = item(props, 'ConfigMap', 'registry-config')!;
    expect(configMap.phase.wave).toBe(-4);
    expect(configMap.object).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'registry-config', namespace: 'openshift-config' },
      data: { 'mirror.example.com..5000': `${PEM}\n`, 'registry.example.com': `${PEM}\n` },
    });
    expect(findings(props)).toEqual([]);
  });

  test('the patch of Image cluster: spec.additionalTrustedCA is one object naming the ConfigMap, applied as a patch after it', () => {
    const image = item(props, 'Image', 'cluster')!;
    expect(image.patch).toBe(true);
    expect(image.phase.wave).toBe(-4);
    expect(image.dependsOn).toEqual(['/ConfigMap/openshift-config/registry-config']);
    expect(image.object).toEqual({
      apiVersion: 'config.openshift.io/v1',
      kind: 'Image',
      metadata: { name: 'cluster', annotations: { 'argocd.argoproj.io/sync-options': 'ServerSideApply=true,Delete=false', 'kustomize.toolkit.fluxcd.io/prune': 'disabled' } },
      spec: { additionalTrustedCA: { name: 'registry-config' } },
    });
    const named = { ...none, disconnected: { ...props.disconnected, registryCAConfigMap: 'mirror-cas' } };
    expect(body(named, 'Image').spec.additionalTrustedCA).toEqual({ name: 'mirror-cas' });
    expect(body(named, 'ConfigMap', 'mirror-cas').metadata.namespace).toBe('openshift-config');
    expect(item({ ...none, disconnected: {} }, 'Image')).toBeUndefined();
  });

  test('a host with its port, a host that is no host, a registry given twice, a certificate that is not PEM', () => {
    const bad = {
      ...none,
      disconnected: {
        registryCAs: [
          { host: 'mirror.example.com:5000', certificate: PEM },
          { host: 'https://mirror.example.com/v2', certificate: PEM },
          { host: 'mirror.example.com', port: 5000, certificate: 'not a certificate' },
        ],
      },
    };
    expect(findings(bad)).toEqual([
      'error disconnected.registryCAs[0].host: host "mirror.example.com:5000" holds a port; the key of the CA is built from host and port. | Give host: "mirror.example.com", port: 5000.',
      'error disconnected.registryCAs[1].host: host "https://mirror.example.com/v2" is not a host name or IPv4 address. | Give the registry host alone, without scheme or path: mirror.example.com.',
      'error disconnected.registryCAs[2]: the CA of mirror.example.com..5000 is also given at disconnected.registryCAs[0]. | Give each registry once; put several certificates into one PEM text.',
      'error disconnected.registryCAs[2].certificate: the CA bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----"). | Give the PEM text of the registry\'s CA ("-----BEGIN CERTIFICATE-----...").',
    ]);
  });
});

describe('the install flag of a disconnected hub (E6)', () => {
  test('disconnected removes --enable-uwm-telemetry-remote-write through hypershift-operator-install-flags; telemetryRemoteWrite: true keeps it', () => {
    expect(body({ ...none, disconnected: {} }, 'ConfigMap', 'hypershift-operator-install-flags').data).toEqual({ installFlagsToAdd: '', installFlagsToRemove: '--enable-uwm-telemetry-remote-write' });
    expect(item({ ...none, disconnected: { telemetryRemoteWrite: true } }, 'ConfigMap', 'hypershift-operator-install-flags')).toBeUndefined();
    expect(body({ ...none, disconnected: {}, monitoring: { dashboards: true } }, 'ConfigMap', 'hypershift-operator-install-flags').data).toEqual({
      installFlagsToAdd: '--monitoring-dashboards',
      installFlagsToRemove: '--enable-uwm-telemetry-remote-write',
    });
  });

  test('the same flag given raw is an error naming the typed prop', () => {
    expect(findings({ ...none, disconnected: {}, multiclusterEngine: { installFlags: { remove: ['--enable-uwm-telemetry-remote-write'] } } })).toEqual([
      'error multiclusterEngine.installFlags.remove[0]: --enable-uwm-telemetry-remote-write is what disconnected.telemetryRemoteWrite sets; giving it here too can contradict it. | Set it through disconnected.telemetryRemoteWrite only.',
    ]);
    expect(findings({ ...none, disconnected: { telemetryRemoteWrite: true }, multiclusterEngine: { installFlags: { remove: ['--enable-uwm-telemetry-remote-write'] } } })).toEqual([]);
  });
});

describe('the KubeVirt boot image mirror (E2)', () => {
  const boot = { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirror: 'mirror.example.com:5000/openshift/release' };

  test('ImageDigestMirrorSet rhcos-boot-kubevirt: source the quay.io repository, mirrors the internal one', () => {
    const props = { ...kubevirt, disconnected: { kubevirtBootImage: boot } };
    const set = item(props, 'ImageDigestMirrorSet', 'rhcos-boot-kubevirt')!;
    expect(set.phase.wave).toBe(-4);
    expect((set.object as { spec?: unknown }).spec).toEqual({ imageDigestMirrors: [{ source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: ['mirror.example.com:5000/openshift/release'] }] });
    expect(findings(props)).toEqual([]);
  });

  test('swapped source and mirror (the documentation example\'s mistake) is an error that says so', () => {
    expect(findings({ ...kubevirt, disconnected: { kubevirtBootImage: { source: boot.mirror, mirror: boot.source } } })).toEqual([
      'error disconnected.kubevirtBootImage.source: source "mirror.example.com:5000/openshift/release" looks like your mirror and mirror "quay.io/openshift-release-dev/ocp-v4.0-art-dev" like the quay.io repository: they are swapped (as in the documentation\'s example). | Swap them: source "quay.io/openshift-release-dev/ocp-v4.0-art-dev", mirror "mirror.example.com:5000/openshift/release".',
    ]);
  });

  test('a source not on quay.io, a mirror on quay.io, the digest-ref pasted whole', () => {
    expect(findings({ ...kubevirt, disconnected: { kubevirtBootImage: { source: 'registry.example.com/rhcos', mirror: boot.mirror } } })).toEqual([
      'error disconnected.kubevirtBootImage.source: source "registry.example.com/rhcos" is not a quay.io repository; the boot image\'s digest-ref names one (quay.io/openshift-release-dev/ocp-v4.0-art-dev). | Give the repository of the kubevirt digest-ref in the payload\'s 0000_50_installer_coreos-bootimages.yaml (the part before "@").',
    ]);
    expect(findings({ ...kubevirt, disconnected: { kubevirtBootImage: { source: boot.source, mirror: 'quay.io/me/rhcos' } } })).toEqual([
      'error disconnected.kubevirtBootImage.mirror: mirror "quay.io/me/rhcos" is on quay.io; a disconnected cluster cannot reach it. | Give the repository on your mirror registry that `oc image mirror` copied the boot image to.',
    ]);
    expect(findings({ ...kubevirt, disconnected: { kubevirtBootImage: { source: `${boot.source}@${DIGEST}`, mirror: boot.mirror } } })).toEqual([
      `error disconnected.kubevirtBootImage.source: source ${quote(`${boot.source}@${DIGEST}`)} names an image by digest; a mirror set maps repositories (host[:port]/path), not URLs or images. | Write "${boot.source}".`,
    ]);
  });

  test('without a platform whose nodes are virtual machines it is a warning', () => {
    expect(findings({ ...none, disconnected: { kubevirtBootImage: boot } })).toEqual([
      'warning disconnected.kubevirtBootImage: none of the platforms runs its nodes as KubeVirt virtual machines, so nothing boots the image this mirror set is for. | Remove kubevirtBootImage, or add the platform whose nodes are KubeVirt VMs.',
    ]);
  });
});

describe('images by digest and the hosted clusters\' trust bundle across the app (E8, E9)', () => {
  const WHY = 'the management cluster is disconnected, and image digest mirrors apply only to pulls by digest.';
  const FIX = 'Pin the image by digest (registry/repository@sha256:<64 hex digits>); `skopeo inspect` or `oc image info` on the tag gives it.';

  test('the management cluster\'s own catalog images, at their props paths', () => {
    const props = { ...none, disconnected: {}, catalogSources: [{ name: 'ok', image: `mirror.example.com/index@${DIGEST}` }, { name: 'tagged', image: 'mirror.example.com/index:v4.17' }] };
    expect(findings(props)).toEqual([`error catalogSources[1].image: catalog image "mirror.example.com/index:v4.17" is pinned by tag, but ${WHY} | ${FIX}`]);
    // Connected, a tag is fine.
    expect(findings({ ...props, disconnected: undefined })).toEqual([]);
  });

  const appIssues = (cluster: HostedClusterProps, management: ManagementClusterProps, clusterFirst = false) => {
    const app = new App();
    const addManagement = () => new ManagementCluster(new Chart(app, 'm'), 'management', management);
    const addCluster = () => new HostedClusterBundle(new Chart(app, 'kv'), 'cluster', { ...cluster, options: EXAMPLE_OPTIONS });
    if (clusterFirst) (addCluster(), addManagement());
    else (addManagement(), addCluster());
    return collectIssues(app).map((i) => `${i.severity} ${i.object.replace(/ \(.*\)$/, '')} ${i.path}${i.renderedPath ? ` (${i.renderedPath})` : ''}: ${i.message}`);
  };
  const digested: HostedClusterProps = { ...kubevirtCluster, release: { image: `quay.io/openshift-release-dev/ocp-release@${DIGEST}`, version: '4.16.4' } };
  const cas = { registryCAs: [{ host: 'mirror.example.com', port: 5000, certificate: PEM }] };

  test('every image another part plans is an error at its props path, whichever part comes first', () => {
    const cluster: HostedClusterProps = {
      ...kubevirtCluster,
      nodePools: [{ name: 'w', replicas: 1, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' }, platform: { kubevirt: { containerDiskImage: 'mirror.example.com/rhcos:4.16' } } }],
    };
    for (const clusterFirst of [false, true]) {
      expect(appIssues(cluster, { ...kubevirt, disconnected: {} }, clusterFirst).filter((i) => i.startsWith('error'))).toEqual([
        `error HostedCluster kubevirt-clusters/kv-dev release.image: release image "quay.io/openshift-release-dev/ocp-release:4.16.4-multi" is pinned by tag, but ${WHY}`,
        // The bundle's NodePools are its props too: their paths start at nodePools[i].
        `error HostedCluster kubevirt-clusters/kv-dev nodePools[0].platform.kubevirt.containerDiskImage (spec.platform.kubevirt.rootVolume.diskImage.containerDiskImage): boot image "mirror.example.com/rhcos:4.16" is pinned by tag, but ${WHY}`,
        `error HostedCluster kubevirt-clusters/kv-dev nodePools[0].release.image: release image "quay.io/openshift-release-dev/ocp-release:4.16.4-multi" is pinned by tag, but ${WHY}`,
      ]);
    }
    expect(appIssues(cluster, kubevirt).filter((i) => i.startsWith('error'))).toEqual([]);
  });

  test('a cluster with imageContentSources is not told twice: its own check already requires a digest', () => {
    const mirrored: HostedClusterProps = { ...kubevirtCluster, imageContentSources: [{ source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.example.com:5000/openshift/release-images'] }] };
    const found = appIssues(mirrored, { ...kubevirt, disconnected: {} }).filter((i) => i.startsWith('error'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/imageContentSources mirrors apply only to pulls by digest/);
  });

  test('E9: a hosted cluster without additionalTrustBundle while the management cluster trusts registry CAs is a warning', () => {
    expect(appIssues(digested, { ...kubevirt, disconnected: cas }).filter((i) => i.includes('additionalTrustBundle'))).toEqual([
      'warning HostedCluster kubevirt-clusters/kv-dev additionalTrustBundle: ManagementCluster (m/management) trusts the CA of mirror.example.com:5000 (disconnected.registryCAs), but this hosted cluster has no additionalTrustBundle: its nodes will not trust the mirror and cannot pull their images.',
    ]);
    expect(appIssues(digested, { ...kubevirt, disconnected: cas }).filter((i) => i.startsWith('error'))).toEqual([]);
    expect(appIssues(digested, { ...kubevirt, disconnected: {} }).filter((i) => i.includes('additionalTrustBundle'))).toEqual([]);
  });
});

describe('untrusted input', () => {
  /** Every path under `disconnected` of the example, and one beside each (an absent optional). */
  const paths = (value: unknown, at: (string | number)[]): (string | number)[][] => {
    if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => paths(v, [...at, i])), [...at, value.length]];
    if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k])), [...at, 'notAProp']];
    return [at];
  };
  const JUNK: unknown[] = [undefined, null, 0, -1, 70_000, 1.5, '', ' ', '::', '*', '..', 'a'.repeat(3000), true, [], {}, [null], { source: 1 }, () => 1, Symbol('s'), NaN];
  const set = (root: unknown, keys: readonly (string | number)[], value: unknown): unknown => {
    if (keys.length === 0) return value;
    const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
    copy[keys[0]] = set(copy[keys[0]], keys.slice(1), value);
    return copy;
  };

  test('any value at any path of disconnected gives a plan or findings with an error, never an exception', () => {
    let cases = 0;
    for (const keys of paths(DISCONNECTED_MANAGEMENT_CLUSTER.disconnected, ['disconnected'])) {
      for (const junk of JUNK) {
        const props = set(DISCONNECTED_MANAGEMENT_CLUSTER, keys, junk);
        let result: ReturnType<typeof checkManagementCluster> | undefined;
        expect(() => (result = checkManagementCluster(props))).not.toThrow();
        expect(result!.plan !== undefined || result!.issues.some((i) => i.severity === 'error')).toBe(true);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(500);
  });
});
