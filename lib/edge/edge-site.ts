/**
 * A relocatable edge site, planned for the hub (the management cluster): the objects the
 * multicluster engine's image-based install operator reads to turn a host preinstalled in a
 * factory into the site's single-node cluster. Sources: the OpenShift documentation, "Deploying a
 * managed single-node OpenShift cluster using the IBI Operator" (the objects and their fields),
 * the image-based install operator's and Hive's CRDs, and the relocatable single-node OpenShift
 * enhancement (the site configuration: nmstate first, then the domain, pull secret and mirrors;
 * host name and cluster name cannot change; single node only).
 *
 * Order: Namespace (wave 0); Secrets, ConfigMaps, the ClusterImageSet and the BareMetalHost (1);
 * the ImageClusterInstall and the ClusterDeployment that names it (2, ready once the install
 * completes); the ManagedCluster (3, so a delete removes it first). The objects go to the output
 * folder `edge-<name>` (one Argo CD Application per site); a ClusterImageSet that sites share
 * stays in the hub's folder.
 */
import { v } from '../core/valibot';
import { checkApiSchemas } from '../core/api-schema-check';
import type { BareMetalHost, ClusterDeployment, ClusterImageSet, ConfigMap, ImageClusterInstall, KubernetesObject, ManagedCluster, MultiClusterEngine, Secret } from '../api';
import { EDGE_API_VERSIONS, METAL3_API_VERSION, OCM_API_VERSIONS } from '../api';
import type { Cidr, PathRule, Phase, PlanCheck, PlanItem, PlannedObject, PlannedPart, Readiness, ValidationIssue } from '../core';
import {
  DOMAIN,
  IssueCollector,
  MANAGEMENT_CLUSTER,
  PHASES,
  SAFE_TO_DELETE_LABEL,
  bool,
  checkProps,
  contains,
  describeObject,
  dnsLabelProblem,
  dnsSubdomainProblem,
  list,
  objectKey,
  formatCidr,
  oneOf,
  parseCidr,
  parseIp,
  parseReleaseImage,
  planItem,
  propsPaths,
  pullSecretProblem,
  quote,
  readinessOf,
  renderSecret,
  requireDigest,
  secretSourceSchema,
  sshPublicKeyProblem,
  strict,
  stringMap,
  targetKey,
  text,
  withSchemaFindings,
} from '../core';
import * as jsYaml from 'js-yaml';
import { toYaml } from '../core/yaml';
import { TrustBundleContract, renderTrustBundle, trustBundleSchema } from '../core/trust-bundle';
import { MAC_ADDRESS, bmcScheme, checkHostNetwork, hostNetworkSchema, nmstateDocument } from '../platforms';
import type { MachineNetwork } from '../platforms';
import type { EdgeSiteProps } from './edge-site-props';
import { MIRROR_SOURCE_POLICIES } from '../management/management-cluster-props';

export type { EdgeImageDigestSource, EdgeSiteBmc, EdgeSiteProps, EdgeSiteRelease } from './edge-site-props';

/** The multicluster engine component that runs the image-based install operator (off by default). */
export const IMAGE_BASED_INSTALL_COMPONENT = 'image-based-install-operator';

/** The names of a site's objects on the hub. */
export const EDGE_SITE_NAMES = {
  folder: (site: string) => `edge-${site}`,
  pullSecret: (site: string) => `${site}-pull-secret`,
  bmcSecret: (site: string) => `${site}-bmc-secret`,
  network: (site: string) => `${site}-network`,
  caBundle: (site: string) => `${site}-ca-bundle`,
  extraManifests: (site: string) => `${site}-extra-manifests`,
} as const;

/** The key of the network Secret the operator reads (nmstate YAML), and of the CA bundle ConfigMap. */
export const EDGE_SITE_KEYS = { network: 'nmstate', caBundle: 'tls-ca-bundle.pem' } as const;

/** The documentation's limit on extra-manifest file names: longer names may fail the deployment. */
export const MAX_EXTRA_MANIFEST_NAME = 30;

/** Readiness on the hub: the install is done when the operator reports Completed (Hive's ClusterInstall contract). */
export const EDGE_SITE_READINESS: Readonly<Record<string, Readiness>> = {
  ImageClusterInstall: { kind: 'condition', type: 'Completed', status: 'True' },
};

