/**
 * Checks on the final HostedCluster and NodePool objects (after defaults and overrides): what the
 * API server enforces, and what the operator only rejects later at reconcile time.
 */
import type { HostedCluster, NodePool } from '../api';
import type { IssueCollector } from './errors';
import { controlPlaneNamespace, dnsLabelProblem, dnsSubdomainProblem, labelValueProblem, qualifiedNameProblem } from './names';
import { validateNetworking } from './networking';
import { validateAccess } from './access-checks';
import type { AnyPlatformDefinition } from './platform';
import {
  OcpVersion,
  formatVersion,
  isSupportedMinor,
  nodePoolSkewProblem,
  parseReleaseImage,
  parseVersion,
  requireDigest,
} from './release';
import { validateServices } from './services';
import { ANNOTATIONS, CLI_DEFAULTS } from './defaults';
import { MAX_CONTROL_PLANE_NODE_SELECTOR, MAX_NODEPOOL_CONFIG_REFS, MAX_POD_LABELS, MAX_TOLERATIONS, OVN_MTU } from './limits';
import { TAINT_EFFECTS } from './node-pool';
import { quote } from './schema';
import { updateChannelProblem } from './update-channel';
import { validateEtcd } from './etcd';
import { validateOlmCatalogImages } from './olm-catalogs';
import { QUANTITY, checkOverrideAnnotations } from './resource-requests';

/** Checks beyond the props themselves, for what the management cluster or the install requires. */
export interface ValidationOptions {
  /** Minor versions the operator supports (its `supported-versions` ConfigMap). @default not checked */
  readonly supportedVersions?: readonly string[];
  /** Require release images pinned by digest (disconnected installs). @default false */
  readonly requireReleaseDigest?: boolean;
}

/** A Go duration (`time.ParseDuration`) without a sign: `30s`, `10m`, `1h30m`, `1.5h`. */
export const GO_DURATION = /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/;
const PAUSED_UNTIL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}.*$/;
const UUID = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
/** A base DNS domain (`example.com`), as the HostedCluster's and an edge site's. */
export const DOMAIN = /^(?:(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}|[a-zA-Z0-9-]+)$/;

/**
 * Resolves and checks a release image; returns its version when known. `path` is the image's
 * (`spec.release.image`); problems of the declared version are at `spec.release.version`, which
 * the rendered object does not have: it stands for the prop `release.version`.
 */
export function checkRelease(
  image: string,
  declaredVersion: string | undefined,
  path: string,
  options: ValidationOptions,
  issues: IssueCollector,
  mirrored = false,
): OcpVersion | undefined {
  const parsed = parseReleaseImage(image);
  if (typeof parsed === 'string') {
    malformedRelease(image, parsed, path, issues);
    return undefined;
  }
  if (options.requireReleaseDigest || mirrored) {
    requireDigest(image, path, mirrored ? 'imageContentSources mirrors apply only to pulls by digest' : 'requireReleaseDigest requires a digest (disconnected installs)', issues, 'release image');
  }
  const version = declaredVersion !== undefined ? parseVersion(declaredVersion) : parsed.version;
  if (declaredVersion !== undefined && !version) {
    issues.error(versionPath(path), `"${declaredVersion}" is not a version.`, 'Write it as 4.16.4.');
  }
  if (declaredVersion !== undefined && version && parsed.version && formatVersion(version) !== formatVersion(parsed.version)) {
    issues.error(versionPath(path), `declared version ${declaredVersion} disagrees with the image tag (${formatVersion(parsed.version)}).`, 'Fix the version or the image.');
  }
  if (!version) {
    issues.warn(path, `the OpenShift version of "${image}" is unknown, so version support and skew are not checked.`, 'Give release.version (e.g. 4.16.4) with digest-pinned images.');
    return undefined;
  }
  if (options.supportedVersions && !isSupportedMinor(version, options.supportedVersions)) {
    issues.error(
      path,
      `OpenShift ${formatVersion(version, false)} is not among the versions the HyperShift operator supports (${options.supportedVersions.join(', ')}).`,
      'Pick a supported release, or update the supported versions from the operator\'s supported-versions ConfigMap.',
    );
  }
  return version;
}

function malformedRelease(image: string, problem: string, path: string, issues: IssueCollector): void {
  issues.error(path, `release image "${image}" ${problem}.`, 'Use registry/repository:tag or registry/repository@sha256:<digest>.');
}

