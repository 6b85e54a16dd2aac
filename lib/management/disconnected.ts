/**
 * A disconnected management cluster (documentation chapter 5): its nodes pull through mirror
 * registries, so before any operator image or catalog is pulled (phase image-configuration, wave
 * -4) it needs
 * - the mirror sets: ImageDigestMirrorSet and ImageTagMirrorSet `<mirrorSetName>` (the control
 *   planes' pods follow the management cluster's mirrors; a hosted cluster's nodes follow its own
 *   `imageContentSources`);
 * - the registries' CAs: ConfigMap `registry-config` in `openshift-config`, one key per registry
 *   (`host..port`: two dots stand for the colon, which a ConfigMap key cannot hold), and the patch
 *   of Image `cluster` that names it (`spec.additionalTrustedCA` is one object, not a list);
 * - ImageDigestMirrorSet `rhcos-boot-kubevirt` for the RHCOS KubeVirt boot image, which oc-mirror
 *   v1 does not mirror (documentation, KubeVirt troubleshooting).
 * The install flag a disconnected hub drops is a row of install-flags.ts. Across the app, every
 * image reference must then be pinned by digest, and a hosted cluster without a trust bundle is
 * warned about ({@link disconnectedChecks}).
 */
import type { ConfigMap, HostedCluster, ImageConfig, ImageDigestMirrorSet, ImageDigestMirrorSetSpecImageDigestMirrors, ImageTagMirrorSet, KubernetesObject, NodePool } from '../api';
import { HYPERSHIFT_API_VERSION, MANAGEMENT_API_VERSIONS, NODE_CONFIG_API_VERSIONS } from '../api';
import { pemBundleProblem } from '../core/access';
import type { IssueCollector, PathTranslator, ValidationIssue } from '../core/errors';
import { PHASES, Plan, PlanCheck, PlanItem, PlannedObject, describeObject, objectKey, planItem, planKey } from '../core/plan-model';
import { PathKey, pathText } from '../core/props-paths';
import { parseReleaseImage, requireDigest } from '../core/release';
import { quote } from '../core/schema';
import { existingObjectPatch } from './planned';
import type { DisconnectedProps, ImageMirrorProps } from './props';

export const DEFAULT_MIRROR_SET_NAME = 'hcp-mirrors';
/** The registry CA ConfigMap as the documentation names it, in the namespace the Image config reads. */
export const REGISTRY_CA_CONFIGMAP = { name: 'registry-config', namespace: 'openshift-config' } as const;
/** The cluster's one Image config object. */
export const IMAGE_CONFIG_NAME = 'cluster';
export const KUBEVIRT_BOOT_IMAGE_MIRROR_SET = 'rhcos-boot-kubevirt';
/** Where the payload's boot images (the KubeVirt container disk among them) are published. */
const BOOT_IMAGE_REGISTRY = 'quay.io';

/** What the planner needs to know of the rest of the management cluster. */
export interface DisconnectedContext {
  /** Some platform of the management cluster runs its nodes as virtual machines (its preset installs OpenShift Virtualization). */
  readonly runsVirtualMachines: boolean;
}

/** The mirror sets, the registry CA ConfigMap with the Image patch, and the KubeVirt boot image mirror; findings name the props. */
export function planDisconnected(props: DisconnectedProps, context: DisconnectedContext, issues: IssueCollector): PlanItem[] {
  const name = props.mirrorSetName ?? DEFAULT_MIRROR_SET_NAME;
  const items: PlanItem[] = [];
  const digestMirrors = mirrorEntries(props.digestMirrors ?? [], 'disconnected.digestMirrors', issues);
  if (digestMirrors.length > 0) {
    const set: ImageDigestMirrorSet = { apiVersion: NODE_CONFIG_API_VERSIONS.ImageDigestMirrorSet, kind: 'ImageDigestMirrorSet', metadata: { name }, spec: { imageDigestMirrors: digestMirrors } };
    items.push(mirrorSetItem(set, listPaths('spec.imageDigestMirrors', 'disconnected.digestMirrors'), issues));
  }
  const tagMirrors = mirrorEntries(props.tagMirrors ?? [], 'disconnected.tagMirrors', issues);
  if (tagMirrors.length > 0) {
    const set: ImageTagMirrorSet = { apiVersion: NODE_CONFIG_API_VERSIONS.ImageTagMirrorSet, kind: 'ImageTagMirrorSet', metadata: { name }, spec: { imageTagMirrors: tagMirrors } };
    items.push(mirrorSetItem(set, listPaths('spec.imageTagMirrors', 'disconnected.tagMirrors'), issues));
  }
  items.push(...registryCAItems(props, issues));
  if (props.kubevirtBootImage) items.push(...kubevirtBootImageItems(props.kubevirtBootImage, context, issues));
  return items;
}