const CREDENTIAL_KEYS = ['username', 'password'] as const;

/** @internal */
export const edgeSitePropsSchema = strict({
  name: text({ max: 63 }),
  namespace: v.optional(text({ max: 63 })),
  baseDomain: text({ max: 253 }),
  hostname: text({ max: 253 }),
  release: strict({
    image: text({ max: 512 }),
    imageSetName: v.optional(text({ max: 253 })),
  }),
  machineNetworks: list(text({ max: 64 }), { max: 2, limit: 'one network per IP family' }),
  network: v.optional(hostNetworkSchema),
  pullSecret: secretSourceSchema,
  bmc: strict({
    address: text({ max: 2048 }),
    credentials: secretSourceSchema,
    disableCertificateVerification: v.optional(bool()),
  }),
  bootMACAddress: text({ max: 32 }),
  imageDigestSources: v.optional(
    list(
      strict({
        source: text({ max: 512 }),
        mirrors: list(text({ max: 512 })),
        mirrorSourcePolicy: v.optional(oneOf(MIRROR_SOURCE_POLICIES)),
      }),
    ),
  ),
  trustBundle: v.optional(trustBundleSchema()),
  sshKey: v.optional(text()),
  extraManifests: v.optional(stringMap()),
  managedCluster: v.optional(bool()),
  allowInlineSecrets: v.optional(bool()),
});

/** The hub's objects of one edge site, in apply order, with the main ones by name. */
export interface EdgeSitePlan extends PlannedPart {
  /** The site's cluster name. */
  readonly name: string;
  /** The hub namespace of the site's objects. */
  readonly namespace: string;
  /** The output folder of a GitOps synth: `edge-<name>`. */
  readonly folder: string;
  /** The install the operator runs: its `Completed` condition says the site is up. */
  readonly imageClusterInstall: ImageClusterInstall;
  /** The cluster as Hive tracks it (platform none), naming the install. */
  readonly clusterDeployment: ClusterDeployment;
  /** The preinstalled host, reached through its BMC. */
  readonly bareMetalHost: BareMetalHost;
  /** The release the host runs (cluster-scoped, shared by sites that name the same image). */
  readonly clusterImageSet: ClusterImageSet;
  /** The Secret the operator writes the site's admin kubeconfig into, once installed: `<name>-admin-kubeconfig`. */
  readonly adminKubeconfigSecret: string;
  /** The warnings among the findings. */
  readonly warnings: readonly ValidationIssue[];
}

/** Which prop each rendered field comes from, per kind, for findings about the final objects. */
const PATHS: Readonly<Record<string, readonly PathRule[]>> = {
  ImageClusterInstall: [
    ['spec.hostname', 'hostname'],
    ['spec.machineNetworks', 'machineNetworks', 'whole'],
    ['spec.imageDigestSources', 'imageDigestSources'],
    ['spec.sshKey', 'sshKey'],
    ['spec.imageSetRef', 'release.imageSetName', 'default'],
    ['spec.caBundleRef', 'trustBundle', 'whole'],
    ['spec.extraManifestsRefs', 'extraManifests', 'whole'],
  ],
  ClusterDeployment: [
    ['spec.clusterName', 'name'],
    ['spec.baseDomain', 'baseDomain'],
    ['spec.pullSecretRef', 'pullSecret', 'whole'],
  ],
  BareMetalHost: [
    ['spec.bmc.address', 'bmc.address'],
    ['spec.bmc.disableCertificateVerification', 'bmc.disableCertificateVerification'],
    ['spec.bootMACAddress', 'bootMACAddress'],
  ],
  ClusterImageSet: [
    ['spec.releaseImage', 'release.image'],
    ['metadata.name', 'release.imageSetName', 'default'],
  ],
};

/** `EdgeSite <namespace>/<name>` for findings, with stand-ins for unusable values. */
function label(props: unknown): string {
  const p = props as { name?: unknown; namespace?: unknown } | undefined;
  const ok = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 63;
  const name = ok(p?.name) ? String(p?.name) : '<invalid name>';
  return `EdgeSite ${ok(p?.namespace) ? String(p?.namespace) : name}/${name}`;
}

/**
 * Checks the props of an edge site (any value: findings, never an exception), builds the hub's
 * objects, checks them against their schemas and returns the plan with every finding.
 */
