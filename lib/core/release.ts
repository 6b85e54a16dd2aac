/** OpenShift release images and versions: parsing, ordering, supported ranges and NodePool skew; the by-digest rule for any image. */
import type { IssueCollector } from './errors';
import type { NodePoolSpec } from '../api';
import { quote } from './schema';

export interface OcpVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

export interface ReleaseImage {
  /** Everything before the tag or digest, e.g. `quay.io/openshift-release-dev/ocp-release`. */
  readonly repository: string;
  readonly tag?: string;
  /** `sha256:<64 hex>` when the image is pinned by digest. */
  readonly digest?: string;
  /** The version read from a tag such as `4.16.4-x86_64` or `4.16.4-multi`. */
  readonly version?: OcpVersion;
}

const DIGEST = /^sha256:[a-f0-9]{64}$/;
const VERSION = /^(\d+)\.(\d+)(?:\.(\d+))?/;

/** Parses a release image pull spec; returns a reason string when it is malformed. */
export function parseReleaseImage(image: string): ReleaseImage | string {
  if (image.length === 0) return 'is empty';
  if (/\s/.test(image)) return 'contains white space';
  if (!/^\w/.test(image)) return 'must start with a letter, digit or "_"';
  const at = image.indexOf('@');
  if (at >= 0) {
    const digest = image.slice(at + 1);
    if (!DIGEST.test(digest)) return `digest "${digest}" is not sha256:<64 lower-case hex digits>`;
    return { repository: image.slice(0, at), digest };
  }
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  if (colon < 0) return 'has neither a tag (":4.16.4-x86_64") nor a digest ("@sha256:...")';
  const tag = image.slice(colon + 1);
  if (!/^[\w][\w.-]{0,127}$/.test(tag)) return `tag "${tag}" is not a valid image tag`;
  return { repository: image.slice(0, colon), tag, version: parseVersion(tag) };
}

const TAG_ARCH = /-(x86_64|aarch64|arm64|ppc64le|s390x|multi)$/;

/**
 * The architecture a release image is for, from its tag (`4.16.4-x86_64`, `4.16.4-multi`): `multi`,
 * a single architecture as release tags name it (`x86_64`, `aarch64`...), or undefined when the
 * image is pinned by digest or the tag does not say.
 */
export function releaseArchitecture(image: string): string | undefined {
  const parsed = parseReleaseImage(image);
  if (typeof parsed === 'string' || !parsed.tag) return undefined;
  const arch = TAG_ARCH.exec(parsed.tag)?.[1];
  return arch === 'arm64' ? 'aarch64' : arch;
}

/** How release tags name the architecture of NodePool nodes of each `arch` (the NodePool CRD's values). */
export const RELEASE_ARCH_OF_NODES: Readonly<Record<NonNullable<NodePoolSpec['arch']>, string>> = {
  amd64: 'x86_64',
  arm64: 'aarch64',
  ppc64le: 'ppc64le',
  s390x: 's390x',
};

/** The fix of every finding about an image that must be pinned by digest. */
export const DIGEST_FIX = 'Pin the image by digest (registry/repository@sha256:<64 hex digits>); `skopeo inspect` or `oc image info` on the tag gives it.';

/**
 * Reports an image that is not pinned by digest at `path`: a tag, with `why` said after it
 * (`imageContentSources mirrors apply only to pulls by digest`), or a malformed pull spec. `what`
 * names the image in the message (`release image`, `catalog image`). Returns true when the image
 * is pinned by digest. The one digest rule of the library: every part that needs a digest calls it.
 */
export function requireDigest(image: string, path: string, why: string, issues: Pick<IssueCollector, 'error'>, what = 'image'): boolean {
  const parsed = parseReleaseImage(image);
  if (typeof parsed === 'string') {
    issues.error(path, `${what} ${quote(image)} ${parsed}.`, DIGEST_FIX);
    return false;
  }
  if (parsed.digest) return true;
  issues.error(path, `${what} ${quote(image)} is pinned by tag, but ${why}.`, DIGEST_FIX);
  return false;
}

