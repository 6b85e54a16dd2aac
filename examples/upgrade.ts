/**
 * The built-in example one upgrade later: the KubeVirt cluster kv-dev moves from OpenShift 4.16.4
 * to 4.17.3, its control plane and its two NodePools (which run the cluster's release). Synthesize
 * the example, then diff this app against what it wrote (docs/upgrade.md shows the output):
 *
 *   npx hcp-constructs synth examples/main.ts -o /tmp/hcp-upgrade
 *   npx hcp-constructs diff examples/upgrade.ts -o /tmp/hcp-upgrade
 */
import type { App } from 'cdk8s';
import type { HostedClusterProps } from '../lib';
import { runSynth } from '../lib/cdk8s';
import { defineExample } from './app';
import { EXAMPLE_AGENT_CLUSTERS } from './agent-infrastructure';
import { EXAMPLE_CLUSTERS, kubevirtCluster } from './clusters';

/** The release kv-dev moves to: the next minor release, as the supported versions allow. */
export const UPGRADED_RELEASE = 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi';

/** The example's clusters with kv-dev on {@link UPGRADED_RELEASE}. */
export const UPGRADED_CLUSTERS: readonly HostedClusterProps[] = [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS].map((cluster) =>
  cluster.name === kubevirtCluster.name ? { ...cluster, release: { image: UPGRADED_RELEASE } } : cluster,
);

/** Adds every chart of the upgraded example to `app`. */
export function define(app: App): void {
  defineExample(app, UPGRADED_CLUSTERS);
}

if (require.main === module) process.exitCode = runSynth(define);