export function checkEdgeSite(input: EdgeSiteProps | unknown): { plan?: EdgeSitePlan; issues: readonly ValidationIssue[] } {
  const object = label(input);
  const checked = checkProps(edgeSitePropsSchema, input, object, ['name', 'namespace']);
  if (!checked.props) return { issues: checked.issues };
  const issues = new IssueCollector(object);
  const plan = buildPlan(checked.props, input, issues);
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  if (!issues.issues.some((i) => i.severity === 'error')) checkApiSchemas(plan.objects.map((p) => p.object), issues);
  const all = issues.issues;
  return all.some((i) => i.severity === 'error') ? { issues: all } : { plan: { ...plan, warnings: all.filter((i) => i.severity === 'warning') }, issues: all };
}

/** Long because it builds the site's objects in apply order, each a few lines, beside the checks that name their props. */
function buildPlan(props: EdgeSiteProps, input: unknown, issues: IssueCollector): Omit<EdgeSitePlan, 'warnings'> {
  const { name } = props;
  const namespace = props.namespace ?? name;
  checkIdentity(props, issues);
  const allowInline = props.allowInlineSecrets ?? false;
  const objects: PlanItem[] = [];
  const add = (object: KubernetesObject, phase: Phase = PHASES.prerequisites, more: Partial<PlanItem> = {}) => {
    const rules = PATHS[object.kind];
    const paths = rules ? propsPaths(rules, input) : undefined;
    if (paths) issues.forObject(describeObject(object), paths);
    objects.push(planItem(object, phase, EDGE_SITE_READINESS[object.kind] ?? readinessOf(object), { ...more, ...(paths ? { paths } : {}) }));
  };

  add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, PHASES.namespaces);
  const pull = renderSecret(
    { name: EDGE_SITE_NAMES.pullSecret(name), namespace, key: '.dockerconfigjson', type: 'kubernetes.io/dockerconfigjson', checkValue: pullSecretProblem },
    props.pullSecret,
    { allowInline, path: 'pullSecret', issues },
  );
  const bmc = renderSecret({ name: EDGE_SITE_NAMES.bmcSecret(name), namespace, key: CREDENTIAL_KEYS[0], keys: CREDENTIAL_KEYS }, props.bmc.credentials, {
    allowInline,
    path: 'bmc.credentials',
    issues,
  });
  for (const secret of [...pull.objects, ...bmc.objects]) add(secret);
  const machineNetworks = machineNetworksOf(props, issues);
  const networkSecret = props.network ? buildNetworkSecret(props, props.network, namespace, machineNetworks, issues) : undefined;
  if (networkSecret) add(networkSecret);
  const caBundle = props.trustBundle === undefined ? undefined : renderTrustBundle(props.trustBundle, caBundleContract(name, namespace), issues);
  if (caBundle?.object) add(caBundle.object);
  const manifests = props.extraManifests ? buildExtraManifests(props.extraManifests, name, namespace, issues) : undefined;
  if (manifests) add(manifests);
  const clusterImageSet = buildClusterImageSet(props, issues);
  add(clusterImageSet, PHASES.prerequisites, { shared: true });
  const bareMetalHost = buildBareMetalHost(props, namespace, bmc.refName, networkSecret?.metadata.name, issues);
  add(bareMetalHost, PHASES.prerequisites, { dependsOn: [...bmc.objects, ...(networkSecret ? [networkSecret] : [])].map(objectKey), claims: [macClaim(bareMetalHost)] });

  const imageClusterInstall = buildImageClusterInstall(props, namespace, clusterImageSet.metadata.name, caBundle?.name, manifests?.metadata.name);
  const clusterDeployment = buildClusterDeployment(props, namespace, pull.refName);
  add(imageClusterInstall, PHASES.hostedCluster, { dependsOn: [objectKey(bareMetalHost), objectKey(clusterImageSet)] });
  add(clusterDeployment, PHASES.hostedCluster, {
    dependsOn: [objectKey(imageClusterInstall), ...pull.objects.map(objectKey)],
    claims: [
      {
        kind: 'cluster domain',
        value: `${name}.${props.baseDomain}`,
        path: 'spec.clusterName',
        why: 'an image-based install makes a single-node cluster of one preinstalled host, so two hosts cannot form one cluster (relocatable clusters are single-node only), and two clusters cannot answer one API name.',
      },
    ],
  });
  // Only the ManagedCluster; the ACM import (KlusterletAddonConfig, labels) is the hosted-cluster import's business.
  if (props.managedCluster) add(buildManagedCluster(name), PHASES.registration);

  return {
    label: `EdgeSite ${namespace}/${name}`,
    target: MANAGEMENT_CLUSTER,
    folder: EDGE_SITE_NAMES.folder(name),
    objects,
    checks: [imageBasedInstallEnabled],
    name,
    namespace,
    imageClusterInstall,
    clusterDeployment,
    bareMetalHost,
    clusterImageSet,
    adminKubeconfigSecret: `${name}-admin-kubeconfig`,
  };
}