/**
 * The update channel and a forced upgrade, with the release they are about: the channel must
 * offer updates from the release's minor; `force-upgrade-to` acts only when it names the
 * release image (the operator compares the two), and it skips the upgradeability checks.
 */
function validateUpdateSettings(hc: HostedCluster, version: OcpVersion | undefined, issues: IssueCollector): void {
  const channel = hc.spec.channel;
  const channelProblem = channel === undefined ? undefined : updateChannelProblem(channel, version);
  if (channelProblem) issues.error('spec.channel', channelProblem.message, channelProblem.fix);
  const forced = hc.metadata.annotations?.[ANNOTATIONS.forceUpgradeTo];
  if (forced === undefined) return;
  const path = `metadata.annotations["${ANNOTATIONS.forceUpgradeTo}"]`;
  const parsed = parseReleaseImage(forced);
  if (typeof parsed === 'string') return malformedRelease(forced, parsed, path, issues);
  if (forced !== hc.spec.release.image) {
    issues.error(
      path,
      `the forced upgrade names "${forced}", but the release image is "${hc.spec.release.image}": the operator forces only an upgrade to the image it names, so this does nothing.`,
      'Give the release image of the upgrade to force (the same as release.image), or remove it once that upgrade is done.',
    );
    return;
  }
  issues.warn(
    path,
    `the upgrade to "${forced}" is forced: the operator skips the upgradeability checks (the hosted cluster's Upgradeable condition) for it.`,
    'Force an upgrade only when support or the release notes say so, and remove it once the upgrade is done.',
  );
}

const versionPath = (imagePath: string) => imagePath.replace(/image$/, 'version');

function checkMetadata(meta: HostedCluster['metadata'], issues: IssueCollector): void {
  for (const [key, value] of Object.entries(meta.labels ?? {})) {
    const problem = qualifiedNameProblem(key) ?? labelValueProblem(value);
    if (problem) issues.error(`metadata.labels["${key}"]`, `label ${problem}.`, 'Use a valid label key and value.');
  }
  for (const key of Object.keys(meta.annotations ?? {})) {
    const problem = qualifiedNameProblem(key);
    if (problem) issues.error(`metadata.annotations["${key}"]`, `annotation key ${problem}.`, 'Use a valid annotation key.');
  }
}

function checkPausedUntil(value: string | undefined, path: string, issues: IssueCollector): void {
  if (value !== undefined && !PAUSED_UNTIL.test(value) && !['true', 'false', 'True', 'False'].includes(value)) {
    issues.error(path, `"${value}" is neither true/false nor an RFC 3339 time.`, 'Use true, or a time such as 2026-12-01T00:00:00Z.');
  }
}

/** Checks the final HostedCluster (after defaults, contributions and specOverrides); returns its OpenShift version when known. */
export function validateHostedCluster(
  hc: HostedCluster,
  platformDefinition: AnyPlatformDefinition | undefined,
  declaredVersion: string | undefined,
  options: ValidationOptions,
  issues: IssueCollector,
): OcpVersion | undefined {
  validateClusterMetadata(hc, issues);
  const spec = hc.spec;
  if (spec.infraID !== undefined) {
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(spec.infraID) || spec.infraID.length > 253) {
      issues.error('spec.infraID', `"${spec.infraID}" is not a valid infrastructure ID.`, 'Use lower-case letters, digits and "-".');
    } else if (spec.infraID !== hc.metadata.name) {
      issues.warn('spec.infraID', `infraID "${spec.infraID}" differs from the cluster name; the MCE console may not show the cluster correctly.`, 'Use the cluster name as infraID.');
    }
  }
  if (spec.clusterID !== undefined && !UUID.test(spec.clusterID)) {
    issues.error('spec.clusterID', `"${spec.clusterID}" is not an RFC 4122 UUID.`, 'Omit it to let the operator assign one, or give a UUID.');
  }
  const mirrored = (spec.imageContentSources ?? []).length > 0;
  const version = checkRelease(spec.release.image, declaredVersion, 'spec.release.image', options, issues, mirrored);
  validateUpdateSettings(hc, version, issues);
  validateClusterNetwork(spec, issues);
  validateControlPlaneSettings(spec, issues);
  validateSecretEncryption(spec.secretEncryption, issues);
  validateAccess(hc.metadata.name, spec, issues);
  if (!platformDefinition) {
    issues.error('spec.platform.type', `platform ${spec.platform.type} is not supported by hcp-constructs.`, 'Use a platform the library defines.');
    return version;
  }
  validatePlatformBlock(spec.platform, platformDefinition, issues);
  validateServices(spec.services, platformDefinition.publishingRules, spec.platform.type, issues);
  platformDefinition.validate.cluster?.(hc, issues);
  return version;
}

