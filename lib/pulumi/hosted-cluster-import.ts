/**
 * A hosted cluster imported into ACM/MCE, with Pulumi: the same objects as the cdk8s
 * `HostedClusterImport`, on the management cluster (the hub) through the cluster's own provider.
 */
import type * as pulumi from '@pulumi/pulumi';
import type { HostedClusterImportPlan, HostedClusterImportProps } from '../management';
import { checkHostedClusterImport } from '../management';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedComponent } from './planned-component';

/** Type token of {@link HostedClusterImport}. */
export const HOSTED_CLUSTER_IMPORT_TYPE = 'hcp:index:HostedClusterImport';

/** The import's props and the hosted cluster it registers. */
export interface HostedClusterImportArgs extends HostedClusterImportProps {
  /** The hosted cluster: a `HostedClusterBundle` of this program (its management provider is the hub's). */
  readonly cluster: PlannedClusterRef;
}

/**
 * The ManagedCluster of a hosted cluster, which depends on the HostedCluster resource: `pulumi
 * destroy` deletes it first, as the documentation asks. It waits for the hub to accept the
 * cluster (`HubAcceptedManagedCluster`), which creates the namespace the ACM add-ons'
 * KlusterletAddonConfig goes into. Invalid args throw `HcpResourceError` before anything is registered.
 */
export class HostedClusterImport extends PlannedComponent<HostedClusterImportPlan> {
  constructor(name: string, args: HostedClusterImportArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, ...props } = args;
    // The hub is the cluster's management cluster: its objects go through that cluster's provider.
    super(HOSTED_CLUSTER_IMPORT_TYPE, name, checkHostedClusterImport(cluster.plan, props), opts, { managementProvider: cluster.managementProvider });
    this.registerOutputs({ warnings: this.warnings });
  }
}