/** Reads `4.16`, `4.16.4` or `4.16.4-x86_64`; undefined when the text does not start with a version. */
export function parseVersion(text: string): OcpVersion | undefined {
  const match = VERSION.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

export function formatVersion(v: OcpVersion, withPatch = true): string {
  return withPatch ? `${v.major}.${v.minor}.${v.patch}` : `${v.major}.${v.minor}`;
}

/**
 * One number per minor release across the 4.x and 5.x lines. OpenShift 5.0 follows 4.22 in the
 * upstream support window (5.x counts as 4.(23+x)), so comparisons never assume major 4.
 */
export function minorOrdinal(v: Pick<OcpVersion, 'major' | 'minor'>): number {
  return v.major >= 5 ? 23 + (v.major - 5) * 100 + v.minor : v.minor;
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`. */
export function compareVersions(a: OcpVersion, b: OcpVersion): number {
  return minorOrdinal(a) - minorOrdinal(b) || a.patch - b.patch;
}

/** How many minor releases a NodePool may trail its HostedCluster (upstream policy: n-3). */
export const MAX_NODEPOOL_MINOR_SKEW = 3;

/** The minor release `ordinal` stands for (the inverse of {@link minorOrdinal}). */
function minorOf(ordinal: number): Pick<OcpVersion, 'major' | 'minor'> {
  return ordinal < 23 ? { major: 4, minor: ordinal } : { major: 5 + Math.floor((ordinal - 23) / 100), minor: (ordinal - 23) % 100 };
}

const minorText = (v: Pick<OcpVersion, 'major' | 'minor'>) => `${v.major}.${v.minor}`;

/** The minor release after `version`'s, as text: `4.17` for 4.16.x, `5.0` for 4.22.x. */
export function nextMinor(version: Pick<OcpVersion, 'major' | 'minor'>): string {
  return minorText(minorOf(minorOrdinal(version) + 1));
}

/**
 * Why a NodePool at `pool` cannot run under a control plane at `cluster`, and what to change, or
 * undefined. The NodePool is what is out of line in either case: it may trail its control plane by
 * {@link MAX_NODEPOOL_MINOR_SKEW} minors and never be newer (a control plane is upgraded first).
 */
export function nodePoolSkewProblem(pool: OcpVersion, cluster: OcpVersion): { readonly message: string; readonly fix: string } | undefined {
  if (compareVersions(pool, cluster) > 0) {
    return {
      message: `NodePool version ${formatVersion(pool)} is newer than the HostedCluster's ${formatVersion(cluster)}`,
      fix: `Give the NodePool ${formatVersion(cluster)} or an earlier release; to run ${formatVersion(pool)}, upgrade the HostedCluster to it first, then the NodePool.`,
    };
  }
  const skew = minorOrdinal(cluster) - minorOrdinal(pool);
  if (skew > MAX_NODEPOOL_MINOR_SKEW) {
    const oldest = minorText(minorOf(minorOrdinal(cluster) - MAX_NODEPOOL_MINOR_SKEW));
    return {
      message:
        `NodePool version ${formatVersion(pool, false)} is ${skew} minor releases behind the HostedCluster's ` +
        `${formatVersion(cluster, false)}; at most ${MAX_NODEPOOL_MINOR_SKEW} are supported`,
      fix: `Upgrade the NodePool to ${oldest} or later (at most ${MAX_NODEPOOL_MINOR_SKEW} minor releases behind the control plane's ${formatVersion(cluster, false)}).`,
    };
  }
  return undefined;
}

/**
 * The minor versions the HyperShift operator accepts, from the `supported-versions` ConfigMap in
 * the `hypershift` namespace (`data["supported-versions"]` is `{"versions":["4.17","4.16",...]}`).
 */
export function parseSupportedVersions(configMapData: Readonly<Record<string, string>>): string[] {
  const raw = configMapData['supported-versions'];
  if (raw === undefined) throw new Error('ConfigMap data has no "supported-versions" key');
  const parsed = JSON.parse(raw) as { versions?: unknown };
  if (!Array.isArray(parsed.versions) || !parsed.versions.every((v) => typeof v === 'string')) {
    throw new Error('"supported-versions" is not {"versions": ["4.x", ...]}');
  }
  return parsed.versions as string[];
}

/** True when `version`'s minor is one of `supported` (`["4.17", "4.16"]`). */
export function isSupportedMinor(version: OcpVersion, supported: readonly string[]): boolean {
  return supported.some((s) => {
    const v = parseVersion(s);
    return v !== undefined && minorOrdinal(v) === minorOrdinal(version);
  });
}