/** A mirror set in the image-configuration phase; its schema findings name the props it comes from. */
function mirrorSetItem(set: ImageDigestMirrorSet | ImageTagMirrorSet, paths: PathTranslator, issues: IssueCollector): PlanItem {
  issues.forObject(describeObject(set), paths);
  return planItem(set, PHASES.imageConfiguration, { kind: 'exists' }, { paths });
}

/** `spec.imageDigestMirrors[2].mirrors[0]` → `disconnected.digestMirrors[2].mirrors[0]`: the entries are rendered in the order given. */
function listPaths(rendered: string, prop: string): PathTranslator {
  return (path) => (path.startsWith(rendered) ? { path: `${prop}${path.slice(rendered.length)}`, renderedPath: path } : { path });
}

/**
 * What a repository text should have been, and why, for the mistakes people make when copying an
 * image into a mirror set: a scheme, a digest or tag (a mirror set maps repositories), a trailing
 * slash, upper case in the path. Undefined when none of them is made; the CRD's own pattern is
 * checked on the rendered object (the schema check), whose findings name the same props.
 */
export function repositoryMistake(text: string): { readonly fixed: string; readonly problem: string } | undefined {
  const problems: string[] = [];
  let fixed = text;
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.exec(fixed);
  if (scheme) {
    problems.push(`starts with the scheme "${scheme[0]}"`);
    fixed = fixed.slice(scheme[0].length);
  }
  const at = fixed.indexOf('@');
  if (at >= 0) {
    problems.push('names an image by digest');
    fixed = fixed.slice(0, at);
  }
  const slash = fixed.indexOf('/');
  const colon = slash < 0 ? -1 : fixed.indexOf(':', slash);
  if (colon >= 0) {
    problems.push(`ends in the tag "${fixed.slice(colon + 1)}"`);
    fixed = fixed.slice(0, colon);
  }
  if (/\/+$/.test(fixed)) {
    problems.push('ends in "/"');
    fixed = fixed.replace(/\/+$/, '');
  }
  const host = fixed.indexOf('/') < 0 ? fixed : fixed.slice(0, fixed.indexOf('/'));
  const path = fixed.slice(host.length);
  if (path !== path.toLowerCase()) {
    problems.push('has upper-case letters in its path');
    fixed = host + path.toLowerCase();
  }
  return problems.length > 0 ? { fixed, problem: problems.join(', ') } : undefined;
}

/** The entries as the CRD takes them, each repository text corrected where a known mistake is reported (so the schema check reports only what is left). */
function mirrorEntries(entries: readonly ImageMirrorProps[], prefix: string, issues: IssueCollector): ImageDigestMirrorSetSpecImageDigestMirrors[] {
  const sources = new Map<string, number>();
  return entries.map((entry, i) => {
    const at = `${prefix}[${i}]`;
    const source = repository(entry.source, `${at}.source`, 'source', issues);
    if (sources.has(source)) {
      issues.error(`${at}.source`, `source ${quote(source)} is also given at ${prefix}[${sources.get(source)}]; a repository has one list of mirrors.`, `Merge the mirrors of both entries into ${prefix}[${sources.get(source)}].`);
    } else sources.set(source, i);
    const mirrors = entry.mirrors.map((mirror, j) => {
      const fixed = repository(mirror, `${at}.mirrors[${j}]`, 'mirror', issues);
      if (fixed === source) issues.error(`${at}.mirrors[${j}]`, `mirror ${quote(mirror)} is the source itself, so nothing is mirrored.`, 'Give the repository on your mirror registry that holds a copy.');
      return fixed;
    });
    if (entry.mirrors.length === 0) issues.error(`${at}.mirrors`, `source ${quote(entry.source)} has no mirror, so pulls of it are not redirected.`, 'Give the repository on your mirror registry, or remove the entry.');
    return { source, mirrors, ...(entry.mirrorSourcePolicy ? { mirrorSourcePolicy: entry.mirrorSourcePolicy } : {}) };
  });
}

