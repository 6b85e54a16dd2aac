/** Edge sites (issue 19 part F): the hub's objects, their order and folder, and the findings F1-F11 with their exact messages. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart } from 'cdk8s';
import * as jsYaml from 'js-yaml';
import fc from 'fast-check';
import type { EdgeSiteProps, ManagementClusterProps } from '../../lib';
import { checkEdgeSite } from '../../lib';
import { EdgeSite, ManagementCluster, synthAtomically } from '../../lib/cdk8s';
import { outputFolder } from '../../lib/cdk8s/engine/synth';
import { MANAGEMENT_CLUSTER, Plan, contributionOf, hostedClusterTarget, managementTarget, previousObjects, reviewAgainstPrevious } from '../../lib/core';
import type { PlannedObject, ValidationIssue } from '../../lib/core';
import { EDGE_SITE_KEYS, edgeSiteIdentityCheck, imageBasedInstallEnabled } from '../../lib/edge';
import { checkManagementCluster } from '../../lib/management';
import { nmstateDocument } from '../../lib/platforms';
import { EXAMPLE_EDGE_SITES } from '../../examples/edge';
import { EXAMPLE_MANAGEMENT_CLUSTER } from '../../examples/clusters';

const site = EXAMPLE_EDGE_SITES[0];
const TAGGED = 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64';
/** The example site without mirrors, so a tagged release is fine. */
const plain: EdgeSiteProps = { ...site, imageDigestSources: undefined, release: { image: TAGGED } };