/** F1: the names the site's cluster is known by. */
function checkIdentity(props: EdgeSiteProps, issues: IssueCollector): void {
  const nameProblem = dnsLabelProblem(props.name);
  if (nameProblem) issues.error('name', `cluster name ${quote(props.name)} ${nameProblem}.`, 'Name the site\'s cluster with a DNS label, e.g. store-042.');
  if (props.namespace !== undefined) {
    const problem = dnsLabelProblem(props.namespace);
    if (problem) issues.error('namespace', `namespace ${quote(props.namespace)} ${problem}.`, 'Use a DNS label, or leave namespace out to use the site\'s name.');
  }
  if (!DOMAIN.test(props.baseDomain)) issues.error('baseDomain', `${quote(props.baseDomain)} is not a domain name.`, 'Use a domain such as edge.example.com.');
  const hostProblem = dnsSubdomainProblem(props.hostname);
  if (hostProblem) issues.error('hostname', `host name ${quote(props.hostname)} ${hostProblem}.`, 'Give the node a lower-case host name, e.g. sno-store-042.');
  else if (props.hostname.split('.')[0].length > 63) issues.error('hostname', `the first label of host name ${quote(props.hostname)} is longer than 63 characters.`, 'Shorten the host name.');
  if (props.sshKey !== undefined) {
    const problem = sshPublicKeyProblem(props.sshKey);
    if (problem) issues.error('sshKey', problem, 'Give the public key (the contents of id_ed25519.pub or id_rsa.pub).');
  }
}

/** F3: the machine networks as CIDRs; at least one. */
function machineNetworksOf(props: EdgeSiteProps, issues: IssueCollector): MachineNetwork[] {
  if (props.machineNetworks.length === 0) issues.error('machineNetworks', 'no machine network is given.', 'Give the CIDR of the node\'s network at the site, e.g. 192.168.10.0/24.');
  const networks = props.machineNetworks.flatMap((text, index) => {
    const cidr = parseCidr(text);
    if (typeof cidr === 'string') {
      issues.error(`machineNetworks[${index}]`, `${quote(text)} ${cidr}.`, 'Write the machine network as a CIDR, e.g. 192.168.10.0/24.');
      return [];
    }
    return [{ text, cidr }];
  });
  if (networks.length === 2 && networks[0].cidr.family === networks[1].cidr.family) {
    issues.error('machineNetworks[1]', `both machine networks are IPv${networks[0].cidr.family}.`, 'Give one network per IP family (dual stack), the primary family first.');
  }
  return networks;
}

/** F2, F3: the node's nmstate network checked like an agent host's, then what an edge site adds; the Secret the operator reads. */
function buildNetworkSecret(props: EdgeSiteProps, network: NonNullable<EdgeSiteProps['network']>, namespace: string, networks: readonly MachineNetwork[], issues: IssueCollector): Secret {
  checkHostNetwork({ name: props.hostname }, network, 'network', networks, issues, 'machineNetworks');
  checkEdgeRoutes(network, networks, issues);
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: EDGE_SITE_NAMES.network(props.name), namespace, labels: { [SAFE_TO_DELETE_LABEL]: 'true' } },
    type: 'Opaque',
    // Not a secret value: the operator reads the network from a Secret. Static addresses get dhcp: false.
    stringData: { [EDGE_SITE_KEYS.network]: toYaml(nmstateDocument(network)) },
  };
}

