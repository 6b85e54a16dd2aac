/**
 * AWS node architectures against the release images. A NodePool's instances boot its release
 * image: one built for another architecture leaves instances that start and never join. A cluster
 * whose release is for one architecture serves NodePools of that architecture only; amd64 and
 * arm64 NodePools side by side need the multi-architecture release and `multiArch` (HCP
 * documentation, AWS: "Running hosted clusters on AMD64 and ARM64", the `--multi-arch` flag: "the
 * release image must be a multi-architecture release image"; a NodePool has one architecture).
 */
import type { HostedCluster, NodePool } from '../../api';
import type { Arch, IssueCollector } from '../../core';
import { RELEASE_ARCH_OF_NODES, quote, releaseArchitecture } from '../../core';

const MULTI_FIX = 'Use the multi-architecture release (tag ending in -multi)';

/** The NodePool `arch` of nodes a single-architecture release runs on (`x86_64` → `amd64`). */
function nodeArchOf(releaseArch: string): string {
  return Object.entries(RELEASE_ARCH_OF_NODES).find(([, tag]) => tag === releaseArch)?.[0] ?? releaseArch;
}

/** `multiArch: true` with a release image of one architecture. An image pinned by digest does not say, so it is not judged. */
export function checkAwsClusterArchitecture(hc: HostedCluster, issues: IssueCollector): void {
  const image = hc.spec.release.image;
  const arch = releaseArchitecture(image);
  if (hc.spec.platform.aws?.multiArch && arch !== undefined && arch !== 'multi') {
    issues.error(
      'spec.platform.aws.multiArch',
      `multiArch is set, but the release image ${quote(image)} is for ${arch} only; NodePools of other architectures need a multi-architecture release.`,
      `${MULTI_FIX}, or set multiArch: false.`,
    );
  }
}

/**
 * A NodePool's `arch` against its own release image (its instances boot it) and against the
 * cluster's (its control plane serves nodes of that architecture only, unless it is multi).
 */
export function checkAwsNodePoolArchitecture(np: NodePool, hc: HostedCluster, issues: IssueCollector): void {
  const arch: Arch = np.spec.arch ?? 'amd64';
  const wanted = RELEASE_ARCH_OF_NODES[arch];
  const own = releaseArchitecture(np.spec.release.image);
  if (own !== undefined && own !== 'multi' && own !== wanted) {
    issues.error(
      'spec.arch',
      `the NodePool's arch is ${arch}, but its release image ${quote(np.spec.release.image)} is for ${own} only: its instances would start and never join the cluster.`,
      `Set arch: ${nodeArchOf(own)}, or ${MULTI_FIX.toLowerCase()}.`,
    );
    return;
  }
  const cluster = releaseArchitecture(hc.spec.release.image);
  if (cluster !== undefined && cluster !== 'multi' && cluster !== wanted) {
    issues.error(
      'spec.arch',
      `the NodePool's arch is ${arch}, but the cluster's release image ${quote(hc.spec.release.image)} is for ${cluster} only, so its control plane takes ${nodeArchOf(cluster)} nodes only.`,
      `Set arch: ${nodeArchOf(cluster)}, or give the cluster the multi-architecture release (tag ending in -multi) and platform.aws.multiArch: true.`,
    );
  }
}
