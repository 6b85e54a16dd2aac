/**
 * A Pulumi component for a relocatable edge site: the same objects as the cdk8s `EdgeSite`,
 * registered on the hub (the management cluster's provider; the GitOps output folder does not
 * apply). Waves become `dependsOn`; the ImageClusterInstall waits for `Completed`, which comes
 * only once the host at the site has been reconfigured.
 */
import type * as pulumi from '@pulumi/pulumi';
import type { EdgeSitePlan, EdgeSiteProps } from '../edge';
import { checkEdgeSite } from '../edge';
import { PlannedComponent } from './planned-component';

/** Type token of {@link EdgeSite}. */
export const EDGE_SITE_TYPE = 'hcp:index:EdgeSite';

/** An edge site on the hub. Invalid args throw {@link HcpResourceError} from the constructor, before anything is registered. */
export class EdgeSite extends PlannedComponent<EdgeSitePlan> {
  /** Every Kubernetes resource the component created, in apply order. */
  readonly resources: readonly pulumi.CustomResource[];

  constructor(name: string, args: EdgeSiteProps, opts?: pulumi.ComponentResourceOptions) {
    super(EDGE_SITE_TYPE, name, checkEdgeSite(args), opts);
    this.resources = this.phases.flatMap((phase) => phase.resources);
    this.registerOutputs({ warnings: this.warnings });
  }
}