/** Every static address of the node, by where it is written, parsed. */
function staticAddresses(network: NonNullable<EdgeSiteProps['network']>): Array<{ readonly iface: string; readonly cidr: Cidr }> {
  const entries = [...network.interfaces, ...(network.bonds ?? []), ...(network.vlans ?? [])];
  return entries.flatMap((entry) =>
    (entry.addresses ?? []).flatMap((address) => {
      const cidr = parseCidr(address);
      return typeof cidr === 'string' ? [] : [{ iface: entry.name, cidr }];
    }),
  );
}

/** F3: the primary family is the first static address's, and a default route's gateway is on its interface's network. */
function checkEdgeRoutes(network: NonNullable<EdgeSiteProps['network']>, networks: readonly MachineNetwork[], issues: IssueCollector): void {
  const addresses = staticAddresses(network);
  if (addresses.length > 0 && networks.length > 0 && addresses[0].cidr.family !== networks[0].cidr.family) {
    issues.error(
      'machineNetworks[0]',
      `the first machine network (${networks[0].text}) is IPv${networks[0].cidr.family}, but the node's first static address is IPv${addresses[0].cidr.family}; the first machine network is the primary family and must be the seed's.`,
      'List the machine network of the node\'s primary address family first.',
    );
  }
  (network.routes ?? []).forEach((route, i) => {
    const destination = parseCidr(route.destination);
    const hop = parseIp(route.nextHopAddress);
    if (typeof destination === 'string' || destination.prefix !== 0 || !hop) return;
    const own = addresses.filter((a) => a.iface === route.nextHopInterface && a.cidr.family === hop.family);
    if (own.length === 0) return;
    const onLink = own.some((a) => contains(a.cidr, { family: hop.family, address: hop.address, prefix: hop.family === 4 ? 32 : 128 }));
    if (!onLink) {
      issues.error(
        `network.routes[${i}].nextHopAddress`,
        `the default route's gateway ${route.nextHopAddress} is not on the network of ${route.nextHopInterface} (${own.map((a) => formatCidr(a.cidr)).join(', ')}), so the node could not reach it.`,
        `Give a gateway inside the interface's network, or route through another interface.`,
      );
    }
  });
}

/** F8: the trust bundle as a ConfigMap with key `tls-ca-bundle.pem` (written from PEM text), or one that exists. */
function caBundleContract(site: string, namespace: string): TrustBundleContract {
  return {
    name: EDGE_SITE_NAMES.caBundle(site),
    namespace,
    key: EDGE_SITE_KEYS.caBundle,
    path: 'trustBundle',
    fixes: {
      existingConfigMap: `Name a ConfigMap with key ${EDGE_SITE_KEYS.caBundle} in the site's namespace.`,
      pem: 'Give the PEM text of the CA certificates ("-----BEGIN CERTIFICATE-----...").',
    },
  };
}

/** F7: extra manifests, one ConfigMap key per file: names of at most 30 characters ending in .yaml, content that parses to Kubernetes objects. */
function buildExtraManifests(files: Readonly<Record<string, string>>, site: string, namespace: string, issues: IssueCollector): ConfigMap | undefined {
  const names = Object.keys(files).sort();
  if (names.length === 0) return undefined;
  for (const file of names) {
    const path = `extraManifests[${JSON.stringify(file)}]`;
    if (file.length > MAX_EXTRA_MANIFEST_NAME) {
      issues.error(path, `the file name ${quote(file)} is ${file.length} characters long; the operator's limit is ${MAX_EXTRA_MANIFEST_NAME}, and longer names can fail the deployment.`, 'Shorten it, e.g. 01-sriov.yaml.');
    }
    if (!/^[-._a-zA-Z0-9]+\.ya?ml$/.test(file)) issues.error(path, `${quote(file)} is not a manifest file name (letters, digits, "-", "_" and ".", ending in .yaml).`, 'Name it like 01-sriov-network.yaml.');
    const problem = manifestProblem(files[file]);
    if (problem) issues.error(path, problem, 'Give the YAML of one or more Kubernetes objects, each with apiVersion, kind and metadata.name.');
  }
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: EDGE_SITE_NAMES.extraManifests(site), namespace }, data: Object.fromEntries(names.map((file) => [file, files[file]])) };
}