const plan = (props: unknown) => {
  const checked = checkEdgeSite(props);
  if (!checked.plan) throw new Error(checked.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return checked.plan;
};
const line = (i: ValidationIssue) => `${i.severity} ${i.path}: ${i.message}`;
const lines = (props: unknown) => checkEdgeSite(props).issues.map(line);
const objectOf = <T>(props: unknown, kind: string) => plan(props).objects.find((p) => p.object.kind === kind)!.object as unknown as T;

describe('the example site', () => {
  const example = plan(site);

  test('the hub objects in apply order, with phases and readiness', () => {
    expect(example.objects.map((p) => `${p.phase.wave} ${p.object.kind} ${p.object.metadata.name}`)).toEqual([
      '0 Namespace store-042',
      '1 ExternalSecret store-042-pull-secret',
      '1 ExternalSecret store-042-bmc-secret',
      '1 Secret store-042-network',
      '1 ConfigMap store-042-extra-manifests',
      '1 ClusterImageSet img4.16.4-x86-64',
      '1 BareMetalHost store-042',
      '2 ImageClusterInstall store-042',
      '2 ClusterDeployment store-042',
      '3 ManagedCluster store-042',
    ]);
    const readiness = Object.fromEntries(example.objects.map((p) => [p.object.kind, p.readiness]));
    expect(readiness.ImageClusterInstall).toEqual({ kind: 'condition', type: 'Completed', status: 'True' });
    expect(readiness.ExternalSecret).toEqual({ kind: 'condition', type: 'Ready', status: 'True' });
    expect(readiness.ClusterDeployment).toEqual({ kind: 'exists' });
    expect(example.objects.find((p) => p.object.kind === 'BareMetalHost')?.dependsOn).toEqual([
      'external-secrets.io/ExternalSecret/store-042/store-042-bmc-secret',
      '/Secret/store-042/store-042-network',
    ]);
    expect(example.objects.find((p) => p.object.kind === 'ClusterDeployment')?.dependsOn).toEqual([
      'extensions.hive.openshift.io/ImageClusterInstall/store-042/store-042',
      'external-secrets.io/ExternalSecret/store-042/store-042-pull-secret',
    ]);
    expect(example.folder).toBe('edge-store-042');
    expect(example.adminKubeconfigSecret).toBe('store-042-admin-kubeconfig');
    expect(example.warnings).toEqual([]);
  });

  test('the BareMetalHost is never powered on or cleaned by metal3 and boots its preinstalled disk (F5)', () => {
    expect(example.bareMetalHost.spec).toEqual({
      online: false,
      bootMACAddress: '52:54:00:42:00:01',
      bmc: { address: 'redfish-virtualmedia+https://10.42.0.5/redfish/v1/Systems/1', credentialsName: 'store-042-bmc-secret' },
      automatedCleaningMode: 'disabled',
      externallyProvisioned: true,
      preprovisioningNetworkDataName: 'store-042-network',
    });
  });

  test('the ImageClusterInstall and the ClusterDeployment name each other, the host and the release', () => {
    expect(example.imageClusterInstall.spec).toEqual({
      bareMetalHostRef: { name: 'store-042', namespace: 'store-042' },
      clusterDeploymentRef: { name: 'store-042' },
      hostname: 'sno-store-042',
      imageSetRef: { name: 'img4.16.4-x86-64' },
      machineNetworks: [{ cidr: '192.168.42.0/24' }],
      sshKey: site.sshKey,
      imageDigestSources: [{ source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.stores.example.com:8443/ocp4/openshift4'] }],
      extraManifestsRefs: [{ name: 'store-042-extra-manifests' }],
    });
    expect(example.clusterDeployment.spec).toEqual({
      baseDomain: 'stores.example.com',
      clusterName: 'store-042',
      platform: { none: {} },
      pullSecretRef: { name: 'store-042-pull-secret' },
      clusterInstallRef: { group: 'extensions.hive.openshift.io', kind: 'ImageClusterInstall', name: 'store-042', version: 'v1alpha1' },
    });
    expect(example.clusterImageSet).toEqual({ apiVersion: 'hive.openshift.io/v1', kind: 'ClusterImageSet', metadata: { name: 'img4.16.4-x86-64' }, spec: { releaseImage: site.release.image } });
  });

  test('no secret value in the objects: the pull secret and BMC credentials come from the store', () => {
    const secrets = example.objects.filter((p) => p.object.kind === 'Secret').map((p) => p.object.metadata.name);
    expect(secrets).toEqual(['store-042-network']);
    const bmc = example.objects.find((p) => p.object.metadata.name === 'store-042-bmc-secret')!.object as unknown as { spec: { data: unknown[] } };
    expect(bmc.spec.data).toEqual([
      { secretKey: 'username', remoteRef: { key: 'edge/store-042/bmc', property: 'username' } },
      { secretKey: 'password', remoteRef: { key: 'edge/store-042/bmc', property: 'password' } },
    ]);
  });

  test('the network Secret holds the nmstate document under key nmstate, static addresses with dhcp off (F2)', () => {
    const secret = objectOf<{ type: string; stringData: Record<string, string> }>(site, 'Secret');
    expect(secret.type).toBe('Opaque');
    expect(Object.keys(secret.stringData)).toEqual([EDGE_SITE_KEYS.network]);
    const document = jsYaml.load(secret.stringData.nmstate);
    expect(document).toEqual(nmstateDocument(site.network!));
    expect(document).toMatchObject({ interfaces: [{ name: 'eno1', ipv4: { enabled: true, dhcp: false, address: [{ ip: '192.168.42.10', 'prefix-length': 24 }] } }] });
  });

  test('without a static network, no network Secret and no preprovisioningNetworkDataName', () => {
    const dhcp = plan({ ...plain, network: undefined });
    expect(dhcp.objects.some((p) => p.object.metadata.name === 'store-042-network')).toBe(false);
    expect(dhcp.bareMetalHost.spec.preprovisioningNetworkDataName).toBeUndefined();
  });

  test('any JS value gives findings, never a TypeError', () => {
    const keys = Object.keys(site);
    fc.assert(
      fc.property(fc.constantFrom(...keys, 'network.interfaces', 'bmc.address', 'release', 'release.image', 'extraManifests'), fc.anything(), (key, junk) => {
        const props = JSON.parse(JSON.stringify(site)) as Record<string, Record<string, unknown>>;
        const [first, second] = key.split('.');
        if (second) props[first][second] = junk as never;
        else props[first] = junk as never;
        const result = checkEdgeSite(props);
        expect(result.plan !== undefined || result.issues.some((i) => i.severity === 'error')).toBe(true);
      }),
      { seed: 19, numRuns: 600 },
    );
    for (const junk of [undefined, null, 42, 'site', [], {}]) expect(checkEdgeSite(junk).issues.some((i) => i.severity === 'error')).toBe(true);
  });
});

describe('F1: the names the site is known by', () => {
  test('the cluster name is a DNS label', () => {
    expect(lines({ ...plain, name: 'Store_42', namespace: 'stores' })).toEqual([
      'error name: cluster name "Store_42" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.',
    ]);
  });

  test('the namespace is a DNS label', () => {
    expect(lines({ ...plain, namespace: 'Stores' })).toEqual(['error namespace: namespace "Stores" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.']);
  });

  test('the base domain is a domain name', () => {
    expect(lines({ ...plain, baseDomain: 'stores..example.com' })).toEqual(['error baseDomain: "stores..example.com" is not a domain name.']);
  });

  test('the host name is a lower-case DNS name', () => {
    expect(lines({ ...plain, hostname: 'SNO_42' })).toEqual([
      'error hostname: host name "SNO_42" must consist of lower-case letters, digits, "-" and ".", and start and end with a letter or digit.',
    ]);
    expect(lines({ ...plain, hostname: `${'a'.repeat(64)}.store` })).toEqual([`error hostname: the first label of host name "${'a'.repeat(64)}.store" is longer than 63 characters.`]);
  });

  test('the SSH key is a public key', () => {
    expect(lines({ ...plain, sshKey: 'not a key' })).toEqual(['error sshKey: the value does not look like an OpenSSH public key ("ssh-ed25519 AAAA...").']);
  });
});

describe('F2, F3: the node network and the machine networks', () => {
  const network = site.network!;

  test('interfaces are checked as agent hosts\' are: a MAC address per NIC', () => {
    expect(lines({ ...plain, network: { ...network, interfaces: [{ ...network.interfaces[0], macAddress: 'eno1' }] } })).toEqual(['error network.interfaces[0].macAddress: "eno1" is not a MAC address.']);
  });

  test('interface names are at most 15 characters (the schema)', () => {
    const issues = checkEdgeSite({ ...plain, network: { ...network, interfaces: [{ ...network.interfaces[0], name: 'enp0s31f6-uplink0' }] } }).issues;
    expect(issues.map((i) => i.path)).toEqual(['network.interfaces[0].name']);
  });

  test('machine networks are CIDRs, at least one', () => {
    expect(lines({ ...plain, machineNetworks: ['192.168.42.0/33'] })).toEqual(['error machineNetworks[0]: "192.168.42.0/33" prefix length /33 is larger than 32 for IPv4.']);
    expect(lines({ ...plain, network: undefined, machineNetworks: [] })).toEqual(["error machineNetworks: no machine network is given."]);
  });

  test('two machine networks are one per family', () => {
    expect(lines({ ...plain, machineNetworks: ['192.168.42.0/24', '10.0.0.0/16'] })).toEqual(['error machineNetworks[1]: both machine networks are IPv4.']);
  });

  test('the node address lies in a machine network', () => {
    expect(lines({ ...plain, machineNetworks: ['10.42.0.0/24'] })).toEqual([
      'error network.interfaces[0].addresses[0]: none of host "sno-store-042"\'s IPv4 addresses (192.168.42.10/24) is inside the machine network (10.42.0.0/24).',
    ]);
    const issue = checkEdgeSite({ ...plain, machineNetworks: ['10.42.0.0/24'] }).issues[0];
    expect(issue.fix).toBe('Give the host its node address inside the machine network, or add its network to machineNetworks.');
  });

  test('the first machine network is the family of the first static address (the primary family)', () => {
    const dual = { ...network, interfaces: [{ ...network.interfaces[0], addresses: ['192.168.42.10/24', 'fd42::10/64'] }] };
    expect(lines({ ...plain, network: dual, machineNetworks: ['fd42::/64', '192.168.42.0/24'] })).toEqual([
      "error machineNetworks[0]: the first machine network (fd42::/64) is IPv6, but the node's first static address is IPv4; the first machine network is the primary family and must be the seed's.",
    ]);
    expect(lines({ ...plain, network: dual, machineNetworks: ['192.168.42.0/24', 'fd42::/64'] })).toEqual([]);
  });

  test("the default route's gateway is on its interface's network", () => {
    const routes = [{ destination: '0.0.0.0/0', nextHopAddress: '192.168.43.1', nextHopInterface: 'eno1' }];
    expect(lines({ ...plain, network: { ...network, routes } })).toEqual([
      "error network.routes[0].nextHopAddress: the default route's gateway 192.168.43.1 is not on the network of eno1 (192.168.42.0/24), so the node could not reach it.",
    ]);
  });
});

describe('F4: secrets are sources, never values without the switch', () => {
  const inlinePull = { ...plain, pullSecret: { inline: '{"auths":{"quay.io":{"auth":"eDp5"}}}' } };

  test('an inline pull secret is refused without allowInlineSecrets', () => {
    expect(lines(inlinePull)).toEqual(['error pullSecret.inline: an inline secret value would be written into the synthesized YAML.']);
  });

  test('with allowInlineSecrets, the pull secret is a kubernetes.io/dockerconfigjson Secret', () => {
    const secret = objectOf<{ metadata: { name: string }; type: string; stringData: object }>({ ...inlinePull, network: undefined, allowInlineSecrets: true }, 'Secret');
    expect(secret).toMatchObject({ metadata: { name: 'store-042-pull-secret' }, type: 'kubernetes.io/dockerconfigjson', stringData: { '.dockerconfigjson': inlinePull.pullSecret.inline } });
  });

  test('an existing Secret is only referenced', () => {
    const existing = plan({ ...plain, pullSecret: { existingSecret: 'store-pull' }, bmc: { ...plain.bmc, credentials: { existingSecret: 'store-042-bmc' } } });
    expect(existing.clusterDeployment.spec.pullSecretRef).toEqual({ name: 'store-pull' });
    expect(existing.bareMetalHost.spec.bmc?.credentialsName).toBe('store-042-bmc');
    expect(existing.objects.map((p) => p.object.kind)).not.toContain('ExternalSecret');
  });

  test('BMC credentials are two keys, so never one inline value', () => {
    expect(lines({ ...plain, allowInlineSecrets: true, bmc: { ...plain.bmc, credentials: { inline: 'admin:secret' } } })).toEqual([
      'error bmc.credentials.inline: Secret store-042-bmc-secret holds 2 keys (username and password); an inline value is one string.',
    ]);
  });
});

describe('F5: the BMC and the host', () => {
  test('the BMC driver must attach virtual media', () => {
    expect(lines({ ...plain, bmc: { ...plain.bmc, address: 'ipmi://10.42.0.5' } })).toEqual([
      "error bmc.address: the ipmi driver cannot attach virtual media, and the operator hands the site's configuration to the host as a virtual-media image.",
    ]);
    expect(checkEdgeSite({ ...plain, bmc: { ...plain.bmc, address: 'idrac-redfish://10.42.0.5/redfish/v1/Systems/1' } }).issues[0].fix).toBe('Use a virtual-media driver (idrac-virtualmedia://...).');
    expect(lines({ ...plain, bmc: { ...plain.bmc, address: 'idrac-virtualmedia://10.42.0.5/redfish/v1/Systems/System.Embedded.1' } })).toEqual([]);
  });

  test('a BMC address must be one metal3 knows', () => {
    expect(lines({ ...plain, bmc: { ...plain.bmc, address: 'vnc://10.42.0.5' } })[0]).toMatch(/^error bmc\.address: the scheme "vnc" is not one metal3 knows/);
  });

  test('the boot MAC is a MAC address', () => {
    expect(lines({ ...plain, bootMACAddress: '52-54-00-42-00-01' })[0]).toBe('error bootMACAddress: "52-54-00-42-00-01" is not a MAC address.');
  });
});

describe('F6: the release as a ClusterImageSet', () => {
  test('with mirrors, the release image is pinned by digest', () => {
    expect(lines({ ...site, release: { image: TAGGED } })).toEqual([
      `error release.image: release image "${TAGGED}" is pinned by tag, but imageDigestSources mirrors apply only to images pulled by digest.`,
    ]);
  });

  test('a malformed release image is refused', () => {
    expect(lines({ ...plain, release: { image: 'quay.io/ocp-release' } })).toEqual([
      'error release.image: release image "quay.io/ocp-release" has neither a tag (":4.16.4-x86_64") nor a digest ("@sha256:...").',
    ]);
  });

  test('the image set is named after the tag, or the digest', () => {
    expect(plan(plain).clusterImageSet.metadata.name).toBe('img4.16.4-x86-64');
    expect(plan({ ...site, release: { image: site.release.image } }).clusterImageSet.metadata.name).toBe('img-3e9f4d5b2ab6');
    expect(lines({ ...plain, release: { image: TAGGED, imageSetName: 'Img_4' } })).toEqual([
      'error release.imageSetName: ClusterImageSet name "Img_4" must consist of lower-case letters, digits, "-" and ".", and start and end with a letter or digit.',
    ]);
  });

  test('two sites naming the same release share one ClusterImageSet, kept in the hub folder', () => {
    const app = new Plan();
    const first = contributionOf(plan(plain), []);
    const second = contributionOf(plan({ ...plain, name: 'store-043', bootMACAddress: '52:54:00:43:00:01' }), []);
    expect(first.objects.find((p) => p.object.kind === 'ClusterImageSet')?.folder).toBeUndefined();
    expect(first.objects.find((p) => p.object.kind === 'ImageClusterInstall')?.folder).toBe('edge-store-042');
    expect(app.add(first).issues).toEqual([]);
    const added = app.add(second);
    expect(added.issues).toEqual([]);
    expect(added.added.map((p) => p.object.kind)).not.toContain('ClusterImageSet');
  });

  test('two sites giving one image set name to different releases collide', () => {
    const app = new Plan();
    app.add(contributionOf(plan(plain), [], 'EdgeSite store-042/store-042'));
    const other = plan({ ...plain, name: 'store-043', bootMACAddress: '52:54:00:43:00:01', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.5-x86_64', imageSetName: 'img4.16.4-x86-64' } });
    expect(app.add(contributionOf(other, [])).issues.map(line)).toEqual([
      'error metadata.name: ClusterImageSet img4.16.4-x86-64 is also planned by EdgeSite store-042/store-042; one would silently replace the other on apply.',
    ]);
  });
});

describe('F7, F8: extra manifests and the trust bundle', () => {
  test('extra manifest file names are at most 30 characters', () => {
    const name = '01-sriov-network-node-policy.yaml';
    expect(lines({ ...plain, extraManifests: { [name]: site.extraManifests!['01-sriov-network.yaml'] } })).toEqual([
      `error extraManifests["${name}"]: the file name "${name}" is 33 characters long; the operator's limit is 30, and longer names can fail the deployment.`,
    ]);
  });

  test('extra manifest files are .yaml files of Kubernetes objects', () => {
    expect(lines({ ...plain, extraManifests: { 'sriov.txt': 'kind: X' } })).toEqual([
      'error extraManifests["sriov.txt"]: "sriov.txt" is not a manifest file name (letters, digits, "-", "_" and ".", ending in .yaml).',
      'error extraManifests["sriov.txt"]: document 1 of the manifest is not a Kubernetes object (apiVersion, kind and metadata.name).',
    ]);
    expect(lines({ ...plain, extraManifests: { '01-a.yaml': 'a: [' } })[0]).toMatch(/^error extraManifests\["01-a.yaml"\]: the manifest does not parse as YAML \(/);
    expect(lines({ ...plain, extraManifests: { '01-a.yaml': '' } })).toEqual(['error extraManifests["01-a.yaml"]: the manifest holds no object.']);
  });

  test('the trust bundle is a ConfigMap with key tls-ca-bundle.pem, referenced by the install', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBmirror\n-----END CERTIFICATE-----\n';
    const withBundle = plan({ ...plain, trustBundle: pem });
    expect(withBundle.objects.find((p) => p.object.metadata.name === 'store-042-ca-bundle')?.object).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'store-042-ca-bundle', namespace: 'store-042' },
      data: { 'tls-ca-bundle.pem': pem },
    });
    expect(withBundle.imageClusterInstall.spec.caBundleRef).toEqual({ name: 'store-042-ca-bundle' });
    expect(plan({ ...plain, trustBundle: { existingConfigMap: 'store-ca' } }).imageClusterInstall.spec.caBundleRef).toEqual({ name: 'store-ca' });
  });

  test('the trust bundle holds certificates only', () => {
    expect(lines({ ...plain, trustBundle: 'hello' })).toEqual(['error trustBundle: the CA bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----").']);
  });
});

describe('single node: one host, one cluster', () => {
  test('two sites cannot be one cluster (same name and base domain) or one host (same boot MAC)', () => {
    const app = new Plan();
    app.add(contributionOf(plan(plain), [], 'EdgeSite store-042/store-042'));
    // Without its own ManagedCluster, which would collide by name as any object planned twice does.
    const twin = plan({ ...plain, namespace: 'store-042-b', managedCluster: false });
    expect(app.add(contributionOf(twin, [], 'EdgeSite store-042-b/store-042')).issues.map(line)).toEqual([
      'error spec.bootMACAddress: boot MAC address "52:54:00:42:00:01" is also used by EdgeSite store-042/store-042; one preinstalled host can become one site only.',
      'error spec.clusterName: cluster domain "store-042.stores.example.com" is also used by EdgeSite store-042/store-042; an image-based install makes a single-node cluster of one preinstalled host, so two hosts cannot form one cluster (relocatable clusters are single-node only), and two clusters cannot answer one API name.',
    ]);
  });
});

describe('F11: the hub runs the image-based install operator', () => {
  const without: ManagementClusterProps = { ...EXAMPLE_MANAGEMENT_CLUSTER, multiclusterEngine: { ...EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine, components: {} } };
  const management = () => contributionOf(checkManagementCluster(without).plan!, [], 'ManagementCluster management');
  const edge = () => contributionOf(plan(plain), [], 'EdgeSite store-042/store-042');
  const expected = [
    'error multiclusterEngine.components["image-based-install-operator"]: EdgeSite store-042/store-042 is installed by the image-based install operator, but the multicluster engine leaves its component off (it is disabled by default), so ImageClusterInstall store-042/store-042 would never be acted on.',
  ];

  test('the management cluster first, then the site', () => {
    const app = new Plan();
    expect(app.add(management()).issues.filter((i) => i.severity === 'error')).toEqual([]);
    const found = app.add(edge()).issues;
    expect(found.map(line)).toEqual(expected);
    expect(found[0].object).toBe('ManagementCluster management');
    expect(found[0].fix).toBe('Set multiclusterEngine.components["image-based-install-operator"]: true on the management cluster (multicluster engine 2.7 or later).');
  });

  test('the site first, then the management cluster', () => {
    const app = new Plan();
    expect(app.add(edge()).issues).toEqual([]);
    expect(app.add(management()).issues.filter((i) => i.severity === 'error').map(line)).toEqual(expected);
  });

  test('an enabled component, or no management cluster in the app, finds nothing', () => {
    const app = new Plan();
    app.add(contributionOf(checkManagementCluster(EXAMPLE_MANAGEMENT_CLUSTER).plan!, []));
    expect(app.add(edge()).issues).toEqual([]);
    expect(imageBasedInstallEnabled(edge().objects, new Plan(), 'x')).toEqual([]);
    // Another (named) management cluster's engine does not run this site's install.
    const two = new Plan();
    two.add(contributionOf({ ...checkManagementCluster(without).plan!, target: managementTarget('east') }, [], 'ManagementCluster east'));
    expect(two.add(edge()).issues).toEqual([]);
  });
});

describe('F9, F10: what cannot change once a site is installed', () => {
  const planned = (props: EdgeSiteProps): readonly PlannedObject[] => contributionOf(plan(props), []).objects;
  const before = previousObjects(planned(plain).map((p) => ['management', p.object] as const));

  test('a new host name is refused, naming the prop, with the way forward', () => {
    const review = reviewAgainstPrevious(before, planned({ ...plain, hostname: 'sno-store-042-new' }), [edgeSiteIdentityCheck]);
    expect(review.findings).toEqual([
      {
        severity: 'error',
        object: 'ImageClusterInstall store-042/store-042',
        path: 'hostname',
        message:
          'the host name was "sno-store-042" in the previous output and is "sno-store-042-new" now, but an installed edge site keeps it: OpenShift does not support changing a node\'s host name or a cluster\'s name or domain after installation.',
        fix: 'Keep hostname "sno-store-042". For another host name, reinstall the host as a new site: return it to the factory for a new image-based installation, add an EdgeSite with another name, then remove this one.',
      },
    ]);
  });

  test('a new base domain is refused', () => {
    const findings = reviewAgainstPrevious(before, planned({ ...plain, baseDomain: 'shops.example.com' }), [edgeSiteIdentityCheck]).findings;
    expect(findings.map(line)).toEqual([
      'error baseDomain: the base domain was "stores.example.com" in the previous output and is "shops.example.com" now, but an installed edge site keeps it: OpenShift does not support changing a node\'s host name or a cluster\'s name or domain after installation.',
    ]);
  });

  test('a new cluster name of the same ClusterDeployment is refused', () => {
    const renamed = previousObjects(
      planned(plain).map((p) => ['management', p.object.kind === 'ClusterDeployment' ? { ...p.object, spec: { ...(p.object as unknown as { spec: object }).spec, clusterName: 'store-41' } } : p.object] as const),
    );
    expect(reviewAgainstPrevious(renamed, planned(plain), [edgeSiteIdentityCheck]).findings.map(line)).toEqual([
      'error name: the cluster name was "store-41" in the previous output and is "store-042" now, but an installed edge site keeps it: OpenShift does not support changing a node\'s host name or a cluster\'s name or domain after installation.',
    ]);
  });

  test('an unchanged site, or one on another target, finds nothing', () => {
    expect(reviewAgainstPrevious(before, planned(plain), [edgeSiteIdentityCheck])).toEqual({ findings: [], summary: [] });
    // The same identity on another target is another object: no refused change (that one is gone: a warning).
    const elsewhere = previousObjects(planned(plain).map((p) => ['clusters-other', p.object] as const));
    expect(reviewAgainstPrevious(elsewhere, planned({ ...plain, hostname: 'other' }), [edgeSiteIdentityCheck]).findings.map((i) => i.severity)).toEqual(['warning']);
  });

  test('a site that disappears: a warning and a summary line, the host is reattached and rebooted', () => {
    const review = reviewAgainstPrevious(before, [], [edgeSiteIdentityCheck]);
    expect(review.findings.map(line)).toEqual([
      'warning metadata.name: this edge site is no longer in the output; once its ImageClusterInstall is deleted, the image-based install operator reattaches the BareMetalHost and reboots the host.',
    ]);
    expect(review.summary).toEqual(['Edge sites removed (each host is reattached and rebooted):', '  store-042/store-042']);
  });
});

describe('one folder per site (PlannedPart.folder)', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-edge-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const define = (props: EdgeSiteProps) => (app: import('cdk8s').App) => {
    new ManagementCluster(new Chart(app, 'hub'), 'hub', EXAMPLE_MANAGEMENT_CLUSTER);
    new EdgeSite(new Chart(app, 'store-042'), 'site', props);
  };

  test('the synth writes the site to edge-<name>/ and its shared ClusterImageSet to management/', () => {
    const result = synthAtomically(work, define(plain));
    expect(result.files.filter((f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml'))).toEqual([
      'edge-store-042/05-resources/store-042.yaml',
      ...['01-operators', '02-operator-configuration', '03-webhooks'].map((stage) => `management/${stage}/hub.yaml`),
      'management/05-resources/store-042.yaml',
    ]);
    expect(fs.readFileSync(path.join(work, 'management/05-resources/store-042.yaml'), 'utf8')).toMatch(/^kind: ClusterImageSet$/m);
  });

  test('a second synth reads the site folder back as the hub\'s: a new host name is refused, nothing written', () => {
    synthAtomically(work, define(plain));
    const before = fs.readFileSync(path.join(work, 'edge-store-042/05-resources/store-042.yaml'), 'utf8');
    expect(() => synthAtomically(work, define({ ...plain, hostname: 'sno-new' }))).toThrow(/ImageClusterInstall store-042\/store-042 hostname: the host name was "sno-store-042"/);
    expect(fs.readFileSync(path.join(work, 'edge-store-042/05-resources/store-042.yaml'), 'utf8')).toBe(before);
  });

  test('removing the site: its folder goes, with the summary line and a warning', () => {
    synthAtomically(work, define(plain));
    const result = synthAtomically(work, (app) => new ManagementCluster(new Chart(app, 'hub'), 'hub', EXAMPLE_MANAGEMENT_CLUSTER));
    // The site's folder, and the management cluster's last stage, which held only the site's ClusterImageSet.
    expect(result.removed).toEqual([
      'edge-store-042/05-resources/kustomization.yaml',
      'edge-store-042/05-resources/store-042.yaml',
      'edge-store-042/kustomization.yaml',
      'management/05-resources/kustomization.yaml',
      'management/05-resources/store-042.yaml',
    ]);
    expect(fs.existsSync(path.join(work, 'edge-store-042'))).toBe(false);
    expect(fs.readdirSync(path.join(work, 'management')).sort()).toEqual(['01-operators', '02-operator-configuration', '03-webhooks', 'kustomization.yaml']);
    expect(result.upgrades).toEqual(['Edge sites removed (each host is reattached and rebooted):', '  store-042/store-042']);
    expect(result.warnings.map((w) => w.object)).toContain('ImageClusterInstall store-042/store-042');
  });

  test('only management-cluster objects get a folder of their own, with a name that cannot be a target folder', () => {
    expect(outputFolder(MANAGEMENT_CLUSTER, undefined)).toBe('management');
    expect(outputFolder(MANAGEMENT_CLUSTER, 'edge-store-042')).toBe('edge-store-042');
    expect(outputFolder(hostedClusterTarget('clusters', 'a'), undefined)).toBe('hosted-clusters-a');
    expect(() => outputFolder(hostedClusterTarget('clusters', 'a'), 'edge-x')).toThrow('the output folder "edge-x" cannot hold objects for clusters-a');
    expect(() => outputFolder(managementTarget('east'), 'edge-x')).toThrow('the output folder "edge-x" cannot hold objects for management-east');
    for (const bad of ['management', 'management-east', 'reports', 'hosted-x', 'a/b', 'Edge']) expect(() => outputFolder(MANAGEMENT_CLUSTER, bad)).toThrow(/cannot hold objects/);
  });
});
