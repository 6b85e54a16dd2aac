/**
 * CPU architectures of agent hosts: the InfraEnv's `cpuArchitecture` decides which discovery image
 * hosts boot, so it must agree with the NodePools that draw from it and with the release image.
 *
 * Sources: the InfraEnv CRD (`cpuArchitecture`: x86_64, aarch64, arm64 (alias of aarch64), ppc64le,
 * s390x; "must match both the physical hardware and the desired OpenShift release architecture");
 * the NodePool CRD (`arch`: amd64, arm64, ppc64le, s390x, with the rule "s390x is only supported on
 * KubeVirt platform"); the HCP documentation (IBM Z and IBM Power agent clusters; a hosted cluster
 * whose nodes differ from the management cluster's architecture needs a multi-architecture release).
 */
import type { IssueCollector } from '../../core';
import { quote, releaseArchitecture } from '../../core';
import type { InfraEnvArch } from './infrastructure-props';

export { INFRA_ENV_ARCHS } from './infrastructure-props';
export type { InfraEnvArch } from './infrastructure-props';

/** The NodePool `arch` of hosts booted from an InfraEnv of each architecture. */
export const NODE_POOL_ARCH: Readonly<Record<InfraEnvArch, string>> = {
  x86_64: 'amd64',
  aarch64: 'arm64',
  arm64: 'arm64',
  ppc64le: 'ppc64le',
  s390x: 's390x',
};

/** The suffix OpenShift release tags carry for each architecture (`4.16.4-s390x`, `4.16.4-multi`). */
export const RELEASE_TAG_ARCH: Readonly<Record<InfraEnvArch, string>> = {
  x86_64: 'x86_64',
  aarch64: 'aarch64',
  arm64: 'aarch64',
  ppc64le: 'ppc64le',
  s390x: 's390x',
};

export interface ArchitectureContext {
  readonly infraEnvArch: InfraEnvArch;
  /** Architecture the management cluster (and so the hosted control plane) runs on. */
  readonly managementArch: InfraEnvArch;
  /** Release images the hosts will run: the HostedCluster's and each NodePool's, with their paths. */
  readonly releases: ReadonlyArray<{ readonly image: string; readonly path: string; readonly object: string }>;
  /** NodePools that draw Agents from this InfraEnv. */
  readonly nodePools: ReadonlyArray<{ readonly arch: string; readonly path: string; readonly object: string }>;
}

/** Findings where the InfraEnv, the release images and the NodePools disagree on the architecture. */
export function checkArchitectures(ctx: ArchitectureContext, issues: IssueCollector): void {
  const infra = ctx.infraEnvArch;
  const wanted = RELEASE_TAG_ARCH[infra];
  const crossArch = RELEASE_TAG_ARCH[ctx.managementArch] !== wanted;
  for (const release of ctx.releases) {
    const arch = releaseArchitecture(release.image);
    const at = issues.forObject(release.object);
    if (arch === undefined) {
      if (crossArch) {
        at.warn(
          release.path,
          `the release image ${quote(release.image)} does not say its architecture; the hosts are ${infra} and the control plane runs on ${ctx.managementArch}, which needs a multi-architecture release.`,
          'Use the multi-architecture release (tag ending in -multi, or its digest).',
        );
      }
    } else if (arch !== 'multi' && (arch !== wanted || crossArch)) {
      at.error(
        release.path,
        arch !== wanted
          ? `the release image ${quote(release.image)} is for ${arch}, but the InfraEnv boots ${infra} hosts.`
          : `the release image ${quote(release.image)} is for ${arch} only, but the control plane runs on the ${ctx.managementArch} management cluster and the hosts are ${infra}.`,
        crossArch ? 'Use the multi-architecture release (tag ending in -multi).' : `Use the ${wanted} or the multi-architecture release.`,
      );
    }
  }
  // The NodePool CRD refuses arch s390x outside KubeVirt, so IBM Z agent pools cannot state their
  // architecture: the InfraEnv alone decides it there, and there is nothing to compare.
  if (infra === 's390x') return;
  for (const pool of ctx.nodePools) {
    if (pool.arch !== NODE_POOL_ARCH[infra]) {
      issues.forObject(pool.object).error(
        pool.path,
        `the NodePool's arch is ${pool.arch}, but it draws Agents from an InfraEnv of ${infra} hosts.`,
        `Set the NodePool's arch to ${NODE_POOL_ARCH[infra]}, or select Agents of another InfraEnv with agentLabelSelector.`,
      );
    }
  }
}