/** Why a manifest's text is not YAML of Kubernetes objects, or undefined. */
function manifestProblem(text: string): string | undefined {
  let documents: unknown[];
  try {
    documents = jsYaml.loadAll(text);
  } catch (error) {
    return `the manifest does not parse as YAML (${(error as Error).message.split('\n')[0]}).`;
  }
  const objects = documents.filter((d) => d !== null && d !== undefined);
  if (objects.length === 0) return 'the manifest holds no object.';
  const bad = objects.findIndex((d) => {
    const o = d as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };
    return typeof d !== 'object' || Array.isArray(d) || typeof o.apiVersion !== 'string' || typeof o.kind !== 'string' || typeof o.metadata?.name !== 'string';
  });
  return bad < 0 ? undefined : `document ${bad + 1} of the manifest is not a Kubernetes object (apiVersion, kind and metadata.name).`;
}

/** F6: the release as a ClusterImageSet, by digest when the site has mirrors; named after the release so sites share it. */
function buildClusterImageSet(props: EdgeSiteProps, issues: IssueCollector): ClusterImageSet {
  const { image } = props.release;
  const parsed = parseReleaseImage(image);
  if (props.imageDigestSources?.length) {
    requireDigest(image, 'release.image', 'imageDigestSources mirrors apply only to images pulled by digest', issues, 'release image');
  } else if (typeof parsed === 'string') {
    issues.error('release.image', `release image ${quote(image)} ${parsed}.`, 'Give a release image such as quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64.');
  }
  const derived = typeof parsed === 'string' ? 'img-invalid' : parsed.digest ? `img-${parsed.digest.slice('sha256:'.length, 'sha256:'.length + 12)}` : `img${(parsed.tag ?? '').toLowerCase().replace(/[^a-z0-9.-]/g, '-')}`;
  const name = props.release.imageSetName ?? derived;
  const problem = dnsSubdomainProblem(name);
  if (problem && props.release.imageSetName !== undefined) issues.error('release.imageSetName', `ClusterImageSet name ${quote(name)} ${problem}.`, 'Name it like img4.16.4-x86-64.');
  return { apiVersion: EDGE_API_VERSIONS.clusterImageSet, kind: 'ClusterImageSet', metadata: { name }, spec: { releaseImage: image } };
}

/** F5: the host as the operator needs it: never powered on by metal3, never cleaned (that would wipe the seed), booting the preinstalled disk. */
function buildBareMetalHost(props: EdgeSiteProps, namespace: string, credentialsName: string, networkSecret: string | undefined, issues: IssueCollector): BareMetalHost {
  if (!MAC_ADDRESS.test(props.bootMACAddress)) issues.error('bootMACAddress', `${quote(props.bootMACAddress)} is not a MAC address.`, 'Write it as six pairs of hex digits separated by colons, e.g. 52:54:00:aa:bb:01.');
  const scheme = bmcScheme(props.bmc.address);
  if ('problem' in scheme) issues.error('bmc.address', scheme.problem, 'Use a virtual-media BMC address, e.g. redfish-virtualmedia://10.0.0.5/redfish/v1/Systems/1.');
  else if (!scheme.virtualMedia) {
    issues.error(
      'bmc.address',
      `the ${scheme.scheme} driver cannot attach virtual media, and the operator hands the site's configuration to the host as a virtual-media image.`,
      `Use a virtual-media driver (${scheme.scheme.startsWith('idrac') ? 'idrac-virtualmedia' : 'redfish-virtualmedia'}://...).`,
    );
  }
  return {
    apiVersion: METAL3_API_VERSION,
    kind: 'BareMetalHost',
    metadata: { name: props.name, namespace },
    spec: {
      online: false,
      bootMACAddress: props.bootMACAddress.toLowerCase(),
      bmc: { address: props.bmc.address, credentialsName, ...(props.bmc.disableCertificateVerification ? { disableCertificateVerification: true } : {}) },
      automatedCleaningMode: 'disabled',
      externallyProvisioned: true,
      ...(networkSecret ? { preprovisioningNetworkDataName: networkSecret } : {}),
    },
  };
}

/** A boot MAC belongs to one host: two sites cannot name the same machine. */
function macClaim(host: BareMetalHost) {
  return { kind: 'boot MAC address', value: host.spec.bootMACAddress ?? '', path: 'spec.bootMACAddress', why: 'one preinstalled host can become one site only.' };
}

