/**
 * The built-in example one upgrade later: the KubeVirt cluster kv-dev moves from OpenShift 4.16.4
 * to 4.17.3, its control plane and its two NodePools (which run the cluster's release). Synthesize
 * the example, then diff this app against what it wrote (docs/upgrade.md shows the output):
 *
 *   npx hcp-constructs synth examples/main.ts -o /tmp/hcp-upgrade
 *   npx hcp-constructs diff examples/upgrade.ts -o /tmp/hcp-upgrade
 */
import type { App } from 'cdk8s';
import { runSynth } from '../lib/cdk8s';
import { kubevirtCluster } from './clusters';
import { EXAMPLE_FLEET, defineFleetExample } from './fleet-app';

/** The release kv-dev moves to: the next minor release, as the supported versions allow. */
export const UPGRADED_RELEASE = 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi';

/** The example fleet with kv-dev on {@link UPGRADED_RELEASE}. */
export const UPGRADED_FLEET = {
  ...EXAMPLE_FLEET,
  hostedClusters: EXAMPLE_FLEET.hostedClusters.map((cluster) => (cluster.name === kubevirtCluster.name ? { ...cluster, release: { image: UPGRADED_RELEASE } } : cluster)),
};

/** Adds the upgraded example fleet to `app`. */
export function define(app: App): void {
  defineFleetExample(app, UPGRADED_FLEET);
}

if (require.main === module) process.exitCode = runSynth(define);