/** The repository to render: `text`, or its correction after a finding. */
function repository(text: string, path: string, what: 'source' | 'mirror', issues: IssueCollector): string {
  if (what === 'mirror' && text.startsWith('*')) {
    issues.error(path, `mirror ${quote(text)} is a wildcard; only a source may name a registry and its subdomains (*.example.com).`, 'Give one repository on your mirror registry.');
    // The rendered stand-in (the domain) keeps the CRD pattern from reporting the same mirror again.
    return text.replace(/^\*\.?/, '');
  }
  const mistake = repositoryMistake(text);
  if (!mistake) return text;
  issues.error(path, `${what} ${quote(text)} ${mistake.problem}; a mirror set maps repositories (host[:port]/path), not URLs or images.`, `Write ${quote(mistake.fixed)}.`);
  return mistake.fixed;
}

const HOST = /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/;

/** The ConfigMap key of a registry: `host`, or `host..port` (two dots: a key cannot hold a colon). */
export function registryCAKey(host: string, port?: number): string {
  return port === undefined ? host : `${host}..${port}`;
}

/** ConfigMap `registry-config` in `openshift-config` and the patch of Image `cluster` that names it. */
function registryCAItems(props: DisconnectedProps, issues: IssueCollector): PlanItem[] {
  const cas = props.registryCAs ?? [];
  if (cas.length === 0) return [];
  const name = props.registryCAConfigMap ?? REGISTRY_CA_CONFIGMAP.name;
  const data: Record<string, string> = {};
  const given = new Map<string, number>();
  cas.forEach((ca, i) => {
    const at = `disconnected.registryCAs[${i}]`;
    // A host with its port is read as the two props, so that the key's own check does not report it again.
    const port = /^(.*):(\d+)$/.exec(ca.host);
    if (port) {
      issues.error(`${at}.host`, `host ${quote(ca.host)} holds a port; the key of the CA is built from host and port.`, `Give host: ${quote(port[1])}, port: ${port[2]}.`);
    } else if (!HOST.test(ca.host)) {
      issues.error(`${at}.host`, `host ${quote(ca.host)} is not a host name or IPv4 address.`, 'Give the registry host alone, without scheme or path: mirror.example.com.');
      return;
    }
    const key = port ? registryCAKey(port[1], ca.port ?? Number(port[2])) : registryCAKey(ca.host, ca.port);
    if (given.has(key)) issues.error(at, `the CA of ${key} is also given at disconnected.registryCAs[${given.get(key)}].`, 'Give each registry once; put several certificates into one PEM text.');
    else given.set(key, i);
    const problem = pemBundleProblem(ca.certificate);
    if (problem) issues.error(`${at}.certificate`, problem, 'Give the PEM text of the registry\'s CA ("-----BEGIN CERTIFICATE-----...").');
    // The documentation asks for a `|` block, which ends in a newline.
    data[key] = ca.certificate.endsWith('\n') ? ca.certificate : `${ca.certificate}\n`;
  });
  const configMap: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: REGISTRY_CA_CONFIGMAP.namespace }, data };
  const image: ImageConfig = existingObjectPatch({
    apiVersion: MANAGEMENT_API_VERSIONS.imageConfig,
    kind: 'Image',
    metadata: { name: IMAGE_CONFIG_NAME },
    spec: { additionalTrustedCA: { name } },
  });
  const imagePaths: PathTranslator = (path) => (path.startsWith('spec.additionalTrustedCA') ? { path: props.registryCAConfigMap !== undefined ? 'disconnected.registryCAConfigMap' : 'disconnected.registryCAs', renderedPath: path } : { path });
  issues.forObject(describeObject(image), imagePaths);
  return [
    planItem(configMap, PHASES.imageConfiguration),
    // The config operator then writes the CAs to every node, which takes several minutes.
    planItem(image, PHASES.imageConfiguration, { kind: 'exists' }, { patch: true, dependsOn: [objectKey(configMap)], paths: imagePaths }),
  ];
}