function buildImageClusterInstall(props: EdgeSiteProps, namespace: string, imageSet: string, caBundle: string | undefined, manifests: string | undefined): ImageClusterInstall {
  return {
    apiVersion: EDGE_API_VERSIONS.imageClusterInstall,
    kind: 'ImageClusterInstall',
    metadata: { name: props.name, namespace },
    spec: {
      bareMetalHostRef: { name: props.name, namespace },
      clusterDeploymentRef: { name: props.name },
      hostname: props.hostname,
      imageSetRef: { name: imageSet },
      machineNetworks: props.machineNetworks.map((cidr) => ({ cidr })),
      ...(props.sshKey ? { sshKey: props.sshKey.trim() } : {}),
      ...(props.imageDigestSources?.length
        ? { imageDigestSources: props.imageDigestSources.map((s) => ({ source: s.source, mirrors: [...s.mirrors], ...(s.mirrorSourcePolicy ? { mirrorSourcePolicy: s.mirrorSourcePolicy } : {}) })) }
        : {}),
      ...(caBundle ? { caBundleRef: { name: caBundle } } : {}),
      ...(manifests ? { extraManifestsRefs: [{ name: manifests }] } : {}),
    },
  };
}

function buildClusterDeployment(props: EdgeSiteProps, namespace: string, pullSecret: string): ClusterDeployment {
  return {
    apiVersion: EDGE_API_VERSIONS.clusterDeployment,
    kind: 'ClusterDeployment',
    metadata: { name: props.name, namespace },
    spec: {
      baseDomain: props.baseDomain,
      clusterName: props.name,
      platform: { none: {} },
      pullSecretRef: { name: pullSecret },
      clusterInstallRef: { group: 'extensions.hive.openshift.io', kind: 'ImageClusterInstall', name: props.name, version: 'v1alpha1' },
    },
  };
}

/**
 * The site's ManagedCluster, accepted by the hub (the documentation's step for an image-based
 * install). Not the hosted-cluster import's (lib/management/import.ts): that one is for a
 * Hosted-mode klusterlet on the management cluster, while the site's cluster runs its own.
 */
function buildManagedCluster(name: string): ManagedCluster {
  return { apiVersion: OCM_API_VERSIONS.managedCluster, kind: 'ManagedCluster', metadata: { name }, spec: { hubAcceptsClient: true } };
}

const enabledComponents = (engine: MultiClusterEngine): ReadonlySet<string> =>
  new Set((engine.spec?.overrides?.components ?? []).filter((c) => c.enabled).map((c) => c.name ?? ''));

/**
 * F11: the hub runs the image-based install operator, which the multicluster engine leaves off
 * unless its component is enabled. Judged against the app's ManagementCluster (its
 * MultiClusterEngine), whichever is added first; an app without one is not judged.
 */
export const imageBasedInstallEnabled: PlanCheck = (objects, plan) => {
  const onHub = (p: PlannedObject, kind: string) => p.target.kind === 'management' && p.object.kind === kind;
  // A finding needs a new engine or a new install: any other contribution (a hosted cluster's) costs a pass over its own objects, not the plan's.
  if (!objects.some((p) => onHub(p, 'MultiClusterEngine') || onHub(p, 'ImageClusterInstall'))) return [];
  const all = [...plan.objects, ...objects.filter((o) => !plan.get(o))];
  const engines = all.filter((p) => onHub(p, 'MultiClusterEngine'));
  const installs = all.filter((p) => onHub(p, 'ImageClusterInstall'));
  const fresh = new Set(objects);
  const issues: ValidationIssue[] = [];
  for (const engine of engines) {
    if (enabledComponents(engine.object as MultiClusterEngine).has(IMAGE_BASED_INSTALL_COMPONENT)) continue;
    // Only the engine of the hub the install is applied to (a plan may hold two management clusters).
    const install = installs.find((i) => targetKey(i.target) === targetKey(engine.target) && (fresh.has(i) || fresh.has(engine)));
    if (!install) continue;
    issues.push({
      severity: 'error',
      object: engine.contributor,
      path: `multiclusterEngine.components[${JSON.stringify(IMAGE_BASED_INSTALL_COMPONENT)}]`,
      message: `${install.contributor} is installed by the image-based install operator, but the multicluster engine leaves its component off (it is disabled by default), so ${describeObject(install.object)} would never be acted on.`,
      fix: `Set multiclusterEngine.components["${IMAGE_BASED_INSTALL_COMPONENT}"]: true on the management cluster (multicluster engine 2.7 or later).`,
    });
  }
  return issues;
};
