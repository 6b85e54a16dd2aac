/**
 * The example management cluster of examples/clusters.ts (MCE with HyperShift, MetalLB,
 * OpenShift Virtualization, assisted-service, LVM Storage, OADP, control-plane node labels):
 *
 *   pulumi config set cluster management
 *   pulumi config set --secret managementKubeconfig "$(cat mgmt.kubeconfig)"   # optional
 *
 * Without `managementKubeconfig` the ambient kubeconfig is used.
 */
import * as pulumi from '@pulumi/pulumi';
import { EXAMPLE_MANAGEMENT_CLUSTER } from '../examples/clusters';
import { ManagementCluster } from '../lib/pulumi';
import { managementProvider } from './on-premises';

export function managementProgram(): Record<string, pulumi.Output<unknown>> {
  const management = new ManagementCluster('management', EXAMPLE_MANAGEMENT_CLUSTER, { provider: managementProvider() });
  return { multiClusterEngine: management.multiClusterEngine.urn, warnings: management.warnings };
}