/** ImageDigestMirrorSet `rhcos-boot-kubevirt`: the quay.io repository of the boot image's digest-ref, mirrored. */
function kubevirtBootImageItems(props: NonNullable<DisconnectedProps['kubevirtBootImage']>, context: DisconnectedContext, issues: IssueCollector): PlanItem[] {
  const at = 'disconnected.kubevirtBootImage';
  if (!context.runsVirtualMachines) {
    issues.warn(at, 'none of the platforms runs its nodes as KubeVirt virtual machines, so nothing boots the image this mirror set is for.', 'Remove kubevirtBootImage, or add the platform whose nodes are KubeVirt VMs.');
  }
  const source = repository(props.source, `${at}.source`, 'source', issues);
  const mirror = repository(props.mirror, `${at}.mirror`, 'mirror', issues);
  const onQuay = (text: string) => text.startsWith(`${BOOT_IMAGE_REGISTRY}/`);
  if (!onQuay(source) && onQuay(mirror)) {
    issues.error(`${at}.source`, `source ${quote(source)} looks like your mirror and mirror ${quote(mirror)} like the quay.io repository: they are swapped (as in the documentation's example).`, `Swap them: source ${quote(mirror)}, mirror ${quote(source)}.`);
  } else if (!onQuay(source)) {
    issues.error(`${at}.source`, `source ${quote(source)} is not a quay.io repository; the boot image's digest-ref names one (quay.io/openshift-release-dev/ocp-v4.0-art-dev).`, 'Give the repository of the kubevirt digest-ref in the payload\'s 0000_50_installer_coreos-bootimages.yaml (the part before "@").');
  } else if (onQuay(mirror)) {
    issues.error(`${at}.mirror`, `mirror ${quote(mirror)} is on quay.io; a disconnected cluster cannot reach it.`, 'Give the repository on your mirror registry that `oc image mirror` copied the boot image to.');
  }
  const paths: PathTranslator = (path) =>
    path.startsWith('spec.imageDigestMirrors[0].source') ? { path: `${at}.source`, renderedPath: path } : path.startsWith('spec.imageDigestMirrors[0].mirrors') ? { path: `${at}.mirror`, renderedPath: path } : { path };
  const set: ImageDigestMirrorSet = {
    apiVersion: NODE_CONFIG_API_VERSIONS.ImageDigestMirrorSet,
    kind: 'ImageDigestMirrorSet',
    metadata: { name: KUBEVIRT_BOOT_IMAGE_MIRROR_SET },
    spec: { imageDigestMirrors: [{ source, mirrors: [mirror] }] },
  };
  return [mirrorSetItem(set, paths, issues)];
}

/** One image reference in an object: where, what, and the text. */
export interface ImageReference {
  /** `spec.release.image`. */
  readonly path: string;
  /** `release image`, `catalog image`, `boot image` or `image`: how findings name it. */
  readonly what: string;
  readonly image: string;
}

/**
 * The image references of an object: every string at a key `image` or ending in `Image`
 * (`releaseImage`, `containerDiskImage`) under `spec`, which is where every kind the library
 * emits keeps them. ConfigMap data (serialized node configuration) is not read.
 */
export function imageReferences(object: KubernetesObject): ImageReference[] {
  const found: ImageReference[] = [];
  const walk = (value: unknown, keys: PathKey[]): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...keys, i]));
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, [...keys, key]);
    else if (typeof value === 'string') {
      const key = keys[keys.length - 1];
      if (typeof key === 'string' && (key === 'image' || key.endsWith('Image'))) found.push({ path: pathText(keys), what: imageKind(object, keys), image: value });
    }
  };
  walk((object as { spec?: unknown }).spec, ['spec']);
  return found;
}

function imageKind(object: KubernetesObject, keys: readonly PathKey[]): string {
  const key = keys[keys.length - 1];
  if (key === 'releaseImage' || (key === 'image' && keys[keys.length - 2] === 'release')) return 'release image';
  if (object.kind === 'CatalogSource') return 'catalog image';
  if (key === 'containerDiskImage') return 'boot image';
  return 'image';
}

