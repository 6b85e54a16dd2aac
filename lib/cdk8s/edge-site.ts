/** A relocatable edge site on the hub: the image-based install of one preinstalled single-node host, in its own output folder. */
import type { Construct } from 'constructs';
import type { EdgeSitePlan, EdgeSiteProps } from '../edge';
import { checkEdgeSite } from './engine/lazy';
import { PlannedConstruct } from './planned-construct';

/**
 * Renders an edge site's objects for the hub into `edge-<name>/` of the output folder (one Argo CD
 * Application per site): Namespace (wave 0); Secrets, ConfigMaps, ClusterImageSet and BareMetalHost
 * (1); ImageClusterInstall and ClusterDeployment (2); the ManagedCluster when asked (3). A
 * ClusterImageSet that sites share goes to the hub's folder. Invalid props emit nothing and fail
 * synthesis with every problem listed.
 */
export class EdgeSite extends PlannedConstruct<EdgeSitePlan> {
  constructor(scope: Construct, id: string, props: EdgeSiteProps) {
    super(scope, id, checkEdgeSite(props));
  }
}