/** Name, namespace, the control-plane namespace they make, and annotations. */
function validateClusterMetadata(hc: HostedCluster, issues: IssueCollector): void {
  const { name, namespace = '' } = hc.metadata;
  const nameProblem = dnsLabelProblem(name);
  if (nameProblem) issues.error('metadata.name', `cluster name "${name}" ${nameProblem}.`, 'Use a short lower-case name such as "prod-east-1".');
  if (name === 'clusters') issues.error('metadata.name', 'a HostedCluster may not be named "clusters".', 'Choose another name.');
  const nsProblem = dnsLabelProblem(namespace);
  if (nsProblem) issues.error('metadata.namespace', `namespace "${namespace}" ${nsProblem}.`, `Use a valid namespace name such as "${CLI_DEFAULTS.namespace}".`);
  if (namespace === 'local-cluster') {
    issues.error('metadata.namespace', 'local-cluster is the namespace of the managed hub cluster.', `Put hosted clusters in another namespace, e.g. "${CLI_DEFAULTS.namespace}".`);
  }
  if (!nameProblem && !nsProblem) {
    const hcp = controlPlaneNamespace(namespace, name);
    if (hcp.length > 63) {
      issues.error('metadata.name', `the control-plane namespace "${hcp}" would be ${hcp.length} characters; the limit is 63.`, 'Shorten the cluster name or its namespace.');
    }
  }
  checkMetadata(hc.metadata, issues);
  const gracePeriod = hc.metadata.annotations?.[ANNOTATIONS.destroyGracePeriod];
  if (gracePeriod !== undefined && !GO_DURATION.test(gracePeriod)) {
    issues.error(
      `metadata.annotations["${ANNOTATIONS.destroyGracePeriod}"]`,
      `${quote(gracePeriod)} is not a duration: the operator stops reconciling a HostedCluster whose grace period it cannot read.`,
      'Write a Go duration such as 10m, 1h or 1h30m.',
    );
  }
  validateOlmCatalogImages(hc, issues);
  checkOverrideAnnotations(hc.metadata.annotations ?? {}, issues);
}


/** The base domain and the networks, with the network operator's settings that depend on them. */
function validateClusterNetwork(spec: HostedCluster['spec'], issues: IssueCollector): void {
  const baseDomain = spec.dns?.baseDomain ?? '';
  if (baseDomain !== '' && !DOMAIN.test(baseDomain)) {
    issues.error('spec.dns.baseDomain', `"${baseDomain}" is not a domain name.`, 'Use a domain such as example.com.');
  }
  validateNetworking(spec.networking, issues);
  const cno = spec.operatorConfiguration?.clusterNetworkOperator;
  if (cno?.ovnKubernetesConfig && spec.networking.networkType !== 'OVNKubernetes') {
    issues.error('spec.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig', `OVN-Kubernetes settings are given but networkType is ${spec.networking.networkType}.`, 'Remove them or use OVNKubernetes.');
  }
  const mtu = cno?.ovnKubernetesConfig?.mtu;
  if (mtu !== undefined && (mtu < OVN_MTU.min || mtu > OVN_MTU.max)) {
    issues.error('spec.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig.mtu', `MTU ${mtu} is outside ${OVN_MTU.min}-${OVN_MTU.max}.`, `Pick an MTU between ${OVN_MTU.min} and ${OVN_MTU.max}.`);
  }
}

