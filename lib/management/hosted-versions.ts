/**
 * Which hosted OpenShift minors a management cluster can deploy, from what it installs: the
 * HyperShift operator of multicluster engine 2.y is the one of OpenShift 4.(y+10) ("N"), and it
 * deploys hosted clusters from N+1 down to N-2 (HyperShift's versioning-support page: MCE 2.6's
 * operator lists 4.17 to 4.14; the documentation, "Supported OpenShift Container Platform
 * versions in a hosted cluster": "between n+1 and n-2"). A newer release the operator refuses (an
 * error); an older one it may still deploy, outside the support policy (a warning). Each platform has its own oldest hosted
 * minor (the documentation's Table 2.1), and IBM Z and IBM Power hosted clusters (agent NodePools
 * of s390x and ppc64le) their own prerequisites: MCE 2.5, OpenShift 4.16, and at least three
 * workers on the hosting cluster (sections 3.5 and 3.6). The operator's `supported-versions`
 * ConfigMap is the final word; the preflight reads it, and `supportedVersions` takes it offline.
 */
import type { HostedCluster, NodePool } from '../api';
import type { Severity, ValidationIssue } from '../core/errors';
import type { PlannedObject } from '../core/plan-model';
import { describeObject } from '../core/plan-model';
import { formatVersion, parseReleaseImage } from '../core/release';
import type { OcpVersion } from '../core/release';

/** MCE 2.y ships the HyperShift operator of OpenShift 4.(y + this). */
const MCE_TO_OPENSHIFT_MINOR = 10;

/** The hosted minors (4.x) the HyperShift operator of MCE 2.`mceMinor` deploys. */
export function hostedMinorsOfMce(mceMinor: number): { readonly lowest: number; readonly highest: number } {
  const n = mceMinor + MCE_TO_OPENSHIFT_MINOR;
  return { lowest: n - 2, highest: n + 1 };
}

/** What IBM Z (s390x) and IBM Power (ppc64le) hosted clusters need beyond the agent platform's. */
export const ARCHITECTURE_PREREQUISITES: Readonly<Record<string, { readonly name: string; readonly minimumMceMinor: number; readonly hostedMinimumMinor: number; readonly minimumWorkers: number }>> = {
  s390x: { name: 'IBM Z', minimumMceMinor: 5, hostedMinimumMinor: 16, minimumWorkers: 3 },
  ppc64le: { name: 'IBM Power', minimumMceMinor: 5, hostedMinimumMinor: 16, minimumWorkers: 3 },
};

/** What the management cluster installs that decides the hosted versions, as its plan knows it. */
export interface HostedVersionSupport {
  /** The multicluster engine minor its channel installs (`stable-2.8`: 8). */
  readonly mceMinor?: number;
  /** Its channel, for messages. */
  readonly mceChannel?: string;
  /** The oldest hosted minor of each platform, where the documentation gives one. */
  readonly platformMinimum: Readonly<Record<string, number | undefined>>;
  /** Control-plane workers in its capacity settings, when given. */
  readonly workers?: number;
}

/**
 * The findings of one planned HostedCluster or NodePool against what its management cluster
 * installs; its release only when `ownRelease` (a NodePool on its cluster's release is
 * judged with the cluster).
 */
export function hostedVersionFindings(planned: PlannedObject, platform: string, support: HostedVersionSupport, ownRelease = true): ValidationIssue[] {
  const object = planned.object as HostedCluster | NodePool;
  const image = object.spec?.release?.image;
  const parsed = typeof image === 'string' ? parseReleaseImage(image) : undefined;
  const version = parsed && typeof parsed !== 'string' ? parsed.version : undefined;
  const issues: ValidationIssue[] = [];
  // Named as the object itself (a NodePool's contributor is its cluster's construct), as the validate command names it too.
  const report = (severity: Severity, path: string, message: string, fix: string) => issues.push({ severity, object: describeObject(object), path, message, fix });
  const error = (path: string, message: string, fix: string) => report('error', path, message, fix);
  if (version && ownRelease) checkMinor(version, platform, support, report);
  const arch = object.kind === 'NodePool' ? (object as NodePool).spec.arch : undefined;
  const prerequisites = arch ? ARCHITECTURE_PREREQUISITES[arch] : undefined;
  if (!prerequisites) return issues;
  if (support.mceMinor !== undefined && support.mceMinor < prerequisites.minimumMceMinor) {
    error('spec.arch', `${prerequisites.name} (${arch}) hosted clusters need multicluster engine 2.${prerequisites.minimumMceMinor} or later; the management cluster installs 2.${support.mceMinor} (${support.mceChannel}).`, `Use the channel stable-2.${prerequisites.minimumMceMinor} or later.`);
  }
  if (version && version.minor < prerequisites.hostedMinimumMinor) {
    error('spec.release.image', `${prerequisites.name} (${arch}) hosted clusters start at OpenShift 4.${prerequisites.hostedMinimumMinor}; this release is ${formatVersion(version, false)}.`, `Use a 4.${prerequisites.hostedMinimumMinor} or later release.`);
  }
  if (support.workers !== undefined && support.workers < prerequisites.minimumWorkers) {
    error('spec.arch', `${prerequisites.name} (${arch}) hosted clusters need at least ${prerequisites.minimumWorkers} workers on the hosting cluster to run the HyperShift operator; the management cluster's capacity settings give ${support.workers}.`, `Give the hosting cluster ${prerequisites.minimumWorkers} or more workers (and count them in capacity.workers).`);
  }
  return issues;
}

function checkMinor(version: OcpVersion, platform: string, support: HostedVersionSupport, report: (severity: Severity, path: string, message: string, fix: string) => void): void {
  const shown = formatVersion(version, false);
  const floor = support.platformMinimum[platform];
  if (floor !== undefined && version.major === 4 && version.minor < floor) {
    report('error', 'spec.release.image', `OpenShift ${shown} is older than 4.${floor}, the first the documentation supports for ${platform} hosted clusters.`, `Use a 4.${floor} or later release.`);
    return;
  }
  if (support.mceMinor === undefined || version.major !== 4) return;
  const { lowest, highest } = hostedMinorsOfMce(support.mceMinor);
  const where = `the HyperShift operator of multicluster engine 2.${support.mceMinor} (the management cluster's channel ${support.mceChannel})`;
  if (version.minor > highest) {
    // The operator refuses a release newer than the newest it knows (its LatestSupportedVersion).
    report('error', 'spec.release.image', `OpenShift ${shown} is newer than ${where} deploys (4.${lowest} to 4.${highest}).`, `Upgrade multicluster engine first (a channel stable-2.${version.minor - MCE_TO_OPENSHIFT_MINOR - 1} or later), then the cluster.`);
  } else if (version.minor < lowest) {
    // Older ones the operator may still deploy, outside the support policy (n+1 to n-2).
    report('warning', 'spec.release.image', `OpenShift ${shown} is older than ${where} supports (4.${lowest} to 4.${highest}): Red Hat supports hosted clusters in that range only.`, `Upgrade the cluster to 4.${lowest} or later.`);
  }
}