const DIGEST_WHY = 'the management cluster is disconnected, and image digest mirrors apply only to pulls by digest';

/** Errors for the images of `items` not pinned by digest, at their props paths (the management cluster's own objects, checked while planning). */
export function checkOwnImageDigests(items: readonly PlanItem[], issues: IssueCollector): void {
  for (const item of items) {
    for (const ref of imageReferences(item.object)) {
      if (!taggedImage(ref.image)) continue;
      const where = item.paths?.(ref.path) ?? { path: ref.path };
      requireDigest(ref.image, where.path, DIGEST_WHY, issues, ref.what);
    }
  }
}

/** A well-formed image pinned by tag (malformed ones are their own planner's finding). */
function taggedImage(image: string): boolean {
  const parsed = parseReleaseImage(image);
  return typeof parsed !== 'string' && !parsed.digest;
}

/**
 * The disconnected management cluster's checks over the app: every image another part plans must
 * be pinned by digest (a hosted cluster with `imageContentSources` already requires it for its
 * releases, so those are not reported twice), and a hosted cluster without a trust bundle is warned
 * about when the management cluster trusts registry CAs (its nodes pull from the same mirrors).
 */
export function disconnectedChecks(props: DisconnectedProps): PlanCheck {
  const caHosts = (props.registryCAs ?? []).map((ca) => (ca.port === undefined ? ca.host : `${ca.host}:${ca.port}`));
  return (objects, plan, owner) => {
    const issues: ValidationIssue[] = [];
    for (const planned of objects) {
      if (planned.contributor === owner) continue;
      const mirrored = releaseMirrored(planned, objects, plan);
      const collector = findingsOf(planned, issues);
      for (const ref of imageReferences(planned.object)) {
        if (!taggedImage(ref.image) || (mirrored && ref.path === 'spec.release.image')) continue;
        requireDigest(ref.image, ref.path, DIGEST_WHY, collector, ref.what);
      }
      if (caHosts.length > 0 && planned.target.kind === 'management' && planned.object.kind === 'HostedCluster' && !(planned.object as HostedCluster).spec.additionalTrustBundle) {
        issues.push({
          severity: 'warning',
          object: planned.contributor,
          path: 'additionalTrustBundle',
          message: `${owner} trusts the CA of ${caHosts.join(', ')} (disconnected.registryCAs), but this hosted cluster has no additionalTrustBundle: its nodes will not trust the mirror and cannot pull their images.`,
          fix: 'Give the hosted cluster additionalTrustBundle with the same CA (ConfigMap user-ca-bundle, key ca-bundle.crt, in its namespace; see docs/disconnected.md).',
        });
      }
    }
    return issues;
  };
}

/**
 * Whether the release images of this HostedCluster or NodePool are already required by digest (its
 * cluster has imageContentSources). A NodePool's cluster is looked up by its identity, in the plan
 * or among the objects being added with it: no pass over the plan per contribution.
 */
function releaseMirrored(planned: PlannedObject, fresh: readonly PlannedObject[], plan: Plan): boolean {
  const mirrors = (hc: KubernetesObject | undefined) => ((hc as HostedCluster | undefined)?.spec.imageContentSources ?? []).length > 0;
  if (planned.object.kind === 'HostedCluster') return mirrors(planned.object);
  if (planned.object.kind !== 'NodePool') return false;
  const np = planned.object as NodePool;
  const cluster = { target: planned.target, object: { apiVersion: HYPERSHIFT_API_VERSION, kind: 'HostedCluster', metadata: { namespace: np.metadata.namespace, name: np.spec.clusterName } } };
  const key = planKey(cluster);
  return mirrors((plan.get(cluster) ?? fresh.find((c) => c.object.kind === 'HostedCluster' && planKey(c) === key))?.object);
}

/** Records errors about `planned` into `issues`, at its props paths where it has them. */
function findingsOf(planned: PlannedObject, issues: ValidationIssue[]): Pick<IssueCollector, 'error'> {
  return {
    error: (path, message, fix) => issues.push({ severity: 'error', object: planned.contributor, ...(planned.paths?.(path) ?? { path }), message, fix }),
  };
}