/** etcd, availability, pausing, service-account issuer, capabilities, scheduling limits, feature set. */
function validateControlPlaneSettings(spec: HostedCluster['spec'], issues: IssueCollector): void {
  validateEtcd(spec.etcd, issues);
  const size = spec.etcd.managed?.storage.persistentVolume?.size;
  if (size !== undefined && !QUANTITY.test(String(size))) {
    issues.error('spec.etcd.managed.storage.persistentVolume.size', `"${size}" is not a quantity.`, 'Write a size such as 8Gi.');
  }
  if (spec.controllerAvailabilityPolicy === 'SingleReplica') {
    issues.warn('spec.controllerAvailabilityPolicy', 'SingleReplica control planes are the CLI default but are not supported for production.', 'Set controllerAvailabilityPolicy: HighlyAvailable for production clusters.');
  }
  checkPausedUntil(spec.pausedUntil, 'spec.pausedUntil', issues);
  if (spec.serviceAccountSigningKey && !spec.issuerURL) {
    issues.error('spec.serviceAccountSigningKey', 'a service-account signing key needs an issuerURL.', 'Set issuerURL to where the OIDC documents are served.');
  }
  if (spec.issuerURL !== undefined && !/^https:\/\/[^\s/]+/.test(spec.issuerURL)) {
    issues.error('spec.issuerURL', `"${spec.issuerURL}" is not an https URL.`, 'Use https://<host>/<path>.');
  }
  const caps = spec.capabilities;
  if (caps?.disabled?.includes('Ingress') && !caps.disabled.includes('Console')) {
    issues.error('spec.capabilities.disabled', 'Ingress can only be disabled together with Console.', 'Add Console to the disabled capabilities.');
  }
  for (const cap of caps?.enabled ?? []) {
    if (caps?.disabled?.includes(cap)) issues.error('spec.capabilities', `${cap} is both enabled and disabled.`, 'List it in one of the two.');
  }
  if (Object.keys(spec.nodeSelector ?? {}).length > MAX_CONTROL_PLANE_NODE_SELECTOR) issues.error('spec.nodeSelector', `more than ${MAX_CONTROL_PLANE_NODE_SELECTOR} entries.`, `Keep at most ${MAX_CONTROL_PLANE_NODE_SELECTOR}.`);
  if (Object.keys(spec.labels ?? {}).length > MAX_POD_LABELS) issues.error('spec.labels', `more than ${MAX_POD_LABELS} pod labels.`, `Keep at most ${MAX_POD_LABELS}.`);
  if ((spec.tolerations ?? []).length > MAX_TOLERATIONS) issues.error('spec.tolerations', `more than ${MAX_TOLERATIONS} tolerations.`, `Keep at most ${MAX_TOLERATIONS}.`);
  if (spec.configuration?.featureGate?.featureSet === 'TechPreviewNoUpgrade') {
    issues.warn('spec.configuration.featureGate.featureSet', 'TechPreviewNoUpgrade cannot be undone and blocks minor updates.', 'Use it only on disposable clusters.');
  }
}

/** Only the platform's own block, and that block when the operator needs it. */
function validatePlatformBlock(platform: HostedCluster['spec']['platform'], platformDefinition: AnyPlatformDefinition, issues: IssueCollector): void {
  // Any block other than the platform's own, whatever the API calls it.
  for (const key of Object.keys(platform)) {
    if (key !== 'type' && key !== platformDefinition.blockKey && (platform as unknown as Record<string, unknown>)[key] !== undefined) {
      issues.error(`spec.platform.${key}`, `spec.platform.${key} is set but the platform type is ${platform.type}.`, `Remove spec.platform.${key}.`);
    }
  }
  const blockKey = platformDefinition.blockKey;
  if (platformDefinition.blockRequired && blockKey && platform[blockKey] === undefined) {
    issues.error(
      `spec.platform.${blockKey}`,
      `platform type ${platform.type} needs spec.platform.${blockKey}; the API server accepts it without, the operator rejects it.`,
      `Give the ${platform.type} platform settings.`,
    );
  }
}

/**
 * What each KMS provider needs, from the HostedCluster CRD (`secretEncryption.kms.<provider>`
 * required fields): the operator cannot encrypt etcd without them.
 */
const KMS_REQUIREMENTS: Readonly<Record<string, { readonly block: string; readonly fields: readonly string[] }>> = {
  AWS: { block: 'aws', fields: ['region', 'activeKey.arn', 'auth.awsKms'] },
  Azure: { block: 'azure', fields: ['activeKey.keyVaultName', 'activeKey.keyName', 'activeKey.keyVersion'] },
  IBMCloud: { block: 'ibmcloud', fields: ['region', 'auth.type', 'keyList'] },
};

function fieldAt(object: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), object);
}

function validateSecretEncryption(encryption: HostedCluster['spec']['secretEncryption'], issues: IssueCollector): void {
  if (!encryption) return;
  const path = 'spec.secretEncryption';
  if (encryption.type === 'aescbc' && !encryption.aescbc?.activeKey?.name) {
    issues.error(`${path}.aescbc.activeKey.name`, 'aescbc encryption names no active key Secret.', 'Set secretEncryption.aescbc to a secret source.');
  }
  if (encryption.type !== 'kms') return;
  const kms = encryption.kms as Record<string, unknown> | undefined;
  const providers = Object.keys(KMS_REQUIREMENTS);
  const requirement = typeof kms?.provider === 'string' ? KMS_REQUIREMENTS[kms.provider] : undefined;
  if (!requirement) {
    issues.error(
      `${path}.kms.provider`,
      kms?.provider === undefined ? 'KMS encryption names no provider.' : `${quote(kms.provider)} is not a KMS provider.`,
      `Set kms.provider to one of ${providers.join(', ')} and give that provider's block (e.g. kms.aws with region, activeKey.arn and auth.awsKms).`,
    );
    return;
  }
  const block = kms?.[requirement.block];
  if (typeof block !== 'object' || block === null) {
    issues.error(`${path}.kms.${requirement.block}`, `KMS provider ${String(kms?.provider)} needs kms.${requirement.block}.`, `Give kms.${requirement.block} with ${requirement.fields.join(', ')}.`);
    return;
  }
  for (const field of requirement.fields) {
    const value = fieldAt(block, field);
    if (value === undefined || value === '') {
      issues.error(`${path}.kms.${requirement.block}.${field}`, `KMS provider ${String(kms?.provider)} needs ${field}.`, `Set kms.${requirement.block}.${field}.`);
    }
  }
  for (const key of ['activeKey.arn', 'backupKey.arn']) {
    const arn = requirement.block === 'aws' ? fieldAt(block, key) : undefined;
    if (typeof arn === 'string' && !arn.startsWith('arn:')) {
      issues.error(`${path}.kms.aws.${key}`, `${quote(arn)} is not an ARN (the CRD requires "arn:" first).`, 'Give the KMS key ARN, arn:aws:kms:<region>:<account>:key/<id>.');
    }
  }
}

/** Checks the final NodePool against its cluster. Long because it is a list of independent rules, each a few lines, in the order of the NodePool's spec. */
export function validateNodePool(
  np: NodePool,
  hc: HostedCluster,
  clusterVersion: OcpVersion | undefined,
  platformDefinition: AnyPlatformDefinition | undefined,
  declaredVersion: string | undefined,
  options: ValidationOptions,
  issues: IssueCollector,
): void {
  const spec = np.spec;
  const nameProblem = dnsLabelProblem(np.metadata.name);
  if (nameProblem) issues.error('metadata.name', `NodePool name "${np.metadata.name}" ${nameProblem}.`, 'Use a short lower-case name.');
  checkMetadata(np.metadata, issues);
  if (spec.clusterName !== hc.metadata.name || np.metadata.namespace !== hc.metadata.namespace) {
    issues.error('spec.clusterName', `the NodePool must name a HostedCluster in its own namespace (${hc.metadata.namespace}/${hc.metadata.name}).`, 'Put the NodePool next to its HostedCluster.');
  }
  if (spec.replicas !== undefined && spec.autoScaling !== undefined) {
    issues.error('spec.replicas', 'replicas and autoScaling are both set.', 'Set either a fixed replicas count or autoScaling bounds.');
  }
  if (spec.replicas !== undefined && (!Number.isInteger(spec.replicas) || spec.replicas < 0)) {
    issues.error('spec.replicas', `${spec.replicas} is not a count of nodes.`, 'Use a whole number, 0 or more.');
  }
  const scaling = spec.autoScaling;
  if (scaling) {
    if (!Number.isInteger(scaling.min) || scaling.min < 0) issues.error('spec.autoScaling.min', `${scaling.min} is not 0 or more.`, 'Use a whole number, 0 or more.');
    if (!Number.isInteger(scaling.max) || scaling.max < 1) issues.error('spec.autoScaling.max', `${scaling.max} is not 1 or more.`, 'Use a whole number, 1 or more.');
    if (scaling.max < scaling.min) issues.error('spec.autoScaling.max', `max ${scaling.max} is below min ${scaling.min}.`, 'Make max at least min.');
    if (scaling.min === 0 && platformDefinition && !platformDefinition.scaleFromZero) {
      issues.error('spec.autoScaling.min', `scaling from zero is not supported on ${spec.platform.type}.`, 'Use min: 1 or more.');
    }
  }
  if (platformDefinition && !platformDefinition.archs.includes(spec.arch ?? 'amd64')) {
    issues.error('spec.arch', `${spec.arch} NodePools are not supported on ${spec.platform.type}.`, `Use ${platformDefinition.archs.join(' or ')}.`);
  }
  const management = spec.management;
  if (management.inPlace && management.upgradeType !== 'InPlace') {
    issues.error('spec.management.inPlace', 'inPlace settings need upgradeType InPlace.', 'Remove inPlace or use upgradeType: InPlace.');
  }
  if (management.replace && management.upgradeType !== 'Replace') {
    issues.error('spec.management.replace', 'replace settings need upgradeType Replace.', 'Remove replace or use upgradeType: Replace.');
  }
  if (management.replace?.rollingUpdate && management.replace.strategy !== undefined && management.replace.strategy !== 'RollingUpdate') {
    issues.error('spec.management.replace.rollingUpdate', 'rollingUpdate is only used with strategy RollingUpdate.', 'Remove rollingUpdate or use RollingUpdate.');
  }
  for (const field of ['nodeDrainTimeout', 'nodeVolumeDetachTimeout'] as const) {
    const value = spec[field];
    if (value !== undefined && !GO_DURATION.test(value)) issues.error(`spec.${field}`, `"${value}" is not a duration.`, 'Write it as 30s, 10m or 1h30m.');
  }
  if (management.autoRepair && (spec.nodeDrainTimeout === undefined || /^0+[a-zµ]*$/.test(spec.nodeDrainTimeout))) {
    issues.warn('spec.nodeDrainTimeout', 'auto repair is on but the drain timeout is 0s, so a machine stuck draining is never replaced.', 'Set nodeDrainTimeout, e.g. 30m.');
  }
  (spec.taints ?? []).forEach((taint, index) => {
    const problem = qualifiedNameProblem(taint.key);
    if (problem) issues.error(`spec.taints[${index}].key`, `taint key ${problem}.`, 'Use a qualified name such as example.com/dedicated.');
    if (!(TAINT_EFFECTS as readonly string[]).includes(taint.effect)) {
      issues.error(`spec.taints[${index}].effect`, `${quote(taint.effect)} is not a taint effect.`, `Use one of ${TAINT_EFFECTS.join(', ')}.`);
    }
    if (taint.value !== undefined && labelValueProblem(taint.value)) {
      issues.error(`spec.taints[${index}].value`, `taint value "${taint.value}" ${labelValueProblem(taint.value)}.`, 'Use letters, digits, "-", "_" and ".".');
    }
  });
  for (const [key, value] of Object.entries(spec.nodeLabels ?? {})) {
    const problem = qualifiedNameProblem(key) ?? labelValueProblem(value);
    if (problem) issues.error(`spec.nodeLabels["${key}"]`, `node label ${problem}.`, 'Use a valid label key and value.');
  }
  for (const field of ['config', 'tuningConfig'] as const) {
    const refs = spec[field] ?? [];
    if (refs.length > MAX_NODEPOOL_CONFIG_REFS) issues.error(`spec.${field}`, `${refs.length} ConfigMaps; at most ${MAX_NODEPOOL_CONFIG_REFS} are allowed.`, 'Merge them into fewer ConfigMaps.');
    refs.forEach((ref, index) => {
      const problem = dnsSubdomainProblem(ref.name ?? '');
      if (problem) issues.error(`spec.${field}[${index}].name`, `ConfigMap name "${ref.name}" ${problem}.`, 'Name an existing ConfigMap in the NodePool namespace.');
    });
  }
  checkPausedUntil(spec.pausedUntil, 'spec.pausedUntil', issues);
  if (spec.platform.type !== hc.spec.platform.type) {
    issues.error('spec.platform.type', `NodePool platform ${spec.platform.type} differs from its HostedCluster's ${hc.spec.platform.type}.`, 'Use the cluster\'s platform.');
  }
  platformDefinition?.validate.nodePool?.(np, hc, issues);
  // A pool on the cluster's own release was checked with the cluster; report nothing twice.
  const mirrored = (hc.spec.imageContentSources ?? []).length > 0;
  const poolVersion =
    spec.release.image === hc.spec.release.image && declaredVersion === undefined
      ? clusterVersion
      : checkRelease(spec.release.image, declaredVersion, 'spec.release.image', options, issues, mirrored);
  if (poolVersion && clusterVersion) {
    const problem = nodePoolSkewProblem(poolVersion, clusterVersion);
    if (problem) issues.error('spec.release.image', `${problem.message}.`, problem.fix);
  }
}
